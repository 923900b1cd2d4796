import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { CASH_RECEIPT_DAYS } from '#domain/rules/money.ts';
import { addDays, seoulDayStartUtc } from '#domain/rules/seoul-time.ts';
import type { CashReceiptDueQuery } from '#domain/schemas/receipt.ts';
import type { Executor } from '../../db/client.ts';
import { cashReceipt, checkout, paymentLine, taxInvoice } from '../../db/schema/index.ts';

// The statements the receipt commands and queries share (docs/rules.md#cash-receipts, docs/rules.md#tax-invoices).

/** The start of a Seoul day as an instant (the lists' date filters are Seoul days, both ends included). */
export const dayStart = (day: string) => seoulDayStartUtc(day);

/** A cash or transfer payment line that a cash receipt covers (docs/rules.md#cash-receipts). */
export const cashLine = sql`${paymentLine.status} = 'APPROVE' and ${paymentLine.method} in ('CASH', 'TRANSFER')`;

/**
 * The approval number of an issued tax invoice on a sale this checkout took cash or transfer for, or null: one
 * proof per supply, so such a checkout gets no cash receipt and owes none (docs/rules.md#cash-receipts).
 */
export const invoiceOfCheckout = (checkoutId: SQL | number) =>
  sql<
    string | null
  >`(select ${taxInvoice.approvalNumber} from ${taxInvoice} where ${taxInvoice.status} = 'ISSUED' and ${taxInvoice.saleId} in (select ${paymentLine.saleId} from ${paymentLine} where ${paymentLine.checkoutId} = ${checkoutId} and ${cashLine}) order by ${taxInvoice.id} limit 1)`;

export const dueWhere = (gymId: number, query: CashReceiptDueQuery, today: string): SQL => {
  const issued = sql`exists (select 1 from ${cashReceipt} where ${cashReceipt.checkoutId} = ${checkout.id} and ${cashReceipt.status} = 'ISSUED')`;
  const invoiced = sql`${invoiceOfCheckout(sql`${checkout.id}`)} is not null`;
  const parts: (SQL | undefined)[] = [eq(checkout.gymId, gymId)];
  if (query.from) parts.push(gte(checkout.createDate, dayStart(query.from)));
  if (query.to) parts.push(lt(checkout.createDate, dayStart(addDays(query.to, 1))));
  if (query.state === 'ALL' || query.state === 'ISSUED') parts.push(sql`${checkout.cashPaid} > 0`);
  // The mandatory ones match the partial index checkout_gym_cash_idx (cash_paid >= 100000).
  else parts.push(sql`${checkout.cashPaid} >= 100000`);
  if (query.state === 'ISSUED') parts.push(issued);
  if (query.state === 'DUE' || query.state === 'OVERDUE')
    parts.push(sql`not ${issued}`, sql`not ${invoiced}`);
  // Overdue: the payment day plus 5 days is before today, so the payment was before the start of today − 5.
  if (query.state === 'OVERDUE')
    parts.push(lt(checkout.createDate, dayStart(addDays(today, -CASH_RECEIPT_DAYS))));
  return and(...parts)!;
};

/** A sale's money as a tax invoice sees it: what was kept (payments less refunds) and whether a card took any. */
export const saleMoney = (saleId: SQL | number) => ({
  paid: sql<number>`coalesce((select sum(${paymentLine.amount}) from ${paymentLine} where ${paymentLine.saleId} = ${saleId}), 0)`.mapWith(
    Number,
  ),
  hasCard: sql<boolean>`exists (select 1 from ${paymentLine} where ${paymentLine.saleId} = ${saleId} and ${paymentLine.method} = 'CARD')`,
  invoiced: sql<boolean>`exists (select 1 from ${taxInvoice} where ${taxInvoice.saleId} = ${saleId} and ${taxInvoice.status} = 'ISSUED')`,
  receipted: sql<boolean>`exists (select 1 from ${cashReceipt} where ${cashReceipt.status} = 'ISSUED' and ${cashReceipt.checkoutId} in (select ${paymentLine.checkoutId} from ${paymentLine} where ${paymentLine.saleId} = ${saleId} and ${cashLine}))`,
});

/** The issued cash receipt that covers a cash or transfer payment of the sale, if any (one proof per supply). */
export const receiptOfSale = async (tx: Executor, saleId: number) => {
  const [row] = await tx
    .select({ id: cashReceipt.id, approvalNumber: cashReceipt.approvalNumber })
    .from(cashReceipt)
    .where(
      and(
        eq(cashReceipt.status, 'ISSUED'),
        sql`${cashReceipt.checkoutId} in (select ${paymentLine.checkoutId} from ${paymentLine} where ${paymentLine.saleId} = ${saleId} and ${cashLine})`,
      ),
    )
    .orderBy(cashReceipt.id)
    .limit(1);
  return row;
};
