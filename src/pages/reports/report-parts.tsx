import { useTranslate } from '@refinedev/core';
import { Alert, Button, Card, DatePicker, Skeleton, Spin, Statistic, Table, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import { EmptyText } from '#src/components/empty-text.tsx';
import { SectionCard } from '#src/components/section-card.tsx';
import { isHttpError } from '#src/providers/http-error.ts';
import { formatWon } from '../customers/money.ts';
import { type MonthRange, monthDisabled } from './report-model.ts';
import './reports.css';

// The report pages' shared pieces (docs/rules.md#reports): the month range picker, the figures on top, a chart
// with its table, and the loading, empty and error states.

/** The charts, loaded with the first report that draws one (recharts is in that chunk only). */
export const Charts = {
  PeriodBars: lazy(() => import('./report-charts.tsx').then((m) => ({ default: m.PeriodBars }))),
  NamedBars: lazy(() => import('./report-charts.tsx').then((m) => ({ default: m.NamedBars }))),
  SharePie: lazy(() => import('./report-charts.tsx').then((m) => ({ default: m.SharePie }))),
  EarnedDeferredArea: lazy(() =>
    import('./report-charts.tsx').then((m) => ({ default: m.EarnedDeferredArea })),
  ),
};

/** This Seoul month, `2026-03`. */
export const thisMonth = (): string => seoulToday(new Date()).slice(0, 7);

/** Integer won in the page's language; a negative amount with its sign in front: -₩50,000, -50,000원. */
export const useWon = () => {
  const { i18n } = useTranslation();
  const won = (amount: number) =>
    amount < 0 ? `-${formatWon(-amount, i18n.language)}` : formatWon(amount, i18n.language);
  return { won, language: i18n.language };
};

/** A month range of at most 24 months, none after this month. */
export function MonthRangePicker({
  value,
  onChange,
}: {
  value: MonthRange;
  onChange: (range: MonthRange) => void;
}) {
  const translate = useTranslate();
  const now = thisMonth();
  const [picked, setPicked] = useState<string | undefined>();
  return (
    <DatePicker.RangePicker
      picker="month"
      format="YYYY.MM"
      allowClear={false}
      aria-label={translate('reports.range.label')}
      placeholder={[translate('reports.range.from'), translate('reports.range.to')]}
      value={[dayjs(`${value.from}-01`), dayjs(`${value.to}-01`)]}
      disabledDate={(current: Dayjs, info) =>
        monthDisabled(current.format('YYYY-MM'), now, info?.from?.format('YYYY-MM') ?? picked)
      }
      onCalendarChange={(dates) => setPicked(dates?.[0]?.format('YYYY-MM'))}
      onOpenChange={(open) => !open && setPicked(undefined)}
      onChange={(dates) => {
        const [from, to] = dates ?? [];
        if (from && to) onChange({ from: from.format('YYYY-MM'), to: to.format('YYYY-MM') });
      }}
      className="fd-report-range"
    />
  );
}

/**
 * An antd table whose horizontal scroll area can take the keyboard focus, so that a narrow screen's keyboard user
 * can scroll a wide table (axe `scrollable-region-focusable`: a figures table has nothing else to focus).
 */
export function ScrollTable<T extends object>(props: TableProps<T>) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    for (const el of box.current?.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body') ?? [])
      if (!el.hasAttribute('tabindex')) el.tabIndex = 0;
  });
  return (
    <div ref={box}>
      <Table<T> {...props} />
    </div>
  );
}

/** The error of a report's read, with the server's message (in the user's language) and a retry. */
export function ReportError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const translate = useTranslate();
  return (
    <Alert
      type="error"
      showIcon
      message={translate('reports.loadFailed')}
      description={isHttpError(error) && error.message ? error.message : undefined}
      action={<Button onClick={onRetry}>{translate('reports.retry')}</Button>}
    />
  );
}

/** The figures on top of a report: a card each. */
export function Figures({
  items,
  loading,
}: {
  items: { key: string; title: string; value: string; note?: string; negative?: boolean }[];
  loading: boolean;
}) {
  return (
    <section className="fd-report-figures" aria-live="polite">
      {items.map((item) => (
        <Card key={item.key} size="small" className="fd-report-figure">
          <Statistic
            title={item.title}
            value={loading ? ' ' : item.value}
            loading={loading}
            valueStyle={item.negative ? { color: '#b91c1c' } : undefined}
          />
          {item.note && !loading && <div className="fd-report-figure-note">{item.note}</div>}
        </Card>
      ))}
    </section>
  );
}

/**
 * A titled block holding a chart and, beside it on a wide screen or below it on a narrow one, the table of the
 * same figures (the accessible reading of the chart).
 */
export function ChartWithTable<T extends object>({
  title,
  headingId,
  chart,
  rows,
  columns,
  rowKey,
  loading,
  empty,
  extra,
  pageSize,
  summary,
}: {
  title: string;
  headingId: string;
  chart: ReactNode;
  rows: T[];
  columns: ColumnsType<T>;
  rowKey: (row: T) => string;
  loading: boolean;
  empty: string;
  extra?: ReactNode;
  pageSize?: number;
  summary?: (rows: readonly T[]) => ReactNode;
}) {
  return (
    <SectionCard title={title} headingId={headingId} extra={extra} className="fd-report-card">
      <div className="fd-report-split">
        <div className="fd-report-split-chart">
          {loading ? (
            <Skeleton active paragraph={{ rows: 5 }} title={false} />
          ) : rows.length === 0 ? (
            <EmptyText>{empty}</EmptyText>
          ) : (
            <Suspense fallback={<Spin />}>{chart}</Suspense>
          )}
        </div>
        <div className="fd-report-split-table">
          <ScrollTable<T>
            size="small"
            rowKey={rowKey}
            loading={loading}
            dataSource={rows}
            columns={columns}
            scroll={{ x: 'max-content' }}
            pagination={
              pageSize ? { pageSize, hideOnSinglePage: true, showSizeChanger: false, size: 'small' } : false
            }
            locale={{ emptyText: loading ? ' ' : <EmptyText>{empty}</EmptyText> }}
            summary={summary}
          />
        </div>
      </div>
    </SectionCard>
  );
}

/** A right-aligned money column. */
export const moneyColumn = <T extends object>(
  key: string,
  title: string,
  value: (row: T) => number,
  won: (amount: number) => string,
): ColumnsType<T>[number] => ({
  key,
  title,
  align: 'right',
  className: 'fd-nowrap',
  render: (_: unknown, row: T) => {
    const amount = value(row);
    return <span className={amount < 0 ? 'fd-report-negative' : undefined}>{won(amount)}</span>;
  },
});
