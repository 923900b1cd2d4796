import { useTranslate } from '@refinedev/core';
import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { TaxInvoice } from '#domain/schemas/receipt.ts';
import { formatWon } from '../customers/money.ts';
import { dateTime, dotDate } from './receipt-api.ts';
import { TestModeTag, ToneTag } from './receipt-tags.tsx';

/** The tax invoices tab's columns; staff who may change receipts cancel an issued invoice from its row. */
export const useTaxInvoiceColumns = ({
  canChange,
  onCancel,
}: {
  canChange: boolean;
  onCancel: (invoice: TaxInvoice) => void;
}): ColumnsType<TaxInvoice> => {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const won = (n: number) => formatWon(n, i18n.language);
  return [
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
                  onClick={() => onCancel(r)}
                  aria-label={translate('receipts.tax.cancelOf', { number: r.approvalNumber })}
                >
                  {translate('receipts.cash.cancel')}
                </Button>
              ) : null,
          },
        ]
      : []),
  ];
};
