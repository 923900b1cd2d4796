import { EditOutlined, FilePdfOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, Card, Select, Space, Statistic, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { type SaleItemType, saleItemTypes } from '#domain/enums.ts';
import { maxCorrection } from '#domain/rules/ledger.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { SalesRow, SalesTotals } from '#domain/schemas/ledger.ts';
import { type Line, seoulDateTime, thisMonth } from './ledger-format.ts';
import { CustomerFilter, LedgerRangePicker, StaffFilter, useWon } from './ledger-shared.tsx';

// The sales list's parts (docs/rules.md#money): its columns, its filters and the range's totals.

export type SalesFilters = {
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

export const initialSalesFilters = (): SalesFilters => {
  const [from, to] = thisMonth(seoulToday(new Date()));
  return { from, to };
};

/** A reversing row's kind: a refund, a write-off or a correction. */
function ReversalTag({ kind }: { kind: Exclude<Line['kind'], 'sale'> }) {
  const translate = useTranslate();
  return (
    <Tag color={kind === 'REFUND' ? 'red' : kind === 'WRITE_OFF' ? 'volcano' : 'purple'}>
      {translate(`sales.salesList.kinds.${kind}`)}
    </Tag>
  );
}

/** A sale's tag when closed, its price correction (while it can come down) and its slip. */
function SaleActions({
  gymId,
  sale,
  canCorrect,
  onCorrect,
}: {
  gymId: number;
  sale: SalesRow;
  canCorrect: boolean;
  onCorrect: (sale: SalesRow) => void;
}) {
  const translate = useTranslate();
  return (
    <Space size={4} wrap>
      {sale.closed && <Tag>{translate('sales.salesList.closed')}</Tag>}
      {canCorrect && correctable(sale) && (
        <Button
          size="small"
          icon={<EditOutlined />}
          onClick={() => onCorrect(sale)}
          aria-label={translate('sales.salesList.correct.label', { item: sale.itemName })}
        >
          {translate('sales.salesList.correct.open')}
        </Button>
      )}
      {sale.checkoutId !== null && (
        <Button
          size="small"
          icon={<FilePdfOutlined />}
          href={`/web/sales/checkout/${sale.checkoutId}/slip.pdf?gymId=${gymId}`}
          target="_blank"
          rel="noopener"
          aria-label={translate('sales.salesList.slipLabel', { id: sale.checkoutId })}
        >
          {translate('sales.salesList.slip')}
        </Button>
      )}
    </Space>
  );
}

/** The sales and their reversing rows: a sale's row holds its correction and slip buttons. */
export const useSalesColumns = ({
  gymId,
  canCorrect,
  onCorrect,
}: {
  gymId: number;
  canCorrect: boolean;
  onCorrect: (sale: SalesRow) => void;
}): ColumnsType<Line> => {
  const translate = useTranslate();
  const won = useWon();

  return [
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
            <ReversalTag kind={l.kind} />
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
          <SaleActions gymId={gymId} sale={l.sale} canCorrect={canCorrect} onCorrect={onCorrect} />
        ) : null,
    },
  ];
};

/** The filters inside the ledger's filter bar: the range (at most the ledger's days), item type, staff, customer. */
export function SalesFilterFields({
  gymId,
  filters,
  staff,
  onFilter,
}: {
  gymId: number;
  filters: SalesFilters;
  staff: { value: number; label: string }[];
  onFilter: (patch: Partial<SalesFilters>) => void;
}) {
  const translate = useTranslate();
  return (
    <>
      <LedgerRangePicker
        from={filters.from}
        to={filters.to}
        onChange={(from, to) => onFilter({ from, to })}
      />
      <Select<SaleItemType>
        allowClear
        aria-label={translate('sales.history.itemType')}
        placeholder={translate('sales.history.itemType')}
        value={filters.itemType}
        onChange={(itemType) => onFilter({ itemType: itemType ?? undefined })}
        options={saleItemTypes.map((i) => ({ value: i, label: translate(`sales.history.itemTypes.${i}`) }))}
      />
      <StaffFilter staff={staff} value={filters.staffId} onChange={(staffId) => onFilter({ staffId })} />
      <CustomerFilter
        gymId={gymId}
        value={filters.memberId}
        onChange={(memberId) => onFilter({ memberId })}
      />
    </>
  );
}

/** The range's totals: price, discounts, adjustments, paid and refunded. */
export function SalesTotalCards({ totals, loading }: { totals: SalesTotals | undefined; loading: boolean }) {
  const translate = useTranslate();
  const won = useWon();
  const card = (title: string, value: number, main = false) => (
    <Card size="small" className={main ? 'fd-ledger-card--main' : undefined}>
      <Statistic title={title} value={won(value)} loading={loading} />
    </Card>
  );
  return (
    <section className="fd-ledger-cards" aria-label={translate('sales.salesList.totals')}>
      {card(translate('sales.salesList.totalPrice'), totals?.price ?? 0, true)}
      {card(translate('sales.salesList.discount'), totals?.discount ?? 0)}
      {card(translate('sales.salesList.adjusted'), totals?.adjusted ?? 0)}
      {card(translate('sales.history.paid'), totals?.paid ?? 0)}
      {card(translate('sales.salesList.refunded'), totals?.refunded ?? 0)}
    </section>
  );
}
