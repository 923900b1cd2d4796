import { DollarOutlined, MoreOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Dropdown, Input, Select, Space, Statistic, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { unpaidListRoute } from '#domain/api/sales.ts';
import { isOldBalance, OLD_BALANCE_DAYS } from '#domain/rules/ledger.ts';
import { type UnpaidRow, type UnpaidSort, unpaidSorts } from '#domain/schemas/ledger.ts';
import { EmptyText } from '#src/components/empty-text.tsx';
import { usePhoneTable } from '#src/components/phone-table.ts';
import { useFacility } from '#src/facility/facility-context.tsx';
import { api } from '#src/providers/instances.ts';
import { ConfirmTransferButton } from '../pay-request/pay-request-actions.tsx';
import { compact, dotDate, pageRange } from './ledger-format.ts';
import { ExportButton, LedgerFilterBar, ledgerKeys, useRefreshLedger, useWon } from './ledger-shared.tsx';

const CollectDrawer = lazy(() =>
  import('./ledger-collect-drawer.tsx').then((m) => ({ default: m.CollectDrawer })),
);
const PayRequestModal = lazy(() =>
  import('./ledger-request-modal.tsx').then((m) => ({ default: m.PayRequestModal })),
);
const WriteOffModal = lazy(() =>
  import('./ledger-write-off-modal.tsx').then((m) => ({ default: m.WriteOffModal })),
);

const PAGE_SIZE = 20;
type Action = { kind: 'collect' | 'request' | 'writeOff'; row: UnpaidRow } | null;

const requestColors: Record<string, string> = {
  FIN: 'blue',
  WAIT: 'gold',
  APPROVE: 'green',
  EXPIRED: 'default',
};

/**
 * `/sales/unpaid`: every sale with a balance, the total owed on top; collect a balance, send a payment request,
 * or (the representative) write it off. A balance older than 30 days is highlighted.
 */
export function UnpaidPage() {
  const translate = useTranslate();
  const won = useWon();
  const { selected, gymAuth } = useFacility();
  const gymId = selected?.id ?? 0;
  const canChange = Boolean(gymAuth?.representYn || gymAuth?.payHistorySettingYn);
  const canWriteOff = Boolean(gymAuth?.representYn);
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [sort, setSort] = useState<UnpaidSort>('oldest');
  const [page, setPage] = useState(1);
  const [action, setAction] = useState<Action>(null);
  const refresh = useRefreshLedger();
  const query = compact({ gymId, q, sort });

  const list = useQuery({
    queryKey: ledgerKeys.unpaid(gymId, { ...query, page }),
    queryFn: () => api.call(unpaidListRoute, { query: { ...query, gymId, ...pageRange(page, PAGE_SIZE) } }),
    enabled: gymId > 0,
    placeholderData: (previous) => previous,
  });
  const data = list.data;

  const actionsOf = (row: UnpaidRow) => {
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
          <Button size="small" type="primary" onClick={() => setAction({ kind: 'collect', row })}>
            {translate('sales.unpaid.collect.open')}
          </Button>
        )}
        <Dropdown
          trigger={['click']}
          menu={{
            items: items.filter((i) => i.key !== 'collect'),
            onClick: ({ key }) => setAction({ kind: key as 'request' | 'writeOff', row }),
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
  };

  const columns: ColumnsType<UnpaidRow> = [
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
                onDone={refresh}
              />
            )}
          </Space>
        ) : (
          '-'
        ),
    },
    { key: 'actions', title: translate('sales.history.actions'), render: (_, r) => actionsOf(r) },
  ];

  const phone = usePhoneTable(columns, { name: 'customer', figure: 'owed' });
  return (
    <div className="fd-ledger-page">
      <div className="fd-ledger-head">
        <Typography.Title level={1} className="fd-page-title">
          {translate('sales.unpaid.title')}
        </Typography.Title>
        <ExportButton path="/sales/unpaid/export.csv" query={query} name="unpaid" disabled={gymId === 0} />
      </div>
      <section className="fd-ledger-cards" aria-label={translate('sales.unpaid.totals')}>
        <Card size="small" className="fd-ledger-card--main">
          <Statistic
            title={translate('sales.unpaid.totalOwed')}
            value={won(data?.totalOwed ?? 0)}
            loading={list.isLoading && gymId > 0}
          />
        </Card>
        <Card size="small">
          <Statistic title={translate('sales.unpaid.customers')} value={data?.customers ?? 0} />
        </Card>
        <Card size="small">
          <Statistic title={translate('sales.unpaid.sales')} value={data?.total ?? 0} />
        </Card>
      </section>
      <LedgerFilterBar
        label={translate('sales.history.filters')}
        active={(q ? 1 : 0) + (sort !== 'oldest' ? 1 : 0)}
        onReset={() => {
          setSearch('');
          setQ('');
          setSort('oldest');
          setPage(1);
        }}
      >
        <Input.Search
          allowClear
          aria-label={translate('sales.unpaid.search')}
          placeholder={translate('sales.unpaid.search')}
          value={search}
          maxLength={40}
          className="fd-ledger-filters__search"
          onChange={(event) => {
            setSearch(event.target.value);
            if (!event.target.value) {
              setQ('');
              setPage(1);
            }
          }}
          onSearch={(value) => {
            setQ(value.trim());
            setPage(1);
          }}
        />
        <Select<UnpaidSort>
          aria-label={translate('sales.unpaid.sort')}
          value={sort}
          onChange={(value) => {
            setSort(value);
            setPage(1);
          }}
          options={unpaidSorts.map((s) => ({ value: s, label: translate(`sales.unpaid.sorts.${s}`) }))}
        />
      </LedgerFilterBar>
      {list.isError && <Alert type="error" showIcon message={translate('sales.history.loadFailed')} />}
      <div className="fd-table-scroll">
        <Table<UnpaidRow>
          rowKey="saleId"
          size="middle"
          loading={list.isFetching}
          columns={phone.columns}
          scroll={phone.scroll}
          dataSource={data?.rows ?? []}
          rowClassName={(r) => (isOldBalance(r.ageDays) ? 'fd-ledger-row--old' : '')}
          caption={
            <span className="fd-ledger-visually-hidden">
              {translate('sales.unpaid.caption', { days: OLD_BALANCE_DAYS })}
            </span>
          }
          locale={{ emptyText: <EmptyText>{translate('sales.unpaid.empty')}</EmptyText> }}
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
      <Suspense fallback={null}>
        {action?.kind === 'collect' && (
          <CollectDrawer gymId={gymId} row={action.row} onClose={() => setAction(null)} />
        )}
        {action?.kind === 'request' && (
          <PayRequestModal gymId={gymId} row={action.row} onClose={() => setAction(null)} />
        )}
        {action?.kind === 'writeOff' && (
          <WriteOffModal gymId={gymId} row={action.row} onClose={() => setAction(null)} />
        )}
      </Suspense>
    </div>
  );
}
