import type { ProductDetail } from '#domain/schemas/product.ts';
import type { Translate } from '#src/kit/translate.ts';

// The desk product form's values (docs/rules.md#products), the body they send and where the form starts.

export type ProductValues = {
  name: string;
  groupId: number;
  price: number;
  vatMode: ProductDetail['vatMode'];
  lowStockAt?: number | null;
  memo?: string;
  status: ProductDetail['status'];
  initialStock?: number | null;
  stockNote?: string;
};

/** "No group" in the group select (the API's null). */
export const NO_GROUP = 0;

/** The fields a create and an update both send. */
export const productFieldsOf = (v: ProductValues) => ({
  name: v.name.trim(),
  groupId: v.groupId === NO_GROUP ? null : v.groupId,
  price: v.price,
  vatMode: v.vatMode,
  lowStockAt: v.lowStockAt ?? null,
  memo: v.memo?.trim() ? v.memo.trim() : null,
  status: v.status,
});

/** The product's values, or a new product's: no group, VAT included, on sale, no opening stock. */
export const productInitialValues = (
  p: ProductDetail | undefined,
  translate: Translate,
): Partial<ProductValues> =>
  p
    ? {
        name: p.name,
        groupId: p.groupId ?? NO_GROUP,
        price: p.price,
        vatMode: p.vatMode,
        lowStockAt: p.lowStockAt,
        memo: p.memo ?? '',
        status: p.status,
      }
    : {
        groupId: NO_GROUP,
        vatMode: 'INCLUDED',
        status: 'ACTIVE',
        initialStock: 0,
        stockNote: translate('products.form.openingNote'),
      };
