import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { SaleAdjustmentKind } from '#domain/enums.ts';
import { created } from './columns.ts';
import { member } from './member.ts';
import { sale } from './sale.ts';

/**
 * A reversing row on a sale (docs/rules.md#money): a write-off of an unpaid balance (the representative's, with a
 * reason) or a correction of its price. It lowers what the sale is owed by `amount`; the sale itself is never
 * updated. Never updated or deleted.
 */
export const saleAdjustment = pgTable(
  'sale_adjustment',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer().notNull(),
    saleId: integer()
      .notNull()
      .references(() => sale.id, { onDelete: 'restrict' }),
    memberId: integer().notNull(),
    kind: text().$type<SaleAdjustmentKind>().notNull(),
    amount: integer().notNull(),
    reason: text().notNull(),
    createdByMemberId: integer().references(() => member.id, { onDelete: 'set null' }),
    createDate: created(),
  },
  (t) => [
    index('sale_adjustment_sale_idx').on(t.saleId),
    index('sale_adjustment_gym_idx').on(t.gymId, t.createDate),
    check('sale_adjustment_kind_check', sql`${t.kind} in ('WRITE_OFF', 'CORRECTION')`),
    check('sale_adjustment_amount_check', sql`${t.amount} > 0`),
  ],
);

export type SaleAdjustmentRow = typeof saleAdjustment.$inferSelect;
