import { DownloadOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Button, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { statisticsRoute } from '#domain/api/report.ts';
import type { SalesStatistics } from '#domain/schemas/report.ts';
import { useFacility } from '#src/facility/facility-context.tsx';
import { api } from '#src/providers/instances.ts';
import { saveBlob } from '../customers/download.ts';
import { dayLabel, type MonthRange, monthLabel, monthsIn, statisticsCsv } from './report-model.ts';
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

type Money = { received: number; refunds: number; net: number };
type PeriodRow = Money & { key: string; label: string };

/**
 * `/sales/statistics` (docs/rules.md#reports): for a month or a range of months, money received by day, by item
 * type and product, by staff member and by method; new customers against renewals; refunds; the average sale.
 * Sales count when the money is received (the payment lines), refunds are the refund lines.
 */
export function StatisticsPage() {
  const translate = useTranslate();
  const { won, language } = useWon();
  const { selected } = useFacility();
  const gymId = selected?.id ?? 0;
  const [range, setRange] = useState<MonthRange>(() => ({ from: thisMonth(), to: thisMonth() }));
  const [unit, setUnit] = useState<'day' | 'month' | null>(null);
  const report = useQuery({
    queryKey: ['reports', 'statistics', gymId, range.from, range.to],
    queryFn: () => api.call(statisticsRoute, { query: { gymId, ...range } }),
    enabled: gymId > 0,
    placeholderData: (previous) => previous,
  });
  const s = report.data;
  const loading = report.isLoading;
  const t = (key: string, options?: Record<string, unknown>) => translate(`reports.${key}`, options);
  // By day for up to three months, by month beyond, unless the user chose.
  const shownUnit = unit ?? (monthsIn(range) <= 3 ? 'day' : 'month');

  const periodRows: PeriodRow[] = !s
    ? []
    : shownUnit === 'day'
      ? s.byDay.map((d) => ({ key: d.date, label: dayLabel(d.date, true), ...d }))
      : s.byMonth.map((m) => ({ key: m.month, label: monthLabel(m.month), ...m }));
  const hasMoney = Boolean(s && (s.totals.received !== 0 || s.totals.refunds !== 0));

  const moneyColumns = <T extends Money>() => [
    moneyColumn<T>('received', t('columns.received'), (r) => r.received, won),
    moneyColumn<T>('refunds', t('columns.refunds'), (r) => r.refunds, won),
    moneyColumn<T>('net', t('columns.net'), (r) => r.net, won),
  ];
  const moneySeries = [
    { key: 'received', name: t('columns.received') },
    { key: 'refunds', name: t('columns.refunds'), color: '#b91c1c' },
  ];

  const exportCsv = () => {
    if (!s) return;
    saveBlob(
      new Blob([statisticsCsv(s, translate)], { type: 'text/csv;charset=utf-8' }),
      `${t('statistics.fileName')}-${range.from}-${range.to}.csv`,
    );
  };

  const totals = s?.totals;
  const customers = s?.customers;
  const customerRows = customers
    ? [
        { key: 'new', label: t('statistics.new'), count: customers.newCount, amount: customers.newAmount },
        {
          key: 'renewal',
          label: t('statistics.renewal'),
          count: customers.renewalCount,
          amount: customers.renewalAmount,
        },
      ]
    : [];
  type CustomerRow = (typeof customerRows)[number];
  type ItemRow = SalesStatistics['byItem'][number];
  type StaffRow = SalesStatistics['byStaff'][number];
  type MethodRow = SalesStatistics['byMethod'][number];
  type TypeRow = SalesStatistics['byItemType'][number];
  const itemTypeName = (type: string) => t(`itemType.${type}`);

  return (
    <div className="fd-report-page">
      <div className="fd-report-head">
        <Typography.Title level={1} className="fd-page-title">
          {t('statistics.title')}
        </Typography.Title>
        <div className="fd-report-tools">
          <MonthRangePicker value={range} onChange={setRange} />
          <Button icon={<DownloadOutlined />} onClick={exportCsv} disabled={!s || !hasMoney}>
            {t('csv.export')}
          </Button>
        </div>
      </div>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('statistics.rule')}
      </Typography.Paragraph>
      {report.isError && <ReportError error={report.error} onRetry={() => void report.refetch()} />}
      <Figures
        loading={loading}
        items={[
          { key: 'received', title: t('figures.received'), value: won(totals?.received ?? 0) },
          {
            key: 'refunds',
            title: t('figures.refunds'),
            value: won(totals?.refunds ?? 0),
            note: t('figures.refundCount', { count: totals?.refundCount ?? 0 }),
            negative: (totals?.refunds ?? 0) < 0,
          },
          { key: 'net', title: t('figures.net'), value: won(totals?.net ?? 0) },
          {
            key: 'sales',
            title: t('figures.sales'),
            value: t('figures.count', { count: totals?.sales ?? 0 }),
            note: won(totals?.salesAmount ?? 0),
          },
          { key: 'average', title: t('figures.averageSale'), value: won(totals?.averageSale ?? 0) },
          {
            key: 'new',
            title: t('figures.new'),
            value: t('figures.count', { count: customers?.newCount ?? 0 }),
            note: t('figures.renewals', { count: customers?.renewalCount ?? 0 }),
          },
        ]}
      />

      <ChartWithTable<PeriodRow>
        title={shownUnit === 'day' ? t('statistics.byDay') : t('statistics.byMonth')}
        headingId="report-by-period"
        extra={
          <Segmented<'day' | 'month'>
            aria-label={t('unit.label')}
            value={shownUnit}
            onChange={setUnit}
            options={[
              { value: 'day', label: t('unit.day') },
              { value: 'month', label: t('unit.month') },
            ]}
          />
        }
        loading={loading}
        empty={t('empty')}
        rows={hasMoney ? periodRows : []}
        rowKey={(r) => r.key}
        pageSize={shownUnit === 'day' ? 31 : 24}
        chart={
          <Charts.PeriodBars
            label={t('statistics.chartByPeriod')}
            data={periodRows.map((r) => ({
              label: r.label,
              received: r.received,
              refunds: r.refunds,
              net: r.net,
            }))}
            series={moneySeries}
            line={{ key: 'net', name: t('columns.net') }}
            won={won}
            language={language}
          />
        }
        columns={[
          {
            key: 'label',
            title: shownUnit === 'day' ? t('columns.date') : t('columns.month'),
            className: 'fd-nowrap',
            dataIndex: 'label',
          },
          ...moneyColumns<PeriodRow>(),
        ]}
      />

      <ChartWithTable<ItemRow>
        title={t('statistics.byItem')}
        headingId="report-by-item"
        loading={loading}
        empty={t('empty')}
        rows={s?.byItem ?? []}
        rowKey={(r) => `${r.itemType}:${r.itemName}`}
        pageSize={10}
        chart={
          <>
            <ScrollTable<TypeRow>
              size="small"
              className="fd-report-types"
              rowKey="itemType"
              pagination={false}
              dataSource={s?.byItemType ?? []}
              columns={[
                { key: 'type', title: t('columns.itemType'), render: (_, r) => itemTypeName(r.itemType) },
                ...moneyColumns<TypeRow>(),
              ]}
              style={{ marginBottom: 12 }}
            />
            <Charts.NamedBars
              label={t('statistics.chartByItem')}
              data={(s?.byItem ?? []).slice(0, 10).map((r) => ({ label: r.itemName, value: r.net }))}
              name={t('columns.net')}
              won={won}
              language={language}
            />
          </>
        }
        columns={[
          { key: 'name', title: t('columns.item'), render: (_, r) => r.itemName },
          {
            key: 'type',
            title: t('columns.itemType'),
            className: 'fd-nowrap',
            render: (_, r) => itemTypeName(r.itemType),
          },
          ...moneyColumns<ItemRow>(),
        ]}
      />

      <div className="fd-report-grid">
        <ChartWithTable<StaffRow>
          title={t('statistics.byStaff')}
          headingId="report-by-staff"
          loading={loading}
          empty={t('empty')}
          rows={s?.byStaff ?? []}
          rowKey={(r) => String(r.memberId)}
          chart={
            <Charts.NamedBars
              label={t('statistics.chartByStaff')}
              data={(s?.byStaff ?? []).map((r) => ({
                label: r.name ?? t('statistics.noStaff'),
                value: r.net,
              }))}
              name={t('columns.net')}
              won={won}
              language={language}
            />
          }
          columns={[
            { key: 'name', title: t('columns.staff'), render: (_, r) => r.name ?? t('statistics.noStaff') },
            ...moneyColumns<StaffRow>(),
          ]}
        />

        <ChartWithTable<MethodRow>
          title={t('statistics.byMethod')}
          headingId="report-by-method"
          loading={loading}
          empty={t('empty')}
          rows={s?.byMethod ?? []}
          rowKey={(r) => r.method}
          chart={
            <Charts.SharePie
              label={t('statistics.chartByMethod')}
              data={(s?.byMethod ?? []).map((r) => ({ label: t(`method.${r.method}`), value: r.received }))}
              won={won}
            />
          }
          columns={[
            { key: 'method', title: t('columns.method'), render: (_, r) => t(`method.${r.method}`) },
            ...moneyColumns<MethodRow>(),
          ]}
        />
      </div>

      <ChartWithTable<CustomerRow>
        title={t('statistics.customers')}
        headingId="report-customers"
        loading={loading}
        empty={t('emptySales')}
        rows={customers && customers.newCount + customers.renewalCount > 0 ? customerRows : []}
        rowKey={(r) => r.key}
        chart={
          <Charts.SharePie
            label={t('statistics.chartCustomers')}
            data={customerRows.map((r) => ({ label: r.label, value: r.amount }))}
            won={won}
          />
        }
        columns={[
          { key: 'label', title: t('columns.kind'), dataIndex: 'label' },
          {
            key: 'count',
            title: t('columns.count'),
            align: 'right',
            render: (_, r) => t('figures.count', { count: r.count }),
          },
          moneyColumn<CustomerRow>('amount', t('columns.amount'), (r) => r.amount, won),
        ]}
      />
      <Typography.Paragraph type="secondary">{t('statistics.customersRule')}</Typography.Paragraph>
    </div>
  );
}
