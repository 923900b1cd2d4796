import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { PaymentMethod } from '#domain/enums.ts';
import { checkout } from './checkout.ts';
import { created } from './columns.ts';
import { gym } from './gym.ts';
import { member } from './member.ts';
import { sale } from './sale.ts';

/**
 * A payment request (docs/rules.md#payment-requests): a link to `/pay/req` for one sale's balance, sent through
 * the outbox. Only the token's SHA-256 is stored (the token is 32 random bytes). It is good for its sale, its
 * amount and its facility, until it expires, is revoked, or is paid. Stored status: FIN (open), WAIT (a transfer
 * the customer reported, until staff confirm), APPROVE (paid, `checkoutId` set). EXPIRED is derived.
 */
export const payRequest = pgTable(
  'pay_request',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer()
      .notNull()
      .references(() => gym.id, { onDelete: 'cascade' }),
    memberId: integer()
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    saleId: integer()
      .notNull()
      .references(() => sale.id, { onDelete: 'restrict' }),
    amount: integer().notNull(),
    tokenHash: text().notNull().unique(),
    status: text().$type<'FIN' | 'WAIT' | 'APPROVE'>().notNull().default('FIN'),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    /** The method the customer chose on the page (TRANSFER waits for staff; CARD is paid at once). */
    method: text().$type<PaymentMethod>(),
    /** The transfer reference shown to the customer, e.g. "FD-1234". */
    reference: text().notNull(),
    depositorName: text(),
    claimedAt: timestamp({ withTimezone: true }),
    checkoutId: integer().references(() => checkout.id, { onDelete: 'restrict' }),
    paidAt: timestamp({ withTimezone: true }),
    confirmedByMemberId: integer().references(() => member.id, { onDelete: 'set null' }),
    createdByMemberId: integer().references(() => member.id, { onDelete: 'set null' }),
    createDate: created(),
  },
  (t) => [
    index('pay_request_gym_idx').on(t.gymId, t.id),
    index('pay_request_sale_idx').on(t.saleId),
    check('pay_request_status_check', sql`${t.status} in ('FIN', 'WAIT', 'APPROVE')`),
    check('pay_request_amount_check', sql`${t.amount} > 0`),
  ],
);

export type PayRequestRow = typeof payRequest.$inferSelect;
