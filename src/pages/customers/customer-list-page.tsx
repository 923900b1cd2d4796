import { UploadOutlined, UserAddOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Badge, Button, Space, Table, type TableProps, Tabs, Typography } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasRight } from '#domain/permissions.ts';
import { type CustomerSegment, customerSegments } from '#domain/rules/passes.ts';
import type { Customer } from '#domain/schemas/customer.ts';
import { EmptyText } from '#src/components/empty-text.tsx';
import { useFacility } from '#src/facility/facility-context.tsx';
import { allTexts } from '#src/i18n/index.ts';
import { CustomerToolbar, customerColumns, type SortField, useCustomerCsv } from './customer-list-parts.tsx';
import { useCustomerList, useRefreshCustomers, useSegmentCounts } from './use-customers.ts';

import './members.css';
import { usePhoneTable } from '#src/components/phone-table.ts';

// The drawer and the wizard read other features' texts (passes, sales): they wait for all of them, since a cold
// visit of this page loads the customers' texts only (src/i18n/index.ts, FIRST_SCREENS).
const AddCustomerDrawer = lazy(() =>
  Promise.all([import('./add-customer-drawer.tsx'), allTexts()]).then(([m]) => ({
    default: m.AddCustomerDrawer,
  })),
);
const ImportWizard = lazy(() =>
  Promise.all([import('./import-wizard.tsx'), allTexts()]).then(([m]) => ({ default: m.ImportWizard })),
);

const PAGE_SIZE = 20;
/** A segment's tab: its name and how many customers it holds. */
function SegmentLabel({ segment, count }: { segment: CustomerSegment; count: number }) {
  const translate = useTranslate();
  return (
    <span>
      {translate(`customers.segments.${segment}`)}{' '}
      <Badge
        count={count}
        showZero
        overflowCount={99_999}
        color={segment === 'unpaid' ? '#cf1322' : '#595959'}
        aria-label={translate('customers.list.countLabel', { count: count })}
      />
    </span>
  );
}

/** The customers' table: rows to pick for the CSV, sorted and paged by the server. */
function CustomerTable({
  columns,
  scroll,
  rows,
  loading,
  selectedIds,
  onSelect,
  empty,
  page,
  total,
  onSort,
  onPage,
}: {
  columns: ColumnsType<Customer>;
  scroll: TableProps<Customer>['scroll'];
  rows: Customer[];
  loading: boolean;
  selectedIds: number[];
  onSelect: (ids: number[]) => void;
  empty: string;
  page: number;
  total: number;
  onSort: (sort: { field?: SortField; order?: 'asc' | 'desc' }) => void;
  onPage: (page: number) => void;
}) {
  const translate = useTranslate();
  return (
    <Table<Customer>
      rowKey="id"
      size="middle"
      columns={columns}
      scroll={scroll}
      dataSource={rows}
      loading={loading}
      rowSelection={{
        selectedRowKeys: selectedIds,
        onChange: (keys) => onSelect(keys as number[]),
        // antd passes the label on to the input; its props type does not list aria attributes.
        getCheckboxProps: (c) =>
          ({ 'aria-label': translate('customers.list.selectRow', { name: c.name }) }) as {
            name?: string;
          },
      }}
      locale={{
        emptyText: <EmptyText>{empty}</EmptyText>,
      }}
      onChange={(pagination, _filters, sorter) => {
        const s = sorter as SorterResult<Customer>;
        const field = (s.columnKey as SortField | undefined) ?? undefined;
        onSort(s.order ? { field, order: s.order === 'descend' ? 'desc' : 'asc' } : {});
        onPage(pagination.current ?? 1);
      }}
      pagination={{
        current: page,
        pageSize: PAGE_SIZE,
        total,
        showSizeChanger: false,
        hideOnSinglePage: true,
      }}
    />
  );
}

/** The list's title, and for staff who may change members the import and add buttons. */
function CustomerListHead({
  canChange,
  onImport,
  onAdd,
}: {
  canChange: boolean;
  onImport: () => void;
  onAdd: () => void;
}) {
  const translate = useTranslate();
  return (
    <div className="fd-members-head">
      <Typography.Title level={1} className="fd-page-title">
        {translate('customers.list.title')}
      </Typography.Title>
      {canChange && (
        <Space wrap>
          <Button icon={<UploadOutlined />} onClick={onImport}>
            {translate('customers.import.open')}
          </Button>
          <Button type="primary" icon={<UserAddOutlined />} onClick={onAdd}>
            {translate('customers.add.open')}
          </Button>
        </Space>
      )}
    </div>
  );
}

export function CustomerListPage() {
  const translate = useTranslate();
  const { i18n } = useTranslation();
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
  const { exporting, exportCsv } = useCustomerCsv(gymId, segment, days, q);

  const columns = customerColumns({ translate, language: i18n.language, sort, seesMoney, tracksVisits });

  const phone = usePhoneTable(columns, { name: 'name', figure: seesMoney ? 'unpaidAmount' : 'state' });
  return (
    <div className="fd-members-page">
      <CustomerListHead
        canChange={canChange}
        onImport={() => setImporting(true)}
        onAdd={() => setAdding(true)}
      />
      <Tabs
        activeKey={segment}
        onChange={(key) => {
          setSegment(key as CustomerSegment);
          setPage(1);
          setSelectedIds([]);
        }}
        items={segments.map((s) => ({
          key: s,
          label: <SegmentLabel segment={s} count={counts.data?.counts[s] ?? 0} />,
        }))}
      />
      <CustomerToolbar
        segment={segment}
        days={days}
        search={search}
        selected={selectedIds.length}
        exporting={exporting}
        onSearchChange={setSearch}
        onSearch={(value) => {
          setQ(value.trim());
          setPage(1);
        }}
        onDays={(value) => {
          setDays(value);
          setPage(1);
        }}
        onExportSelected={() => exportCsv(selectedIds)}
        onExportSegment={() => exportCsv()}
      />
      {/* The wrapper scrolls on a phone; antd's own horizontal scroll adds a measuring row that axe flags. */}
      <div className="fd-table-scroll">
        <CustomerTable
          columns={phone.columns}
          scroll={phone.scroll}
          rows={rows}
          loading={list.isFetching}
          selectedIds={selectedIds}
          onSelect={setSelectedIds}
          empty={translate(q ? 'customers.list.noMatch' : 'customers.list.empty')}
          page={page}
          total={list.data?.total ?? 0}
          onSort={setSort}
          onPage={setPage}
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
