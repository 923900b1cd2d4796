import { useTranslate } from '@refinedev/core';
import { Alert, Pagination, Table, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { salesListRoute } from '#domain/api/sales.ts';
import type { SalesRow } from '#domain/schemas/ledger.ts';
import { EmptyText } from '#src/components/empty-text.tsx';
import { usePhoneTable } from '#src/components/phone-table.ts';
import { useFacility } from '#src/facility/facility-context.tsx';
import { useContract } from '#src/kit/contract-hooks.ts';
import { useStaffOptions } from '../customers/use-staff-options.ts';
import { compact, dotDate, type Line, linesOf, pageRange } from './ledger-format.ts';
import { ExportButton, LedgerFilterBar, ledgerKeys } from './ledger-shared.tsx';
import {
  initialSalesFilters,
  SalesFilterFields,
  type SalesFilters,
  SalesTotalCards,
  useSalesColumns,
} from './sales-list-parts.tsx';

const CorrectModal = lazy(() =>
  import('./ledger-correct-modal.tsx').then((m) => ({ default: m.CorrectModal })),
);

const PAGE_SIZE = 20;

/**
 * `/sales/management`: the sales of a range with their items, discounts, refunds and staff; corrections and
 * write-offs are reversing rows under their sale, never edits. A holder of payHistorySettingYn can correct a
 * price; each sale links to its checkout's slip.
 */
export function SalesListPage() {
  const translate = useTranslate();
  const { selected, gymAuth } = useFacility();
  const gymId = selected?.id ?? 0;
  const canCorrect = Boolean(gymAuth?.representYn || gymAuth?.payHistorySettingYn);
  const staff = useStaffOptions(gymId);
  const [filters, setFilters] = useState<SalesFilters>(initialSalesFilters);
  const [page, setPage] = useState(1);
  const [correcting, setCorrecting] = useState<SalesRow | null>(null);
  const query = compact({ gymId, ...filters });

  const list = useContract(
    salesListRoute,
    { query: { ...query, gymId, ...pageRange(page, PAGE_SIZE) } },
    {
      queryKey: ledgerKeys.sales(gymId, { ...query, page }),
      enabled: gymId > 0,
      placeholderData: (previous) => previous,
    },
  );
  const data = list.data;
  const lines = linesOf(data?.rows ?? [], (m) => translate(`sales.history.methods.${m}`));

  const set = (patch: Partial<SalesFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const initial = initialSalesFilters();
  const active =
    (filters.from !== initial.from || filters.to !== initial.to ? 1 : 0) +
    [filters.itemType, filters.staffId, filters.memberId].filter(Boolean).length;
  const columns = useSalesColumns({ gymId, canCorrect, onCorrect: setCorrecting });

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
          setFilters(initialSalesFilters());
          setPage(1);
        }}
      >
        <SalesFilterFields gymId={gymId} filters={filters} staff={staff} onFilter={set} />
      </LedgerFilterBar>
      <SalesTotalCards totals={data?.totals} loading={list.isLoading && gymId > 0} />
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
