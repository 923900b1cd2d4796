import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ReceiptStatus } from '#domain/enums.ts';
import { created } from './columns.ts';
import { member } from './member.ts';
import { sale } from './sale.ts';

/**
 * A tax invoice (세금계산서, docs/rules.md#tax-invoices) for one sale to a business buyer. The supplier is the
 * facility's verified details, copied when it is issued; supply and VAT follow `splitVat`. A sale paid by card
 * gets none. One issued invoice per sale at a time; a cancellation keeps the row with its reason.
 */
export const taxInvoice = pgTable(
  'tax_invoice',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer().notNull(),
    memberId: integer().notNull(),
    saleId: integer()
      .notNull()
      .references(() => sale.id, { onDelete: 'restrict' }),
    supplierBusinessNumber: text().notNull(),
    supplierName: text().notNull(),
    supplierRepresentative: text(),
    buyerBusinessNumber: text().notNull(),
    buyerName: text().notNull(),
    buyerEmail: text(),
    total: integer().notNull(),
    supply: integer().notNull(),
    vat: integer().notNull(),
    supplyDate: date({ mode: 'string' }).notNull(),
    status: text().$type<ReceiptStatus>().notNull().default('ISSUED'),
    provider: text().notNull(),
    approvalNumber: text().notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
    cancelledAt: timestamp({ withTimezone: true }),
    cancelReason: text(),
    createdByMemberId: integer().references(() => member.id, { onDelete: 'set null' }),
    createDate: created(),
  },
  (t) => [
    index('tax_invoice_gym_idx').on(t.gymId, t.issuedAt),
    uniqueIndex('tax_invoice_sale_idx').on(t.saleId).where(sql`${t.status} = 'ISSUED'`),
    check('tax_invoice_status_check', sql`${t.status} in ('ISSUED', 'CANCELLED')`),
    check('tax_invoice_amount_check', sql`${t.total} > 0 and ${t.supply} + ${t.vat} = ${t.total}`),
  ],
);

export type TaxInvoiceRow = typeof taxInvoice.$inferSelect;
