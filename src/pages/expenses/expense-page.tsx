import { useTranslate } from '@refinedev/core';
import { Alert, App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { expenseListRoute, expenseSummaryRoute } from '#domain/api/expense.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { Expense } from '#domain/schemas/expense.ts';
import { usePhoneTable } from '#src/components/phone-table.ts';
import { useFacility } from '#src/facility/facility-context.tsx';
import { useContract, useContractList } from '#src/kit/contract-hooks.ts';
import { QueryTable } from '#src/kit/query-table.tsx';
import { formatWon } from '../customers/money.ts';
import { dotDate, monthRange, seoulMonth } from '../receipts/receipt-api.ts';
import { CategoryModal } from './category-modal.tsx';
import { categoryLabel, expenseKeys, useExpenseCategories, useRefreshExpenses } from './expense-api.ts';
import { ExpenseDrawer } from './expense-drawer.tsx';
import {
  ExpenseFilters,
  ExpenseHead,
  ExpenseTotals,
  expenseColumns,
  useExpenseCsv,
} from './expense-parts.tsx';
import { ReverseModal } from './reverse-modal.tsx';
import '../customers/members.css';
import '../receipts/receipts.css';

const PAGE_SIZE = 50;

/** The month's page of expenses and its totals. */
const useExpenseLists = (
  gymId: number,
  filter: { from: string; to: string; categoryId?: number },
  query: { from: string; to: string; categoryId?: number; _start: number; _end: number },
) => {
  const list = useContractList(
    expenseListRoute,
    { query: { gymId, ...query } },
    {
      queryKey: expenseKeys.list(gymId, query),
      enabled: gymId > 0,
      placeholderData: (previous) => previous,
      meta: { silent: true },
    },
  );
  const summary = useContract(
    expenseSummaryRoute,
    { query: { gymId, ...filter } },
    {
      queryKey: expenseKeys.summary(gymId, filter),
      enabled: gymId > 0,
      placeholderData: (previous) => previous,
      meta: { silent: true },
    },
  );
  return { list, summary };
};

/**
 * `/pay/expenditure` (issue 15): a month's expenses in a table with the month's total and the totals by category,
 * recording one (with "add category" and a receipt upload), reversing one after a confirmation (a negative row,
 * never a deletion), the categories and the CSV. Staff who only read (payHistoryUseYn) see everything but change
 * nothing; recording needs payHistorySettingYn.
 */
export function ExpensePage() {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const { message } = App.useApp();
  const { selected, gymAuth } = useFacility();
  const gymId = selected?.id ?? 0;
  const canChange = Boolean(gymAuth?.representYn || gymAuth?.payHistorySettingYn);
  const refresh = useRefreshExpenses();
  // A reversal shows as −₩890,000 (−890,000원), the sign before the currency.
  const won = (n: number) => (n < 0 ? `−${formatWon(-n, i18n.language)}` : formatWon(n, i18n.language));
  const [month, setMonth] = useState(seoulMonth);
  const [categoryId, setCategoryId] = useState<number | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [managing, setManaging] = useState(false);
  const [reversing, setReversing] = useState<Expense | null>(null);

  const categories = useExpenseCategories(gymId);
  const filter = { ...monthRange(month), ...(categoryId ? { categoryId } : {}) };
  const query = { ...filter, _start: (page - 1) * PAGE_SIZE, _end: page * PAGE_SIZE };
  const { list, summary } = useExpenseLists(gymId, filter, query);
  const { exporting, exportCsv } = useExpenseCsv(gymId, month, filter, categoryId);
  const byId = new Map((categories.data ?? []).map((c) => [c.id, c]));
  const nameOf = (id: number) => {
    const category = byId.get(id);
    return category ? categoryLabel(category, translate) : `#${id}`;
  };

  const columns = expenseColumns({ translate, won, canChange, onReverse: setReversing });

  const phone = usePhoneTable(columns, { name: 'category', figure: 'amount' }, { x: 'max-content' });
  return (
    <div className="fd-members-page fd-rx-page">
      <ExpenseHead
        canChange={canChange}
        exporting={exporting}
        canExport={Boolean(list.data?.total)}
        onAdd={() => setAdding(true)}
        onManage={() => setManaging(true)}
        onExport={() => void exportCsv()}
      />
      {!canChange && <Alert type="info" showIcon message={translate('expenses.readOnly')} />}
      <ExpenseFilters
        month={month}
        categoryId={categoryId}
        categories={categories.data ?? []}
        onMonth={(value) => {
          setMonth(value);
          setPage(1);
        }}
        onCategory={(value) => {
          setCategoryId(value);
          setPage(1);
        }}
      />
      <ExpenseTotals summary={summary.data} nameOf={nameOf} won={won} />
      <QueryTable<Expense>
        query={list}
        translate={translate}
        loadFailedKey="expenses.list.loadFailed"
        retryKey="expenses.retry"
        columns={phone.columns}
        scroll={phone.scroll}
        showSizeChanger={false}
        rowClassName={(r) => (r.reversedById !== null ? 'fd-rx-reversed' : '')}
        currentPage={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        emptyText={translate('expenses.list.empty')}
      />
      {adding && (
        <ExpenseDrawer
          gymId={gymId}
          categories={categories.data ?? []}
          defaultDate={month === seoulMonth() ? seoulToday(new Date()) : `${month}-01`}
          onAddCategory={() => setManaging(true)}
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            refresh();
            message.success(translate('expenses.form.done'));
          }}
        />
      )}
      {managing && (
        <CategoryModal
          gymId={gymId}
          categories={categories.data ?? []}
          canChange={canChange}
          onClose={() => setManaging(false)}
          onChanged={() => refresh()}
        />
      )}
      {reversing && (
        <ReverseModal
          gymId={gymId}
          expense={reversing}
          summary={{
            date: dotDate(reversing.spentOn),
            category: categoryLabel(
              { code: reversing.categoryCode, name: reversing.categoryName },
              translate,
            ),
            amount: won(reversing.amount),
          }}
          onClose={() => setReversing(null)}
          onReversed={() => {
            setReversing(null);
            refresh();
            message.success(translate('expenses.reverse.done'));
          }}
        />
      )}
    </div>
  );
}
