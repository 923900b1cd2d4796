import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Input, Modal, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { customerListRoute, customerPassesRoute } from '#domain/api/customer.ts';
import { ticketIssueListRoute } from '#domain/api/pass.ts';
import { ticketIssueStatuses } from '#domain/enums.ts';
import type { Ticket, TicketIssue } from '#domain/schemas/pass.ts';
import { EmptyText } from '#src/components/empty-text.tsx';
import { useFacility } from '#src/facility/facility-context.tsx';
import { api, http } from '#src/providers/instances.ts';
import { saveBlob } from '../customers/download.ts';
import { formatWon } from '../customers/money.ts';
import { SellDrawer } from '../customers/sell-drawer.tsx';
import { useRefreshCustomers } from '../customers/use-customers.ts';
import { issueCsv } from './issue-csv.ts';
import '../customers/members.css';
import { usePhoneTable } from '#src/components/phone-table.ts';

const PAGE_SIZE = 20;
type Filters = {
  status?: TicketIssue['status'];
  ticketId?: number;
  start?: [Dayjs, Dayjs] | null;
  end?: [Dayjs, Dayjs] | null;
  expiring?: boolean;
  unpaid?: boolean;
  q?: string;
};

const STATUS_COLORS: Record<TicketIssue['status'], string> = { FIN: 'blue', WAIT: 'purple', REFUND: 'red' };

const queryOf = (f: Filters) => ({
  ...(f.status ? { status: f.status } : {}),
  ...(f.ticketId ? { ticketId: f.ticketId } : {}),
  ...(f.start
    ? { startFrom: f.start[0].format('YYYY-MM-DD'), startTo: f.start[1].format('YYYY-MM-DD') }
    : {}),
  ...(f.end ? { endFrom: f.end[0].format('YYYY-MM-DD'), endTo: f.end[1].format('YYYY-MM-DD') } : {}),
  ...(f.expiring ? { expiringDays: 7 } : {}),
  ...(f.unpaid ? { unpaid: 'true' as const } : {}),
  ...(f.q ? { q: f.q } : {}),
});

/** The sold passes with their filters, paged; `fixed` pins some filters (the products page's USING tab). */
export function IssueTable({ gymId, fixed = {} }: { gymId: number; fixed?: Filters }) {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const [filters, setFilters] = useState<Filters>({});
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const effective = { ...filters, ...fixed };
  const products = useQuery({
    queryKey: ['passes', 'products', gymId, 'all'],
    queryFn: async () =>
      (
        await http.get<Ticket[]>('/web/ticket', {
          params: { gymId, _start: 0, _end: 100, _sort: 'name', _order: 'asc' },
        })
      ).data as Ticket[],
    enabled: gymId > 0,
  });
  const list = useQuery({
    queryKey: ['passes', 'issued', gymId, effective, page],
    queryFn: () =>
      api.list(ticketIssueListRoute, {
        params: { gymId },
        query: { ...queryOf(effective), _start: (page - 1) * PAGE_SIZE, _end: page * PAGE_SIZE },
      }),
    enabled: gymId > 0,
    placeholderData: (previous) => previous,
  });
  const won = (n: number) => formatWon(n, i18n.language);
  const set = (patch: Filters) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };

  const exportCsv = async () => {
    const { data } = await api.list(ticketIssueListRoute, {
      params: { gymId },
      query: { ...queryOf(effective), _start: 0, _end: 100 },
    });
    const csv = issueCsv(data, translate);
    saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), 'passes.csv');
  };

  const columns: ColumnsType<TicketIssue> = [
    {
      key: 'customer',
      title: translate('passes.issued.customer'),
      render: (_, p) => <Link to={`/memberManage/list/info?id=${p.memberId}`}>{p.memberName}</Link>,
    },
    {
      key: 'phone',
      dataIndex: 'memberPhone',
      title: translate('customers.fields.phone'),
      className: 'fd-nowrap',
    },
    {
      key: 'pass',
      title: translate('customers.fields.pass'),
      render: (_, p) => <Link to={`/ticket/issueList/info?id=${p.id}`}>{p.ticketName}</Link>,
    },
    {
      key: 'period',
      title: translate('passes.view.period'),
      className: 'fd-nowrap',
      render: (_, p) => `${p.startDate} ~ ${p.endDate ?? ''}`,
    },
    {
      key: 'left',
      title: translate('passes.issued.left'),
      render: (_, p) =>
        p.sessionsLeft !== null
          ? translate('passes.view.sessionsLeftShort', { count: p.sessionsLeft })
          : p.daysLeft !== null
            ? translate('passes.view.days', { count: p.daysLeft })
            : '-',
    },
    {
      key: 'status',
      title: translate('passes.issued.status'),
      render: (_, p) => <Tag color={STATUS_COLORS[p.status]}>{translate(`passes.status.${p.status}`)}</Tag>,
    },
    {
      key: 'price',
      title: translate('passes.view.price'),
      align: 'right',
      render: (_, p) => won(p.price),
      className: 'fd-nowrap',
    },
    {
      key: 'unpaid',
      title: translate('passes.view.unpaid'),
      align: 'right',
      className: 'fd-nowrap',
      render: (_, p) =>
        p.unpaidAmount > 0 ? <Typography.Text type="danger">{won(p.unpaidAmount)}</Typography.Text> : '-',
    },
  ];

  const phone = usePhoneTable(columns, { name: 'customer', figure: 'left' }, { x: 'max-content' });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <div className="fd-members-toolbar">
        <Input.Search
          allowClear
          className="fd-members-search"
          aria-label={translate('customers.list.search')}
          placeholder={translate('customers.list.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onSearch={(value) => set({ q: value.trim() || undefined })}
        />
        {!fixed.status && (
          <Select
            allowClear
            aria-label={translate('passes.issued.status')}
            placeholder={translate('passes.issued.status')}
            style={{ width: 130 }}
            value={filters.status}
            onChange={(status) => set({ status })}
            options={ticketIssueStatuses.map((s) => ({ value: s, label: translate(`passes.status.${s}`) }))}
          />
        )}
        <Select
          allowClear
          aria-label={translate('passes.issued.product')}
          placeholder={translate('passes.issued.product')}
          style={{ minWidth: 160 }}
          value={filters.ticketId}
          onChange={(ticketId) => set({ ticketId })}
          options={(products.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
        />
        <DatePicker.RangePicker
          aria-label={translate('passes.issued.startRange')}
          placeholder={[translate('passes.issued.startFrom'), translate('passes.issued.startTo')]}
          onChange={(v) => set({ start: v as [Dayjs, Dayjs] | null })}
        />
        <DatePicker.RangePicker
          aria-label={translate('passes.issued.endRange')}
          placeholder={[translate('passes.issued.endFrom'), translate('passes.issued.endTo')]}
          onChange={(v) => set({ end: v as [Dayjs, Dayjs] | null })}
        />
        <Space>
          <Switch
            id="fd-expiring"
            checked={Boolean(filters.expiring)}
            onChange={(expiring) => set({ expiring })}
          />
          <label htmlFor="fd-expiring">{translate('passes.issued.expiring')}</label>
        </Space>
        <Space>
          <Switch id="fd-unpaid" checked={Boolean(filters.unpaid)} onChange={(unpaid) => set({ unpaid })} />
          <label htmlFor="fd-unpaid">{translate('passes.issued.unpaid')}</label>
        </Space>
        <Button icon={<DownloadOutlined />} onClick={exportCsv}>
          {translate('passes.issued.export')}
        </Button>
      </div>
      <Table<TicketIssue>
        rowKey="id"
        size="middle"
        columns={phone.columns}
        dataSource={list.data?.data ?? []}
        loading={list.isFetching}
        scroll={phone.scroll}
        locale={{ emptyText: <EmptyText>{translate('passes.issued.empty')}</EmptyText> }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
          showSizeChanger: false,
        }}
      />
    </Space>
  );
}

/** Selling from the sold-pass list: pick the customer, then the same sell drawer as on the customer page. */
function SellFromList({ gymId, onSold }: { gymId: number; onSold: () => void }) {
  const translate = useTranslate();
  const [picking, setPicking] = useState(false);
  const [search, setSearch] = useState('');
  const [memberId, setMemberId] = useState<number | null>(null);
  const [customer, setCustomer] = useState<{ name: string; phone: string } | undefined>();
  const candidates = useQuery({
    queryKey: ['customers', 'sell-candidates', gymId, search],
    queryFn: () =>
      api.call(customerListRoute, {
        query: { gymId, segment: 'all', days: 7, q: search || undefined, _start: 0, _end: 20 },
      }),
    enabled: picking,
  });
  const passes = useQuery({
    queryKey: ['passes', 'of-customer', gymId, memberId],
    queryFn: () => api.call(customerPassesRoute, { params: { id: memberId! }, query: { gymId } }),
    enabled: memberId !== null,
  });
  return (
    <>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setPicking(true)}>
        {translate('passes.sell.open')}
      </Button>
      <Modal
        open={picking}
        title={translate('passes.sell.pickCustomer')}
        footer={null}
        onCancel={() => setPicking(false)}
        destroyOnHidden
      >
        <Select
          showSearch
          autoFocus
          style={{ width: '100%' }}
          aria-label={translate('passes.sell.pickCustomer')}
          filterOption={false}
          onSearch={setSearch}
          loading={candidates.isFetching}
          onChange={(id: number) => {
            const chosen = candidates.data?.find((c) => c.id === id);
            setCustomer(chosen ? { name: chosen.name, phone: chosen.phone } : undefined);
            setMemberId(id);
            setPicking(false);
          }}
          options={(candidates.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.phone})` }))}
        />
      </Modal>
      {memberId !== null && passes.data && (
        <SellDrawer
          gymId={gymId}
          memberId={memberId}
          customer={customer}
          passes={passes.data}
          onClose={() => setMemberId(null)}
          onSold={() => {
            setMemberId(null);
            onSold();
          }}
        />
      )}
    </>
  );
}

/** `/ticket/issueList`: every sold pass (docs/rules.md#passes). */
export function IssueListPage() {
  const translate = useTranslate();
  const { selected, gymAuth } = useFacility();
  const canChange = Boolean(gymAuth?.representYn || gymAuth?.memberSettingYn);
  const refresh = useRefreshCustomers();
  const gymId = selected?.id ?? 0;
  return (
    <div className="fd-members-page">
      <div className="fd-members-head">
        <Typography.Title level={1} className="fd-page-title">
          {translate('passes.issued.title')}
        </Typography.Title>
        {canChange && <SellFromList gymId={gymId} onSold={refresh} />}
      </div>
      <IssueTable gymId={gymId} />
    </div>
  );
}
