import { CheckCircleFilled, DownloadOutlined, WarningFilled } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { App, Button, DatePicker, Segmented, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { revenueAsOfExportRoute } from '#domain/api/report.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { PassRevenue, RevenueAsOf } from '#domain/schemas/report.ts';
import { EmptyText } from '#src/components/empty-text.tsx';
import { SectionCard } from '#src/components/section-card.tsx';
import { API_BASE } from '#src/providers/http-client.ts';
import { downloadFile } from '../customers/download.ts';
import { useRevenueAsOf } from './report-api.ts';
import { dayLabel } from './report-model.ts';
import { moneyColumn, ReportError, ScrollTable, useWon } from './report-parts.tsx';

const PAGE_SIZE = 20;

/** The sold passes' columns: the customer, the pass, its sale, its use and the four amounts. */
const usePassColumns = (): ColumnsType<PassRevenue> => {
  const translate = useTranslate();
  const { won } = useWon();
  const t = (key: string, options?: Record<string, unknown>) => translate(`reports.${key}`, options);
  return [
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
};

/** The reconciliation line: paid = earned + deferred + refunded, and whether it holds. */
function Reconcile({ a }: { a: RevenueAsOf }) {
  const translate = useTranslate();
  const { won } = useWon();
  const t = (key: string, options?: Record<string, unknown>) => translate(`reports.${key}`, options);
  return (
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
        {t('columns.deferred')} {won(a.totals.deferred)} + {t('columns.refunded')} {won(a.totals.refunded)}
      </strong>
      <Tag color={a.reconciles ? '#15803d' : '#b91c1c'}>
        {a.reconciles ? t('revenue.reconciles') : t('revenue.doesNotReconcile')}
      </Tag>
    </div>
  );
}

/** Each sold pass as of a day (all, or those with a deferred part), reconciled, with its CSV. */
export function RevenueAsOfSection({ gymId }: { gymId: number }) {
  const translate = useTranslate();
  const { message } = App.useApp();
  const { language } = useWon();
  const t = (key: string, options?: Record<string, unknown>) => translate(`reports.${key}`, options);
  const today = seoulToday(new Date());
  const [date, setDate] = useState(today);
  const [view, setView] = useState<'all' | 'deferred'>('all');
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const asOf = useRevenueAsOf(gymId, { date, view, page, pageSize: PAGE_SIZE });
  const a: RevenueAsOf | undefined = asOf.data;
  const passColumns = usePassColumns();

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

  return (
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
      {a && <Reconcile a={a} />}
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
  );
}
