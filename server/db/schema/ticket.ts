import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { TicketSaleState } from '#domain/enums.ts';
import type { PeriodUnit } from '#domain/rules/passes.ts';
import { created } from './columns.ts';
import { gym } from './gym.ts';

/**
 * A pass product (이용권) a facility sells (docs/rules.md#passes): a period, a session count or both, its prices,
 * its sale dates and state, its hold limits and whether a check-in uses a session. A product that has been sold is
 * never deleted (the sold passes reference it); it can be stopped.
 */
export const ticket = pgTable(
  'ticket',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer()
      .notNull()
      .references(() => gym.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    periodAmount: integer(),
    periodUnit: text().$type<PeriodUnit>(),
    sessionCount: integer(),
    originPrice: integer().notNull(),
    salePrice: integer().notNull(),
    saleStartDate: date({ mode: 'string' }),
    saleEndDate: date({ mode: 'string' }),
    saleState: text().$type<TicketSaleState>().notNull().default('ACTIVE'),
    holdMaxCount: integer(),
    holdMaxDays: integer(),
    holdMinDays: integer(),
    entryUsesSession: boolean().notNull().default(false),
    transferFee: integer().notNull().default(0),
    /**
     * A bundle's (a period with sessions) value of its sessions: the PT part of "3개월 + PT 30회", what trainer pay
     * divides by the sessions (docs/rules.md#trainer-pay). Null: the whole price buys the sessions.
     */
    sessionValue: integer(),
    color: text().notNull().default('#1677ff'),
    createDate: created(),
    modifiedDate: created(),
  },
  (t) => [
    index('ticket_gym_idx').on(t.gymId, t.id),
    check('ticket_period_check', sql`(${t.periodAmount} is null) = (${t.periodUnit} is null)`),
    check('ticket_kind_check', sql`${t.periodAmount} is not null or ${t.sessionCount} is not null`),
    check('ticket_unit_check', sql`${t.periodUnit} in ('DAY', 'WEEK', 'MONTH', 'YEAR')`),
    check('ticket_sale_state_check', sql`${t.saleState} in ('ACTIVE', 'INACTIVE')`),
    check('ticket_price_check', sql`${t.originPrice} >= 0 and ${t.salePrice} >= 0 and ${t.transferFee} >= 0`),
    check(
      'ticket_session_value_check',
      sql`${t.sessionValue} is null or (${t.sessionValue} >= 0 and ${t.sessionCount} is not null and ${t.periodAmount} is not null)`,
    ),
  ],
);

export type TicketRow = typeof ticket.$inferSelect;
