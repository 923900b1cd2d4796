import { DownloadOutlined, FundProjectionScreenOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, DatePicker, Input, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { consultCallRoute, consultListRoute, consultWaitingRoute } from '#domain/api/consult.ts';
import { consultOutcomes, consultStatuses, leadStages, personKinds } from '#domain/enums.ts';
import { leadSources, maskPhone } from '#domain/rules/customer.ts';
import type { Consult } from '#domain/schemas/consult.ts';
import { EmptyText } from '#src/components/empty-text.tsx';
import { useFacility } from '#src/facility/facility-context.tsx';
import { isHttpError } from '#src/providers/http-error.ts';
import { api, http } from '#src/providers/instances.ts';
import { consultingUrl } from '#src/shell/menu-model.ts';
import { saveBlob } from '../customers/download.ts';
import { useStaffOptions } from '../customers/use-staff-options.ts';
import { consultCsv } from './consult-csv.ts';
import { ConsultDrawer } from './consult-drawer.tsx';
import '../customers/members.css';
import './consult.css';
import { usePhoneTable } from '#src/components/phone-table.ts';

const SurveyBuilder = lazy(() => import('./survey-builder.tsx').then((m) => ({ default: m.SurveyBuilder })));

/** The badge's poll (docs/rules.md#consulting): a new walk-in shows within 5 seconds. */
export const WAITING_BADGE_POLL_MS = 5_000;
const PAGE = 20;

export const STATUS_COLORS: Record<Consult['status'], string> = {
  WAIT: 'gold',
  CONSULTING: 'blue',
  COMPLETE: 'default',
};
/** antd's gold text on its gold background is below 4.5:1 (axe color-contrast): the waiting tag's text is darker. */
export const STATUS_TEXT_COLORS: Partial<Record<Consult['status'], string>> = { WAIT: '#613400' };
export const OUTCOME_COLORS: Record<NonNullable<Consult['outcome']>, string> = {
  REGISTERED: 'blue',
  FOLLOW_UP: 'purple',
  LOST: 'red',
};

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

/** `/memberManage/consult-list`: the consultations, their detail, and the survey builder (docs/rules.md#consulting). */
export function ConsultListPage() {
  const translate = useTranslate();
  const { selected, gymAuth } = useFacility();
  const gymId = selected?.id ?? 0;
  const canChange = Boolean(gymAuth?.representYn || gymAuth?.consultSettingYn);
  const [tab, setTab] = useState('list');
  const waiting = useQuery({
    queryKey: ['consult', 'waiting', gymId],
    queryFn: () => api.call(consultWaitingRoute, { params: { gymId } }),
    enabled: gymId > 0,
    refetchInterval: WAITING_BADGE_POLL_MS,
  });
  return (
    <div className="fd-members-page">
      <div className="fd-members-head">
        <Typography.Title level={2} className="fd-page-title">
          {translate('consult.list.title')}{' '}
          {(waiting.data?.count ?? 0) > 0 && (
            <Badge
              count={translate('consult.list.waitingBadge', { count: waiting.data?.count })}
              color="#ad4e00"
              data-testid="waiting-badge"
            />
          )}
        </Typography.Title>
        <Space wrap>
          <Link to="/crm">
            <Button icon={<FundProjectionScreenOutlined />}>{translate('consult.list.pipeline')}</Button>
          </Link>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => window.open(consultingUrl(gymId), '_blank', 'noopener')}
          >
            {translate('consult.list.newWalkIn')}
          </Button>
        </Space>
      </div>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'list',
            label: translate('consult.list.tabList'),
            children: <ConsultTable gymId={gymId} canChange={canChange} />,
          },
          {
            key: 'survey',
            label: translate('consult.list.tabSurvey'),
            children: (
              <Suspense fallback={null}>
                <SurveyBuilder gymId={gymId} canChange={canChange} />
              </Suspense>
            ),
          },
        ]}
      />
    </div>
  );
}

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

function ConsultTable({ gymId, canChange }: { gymId: number; canChange: boolean }) {
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
    const rows = (
      await http.get<Consult[]>(`/web/consult/list/${gymId}`, { params: queryOf(filters, 0, 100) })
    ).data as Consult[];
    const csv = consultCsv(rows, translate, staffName);
    saveBlob(
      new Blob([csv], { type: 'text/csv;charset=utf-8' }),
      `consultations-${new Date().toISOString().slice(0, 10)}.csv`,
    );
  };

  const columns: ColumnsType<Consult> = [
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
        <Button type="link" className="fd-link-button" onClick={() => setOpenId(c.id)}>
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
          <Button size="small" type="primary" loading={call.isPending} onClick={() => call.mutate(c)}>
            {translate('consult.list.call')}
          </Button>
        ) : null,
    },
  ];

  const enumSelect = (key: keyof Filters, values: readonly string[], prefix: string, label: string) => (
    <Select
      allowClear
      aria-label={label}
      placeholder={label}
      className="fd-filter-select"
      value={filters[key] as string | undefined}
      onChange={(value) => set({ [key]: value ?? undefined })}
      options={values.map((v) => ({ value: v, label: translate(`${prefix}.${v}`) }))}
    />
  );

  const phone = usePhoneTable(columns, { name: 'name', figure: 'status' }, { x: 'max-content' });
  return (
    <>
      <Space wrap className="fd-members-filters">
        <Input.Search
          allowClear
          aria-label={translate('consult.list.search')}
          placeholder={translate('consult.list.search')}
          onSearch={(q) => set({ q: q.trim() || undefined })}
        />
        <DatePicker.RangePicker
          aria-label={translate('consult.list.dateRange')}
          value={filters.range ?? null}
          onChange={(range) => set({ range: range as Filters['range'] })}
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
          onChange={(value) => set({ staffMemberId: value ?? undefined })}
          options={staff}
        />
        <Button icon={<DownloadOutlined />} onClick={exportCsv}>
          {translate('consult.list.export')}
        </Button>
      </Space>
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
