import { customerListRoute } from '#domain/api/customer.ts';
import { useContract } from '#src/kit/contract-hooks.ts';
import { queryKeys } from '#src/kit/query-keys.ts';

// The desk's React Query keys and its customer picker's read (docs/rules.md#the-desk).

export const deskKeys = queryKeys('desk', {
  catalog: (gymId: number) => [gymId],
  usage: (gymId: number, memberId: number) => [gymId, memberId],
  checkout: (gymId: number, id: number) => [gymId, id],
  customers: (gymId: number, q: string) => [gymId, q],
});

/** The customer picker's choices: the first 20 customers, or those matching `q`. */
export const useDeskCandidates = (gymId: number, q: string, enabled = true) =>
  useContract(
    customerListRoute,
    { query: { gymId, segment: 'all', days: 7, ...(q ? { q } : {}), _start: 0, _end: 20 } },
    { queryKey: deskKeys.customers(gymId, q), staleTime: 30_000, enabled },
  );
