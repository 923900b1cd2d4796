import { useTranslate } from '@refinedev/core';
import { Alert, Table, Typography } from 'antd';
import { useState } from 'react';
import { payHistoryRoute } from '#domain/api/sales.ts';
import type { PayHistoryLine } from '#domain/schemas/ledger.ts';
import { EmptyText } from '#src/components/empty-text.tsx';
import { usePhoneTable } from '#src/components/phone-table.ts';
import { useFacility } from '#src/facility/facility-context.tsx';
import { useContract } from '#src/kit/contract-hooks.ts';
import { useStaffOptions } from '../customers/use-staff-options.ts';
import { compact, dotDate, pageRange } from './ledger-format.ts';
import { ExportButton, LedgerFilterBar, ledgerKeys } from './ledger-shared.tsx';
import {
  initialPaymentFilters,
  PaymentFilterFields,
  type PaymentFilters,
  PaymentTotals,
  usePaymentColumns,
} from './payment-history-parts.tsx';

const PAGE_SIZE = 20;

/** `/pay/history`: every payment line of a range, filtered and paged, with the range's totals by method. */
export function PaymentHistoryPage() {
  const translate = useTranslate();
  const { selected } = useFacility();
  const gymId = selected?.id ?? 0;
  const staff = useStaffOptions(gymId);
  const [filters, setFilters] = useState<PaymentFilters>(initialPaymentFilters);
  const [page, setPage] = useState(1);
  const query = compact({ gymId, ...filters });

  const list = useContract(
    payHistoryRoute,
    { query: { ...query, gymId, ...pageRange(page, PAGE_SIZE) } },
    {
      queryKey: ledgerKeys.history(gymId, { ...query, page }),
      enabled: gymId > 0,
      placeholderData: (previous) => previous,
    },
  );
  const data = list.data;

  const set = (patch: Partial<PaymentFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const initial = initialPaymentFilters();
  const active =
    (filters.from !== initial.from || filters.to !== initial.to ? 1 : 0) +
    [filters.method, filters.status, filters.staffId, filters.memberId, filters.itemType].filter(Boolean)
      .length;

  const phone = usePhoneTable(usePaymentColumns(), { name: 'customer', figure: 'amount' });
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
          setFilters(initialPaymentFilters());
          setPage(1);
        }}
      >
        <PaymentFilterFields gymId={gymId} filters={filters} staff={staff} onFilter={set} />
      </LedgerFilterBar>
      <PaymentTotals totals={data?.totals} loading={list.isLoading && gymId > 0} />
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
