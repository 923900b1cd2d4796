import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { productGroupListRoute } from '#domain/api/product.ts';
import { useFacility } from '#src/facility/facility-context.tsx';
import { useContractList } from '#src/kit/contract-hooks.ts';
import { queryKeys } from '#src/kit/query-keys.ts';
import { statusOf } from '#src/providers/http-error.ts';

// The product pages' shared pieces (docs/rules.md#products, docs/rules.md#promotions): the queries' keys, who may
// change what and the groups. The pure pieces are in product-model.ts; the errors go through src/kit/.

export const productKeys = queryKeys('products', {
  list: (gymId: number, filters: object, page: number) => [gymId, filters, page],
  one: (gymId: number, id: number) => [gymId, id],
  movements: (gymId: number, id: number, page: number) => [gymId, id, page],
  groups: (gymId: number) => [gymId],
  promotions: (gymId: number, state: string, page: number) => [gymId, state, page],
  options: (gymId: number) => [gymId],
});

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
  useContractList(
    productGroupListRoute,
    { params: { gymId } },
    { queryKey: productKeys.groups(gymId), enabled: gymId > 0, meta: { silent: true } },
  );

/** A 403 or 404 from the server: the page says so instead of offering a retry. */
export const isRefusal = (error: unknown): boolean => [403, 404].includes(statusOf(error) ?? 0);

/** Money as typed in an InputNumber: thousands separators shown, digits kept. */
export const wonInput = {
  min: 0,
  precision: 0,
  style: { width: '100%' },
  formatter: (v: number | string | undefined) =>
    v === undefined || v === '' ? '' : Number(v).toLocaleString(),
  parser: (v: string | undefined) => Number((v ?? '').replace(/[^\d]/g, '')),
};
