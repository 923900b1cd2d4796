import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { created } from './columns.ts';
import { gym } from './gym.ts';
import { member } from './member.ts';
import { ticket } from './ticket.ts';

/**
 * A sold pass (docs/rules.md#passes). Stored status is FIN or REFUND; "on hold" (WAIT in the API) is derived
 * from the holds and today's date. The end date already includes the days of its holds. Remaining sessions are
 * `sessionCount` minus the usage ledger (`ticket_usage`), never a counter. A transfer moves the pass to another
 * customer (`memberId`), keeping its price, its ledger and its refund rights; `ticket_transfer` keeps who held it.
 */
export const ticketIssue = pgTable(
  'ticket_issue',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer()
      .notNull()
      .references(() => gym.id, { onDelete: 'cascade' }),
    memberId: integer()
      .notNull()
      .references(() => member.id, { onDelete: 'restrict' }),
    ticketId: integer()
      .notNull()
      .references(() => ticket.id, { onDelete: 'restrict' }),
    /** The product's name and terms when it was sold: a later edit of the product changes no sold pass. */
    ticketName: text().notNull(),
    periodAmount: integer(),
    periodUnit: text(),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }),
    sessionCount: integer(),
    /** A bundle's session value at the price agreed (`bundleSessionValue`), for trainer pay; null: the price. */
    sessionValue: integer(),
    status: text().$type<'FIN' | 'REFUND'>().notNull().default('FIN'),
    /** The price agreed (after discounts): the `paid` of the refund formula is what its payment lines hold. */
    price: integer().notNull(),
    /**
     * The sum of its payment lines (refunds excluded): a cache rebuilt in the transaction of every payment, like
     * the customer summary. `unpaidAmount` follows from it.
     */
    paidAmount: integer().notNull().default(0),
    refundedAmount: integer().notNull().default(0),
    /** The sum of its sale's adjustments (write-offs and corrections): a cache like `paidAmount`. */
    adjustedAmount: integer().notNull().default(0),
    unpaidAmount: integer().generatedAlwaysAs(
      sql`case when status = 'REFUND' then 0 else greatest(price - adjusted_amount - paid_amount, 0) end`,
    ),
    soldByMemberId: integer().references(() => member.id, { onDelete: 'set null' }),
    refundedAt: timestamp({ withTimezone: true }),
    createDate: created(),
    modifiedDate: created(),
  },
  (t) => [
    index('ticket_issue_gym_idx').on(t.gymId, t.id),
    index('ticket_issue_member_idx').on(t.memberId, t.id),
    index('ticket_issue_gym_end_idx').on(t.gymId, t.endDate),
    index('ticket_issue_ticket_idx').on(t.ticketId),
    // "As of" pages the passes sold by a day, newest first (docs/rules.md#revenue-recognition).
    index('ticket_issue_gym_created_idx').on(t.gymId, t.createDate, t.id),
    index('ticket_issue_gym_unpaid_idx').on(t.gymId, t.id).where(sql`${t.unpaidAmount} > 0`),
    check('ticket_issue_status_check', sql`${t.status} in ('FIN', 'REFUND')`),
    check('ticket_issue_price_check', sql`${t.price} >= 0`),
  ],
);

export type TicketIssueRow = typeof ticketIssue.$inferSelect;
