import { useTranslate } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Checkbox, Form, Input, Space, Tag } from 'antd';
import { cashReceiptIssueRoute } from '#domain/api/receipt.ts';
import {
  type CashReceiptIdentifierType,
  type CashReceiptPurpose,
  cashReceiptIdentifierTypes,
  cashReceiptPurposes,
} from '#domain/enums.ts';
import { checkReceiptIdentifier } from '#domain/rules/money.ts';
import { useContractMutation } from '#src/kit/contract-hooks.ts';
import { errorText } from '#src/kit/error-text.ts';
import { showFieldErrors } from '#src/kit/form-errors.ts';
import { RadioChoices } from '../../forms/choice-groups.tsx';
import { useCustomerPhone, usePhonePrefill } from '../receipts/customer-phone.ts';
import { deskKeys } from './desk-api.ts';

/** The identifier's type and number, checked with `checkReceiptIdentifier` (the server's own rule). */
function ReceiptIdentifierFields() {
  const translate = useTranslate();
  return (
    <>
      <Form.Item
        name="identifierType"
        label={translate('sales.desk.receipt.identifierType')}
        rules={[{ required: true }]}
      >
        <RadioChoices
          options={cashReceiptIdentifierTypes.map((p) => ({
            value: p,
            label: translate(`sales.desk.receipt.identifierTypes.${p}`),
          }))}
        />
      </Form.Item>
      <Form.Item
        name="identifier"
        label={translate('sales.desk.receipt.identifier')}
        dependencies={['identifierType']}
        rules={[
          {
            required: true,
            whitespace: true,
            message: translate('sales.desk.receipt.identifierRequired'),
          },
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) => {
              if (!value?.trim()) return Promise.resolve();
              const check = checkReceiptIdentifier(getFieldValue('identifierType'), value);
              return check.ok
                ? Promise.resolve()
                : Promise.reject(new Error(translate(`sales.desk.receipt.shapes.${check.reason}`)));
            },
          }),
        ]}
      >
        <Input inputMode="numeric" autoComplete="off" maxLength={30} />
      </Form.Item>
    </>
  );
}

type ReceiptValues = {
  purpose: CashReceiptPurpose;
  identifierType: CashReceiptIdentifierType;
  identifier?: string;
  selfIssue: boolean;
};

/**
 * The cash receipt form (docs/rules.md#cash-receipts): the purpose, the identifier's type and number (checked with
 * `checkReceiptIdentifier`, the server's own rule), or self-issued to 010-000-1234 when the customer gave none.
 */
export function DeskReceiptForm({
  gymId,
  checkoutId,
  memberId = null,
  cashPaid,
  due,
  won,
}: {
  gymId: number;
  checkoutId: number;
  /** The customer who paid: their phone fills the identifier in (src/pages/receipts/customer-phone.ts). */
  memberId?: number | null;
  cashPaid: number;
  due: boolean;
  won: (n: number) => string;
}) {
  const translate = useTranslate();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<ReceiptValues>();
  const selfIssue = Form.useWatch('selfIssue', form) ?? false;
  usePhonePrefill(form, useCustomerPhone(gymId, memberId));
  const issue = useContractMutation(cashReceiptIssueRoute, {
    meta: { silent: true },
    input: (v: ReceiptValues) => ({
      body: {
        gymId,
        checkoutId,
        purpose: v.purpose,
        identifierType: v.selfIssue ? 'PHONE' : v.identifierType,
        ...(v.selfIssue ? { selfIssue: true } : { identifier: (v.identifier ?? '').trim() }),
      },
    }),
    onSuccess: (receipt) => {
      message.success(translate('sales.desk.receipt.issued', { number: receipt.approvalNumber }));
      void client.invalidateQueries({ queryKey: deskKeys.checkout(gymId, checkoutId) });
      void client.invalidateQueries({ queryKey: ['receipts'] });
    },
    onError: (error) => showFieldErrors(form, error),
  });
  return (
    <Card size="small" title={translate('sales.desk.receipt.title')} className="fd-desk-receipt">
      <Alert
        type={due ? 'warning' : 'info'}
        showIcon
        message={translate(due ? 'sales.desk.receipt.due' : 'sales.desk.receipt.optional', {
          amount: won(cashPaid),
        })}
      />
      {issue.isError && (
        <Alert type="error" role="alert" showIcon message={errorText(issue.error, translate)} />
      )}
      <Form<ReceiptValues>
        form={form}
        name="desk-receipt"
        layout="vertical"
        requiredMark
        initialValues={{ purpose: 'INCOME_DEDUCTION', identifierType: 'PHONE', selfIssue: false }}
        onFinish={(v) => issue.mutate(v)}
      >
        <Form.Item
          name="purpose"
          label={translate('sales.desk.receipt.purpose')}
          rules={[{ required: true }]}
        >
          <RadioChoices
            options={cashReceiptPurposes.map((p) => ({
              value: p,
              label: translate(`sales.desk.receipt.purposes.${p}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="selfIssue" valuePropName="checked">
          <Checkbox>{translate('sales.desk.receipt.selfIssue')}</Checkbox>
        </Form.Item>
        {!selfIssue && <ReceiptIdentifierFields />}
        <Space>
          <Button type="primary" htmlType="submit" loading={issue.isPending}>
            {translate('sales.desk.receipt.submit')}
          </Button>
          {selfIssue && <Tag>010-000-1234</Tag>}
        </Space>
      </Form>
    </Card>
  );
}
