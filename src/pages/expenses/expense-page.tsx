import { DownloadOutlined, PlusOutlined, TagsOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, DatePicker, Form, Input, Modal, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { expenseListRoute, expenseReverseRoute, expenseSummaryRoute } from '#domain/api/expense.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { Expense } from '#domain/schemas/expense.ts';
import { EmptyText } from '#src/components/empty-text.tsx';
import { useFacility } from '#src/facility/facility-context.tsx';
import { api } from '#src/providers/instances.ts';
import { PlainSelect } from '../../forms/plain-select.tsx';
import { downloadFile } from '../customers/download.ts';
import { formatWon } from '../customers/money.ts';
import { dotDate, errorText, monthRange, seoulMonth } from '../receipts/receipt-api.ts';
import { ToneTag } from '../receipts/receipt-tags.tsx';
import { CategoryModal } from './category-modal.tsx';
import { categoryLabel, expenseKeys, useExpenseCategories, useRefreshExpenses } from './expense-api.ts';
import { ExpenseDrawer } from './expense-drawer.tsx';
import '../customers/members.css';
import '../receipts/receipts.css';
import { usePhoneTable } from '#src/components/phone-table.ts';

const PAGE_SIZE = 50;

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
  const [exporting, setExporting] = useState(false);

  const categories = useExpenseCategories(gymId);
  const filter = { ...monthRange(month), ...(categoryId ? { categoryId } : {}) };
  const query = { ...filter, _start: (page - 1) * PAGE_SIZE, _end: page * PAGE_SIZE };
  const list = useQuery({
    queryKey: expenseKeys.list(gymId, query),
    queryFn: () => api.list(expenseListRoute, { query: { gymId, ...query } }),
    enabled: gymId > 0,
    placeholderData: (previous) => previous,
    meta: { silent: true },
  });
  const summary = useQuery({
    queryKey: expenseKeys.summary(gymId, filter),
    queryFn: () => api.call(expenseSummaryRoute, { query: { gymId, ...filter } }),
    enabled: gymId > 0,
    placeholderData: (previous) => previous,
    meta: { silent: true },
  });
  const byId = new Map((categories.data ?? []).map((c) => [c.id, c]));
  const nameOf = (id: number) => {
    const category = byId.get(id);
    return category ? categoryLabel(category, translate) : `#${id}`;
  };
  const count = summary.data?.byMonth.reduce((s, m) => s + m.count, 0) ?? 0;
  const spent = (summary.data?.byCategory ?? []).filter((c) => c.amount !== 0);

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

  const columns: ColumnsType<Expense> = [
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
                  onClick={() => setReversing(r)}
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

  const phone = usePhoneTable(columns, { name: 'category', figure: 'amount' }, { x: 'max-content' });
  return (
    <div className="fd-members-page fd-rx-page">
      <div className="fd-members-head">
        <Typography.Title level={1} className="fd-page-title">
          {translate('expenses.title')}
        </Typography.Title>
        <div className="fd-rx-toolbar">
          {canChange && (
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setAdding(true)}>
              {translate('expenses.add')}
            </Button>
          )}
          <Button icon={<TagsOutlined aria-hidden />} onClick={() => setManaging(true)}>
            {translate('expenses.categories')}
          </Button>
          <Button
            icon={<DownloadOutlined aria-hidden />}
            loading={exporting}
            disabled={!list.data?.total}
            onClick={() => void exportCsv()}
          >
            {translate('expenses.export')}
          </Button>
        </div>
      </div>
      {!canChange && <Alert type="info" showIcon message={translate('expenses.readOnly')} />}
      <div className="fd-rx-toolbar">
        <DatePicker
          picker="month"
          aria-label={translate('expenses.month')}
          value={dayjs(`${month}-01`)}
          allowClear={false}
          format="YYYY-MM"
          onChange={(value) => {
            if (!value) return;
            setMonth(value.format('YYYY-MM'));
            setPage(1);
          }}
        />
        <PlainSelect<number>
          aria-label={translate('expenses.category')}
          allowClear
          placeholder={translate('expenses.allCategories')}
          style={{ minWidth: 180 }}
          value={categoryId}
          onChange={(value) => {
            setCategoryId(value);
            setPage(1);
          }}
          options={(categories.data ?? []).map((c) => ({ value: c.id, label: categoryLabel(c, translate) }))}
        />
      </div>
      <div className="fd-rx-totals">
        <Card size="small" className="fd-rx-total-card">
          <span className="fd-rx-total-label">{translate('expenses.totals.month')}</span>
          <span className="fd-rx-total-value">{won(summary.data?.sum ?? 0)}</span>
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
      {list.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={translate('expenses.list.loadFailed')}
          description={errorText(list.error, translate)}
          action={<Button onClick={() => void list.refetch()}>{translate('expenses.retry')}</Button>}
        />
      )}
      <Table<Expense>
        rowKey="id"
        size="middle"
        columns={phone.columns}
        dataSource={list.data?.data ?? []}
        loading={list.isFetching}
        scroll={phone.scroll}
        rowClassName={(r) => (r.reversedById !== null ? 'fd-rx-reversed' : '')}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
          showSizeChanger: false,
        }}
        locale={{ emptyText: <EmptyText>{translate('expenses.list.empty')}</EmptyText> }}
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

/** The confirmation before a reversal, with its reason (docs/rules.md#expenditure). */
function ReverseModal({
  gymId,
  expense,
  summary,
  onClose,
  onReversed,
}: {
  gymId: number;
  expense: Expense;
  summary: { date: string; category: string; amount: string };
  onClose: () => void;
  onReversed: () => void;
}) {
  const translate = useTranslate();
  const [form] = Form.useForm<{ reason: string }>();
  const run = useMutation({
    mutationFn: (reason: string) =>
      api.call(expenseReverseRoute, { params: { id: expense.id }, body: { gymId, reason } }),
    meta: { silent: true },
    onSuccess: onReversed,
  });
  return (
    <Modal
      open
      title={translate('expenses.reverse.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={translate('expenses.reverse.confirm')}
      okButtonProps={{ danger: true, loading: run.isPending }}
      cancelText={translate('expenses.reverse.keep')}
      rootClassName="fd-rx-overlay"
      destroyOnHidden
    >
      <Typography.Paragraph>{translate('expenses.reverse.body', summary)}</Typography.Paragraph>
      {run.isError && <Alert type="error" showIcon role="alert" message={errorText(run.error, translate)} />}
      <Form form={form} layout="vertical" onFinish={(values) => run.mutate(values.reason.trim())}>
        <Form.Item
          name="reason"
          label={translate('expenses.reverse.reason')}
          rules={[
            { required: true, whitespace: true, message: translate('expenses.reverse.reasonRequired') },
          ]}
        >
          <Input.TextArea rows={2} maxLength={200} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
