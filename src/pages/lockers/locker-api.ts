import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { useCallback } from 'react';
import { lockerMapRoute } from '#domain/api/locker.ts';
import { fieldErrorsOf, isHttpError } from '#src/providers/http-error.ts';
import { api } from '#src/providers/instances.ts';
import type { Translate } from './locker-model.ts';

// The locker page's shared queries: the map (every tab reads it), and the refresh after any change.

export const lockerKeys = {
  all: ['lockers'] as const,
  map: (gymId: number) => ['lockers', 'map', gymId] as const,
  rental: (gymId: number, id: number) => ['lockers', 'rental', gymId, id] as const,
  list: (gymId: number, view: string, page: number) => ['lockers', 'list', gymId, view, page] as const,
};

/** The facility's whole map: rooms, banks, tiles and the legend's counts. */
export const useLockerMap = (gymId: number) =>
  useQuery({
    queryKey: lockerKeys.map(gymId),
    queryFn: () => api.call(lockerMapRoute, { params: { gymId } }),
    enabled: gymId > 0,
    meta: { silent: true },
  });

/** After any change: the map, the lists and the open rental read again, and the customers' unpaid amounts. */
export const useRefreshLockers = () => {
  const client = useQueryClient();
  return useCallback(() => {
    void client.invalidateQueries({ queryKey: lockerKeys.all });
    void client.invalidateQueries({ queryKey: ['customers'] });
  }, [client]);
};

/** The server's message (already in the user's language), or the generic one. */
export const errorText = (error: unknown, translate: Translate): string =>
  isHttpError(error) && error.message ? error.message : translate('errors.UNKNOWN');

/** The server's field errors on the form's fields (`payments.0.amount` → ['payments', 0, 'amount']). */
export const showFieldErrors = (form: FormInstance, error: unknown): void => {
  const fields = fieldErrorsOf(error).map((f) => ({
    name: f.name.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
    errors: f.errors,
  }));
  if (fields.length) form.setFields(fields);
};
