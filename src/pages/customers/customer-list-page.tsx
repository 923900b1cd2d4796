import { DownloadOutlined, UploadOutlined, UserAddOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { App, Avatar, Badge, Button, Input, Radio, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasRight } from '#domain/permissions.ts';
import { type CustomerSegment, customerSegments } from '#domain/rules/passes.ts';
import type { Customer } from '#domain/schemas/customer.ts';
import { EmptyText } from '#src/components/empty-text.tsx';
import { useFacility } from '#src/facility/facility-context.tsx';
import { seoulDotDate } from '../entry/entry-format.ts';
import { downloadFile } from './download.ts';
import { formatWon } from './money.ts';
import { useCustomerList, useRefreshCustomers, useSegmentCounts } from './use-customers.ts';
import './members.css';
import { usePhoneTable } from '#src/components/phone-table.ts';

const AddCustomerDrawer = lazy(() =>
  import('./add-customer-drawer.tsx').then((m) => ({ default: m.AddCustomerDrawer })),
);
const ImportWizard = lazy(() => import('./import-wizard.tsx').then((m) => ({ default: m.ImportWizard })));

const PAGE_SIZE = 20;
type SortField = 'name' | 'passEndDate' | 'registeredOn' | 'unpaidAmount';

/** The pass column: its name, end date and sessions left; the hold as a tag. */
export function PassCell({ customer }: { customer: Customer }) {
  const translate = useTranslate();
  if (!customer.passName)
    return <Typography.Text type="secondary">{translate('customers.list.noPass')}</Typography.Text>;
  return (
    <Space direction="vertical" size={0}>
      <span>{customer.passName}</span>
      <Typography.Text type="secondary" className="fd-nowrap">
        {customer.passEndDate ? translate('customers.list.until', { date: customer.passEndDate }) : ''}
        {customer.sessionsLeft !== null
          ? ` · ${translate('customers.list.sessionsLeft', { count: customer.sessionsLeft })}`
          : ''}
      </Typography.Text>
    </Space>
  );
}

// Tag colours whose text keeps AA contrast on their tint (antd's green, orange and gold do not).
const STATE_COLORS: Record<Customer['passState'], string> = {
  NONE: 'default',
  UPCOMING: 'geekblue',
  ACTIVE: 'blue',
  HOLD: 'purple',
  EXPIRED: 'red',
};

export function PassStateTag({ customer }: { customer: Customer }) {
  const translate = useTranslate();
  return (
    <Tag color={STATE_COLORS[customer.passState]}>
      {translate(`customers.passState.${customer.passState}`)}
      {customer.passState === 'HOLD' && customer.holdEndDate ? ` ~${customer.holdEndDate}` : ''}
    </Tag>
  );
}

/** `/memberManage/list`: the facility's customers by segment (docs/rules.md#customers). */
export function CustomerListPage() {
  const translate = useTranslate();
  const { i18n } = useTranslation();
  const { message } = App.useApp();
  const { selected, gymAuth, rights, approvedSubServices } = useFacility();
  const gymId = selected?.id ?? 0;
  const canChange = Boolean(gymAuth?.representYn || gymAuth?.memberSettingYn);
  // Who owes is a money field (docs/rules.md#access-table): without payHistoryUseYn no unpaid tab, column or sort.
  const seesMoney = Boolean(rights && hasRight(rights, 'payHistoryUseYn'));
  // Visits are known only where the kiosk runs: without the ENTER add-on every customer would be "no visit".
  const tracksVisits = approvedSubServices.has('ENTER');
  const segments = customerSegments.filter(
    (s) => (s !== 'noVisit' || tracksVisits) && (s !== 'unpaid' || seesMoney),
  );
  const [segment, setSegment] = useState<CustomerSegment>('all');
  const [days, setDays] = useState(7);
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<{ field?: SortField; order?: 'asc' | 'desc' }>({});
  const [selectedIds, setSelectedIds] = useState<number[]>([]);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const refresh = useRefreshCustomers();

  const list = useCustomerList({
    gymId,
    segment,
    days,
    q,
    page,
    pageSize: PAGE_SIZE,
    sort: sort.field,
    order: sort.order,
  });
  const counts = useSegmentCounts(gymId, days);
  const rows = list.data?.data ?? [];

  const exportCsv = async (ids?: number[]) => {
    setExporting(true);
    try {
      const query = new URLSearchParams({ gymId: String(gymId), segment, days: String(days) });
      if (q) query.set('q', q);
      if (ids?.length) query.set('ids', ids.join(','));
      await downloadFile(`/web/member/customer-export?${query}`, i18n.language, 'customers.csv');
    } catch {
      message.error(translate('customers.list.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  const columns: ColumnsType<Customer> = [
    {
      key: 'name',
      dataIndex: 'name',
      title: translate('customers.fields.name'),
      sorter: true,
      sortOrder: sort.field === 'name' ? (sort.order === 'desc' ? 'descend' : 'ascend') : null,
      render: (_, c) => (
        <Space>
          <Avatar size="small" src={c.image ?? undefined} alt="">
            {c.name.slice(0, 1)}
          </Avatar>
          <Link to={`/memberManage/list/info?id=${c.id}`}>{c.name}</Link>
        </Space>
      ),
    },
    { key: 'phone', dataIndex: 'phone', title: translate('customers.fields.phone'), className: 'fd-nowrap' },
    {
      key: 'passEndDate',
      title: translate('customers.fields.pass'),
      sorter: true,
      sortOrder: sort.field === 'passEndDate' ? (sort.order === 'desc' ? 'descend' : 'ascend') : null,
      render: (_, c) => <PassCell customer={c} />,
    },
    {
      key: 'state',
      title: translate('customers.fields.state'),
      render: (_, c) => <PassStateTag customer={c} />,
    },
    ...(seesMoney
      ? [
          {
            key: 'unpaidAmount',
            title: translate('customers.fields.unpaid'),
            align: 'right' as const,
            sorter: true,
            sortOrder: sort.field === 'unpaidAmount' ? (sort.order === 'desc' ? 'descend' : 'ascend') : null,
            render: (_: unknown, c: Customer) =>
              !c.moneyHidden && c.unpaidAmount > 0 ? (
                <Typography.Text type="danger" className="fd-nowrap">
                  {formatWon(c.unpaidAmount, i18n.language)}
                </Typography.Text>
              ) : (
                '-'
              ),
          } satisfies ColumnsType<Customer>[number],
        ]
      : []),
    { key: 'trainer', title: translate('customers.fields.trainer'), render: (_, c) => c.trainerName ?? '-' },
    ...(tracksVisits
      ? [
          {
            key: 'lastVisitAt',
            title: translate('customers.fields.lastVisit'),
            className: 'fd-nowrap',
            render: (_: unknown, c: Customer) => (c.lastVisitAt ? seoulDotDate(c.lastVisitAt) : '—'),
          },
        ]
      : []),
    {
      key: 'registeredOn',
      dataIndex: 'registeredOn',
      title: translate('customers.fields.registeredOn'),
      sorter: true,
      className: 'fd-nowrap',
      sortOrder: sort.field === 'registeredOn' ? (sort.order === 'desc' ? 'descend' : 'ascend') : null,
    },
  ];

  const tabLabel = (s: CustomerSegment) => (
    <span>
      {translate(`customers.segments.${s}`)}{' '}
      <Badge
        count={counts.data?.counts[s] ?? 0}
        showZero
        overflowCount={99_999}
        color={s === 'unpaid' ? '#cf1322' : '#595959'}
        aria-label={translate('customers.list.countLabel', { count: counts.data?.counts[s] ?? 0 })}
      />
    </span>
  );

  const phone = usePhoneTable(columns, { name: 'name', figure: seesMoney ? 'unpaidAmount' : 'state' });
  return (
    <div className="fd-members-page">
      <div className="fd-members-head">
        <Typography.Title level={1} className="fd-page-title">
          {translate('customers.list.title')}
        </Typography.Title>
        {canChange && (
          <Space wrap>
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              {translate('customers.import.open')}
            </Button>
            <Button type="primary" icon={<UserAddOutlined />} onClick={() => setAdding(true)}>
              {translate('customers.add.open')}
            </Button>
          </Space>
        )}
      </div>
      <Tabs
        activeKey={segment}
        onChange={(key) => {
          setSegment(key as CustomerSegment);
          setPage(1);
          setSelectedIds([]);
        }}
        items={segments.map((s) => ({ key: s, label: tabLabel(s) }))}
      />
      <div className="fd-members-toolbar">
        <Input.Search
          allowClear
          aria-label={translate('customers.list.search')}
          placeholder={translate('customers.list.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onSearch={(value) => {
            setQ(value.trim());
            setPage(1);
          }}
          className="fd-members-search"
        />
        {segment === 'expiring' && (
          <Radio.Group
            value={days}
            onChange={(event) => {
              setDays(event.target.value as number);
              setPage(1);
            }}
            optionType="button"
            options={[
              { value: 7, label: translate('customers.list.days', { count: 7 }) },
              { value: 30, label: translate('customers.list.days', { count: 30 }) },
            ]}
          />
        )}
        <Space wrap>
          <Button
            icon={<DownloadOutlined />}
            disabled={!selectedIds.length}
            loading={exporting}
            onClick={() => exportCsv(selectedIds)}
          >
            {translate('customers.list.exportSelected', { count: selectedIds.length })}
          </Button>
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => exportCsv()}>
            {translate('customers.list.exportSegment')}
          </Button>
        </Space>
      </div>
      {/* The wrapper scrolls on a phone; antd's own horizontal scroll adds a measuring row that axe flags. */}
      <div className="fd-table-scroll">
        <Table<Customer>
          rowKey="id"
          size="middle"
          columns={phone.columns}
          scroll={phone.scroll}
          dataSource={rows}
          loading={list.isFetching}
          rowSelection={{
            selectedRowKeys: selectedIds,
            onChange: (keys) => setSelectedIds(keys as number[]),
            // antd passes the label on to the input; its props type does not list aria attributes.
            getCheckboxProps: (c) =>
              ({ 'aria-label': translate('customers.list.selectRow', { name: c.name }) }) as {
                name?: string;
              },
          }}
          locale={{
            emptyText: (
              <EmptyText>{translate(q ? 'customers.list.noMatch' : 'customers.list.empty')}</EmptyText>
            ),
          }}
          onChange={(pagination, _filters, sorter) => {
            const s = sorter as SorterResult<Customer>;
            const field = (s.columnKey as SortField | undefined) ?? undefined;
            setSort(s.order ? { field, order: s.order === 'descend' ? 'desc' : 'asc' } : {});
            setPage(pagination.current ?? 1);
          }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: list.data?.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
          }}
        />
      </div>
      <Suspense fallback={null}>
        {adding && (
          <AddCustomerDrawer
            gymId={gymId}
            open={adding}
            onClose={() => setAdding(false)}
            onAdded={() => {
              setAdding(false);
              refresh();
            }}
          />
        )}
        {importing && (
          <ImportWizard
            gymId={gymId}
            open={importing}
            onClose={() => setImporting(false)}
            onImported={() => refresh()}
          />
        )}
      </Suspense>
    </div>
  );
}
