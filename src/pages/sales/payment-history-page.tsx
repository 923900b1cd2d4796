import { useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, DatePicker, Select, Statistic, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { payHistoryRoute } from '#domain/api/sales.ts';
import { type PaymentMethod, paymentMethods, type SaleItemType, saleItemTypes } from '#domain/enums.ts';
import { LEDGER_RANGE_MAX_DAYS } from '#domain/rules/ledger.ts';
import { daysBetween, seoulToday } from '#domain/rules/seoul-time.ts';
import type { PayHistoryLine } from '#domain/schemas/ledger.ts';
import { EmptyText } from '#src/components/empty-text.tsx';
import { usePhoneTable } from '#src/components/phone-table.ts';
import { useFacility } from '#src/facility/facility-context.tsx';
import { api } from '#src/providers/instances.ts';
import { useStaffOptions } from '../customers/use-staff-options.ts';
import { compact, dotDate, pageRange, seoulDateTime, thisMonth } from './ledger-format.ts';
import { CustomerFilter, ExportButton, LedgerFilterBar, ledgerKeys, useWon } from './ledger-shared.tsx';

const PAGE_SIZE = 20;
const DAY = 'YYYY-MM-DD';

type Filters = {
  from: string;
  to: string;
  method?: PaymentMethod | undefined;
  status?: 'APPROVE' | 'REFUND' | undefined;
  staffId?: number | undefined;
  memberId?: number | undefined;
  itemType?: SaleItemType | undefined;
};

const initialFilters = (): Filters => {
  const [from, to] = thisMonth(seoulToday(new Date()));
  return { from, to };
};

/** `/pay/history`: every payment line of a range, filtered and paged, with the range's totals by method. */
export function PaymentHistoryPage() {
  const translate = useTranslate();
  const won = useWon();
  const { selected } = useFacility();
  const gymId = selected?.id ?? 0;
  const staff = useStaffOptions(gymId);
  const [filters, setFilters] = useState<Filters>(initialFilters);
  const [page, setPage] = useState(1);
  const query = compact({ gymId, ...filters });

  const list = useQuery({
    queryKey: ledgerKeys.history(gymId, { ...query, page }),
    queryFn: () => api.call(payHistoryRoute, { query: { ...query, gymId, ...pageRange(page, PAGE_SIZE) } }),
    enabled: gymId > 0,
    placeholderData: (previous) => previous,
  });
  const data = list.data;

  const set = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const initial = initialFilters();
  const active =
    (filters.from !== initial.from || filters.to !== initial.to ? 1 : 0) +
    [filters.method, filters.status, filters.staffId, filters.memberId, filters.itemType].filter(Boolean)
      .length;

  const columns: ColumnsType<PayHistoryLine> = [
    {
      key: 'time',
      title: translate('sales.history.time'),
      className: 'fd-nowrap',
      render: (_, r) => seoulDateTime(r.createDate),
    },
    {
      key: 'customer',
      title: translate('sales.history.customer'),
      className: 'fd-nowrap',
      render: (_, r) => (
        <>
          <Link to={`/memberManage/list/info?id=${r.memberId}`}>{r.memberName}</Link>
          <span className="fd-ledger-sub">{r.phone}</span>
        </>
      ),
    },
    {
      key: 'item',
      title: translate('sales.history.item'),
      render: (_, r) => (
        <>
          {r.itemName}
          <span className="fd-ledger-sub">{translate(`sales.history.itemTypes.${r.itemType}`)}</span>
        </>
      ),
    },
    {
      key: 'method',
      title: translate('sales.history.method'),
      className: 'fd-nowrap',
      render: (_, r) => translate(`sales.history.methods.${r.method}`),
    },
    {
      key: 'amount',
      title: translate('sales.history.amount'),
      align: 'right',
      render: (_, r) => (
        <span className={`fd-ledger-amount${r.amount < 0 ? ' fd-ledger-amount--negative' : ''}`}>
          {won(r.amount)}
        </span>
      ),
    },
    {
      key: 'status',
      title: translate('sales.history.status'),
      render: (_, r) => (
        <Tag color={r.status === 'REFUND' ? 'red' : 'green'}>
          {translate(`sales.history.statuses.${r.status}`)}
        </Tag>
      ),
    },
    {
      key: 'staff',
      title: translate('sales.history.staff'),
      className: 'fd-nowrap',
      render: (_, r) => r.staffName ?? '-',
    },
  ];

  const range: [Dayjs, Dayjs] = [dayjs(filters.from, DAY), dayjs(filters.to, DAY)];
  const totals = data?.totals;
  const methodCard = (m: PaymentMethod) => (
    <Card size="small" key={m}>
      <Statistic
        title={translate(`sales.history.methods.${m}`)}
        value={won(totals?.[m].net ?? 0)}
        loading={list.isLoading && gymId > 0}
      />
      <span className="fd-ledger-sub">
        {translate('sales.history.paidRefunded', {
          paid: won(totals?.[m].paid ?? 0),
          refunded: won(totals?.[m].refunded ?? 0),
        })}
      </span>
    </Card>
  );

  const phone = usePhoneTable(columns, { name: 'customer', figure: 'amount' });
  return (
    <div className="fd-ledger-page">
      <div className="fd-ledger-head">
        <Typography.Title level={1} className="fd-page-title">
          {translate('sales.history.title')}
        </Typography.Title>
        <ExportButton path="/pay/history/export.csv" query={query} name="payments" disabled={gymId === 0} />
      </div>
      <LedgerFilterBar
        label={translate('sales.history.filters')}
        active={active}
        onReset={() => {
          setFilters(initialFilters());
          setPage(1);
        }}
      >
        <DatePicker.RangePicker
          aria-label={translate('sales.history.dateRange')}
          placeholder={[translate('sales.history.dateFrom'), translate('sales.history.dateTo')]}
          format="YYYY.MM.DD"
          allowClear={false}
          value={range}
          disabledDate={(current, info) =>
            info.from
              ? Math.abs(daysBetween(info.from.format(DAY), current.format(DAY))) >= LEDGER_RANGE_MAX_DAYS
              : false
          }
          onChange={(picked) => {
            if (picked?.[0] && picked[1]) set({ from: picked[0].format(DAY), to: picked[1].format(DAY) });
          }}
        />
        <Select<PaymentMethod>
          allowClear
          aria-label={translate('sales.history.method')}
          placeholder={translate('sales.history.method')}
          value={filters.method}
          onChange={(method) => set({ method: method ?? undefined })}
          options={paymentMethods.map((m) => ({ value: m, label: translate(`sales.history.methods.${m}`) }))}
        />
        <Select<'APPROVE' | 'REFUND'>
          allowClear
          aria-label={translate('sales.history.status')}
          placeholder={translate('sales.history.status')}
          value={filters.status}
          onChange={(status) => set({ status: status ?? undefined })}
          options={(['APPROVE', 'REFUND'] as const).map((s) => ({
            value: s,
            label: translate(`sales.history.statuses.${s}`),
          }))}
        />
        <Select<number>
          allowClear
          aria-label={translate('sales.history.staff')}
          placeholder={translate('sales.history.staff')}
          value={filters.staffId}
          onChange={(staffId) => set({ staffId: staffId ?? undefined })}
          options={staff}
        />
        <CustomerFilter gymId={gymId} value={filters.memberId} onChange={(memberId) => set({ memberId })} />
        <Select<SaleItemType>
          allowClear
          aria-label={translate('sales.history.itemType')}
          placeholder={translate('sales.history.itemType')}
          value={filters.itemType}
          onChange={(itemType) => set({ itemType: itemType ?? undefined })}
          options={saleItemTypes.map((i) => ({ value: i, label: translate(`sales.history.itemTypes.${i}`) }))}
        />
      </LedgerFilterBar>
      <section className="fd-ledger-cards" aria-label={translate('sales.history.totals')}>
        <Card size="small" className="fd-ledger-card--main">
          <Statistic
            title={translate('sales.history.net')}
            value={won(totals?.all.net ?? 0)}
            loading={list.isLoading && gymId > 0}
          />
          <span className="fd-ledger-sub">
            {translate('sales.history.paidRefunded', {
              paid: won(totals?.all.paid ?? 0),
              refunded: won(totals?.all.refunded ?? 0),
            })}
          </span>
        </Card>
        {paymentMethods.map(methodCard)}
      </section>
      {list.isError && <Alert type="error" showIcon message={translate('sales.history.loadFailed')} />}
      <div className="fd-table-scroll">
        <Table<PayHistoryLine>
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          columns={phone.columns}
          scroll={phone.scroll}
          dataSource={data?.rows ?? []}
          caption={
            <span className="fd-ledger-visually-hidden">
              {translate('sales.history.caption', { from: dotDate(filters.from), to: dotDate(filters.to) })}
            </span>
          }
          locale={{ emptyText: <EmptyText>{translate('sales.history.empty')}</EmptyText> }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => translate('sales.history.total', { count: total }),
            onChange: setPage,
          }}
        />
      </div>
    </div>
  );
}
