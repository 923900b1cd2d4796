import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { maskPhone } from '#domain/rules/customer.ts';
import {
  cashReceiptDeadline,
  cashReceiptRequired,
  formatBusinessNumber,
  splitVat,
} from '#domain/rules/money.ts';
import { cashReceiptState, taxInvoiceRefusal } from '#domain/rules/receipts.ts';
import { addDays, seoulToday } from '#domain/rules/seoul-time.ts';
import type {
  CashReceiptDueQuery,
  CashReceiptDueRow,
  ReceiptSettings,
  TaxInvoice,
  TaxInvoiceCandidate,
  TaxInvoiceListQuery,
} from '#domain/schemas/receipt.ts';
import type { Executor } from '../../db/client.ts';
import { cappedTotal, countCapped } from '../../db/count.ts';
import { cashReceipt, checkout, gym, member, sale, taxInvoice } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { cashReceiptRecord, invoiceSelect, seoulDayOf, taxInvoiceRecord } from './receipt.mappers.ts';
import { dayStart, dueWhere, invoiceOfCheckout, saleMoney } from './receipt.sql.ts';
import type { ReceiptProvider } from './receipt-provider.ts';

// Cash receipts and tax invoices (docs/rules.md#cash-receipts, docs/rules.md#tax-invoices). The threshold, the
// deadline, the identifier's shape and the VAT split are the pure rules of domain/rules/money.ts that the screen
// shares; the receipt itself goes through the ReceiptProvider (the test mode by default), inside the transaction
// that writes its row and its audit row, so a refused provider call writes nothing.

/** The provider and the supplier details a tax invoice would carry (docs/rules.md#tax-invoices). */
export const receiptSettings = async (
  db: Executor,
  provider: ReceiptProvider,
  gymId: number,
): Promise<ReceiptSettings> => {
  const [row] = await db
    .select({ name: gym.name, businessNo: gym.businessNo, representName: gym.representName })
    .from(gym)
    .where(eq(gym.id, gymId));
  if (!row) throw notFound();
  return {
    provider: provider.name,
    testMode: provider.testMode,
    supplierBusinessNumber: row.businessNo ? formatBusinessNumber(row.businessNo.replace(/\D/g, '')) : null,
    supplierName: row.name,
    supplierRepresentative: row.representName,
  };
};

// ---------------------------------------------------------------------------------------------------------
// Cash receipts: what is due

/**
 * Checkouts that took cash or transfer, newest first, with where each stands: one statement (its capped total as
 * a field), on checkout_gym_idx or, for DUE and OVERDUE, the partial checkout_gym_cash_idx.
 */
export const listCashReceiptDue = async (
  db: Executor,
  gymId: number,
  query: CashReceiptDueQuery,
  now: Date,
): Promise<{ data: CashReceiptDueRow[]; total: number }> => {
  const today = seoulToday(now);
  const where = dueWhere(gymId, query, today);
  const rows = await db
    .select({
      checkout,
      memberName: member.name,
      memberPhone: member.phone,
      receipt: cashReceipt,
      invoice: invoiceOfCheckout(sql`${checkout.id}`),
      total: cappedTotal(checkout, where),
    })
    .from(checkout)
    .innerJoin(member, eq(member.id, checkout.memberId))
    .leftJoin(cashReceipt, and(eq(cashReceipt.checkoutId, checkout.id), eq(cashReceipt.status, 'ISSUED')))
    .where(where)
    .orderBy(desc(checkout.createDate), desc(checkout.id))
    .limit(Math.max(0, query._end - query._start))
    .offset(query._start);
  // A page past the end has no row to carry the total: then the second (and last) query of the list counts.
  const total = rows[0]?.total ?? (query._start === 0 ? 0 : await countCapped(db, checkout, where));
  return {
    total,
    data: rows.map((r) => {
      const paidOn = seoulDayOf(r.checkout.createDate);
      return {
        checkoutId: r.checkout.id,
        memberId: r.checkout.memberId,
        memberName: r.memberName,
        memberPhone: r.memberPhone ? maskPhone(r.memberPhone) : null,
        kind: r.checkout.kind,
        createdAt: r.checkout.createDate.toISOString(),
        paidOn,
        total: r.checkout.total,
        paid: r.checkout.paid,
        cashPaid: r.checkout.cashPaid,
        cashReceiptRequired: cashReceiptRequired(r.checkout.cashPaid),
        cashReceiptDeadline: cashReceiptDeadline(paidOn),
        state: cashReceiptState(r.checkout.cashPaid, paidOn, r.receipt !== null, today, r.invoice !== null),
        receipt: r.receipt ? cashReceiptRecord(r.receipt) : null,
        taxInvoiceApprovalNumber: r.invoice,
      };
    }),
  };
};

export const taxInvoiceById = async (db: Executor, gymId: number, id: number): Promise<TaxInvoice> => {
  const [row] = await db
    .select(invoiceSelect)
    .from(taxInvoice)
    .innerJoin(member, eq(member.id, taxInvoice.memberId))
    .innerJoin(sale, eq(sale.id, taxInvoice.saleId))
    .where(and(eq(taxInvoice.id, id), eq(taxInvoice.gymId, gymId)));
  if (!row) throw notFound();
  return taxInvoiceRecord(row);
};

/** The facility's tax invoices issued in a range, newest first: one statement on tax_invoice_gym_idx. */
export const listTaxInvoices = async (
  db: Executor,
  gymId: number,
  query: TaxInvoiceListQuery,
): Promise<{ data: TaxInvoice[]; total: number }> => {
  const parts: SQL[] = [eq(taxInvoice.gymId, gymId)];
  if (query.from) parts.push(gte(taxInvoice.issuedAt, dayStart(query.from)));
  if (query.to) parts.push(lt(taxInvoice.issuedAt, dayStart(addDays(query.to, 1))));
  const where = and(...parts)!;
  const rows = await db
    .select({ ...invoiceSelect, total: cappedTotal(taxInvoice, where) })
    .from(taxInvoice)
    .innerJoin(member, eq(member.id, taxInvoice.memberId))
    .innerJoin(sale, eq(sale.id, taxInvoice.saleId))
    .where(where)
    .orderBy(desc(taxInvoice.issuedAt), desc(taxInvoice.id))
    .limit(Math.max(0, query._end - query._start))
    .offset(query._start);
  const total = rows[0]?.total ?? (query._start === 0 ? 0 : await countCapped(db, taxInvoice, where));
  return { total, data: rows.map(taxInvoiceRecord) };
};

/** Only the facility's own customer: anyone else's id answers 404, never an empty list (docs/rules.md#people). */
const assertOwnCustomer = async (db: Executor, gymId: number, memberId: number) => {
  const [customer] = await db
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.id, memberId), eq(member.ownerGymId, gymId)));
  if (!customer) throw notFound();
};

/** A customer's latest 50 sales, each with its figures and why it can or cannot get an invoice. */
export const taxInvoiceCandidates = async (
  db: Executor,
  gymId: number,
  memberId: number,
): Promise<TaxInvoiceCandidate[]> => {
  await assertOwnCustomer(db, gymId, memberId);
  const rows = await db
    .select({ sale, ...saleMoney(sql`${sale.id}`) })
    .from(sale)
    .where(and(eq(sale.memberId, memberId), eq(sale.gymId, gymId)))
    .orderBy(desc(sale.id))
    .limit(50);
  return rows.map((r) => {
    const split = splitVat(Math.max(0, r.paid), r.sale.vatMode);
    return {
      saleId: r.sale.id,
      itemName: r.sale.itemName,
      saleDate: seoulDayOf(r.sale.createDate),
      price: r.sale.price,
      paid: r.paid,
      vatMode: r.sale.vatMode,
      supply: split.supply,
      vat: split.vat,
      hasCard: Boolean(r.hasCard),
      refusal: taxInvoiceRefusal({
        ...r,
        hasCard: Boolean(r.hasCard),
        invoiced: Boolean(r.invoiced),
        receipted: Boolean(r.receipted),
      }),
    };
  });
};
