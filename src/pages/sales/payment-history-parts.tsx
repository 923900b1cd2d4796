import { useTranslate } from '@refinedev/core';
import { Card, Select, Statistic, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { type PaymentMethod, paymentMethods, type SaleItemType, saleItemTypes } from '#domain/enums.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { PayHistoryLine, PayHistoryTotals } from '#domain/schemas/ledger.ts';
import { seoulDateTime, thisMonth } from './ledger-format.ts';
import { CustomerFilter, LedgerRangePicker, StaffFilter, useWon } from './ledger-shared.tsx';

// The payment history's parts (docs/rules.md#money): its columns, its filters and the range's totals by method.

export type PaymentFilters = {
  from: string;
  to: string;
  method?: PaymentMethod | undefined;
  status?: 'APPROVE' | 'REFUND' | undefined;
  staffId?: number | undefined;
  memberId?: number | undefined;
  itemType?: SaleItemType | undefined;
};

export const initialPaymentFilters = (): PaymentFilters => {
  const [from, to] = thisMonth(seoulToday(new Date()));
  return { from, to };
};

/** The payment lines' columns: when, who, what, how, how much, paid or refunded, and by whom. */
export const usePaymentColumns = (): ColumnsType<PayHistoryLine> => {
  const translate = useTranslate();
  const won = useWon();
  return [
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
};

/** The filters inside the ledger's filter bar: the range (at most the ledger's days), method, status, staff, customer, item. */
export function PaymentFilterFields({
  gymId,
  filters,
  staff,
  onFilter,
}: {
  gymId: number;
  filters: PaymentFilters;
  staff: { value: number; label: string }[];
  onFilter: (patch: Partial<PaymentFilters>) => void;
}) {
  const translate = useTranslate();
  return (
    <>
      <LedgerRangePicker
        from={filters.from}
        to={filters.to}
        onChange={(from, to) => onFilter({ from, to })}
      />
      <Select<PaymentMethod>
        allowClear
        aria-label={translate('sales.history.method')}
        placeholder={translate('sales.history.method')}
        value={filters.method}
        onChange={(method) => onFilter({ method: method ?? undefined })}
        options={paymentMethods.map((m) => ({ value: m, label: translate(`sales.history.methods.${m}`) }))}
      />
      <Select<'APPROVE' | 'REFUND'>
        allowClear
        aria-label={translate('sales.history.status')}
        placeholder={translate('sales.history.status')}
        value={filters.status}
        onChange={(status) => onFilter({ status: status ?? undefined })}
        options={(['APPROVE', 'REFUND'] as const).map((s) => ({
          value: s,
          label: translate(`sales.history.statuses.${s}`),
        }))}
      />
      <StaffFilter staff={staff} value={filters.staffId} onChange={(staffId) => onFilter({ staffId })} />
      <CustomerFilter
        gymId={gymId}
        value={filters.memberId}
        onChange={(memberId) => onFilter({ memberId })}
      />
      <Select<SaleItemType>
        allowClear
        aria-label={translate('sales.history.itemType')}
        placeholder={translate('sales.history.itemType')}
        value={filters.itemType}
        onChange={(itemType) => onFilter({ itemType: itemType ?? undefined })}
        options={saleItemTypes.map((i) => ({ value: i, label: translate(`sales.history.itemTypes.${i}`) }))}
      />
    </>
  );
}

/** The range's net, paid and refunded, in all and by method. */
export function PaymentTotals({
  totals,
  loading,
}: {
  totals: PayHistoryTotals | undefined;
  loading: boolean;
}) {
  const translate = useTranslate();
  const won = useWon();
  const methodCard = (m: PaymentMethod) => (
    <Card size="small" key={m}>
      <Statistic
        title={translate(`sales.history.methods.${m}`)}
        value={won(totals?.[m].net ?? 0)}
        loading={loading}
      />
      <span className="fd-ledger-sub">
        {translate('sales.history.paidRefunded', {
          paid: won(totals?.[m].paid ?? 0),
          refunded: won(totals?.[m].refunded ?? 0),
        })}
      </span>
    </Card>
  );
  return (
    <section className="fd-ledger-cards" aria-label={translate('sales.history.totals')}>
      <Card size="small" className="fd-ledger-card--main">
        <Statistic
          title={translate('sales.history.net')}
          value={won(totals?.all.net ?? 0)}
          loading={loading}
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
  );
}
