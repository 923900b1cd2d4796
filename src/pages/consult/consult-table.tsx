import { DownloadOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Input, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { consultCallRoute, consultListRoute } from '#domain/api/consult.ts';
import { consultOutcomes, consultStatuses, leadStages, personKinds } from '#domain/enums.ts';
import { leadSources, maskPhone } from '#domain/rules/customer.ts';
import type { Consult } from '#domain/schemas/consult.ts';
import { EmptyText } from '#src/components/empty-text.tsx';
import { usePhoneTable } from '#src/components/phone-table.ts';
import type { Translate } from '#src/kit/translate.ts';
import { isHttpError } from '#src/providers/http-error.ts';
import { api } from '#src/providers/instances.ts';
import { saveBlob } from '../customers/download.ts';
import { useStaffOptions } from '../customers/use-staff-options.ts';
import { consultCsv } from './consult-csv.ts';
import { ConsultDrawer } from './consult-drawer.tsx';
import { OUTCOME_COLORS, STATUS_COLORS, STATUS_TEXT_COLORS, WAITING_BADGE_POLL_MS } from './consult-model.ts';

// The consultation list (consult-list-page.tsx's first tab): the filters, the table, the CSV and the drawer.

const PAGE = 20;

type StaffOption = ReturnType<typeof useStaffOptions>[number];

type Filters = {
  q?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
  personKind?: string;
  status?: string;
  outcome?: string;
  stage?: string;
  staffMemberId?: number;
  source?: string;
};

const queryOf = (filters: Filters, start: number, end: number) => ({
  _start: start,
  _end: end,
  ...(filters.q ? { q: filters.q } : {}),
  ...(filters.range?.[0] ? { createDate_gte: filters.range[0].startOf('day').toISOString() } : {}),
  ...(filters.range?.[1] ? { createDate_lte: filters.range[1].endOf('day').toISOString() } : {}),
  ...(filters.personKind ? { personKind: filters.personKind } : {}),
  ...(filters.status ? { status: filters.status } : {}),
  ...(filters.outcome ? { outcome: filters.outcome } : {}),
  ...(filters.stage ? { stage: filters.stage } : {}),
  ...(filters.staffMemberId ? { staffMemberId: filters.staffMemberId } : {}),
  ...(filters.source ? { source: filters.source } : {}),
});

/** The list's columns: the day, the name (opens the drawer), the masked phone, goals, outcome, staff, "call". */
const consultColumns = ({
  translate,
  canChange,
  calling,
  staffName,
  onOpen,
  onCall,
}: {
  translate: Translate;
  canChange: boolean;
  calling: boolean;
  staffName: (id: number | null) => string;
  onOpen: (id: number) => void;
  onCall: (consult: Consult) => void;
}): ColumnsType<Consult> => {
  return [
    {
      key: 'date',
      title: translate('consult.list.date'),
      className: 'fd-nowrap',
      render: (_, c) => c.createDate.slice(0, 10),
    },
    {
      key: 'name',
      title: translate('consult.list.name'),
      render: (_, c) => (
        <Button type="link" className="fd-link-button" onClick={() => onOpen(c.id)}>
          {c.name}
        </Button>
      ),
    },
    {
      key: 'phone',
      title: translate('consult.list.phone'),
      className: 'fd-nowrap',
      render: (_, c) => maskPhone(c.phone),
    },
    {
      key: 'goals',
      title: translate('consult.list.goals'),
      render: (_, c) => c.goals.map((g) => <Tag key={g}>{translate(`consult.goal.${g}`)}</Tag>),
    },
    {
      key: 'status',
      title: translate('consult.list.outcome'),
      render: (_, c) =>
        c.outcome ? (
          <Tag color={OUTCOME_COLORS[c.outcome]}>{translate(`consult.outcome.${c.outcome}`)}</Tag>
        ) : (
          <Tag color={STATUS_COLORS[c.status]} style={{ color: STATUS_TEXT_COLORS[c.status] }}>
            {translate(`consult.status.${c.status}`)}
          </Tag>
        ),
    },
    {
      key: 'followUp',
      title: translate('consult.list.followUp'),
      className: 'fd-nowrap',
      render: (_, c) => c.followUpDate ?? '',
    },
    { key: 'staff', title: translate('consult.list.staff'), render: (_, c) => staffName(c.staffMemberId) },
    {
      key: 'actions',
      title: '',
      render: (_, c) =>
        canChange && c.status === 'WAIT' ? (
          <Button size="small" type="primary" loading={calling} onClick={() => onCall(c)}>
            {translate('consult.list.call')}
          </Button>
        ) : null,
    },
  ];
};

/** The search, the date range, the enum filters, the staff member and the CSV button. */
function ConsultFilters({
  filters,
  staff,
  onChange,
  onExport,
}: {
  filters: Filters;
  staff: StaffOption[];
  onChange: (patch: Partial<Filters>) => void;
  onExport: () => void;
}) {
  const translate = useTranslate();
  const enumSelect = (key: keyof Filters, values: readonly string[], prefix: string, label: string) => (
    <Select
      allowClear
      aria-label={label}
      placeholder={label}
      className="fd-filter-select"
      value={filters[key] as string | undefined}
      onChange={(value) => onChange({ [key]: value ?? undefined })}
      options={values.map((v) => ({ value: v, label: translate(`${prefix}.${v}`) }))}
    />
  );

  return (
    <Space wrap className="fd-members-filters">
      <Input.Search
        allowClear
        aria-label={translate('consult.list.search')}
        placeholder={translate('consult.list.search')}
        onSearch={(q) => onChange({ q: q.trim() || undefined })}
      />
      <DatePicker.RangePicker
        aria-label={translate('consult.list.dateRange')}
        value={filters.range ?? null}
        onChange={(range) => onChange({ range: range as Filters['range'] })}
      />
      {enumSelect('personKind', personKinds, 'enums.personKind', translate('consult.list.personKind'))}
      {enumSelect('status', consultStatuses, 'consult.status', translate('consult.list.status'))}
      {enumSelect('outcome', consultOutcomes, 'consult.outcome', translate('consult.list.outcome'))}
      {enumSelect('stage', leadStages, 'consult.stage', translate('consult.list.stage'))}
      {enumSelect('source', leadSources, 'customers.leadSource', translate('consult.list.source'))}
      <Select
        allowClear
        aria-label={translate('consult.list.staff')}
        placeholder={translate('consult.list.staff')}
        className="fd-filter-select"
        value={filters.staffMemberId}
        onChange={(value) => onChange({ staffMemberId: value ?? undefined })}
        options={staff}
      />
      <Button icon={<DownloadOutlined />} onClick={onExport}>
        {translate('consult.list.export')}
      </Button>
    </Space>
  );
}

export function ConsultTable({ gymId, canChange }: { gymId: number; canChange: boolean }) {
  const translate = useTranslate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const staff = useStaffOptions(gymId);
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useQuery({
    queryKey: ['consult', 'list', gymId, filters, page],
    queryFn: () =>
      api.list(consultListRoute, {
        params: { gymId },
        query: queryOf(filters, (page - 1) * PAGE, page * PAGE),
      }),
    enabled: gymId > 0,
    refetchInterval: WAITING_BADGE_POLL_MS * 2,
  });
  const call = useMutation({
    mutationFn: (c: Consult) => api.call(consultCallRoute, { params: { id: c.id } }),
    onSuccess: (c) => {
      message.success(translate('consult.list.called', { name: c.name }));
      void queryClient.invalidateQueries({ queryKey: ['consult'] });
    },
    onError: (error) => message.error(isHttpError(error) ? error.message : String(error)),
  });
  const set = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const staffName = (id: number | null) => staff.find((s) => s.value === id)?.label ?? '';
  const exportCsv = async () => {
    const rows = await api.call(consultListRoute, { params: { gymId }, query: queryOf(filters, 0, 100) });
    const csv = consultCsv(rows, translate, staffName);
    saveBlob(
      new Blob([csv], { type: 'text/csv;charset=utf-8' }),
      `consultations-${new Date().toISOString().slice(0, 10)}.csv`,
    );
  };

  const columns = consultColumns({
    translate,
    canChange,
    calling: call.isPending,
    staffName,
    onOpen: setOpenId,
    onCall: (c) => call.mutate(c),
  });

  const phone = usePhoneTable(columns, { name: 'name', figure: 'status' }, { x: 'max-content' });
  return (
    <>
      <ConsultFilters filters={filters} staff={staff} onChange={set} onExport={exportCsv} />
      <Table<Consult>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        columns={phone.columns}
        dataSource={list.data?.data ?? []}
        scroll={phone.scroll}
        locale={{ emptyText: <EmptyText>{translate('consult.list.empty')}</EmptyText> }}
        pagination={{
          current: page,
          pageSize: PAGE,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
      />
      {openId !== null && (
        <ConsultDrawer id={openId} gymId={gymId} canChange={canChange} onClose={() => setOpenId(null)} />
      )}
    </>
  );
}
