import { PlusOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { taxInvoiceCancelRoute, taxInvoiceListRoute } from '#domain/api/receipt.ts';
import type { ReceiptSettings, TaxInvoice } from '#domain/schemas/receipt.ts';
import { EmptyText } from '#src/components/empty-text.tsx';
import { usePhoneTable } from '#src/components/phone-table.ts';
import { api } from '#src/providers/instances.ts';
import { formatWon } from '../customers/money.ts';
import { CancelReceiptModal } from './cancel-modal.tsx';
import { dateTime, dotDate, errorText, monthRange, receiptKeys, useRefreshReceipts } from './receipt-api.ts';
import { TestModeTag, ToneTag } from './receipt-tags.tsx';
import { TaxInvoiceDrawer } from './tax-invoice-drawer.tsx';

const PAGE_SIZE = 50;

/** The month's tax invoices (docs/rules.md#tax-invoices): issue one for a customer's sale, cancel with a reason. */
export function TaxInvoicesTab({
  gymId,
  month,
  canChange,
  settings,
}: {
  gymId: number;
  month: string;
  canChange: boolean;
  settings: ReceiptSettings | undefined;
}) {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const { message } = App.useApp();
  const refresh = useRefreshReceipts();
  const won = (n: number) => formatWon(n, i18n.language);
  const [page, setPage] = useState(1);
  const [issuing, setIssuing] = useState(false);
  const [cancelling, setCancelling] = useState<TaxInvoice | null>(null);
  const query = { ...monthRange(month), _start: (page - 1) * PAGE_SIZE, _end: page * PAGE_SIZE };
  const list = useQuery({
    queryKey: receiptKeys.invoices(gymId, query),
    queryFn: () => api.list(taxInvoiceListRoute, { query: { gymId, ...query } }),
    enabled: gymId > 0,
    placeholderData: (previous) => previous,
    meta: { silent: true },
  });

  const columns: ColumnsType<TaxInvoice> = [
    {
      key: 'issuedAt',
      title: translate('receipts.tax.issuedAt'),
      className: 'fd-nowrap',
      render: (_, r) => (
        <>
          {dateTime(r.issuedAt)}
          <span className="fd-rx-sub">
            {translate('receipts.tax.supplyDate')} {dotDate(r.supplyDate)}
          </span>
        </>
      ),
    },
    {
      key: 'buyer',
      title: translate('receipts.tax.buyer'),
      className: 'fd-nowrap',
      render: (_, r) => (
        <>
          {r.buyerName}
          <span className="fd-rx-sub">
            {r.buyerBusinessNumber} · {r.memberName}
          </span>
        </>
      ),
    },
    { key: 'item', title: translate('receipts.tax.item'), dataIndex: 'itemName' },
    {
      key: 'total',
      title: translate('receipts.tax.total'),
      className: 'fd-nowrap',
      align: 'right',
      render: (_, r) => (
        <>
          <span className="fd-rx-amount">{won(r.total)}</span>
          <span className="fd-rx-sub">
            {won(r.supply)} + {won(r.vat)}
          </span>
        </>
      ),
    },
    {
      key: 'status',
      title: translate('receipts.tax.status'),
      className: 'fd-nowrap',
      render: (_, r) => (
        <>
          <ToneTag tone={r.status === 'ISSUED' ? 'success' : 'neutral'}>
            {translate(`receipts.status.${r.status}`)}
          </ToneTag>
          {r.testMode && <TestModeTag />}
          <span className="fd-rx-sub">{r.approvalNumber}</span>
          {r.cancelReason && <span className="fd-rx-sub">{r.cancelReason}</span>}
        </>
      ),
    },
    ...(canChange
      ? [
          {
            key: 'actions',
            title: translate('receipts.tax.actions'),
            className: 'fd-nowrap',
            render: (_: unknown, r: TaxInvoice) =>
              r.status === 'ISSUED' ? (
                <Button
                  size="small"
                  danger
                  onClick={() => setCancelling(r)}
                  aria-label={translate('receipts.tax.cancelOf', { number: r.approvalNumber })}
                >
                  {translate('receipts.cash.cancel')}
                </Button>
              ) : null,
          },
        ]
      : []),
  ];

  const phone = usePhoneTable(columns, { name: 'buyer', figure: 'total' }, { x: 'max-content' });
  return (
    <div className="fd-members-page">
      <Typography.Paragraph type="secondary">{translate('receipts.tax.intro')}</Typography.Paragraph>
      {canChange && (
        <div className="fd-rx-toolbar">
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setIssuing(true)}>
            {translate('receipts.tax.new')}
          </Button>
        </div>
      )}
      {list.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={translate('receipts.tax.loadFailed')}
          description={errorText(list.error, translate)}
          action={<Button onClick={() => void list.refetch()}>{translate('receipts.retry')}</Button>}
        />
      )}
      <Table<TaxInvoice>
        rowKey="id"
        size="middle"
        columns={phone.columns}
        dataSource={list.data?.data ?? []}
        loading={list.isFetching}
        scroll={phone.scroll}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
          showSizeChanger: false,
        }}
        locale={{ emptyText: <EmptyText>{translate('receipts.tax.empty')}</EmptyText> }}
      />
      {issuing && (
        <TaxInvoiceDrawer
          gymId={gymId}
          settings={settings}
          onClose={() => setIssuing(false)}
          onIssued={(invoice) => {
            setIssuing(false);
            refresh();
            message.success(translate('receipts.invoice.done', { number: invoice.approvalNumber }));
          }}
        />
      )}
      {cancelling && (
        <CancelReceiptModal
          summary={{ number: cancelling.approvalNumber, amount: won(cancelling.total) }}
          cancel={(reason) =>
            api.call(taxInvoiceCancelRoute, { params: { id: cancelling.id }, body: { gymId, reason } })
          }
          onClose={() => setCancelling(null)}
          onCancelled={() => {
            setCancelling(null);
            refresh();
            message.success(translate('receipts.cancel.done'));
          }}
        />
      )}
    </div>
  );
}
