import { ReloadOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Card, DatePicker, Input, Select, Space, Spin, Statistic, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { entryStatsRoute } from '#domain/api/entry.ts';
import { type EntryMethod, type EntryResult, entryMethods, entryResults } from '#domain/rules/entry.ts';
import { daysBetween } from '#domain/rules/seoul-time.ts';
import type { Entry } from '#domain/schemas/entry.ts';
import type { Answer } from '#src/api/client.ts';
import type { Translate } from '#src/kit/translate.ts';
import { busiestHour, type EntryFilters, MAX_RANGE_DAYS, seoulDateTime } from './entry-format.ts';
import { EntryResultCell } from './entry-result-cell.tsx';

// The entry log's parts (entry-list-page.tsx): the columns, the filters, the figures and the busy hours.

// The chart's chunk (recharts, the page's largest) is fetched when the page asks for its figures, beside them, not
// once they have arrived: the page is shown with its chart a chunk's load and evaluation sooner.
export const loadHourChart = () => import('./entry-hour-chart.tsx');
const EntryHourChart = lazy(() => loadHourChart().then((m) => ({ default: m.EntryHourChart })));
const DAY = 'YYYY-MM-DD';

/** The log's columns: when, who (a link to the customer), how, the pass, sessions left, the result, staff. */
export const entryColumns = (translate: Translate): ColumnsType<Entry> => {
  return [
    {
      key: 'time',
      title: translate('entries.list.time'),
      className: 'fd-nowrap',
      render: (_, e) => seoulDateTime(e.createDate),
    },
    {
      key: 'customer',
      title: translate('entries.list.customer'),
      className: 'fd-nowrap',
      render: (_, e) => (
        <>
          <Link to={`/memberManage/list/info?id=${e.memberId}`}>{e.memberName}</Link>
          <span className="fd-entry-phone">{e.phone}</span>
        </>
      ),
    },
    {
      key: 'method',
      title: translate('entries.list.method'),
      className: 'fd-nowrap',
      render: (_, e) => translate(`entries.methods.${e.method}`),
    },
    { key: 'pass', title: translate('entries.list.pass'), render: (_, e) => e.passName ?? '-' },
    {
      key: 'sessionsLeft',
      title: translate('entries.list.sessionsLeft'),
      align: 'right',
      render: (_, e) => e.sessionsLeft ?? '-',
    },
    {
      key: 'result',
      title: translate('entries.list.result'),
      render: (_, e) => <EntryResultCell entry={e} />,
    },
    {
      key: 'staff',
      title: translate('entries.list.staff'),
      render: (_, e) =>
        e.staffName || e.note ? (
          <Space direction="vertical" size={0}>
            <span className="fd-nowrap">{e.staffName ?? '-'}</span>
            {e.note && <Typography.Text type="secondary">{e.note}</Typography.Text>}
          </Space>
        ) : (
          '-'
        ),
    },
  ];
};

/** The date range (at most MAX_RANGE_DAYS), the result, the method, the search and the reset. */
export function EntryFilterBar({
  filters,
  search,
  onSearch,
  onChange,
  onReset,
}: {
  filters: EntryFilters;
  search: string;
  onSearch: (text: string) => void;
  onChange: (patch: Partial<EntryFilters>) => void;
  onReset: () => void;
}) {
  const translate = useTranslate();
  const range: [Dayjs, Dayjs] | null =
    filters.from && filters.to ? [dayjs(filters.from, DAY), dayjs(filters.to, DAY)] : null;
  return (
    <section className="fd-members-toolbar fd-entry-filters" aria-label={translate('entries.list.filters')}>
      <DatePicker.RangePicker
        aria-label={translate('entries.list.dateRange')}
        placeholder={[translate('entries.list.dateFrom'), translate('entries.list.dateTo')]}
        format="YYYY.MM.DD"
        allowClear={false}
        value={range}
        disabledDate={(current, info) =>
          info.from
            ? Math.abs(daysBetween(info.from.format(DAY), current.format(DAY))) >= MAX_RANGE_DAYS
            : false
        }
        onChange={(picked) => {
          if (picked?.[0] && picked[1]) onChange({ from: picked[0].format(DAY), to: picked[1].format(DAY) });
        }}
      />
      <Select<EntryResult>
        allowClear
        aria-label={translate('entries.list.result')}
        placeholder={translate('entries.list.result')}
        value={filters.result}
        onChange={(result) => onChange({ result: result ?? undefined })}
        options={entryResults.map((r) => ({ value: r, label: translate(`entries.results.${r}`) }))}
      />
      <Select<EntryMethod>
        allowClear
        aria-label={translate('entries.list.method')}
        placeholder={translate('entries.list.method')}
        value={filters.method}
        onChange={(method) => onChange({ method: method ?? undefined })}
        options={entryMethods.map((m) => ({ value: m, label: translate(`entries.methods.${m}`) }))}
      />
      <Input.Search
        allowClear
        aria-label={translate('entries.list.search')}
        placeholder={translate('entries.list.search')}
        value={search}
        maxLength={40}
        onChange={(event) => {
          onSearch(event.target.value);
          if (!event.target.value) onChange({ q: '' });
        }}
        onSearch={(value) => onChange({ q: value.trim() })}
        className="fd-members-search"
      />
      <Button icon={<ReloadOutlined />} onClick={onReset}>
        {translate('entries.list.reset')}
      </Button>
    </section>
  );
}

type Stats = Answer<typeof entryStatsRoute>;

/** Today's count and the range's totals by result, and the visits by hour with the busiest one. */
export function EntryStats({ stats, ready }: { stats: UseQueryResult<Stats>; ready: boolean }) {
  const translate = useTranslate();
  const peak = stats.data ? busiestHour(stats.data.byHour) : null;

  return (
    <>
      <section className="fd-entry-stats" aria-label={translate('entries.stats.region')}>
        <Card size="small">
          <Statistic
            title={translate('entries.stats.today')}
            value={stats.data?.today ?? 0}
            loading={stats.isLoading && ready}
          />
        </Card>
        <Card size="small">
          <Statistic title={translate('entries.stats.total')} value={stats.data?.total ?? 0} />
        </Card>
        <Card size="small">
          <Statistic title={translate('entries.results.ALLOWED')} value={stats.data?.allowed ?? 0} />
        </Card>
        <Card size="small">
          <Statistic title={translate('entries.results.REFUSED')} value={stats.data?.refused ?? 0} />
        </Card>
        <Card size="small">
          <Statistic title={translate('entries.results.OVERRIDE')} value={stats.data?.override ?? 0} />
        </Card>
      </section>
      <Card size="small" title={<h2 className="fd-entry-card-title">{translate('entries.stats.byHour')}</h2>}>
        <Typography.Paragraph type="secondary" className="fd-entry-chart-summary">
          {peak
            ? translate('entries.stats.peak', { hour: String(peak.hour).padStart(2, '0'), count: peak.count })
            : translate('entries.stats.noVisits')}
        </Typography.Paragraph>
        {stats.data && stats.data.total > 0 && (
          <Suspense fallback={<Spin />}>
            <EntryHourChart byHour={stats.data.byHour} visits={translate('entries.stats.visits')} />
          </Suspense>
        )}
      </Card>
    </>
  );
}
