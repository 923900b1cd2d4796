import { useTranslate } from '@refinedev/core';
import { Alert, Button, Descriptions, Drawer, Form, Grid, Input, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { cashReceiptIssueRoute } from '#domain/api/receipt.ts';
import {
  type CashReceiptIdentifierType,
  type CashReceiptPurpose,
  cashReceiptIdentifierTypes,
  cashReceiptPurposes,
} from '#domain/enums.ts';
import { cashReceiptDeadline, checkReceiptIdentifier, splitVat } from '#domain/rules/money.ts';
import type { CashReceipt } from '#domain/schemas/receipt.ts';
import { useContractMutation } from '#src/kit/contract-hooks.ts';
import { errorText } from '#src/kit/error-text.ts';
import { showFieldErrors } from '#src/kit/form-errors.ts';
import { fieldErrorsOf } from '#src/providers/http-error.ts';
import { RadioChoices } from '../../forms/choice-groups.tsx';
import { formatWon } from '../customers/money.ts';
import { useCustomerPhone, usePhonePrefill } from './customer-phone.ts';
import { dotDate } from './receipt-api.ts';
import { TestModeTag } from './receipt-tags.tsx';
import './receipts.css';

type Values = {
  purpose: CashReceiptPurpose;
  selfIssue: boolean;
  identifierType: CashReceiptIdentifierType;
  identifier?: string;
};

/** The payment a receipt is for: the checkout, its cash and transfer part, who paid and when. */
export type ReceiptTarget = {
  checkoutId: number;
  /** The customer who paid: their phone fills the identifier in. */
  memberId?: number | null;
  cashPaid: number;
  memberName: string;
  /** The Seoul day of the payment. */
  paidOn: string;
};

/** The payment: who paid when, the amount split into supply and VAT, and the receipt's deadline. */
function CashReceiptPreview({ target }: { target: ReceiptTarget }) {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const won = (n: number) => formatWon(n, i18n.language);
  const { supply, vat } = splitVat(target.cashPaid);
  return (
    <>
      <Typography.Paragraph>
        {translate('receipts.issue.payment', { name: target.memberName, date: dotDate(target.paidOn) })}
      </Typography.Paragraph>
      <Descriptions size="small" column={1} bordered className="fd-rx-preview">
        <Descriptions.Item label={translate('receipts.issue.amount')}>
          <strong className="fd-rx-amount">{won(target.cashPaid)}</strong>
        </Descriptions.Item>
        <Descriptions.Item label={translate('receipts.issue.supply')}>
          <span className="fd-rx-amount">{won(supply)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={translate('receipts.issue.vat')}>
          <span className="fd-rx-amount">{won(vat)}</span>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary">
        {translate('receipts.issue.deadline', { date: dotDate(cashReceiptDeadline(target.paidOn)) })}
      </Typography.Paragraph>
    </>
  );
}

/** Self-issue, or the purpose, the identifier's type and the identifier (checked as the server checks it). */
function CashReceiptFields({
  selfIssue,
  identifierType,
}: {
  selfIssue: boolean;
  identifierType: CashReceiptIdentifierType;
}) {
  const translate = useTranslate();
  return (
    <>
      <Form.Item
        name="selfIssue"
        label={translate('receipts.issue.selfIssue')}
        valuePropName="checked"
        extra={translate('receipts.issue.selfIssueHelp')}
      >
        <Switch />
      </Form.Item>
      {!selfIssue && (
        <>
          <Form.Item name="purpose" label={translate('receipts.issue.purpose')} required>
            <RadioChoices
              optionType="button"
              options={cashReceiptPurposes.map((p) => ({
                value: p,
                label: translate(`receipts.purpose.${p}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="identifierType" label={translate('receipts.issue.identifierType')} required>
            <RadioChoices
              options={cashReceiptIdentifierTypes.map((type) => ({
                value: type,
                label: translate(`receipts.identifierType.${type}`),
              }))}
            />
          </Form.Item>
          <Form.Item
            name="identifier"
            label={translate('receipts.issue.identifier')}
            extra={translate(`receipts.issue.identifierHelp.${identifierType}`)}
            dependencies={['identifierType']}
            rules={[
              { required: true, message: translate('validation.required') },
              ({ getFieldValue }) => ({
                validator: (_, value: string | undefined) => {
                  if (!value) return Promise.resolve();
                  const checked = checkReceiptIdentifier(getFieldValue('identifierType'), value);
                  return checked.ok
                    ? Promise.resolve()
                    : Promise.reject(new Error(translate(`receipts.shape.${checked.reason}`)));
                },
              }),
            ]}
          >
            <Input
              inputMode="numeric"
              autoComplete="off"
              maxLength={24}
              placeholder={identifierType === 'BUSINESS' ? '123-45-67890' : undefined}
            />
          </Form.Item>
        </>
      )}
    </>
  );
}

/**
 * Issuing a cash receipt (docs/rules.md#cash-receipts): the purpose, the identifier (a mobile number, a
 * cash-receipt card or a business number, checked by the same rule as the server's) or self-issue to
 * 010-000-1234; the amount is the payment's cash and transfer part, split into supply and VAT. The desk opens it
 * right after a payment; the receipt page from its list.
 */
export function CashReceiptDrawer({
  gymId,
  target,
  testMode,
  onClose,
  onIssued,
}: {
  gymId: number;
  target: ReceiptTarget;
  testMode: boolean;
  onClose: () => void;
  onIssued: (receipt: CashReceipt) => void;
}) {
  const translate = useTranslate();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<Values>();
  const selfIssue = Form.useWatch('selfIssue', form) ?? false;
  const identifierType = Form.useWatch('identifierType', form) ?? 'PHONE';
  usePhonePrefill(form, useCustomerPhone(gymId, target.memberId));

  const issue = useContractMutation(cashReceiptIssueRoute, {
    input: (values: Values) => ({
      body: {
        gymId,
        checkoutId: target.checkoutId,
        purpose: values.purpose,
        identifierType: values.identifierType,
        ...(values.selfIssue ? { selfIssue: true } : { identifier: values.identifier ?? '' }),
      },
    }),
    meta: { silent: true },
    onSuccess: onIssued,
    onError: (error) => showFieldErrors(form, error),
  });

  return (
    <Drawer
      open
      onClose={onClose}
      width={screens.md ? 480 : '100%'}
      rootClassName="fd-rx-overlay"
      title={
        <Space wrap>
          {translate('receipts.issue.title')}
          {testMode && <TestModeTag />}
        </Space>
      }
      destroyOnHidden
      footer={
        <Space style={{ justifyContent: 'flex-end', width: '100%' }} wrap>
          <Button onClick={onClose}>{translate('receipts.issue.cancel')}</Button>
          <Button type="primary" loading={issue.isPending} onClick={() => form.submit()}>
            {translate('receipts.issue.submit')}
          </Button>
        </Space>
      }
    >
      <CashReceiptPreview target={target} />
      {issue.isError && fieldErrorsOf(issue.error).length === 0 && (
        <Alert type="error" showIcon role="alert" message={errorText(issue.error, translate)} />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark
        initialValues={{ purpose: 'INCOME_DEDUCTION', selfIssue: false, identifierType: 'PHONE' }}
        onFinish={(values) => issue.mutate(values)}
        onValuesChange={(changed: Partial<Values>) => {
          // A business number goes with expense proof, a phone or card with income deduction.
          if (changed.identifierType === 'BUSINESS') form.setFieldValue('purpose', 'EXPENSE_PROOF');
          else if (changed.identifierType) form.setFieldValue('purpose', 'INCOME_DEDUCTION');
        }}
      >
        <CashReceiptFields selfIssue={selfIssue} identifierType={identifierType} />
      </Form>
    </Drawer>
  );
}
