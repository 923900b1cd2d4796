import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  cashReceiptDeadline,
  checkReceiptIdentifier,
  SELF_ISSUE_NUMBER,
  splitVat,
} from '#domain/rules/money.ts';
import type { CashReceiptIssueBody } from '#domain/schemas/receipt.ts';
import type { Db, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import {
  type CashReceiptRow,
  cashReceipt,
  checkout,
  paymentLine,
  sale,
  taxInvoice,
} from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import type { Actor } from '../../kernel/actor.ts';
import { audited } from '../../kernel/audit.ts';
import { maskIdentifier, seoulDayOf } from './receipt.mappers.ts';
import { badField, proofIssued, refused } from './receipt.refusals.ts';
import { cashLine } from './receipt.sql.ts';
import type { ReceiptProvider } from './receipt-provider.ts';

// Cash receipts: issue and cancel, each in the transaction it is given, with its audit row (docs/rules.md#cash-receipts).

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
      const split = splitVat(p.amount, p.vatMode);
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
