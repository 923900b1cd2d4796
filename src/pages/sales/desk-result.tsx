import { FileTextOutlined, PlusOutlined, PrinterOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Alert, Button, Card, Result, Skeleton, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkoutGetRoute } from '#domain/api/sales.ts';
import type { CheckoutResult, CheckoutSale } from '#domain/schemas/desk.ts';
import { useContract } from '#src/kit/contract-hooks.ts';
import { errorText } from '#src/kit/error-text.ts';
import { deskKeys } from './desk-api.ts';
import { DeskReceiptForm } from './desk-receipt-form.tsx';

// After a desk sale (docs/rules.md#the-desk, #cash-receipts): what was sold and what is owed, the slip (a PDF in a
// new tab), and the cash receipt — offered up front when one is mandatory (100,000 won or more in cash or by
// transfer), on request otherwise.

/** The slip's address: the server renders it in the page's language. */
export const slipUrl = (gymId: number, checkoutId: number, language: string) =>
  `/web/sales/checkout/${checkoutId}/slip.pdf?gymId=${gymId}&lang=${language.startsWith('ko') ? 'ko' : 'en'}`;

/** The checkout as the server recorded it: the customer, the sales and any cash receipt. */
const useCheckout = (gymId: number, checkoutId: number) =>
  useContract(
    checkoutGetRoute,
    { params: { id: checkoutId }, query: { gymId } },
    { queryKey: deskKeys.checkout(gymId, checkoutId) },
  );

/** The checkout's sales with their discounts, prices and balances, and the totals row. */
function CheckoutCard({
  result,
  detail,
  won,
}: {
  result: CheckoutResult;
  detail: ReturnType<typeof useCheckout>;
  won: (n: number) => string;
}) {
  const translate = useTranslate();
  const data = detail.data;
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
  );
}

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
  const detail = useCheckout(gymId, result.checkoutId);
  const data = detail.data;
  const issued = data?.cashReceipt?.status === 'ISSUED' ? data.cashReceipt : null;
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
      <CheckoutCard result={result} detail={detail} won={won} />
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
