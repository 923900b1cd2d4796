import { useTranslate } from '@refinedev/core';
import { Alert, App, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cashReceiptCancelRoute, cashReceiptDueRoute } from '#domain/api/receipt.ts';
import type { CashReceiptDueRow } from '#domain/schemas/receipt.ts';
import { usePhoneTable } from '#src/components/phone-table.ts';
import { useContractList } from '#src/kit/contract-hooks.ts';
import { QueryTable } from '#src/kit/query-table.tsx';
import { api } from '#src/providers/instances.ts';
import { formatWon } from '../customers/money.ts';
import { CancelReceiptModal } from './cancel-modal.tsx';
import { useCashReceiptColumns } from './cash-receipt-columns.tsx';
import { CashReceiptDrawer, type ReceiptTarget } from './cash-receipt-drawer.tsx';
import { monthRange, receiptKeys, useRefreshReceipts } from './receipt-api.ts';

const PAGE_SIZE = 50;
type View = 'DUE' | 'OVERDUE' | 'ISSUED' | 'ALL';

/** The payment a row's receipt is for. */
const targetOf = (row: CashReceiptDueRow): ReceiptTarget => ({
  checkoutId: row.checkoutId,
  memberId: row.memberId,
  cashPaid: row.cashPaid,
  memberName: row.memberName,
  paidOn: row.paidOn,
});

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
  const list = useContractList(
    cashReceiptDueRoute,
    { query: { gymId, ...query } },
    {
      queryKey: receiptKeys.due(gymId, query),
      enabled: gymId > 0,
      placeholderData: (previous) => previous,
      meta: { silent: true },
    },
  );
  const overdue = (list.data?.data ?? []).filter((r) => r.state === 'OVERDUE').length;
  const columns = useCashReceiptColumns({ canChange, onIssue: setIssuing, onCancel: setCancelling });
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
      <QueryTable<CashReceiptDueRow>
        query={list}
        translate={translate}
        loadFailedKey="receipts.cash.loadFailed"
        retryKey="receipts.retry"
        rowKey="checkoutId"
        columns={phone.columns}
        scroll={phone.scroll}
        showSizeChanger={false}
        currentPage={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        emptyText={translate(
          view === 'DUE' || view === 'OVERDUE' ? 'receipts.cash.emptyDue' : 'receipts.cash.empty',
        )}
      />
      {issuing && (
        <CashReceiptDrawer
          gymId={gymId}
          testMode={testMode}
          target={targetOf(issuing)}
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
