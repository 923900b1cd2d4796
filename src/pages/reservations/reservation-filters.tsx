import { ReloadOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, Checkbox, DatePicker, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { customerListRoute } from '#domain/api/customer.ts';
import { type ReservationStatus, reservationStatuses } from '#domain/rules/schedule.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import { useContract } from '#src/kit/contract-hooks.ts';
import { reservationKeys } from './reservation-keys.ts';

export type Option = { value: number; label: string };

/** The filters: in component state only, so no customer ever shows in a URL. */
export type Filters = {
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

export const initialFilters = (): Filters => ({ range: thisMonth(), lateOnly: false });

/** The list route's query for the filters (without the page). */
export const queryOf = (f: Filters) => ({
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
  const candidates = useContract(
    customerListRoute,
    { query: { gymId, segment: 'all', days: 7, ...(q ? { q } : {}), _start: 0, _end: 20 } },
    { queryKey: reservationKeys['customer-options'](gymId, q), enabled: gymId > 0, staleTime: 30_000 },
  );
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

/** The filters' bar: status, date range, trainer, customer, late only, and a reset to this month. */
export function ReservationFilters({
  gymId,
  filters,
  staff,
  onFilter,
  onReset,
}: {
  gymId: number;
  filters: Filters;
  staff: Option[];
  onFilter: (patch: Partial<Filters>) => void;
  onReset: () => void;
}) {
  const translate = useTranslate();
  return (
    <section
      className="fd-members-toolbar fd-reservation-filters"
      aria-label={translate('reservations.list.filters')}
    >
      <Select<ReservationStatus>
        allowClear
        aria-label={translate('reservations.list.status')}
        placeholder={translate('reservations.list.status')}
        value={filters.status}
        onChange={(status) => onFilter({ status: status ?? undefined })}
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
        onChange={(range) => onFilter({ range: range as Filters['range'] })}
      />
      <Select<number>
        allowClear
        showSearch
        optionFilterProp="label"
        aria-label={translate('reservations.list.trainer')}
        placeholder={translate('reservations.list.trainer')}
        value={filters.trainerMemberId}
        onChange={(trainerMemberId) => onFilter({ trainerMemberId: trainerMemberId ?? undefined })}
        options={staff}
      />
      <CustomerSelect
        gymId={gymId}
        value={filters.customer}
        onChange={(customer) => onFilter({ customer })}
      />
      <Checkbox checked={filters.lateOnly} onChange={(event) => onFilter({ lateOnly: event.target.checked })}>
        {translate('reservations.list.lateOnly')}
      </Checkbox>
      <Button icon={<ReloadOutlined />} onClick={onReset}>
        {translate('reservations.list.reset')}
      </Button>
    </section>
  );
}
