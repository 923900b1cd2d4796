import { ticketResource } from '#domain/resources/ticket.ts';
import { resourceRoutes } from '#src/api/resources.ts';
import { useFacility } from '#src/facility/facility-context.tsx';
import { useContractList } from '#src/kit/contract-hooks.ts';
import { queryKeys } from '#src/kit/query-keys.ts';

// The pass pages' shared pieces (docs/rules.md#passes): the pass products' routes (the ticket resource's generic
// ones), the queries' keys and who may change the catalogue.

export const ticketRoutes = resourceRoutes(ticketResource);

export const passKeys = queryKeys('passes', {
  products: (gymId: number, sort: string) => [gymId, sort],
  product: (id: number | null) => [id],
  issued: (gymId: number, filters: object, page: number) => [gymId, filters, page],
  detail: (id: number) => [id],
  // The customer page reads the same key (customers/customer-detail-page.tsx).
  'of-customer': (gymId: number, memberId: number | null) => [gymId, memberId],
});

/** The selected facility, and whether the caller may change its pass products (memberSettingYn). */
export const usePassAccess = () => {
  const { selected, gymAuth } = useFacility();
  const gymId = selected?.id ?? 0;
  const canChange = Boolean(gymAuth?.representYn || gymAuth?.memberSettingYn);
  return { selected, gymId, canChange };
};

/** The facility's first 100 pass products in an order; `key` names the order in the query's key. */
export const usePassProducts = (
  gymId: number,
  key: string,
  order: { field: string; order: 'asc' | 'desc' },
) =>
  useContractList(
    ticketRoutes.list,
    { query: { gymId, _start: 0, _end: 100, _sort: order.field, _order: order.order } },
    { queryKey: passKeys.products(gymId, key), enabled: gymId > 0, select: (page) => page.data },
  );
