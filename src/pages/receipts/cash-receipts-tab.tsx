import { useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Segmented, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cashReceiptCancelRoute, cashReceiptDueRoute } from '#domain/api/receipt.ts';
import type { CashReceiptDueRow } from '#domain/schemas/receipt.ts';
import { EmptyText } from '#src/components/empty-text.tsx';
import { usePhoneTable } from '#src/components/phone-table.ts';
import { api } from '#src/providers/instances.ts';
import { formatWon } from '../customers/money.ts';
import { CancelReceiptModal } from './cancel-modal.tsx';
import { CashReceiptDrawer } from './cash-receipt-drawer.tsx';
import { dateTime, dotDate, errorText, monthRange, receiptKeys, useRefreshReceipts } from './receipt-api.ts';
import { type TagTone, TestModeTag, ToneTag } from './receipt-tags.tsx';

const PAGE_SIZE = 50;
type View = 'DUE' | 'OVERDUE' | 'ISSUED' | 'ALL';

const stateTone: Record<CashReceiptDueRow['state'], TagTone> = {
  DUE: 'warning',
  OVERDUE: 'danger',
  ISSUED: 'success',
  INVOICED: 'info',
  OPTIONAL: 'neutral',
};

/**
 * The payments that took cash or transfer (docs/rules.md#cash-receipts): the mandatory ones (100,000 won or more)
 * flagged with their 5-day deadline and OVERDUE past it, the issued ones with their receipt; issue from a row,
 * cancel an issued one with a reason. "Due" shows every unissued mandatory one whatever the month.
 */
export function CashReceiptsTab({
  gymId,
  month,
  canChange,
  testMode,
}: {
  gymId: number;
  month: string;
  canChange: boolean;
  testMode: boolean;
}) {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const { message } = App.useApp();
  const refresh = useRefreshReceipts();
  const won = (n: number) => formatWon(n, i18n.language);
  const [view, setView] = useState<View>('DUE');
  const [page, setPage] = useState(1);
  const [issuing, setIssuing] = useState<CashReceiptDueRow | null>(null);
  const [cancelling, setCancelling] = useState<CashReceiptDueRow | null>(null);
  // What is due is due whatever the month: the month narrows the other views.
  const range = view === 'DUE' || view === 'OVERDUE' ? {} : monthRange(month);
  const query = { state: view, ...range, _start: (page - 1) * PAGE_SIZE, _end: page * PAGE_SIZE };
  const list = useQuery({
    queryKey: receiptKeys.due(gymId, query),
    queryFn: () => api.list(cashReceiptDueRoute, { query: { gymId, ...query } }),
    enabled: gymId > 0,
    placeholderData: (previous) => previous,
    meta: { silent: true },
  });
  const overdue = (list.data?.data ?? []).filter((r) => r.state === 'OVERDUE').length;

  const columns: ColumnsType<CashReceiptDueRow> = [
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
            render: (_: unknown, r: CashReceiptDueRow) =>
              r.receipt ? (
                <Button
                  size="small"
                  danger
                  onClick={() => setCancelling(r)}
                  aria-label={translate('receipts.cash.cancelOf', { number: r.receipt.approvalNumber })}
                >
                  {translate('receipts.cash.cancel')}
                </Button>
              ) : r.taxInvoiceApprovalNumber ? (
                <Tooltip
                  title={translate('receipts.cash.invoicedHelp', { number: r.taxInvoiceApprovalNumber })}
                >
                  <Button size="small" disabled>
                    {translate('receipts.cash.issue')}
                  </Button>
                </Tooltip>
              ) : (
                <Button
                  size="small"
                  type={r.cashReceiptRequired ? 'primary' : 'default'}
                  onClick={() => setIssuing(r)}
                  aria-label={translate('receipts.cash.issueOf', {
                    name: r.memberName,
                    amount: won(r.cashPaid),
                  })}
                >
                  {translate('receipts.cash.issue')}
                </Button>
              ),
          },
        ]
      : []),
  ];

  const phone = usePhoneTable(columns, { name: 'customer', figure: 'cashPaid' }, { x: 'max-content' });
  return (
    <div className="fd-members-page">
      <Typography.Paragraph type="secondary">{translate('receipts.cash.intro')}</Typography.Paragraph>
      <div className="fd-rx-scroll">
        <Segmented<View>
          aria-label={translate('receipts.cash.filter')}
          value={view}
          onChange={(value) => {
            setView(value);
            setPage(1);
          }}
          options={(['DUE', 'OVERDUE', 'ISSUED', 'ALL'] as const).map((v) => ({
            value: v,
            label: translate(`receipts.cash.state.${v}`),
          }))}
        />
      </div>
      {overdue > 0 && view !== 'ISSUED' && (
        <Alert
          type="warning"
          showIcon
          message={translate('receipts.cash.overdueCount', { count: overdue })}
        />
      )}
      {list.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={translate('receipts.cash.loadFailed')}
          description={errorText(list.error, translate)}
          action={<Button onClick={() => void list.refetch()}>{translate('receipts.retry')}</Button>}
        />
      )}
      <Table<CashReceiptDueRow>
        rowKey="checkoutId"
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
        locale={{
          emptyText: (
            <EmptyText>
              {translate(
                view === 'DUE' || view === 'OVERDUE' ? 'receipts.cash.emptyDue' : 'receipts.cash.empty',
              )}
            </EmptyText>
          ),
        }}
      />
      {issuing && (
        <CashReceiptDrawer
          gymId={gymId}
          testMode={testMode}
          target={{
            checkoutId: issuing.checkoutId,
            memberId: issuing.memberId,
            cashPaid: issuing.cashPaid,
            memberName: issuing.memberName,
            paidOn: issuing.paidOn,
          }}
          onClose={() => setIssuing(null)}
          onIssued={(receipt) => {
            setIssuing(null);
            refresh();
            message.success(
              translate(receipt.testMode ? 'receipts.issue.doneTest' : 'receipts.issue.done', {
                number: receipt.approvalNumber,
              }),
            );
          }}
        />
      )}
      {cancelling?.receipt && (
        <CancelReceiptModal
          summary={{ number: cancelling.receipt.approvalNumber, amount: won(cancelling.receipt.amount) }}
          cancel={(reason) =>
            api.call(cashReceiptCancelRoute, {
              params: { id: cancelling.receipt!.id },
              body: { gymId, reason },
            })
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
