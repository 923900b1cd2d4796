import { queryKeys } from '#src/kit/query-keys.ts';

// The reservation pages' React Query keys: the lesson pages clear `reservations` after a booking changes.
export const reservationKeys = queryKeys('reservations', {
  list: (gymId: number, query: object, page: number) => [gymId, query, page],
  detail: (id: number) => [id],
  'customer-options': (gymId: number, q: string) => [gymId, q],
});
