import { DownloadOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import type { RevenueChart } from '#domain/schemas/report.ts';
import { useFacility } from '#src/facility/facility-context.tsx';
import { saveBlob } from '../customers/download.ts';
import { useRevenueChart } from './report-api.ts';
import { dayLabel, lastMonths, type MonthRange, monthLabel, revenueChartCsv } from './report-model.ts';
import {
  Charts,
  ChartWithTable,
  Figures,
  MonthRangePicker,
  moneyColumn,
  ReportError,
  thisMonth,
  useWon,
} from './report-parts.tsx';
import { RevenueAsOfSection } from './revenue-as-of.tsx';

type MonthRow = RevenueChart['months'][number];

/** The range's figures and the months' earned and deferred revenue, as a chart and a table. */
function RevenueMonths({ months, loading }: { months: MonthRow[]; loading: boolean }) {
  const translate = useTranslate();
  const { won, language } = useWon();
  const t = (key: string, options?: Record<string, unknown>) => translate(`reports.${key}`, options);
  const last = months[months.length - 1];
  const hasAny = months.some((m) => m.received !== 0 || m.deferred !== 0 || m.earnedToDate !== 0);
  return (
    <>
      <Figures
        loading={loading}
        items={[
          {
            key: 'earned',
            title: t('figures.earnedInRange'),
            value: won(months.reduce((sum, m) => sum + m.earned, 0)),
          },
          {
            key: 'received',
            title: t('figures.receivedInRange'),
            value: won(months.reduce((sum, m) => sum + m.received, 0)),
          },
          {
            key: 'deferred',
            title: t('figures.deferredAt', { date: last ? dayLabel(last.asOf) : '' }),
            value: won(last?.deferred ?? 0),
          },
          {
            key: 'toDate',
            title: t('figures.earnedToDate', { date: last ? dayLabel(last.asOf) : '' }),
            value: won(last?.earnedToDate ?? 0),
          },
        ]}
      />
      <ChartWithTable<MonthRow>
        title={t('revenue.byMonth')}
        headingId="report-revenue-months"
        loading={loading}
        empty={t('empty')}
        rows={hasAny ? months : []}
        rowKey={(r) => r.month}
        chart={
          <Charts.EarnedDeferredArea
            label={t('revenue.chart')}
            data={months.map((m) => ({
              label: monthLabel(m.month),
              earnedToDate: m.earnedToDate,
              deferred: m.deferred,
            }))}
            earned={t('columns.earnedToDate')}
            deferred={t('columns.deferred')}
            won={won}
            language={language}
          />
        }
        columns={[
          {
            key: 'month',
            title: t('columns.month'),
            className: 'fd-nowrap',
            render: (_, r) =>
              r.asOf.endsWith(monthEndDay(r.month))
                ? monthLabel(r.month)
                : `${monthLabel(r.month)} (~${dayLabel(r.asOf, true)})`,
          },
          moneyColumn<MonthRow>('received', t('columns.received'), (r) => r.received, won),
          moneyColumn<MonthRow>('earned', t('columns.earned'), (r) => r.earned, won),
          moneyColumn<MonthRow>('earnedToDate', t('columns.earnedToDate'), (r) => r.earnedToDate, won),
          moneyColumn<MonthRow>('deferred', t('columns.deferred'), (r) => r.deferred, won),
        ]}
      />
    </>
  );
}

/**
 * `/revenue/revenue-chart` (docs/rules.md#revenue-recognition): earned against deferred revenue at each month's
 * end, and each sold pass as of a day with what was paid, earned, deferred and refunded, reconciled: paid =
 * earned + deferred + refunded.
 */
export function RevenueChartPage() {
  const translate = useTranslate();
  const { selected } = useFacility();
  const gymId = selected?.id ?? 0;
  const t = (key: string, options?: Record<string, unknown>) => translate(`reports.${key}`, options);
  const [range, setRange] = useState<MonthRange>(() => lastMonths(thisMonth(), 12));
  const chart = useRevenueChart(gymId, range);
  const months = chart.data?.months ?? [];
  const hasAny = months.some((m) => m.received !== 0 || m.deferred !== 0 || m.earnedToDate !== 0);

  const exportMonths = () => {
    if (!chart.data) return;
    saveBlob(
      new Blob([revenueChartCsv(chart.data, translate)], { type: 'text/csv;charset=utf-8' }),
      `${t('revenue.fileName')}-${range.from}-${range.to}.csv`,
    );
  };

  return (
    <div className="fd-report-page">
      <div className="fd-report-head">
        <Typography.Title level={1} className="fd-page-title">
          {t('revenue.title')}
        </Typography.Title>
        <div className="fd-report-tools">
          <MonthRangePicker value={range} onChange={setRange} />
          <Button icon={<DownloadOutlined />} onClick={exportMonths} disabled={!chart.data || !hasAny}>
            {t('csv.export')}
          </Button>
        </div>
      </div>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('revenue.rule')}
      </Typography.Paragraph>
      {chart.isError && <ReportError error={chart.error} onRetry={() => void chart.refetch()} />}
      <RevenueMonths months={months} loading={chart.isLoading} />

      <RevenueAsOfSection gymId={gymId} />
    </div>
  );
}

/** The last day of a month, as its two digits: '2026-02' → '28'. */
const monthEndDay = (month: string): string => {
  const [y, m] = month.split('-').map(Number);
  return String(new Date(Date.UTC(y!, m!, 0)).getUTCDate());
};
