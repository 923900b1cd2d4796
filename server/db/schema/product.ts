import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { VatMode } from '#domain/enums.ts';
import { created } from './columns.ts';
import { gym } from './gym.ts';
import { productGroup } from './product-group.ts';

/**
 * Goods sold at the desk (docs/rules.md#products): drinks, wear, supplements, rentals. `stock` is a cache of its
 * movements (`stock_movement`), rewritten under the row's lock in the transaction of every movement; it never
 * goes below zero. A product that was sold is never deleted: it is stopped (INACTIVE).
 */
export const product = pgTable(
  'product',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer()
      .notNull()
      .references(() => gym.id, { onDelete: 'cascade' }),
    groupId: integer().references(() => productGroup.id, { onDelete: 'set null' }),
    name: text().notNull(),
    price: integer().notNull(),
    vatMode: text().$type<VatMode>().notNull().default('INCLUDED'),
    stock: integer().notNull().default(0),
    /** At or below this, the product is flagged low; null = no flag. */
    lowStockAt: integer(),
    status: text().$type<'ACTIVE' | 'INACTIVE'>().notNull().default('ACTIVE'),
    memo: text(),
    createDate: created(),
    modifiedDate: created(),
  },
  (t) => [
    index('product_gym_idx').on(t.gymId, t.id),
    index('product_group_idx').on(t.groupId),
    check('product_price_check', sql`${t.price} >= 0`),
    check('product_stock_check', sql`${t.stock} >= 0`),
    check('product_vat_check', sql`${t.vatMode} in ('INCLUDED', 'EXEMPT')`),
    check('product_status_check', sql`${t.status} in ('ACTIVE', 'INACTIVE')`),
  ],
);

export type ProductRow = typeof product.$inferSelect;
