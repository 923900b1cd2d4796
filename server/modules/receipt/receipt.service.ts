import dayjs from 'dayjs';
import { and, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Language, VatMode } from '#domain/enums.ts';
import { toCsv } from '#domain/rules/csv.ts';
import { maskPhone } from '#domain/rules/customer.ts';
import {
  CASH_RECEIPT_DAYS,
  cashReceiptDeadline,
  cashReceiptRequired,
  checkReceiptIdentifier,
  formatBusinessNumber,
  SELF_ISSUE_NUMBER,
  splitVat,
} from '#domain/rules/money.ts';
import { cashReceiptState, maskReceiptIdentifier, taxInvoiceRefusal } from '#domain/rules/receipts.ts';
import { addDays, SEOUL, seoulDayStartUtc, seoulToday } from '#domain/rules/seoul-time.ts';
import type {
  CashReceipt,
  CashReceiptDueQuery,
  CashReceiptDueRow,
  CashReceiptIssueBody,
  ReceiptSettings,
  TaxInvoice,
  TaxInvoiceCandidate,
  TaxInvoiceIssueBody,
  TaxInvoiceListQuery,
} from '#domain/schemas/receipt.ts';
import type { Db, Executor } from '../../db/client.ts';
import { cappedTotal, countCapped } from '../../db/count.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import {
  type CashReceiptRow,
  cashReceipt,
  checkout,
  gym,
  member,
  paymentLine,
  sale,
  type TaxInvoiceRow,
  taxInvoice,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { receiptMessages } from '../../http/messages/receipt.ts';
import type { Actor } from '../../kernel/actor.ts';
import { audited } from '../../kernel/audit.ts';
import { refusalsOf } from '../../kernel/refusal.ts';
import { isTestModeReceipt, type ReceiptProvider } from './receipt-provider.ts';

// Cash receipts and tax invoices (docs/rules.md#cash-receipts, docs/rules.md#tax-invoices). The threshold, the
// deadline, the identifier's shape and the VAT split are the pure rules of domain/rules/money.ts that the screen
// shares; the receipt itself goes through the ReceiptProvider (the test mode by default), inside the transaction
// that writes its row and its audit row, so a refused provider call writes nothing.

type ReceiptReason = keyof (typeof receiptMessages)['en'];

const { refused, badField } = refusalsOf<ReceiptReason, ReceiptReason>();

/**
 * One proof per supply (docs/rules.md#cash-receipts): the 409 names the proof that already covers it, by its
 * approval number in the message and in `details` (which proof, its id) for the screen.
 */
const proofIssued = (
  reason: 'proofCashReceiptIssued' | 'proofTaxInvoiceIssued',
  proof: { id: number; approvalNumber: string },
) =>
  new AppError(
    'CONFLICT',
    reason,
    { number: proof.approvalNumber },
    {},
    {
      proof: reason === 'proofCashReceiptIssued' ? 'CASH_RECEIPT' : 'TAX_INVOICE',
      proofId: proof.id,
      approvalNumber: proof.approvalNumber,
    },
  );

const seoulDayOf = (at: Date) => dayjs(at).tz(SEOUL).format('YYYY-MM-DD');
const seoulTimeOf = (at: Date) => dayjs(at).tz(SEOUL).format('YYYY-MM-DD HH:mm');

export const maskIdentifier = maskReceiptIdentifier;

export const cashReceiptRecord = (row: CashReceiptRow): CashReceipt => ({
  id: row.id,
  gymId: row.gymId,
  memberId: row.memberId,
  checkoutId: row.checkoutId,
  amount: row.amount,
  supply: row.supply,
  vat: row.vat,
  purpose: row.purpose,
  identifierType: row.identifierType,
  identifierMasked: maskIdentifier(row.identifierType, row.identifier),
  selfIssued: row.selfIssued === 'Y',
  status: row.status,
  provider: row.provider,
  approvalNumber: row.approvalNumber,
  testMode: isTestModeReceipt(row),
  paidOn: row.paidOn,
  issuedAt: row.issuedAt.toISOString(),
  cancelledAt: row.cancelledAt?.toISOString() ?? null,
  cancelReason: row.cancelReason,
});

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

/** The start of a Seoul day as an instant (the lists' date filters are Seoul days, both ends included). */
const dayStart = (day: string) => seoulDayStartUtc(day);

/** A cash or transfer payment line that a cash receipt covers (docs/rules.md#cash-receipts). */
const cashLine = sql`${paymentLine.status} = 'APPROVE' and ${paymentLine.method} in ('CASH', 'TRANSFER')`;

/**
 * The approval number of an issued tax invoice on a sale this checkout took cash or transfer for, or null: one
 * proof per supply, so such a checkout gets no cash receipt and owes none (docs/rules.md#cash-receipts).
 */
const invoiceOfCheckout = (checkoutId: SQL | number) =>
  sql<
    string | null
  >`(select ${taxInvoice.approvalNumber} from ${taxInvoice} where ${taxInvoice.status} = 'ISSUED' and ${taxInvoice.saleId} in (select ${paymentLine.saleId} from ${paymentLine} where ${paymentLine.checkoutId} = ${checkoutId} and ${cashLine}) order by ${taxInvoice.id} limit 1)`;

const dueWhere = (gymId: number, query: CashReceiptDueQuery, today: string): SQL => {
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

// ---------------------------------------------------------------------------------------------------------
// Cash receipts: issue and cancel

/** The identifier a receipt goes to: the tax office's number when self-issued, else the checked digits. */
export const receiptHolder = (
  body: Pick<CashReceiptIssueBody, 'purpose' | 'identifierType' | 'identifier' | 'selfIssue'>,
) => {
  if (body.selfIssue)
    return {
      purpose: 'INCOME_DEDUCTION' as const,
      identifierType: 'PHONE' as const,
      identifier: SELF_ISSUE_NUMBER,
      selfIssued: true,
    };
  if (!body.identifier) throw badField('identifier', 'receiptIdentifierRequired');
  const checked = checkReceiptIdentifier(body.identifierType, body.identifier);
  if (!checked.ok) throw badField('identifier', checked.reason);
  return {
    purpose: body.purpose,
    identifierType: body.identifierType,
    identifier: checked.digits,
    selfIssued: false,
  };
};

/**
 * Supply and VAT of a checkout's cash and transfer part (docs/rules.md#vat): each sale's share split by its own
 * VAT mode (a VAT-exempt product is all supply), so a mixed checkout adds the parts up.
 */
const cashSplit = async (db: Executor, checkoutId: number, cashPaid: number) => {
  const parts = await db
    .select({ vatMode: sale.vatMode, amount: sql<number>`sum(${paymentLine.amount})`.mapWith(Number) })
    .from(paymentLine)
    .innerJoin(sale, eq(sale.id, paymentLine.saleId))
    .where(
      and(
        eq(paymentLine.checkoutId, checkoutId),
        eq(paymentLine.status, 'APPROVE'),
        sql`${paymentLine.method} in ('CASH', 'TRANSFER')`,
      ),
    )
    .groupBy(sale.vatMode);
  const sum = parts.reduce((s, p) => s + p.amount, 0);
  if (sum !== cashPaid) return splitVat(cashPaid);
  return parts.reduce(
    (acc, p) => {
      const split = splitVat(p.amount, p.vatMode as VatMode);
      return { supply: acc.supply + split.supply, vat: acc.vat + split.vat };
    },
    { supply: 0, vat: 0 },
  );
};

/** Turns the partial unique index's refusal (two issues at once) into the 409 the screen knows. */
export const inReceiptTransaction = async <T>(
  db: Db,
  work: (tx: Executor) => Promise<T>,
  reason: 'receiptAlreadyIssued' | 'taxInvoiceAlreadyIssued',
): Promise<T> => {
  try {
    return await db.transaction((tx) => work(tx));
  } catch (error) {
    if (isUniqueViolation(error)) throw refused(reason);
    throw error;
  }
};

/**
 * Issues the cash receipt of a checkout's cash and transfer part (docs/rules.md#cash-receipts): amount =
 * `cash_paid`, supply and VAT by `splitVat`; one issued receipt per checkout (409 `receiptAlreadyIssued`, also
 * under concurrency: the checkout is locked, and the partial unique index holds the rest).
 */
export const issueCashReceipt = async (
  tx: Executor,
  provider: ReceiptProvider,
  actor: Actor,
  body: CashReceiptIssueBody,
): Promise<CashReceiptRow> => {
  const holder = receiptHolder(body);
  const [head] = await tx
    .select()
    .from(checkout)
    .where(and(eq(checkout.id, body.checkoutId), eq(checkout.gymId, body.gymId)))
    .for('update');
  if (!head) throw notFound();
  if (head.cashPaid <= 0) throw refused('receiptNothingCash');
  const [existing] = await tx
    .select({ id: cashReceipt.id })
    .from(cashReceipt)
    .where(and(eq(cashReceipt.checkoutId, head.id), eq(cashReceipt.status, 'ISSUED')));
  if (existing) throw refused('receiptAlreadyIssued');
  // One proof per supply: lock the sales this checkout took cash or transfer for (in id order, after the
  // checkout; a tax invoice locks its sale FOR UPDATE), then no issued tax invoice may cover any of them. The lock
  // makes a receipt and an invoice issued at the same moment wait for each other, so the second sees the first.
  // NO KEY UPDATE, so payment lines written on those sales meanwhile (a key-share lock) do not wait for it.
  const sales = await tx
    .select({ id: sale.id })
    .from(sale)
    .where(
      sql`${sale.id} in (select ${paymentLine.saleId} from ${paymentLine} where ${paymentLine.checkoutId} = ${head.id} and ${cashLine})`,
    )
    .orderBy(sale.id)
    .for('no key update');
  if (sales.length > 0) {
    const [invoice] = await tx
      .select({ id: taxInvoice.id, approvalNumber: taxInvoice.approvalNumber })
      .from(taxInvoice)
      .where(
        and(
          eq(taxInvoice.status, 'ISSUED'),
          inArray(
            taxInvoice.saleId,
            sales.map((s) => s.id),
          ),
        ),
      )
      .orderBy(taxInvoice.id)
      .limit(1);
    if (invoice) throw proofIssued('proofTaxInvoiceIssued', invoice);
  }
  const { supply, vat } = await cashSplit(tx, head.id, head.cashPaid);
  const paidOn = seoulDayOf(head.createDate);
  const approval = await provider.issueCashReceipt({
    gymId: head.gymId,
    checkoutId: head.id,
    amount: head.cashPaid,
    supply,
    vat,
    ...holder,
    issuedAt: actor.now,
  });
  const [row] = await tx
    .insert(cashReceipt)
    .values({
      gymId: head.gymId,
      memberId: head.memberId,
      checkoutId: head.id,
      amount: head.cashPaid,
      supply,
      vat,
      purpose: holder.purpose,
      identifierType: holder.identifierType,
      identifier: holder.identifier,
      selfIssued: holder.selfIssued ? 'Y' : 'N',
      status: 'ISSUED',
      provider: provider.name,
      approvalNumber: approval.approvalNumber,
      paidOn,
      issuedAt: actor.now,
      createdByMemberId: actor.memberId,
      createDate: actor.now,
    })
    .returning();
  await audited(tx, actor, {
    gymId: head.gymId,
    action: 'cash-receipt.issue',
    entity: 'cash-receipt',
    entityId: row!.id,
    after: {
      checkoutId: head.id,
      amount: head.cashPaid,
      supply,
      vat,
      purpose: holder.purpose,
      identifierType: holder.identifierType,
      identifier: maskIdentifier(holder.identifierType, holder.identifier),
      selfIssued: holder.selfIssued,
      provider: provider.name,
      approvalNumber: approval.approvalNumber,
      deadline: cashReceiptDeadline(paidOn),
    },
  });
  return row!;
};

/** Cancels an issued receipt through the provider, keeping the row with its reason; a new one may follow. */
export const cancelCashReceipt = async (
  tx: Executor,
  provider: ReceiptProvider,
  actor: Actor,
  gymId: number,
  id: number,
  reason: string,
): Promise<CashReceiptRow> => {
  const [row] = await tx
    .select()
    .from(cashReceipt)
    .where(and(eq(cashReceipt.id, id), eq(cashReceipt.gymId, gymId)))
    .for('update');
  if (!row) throw notFound();
  if (row.status !== 'ISSUED') throw refused('receiptNotIssued');
  await provider.cancelCashReceipt({ approvalNumber: row.approvalNumber, reason, cancelledAt: actor.now });
  const [updated] = await tx
    .update(cashReceipt)
    .set({ status: 'CANCELLED', cancelledAt: actor.now, cancelReason: reason })
    .where(eq(cashReceipt.id, id))
    .returning();
  await audited(tx, actor, {
    gymId,
    action: 'cash-receipt.cancel',
    entity: 'cash-receipt',
    entityId: id,
    before: { status: 'ISSUED', approvalNumber: row.approvalNumber, amount: row.amount },
    after: { status: 'CANCELLED', reason },
  });
  return updated!;
};

// ---------------------------------------------------------------------------------------------------------
// Tax invoices

type InvoiceWithNames = { invoice: TaxInvoiceRow; memberName: string; itemName: string };

export const taxInvoiceRecord = ({ invoice: r, memberName, itemName }: InvoiceWithNames): TaxInvoice => ({
  id: r.id,
  gymId: r.gymId,
  memberId: r.memberId,
  memberName,
  saleId: r.saleId,
  itemName,
  supplierBusinessNumber: formatBusinessNumber(r.supplierBusinessNumber),
  supplierName: r.supplierName,
  supplierRepresentative: r.supplierRepresentative,
  buyerBusinessNumber: formatBusinessNumber(r.buyerBusinessNumber),
  buyerName: r.buyerName,
  buyerEmail: r.buyerEmail,
  total: r.total,
  supply: r.supply,
  vat: r.vat,
  supplyDate: r.supplyDate,
  status: r.status,
  provider: r.provider,
  approvalNumber: r.approvalNumber,
  testMode: isTestModeReceipt(r),
  issuedAt: r.issuedAt.toISOString(),
  cancelledAt: r.cancelledAt?.toISOString() ?? null,
  cancelReason: r.cancelReason,
});

const invoiceSelect = { invoice: taxInvoice, memberName: member.name, itemName: sale.itemName };

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

/** A sale's money as a tax invoice sees it: what was kept (payments less refunds) and whether a card took any. */
const saleMoney = (saleId: SQL | number) => ({
  paid: sql<number>`coalesce((select sum(${paymentLine.amount}) from ${paymentLine} where ${paymentLine.saleId} = ${saleId}), 0)`.mapWith(
    Number,
  ),
  hasCard: sql<boolean>`exists (select 1 from ${paymentLine} where ${paymentLine.saleId} = ${saleId} and ${paymentLine.method} = 'CARD')`,
  invoiced: sql<boolean>`exists (select 1 from ${taxInvoice} where ${taxInvoice.saleId} = ${saleId} and ${taxInvoice.status} = 'ISSUED')`,
  receipted: sql<boolean>`exists (select 1 from ${cashReceipt} where ${cashReceipt.status} = 'ISSUED' and ${cashReceipt.checkoutId} in (select ${paymentLine.checkoutId} from ${paymentLine} where ${paymentLine.saleId} = ${saleId} and ${cashLine}))`,
});

/** The issued cash receipt that covers a cash or transfer payment of the sale, if any (one proof per supply). */
const receiptOfSale = async (tx: Executor, saleId: number) => {
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

/** A customer's latest 50 sales, each with its figures and why it can or cannot get an invoice. */
export const taxInvoiceCandidates = async (
  db: Executor,
  gymId: number,
  memberId: number,
): Promise<TaxInvoiceCandidate[]> => {
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

/**
 * Issues a tax invoice for a sale (docs/rules.md#tax-invoices): the supplier is the facility's verified details,
 * the total what was paid on the sale (less refunds), split by `splitVat(total, sale.vatMode)`. A sale any card
 * took is refused (the card slip serves), so is one with nothing paid, and a second issued invoice.
 */
export const issueTaxInvoice = async (
  tx: Executor,
  provider: ReceiptProvider,
  actor: Actor,
  body: TaxInvoiceIssueBody,
): Promise<number> => {
  const buyer = checkReceiptIdentifier('BUSINESS', body.buyerBusinessNumber);
  if (!buyer.ok) throw badField('buyerBusinessNumber', 'receiptBusinessShape');
  const [row] = await tx
    .select()
    .from(sale)
    .where(and(eq(sale.id, body.saleId), eq(sale.gymId, body.gymId)))
    .for('update');
  if (!row) throw notFound();
  const [money] = await tx
    .select(saleMoney(sql`${sale.id}`))
    .from(sale)
    .where(eq(sale.id, row.id));
  // The sale's row is locked, and a cash receipt locks the sales of its checkout before it looks for an invoice:
  // so a receipt issued at the same moment is either committed and seen here, or waits and then sees this one.
  const refusal = taxInvoiceRefusal({
    paid: money?.paid ?? 0,
    hasCard: Boolean(money?.hasCard),
    invoiced: Boolean(money?.invoiced),
  });
  if (refusal) throw refused(refusal);
  const receipt = await receiptOfSale(tx, row.id);
  if (receipt) throw proofIssued('proofCashReceiptIssued', receipt);
  const [supplier] = await tx
    .select({
      name: gym.name,
      businessNo: gym.businessNo,
      representName: gym.representName,
      gymStatus: gym.gymStatus,
    })
    .from(gym)
    .where(eq(gym.id, body.gymId));
  const supplierDigits = supplier?.businessNo?.replace(/\D/g, '') ?? '';
  if (supplier?.gymStatus !== 'ACTIVE' || supplierDigits.length !== 10) throw refused('supplierNotVerified');
  const total = money!.paid;
  const { supply, vat } = splitVat(total, row.vatMode);
  const supplyDate = body.supplyDate ?? seoulDayOf(row.createDate);
  const request = {
    gymId: body.gymId,
    saleId: row.id,
    supplierBusinessNumber: supplierDigits,
    supplierName: supplier.name,
    supplierRepresentative: supplier.representName,
    buyerBusinessNumber: buyer.digits,
    buyerName: body.buyerName,
    buyerEmail: body.buyerEmail ?? null,
    total,
    supply,
    vat,
    supplyDate,
    issuedAt: actor.now,
  };
  const approval = await provider.issueTaxInvoice(request);
  const { issuedAt, ...values } = request;
  const [inserted] = await tx
    .insert(taxInvoice)
    .values({
      ...values,
      memberId: row.memberId,
      status: 'ISSUED',
      provider: provider.name,
      approvalNumber: approval.approvalNumber,
      issuedAt,
      createdByMemberId: actor.memberId,
      createDate: actor.now,
    })
    .returning({ id: taxInvoice.id });
  await audited(tx, actor, {
    gymId: body.gymId,
    action: 'tax-invoice.issue',
    entity: 'tax-invoice',
    entityId: inserted!.id,
    after: {
      saleId: row.id,
      buyerBusinessNumber: formatBusinessNumber(buyer.digits),
      buyerName: body.buyerName,
      total,
      supply,
      vat,
      supplyDate,
      provider: provider.name,
      approvalNumber: approval.approvalNumber,
    },
  });
  return inserted!.id;
};

export const cancelTaxInvoice = async (
  tx: Executor,
  provider: ReceiptProvider,
  actor: Actor,
  gymId: number,
  id: number,
  reason: string,
): Promise<void> => {
  const [row] = await tx
    .select()
    .from(taxInvoice)
    .where(and(eq(taxInvoice.id, id), eq(taxInvoice.gymId, gymId)))
    .for('update');
  if (!row) throw notFound();
  if (row.status !== 'ISSUED') throw refused('receiptNotIssued');
  await provider.cancelTaxInvoice({ approvalNumber: row.approvalNumber, reason, cancelledAt: actor.now });
  await tx
    .update(taxInvoice)
    .set({ status: 'CANCELLED', cancelledAt: actor.now, cancelReason: reason })
    .where(eq(taxInvoice.id, id));
  await audited(tx, actor, {
    gymId,
    action: 'tax-invoice.cancel',
    entity: 'tax-invoice',
    entityId: id,
    before: { status: 'ISSUED', approvalNumber: row.approvalNumber, total: row.total },
    after: { status: 'CANCELLED', reason },
  });
};

// ---------------------------------------------------------------------------------------------------------
// The accountant's export

const EXPORT_MAX = 20_000;

const exportHeaders: Record<Language, string[]> = {
  ko: [
    '구분',
    '발급일시',
    '상태',
    '취소일시',
    '취소 사유',
    '승인번호',
    '발급처',
    '고객',
    '용도',
    '식별번호',
    '자진발급',
    '공급일자',
    '공급받는자 사업자번호',
    '공급받는자 상호',
    '품목',
    '합계',
    '공급가액',
    '부가세',
  ],
  en: [
    'Type',
    'Issued at',
    'Status',
    'Cancelled at',
    'Cancel reason',
    'Approval number',
    'Provider',
    'Customer',
    'Purpose',
    'Identifier',
    'Self-issued',
    'Supply date',
    'Buyer business number',
    'Buyer name',
    'Item',
    'Total',
    'Supply',
    'VAT',
  ],
};

const exportLabels = {
  ko: {
    cash: '현금영수증',
    invoice: '세금계산서',
    ISSUED: '발급',
    CANCELLED: '취소',
    INCOME_DEDUCTION: '소득공제',
    EXPENSE_PROOF: '지출증빙',
    yes: '예',
    testMode: '테스트 모드',
  },
  en: {
    cash: 'Cash receipt',
    invoice: 'Tax invoice',
    ISSUED: 'Issued',
    CANCELLED: 'Cancelled',
    INCOME_DEDUCTION: 'Income deduction',
    EXPENSE_PROOF: 'Expense proof',
    yes: 'Yes',
    testMode: 'test mode',
  },
} as const;

/** The month's bounds as instants: the first Seoul day of the month to the first of the next. */
const monthBounds = (month: string) => {
  const first = `${month}-01`;
  const next = dayjs.utc(first).add(1, 'month').format('YYYY-MM-DD');
  return { start: dayStart(first), end: dayStart(next) };
};

/**
 * Every cash receipt and tax invoice issued or cancelled in a month, for the accountant (docs/rules.md#cash-
 * receipts): a CSV in UTF-8 with a BOM (Excel reads Korean), phone and card identifiers masked, business numbers
 * whole; written to the audit log (`receipt.export`) with its month and row counts.
 */
export const exportReceipts = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  month: string,
  language: Language,
): Promise<string> => {
  const { start, end } = monthBounds(month);
  const inMonth = (issued: PgColumn, cancelled: PgColumn) =>
    or(and(gte(issued, start), lt(issued, end)), and(gte(cancelled, start), lt(cancelled, end)));
  const cash = await tx
    .select({ receipt: cashReceipt, memberName: member.name })
    .from(cashReceipt)
    .innerJoin(member, eq(member.id, cashReceipt.memberId))
    .where(and(eq(cashReceipt.gymId, gymId), inMonth(cashReceipt.issuedAt, cashReceipt.cancelledAt)))
    .orderBy(cashReceipt.issuedAt, cashReceipt.id)
    .limit(EXPORT_MAX);
  const invoices = await tx
    .select(invoiceSelect)
    .from(taxInvoice)
    .innerJoin(member, eq(member.id, taxInvoice.memberId))
    .innerJoin(sale, eq(sale.id, taxInvoice.saleId))
    .where(and(eq(taxInvoice.gymId, gymId), inMonth(taxInvoice.issuedAt, taxInvoice.cancelledAt)))
    .orderBy(taxInvoice.issuedAt, taxInvoice.id)
    .limit(EXPORT_MAX);
  const l = exportLabels[language];
  const provider = (row: { provider: string; approvalNumber: string }) =>
    isTestModeReceipt(row) ? `${row.provider} (${l.testMode})` : row.provider;
  const data = [
    ...cash.map(({ receipt: r, memberName }) => ({
      at: r.issuedAt.getTime(),
      cells: [
        l.cash,
        seoulTimeOf(r.issuedAt),
        l[r.status],
        r.cancelledAt ? seoulTimeOf(r.cancelledAt) : '',
        r.cancelReason ?? '',
        r.approvalNumber,
        provider(r),
        memberName,
        l[r.purpose],
        maskIdentifier(r.identifierType, r.identifier),
        r.selfIssued === 'Y' ? l.yes : '',
        r.paidOn,
        '',
        '',
        '',
        r.amount,
        r.supply,
        r.vat,
      ],
    })),
    ...invoices.map(({ invoice: r, memberName, itemName }) => ({
      at: r.issuedAt.getTime(),
      cells: [
        l.invoice,
        seoulTimeOf(r.issuedAt),
        l[r.status],
        r.cancelledAt ? seoulTimeOf(r.cancelledAt) : '',
        r.cancelReason ?? '',
        r.approvalNumber,
        provider(r),
        memberName,
        '',
        '',
        '',
        r.supplyDate,
        formatBusinessNumber(r.buyerBusinessNumber),
        r.buyerName,
        itemName,
        r.total,
        r.supply,
        r.vat,
      ],
    })),
  ].sort((a, b) => a.at - b.at);
  const csv = toCsv(
    exportHeaders[language],
    data.map((d) => d.cells),
  );
  await audited(tx, actor, {
    gymId,
    action: 'receipt.export',
    entity: 'receipt',
    entityId: null,
    after: { month, cashReceipts: cash.length, taxInvoices: invoices.length },
  });
  return csv;
};
