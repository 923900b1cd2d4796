import { DownloadOutlined, LoginOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Input,
  Select,
  Space,
  Spin,
  Statistic,
  Table,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { entryListRoute, entryStatsRoute } from '#domain/api/entry.ts';
import { type EntryMethod, type EntryResult, entryMethods, entryResults } from '#domain/rules/entry.ts';
import { daysBetween, seoulToday } from '#domain/rules/seoul-time.ts';
import type { Entry } from '#domain/schemas/entry.ts';
import { EmptyText } from '#src/components/empty-text.tsx';
import { useFacility } from '#src/facility/facility-context.tsx';
import { api } from '#src/providers/instances.ts';
import { downloadFile } from '../customers/download.ts';
import {
  busiestHour,
  defaultRange,
  dotDate,
  type EntryFilters,
  entryExportUrl,
  entryQueryOf,
  MAX_RANGE_DAYS,
  seoulDateTime,
} from './entry-format.ts';
import { EntryResultCell } from './entry-result-cell.tsx';
import '../customers/members.css';
import './entries.css';
import { usePhoneTable } from '#src/components/phone-table.ts';

// The chart's chunk (recharts, the page's largest) is fetched when the page asks for its figures, beside them, not
// once they have arrived: the page is shown with its chart a chunk's load and evaluation sooner.
const loadHourChart = () => import('./entry-hour-chart.tsx');
const EntryHourChart = lazy(() => loadHourChart().then((m) => ({ default: m.EntryHourChart })));
const ManualCheckInDialog = lazy(() =>
  import('./manual-check-in-dialog.tsx').then((m) => ({ default: m.ManualCheckInDialog })),
);

const PAGE_SIZE = 20;
const DAY = 'YYYY-MM-DD';

const initialFilters = (): EntryFilters => {
  const [from, to] = defaultRange(seoulToday(new Date()));
  return { from, to, q: '' };
};

/** `/manage/entryList`: the facility's entry log, filtered and paged, with today's count and the busy hours. */
export function EntryListPage() {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const { selected, gymAuth, approvedSubServices, contextLoading } = useFacility();
  const gymId = selected?.id ?? 0;
  const canChange = Boolean(gymAuth?.representYn || gymAuth?.memberSettingYn);
  const hasAddOn = approvedSubServices.has('ENTER');
  const ready = gymId > 0 && hasAddOn;
  const [filters, setFilters] = useState<EntryFilters>(initialFilters);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const [checkingIn, setCheckingIn] = useState(false);
  const query = entryQueryOf(filters);

  const list = useQuery({
    queryKey: ['entries', 'list', gymId, query, page],
    queryFn: () =>
      api.list(entryListRoute, {
        params: { gymId },
        query: { ...query, _start: (page - 1) * PAGE_SIZE, _end: page * PAGE_SIZE },
      }),
    enabled: ready,
    placeholderData: (previous) => previous,
  });
  const stats = useQuery({
    queryKey: ['entries', 'stats', gymId, query.from, query.to],
    queryFn: () =>
      api.call(entryStatsRoute, {
        params: { gymId },
        query: { ...(query.from ? { from: query.from } : {}), ...(query.to ? { to: query.to } : {}) },
      }),
    enabled: ready,
    placeholderData: (previous) => previous,
  });

  useEffect(() => {
    if (ready) void loadHourChart();
  }, [ready]);

  const set = (patch: Partial<EntryFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const reset = () => {
    setFilters(initialFilters());
    setSearch('');
    setPage(1);
  };
  const refresh = () => void client.invalidateQueries({ queryKey: ['entries'] });

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadFile(
        entryExportUrl(gymId, filters),
        i18n.language,
        `entries-${seoulToday(new Date())}.csv`,
      );
    } catch {
      message.error(translate('entries.list.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  const range: [Dayjs, Dayjs] | null =
    filters.from && filters.to ? [dayjs(filters.from, DAY), dayjs(filters.to, DAY)] : null;

  const columns: ColumnsType<Entry> = [
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

  const peak = stats.data ? busiestHour(stats.data.byHour) : null;

  const phone = usePhoneTable(columns, { name: 'customer', figure: 'result' });
  return (
    <div className="fd-members-page fd-entry-page">
      <div className="fd-members-head">
        <Typography.Title level={1} className="fd-page-title">
          {translate('entries.list.title')}
        </Typography.Title>
        <Space wrap>
          {canChange && (
            <Button
              type="primary"
              icon={<LoginOutlined />}
              disabled={!ready}
              onClick={() => setCheckingIn(true)}
            >
              {translate('entries.manual.open')}
            </Button>
          )}
          <Button icon={<DownloadOutlined />} loading={exporting} disabled={!ready} onClick={exportCsv}>
            {translate('entries.list.export')}
          </Button>
        </Space>
      </div>
      {!contextLoading && gymId > 0 && !hasAddOn && (
        <Alert
          type="info"
          showIcon
          message={translate('entries.list.addOnRequired')}
          action={<Link to="/subservice">{translate('entries.list.addOnLink')}</Link>}
        />
      )}
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
            if (picked?.[0] && picked[1]) set({ from: picked[0].format(DAY), to: picked[1].format(DAY) });
          }}
        />
        <Select<EntryResult>
          allowClear
          aria-label={translate('entries.list.result')}
          placeholder={translate('entries.list.result')}
          value={filters.result}
          onChange={(result) => set({ result: result ?? undefined })}
          options={entryResults.map((r) => ({ value: r, label: translate(`entries.results.${r}`) }))}
        />
        <Select<EntryMethod>
          allowClear
          aria-label={translate('entries.list.method')}
          placeholder={translate('entries.list.method')}
          value={filters.method}
          onChange={(method) => set({ method: method ?? undefined })}
          options={entryMethods.map((m) => ({ value: m, label: translate(`entries.methods.${m}`) }))}
        />
        <Input.Search
          allowClear
          aria-label={translate('entries.list.search')}
          placeholder={translate('entries.list.search')}
          value={search}
          maxLength={40}
          onChange={(event) => {
            setSearch(event.target.value);
            if (!event.target.value) set({ q: '' });
          }}
          onSearch={(value) => set({ q: value.trim() })}
          className="fd-members-search"
        />
        <Button icon={<ReloadOutlined />} onClick={reset}>
          {translate('entries.list.reset')}
        </Button>
      </section>
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
      {list.isError && <Alert type="error" showIcon message={translate('entries.list.loadFailed')} />}
      {/* The wrapper scrolls on a phone; antd's own horizontal scroll adds a measuring row that axe flags. */}
      <div className="fd-table-scroll">
        <Table<Entry>
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          columns={phone.columns}
          scroll={phone.scroll}
          dataSource={list.data?.data ?? []}
          caption={
            <span className="fd-entry-visually-hidden">
              {translate('entries.list.caption', {
                from: filters.from ? dotDate(filters.from) : '',
                to: filters.to ? dotDate(filters.to) : '',
              })}
            </span>
          }
          locale={{ emptyText: <EmptyText>{translate('entries.list.empty')}</EmptyText> }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: list.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => translate('entries.list.total', { count: total }),
            onChange: setPage,
          }}
        />
      </div>
      <Suspense fallback={null}>
        {checkingIn && (
          <ManualCheckInDialog gymId={gymId} onClose={() => setCheckingIn(false)} onCheckedIn={refresh} />
        )}
      </Suspense>
    </div>
  );
}
