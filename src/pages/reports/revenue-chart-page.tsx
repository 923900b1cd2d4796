import { CheckCircleFilled, DownloadOutlined, WarningFilled } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { App, Button, DatePicker, Segmented, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { revenueAsOfExportRoute, revenueAsOfRoute, revenueChartRoute } from '#domain/api/report.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { PassRevenue, RevenueAsOf, RevenueChart } from '#domain/schemas/report.ts';
import { EmptyText } from '#src/components/empty-text.tsx';
import { SectionCard } from '#src/components/section-card.tsx';
import { useFacility } from '#src/facility/facility-context.tsx';
import { API_BASE } from '#src/providers/http-client.ts';
import { api } from '#src/providers/instances.ts';
import { downloadFile, saveBlob } from '../customers/download.ts';
import { dayLabel, lastMonths, type MonthRange, monthLabel, revenueChartCsv } from './report-model.ts';
import {
  Charts,
  ChartWithTable,
  Figures,
  MonthRangePicker,
  moneyColumn,
  ReportError,
  ScrollTable,
  thisMonth,
  useWon,
} from './report-parts.tsx';

const PAGE_SIZE = 20;

type MonthRow = RevenueChart['months'][number];

/**
 * `/revenue/revenue-chart` (docs/rules.md#revenue-recognition): earned against deferred revenue at each month's
 * end, and each sold pass as of a day with what was paid, earned, deferred and refunded, reconciled: paid =
 * earned + deferred + refunded.
 */
export function RevenueChartPage() {
  const translate = useTranslate();
  const { message } = App.useApp();
  const { won, language } = useWon();
  const { selected } = useFacility();
  const gymId = selected?.id ?? 0;
  const t = (key: string, options?: Record<string, unknown>) => translate(`reports.${key}`, options);
  const [range, setRange] = useState<MonthRange>(() => lastMonths(thisMonth(), 12));
  const today = seoulToday(new Date());
  const [date, setDate] = useState(today);
  const [view, setView] = useState<'all' | 'deferred'>('all');
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);

  const chart = useQuery({
    queryKey: ['reports', 'revenue', gymId, range.from, range.to],
    queryFn: () => api.call(revenueChartRoute, { query: { gymId, ...range } }),
    enabled: gymId > 0,
    placeholderData: (previous) => previous,
  });
  const asOf = useQuery({
    queryKey: ['reports', 'revenue-as-of', gymId, date, view, page],
    queryFn: () =>
      api.call(revenueAsOfRoute, {
        query: { gymId, date, view, _start: (page - 1) * PAGE_SIZE, _end: page * PAGE_SIZE },
      }),
    enabled: gymId > 0,
    placeholderData: (previous) => previous,
  });
  const months = chart.data?.months ?? [];
  const last = months[months.length - 1];
  const hasAny = months.some((m) => m.received !== 0 || m.deferred !== 0 || m.earnedToDate !== 0);
  const a: RevenueAsOf | undefined = asOf.data;

  const exportMonths = () => {
    if (!chart.data) return;
    saveBlob(
      new Blob([revenueChartCsv(chart.data, translate)], { type: 'text/csv;charset=utf-8' }),
      `${t('revenue.fileName')}-${range.from}-${range.to}.csv`,
    );
  };

  const exportAsOf = async () => {
    setExporting(true);
    try {
      const query = new URLSearchParams({ gymId: String(gymId), date, view });
      await downloadFile(
        `${API_BASE}${revenueAsOfExportRoute.path}?${query}`,
        language,
        `revenue-as-of-${date}.csv`,
      );
    } catch {
      message.error(t('csv.failed'));
    } finally {
      setExporting(false);
    }
  };

  const passColumns: ColumnsType<PassRevenue> = [
    {
      key: 'customer',
      title: t('columns.customer'),
      className: 'fd-nowrap',
      render: (_, r) => <Link to={`/memberManage/list/info?id=${r.memberId}`}>{r.memberName}</Link>,
    },
    {
      key: 'pass',
      title: t('columns.pass'),
      render: (_, r) => (
        <>
          {r.ticketName}
          {r.refundedOnDay && (
            <Tag color="red" style={{ marginInlineStart: 6 }}>
              {t('revenue.refundedTag')}
            </Tag>
          )}
        </>
      ),
    },
    {
      key: 'soldOn',
      title: t('columns.soldOn'),
      className: 'fd-nowrap',
      render: (_, r) => dayLabel(r.soldOn),
    },
    {
      key: 'basis',
      title: t('columns.use'),
      className: 'fd-nowrap',
      render: (_, r) =>
        [
          r.endDate ? `${dayLabel(r.startDate)}–${dayLabel(r.endDate)}` : null,
          r.sessionCount !== null
            ? t('revenue.sessions', { used: r.sessionsUsed, count: r.sessionCount })
            : null,
        ]
          .filter(Boolean)
          .join(' · ') || t(`basis.${r.basis}`),
    },
    moneyColumn<PassRevenue>('paid', t('columns.paid'), (r) => r.paid, won),
    moneyColumn<PassRevenue>('earned', t('columns.earned'), (r) => r.earned, won),
    moneyColumn<PassRevenue>('deferred', t('columns.deferred'), (r) => r.deferred, won),
    moneyColumn<PassRevenue>('refunded', t('columns.refunded'), (r) => r.refunded, won),
  ];

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
      <Figures
        loading={chart.isLoading}
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
        loading={chart.isLoading}
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

      <SectionCard
        title={t('revenue.asOfTitle')}
        headingId="report-as-of"
        className="fd-report-card"
        extra={
          <div className="fd-report-tools">
            <DatePicker
              allowClear={false}
              format="YYYY.MM.DD"
              aria-label={t('revenue.asOfDate')}
              value={dayjs(date)}
              disabledDate={(d: Dayjs) => d.format('YYYY-MM-DD') > today}
              onChange={(d: Dayjs | null) => {
                if (!d) return;
                setDate(d.format('YYYY-MM-DD'));
                setPage(1);
              }}
            />
            <Segmented<'all' | 'deferred'>
              aria-label={t('revenue.view')}
              value={view}
              onChange={(v) => {
                setView(v);
                setPage(1);
              }}
              options={[
                { value: 'all', label: t('revenue.viewAll') },
                { value: 'deferred', label: t('revenue.viewDeferred') },
              ]}
            />
            <Button
              icon={<DownloadOutlined />}
              loading={exporting}
              onClick={exportAsOf}
              disabled={!a || a.total === 0}
            >
              {t('csv.export')}
            </Button>
          </div>
        }
      >
        {asOf.isError && <ReportError error={asOf.error} onRetry={() => void asOf.refetch()} />}
        {a && (
          <div className="fd-report-reconcile" aria-live="polite">
            {a.reconciles ? (
              <CheckCircleFilled style={{ color: '#15803d' }} aria-hidden />
            ) : (
              <WarningFilled style={{ color: '#b91c1c' }} aria-hidden />
            )}
            <span>
              {t('revenue.reconcile', {
                date: dayLabel(a.date),
                passes: a.totals.passes,
              })}
            </span>
            <strong>
              {t('columns.paid')} {won(a.totals.paid)} = {t('columns.earned')} {won(a.totals.earned)} +{' '}
              {t('columns.deferred')} {won(a.totals.deferred)} + {t('columns.refunded')}{' '}
              {won(a.totals.refunded)}
            </strong>
            <Tag color={a.reconciles ? '#15803d' : '#b91c1c'}>
              {a.reconciles ? t('revenue.reconciles') : t('revenue.doesNotReconcile')}
            </Tag>
          </div>
        )}
        <ScrollTable<PassRevenue>
          size="small"
          rowKey="ticketIssueId"
          loading={asOf.isFetching}
          dataSource={a?.rows ?? []}
          columns={passColumns}
          scroll={{ x: 'max-content' }}
          style={{ marginTop: 12 }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: a?.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: setPage,
          }}
          locale={{ emptyText: asOf.isLoading ? ' ' : <EmptyText>{t('revenue.noPasses')}</EmptyText> }}
        />
      </SectionCard>
    </div>
  );
}

/** The last day of a month, as its two digits: '2026-02' → '28'. */
const monthEndDay = (month: string): string => {
  const [y, m] = month.split('-').map(Number);
  return String(new Date(Date.UTC(y!, m!, 0)).getUTCDate());
};
