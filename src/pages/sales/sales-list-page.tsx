import { EditOutlined, FilePdfOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Pagination,
  Select,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { salesListRoute } from '#domain/api/sales.ts';
import { type SaleItemType, saleItemTypes } from '#domain/enums.ts';
import { LEDGER_RANGE_MAX_DAYS, maxCorrection } from '#domain/rules/ledger.ts';
import { daysBetween, seoulToday } from '#domain/rules/seoul-time.ts';
import type { SalesRow } from '#domain/schemas/ledger.ts';
import { EmptyText } from '#src/components/empty-text.tsx';
import { usePhoneTable } from '#src/components/phone-table.ts';
import { useFacility } from '#src/facility/facility-context.tsx';
import { api } from '#src/providers/instances.ts';
import { useStaffOptions } from '../customers/use-staff-options.ts';
import {
  compact,
  dotDate,
  type Line,
  linesOf,
  pageRange,
  seoulDateTime,
  thisMonth,
} from './ledger-format.ts';
import { CustomerFilter, ExportButton, LedgerFilterBar, ledgerKeys, useWon } from './ledger-shared.tsx';

const CorrectModal = lazy(() =>
  import('./ledger-correct-modal.tsx').then((m) => ({ default: m.CorrectModal })),
);

const PAGE_SIZE = 20;
const DAY = 'YYYY-MM-DD';

type Filters = {
  from: string;
  to: string;
  itemType?: SaleItemType | undefined;
  staffId?: number | undefined;
  memberId?: number | undefined;
};

/** A sale whose price can still come down: not closed, and priced above what was paid (docs/rules.md#money). */
const correctable = (sale: SalesRow) =>
  maxCorrection({
    price: sale.price,
    adjusted: sale.adjustments.reduce((s, a) => s + a.amount, 0),
    paid: sale.paid,
    closed: sale.closed,
  }) > 0;

const initialFilters = (): Filters => {
  const [from, to] = thisMonth(seoulToday(new Date()));
  return { from, to };
};

/**
 * `/sales/management`: the sales of a range with their items, discounts, refunds and staff; corrections and
 * write-offs are reversing rows under their sale, never edits. A holder of payHistorySettingYn can correct a
 * price; each sale links to its checkout's slip.
 */
export function SalesListPage() {
  const translate = useTranslate();
  const won = useWon();
  const { selected, gymAuth } = useFacility();
  const gymId = selected?.id ?? 0;
  const canCorrect = Boolean(gymAuth?.representYn || gymAuth?.payHistorySettingYn);
  const staff = useStaffOptions(gymId);
  const [filters, setFilters] = useState<Filters>(initialFilters);
  const [page, setPage] = useState(1);
  const [correcting, setCorrecting] = useState<SalesRow | null>(null);
  const query = compact({ gymId, ...filters });

  const list = useQuery({
    queryKey: ledgerKeys.sales(gymId, { ...query, page }),
    queryFn: () => api.call(salesListRoute, { query: { ...query, gymId, ...pageRange(page, PAGE_SIZE) } }),
    enabled: gymId > 0,
    placeholderData: (previous) => previous,
  });
  const data = list.data;
  const lines = linesOf(data?.rows ?? [], (m) => translate(`sales.history.methods.${m}`));

  const set = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const initial = initialFilters();
  const active =
    (filters.from !== initial.from || filters.to !== initial.to ? 1 : 0) +
    [filters.itemType, filters.staffId, filters.memberId].filter(Boolean).length;

  const reversalTag = (kind: Exclude<Line['kind'], 'sale'>) => (
    <Tag color={kind === 'REFUND' ? 'red' : kind === 'WRITE_OFF' ? 'volcano' : 'purple'}>
      {translate(`sales.salesList.kinds.${kind}`)}
    </Tag>
  );

  const columns: ColumnsType<Line> = [
    {
      key: 'time',
      title: translate('sales.history.time'),
      className: 'fd-nowrap',
      render: (_, l) => seoulDateTime(l.kind === 'sale' ? l.sale.createDate : l.createDate),
    },
    {
      key: 'customer',
      title: translate('sales.history.customer'),
      className: 'fd-nowrap',
      render: (_, l) =>
        l.kind === 'sale' ? (
          <>
            <Link to={`/memberManage/list/info?id=${l.sale.memberId}`}>{l.sale.memberName}</Link>
            <span className="fd-ledger-sub">{l.sale.phone}</span>
          </>
        ) : null,
    },
    {
      key: 'item',
      title: translate('sales.history.item'),
      render: (_, l) =>
        l.kind === 'sale' ? (
          <>
            {l.sale.itemName}
            {l.sale.quantity > 1 && ` × ${l.sale.quantity}`}
            <span className="fd-ledger-sub">{translate(`sales.history.itemTypes.${l.sale.itemType}`)}</span>
          </>
        ) : (
          <div className="fd-ledger-reversal-item">
            {reversalTag(l.kind)}
            <span className="fd-ledger-sub">{l.note}</span>
          </div>
        ),
    },
    {
      key: 'listPrice',
      title: translate('sales.salesList.listPrice'),
      align: 'right',
      render: (_, l) =>
        l.kind === 'sale' ? <span className="fd-ledger-amount">{won(l.sale.listPrice)}</span> : null,
    },
    {
      key: 'discount',
      title: translate('sales.salesList.discount'),
      align: 'right',
      render: (_, l) =>
        l.kind === 'sale' && l.sale.discount > 0 ? (
          <>
            <span className="fd-ledger-amount">{won(-l.sale.discount)}</span>
            <span className="fd-ledger-sub">{l.sale.promotionName ?? l.sale.priceReason ?? ''}</span>
          </>
        ) : null,
    },
    {
      key: 'price',
      title: translate('sales.history.price'),
      align: 'right',
      render: (_, l) =>
        l.kind === 'sale' ? (
          <strong className="fd-ledger-amount">{won(l.sale.price)}</strong>
        ) : (
          <span className="fd-ledger-amount fd-ledger-amount--negative">{won(l.amount)}</span>
        ),
    },
    {
      key: 'paid',
      title: translate('sales.history.paid'),
      align: 'right',
      render: (_, l) =>
        l.kind === 'sale' ? (
          <>
            <span className="fd-ledger-amount">{won(l.sale.paid)}</span>
            {l.sale.owed > 0 && (
              <span className="fd-ledger-sub">
                {translate('sales.salesList.owed', { amount: won(l.sale.owed) })}
              </span>
            )}
          </>
        ) : null,
    },
    {
      key: 'staff',
      title: translate('sales.history.staff'),
      className: 'fd-nowrap',
      render: (_, l) => (l.kind === 'sale' ? l.sale.staffName : l.staffName) ?? '-',
    },
    {
      key: 'actions',
      title: translate('sales.history.actions'),
      render: (_, l) =>
        l.kind === 'sale' ? (
          <Space size={4} wrap>
            {l.sale.closed && <Tag>{translate('sales.salesList.closed')}</Tag>}
            {canCorrect && correctable(l.sale) && (
              <Button
                size="small"
                icon={<EditOutlined />}
                onClick={() => setCorrecting(l.sale)}
                aria-label={translate('sales.salesList.correct.label', { item: l.sale.itemName })}
              >
                {translate('sales.salesList.correct.open')}
              </Button>
            )}
            {l.sale.checkoutId !== null && (
              <Button
                size="small"
                icon={<FilePdfOutlined />}
                href={`/web/sales/checkout/${l.sale.checkoutId}/slip.pdf?gymId=${gymId}`}
                target="_blank"
                rel="noopener"
                aria-label={translate('sales.salesList.slipLabel', { id: l.sale.checkoutId })}
              >
                {translate('sales.salesList.slip')}
              </Button>
            )}
          </Space>
        ) : null,
    },
  ];

  const range: [Dayjs, Dayjs] = [dayjs(filters.from, DAY), dayjs(filters.to, DAY)];
  const totals = data?.totals;
  const card = (title: string, value: number, main = false) => (
    <Card size="small" className={main ? 'fd-ledger-card--main' : undefined}>
      <Statistic title={title} value={won(value)} loading={list.isLoading && gymId > 0} />
    </Card>
  );

  const phone = usePhoneTable(columns, { name: 'customer', figure: 'price' });
  return (
    <div className="fd-ledger-page">
      <div className="fd-ledger-head">
        <Typography.Title level={1} className="fd-page-title">
          {translate('sales.salesList.title')}
        </Typography.Title>
        <ExportButton path="/sales/export.csv" query={query} name="sales" disabled={gymId === 0} />
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
        <Select<SaleItemType>
          allowClear
          aria-label={translate('sales.history.itemType')}
          placeholder={translate('sales.history.itemType')}
          value={filters.itemType}
          onChange={(itemType) => set({ itemType: itemType ?? undefined })}
          options={saleItemTypes.map((i) => ({ value: i, label: translate(`sales.history.itemTypes.${i}`) }))}
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
      </LedgerFilterBar>
      <section className="fd-ledger-cards" aria-label={translate('sales.salesList.totals')}>
        {card(translate('sales.salesList.totalPrice'), totals?.price ?? 0, true)}
        {card(translate('sales.salesList.discount'), totals?.discount ?? 0)}
        {card(translate('sales.salesList.adjusted'), totals?.adjusted ?? 0)}
        {card(translate('sales.history.paid'), totals?.paid ?? 0)}
        {card(translate('sales.salesList.refunded'), totals?.refunded ?? 0)}
      </section>
      {list.isError && <Alert type="error" showIcon message={translate('sales.history.loadFailed')} />}
      <div className="fd-table-scroll">
        <Table<Line>
          rowKey="key"
          size="middle"
          loading={list.isFetching}
          columns={phone.columns}
          scroll={phone.scroll}
          dataSource={lines}
          pagination={false}
          rowClassName={(l) => (l.kind === 'sale' ? '' : 'fd-ledger-row--reversal')}
          caption={
            <span className="fd-ledger-visually-hidden">
              {translate('sales.salesList.caption', { from: dotDate(filters.from), to: dotDate(filters.to) })}
            </span>
          }
          locale={{ emptyText: <EmptyText>{translate('sales.salesList.empty')}</EmptyText> }}
        />
      </div>
      <Pagination
        align="end"
        current={page}
        pageSize={PAGE_SIZE}
        total={data?.total ?? 0}
        showSizeChanger={false}
        showTotal={(total) => translate('sales.history.total', { count: total })}
        onChange={setPage}
        hideOnSinglePage
      />
      <Suspense fallback={null}>
        {correcting && <CorrectModal gymId={gymId} row={correcting} onClose={() => setCorrecting(null)} />}
      </Suspense>
    </div>
  );
}
