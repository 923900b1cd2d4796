import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { customerListRoute, segmentCountsRoute } from '#domain/api/customer.ts';
import type { CustomerSegment } from '#domain/rules/passes.ts';
import { api } from '#src/providers/instances.ts';

export type ListParams = {
  gymId: number;
  segment: CustomerSegment;
  days: number;
  q: string;
  page: number;
  pageSize: number;
  sort?: 'name' | 'passEndDate' | 'registeredOn' | 'unpaidAmount';
  order?: 'asc' | 'desc';
};

/** One page of the customer list (one call for every tab). */
export const useCustomerList = (p: ListParams) =>
  useQuery({
    queryKey: ['customers', 'list', p],
    queryFn: () =>
      api.list(customerListRoute, {
        query: {
          gymId: p.gymId,
          segment: p.segment,
          days: p.days,
          ...(p.q ? { q: p.q } : {}),
          _start: (p.page - 1) * p.pageSize,
          _end: p.page * p.pageSize,
          ...(p.sort ? { _sort: p.sort, _order: p.order ?? 'asc' } : {}),
        },
      }),
    placeholderData: (previous) => previous,
  });

/** Every tab's count, in one call. */
export const useSegmentCounts = (gymId: number, days: number) =>
  useQuery({
    queryKey: ['customers', 'counts', gymId, days],
    queryFn: () => api.call(segmentCountsRoute, { query: { gymId, days } }),
  });

/** After any change to customers or passes: the lists, the counts and the passes read again. */
export const useRefreshCustomers = () => {
  const client = useQueryClient();
  return useCallback(() => {
    void client.invalidateQueries({ queryKey: ['customers'] });
    void client.invalidateQueries({ queryKey: ['passes'] });
  }, [client]);
};
