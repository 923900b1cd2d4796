import { isLowStock } from '#domain/rules/product.ts';
import type { Product } from '#domain/schemas/product.ts';
import type { ProductRow } from '../../db/schema/index.ts';

// Desk products as the API answers them and as the audit log keeps them (docs/rules.md#products).

export type ProductJoined = ProductRow & { groupName: string | null };

export const toProduct = (row: ProductJoined): Product => ({
  id: row.id,
  gymId: row.gymId,
  groupId: row.groupId,
  groupName: row.groupName,
  name: row.name,
  price: row.price,
  vatMode: row.vatMode,
  stock: row.stock,
  lowStockAt: row.lowStockAt,
  lowStock: isLowStock(row.stock, row.lowStockAt),
  status: row.status,
  memo: row.memo,
  createDate: row.createDate.toISOString(),
  modifiedDate: row.modifiedDate.toISOString(),
});

/** The audit's picture of a product: its own fields (the stock is the movements' business). */
export const snapshot = (row: ProductRow) => ({
  name: row.name,
  groupId: row.groupId,
  price: row.price,
  vatMode: row.vatMode,
  lowStockAt: row.lowStockAt,
  status: row.status,
  memo: row.memo,
});
