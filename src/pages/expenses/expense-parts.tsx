import { DownloadOutlined, PlusOutlined, TagsOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { App, Button, Card, DatePicker, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { expenseSummaryRoute } from '#domain/api/expense.ts';
import type { Expense, ExpenseCategory } from '#domain/schemas/expense.ts';
import type { Answer } from '#src/api/client.ts';
import type { Translate } from '#src/kit/translate.ts';
import { PlainSelect } from '../../forms/plain-select.tsx';
import { downloadFile } from '../customers/download.ts';
import { dotDate } from '../receipts/receipt-api.ts';
import { ToneTag } from '../receipts/receipt-tags.tsx';
import { categoryLabel } from './expense-api.ts';

// The expense page's parts (expense-page.tsx): the list's columns, the filters, the totals and the CSV.

/** The list's columns; the reversal button only for staff who may record. */
export const expenseColumns = ({
  translate,
  won,
  canChange,
  onReverse,
}: {
  translate: Translate;
  won: (n: number) => string;
  canChange: boolean;
  onReverse: (expense: Expense) => void;
}): ColumnsType<Expense> => {
  return [
    {
      key: 'date',
      title: translate('expenses.list.date'),
      className: 'fd-nowrap',
      render: (_, r) => dotDate(r.spentOn),
    },
    {
      key: 'category',
      title: translate('expenses.list.category'),
      className: 'fd-nowrap',
      render: (_, r) => categoryLabel({ code: r.categoryCode, name: r.categoryName }, translate),
    },
    {
      key: 'amount',
      title: translate('expenses.list.amount'),
      className: 'fd-nowrap',
      align: 'right',
      render: (_, r) => (
        <>
          <span className="fd-rx-amount">{won(r.amount)}</span>
          {r.reversesExpenseId !== null && (
            <span className="fd-rx-sub">
              {translate('expenses.list.reverses', { id: r.reversesExpenseId })}
            </span>
          )}
          {r.reversedById !== null && (
            <span className="fd-rx-sub">
              <ToneTag tone="neutral">{translate('expenses.list.reversed')}</ToneTag>
            </span>
          )}
        </>
      ),
    },
    {
      key: 'method',
      title: translate('expenses.list.method'),
      className: 'fd-nowrap',
      render: (_, r) => translate(`expenses.method.${r.method}`),
    },
    { key: 'memo', title: translate('expenses.list.memo'), render: (_, r) => r.memo ?? '' },
    {
      key: 'receipt',
      title: translate('expenses.list.receipt'),
      className: 'fd-nowrap',
      render: (_, r) =>
        r.fileId ? (
          <Typography.Link
            href={`/web/file/${r.fileId}`}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={translate('expenses.list.openReceiptOf', { date: dotDate(r.spentOn) })}
          >
            {translate('expenses.list.openReceipt')}
          </Typography.Link>
        ) : (
          ''
        ),
    },
    {
      key: 'by',
      title: translate('expenses.list.recordedBy'),
      className: 'fd-nowrap',
      render: (_, r) => r.createdByName ?? '',
    },
    ...(canChange
      ? [
          {
            key: 'actions',
            title: translate('expenses.list.actions'),
            className: 'fd-nowrap',
            render: (_: unknown, r: Expense) =>
              r.reversesExpenseId === null && r.reversedById === null ? (
                <Button
                  size="small"
                  danger
                  onClick={() => onReverse(r)}
                  aria-label={translate('expenses.list.reverseOf', {
                    amount: won(r.amount),
                    date: dotDate(r.spentOn),
                  })}
                >
                  {translate('expenses.list.reverse')}
                </Button>
              ) : null,
          },
        ]
      : []),
  ];
};

/** The month and the category the list, the totals and the CSV read. */
export function ExpenseFilters({
  month,
  categoryId,
  categories,
  onMonth,
  onCategory,
}: {
  month: string;
  categoryId: number | undefined;
  categories: readonly ExpenseCategory[];
  onMonth: (month: string) => void;
  onCategory: (categoryId: number | undefined) => void;
}) {
  const translate = useTranslate();
  return (
    <div className="fd-rx-toolbar">
      <DatePicker
        picker="month"
        aria-label={translate('expenses.month')}
        value={dayjs(`${month}-01`)}
        allowClear={false}
        format="YYYY-MM"
        onChange={(value) => {
          if (!value) return;
          onMonth(value.format('YYYY-MM'));
        }}
      />
      <PlainSelect<number>
        aria-label={translate('expenses.category')}
        allowClear
        placeholder={translate('expenses.allCategories')}
        style={{ minWidth: 180 }}
        value={categoryId}
        onChange={onCategory}
        options={categories.map((c) => ({ value: c.id, label: categoryLabel(c, translate) }))}
      />
    </div>
  );
}

/** The month's total and count, and the totals by category. */
export function ExpenseTotals({
  summary,
  nameOf,
  won,
}: {
  summary: Answer<typeof expenseSummaryRoute> | undefined;
  nameOf: (categoryId: number) => string;
  won: (n: number) => string;
}) {
  const translate = useTranslate();
  const count = summary?.byMonth.reduce((s, m) => s + m.count, 0) ?? 0;
  const spent = (summary?.byCategory ?? []).filter((c) => c.amount !== 0);
  return (
    <div className="fd-rx-totals">
      <Card size="small" className="fd-rx-total-card">
        <span className="fd-rx-total-label">{translate('expenses.totals.month')}</span>
        <span className="fd-rx-total-value">{won(summary?.sum ?? 0)}</span>
        <span className="fd-rx-sub">{translate('expenses.totals.count', { n: count })}</span>
      </Card>
      <Card size="small" className="fd-rx-total-card">
        <span className="fd-rx-total-label">{translate('expenses.totals.byCategory')}</span>
        {spent.length > 0 ? (
          <ul className="fd-rx-category-list">
            {spent.map((c) => (
              <li key={c.categoryId}>
                <span>{nameOf(c.categoryId)}</span>
                <span className="fd-rx-amount">{won(c.amount)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <span className="fd-rx-sub">{translate('expenses.totals.none')}</span>
        )}
      </Card>
    </div>
  );
}

/** The filtered month as a CSV, from the server. */
export const useExpenseCsv = (
  gymId: number,
  month: string,
  filter: { from: string; to: string },
  categoryId: number | undefined,
) => {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const search = new URLSearchParams({
        gymId: String(gymId),
        from: filter.from,
        to: filter.to,
        ...(categoryId ? { categoryId: String(categoryId) } : {}),
      });
      await downloadFile(`/web/expense/export.csv?${search}`, i18n.language, `expenses-${month}.csv`);
    } catch {
      message.error(translate('expenses.exportFailed'));
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportCsv };
};

/** The page's title and its buttons: record (for staff who may), the categories, the CSV. */
export function ExpenseHead({
  canChange,
  exporting,
  canExport,
  onAdd,
  onManage,
  onExport,
}: {
  canChange: boolean;
  exporting: boolean;
  canExport: boolean;
  onAdd: () => void;
  onManage: () => void;
  onExport: () => void;
}) {
  const translate = useTranslate();
  return (
    <div className="fd-members-head">
      <Typography.Title level={1} className="fd-page-title">
        {translate('expenses.title')}
      </Typography.Title>
      <div className="fd-rx-toolbar">
        {canChange && (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={onAdd}>
            {translate('expenses.add')}
          </Button>
        )}
        <Button icon={<TagsOutlined aria-hidden />} onClick={onManage}>
          {translate('expenses.categories')}
        </Button>
        <Button
          icon={<DownloadOutlined aria-hidden />}
          loading={exporting}
          disabled={!canExport}
          onClick={onExport}
        >
          {translate('expenses.export')}
        </Button>
      </div>
    </div>
  );
}
