import { useTranslate } from '@refinedev/core';
import { Button, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { CashReceiptDueRow } from '#domain/schemas/receipt.ts';
import { formatWon } from '../customers/money.ts';
import { dateTime, dotDate } from './receipt-api.ts';
import { type TagTone, TestModeTag, ToneTag } from './receipt-tags.tsx';

const stateTone: Record<CashReceiptDueRow['state'], TagTone> = {
  DUE: 'warning',
  OVERDUE: 'danger',
  ISSUED: 'success',
  INVOICED: 'info',
  OPTIONAL: 'neutral',
};

/** A row's action: cancel an issued receipt, or issue one (not when a tax invoice covers the payment). */
function CashReceiptActions({
  row: r,
  onIssue,
  onCancel,
}: {
  row: CashReceiptDueRow;
  onIssue: (row: CashReceiptDueRow) => void;
  onCancel: (row: CashReceiptDueRow) => void;
}) {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const won = (n: number) => formatWon(n, i18n.language);
  return r.receipt ? (
    <Button
      size="small"
      danger
      onClick={() => onCancel(r)}
      aria-label={translate('receipts.cash.cancelOf', { number: r.receipt.approvalNumber })}
    >
      {translate('receipts.cash.cancel')}
    </Button>
  ) : r.taxInvoiceApprovalNumber ? (
    <Tooltip title={translate('receipts.cash.invoicedHelp', { number: r.taxInvoiceApprovalNumber })}>
      <Button size="small" disabled>
        {translate('receipts.cash.issue')}
      </Button>
    </Tooltip>
  ) : (
    <Button
      size="small"
      type={r.cashReceiptRequired ? 'primary' : 'default'}
      onClick={() => onIssue(r)}
      aria-label={translate('receipts.cash.issueOf', {
        name: r.memberName,
        amount: won(r.cashPaid),
      })}
    >
      {translate('receipts.cash.issue')}
    </Button>
  );
}

/** The cash receipts tab's columns; staff who may change receipts issue or cancel from a row. */
export const useCashReceiptColumns = ({
  canChange,
  onIssue,
  onCancel,
}: {
  canChange: boolean;
  onIssue: (row: CashReceiptDueRow) => void;
  onCancel: (row: CashReceiptDueRow) => void;
}): ColumnsType<CashReceiptDueRow> => {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const won = (n: number) => formatWon(n, i18n.language);
  return [
    {
      key: 'paidAt',
      title: translate('receipts.cash.paidAt'),
      className: 'fd-nowrap',
      render: (_, r) => (
        <>
          {dateTime(r.createdAt)}
          <span className="fd-rx-sub">{translate(`receipts.cash.kind.${r.kind}`)}</span>
        </>
      ),
    },
    {
      key: 'customer',
      title: translate('receipts.cash.customer'),
      className: 'fd-nowrap',
      render: (_, r) => (
        <>
          {r.memberName}
          {r.memberPhone && <span className="fd-rx-sub">{r.memberPhone}</span>}
        </>
      ),
    },
    {
      key: 'cashPaid',
      title: translate('receipts.cash.cashPaid'),
      className: 'fd-nowrap',
      align: 'right',
      render: (_, r) => (
        <>
          <span className="fd-rx-amount">{won(r.cashPaid)}</span>
          {r.cashReceiptRequired && (
            <span className="fd-rx-sub">
              <ToneTag tone="info">{translate('receipts.cash.mandatory')}</ToneTag>
            </span>
          )}
        </>
      ),
    },
    {
      key: 'deadline',
      title: translate('receipts.cash.deadline'),
      className: 'fd-nowrap',
      render: (_, r) => (
        <>
          <ToneTag tone={stateTone[r.state]}>{translate(`receipts.cash.state.${r.state}`)}</ToneTag>
          {r.cashReceiptRequired && (r.state === 'DUE' || r.state === 'OVERDUE') && (
            <span className="fd-rx-sub">{dotDate(r.cashReceiptDeadline)}</span>
          )}
        </>
      ),
    },
    {
      key: 'receipt',
      title: translate('receipts.cash.receipt'),
      className: 'fd-nowrap',
      render: (_, r) =>
        r.receipt ? (
          <>
            <span>{r.receipt.approvalNumber}</span>
            <span className="fd-rx-sub">
              {translate(`receipts.purpose.${r.receipt.purpose}`)} · {r.receipt.identifierMasked}
              {r.receipt.selfIssued && ` · ${translate('receipts.cash.selfIssued')}`}
            </span>
            {r.receipt.testMode && <TestModeTag />}
          </>
        ) : r.taxInvoiceApprovalNumber ? (
          // One proof per supply: a tax invoice covers this payment (docs/rules.md#cash-receipts).
          <>
            <span>{r.taxInvoiceApprovalNumber}</span>
            <span className="fd-rx-sub">{translate('receipts.cash.coveredByInvoice')}</span>
          </>
        ) : (
          '—'
        ),
    },
    ...(canChange
      ? [
          {
            key: 'actions',
            title: translate('receipts.cash.actions'),
            className: 'fd-nowrap',
            render: (_: unknown, r: CashReceiptDueRow) => (
              <CashReceiptActions row={r} onIssue={onIssue} onCancel={onCancel} />
            ),
          },
        ]
      : []),
  ];
};
