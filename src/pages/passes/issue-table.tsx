import { DownloadOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, DatePicker, Input, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ticketIssueListRoute } from '#domain/api/pass.ts';
import { ticketIssueStatuses } from '#domain/enums.ts';
import type { Ticket, TicketIssue } from '#domain/schemas/pass.ts';
import { EmptyText } from '#src/components/empty-text.tsx';
import { usePhoneTable } from '#src/components/phone-table.ts';
import { useContractList } from '#src/kit/contract-hooks.ts';
import { api } from '#src/providers/instances.ts';
import { saveBlob } from '../customers/download.ts';
import { formatWon } from '../customers/money.ts';
import { issueCsv } from './issue-csv.ts';
import { passKeys, usePassProducts } from './pass-api.ts';

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

/** The sold passes' columns: the customer and the pass link to their pages. */
const useIssueColumns = (): ColumnsType<TicketIssue> => {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const won = (n: number) => formatWon(n, i18n.language);
  return [
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
};

/** The filters: a search, the status (unless pinned), the product, the two date ranges and the two switches. */
function IssueFilters({
  filters,
  fixed,
  products,
  onFilter,
  onExport,
}: {
  filters: Filters;
  fixed: Filters;
  products: readonly Ticket[];
  onFilter: (patch: Filters) => void;
  onExport: () => void;
}) {
  const translate = useTranslate();
  const [search, setSearch] = useState('');
  return (
    <div className="fd-members-toolbar">
      <Input.Search
        allowClear
        className="fd-members-search"
        aria-label={translate('customers.list.search')}
        placeholder={translate('customers.list.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        onSearch={(value) => onFilter({ q: value.trim() || undefined })}
      />
      {!fixed.status && (
        <Select
          allowClear
          aria-label={translate('passes.issued.status')}
          placeholder={translate('passes.issued.status')}
          style={{ width: 130 }}
          value={filters.status}
          onChange={(status) => onFilter({ status })}
          options={ticketIssueStatuses.map((s) => ({ value: s, label: translate(`passes.status.${s}`) }))}
        />
      )}
      <Select
        allowClear
        aria-label={translate('passes.issued.product')}
        placeholder={translate('passes.issued.product')}
        style={{ minWidth: 160 }}
        value={filters.ticketId}
        onChange={(ticketId) => onFilter({ ticketId })}
        options={products.map((t) => ({ value: t.id, label: t.name }))}
      />
      <DatePicker.RangePicker
        aria-label={translate('passes.issued.startRange')}
        placeholder={[translate('passes.issued.startFrom'), translate('passes.issued.startTo')]}
        onChange={(v) => onFilter({ start: v as [Dayjs, Dayjs] | null })}
      />
      <DatePicker.RangePicker
        aria-label={translate('passes.issued.endRange')}
        placeholder={[translate('passes.issued.endFrom'), translate('passes.issued.endTo')]}
        onChange={(v) => onFilter({ end: v as [Dayjs, Dayjs] | null })}
      />
      <Space>
        <Switch
          id="fd-expiring"
          checked={Boolean(filters.expiring)}
          onChange={(expiring) => onFilter({ expiring })}
        />
        <label htmlFor="fd-expiring">{translate('passes.issued.expiring')}</label>
      </Space>
      <Space>
        <Switch
          id="fd-unpaid"
          checked={Boolean(filters.unpaid)}
          onChange={(unpaid) => onFilter({ unpaid })}
        />
        <label htmlFor="fd-unpaid">{translate('passes.issued.unpaid')}</label>
      </Space>
      <Button icon={<DownloadOutlined />} onClick={onExport}>
        {translate('passes.issued.export')}
      </Button>
    </div>
  );
}

/** The sold passes with their filters, paged; `fixed` pins some filters (the products page's USING tab). */
export function IssueTable({ gymId, fixed = {} }: { gymId: number; fixed?: Filters }) {
  const translate = useTranslate();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const effective = { ...filters, ...fixed };
  const products = usePassProducts(gymId, 'all', { field: 'name', order: 'asc' });
  const list = useContractList(
    ticketIssueListRoute,
    {
      params: { gymId },
      query: { ...queryOf(effective), _start: (page - 1) * PAGE_SIZE, _end: page * PAGE_SIZE },
    },
    {
      queryKey: passKeys.issued(gymId, effective, page),
      enabled: gymId > 0,
      placeholderData: (previous) => previous,
    },
  );
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

  const phone = usePhoneTable(useIssueColumns(), { name: 'customer', figure: 'left' }, { x: 'max-content' });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <IssueFilters
        filters={filters}
        fixed={fixed}
        products={products.data ?? []}
        onFilter={set}
        onExport={exportCsv}
      />
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
