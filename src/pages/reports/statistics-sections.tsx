import { useTranslate } from '@refinedev/core';
import { Segmented } from 'antd';
import type { SalesStatistics } from '#domain/schemas/report.ts';
import { dayLabel, monthLabel } from './report-model.ts';
import { Charts, ChartWithTable, Figures, moneyColumn, ScrollTable, useWon } from './report-parts.tsx';

// The statistics page's blocks (docs/rules.md#reports): the figures, money by period, by item, by staff member
// and by method, and new customers against renewals. Each reads the same answer.

type Money = { received: number; refunds: number; net: number };
type PeriodRow = Money & { key: string; label: string };
type ItemRow = SalesStatistics['byItem'][number];
type StaffRow = SalesStatistics['byStaff'][number];
type MethodRow = SalesStatistics['byMethod'][number];
type TypeRow = SalesStatistics['byItemType'][number];

type SectionProps = { s: SalesStatistics | undefined; loading: boolean };

/** The report texts (`reports.*`), the money format and the three money columns. */
const useStatisticsText = () => {
  const translate = useTranslate();
  const { won, language } = useWon();
  const t = (key: string, options?: Record<string, unknown>) => translate(`reports.${key}`, options);
  const moneyColumns = <T extends Money>() => [
    moneyColumn<T>('received', t('columns.received'), (r) => r.received, won),
    moneyColumn<T>('refunds', t('columns.refunds'), (r) => r.refunds, won),
    moneyColumn<T>('net', t('columns.net'), (r) => r.net, won),
  ];
  return { t, won, language, moneyColumns };
};

/** Whether the range took or paid back any money: without, the blocks say there is nothing. */
export const hasMoney = (s: SalesStatistics | undefined) =>
  Boolean(s && (s.totals.received !== 0 || s.totals.refunds !== 0));

/** The figures on top: received, refunds, net, sales, the average sale and new customers. */
export function StatisticsFigures({ s, loading }: SectionProps) {
  const { t, won } = useStatisticsText();
  const totals = s?.totals;
  const customers = s?.customers;
  return (
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
  );
}

/** Money by day or by month, with the unit switch. */
export function PeriodSection({
  s,
  loading,
  unit,
  onUnit,
}: SectionProps & { unit: 'day' | 'month'; onUnit: (unit: 'day' | 'month') => void }) {
  const { t, won, language, moneyColumns } = useStatisticsText();
  const periodRows: PeriodRow[] = !s
    ? []
    : unit === 'day'
      ? s.byDay.map((d) => ({ key: d.date, label: dayLabel(d.date, true), ...d }))
      : s.byMonth.map((m) => ({ key: m.month, label: monthLabel(m.month), ...m }));
  const moneySeries = [
    { key: 'received', name: t('columns.received') },
    { key: 'refunds', name: t('columns.refunds'), color: '#b91c1c' },
  ];
  return (
    <ChartWithTable<PeriodRow>
      title={unit === 'day' ? t('statistics.byDay') : t('statistics.byMonth')}
      headingId="report-by-period"
      extra={
        <Segmented<'day' | 'month'>
          aria-label={t('unit.label')}
          value={unit}
          onChange={onUnit}
          options={[
            { value: 'day', label: t('unit.day') },
            { value: 'month', label: t('unit.month') },
          ]}
        />
      }
      loading={loading}
      empty={t('empty')}
      rows={hasMoney(s) ? periodRows : []}
      rowKey={(r) => r.key}
      pageSize={unit === 'day' ? 31 : 24}
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
          title: unit === 'day' ? t('columns.date') : t('columns.month'),
          className: 'fd-nowrap',
          dataIndex: 'label',
        },
        ...moneyColumns<PeriodRow>(),
      ]}
    />
  );
}

/** Money by item type and by product. */
export function ItemSection({ s, loading }: SectionProps) {
  const { t, won, language, moneyColumns } = useStatisticsText();
  const itemTypeName = (type: string) => t(`itemType.${type}`);
  return (
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
  );
}

/** Money by staff member and by method, side by side. */
export function StaffAndMethodSections({ s, loading }: SectionProps) {
  const { t, won, language, moneyColumns } = useStatisticsText();
  return (
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
  );
}

/** New customers against renewals. */
export function CustomersSection({ s, loading }: SectionProps) {
  const { t, won } = useStatisticsText();
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
  return (
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
  );
}
