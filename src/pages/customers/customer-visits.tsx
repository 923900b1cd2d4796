import { useTranslate } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Table, Tabs } from 'antd';
import { type ReactNode, useState } from 'react';
import { entryListRoute } from '#domain/api/entry.ts';
import { addDays, seoulToday } from '#domain/rules/seoul-time.ts';
import type { Entry } from '#domain/schemas/entry.ts';
import { useFacility } from '#src/facility/facility-context.tsx';
import { api } from '#src/providers/instances.ts';
import { seoulDateTime } from '../entry/entry-format.ts';
import { EntryResultCell } from '../entry/entry-result-cell.tsx';
import '../entry/entries.css';

const PAGE_SIZE = 10;

/** The last year of a customer's entries (the entry log reads at most 366 days: today − 365 … today). */
export function CustomerVisits({ gymId, memberId }: { gymId: number; memberId: number }) {
  const translate = useTranslate();
  const [page, setPage] = useState(1);
  const today = seoulToday(new Date());
  const from = addDays(today, -365);
  const visits = useQuery({
    queryKey: ['entries', 'of-customer', gymId, memberId, from, today, page],
    queryFn: () =>
      api.list(entryListRoute, {
        params: { gymId },
        query: { memberId, from, to: today, _start: (page - 1) * PAGE_SIZE, _end: page * PAGE_SIZE },
      }),
    enabled: gymId > 0 && memberId > 0,
    placeholderData: (previous) => previous,
  });

  if (visits.isError)
    return <Alert type="error" showIcon message={translate('customers.detail.visitsFailed')} />;
  return (
    <div className="fd-table-scroll">
      <Table<Entry>
        size="small"
        rowKey="id"
        loading={visits.isFetching}
        dataSource={visits.data?.data ?? []}
        caption={
          <span className="fd-entry-visually-hidden">{translate('customers.detail.visitsCaption')}</span>
        }
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={translate('customers.detail.noVisits')}
            />
          ),
        }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: visits.data?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          showTotal: (total) => translate('customers.detail.visitsTotal', { count: total }),
          onChange: setPage,
        }}
        columns={[
          {
            key: 'time',
            title: translate('entries.list.time'),
            className: 'fd-nowrap',
            render: (_, e) => seoulDateTime(e.createDate),
          },
          {
            key: 'method',
            title: translate('entries.list.method'),
            className: 'fd-nowrap',
            render: (_, e) => translate(`entries.methods.${e.method}`),
          },
          { key: 'pass', title: translate('entries.list.pass'), render: (_, e) => e.passName ?? '-' },
          {
            key: 'result',
            title: translate('entries.list.result'),
            render: (_, e) => <EntryResultCell entry={e} />,
          },
          {
            key: 'staff',
            title: translate('entries.list.staff'),
            render: (_, e) => [e.staffName, e.note].filter(Boolean).join(' · ') || '-',
          },
        ]}
      />
    </div>
  );
}

/**
 * The detail's history: the sessions used (the usage ledger, `children`) and, where the facility runs check-in
 * (the ENTER add-on), a Visits tab with the customer's entries. A tab's content loads when it is first opened.
 */
export function CustomerHistoryTabs({
  gymId,
  memberId,
  children,
}: {
  gymId: number;
  memberId: number;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const { approvedSubServices } = useFacility();
  if (!approvedSubServices.has('ENTER')) return children;
  return (
    <Tabs
      items={[
        { key: 'usage', label: translate('customers.detail.usageTab'), children },
        {
          key: 'visits',
          label: translate('customers.detail.visits'),
          children: <CustomerVisits gymId={gymId} memberId={memberId} />,
        },
      ]}
    />
  );
}
