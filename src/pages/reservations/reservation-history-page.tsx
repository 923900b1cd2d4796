import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, DatePicker, Select, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { customerListRoute } from '#domain/api/customer.ts';
import { reservationListRoute } from '#domain/api/schedule.ts';
import { type ReservationStatus, reservationStatuses } from '#domain/rules/schedule.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { Reservation } from '#domain/schemas/schedule.ts';
import { EmptyText } from '#src/components/empty-text.tsx';
import { useFacility } from '#src/facility/facility-context.tsx';
import { api } from '#src/providers/instances.ts';
import { saveBlob } from '../customers/download.ts';
import { useStaffOptions } from '../customers/use-staff-options.ts';
import {
  CSV_MAX_ROWS,
  CSV_PAGE_SIZE,
  collectPages,
  reservationCsv,
  seoulDateTime,
} from './reservation-csv.ts';
import { AttendanceTag, LateTag, StatusTag } from './reservation-labels.tsx';
import '../customers/members.css';
import './reservations.css';

const PAGE_SIZE = 20;
const EXPORT_KEY = 'reservation-export';

type Option = { value: number; label: string };

/** The filters: in component state only, so no customer ever shows in a URL. */
type Filters = {
  status?: ReservationStatus;
  range: [Dayjs | null, Dayjs | null] | null;
  trainerMemberId?: number;
  customer?: Option;
  lateOnly: boolean;
};

/** This Seoul month, the default range. */
const thisMonth = (): [Dayjs, Dayjs] => {
  const today = dayjs(seoulToday(new Date()));
  return [today.startOf('month'), today.endOf('month')];
};

const initialFilters = (): Filters => ({ range: thisMonth(), lateOnly: false });

/** The list route's query for the filters (without the page). */
const queryOf = (f: Filters) => ({
  ...(f.status ? { status: f.status } : {}),
  ...(f.range?.[0] ? { from: f.range[0].format('YYYY-MM-DD') } : {}),
  ...(f.range?.[1] ? { to: f.range[1].format('YYYY-MM-DD') } : {}),
  ...(f.trainerMemberId ? { trainerMemberId: f.trainerMemberId } : {}),
  ...(f.customer ? { memberId: f.customer.value } : {}),
  ...(f.lateOnly ? { late: 'true' as const } : {}),
});

/** The value after `delay` ms without change (the customer search asks once the typing pauses). */
const useDebounced = <T,>(value: T, delay = 300): T => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
};

/** A customer picked by a search of the facility's customers (name or phone). */
function CustomerSelect({
  gymId,
  value,
  onChange,
}: {
  gymId: number;
  value?: Option;
  onChange: (value: Option | undefined) => void;
}) {
  const translate = useTranslate();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const candidates = useQuery({
    queryKey: ['reservations', 'customer-options', gymId, q],
    queryFn: () =>
      api.call(customerListRoute, {
        query: { gymId, segment: 'all', days: 7, ...(q ? { q } : {}), _start: 0, _end: 20 },
      }),
    enabled: gymId > 0,
    staleTime: 30_000,
  });
  const options = (candidates.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.phone})` }));
  return (
    <Select<Option>
      showSearch
      allowClear
      labelInValue
      className="fd-reservation-customer"
      aria-label={translate('reservations.list.customer')}
      placeholder={translate('reservations.list.customerSearch')}
      filterOption={false}
      onSearch={setSearch}
      loading={candidates.isFetching}
      value={value}
      onChange={(picked) => {
        setSearch('');
        onChange(picked ? { value: picked.value, label: String(picked.label) } : undefined);
      }}
      options={options}
    />
  );
}

/** `/plan/reservationHistory`: every reservation of the facility, filtered and paged, with its CSV export. */
export function ReservationHistoryPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { selected } = useFacility();
  const gymId = selected?.id ?? 0;
  const staff = useStaffOptions(gymId);
  const [filters, setFilters] = useState<Filters>(initialFilters);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const list = useQuery({
    queryKey: ['reservations', 'list', gymId, queryOf(filters), page],
    queryFn: () =>
      api.list(reservationListRoute, {
        params: { gymId },
        query: { ...queryOf(filters), _start: (page - 1) * PAGE_SIZE, _end: page * PAGE_SIZE },
      }),
    enabled: gymId > 0,
    placeholderData: (previous) => previous,
  });

  const set = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const reset = () => {
    setFilters(initialFilters());
    setPage(1);
  };
  const open = (r: Reservation) => navigate(`/plan/reservationHistory/info?id=${r.id}`);

  const exportCsv = async () => {
    setExporting(true);
    const query = queryOf(filters);
    const progress = (read: number, total: number) =>
      message.open({
        key: EXPORT_KEY,
        type: 'loading',
        duration: 0,
        content: translate('reservations.csv.progress', { read, total }),
      });
    progress(0, 0);
    try {
      const { rows, total, truncated } = await collectPages(
        (start, end) =>
          api.list(reservationListRoute, {
            params: { gymId },
            query: { ...query, _start: start, _end: end },
          }),
        { max: CSV_MAX_ROWS, pageSize: CSV_PAGE_SIZE, onProgress: progress },
      );
      if (rows.length === 0) {
        message.open({ key: EXPORT_KEY, type: 'info', content: translate('reservations.csv.nothing') });
        return;
      }
      saveBlob(
        new Blob([reservationCsv(rows, translate)], { type: 'text/csv;charset=utf-8' }),
        `${translate('reservations.csv.fileName')}-${seoulToday(new Date())}.csv`,
      );
      message.open(
        truncated
          ? {
              key: EXPORT_KEY,
              type: 'warning',
              duration: 8,
              content: translate('reservations.csv.truncated', { max: rows.length, total }),
            }
          : {
              key: EXPORT_KEY,
              type: 'success',
              content: translate('reservations.csv.done', { count: rows.length }),
            },
      );
    } catch {
      message.open({ key: EXPORT_KEY, type: 'error', content: translate('reservations.csv.failed') });
    } finally {
      setExporting(false);
    }
  };

  const columns: ColumnsType<Reservation> = [
    {
      key: 'lessonAt',
      title: translate('reservations.list.lessonAt'),
      className: 'fd-nowrap',
      render: (_, r) => seoulDateTime(r.startAt),
    },
    { key: 'lessonTitle', dataIndex: 'lessonTitle', title: translate('reservations.list.lessonTitle') },
    {
      key: 'trainer',
      title: translate('reservations.list.trainer'),
      className: 'fd-nowrap',
      render: (_, r) => r.trainerName ?? '-',
    },
    {
      key: 'customer',
      title: translate('reservations.list.customer'),
      className: 'fd-nowrap',
      render: (_, r) => (
        <>
          {r.memberName}
          <span className="fd-reservation-phone">{r.phone}</span>
        </>
      ),
    },
    { key: 'pass', dataIndex: 'ticketName', title: translate('reservations.list.pass') },
    {
      key: 'status',
      title: translate('reservations.list.status'),
      className: 'fd-nowrap',
      render: (_, r) => <StatusTag status={r.status} />,
    },
    {
      key: 'attendance',
      title: translate('reservations.list.attendance'),
      className: 'fd-nowrap',
      render: (_, r) => <AttendanceTag attendance={r.attendance} />,
    },
    {
      key: 'late',
      title: translate('reservations.list.late'),
      className: 'fd-nowrap',
      render: (_, r) => <LateTag late={r.late} />,
    },
    {
      key: 'source',
      title: translate('reservations.list.source'),
      className: 'fd-nowrap',
      render: (_, r) => translate(`reservations.source.${r.source}`),
    },
    {
      key: 'bookedAt',
      title: translate('reservations.list.bookedAt'),
      className: 'fd-nowrap',
      render: (_, r) => seoulDateTime(r.createDate),
    },
    {
      key: 'history',
      title: '',
      className: 'fd-nowrap',
      render: (_, r) => (
        <Link
          to={`/plan/reservationHistory/info?id=${r.id}`}
          aria-label={translate('reservations.list.historyOf', { name: r.memberName, lesson: r.lessonTitle })}
          onClick={(event) => event.stopPropagation()}
        >
          {translate('reservations.list.history')}
        </Link>
      ),
    },
  ];

  return (
    <div className="fd-members-page fd-reservation-page">
      <div className="fd-members-head">
        <Typography.Title level={1} className="fd-page-title">
          {translate('reservations.list.title')}
        </Typography.Title>
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportCsv} disabled={gymId <= 0}>
          {translate('reservations.csv.export')}
        </Button>
      </div>
      <section
        className="fd-members-toolbar fd-reservation-filters"
        aria-label={translate('reservations.list.filters')}
      >
        <Select<ReservationStatus>
          allowClear
          aria-label={translate('reservations.list.status')}
          placeholder={translate('reservations.list.status')}
          value={filters.status}
          onChange={(status) => set({ status: status ?? undefined })}
          options={reservationStatuses.map((s) => ({
            value: s,
            label: translate(`reservations.status.${s}`),
          }))}
        />
        <DatePicker.RangePicker
          aria-label={translate('reservations.list.dateRange')}
          placeholder={[translate('reservations.list.dateFrom'), translate('reservations.list.dateTo')]}
          format="YYYY.MM.DD"
          allowEmpty={[true, true]}
          value={filters.range}
          onChange={(range) => set({ range: range as Filters['range'] })}
        />
        <Select<number>
          allowClear
          showSearch
          optionFilterProp="label"
          aria-label={translate('reservations.list.trainer')}
          placeholder={translate('reservations.list.trainer')}
          value={filters.trainerMemberId}
          onChange={(trainerMemberId) => set({ trainerMemberId: trainerMemberId ?? undefined })}
          options={staff}
        />
        <CustomerSelect gymId={gymId} value={filters.customer} onChange={(customer) => set({ customer })} />
        <Checkbox checked={filters.lateOnly} onChange={(event) => set({ lateOnly: event.target.checked })}>
          {translate('reservations.list.lateOnly')}
        </Checkbox>
        <Button icon={<ReloadOutlined />} onClick={reset}>
          {translate('reservations.list.reset')}
        </Button>
      </section>
      {list.isError && <Alert type="error" showIcon message={translate('reservations.list.loadFailed')} />}
      <Table<Reservation>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.data ?? []}
        scroll={{ x: 'max-content' }}
        rowClassName={() => 'fd-reservation-row'}
        onRow={(r) => ({ onClick: () => open(r) })}
        locale={{ emptyText: <EmptyText>{translate('reservations.list.empty')}</EmptyText> }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => translate('reservations.list.total', { count: total }),
          onChange: setPage,
        }}
      />
    </div>
  );
}
