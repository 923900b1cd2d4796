import { queryKeys } from '#src/kit/query-keys.ts';

/** The React Query keys of the trainer pages: a write clears `all`; `pay(id)` is every month of one trainer. */
export const trainerKeys = queryKeys('trainers', {
  list: (gymId: number) => [gymId],
  detail: (id: number) => [id],
  pay: (...parts: [id: number, month?: string]) => parts,
  candidates: (gymId: number) => [gymId],
});
