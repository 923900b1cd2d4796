import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { PaymentMethod } from '#domain/enums.ts';
import { checkout } from './checkout.ts';
import { created } from './columns.ts';
import { member } from './member.ts';
import { sale } from './sale.ts';

/**
 * Money in or out for a sale (docs/rules.md#money): never updated or deleted. A payment is a positive line
 * (status APPROVE); a refund is a negative line (status REFUND) that stores its computation.
 */
export const paymentLine = pgTable(
  'payment_line',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer().notNull(),
    saleId: integer()
      .notNull()
      .references(() => sale.id, { onDelete: 'restrict' }),
    memberId: integer().notNull(),
    method: text().$type<PaymentMethod>().notNull(),
    amount: integer().notNull(),
    status: text().$type<'APPROVE' | 'REFUND'>().notNull(),
    computation: jsonb(),
    /** The checkout that took it (null for lines written before checkouts existed). */
    checkoutId: integer().references(() => checkout.id, { onDelete: 'restrict' }),
    note: text(),
    createdByMemberId: integer().references(() => member.id, { onDelete: 'set null' }),
    createDate: created(),
  },
  (t) => [
    index('payment_line_sale_idx').on(t.saleId),
    index('payment_line_gym_idx').on(t.gymId, t.createDate),
    index('payment_line_member_idx').on(t.memberId),
    index('payment_line_checkout_idx').on(t.checkoutId),
    check('payment_line_method_check', sql`${t.method} in ('CARD', 'CASH', 'TRANSFER')`),
    check('payment_line_status_check', sql`${t.status} in ('APPROVE', 'REFUND')`),
    check(
      'payment_line_sign_check',
      sql`(${t.status} = 'APPROVE' and ${t.amount} > 0) or (${t.status} = 'REFUND' and ${t.amount} <= 0)`,
    ),
  ],
);

export type PaymentLineRow = typeof paymentLine.$inferSelect;
