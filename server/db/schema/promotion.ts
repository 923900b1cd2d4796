import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { PromotionKind } from '#domain/enums.ts';
import { created } from './columns.ts';
import { gym } from './gym.ts';

/**
 * A discount applied at the desk (docs/rules.md#promotions): a percent or an amount, between two days (Asia/Seoul,
 * inclusive), on the passes and products of `promotion_target`, at most `perCustomerLimit` times per customer.
 */
export const promotion = pgTable(
  'promotion',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer()
      .notNull()
      .references(() => gym.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    kind: text().$type<PromotionKind>().notNull(),
    /** A percent (1–100) or an amount in won. */
    value: integer().notNull(),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    perCustomerLimit: integer(),
    status: text().$type<'ACTIVE' | 'INACTIVE'>().notNull().default('ACTIVE'),
    createDate: created(),
    modifiedDate: created(),
  },
  (t) => [
    index('promotion_gym_idx').on(t.gymId, t.endDate),
    check('promotion_kind_check', sql`${t.kind} in ('PERCENT', 'AMOUNT')`),
    check('promotion_value_check', sql`${t.value} > 0 and (${t.kind} = 'AMOUNT' or ${t.value} <= 100)`),
    check('promotion_dates_check', sql`${t.endDate} >= ${t.startDate}`),
    check('promotion_limit_check', sql`${t.perCustomerLimit} is null or ${t.perCustomerLimit} > 0`),
    check('promotion_status_check', sql`${t.status} in ('ACTIVE', 'INACTIVE')`),
  ],
);

export type PromotionRow = typeof promotion.$inferSelect;
