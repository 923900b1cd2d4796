import { DollarOutlined, MoreOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, Card, Dropdown, Input, Select, Space, Statistic, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { isOldBalance } from '#domain/rules/ledger.ts';
import { type UnpaidPage, type UnpaidRow, type UnpaidSort, unpaidSorts } from '#domain/schemas/ledger.ts';
import { ConfirmTransferButton } from '../pay-request/pay-request-actions.tsx';
import { dotDate } from './ledger-format.ts';
import { useWon } from './ledger-shared.tsx';

// The unpaid list's parts (docs/rules.md#money): the row actions, the columns, the totals and the filters.

export type UnpaidAction = { kind: 'collect' | 'request' | 'writeOff'; row: UnpaidRow } | null;

const requestColors: Record<string, string> = {
  FIN: 'blue',
  WAIT: 'gold',
  APPROVE: 'green',
  EXPIRED: 'default',
};

/** A row's collect button and its menu of the other actions (a request; the representative's write-off). */
function UnpaidRowActions({
  row,
  canChange,
  canWriteOff,
  onAction,
}: {
  row: UnpaidRow;
  canChange: boolean;
  canWriteOff: boolean;
  onAction: (action: UnpaidAction) => void;
}) {
  const translate = useTranslate();
  const items = [
    canChange && {
      key: 'collect',
      icon: <DollarOutlined />,
      label: translate('sales.unpaid.collect.open'),
    },
    canChange && { key: 'request', icon: <SendOutlined />, label: translate('sales.unpaid.request.open') },
    canWriteOff && {
      key: 'writeOff',
      icon: <StopOutlined />,
      danger: true,
      label: translate('sales.unpaid.writeOff.open'),
    },
  ].filter(Boolean) as { key: 'collect' | 'request' | 'writeOff'; label: string }[];
  if (items.length === 0) return null;
  return (
    <Space size={4}>
      {canChange && (
        <Button size="small" type="primary" onClick={() => onAction({ kind: 'collect', row })}>
          {translate('sales.unpaid.collect.open')}
        </Button>
      )}
      <Dropdown
        trigger={['click']}
        menu={{
          items: items.filter((i) => i.key !== 'collect'),
          onClick: ({ key }) => onAction({ kind: key as 'request' | 'writeOff', row }),
        }}
      >
        <Button
          size="small"
          icon={<MoreOutlined />}
          aria-label={translate('sales.unpaid.moreActions', { name: row.memberName })}
        />
      </Dropdown>
    </Space>
  );
}

/** The balances' columns: who, what, price, paid, owed, how old, the payment request and the actions. */
export const useUnpaidColumns = ({
  gymId,
  canChange,
  canWriteOff,
  onAction,
  onTransferConfirmed,
}: {
  gymId: number;
  canChange: boolean;
  canWriteOff: boolean;
  onAction: (action: UnpaidAction) => void;
  onTransferConfirmed: () => void;
}): ColumnsType<UnpaidRow> => {
  const translate = useTranslate();
  const won = useWon();
  return [
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
          <span className="fd-ledger-sub">
            {translate(`sales.history.itemTypes.${r.itemType}`)} · {dotDate(r.saleDay)}
          </span>
        </>
      ),
    },
    {
      key: 'price',
      title: translate('sales.history.price'),
      align: 'right',
      render: (_, r) => (
        <span className="fd-ledger-amount">
          {won(r.price)}
          {r.adjusted > 0 && (
            <span className="fd-ledger-sub">
              {translate('sales.unpaid.adjusted', { amount: won(r.adjusted) })}
            </span>
          )}
        </span>
      ),
    },
    {
      key: 'paid',
      title: translate('sales.history.paid'),
      align: 'right',
      render: (_, r) => <span className="fd-ledger-amount">{won(r.paid)}</span>,
    },
    {
      key: 'owed',
      title: translate('sales.unpaid.owed'),
      align: 'right',
      render: (_, r) => (
        <strong className="fd-ledger-amount fd-ledger-amount--negative">{won(r.owed)}</strong>
      ),
    },
    {
      key: 'age',
      title: translate('sales.unpaid.age'),
      align: 'right',
      className: 'fd-nowrap',
      render: (_, r) =>
        isOldBalance(r.ageDays) ? (
          <Space size={4}>
            <strong>{translate('sales.unpaid.days', { count: r.ageDays })}</strong>
            <Tag color="orange">{translate('sales.unpaid.old')}</Tag>
          </Space>
        ) : (
          translate('sales.unpaid.days', { count: r.ageDays })
        ),
    },
    {
      key: 'request',
      title: translate('sales.unpaid.request.column'),
      render: (_, r) =>
        r.request ? (
          <Space size={4} wrap>
            <Tag color={requestColors[r.request.status]}>
              {translate(`sales.unpaid.request.states.${r.request.status}`)}
            </Tag>
            {/* A transfer the customer reported waits for staff (docs/rules.md#payment-requests). */}
            {r.request.status === 'WAIT' && canChange && (
              <ConfirmTransferButton
                gymId={gymId}
                saleId={r.saleId}
                requestId={r.request.id}
                amountText={won(r.request.amount)}
                onDone={onTransferConfirmed}
              />
            )}
          </Space>
        ) : (
          '-'
        ),
    },
    {
      key: 'actions',
      title: translate('sales.history.actions'),
      render: (_, r) => (
        <UnpaidRowActions row={r} canChange={canChange} canWriteOff={canWriteOff} onAction={onAction} />
      ),
    },
  ];
};

/** The total owed, and how many customers and sales owe it. */
export function UnpaidTotals({ data, loading }: { data: UnpaidPage | undefined; loading: boolean }) {
  const translate = useTranslate();
  const won = useWon();
  return (
    <section className="fd-ledger-cards" aria-label={translate('sales.unpaid.totals')}>
      <Card size="small" className="fd-ledger-card--main">
        <Statistic
          title={translate('sales.unpaid.totalOwed')}
          value={won(data?.totalOwed ?? 0)}
          loading={loading}
        />
      </Card>
      <Card size="small">
        <Statistic title={translate('sales.unpaid.customers')} value={data?.customers ?? 0} />
      </Card>
      <Card size="small">
        <Statistic title={translate('sales.unpaid.sales')} value={data?.total ?? 0} />
      </Card>
    </section>
  );
}

/** The search (a name or phone, asked on Enter) and the sort, inside the ledger's filter bar. */
export function UnpaidFilterFields({
  search,
  sort,
  onSearchChange,
  onSearch,
  onSort,
}: {
  search: string;
  sort: UnpaidSort;
  onSearchChange: (value: string) => void;
  onSearch: (q: string) => void;
  onSort: (sort: UnpaidSort) => void;
}) {
  const translate = useTranslate();
  return (
    <>
      <Input.Search
        allowClear
        aria-label={translate('sales.unpaid.search')}
        placeholder={translate('sales.unpaid.search')}
        value={search}
        maxLength={40}
        className="fd-ledger-filters__search"
        onChange={(event) => onSearchChange(event.target.value)}
        onSearch={(value) => onSearch(value.trim())}
      />
      <Select<UnpaidSort>
        aria-label={translate('sales.unpaid.sort')}
        value={sort}
        onChange={onSort}
        options={unpaidSorts.map((s) => ({ value: s, label: translate(`sales.unpaid.sorts.${s}`) }))}
      />
    </>
  );
}
