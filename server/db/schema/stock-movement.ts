import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { StockMovementKind } from '#domain/enums.ts';
import { created } from './columns.ts';
import { member } from './member.ts';
import { product } from './product.ts';

/**
 * One change to a product's stock (docs/rules.md#products): a sale lowers it (kind SALE, with its sale), an
 * adjustment moves it either way and needs a note. Never updated or deleted; `stockAfter` is the stock it left.
 */
export const stockMovement = pgTable(
  'stock_movement',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer().notNull(),
    productId: integer()
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
    kind: text().$type<StockMovementKind>().notNull(),
    change: integer().notNull(),
    stockAfter: integer().notNull(),
    saleId: integer(),
    note: text(),
    createdByMemberId: integer().references(() => member.id, { onDelete: 'set null' }),
    createDate: created(),
  },
  (t) => [
    index('stock_movement_product_idx').on(t.productId, t.id),
    check('stock_movement_kind_check', sql`${t.kind} in ('SALE', 'ADJUST')`),
    check('stock_movement_change_check', sql`${t.change} <> 0 and ${t.stockAfter} >= 0`),
    check('stock_movement_note_check', sql`${t.kind} = 'SALE' or ${t.note} is not null`),
  ],
);

export type StockMovementRow = typeof stockMovement.$inferSelect;
