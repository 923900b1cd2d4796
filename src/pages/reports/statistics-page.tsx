import { DownloadOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import { useFacility } from '#src/facility/facility-context.tsx';
import { saveBlob } from '../customers/download.ts';
import { useStatistics } from './report-api.ts';
import { type MonthRange, monthsIn, statisticsCsv } from './report-model.ts';
import { MonthRangePicker, ReportError, thisMonth } from './report-parts.tsx';
import {
  CustomersSection,
  hasMoney,
  ItemSection,
  PeriodSection,
  StaffAndMethodSections,
  StatisticsFigures,
} from './statistics-sections.tsx';

/**
 * `/sales/statistics` (docs/rules.md#reports): for a month or a range of months, money received by day, by item
 * type and product, by staff member and by method; new customers against renewals; refunds; the average sale.
 * Sales count when the money is received (the payment lines), refunds are the refund lines.
 */
export function StatisticsPage() {
  const translate = useTranslate();
  const { selected } = useFacility();
  const gymId = selected?.id ?? 0;
  const [range, setRange] = useState<MonthRange>(() => ({ from: thisMonth(), to: thisMonth() }));
  const [unit, setUnit] = useState<'day' | 'month' | null>(null);
  const report = useStatistics(gymId, range);
  const s = report.data;
  const loading = report.isLoading;
  const t = (key: string, options?: Record<string, unknown>) => translate(`reports.${key}`, options);
  // By day for up to three months, by month beyond, unless the user chose.
  const shownUnit = unit ?? (monthsIn(range) <= 3 ? 'day' : 'month');

  const exportCsv = () => {
    if (!s) return;
    saveBlob(
      new Blob([statisticsCsv(s, translate)], { type: 'text/csv;charset=utf-8' }),
      `${t('statistics.fileName')}-${range.from}-${range.to}.csv`,
    );
  };

  return (
    <div className="fd-report-page">
      <div className="fd-report-head">
        <Typography.Title level={1} className="fd-page-title">
          {t('statistics.title')}
        </Typography.Title>
        <div className="fd-report-tools">
          <MonthRangePicker value={range} onChange={setRange} />
          <Button icon={<DownloadOutlined />} onClick={exportCsv} disabled={!s || !hasMoney(s)}>
            {t('csv.export')}
          </Button>
        </div>
      </div>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('statistics.rule')}
      </Typography.Paragraph>
      {report.isError && <ReportError error={report.error} onRetry={() => void report.refetch()} />}
      <StatisticsFigures s={s} loading={loading} />
      <PeriodSection s={s} loading={loading} unit={shownUnit} onUnit={setUnit} />
      <ItemSection s={s} loading={loading} />
      <StaffAndMethodSections s={s} loading={loading} />
      <CustomersSection s={s} loading={loading} />
      <Typography.Paragraph type="secondary">{t('statistics.customersRule')}</Typography.Paragraph>
    </div>
  );
}
