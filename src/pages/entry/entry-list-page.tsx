import { DownloadOutlined, LoginOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Space, Table, Typography } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { entryListRoute, entryStatsRoute } from '#domain/api/entry.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { Entry } from '#domain/schemas/entry.ts';
import { EmptyText } from '#src/components/empty-text.tsx';
import { useFacility } from '#src/facility/facility-context.tsx';
import { api } from '#src/providers/instances.ts';
import { downloadFile } from '../customers/download.ts';
import { defaultRange, dotDate, type EntryFilters, entryExportUrl, entryQueryOf } from './entry-format.ts';
import { EntryFilterBar, EntryStats, entryColumns, loadHourChart } from './entry-list-parts.tsx';
import '../customers/members.css';
import './entries.css';
import { usePhoneTable } from '#src/components/phone-table.ts';

const ManualCheckInDialog = lazy(() =>
  import('./manual-check-in-dialog.tsx').then((m) => ({ default: m.ManualCheckInDialog })),
);

const PAGE_SIZE = 20;

const initialFilters = (): EntryFilters => {
  const [from, to] = defaultRange(seoulToday(new Date()));
  return { from, to, q: '' };
};

/** The page of entries and the range's figures; the last answer stays while the next loads. */
const useEntryLists = (
  gymId: number,
  query: ReturnType<typeof entryQueryOf>,
  page: number,
  ready: boolean,
) => {
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
  return { list, stats };
};

/** The filtered log as a CSV, from the server. */
const useEntryCsv = (gymId: number, filters: EntryFilters) => {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
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
  return { exporting, exportCsv };
};

/** `/manage/entryList`: the facility's entry log, filtered and paged, with today's count and the busy hours. */
export function EntryListPage() {
  const translate = useTranslate();
  const client = useQueryClient();
  const { selected, gymAuth, approvedSubServices, contextLoading } = useFacility();
  const gymId = selected?.id ?? 0;
  const canChange = Boolean(gymAuth?.representYn || gymAuth?.memberSettingYn);
  const hasAddOn = approvedSubServices.has('ENTER');
  const ready = gymId > 0 && hasAddOn;
  const [filters, setFilters] = useState<EntryFilters>(initialFilters);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [checkingIn, setCheckingIn] = useState(false);
  const query = entryQueryOf(filters);

  const { list, stats } = useEntryLists(gymId, query, page, ready);
  const { exporting, exportCsv } = useEntryCsv(gymId, filters);

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

  const columns = entryColumns(translate);

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
      <EntryFilterBar filters={filters} search={search} onSearch={setSearch} onChange={set} onReset={reset} />
      <EntryStats stats={stats} ready={ready} />
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
