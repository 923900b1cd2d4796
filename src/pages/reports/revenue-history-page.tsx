import { DownloadOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { App, Button, Segmented, Table, Typography } from 'antd';
import { useState } from 'react';
import { revenueHistoryExportRoute } from '#domain/api/report.ts';
import type { HistoryUnit, RevenueHistory } from '#domain/schemas/report.ts';
import { useFacility } from '#src/facility/facility-context.tsx';
import { API_BASE } from '#src/providers/http-client.ts';
import { downloadFile } from '../customers/download.ts';
import { useRevenueHistory } from './report-api.ts';
import { dayLabel, lastMonths, type MonthRange, monthLabel } from './report-model.ts';
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

type Row = RevenueHistory['rows'][number] & { label: string };

/** The periods' money as a chart and a table, with the totals row. */
function HistorySection({
  rows,
  totals,
  unit,
  loading,
}: {
  rows: Row[];
  totals: RevenueHistory['totals'] | undefined;
  unit: HistoryUnit;
  loading: boolean;
}) {
  const translate = useTranslate();
  const { won, language } = useWon();
  const t = (key: string, options?: Record<string, unknown>) => translate(`reports.${key}`, options);
  const hasAny = rows.some((r) => r.received !== 0 || r.refunds !== 0 || r.expenditure !== 0);
  return (
    <ChartWithTable<Row>
      title={unit === 'day' ? t('history.byDay') : t('history.byMonth')}
      headingId="report-history"
      loading={loading}
      empty={t('empty')}
      rows={hasAny ? rows : []}
      rowKey={(r) => r.period}
      pageSize={unit === 'day' ? 31 : 24}
      chart={
        <Charts.PeriodBars
          label={t('history.chart')}
          data={rows.map((r) => ({
            label: r.label,
            received: r.received,
            refunds: r.refunds,
            expenditure: -r.expenditure,
            net: r.net,
          }))}
          series={[
            { key: 'received', name: t('columns.received') },
            { key: 'refunds', name: t('columns.refunds'), color: '#b91c1c' },
            { key: 'expenditure', name: t('columns.expenditure'), color: '#b45309' },
          ]}
          line={{ key: 'net', name: t('columns.netAfterExpenditure') }}
          won={won}
          language={language}
        />
      }
      columns={[
        {
          key: 'period',
          title: unit === 'day' ? t('columns.date') : t('columns.month'),
          className: 'fd-nowrap',
          dataIndex: 'label',
        },
        moneyColumn<Row>('received', t('columns.received'), (r) => r.received, won),
        moneyColumn<Row>('refunds', t('columns.refunds'), (r) => r.refunds, won),
        moneyColumn<Row>('expenditure', t('columns.expenditure'), (r) => r.expenditure, won),
        moneyColumn<Row>('net', t('columns.netAfterExpenditure'), (r) => r.net, won),
      ]}
      summary={() =>
        totals ? (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>
              <strong>{t('csv.total')}</strong>
            </Table.Summary.Cell>
            {[totals.received, totals.refunds, totals.expenditure, totals.net].map((v, i) => (
              <Table.Summary.Cell key={['r', 'f', 'e', 'n'][i]} index={i + 1} align="right">
                <strong className={v < 0 ? 'fd-report-negative' : undefined}>{won(v)}</strong>
              </Table.Summary.Cell>
            ))}
          </Table.Summary.Row>
        ) : null
      }
    />
  );
}

/**
 * `/revenue/revenue-history` (docs/rules.md#reports): day by day or month by month, the money received, the
 * refunds paid, the expenditure and the net (received + refunds − expenditure), with its CSV.
 */
export function RevenueHistoryPage() {
  const translate = useTranslate();
  const { message } = App.useApp();
  const { won, language } = useWon();
  const { selected } = useFacility();
  const gymId = selected?.id ?? 0;
  const [range, setRange] = useState<MonthRange>(() => lastMonths(thisMonth(), 6));
  const [unit, setUnit] = useState<HistoryUnit>('month');
  const [exporting, setExporting] = useState(false);
  const report = useRevenueHistory(gymId, range, unit);
  const h = report.data;
  const t = (key: string, options?: Record<string, unknown>) => translate(`reports.${key}`, options);
  const rows: Row[] = (h?.rows ?? []).map((r) => ({
    ...r,
    label: h?.unit === 'day' ? dayLabel(r.period, true) : monthLabel(r.period),
  }));

  const exportCsv = async () => {
    setExporting(true);
    try {
      const query = new URLSearchParams({ gymId: String(gymId), from: range.from, to: range.to, unit });
      await downloadFile(
        `${API_BASE}${revenueHistoryExportRoute.path}?${query}`,
        language,
        `revenue-${unit}-${range.from}-${range.to}.csv`,
      );
    } catch {
      message.error(t('csv.failed'));
    } finally {
      setExporting(false);
    }
  };

  const totals = h?.totals;
  return (
    <div className="fd-report-page">
      <div className="fd-report-head">
        <Typography.Title level={1} className="fd-page-title">
          {t('history.title')}
        </Typography.Title>
        <div className="fd-report-tools">
          <Segmented<HistoryUnit>
            aria-label={t('unit.label')}
            value={unit}
            onChange={setUnit}
            options={[
              { value: 'day', label: t('unit.day') },
              { value: 'month', label: t('unit.month') },
            ]}
          />
          <MonthRangePicker value={range} onChange={setRange} />
          <Button
            icon={<DownloadOutlined />}
            loading={exporting}
            onClick={exportCsv}
            disabled={gymId <= 0 || !h}
          >
            {t('csv.export')}
          </Button>
        </div>
      </div>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('history.rule')}
      </Typography.Paragraph>
      {report.isError && <ReportError error={report.error} onRetry={() => void report.refetch()} />}
      <Figures
        loading={report.isLoading}
        items={[
          { key: 'received', title: t('figures.received'), value: won(totals?.received ?? 0) },
          {
            key: 'refunds',
            title: t('figures.refunds'),
            value: won(totals?.refunds ?? 0),
            negative: (totals?.refunds ?? 0) < 0,
          },
          { key: 'expenditure', title: t('figures.expenditure'), value: won(totals?.expenditure ?? 0) },
          {
            key: 'net',
            title: t('figures.netAfterExpenditure'),
            value: won(totals?.net ?? 0),
            negative: (totals?.net ?? 0) < 0,
          },
        ]}
      />
      <HistorySection rows={rows} totals={totals} unit={unit} loading={report.isLoading} />
    </div>
  );
}
