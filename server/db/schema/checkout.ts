import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { CheckoutKind } from '#domain/enums.ts';
import { created } from './columns.ts';
import { member } from './member.ts';

/**
 * One act of paying (docs/rules.md#money): a sale at the desk, a collection of a balance, a payment request paid,
 * or a pass or locker sold from its own screen. The sales it sold and the payment lines it took point at it; a
 * cash receipt is issued for one checkout and its slip prints from it. Never updated or deleted.
 */
export const checkout = pgTable(
  'checkout',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer().notNull(),
    memberId: integer().notNull(),
    kind: text().$type<CheckoutKind>().notNull(),
    /** The sum of its sales' prices (0 for a collection). */
    total: integer().notNull().default(0),
    /** The sum of its payment lines. */
    paid: integer().notNull().default(0),
    /** The part paid in cash or by transfer: what a cash receipt covers (docs/rules.md#cash-receipts). */
    cashPaid: integer().notNull().default(0),
    note: text(),
    createdByMemberId: integer().references(() => member.id, { onDelete: 'set null' }),
    createDate: created(),
  },
  (t) => [
    index('checkout_gym_idx').on(t.gymId, t.createDate),
    index('checkout_member_idx').on(t.memberId, t.id),
    // A cash receipt is due from 100,000 won paid in cash or by transfer (docs/rules.md#cash-receipts).
    index('checkout_gym_cash_idx').on(t.gymId, t.createDate).where(sql`${t.cashPaid} >= 100000`),
    check(
      'checkout_kind_check',
      sql`${t.kind} in ('DESK', 'COLLECT', 'REQUEST', 'PASS', 'LOCKER', 'TRANSFER')`,
    ),
    check(
      'checkout_amounts_check',
      sql`${t.total} >= 0 and ${t.paid} >= 0 and ${t.cashPaid} between 0 and ${t.paid}`,
    ),
  ],
);

export type CheckoutRow = typeof checkout.$inferSelect;
