import { useTranslate } from '@refinedev/core';
import { Alert, Table, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { unpaidListRoute } from '#domain/api/sales.ts';
import { isOldBalance, OLD_BALANCE_DAYS } from '#domain/rules/ledger.ts';
import type { UnpaidRow, UnpaidSort } from '#domain/schemas/ledger.ts';
import { EmptyText } from '#src/components/empty-text.tsx';
import { usePhoneTable } from '#src/components/phone-table.ts';
import { useFacility } from '#src/facility/facility-context.tsx';
import { useContract } from '#src/kit/contract-hooks.ts';
import { compact, pageRange } from './ledger-format.ts';
import { ExportButton, LedgerFilterBar, ledgerKeys, useRefreshLedger } from './ledger-shared.tsx';
import { type UnpaidAction, UnpaidFilterFields, UnpaidTotals, useUnpaidColumns } from './unpaid-parts.tsx';

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

/**
 * `/sales/unpaid`: every sale with a balance, the total owed on top; collect a balance, send a payment request,
 * or (the representative) write it off. A balance older than 30 days is highlighted.
 */
export function UnpaidPage() {
  const translate = useTranslate();
  const { selected, gymAuth } = useFacility();
  const gymId = selected?.id ?? 0;
  const canChange = Boolean(gymAuth?.representYn || gymAuth?.payHistorySettingYn);
  const canWriteOff = Boolean(gymAuth?.representYn);
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [sort, setSort] = useState<UnpaidSort>('oldest');
  const [page, setPage] = useState(1);
  const [action, setAction] = useState<UnpaidAction>(null);
  const refresh = useRefreshLedger();
  const query = compact({ gymId, q, sort });

  const list = useContract(
    unpaidListRoute,
    { query: { ...query, gymId, ...pageRange(page, PAGE_SIZE) } },
    {
      queryKey: ledgerKeys.unpaid(gymId, { ...query, page }),
      enabled: gymId > 0,
      placeholderData: (previous) => previous,
    },
  );
  const data = list.data;
  const columns = useUnpaidColumns({
    gymId,
    canChange,
    canWriteOff,
    onAction: setAction,
    onTransferConfirmed: refresh,
  });

  const phone = usePhoneTable(columns, { name: 'customer', figure: 'owed' });
  return (
    <div className="fd-ledger-page">
      <div className="fd-ledger-head">
        <Typography.Title level={1} className="fd-page-title">
          {translate('sales.unpaid.title')}
        </Typography.Title>
        <ExportButton path="/sales/unpaid/export.csv" query={query} name="unpaid" disabled={gymId === 0} />
      </div>
      <UnpaidTotals data={data} loading={list.isLoading && gymId > 0} />
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
        <UnpaidFilterFields
          search={search}
          sort={sort}
          onSearchChange={(value) => {
            setSearch(value);
            if (!value) {
              setQ('');
              setPage(1);
            }
          }}
          onSearch={(value) => {
            setQ(value);
            setPage(1);
          }}
          onSort={(value) => {
            setSort(value);
            setPage(1);
          }}
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
