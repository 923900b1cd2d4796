import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { lockerMapRoute } from '#domain/api/locker.ts';
import { useContract } from '#src/kit/contract-hooks.ts';
import { queryKeys } from '#src/kit/query-keys.ts';

// The locker page's shared queries: the map (every tab reads it), and the refresh after any change.

export const lockerKeys = queryKeys('lockers', {
  map: (gymId: number) => [gymId],
  rental: (gymId: number, id: number) => [gymId, id],
  list: (gymId: number, view: string, page: number) => [gymId, view, page],
});

/** The facility's whole map: rooms, banks, tiles and the legend's counts. */
export const useLockerMap = (gymId: number) =>
  useContract(
    lockerMapRoute,
    { params: { gymId } },
    { queryKey: lockerKeys.map(gymId), enabled: gymId > 0, meta: { silent: true } },
  );

/** After any change: the map, the lists and the open rental read again, and the customers' unpaid amounts. */
export const useRefreshLockers = () => {
  const client = useQueryClient();
  return useCallback(() => {
    void client.invalidateQueries({ queryKey: lockerKeys.all });
    void client.invalidateQueries({ queryKey: ['customers'] });
  }, [client]);
};
