import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CashReceiptIdentifierType, CashReceiptPurpose, ReceiptStatus } from '#domain/enums.ts';
import { checkout } from './checkout.ts';
import { created } from './columns.ts';
import { member } from './member.ts';

/**
 * A cash receipt (현금영수증, docs/rules.md#cash-receipts) for the cash and transfer part of one checkout, issued
 * through the ReceiptProvider. One issued receipt per checkout at a time; a cancellation keeps the row with its
 * reason, and a new one may then be issued. `amount` = supply + VAT.
 */
export const cashReceipt = pgTable(
  'cash_receipt',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer().notNull(),
    memberId: integer().notNull(),
    checkoutId: integer()
      .notNull()
      .references(() => checkout.id, { onDelete: 'restrict' }),
    amount: integer().notNull(),
    supply: integer().notNull(),
    vat: integer().notNull(),
    purpose: text().$type<CashReceiptPurpose>().notNull(),
    identifierType: text().$type<CashReceiptIdentifierType>().notNull(),
    /** Digits only; 0100001234 when self-issued to the tax office's number. */
    identifier: text().notNull(),
    selfIssued: text().$type<'Y' | 'N'>().notNull().default('N'),
    status: text().$type<ReceiptStatus>().notNull().default('ISSUED'),
    /** The provider's name and approval number (the test mode says so in both). */
    provider: text().notNull(),
    approvalNumber: text().notNull(),
    /** The day the payment was made: the receipt is due within 5 days of it. */
    paidOn: date({ mode: 'string' }).notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
    cancelledAt: timestamp({ withTimezone: true }),
    cancelReason: text(),
    createdByMemberId: integer().references(() => member.id, { onDelete: 'set null' }),
    createDate: created(),
  },
  (t) => [
    index('cash_receipt_gym_idx').on(t.gymId, t.issuedAt),
    uniqueIndex('cash_receipt_checkout_idx').on(t.checkoutId).where(sql`${t.status} = 'ISSUED'`),
    check('cash_receipt_purpose_check', sql`${t.purpose} in ('INCOME_DEDUCTION', 'EXPENSE_PROOF')`),
    check('cash_receipt_identifier_check', sql`${t.identifierType} in ('PHONE', 'CARD', 'BUSINESS')`),
    check('cash_receipt_status_check', sql`${t.status} in ('ISSUED', 'CANCELLED')`),
    check('cash_receipt_amount_check', sql`${t.amount} > 0 and ${t.supply} + ${t.vat} = ${t.amount}`),
  ],
);

export type CashReceiptRow = typeof cashReceipt.$inferSelect;
