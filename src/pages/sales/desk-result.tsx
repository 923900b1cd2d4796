import { FileTextOutlined, PlusOutlined, PrinterOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Checkbox, Form, Input, Result, Skeleton, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cashReceiptIssueRoute } from '#domain/api/receipt.ts';
import { checkoutGetRoute } from '#domain/api/sales.ts';
import {
  type CashReceiptIdentifierType,
  type CashReceiptPurpose,
  cashReceiptIdentifierTypes,
  cashReceiptPurposes,
} from '#domain/enums.ts';
import { checkReceiptIdentifier } from '#domain/rules/money.ts';
import type { CheckoutResult, CheckoutSale } from '#domain/schemas/desk.ts';
import { api } from '#src/providers/instances.ts';
import { RadioChoices } from '../../forms/choice-groups.tsx';
import { showFieldErrors } from '../lockers/locker-api.ts';
import { useCustomerPhone, usePhonePrefill } from '../receipts/customer-phone.ts';
import { errorText } from './ledger-shared.tsx';

// After a desk sale (docs/rules.md#the-desk, #cash-receipts): what was sold and what is owed, the slip (a PDF in a
// new tab), and the cash receipt — offered up front when one is mandatory (100,000 won or more in cash or by
// transfer), on request otherwise.

export const deskKeys = {
  all: ['desk'] as const,
  catalog: (gymId: number) => ['desk', 'catalog', gymId] as const,
  usage: (gymId: number, memberId: number) => ['desk', 'usage', gymId, memberId] as const,
  checkout: (gymId: number, id: number) => ['desk', 'checkout', gymId, id] as const,
};

/** The slip's address: the server renders it in the page's language. */
export const slipUrl = (gymId: number, checkoutId: number, language: string) =>
  `/web/sales/checkout/${checkoutId}/slip.pdf?gymId=${gymId}&lang=${language.startsWith('ko') ? 'ko' : 'en'}`;

export function DeskResult({
  gymId,
  result,
  canSell,
  onNewSale,
  won,
}: {
  gymId: number;
  result: CheckoutResult;
  canSell: boolean;
  onNewSale: () => void;
  won: (n: number) => string;
}) {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const [receiptOpen, setReceiptOpen] = useState(result.cashReceiptDue);
  const detail = useQuery({
    queryKey: deskKeys.checkout(gymId, result.checkoutId),
    queryFn: () => api.call(checkoutGetRoute, { params: { id: result.checkoutId }, query: { gymId } }),
  });
  const data = detail.data;
  const issued = data?.cashReceipt?.status === 'ISSUED' ? data.cashReceipt : null;
  const columns = [
    { key: 'item', title: translate('sales.desk.result.item'), dataIndex: 'itemName' },
    {
      key: 'discount',
      title: translate('sales.desk.items.discount'),
      className: 'fd-desk-num',
      responsive: ['sm' as const],
      render: (_: unknown, s: CheckoutSale) =>
        s.discount > 0 ? (
          <>
            −{won(s.discount)}
            {s.promotionName && <div className="fd-desk-sub">{s.promotionName}</div>}
          </>
        ) : (
          '-'
        ),
    },
    {
      key: 'price',
      title: translate('sales.desk.items.price'),
      className: 'fd-desk-num',
      render: (_: unknown, s: CheckoutSale) => won(s.price),
    },
    {
      key: 'owed',
      title: translate('sales.desk.payment.owed'),
      className: 'fd-desk-num',
      render: (_: unknown, s: CheckoutSale) => (s.owed > 0 ? won(s.owed) : '-'),
    },
  ];
  return (
    <div className="fd-desk-result">
      <Result
        status="success"
        title={translate('sales.desk.result.title')}
        subTitle={translate('sales.desk.result.subtitle', {
          id: result.checkoutId,
          customer: data?.customer.name ?? '',
        })}
        extra={[
          <Button
            key="slip"
            type="primary"
            icon={<PrinterOutlined aria-hidden />}
            href={slipUrl(gymId, result.checkoutId, i18n.language)}
            target="_blank"
            rel="noopener"
            aria-label={translate('sales.desk.result.slipLabel', { id: result.checkoutId })}
          >
            {translate('sales.desk.result.slip')}
          </Button>,
          result.cashPaid > 0 && !issued && !receiptOpen && canSell && (
            <Button
              key="receipt"
              icon={<FileTextOutlined aria-hidden />}
              onClick={() => setReceiptOpen(true)}
            >
              {translate('sales.desk.result.issueReceipt')}
            </Button>
          ),
          <Button key="new" icon={<PlusOutlined aria-hidden />} onClick={onNewSale}>
            {translate('sales.desk.result.newSale')}
          </Button>,
        ].filter(Boolean)}
      />
      <Alert
        role="status"
        type={result.owed > 0 ? 'warning' : 'success'}
        showIcon
        message={
          result.owed > 0
            ? translate('sales.desk.result.owed', { amount: won(result.owed) })
            : translate('sales.desk.result.paidInFull')
        }
      />
      <Card size="small" title={`#${result.checkoutId}`}>
        {detail.isLoading ? (
          <Skeleton active aria-label={translate('sales.desk.result.loading')} />
        ) : detail.isError ? (
          <Alert type="error" message={errorText(detail.error, translate)} />
        ) : (
          <Table<CheckoutSale>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={data?.sales ?? []}
            columns={columns}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>{translate('sales.desk.payment.total')}</Table.Summary.Cell>
                <Table.Summary.Cell index={1} />
                <Table.Summary.Cell index={2} className="fd-desk-num">
                  {won(result.total)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} className="fd-desk-num">
                  {won(result.owed)}
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          />
        )}
      </Card>
      {issued && (
        <Alert
          type="success"
          showIcon
          message={translate('sales.desk.receipt.issued', { number: issued.approvalNumber })}
        />
      )}
      {!issued && receiptOpen && result.cashPaid > 0 && canSell && (
        <DeskReceiptForm
          gymId={gymId}
          checkoutId={result.checkoutId}
          memberId={data?.customer.id ?? null}
          cashPaid={result.cashPaid}
          due={result.cashReceiptDue}
          won={won}
        />
      )}
    </div>
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
  const issue = useMutation({
    meta: { silent: true },
    mutationFn: (v: ReceiptValues) =>
      api.call(cashReceiptIssueRoute, {
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
        {!selfIssue && (
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
        )}
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
