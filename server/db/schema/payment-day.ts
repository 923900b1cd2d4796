import { bigint, date, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import type { PaymentMethod, SaleItemType } from '#domain/enums.ts';
import { gym } from './gym.ts';

/**
 * A summed day of payment lines (docs/rules.md#reports): for one facility and Seoul day (`report_day`), the count
 * and sum of its lines four ways, each by status: the whole day, by the sale's item type and name, by the staff
 * member who made the sale, and by method. `grouping` says which (the bits of SQL's `grouping(item_type,
 * item_name, staff, method)`, a 1 for each column the row is not by); the other columns are null. The statistics
 * and the revenue history read these instead of every line.
 */
export const paymentDay = pgTable(
  'payment_day',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer()
      .notNull()
      .references(() => gym.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    grouping: smallint().notNull(),
    itemType: text().$type<SaleItemType>(),
    itemName: text(),
    staffMemberId: integer(),
    method: text().$type<PaymentMethod>(),
    status: text().$type<'APPROVE' | 'REFUND'>().notNull(),
    lines: integer().notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [index('payment_day_gym_day_idx').on(t.gymId, t.day)],
);

export type PaymentDayRow = typeof paymentDay.$inferSelect;
