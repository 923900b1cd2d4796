import { DownloadOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Alert, Button, Table, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { reservationListRoute } from '#domain/api/schedule.ts';
import type { Reservation } from '#domain/schemas/schedule.ts';
import { EmptyText } from '#src/components/empty-text.tsx';
import { useFacility } from '#src/facility/facility-context.tsx';
import { useContractList } from '#src/kit/contract-hooks.ts';
import { useStaffOptions } from '../customers/use-staff-options.ts';
import { useReservationColumns } from './reservation-columns.tsx';
import { type Filters, initialFilters, queryOf, ReservationFilters } from './reservation-filters.tsx';
import { reservationKeys } from './reservation-keys.ts';
import { useReservationExport } from './use-reservation-export.ts';
import '../customers/members.css';
import './reservations.css';

const PAGE_SIZE = 20;

/** `/plan/reservationHistory`: every reservation of the facility, filtered and paged, with its CSV export. */
export function ReservationHistoryPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { selected } = useFacility();
  const gymId = selected?.id ?? 0;
  const staff = useStaffOptions(gymId);
  const [filters, setFilters] = useState<Filters>(initialFilters);
  const [page, setPage] = useState(1);
  const list = useContractList(
    reservationListRoute,
    {
      params: { gymId },
      query: { ...queryOf(filters), _start: (page - 1) * PAGE_SIZE, _end: page * PAGE_SIZE },
    },
    {
      queryKey: reservationKeys.list(gymId, queryOf(filters), page),
      enabled: gymId > 0,
      placeholderData: (previous) => previous,
    },
  );
  const { exporting, exportCsv } = useReservationExport(gymId, filters);
  const columns = useReservationColumns();

  const set = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const reset = () => {
    setFilters(initialFilters());
    setPage(1);
  };
  const open = (r: Reservation) => navigate(`/plan/reservationHistory/info?id=${r.id}`);

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
      <ReservationFilters gymId={gymId} filters={filters} staff={staff} onFilter={set} onReset={reset} />
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
