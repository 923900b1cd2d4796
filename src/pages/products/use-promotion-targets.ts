import { useTranslate } from '@refinedev/core';
import { productListRoute } from '#domain/api/product.ts';
import { ticketResource } from '#domain/resources/ticket.ts';
import type { Promotion } from '#domain/schemas/product.ts';
import { resourceRoutes } from '#src/api/resources.ts';
import { useContractList } from '#src/kit/contract-hooks.ts';
import { productKeys } from './product-api.ts';

/** The most pass products and desk products the target pickers offer (the API's largest page). */
const OPTIONS_MAX = 100;

type Option = { value: number; label: string };

/** The facility's pass products and desk products, for the target pickers (each list's first 100 by name). */
const useTargetOptions = (gymId: number) => {
  const passes = useContractList(
    resourceRoutes(ticketResource).list,
    { query: { gymId, _start: 0, _end: OPTIONS_MAX, _sort: 'name', _order: 'asc' } },
    {
      queryKey: [...productKeys.options(gymId), 'passes'],
      enabled: gymId > 0,
      retry: false,
      meta: { silent: true },
    },
  );
  const products = useContractList(
    productListRoute,
    { params: { gymId }, query: { _start: 0, _end: OPTIONS_MAX } },
    { queryKey: [...productKeys.options(gymId), 'products'], enabled: gymId > 0, meta: { silent: true } },
  );
  return { passes, products };
};

/** The target pickers' queries and options, with the promotion's own targets kept. */
export const usePromotionTargets = (gymId: number, promotion: Promotion | null) => {
  const translate = useTranslate();
  const { passes, products } = useTargetOptions(gymId);

  // A target the pickers did not load (past the first 100, or the pass list not readable) keeps its name.
  const kept = (type: 'PASS' | 'PRODUCT') =>
    (promotion?.targets ?? [])
      .filter((t) => t.itemType === type)
      .map((t) => ({ value: t.itemId, label: t.name }));
  const merge = (loaded: Option[], type: 'PASS' | 'PRODUCT') => {
    const ids = new Set(loaded.map((o) => o.value));
    return [...loaded, ...kept(type).filter((o) => !ids.has(o.value))];
  };
  const passOptions = merge(
    (passes.data?.data ?? []).map((t) => ({
      value: t.id,
      label: t.saleState === 'ACTIVE' ? t.name : `${t.name} (${translate('products.status.INACTIVE')})`,
    })),
    'PASS',
  );
  const productOptions = merge(
    (products.data?.data ?? []).map((p) => ({
      value: p.id,
      label: p.status === 'ACTIVE' ? p.name : `${p.name} (${translate('products.status.INACTIVE')})`,
    })),
    'PRODUCT',
  );
  return { passes, products, passOptions, productOptions };
};

export type PromotionTargets = ReturnType<typeof usePromotionTargets>;
