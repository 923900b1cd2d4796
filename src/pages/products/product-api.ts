import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { useCallback } from 'react';
import { productGroupListRoute } from '#domain/api/product.ts';
import { useFacility } from '#src/facility/facility-context.tsx';
import { fieldErrorsOf, isHttpError, statusOf } from '#src/providers/http-error.ts';
import { api } from '#src/providers/instances.ts';

// The product pages' shared pieces (docs/rules.md#products, docs/rules.md#promotions): the queries' keys, who may
// change what, the groups and the server's errors on a form. The pure pieces are in product-model.ts.

import type { Translate } from './product-model.ts';

export type { Translate };

export const productKeys = {
  all: ['products'] as const,
  list: (gymId: number, filters: object, page: number) => ['products', 'list', gymId, filters, page] as const,
  one: (gymId: number, id: number) => ['products', 'one', gymId, id] as const,
  movements: (gymId: number, id: number, page: number) => ['products', 'movements', gymId, id, page] as const,
  groups: (gymId: number) => ['products', 'groups', gymId] as const,
  promotions: (gymId: number, state: string, page: number) =>
    ['products', 'promotions', gymId, state, page] as const,
  options: (gymId: number) => ['products', 'options', gymId] as const,
};

/**
 * The selected facility and what the caller may do there: read with payHistoryUseYn, change with
 * payHistorySettingYn (the representative may do both), and nothing changes in a closed facility.
 */
export const useProductAccess = () => {
  const { selected, gymAuth, contextLoading } = useFacility();
  const gymId = selected?.id ?? 0;
  const closed = selected?.gymStatus === 'QUIT';
  const canChange = Boolean(gymAuth?.representYn || gymAuth?.payHistorySettingYn) && !closed;
  /** The facility and its permission set have loaded: `canChange` is final. */
  const ready = gymId > 0 && !contextLoading;
  return { gymId, canChange, closed, ready };
};

/** After any change: every product list, record, group list and promotion list reads again. */
export const useRefreshProducts = () => {
  const client = useQueryClient();
  return useCallback(() => void client.invalidateQueries({ queryKey: productKeys.all }), [client]);
};

/** The facility's groups in their order. */
export const useProductGroups = (gymId: number) =>
  useQuery({
    queryKey: productKeys.groups(gymId),
    queryFn: () => api.list(productGroupListRoute, { params: { gymId } }),
    enabled: gymId > 0,
    meta: { silent: true },
  });

/** The server's message (already in the user's language), or the generic one. */
export const errorText = (error: unknown, translate: Translate): string =>
  isHttpError(error) && error.message ? error.message : translate('errors.UNKNOWN');

/** A 403 or 404 from the server: the page says so instead of offering a retry. */
export const isRefusal = (error: unknown): boolean => [403, 404].includes(statusOf(error) ?? 0);

/** The server's field errors on the form's fields; true when there were any. */
export const showFieldErrors = (form: FormInstance, error: unknown): boolean => {
  const fields = fieldErrorsOf(error).map((f) => ({
    name: f.name.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
    errors: f.errors,
  }));
  if (fields.length) form.setFields(fields);
  return fields.length > 0;
};

/** Money as typed in an InputNumber: thousands separators shown, digits kept. */
export const wonInput = {
  min: 0,
  precision: 0,
  style: { width: '100%' },
  formatter: (v: number | string | undefined) =>
    v === undefined || v === '' ? '' : Number(v).toLocaleString(),
  parser: (v: string | undefined) => Number((v ?? '').replace(/[^\d]/g, '')),
};
