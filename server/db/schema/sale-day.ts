import { bigint, boolean, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { SaleItemType } from '#domain/enums.ts';
import { gym } from './gym.ts';

/**
 * A summed day of sales (docs/rules.md#reports): for one facility and Seoul day (`report_day`), how many sales and
 * their prices by item type, and for passes whether it was the customer's first pass sale (new) or not (renewal).
 */
export const saleDay = pgTable(
  'sale_day',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer()
      .notNull()
      .references(() => gym.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    itemType: text().$type<SaleItemType>().notNull(),
    isNew: boolean().notNull(),
    sales: integer().notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [index('sale_day_gym_day_idx').on(t.gymId, t.day)],
);

export type SaleDayRow = typeof saleDay.$inferSelect;
