import { eq, sql } from 'drizzle-orm';
import { collectRefusal, correctionRefusal, type SaleMoney, writeOffRefusal } from '#domain/rules/ledger.ts';
import { saleOwed } from '#domain/rules/money.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { PaymentInput } from '#domain/schemas/pass.ts';
import type { Executor } from '../../db/client.ts';
import {
  member,
  paymentLine,
  type SaleRow,
  sale,
  saleAdjustment,
  ticketIssue,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { Actor } from '../../kernel/actor.ts';
import { audited } from '../../kernel/audit.ts';
import { customerChanged } from '../../kernel/customer-summary.ts';
import { openCheckout, refreshPassMoney, writePaymentLines } from '../../kernel/money-lines.ts';
import { refusalsOf } from '../../kernel/refusal.ts';

// A sale's balance changed (docs/rules.md#money): collected, written off or corrected. Each write takes the
// customer's row lock, then the sale's, decides with the domain rule the screen previews with, and leaves its audit
// row in the same transaction.

type LedgerReason = 'passRefunded' | 'nothingOwed' | 'correctionBelowPaid';

const { refused } = refusalsOf<LedgerReason>();

const won = (amount: number) => amount.toLocaleString('en-US');

/**
 * 400 `paymentsAboveOwed` on the payments: the message shows what is owed in won, `details` the number (the
 * envelope's message is the reason itself here, not VALIDATION_FAILED).
 */
const aboveOwed = (owed: number) =>
  new AppError(
    'VALIDATION_FAILED',
    'paymentsAboveOwed',
    { owed: won(owed) },
    { payments: 'paymentsAboveOwed' },
    { owed },
  );

/** A sale's money now: its adjustments and APPROVE lines summed, and whether its pass was refunded. */
const moneyOf = async (db: Executor, row: SaleRow): Promise<SaleMoney> => {
  const [read] = await db
    .select({
      adjusted:
        sql<number>`coalesce((select sum(${saleAdjustment.amount}) from ${saleAdjustment} where ${saleAdjustment.saleId} = ${row.id}), 0)`.mapWith(
          Number,
        ),
      paid: sql<number>`coalesce((select sum(${paymentLine.amount}) from ${paymentLine} where ${paymentLine.saleId} = ${row.id} and ${paymentLine.status} = 'APPROVE'), 0)`.mapWith(
        Number,
      ),
      closed:
        row.itemType === 'PASS' && row.ticketIssueId !== null
          ? sql<boolean>`exists (select 1 from ${ticketIssue} where ${ticketIssue.id} = ${row.ticketIssueId} and ${ticketIssue.status} = 'REFUND')`
          : sql<boolean>`false`,
    })
    .from(sql`(select 1) one`);
  return {
    price: row.price,
    adjusted: read?.adjusted ?? 0,
    paid: read?.paid ?? 0,
    closed: Boolean(read?.closed),
  };
};

/**
 * Locks the sale for a money change (docs/rules.md#money): its customer's row first, then the sale's, in the one
 * order of docs/architecture.md#operations-model (a check-in, a pass change and every money change take the
 * customer first), so that two collections of the last won are decided one after the other. Another facility's
 * sale answers 404. Returns the sale and its money as read under the locks.
 */
const lockSale = async (tx: Executor, gymId: number, saleId: number) => {
  const [head] = await tx
    .select({ memberId: sale.memberId, gymId: sale.gymId })
    .from(sale)
    .where(eq(sale.id, saleId));
  if (!head || head.gymId !== gymId) throw notFound();
  await tx.select({ id: member.id }).from(member).where(eq(member.id, head.memberId)).for('update');
  const [row] = await tx.select().from(sale).where(eq(sale.id, saleId)).for('update');
  if (!row) throw notFound();
  return { row, money: await moneyOf(tx, row) };
};

/** After any money change of a sale: the pass's caches, then the customer's summary. */
const refreshAfter = async (tx: Executor, row: SaleRow, now: Date) => {
  if (row.itemType === 'PASS' && row.ticketIssueId !== null) await refreshPassMoney(tx, row.ticketIssueId);
  await customerChanged(tx, row.memberId, seoulToday(now));
};

/**
 * Collects part or all of a sale's balance (docs/rules.md#money): a COLLECT checkout and its payment lines, never
 * above what is owed (400 `paymentsAboveOwed`); a sale that owes nothing (409 `nothingOwed`) or whose pass was
 * refunded (409 `passRefunded`) takes nothing.
 */
export const collectSale = async (
  tx: Executor,
  actor: Actor,
  input: { gymId: number; saleId: number; payments: PaymentInput[] },
): Promise<{ checkoutId: number; owed: number }> => {
  const { row, money } = await lockSale(tx, input.gymId, input.saleId);
  const owed = saleOwed(money);
  const refusal = collectRefusal(money, input.payments);
  if (refusal === 'paymentsAboveOwed') throw aboveOwed(owed);
  if (refusal) throw refused(refusal);
  const payments = input.payments.map((p) => ({ method: p.method, amount: p.amount }));
  const opened = await openCheckout(tx, actor, {
    gymId: input.gymId,
    memberId: row.memberId,
    kind: 'COLLECT',
    total: 0,
    payments,
  });
  await writePaymentLines(
    tx,
    actor,
    { gymId: input.gymId, memberId: row.memberId, checkoutId: opened.id },
    payments.map((p) => ({ saleId: row.id, ...p })),
  );
  const paying = payments.reduce((s, p) => s + p.amount, 0);
  const after = owed - paying;
  await refreshAfter(tx, row, actor.now);
  await audited(tx, actor, {
    gymId: input.gymId,
    action: 'sale.collect',
    entity: 'sale',
    entityId: row.id,
    before: { owed, paid: money.paid },
    after: { owed: after, paid: money.paid + paying, checkoutId: opened.id, payments },
  });
  return { checkoutId: opened.id, owed: after };
};

/**
 * Writes off a sale's whole balance (docs/rules.md#money): a WRITE_OFF adjustment of what is owed, with the reason;
 * the representative's alone (the route checks). 409 `nothingOwed` / `passRefunded`.
 */
export const writeOffSale = async (
  tx: Executor,
  actor: Actor,
  input: { gymId: number; saleId: number; reason: string },
): Promise<{ adjustmentId: number; owed: number }> => {
  const { row, money } = await lockSale(tx, input.gymId, input.saleId);
  const refusal = writeOffRefusal(money);
  if (refusal) throw refused(refusal);
  const owed = saleOwed(money);
  const [adjustment] = await tx
    .insert(saleAdjustment)
    .values({
      gymId: input.gymId,
      saleId: row.id,
      memberId: row.memberId,
      kind: 'WRITE_OFF',
      amount: owed,
      reason: input.reason,
      createdByMemberId: actor.memberId,
      createDate: actor.now,
    })
    .returning({ id: saleAdjustment.id });
  await refreshAfter(tx, row, actor.now);
  await audited(tx, actor, {
    gymId: input.gymId,
    action: 'sale.write-off',
    entity: 'sale',
    entityId: row.id,
    before: { owed, adjusted: money.adjusted },
    after: { owed: 0, adjusted: money.adjusted + owed, adjustmentId: adjustment!.id, reason: input.reason },
  });
  return { adjustmentId: adjustment!.id, owed: 0 };
};

/**
 * Corrects a sale's price down by `amount` (docs/rules.md#money): a CORRECTION adjustment with the reason, never
 * bringing the price (less its adjustments) below what was paid (409 `correctionBelowPaid`, with the most that
 * can be taken off); a refunded pass is closed (409 `passRefunded`).
 */
export const correctSale = async (
  tx: Executor,
  actor: Actor,
  input: { gymId: number; saleId: number; amount: number; reason: string },
): Promise<{ adjustmentId: number; owed: number }> => {
  const { row, money } = await lockSale(tx, input.gymId, input.saleId);
  const refusal = correctionRefusal(money, input.amount);
  if (refusal === 'correctionBelowPaid') {
    const max = Math.max(0, money.price - money.adjusted - money.paid);
    throw refused(refusal, { max: won(max) });
  }
  if (refusal) throw refused(refusal);
  const [adjustment] = await tx
    .insert(saleAdjustment)
    .values({
      gymId: input.gymId,
      saleId: row.id,
      memberId: row.memberId,
      kind: 'CORRECTION',
      amount: input.amount,
      reason: input.reason,
      createdByMemberId: actor.memberId,
      createDate: actor.now,
    })
    .returning({ id: saleAdjustment.id });
  const owed = saleOwed({ ...money, adjusted: money.adjusted + input.amount });
  await refreshAfter(tx, row, actor.now);
  await audited(tx, actor, {
    gymId: input.gymId,
    action: 'sale.correct',
    entity: 'sale',
    entityId: row.id,
    before: { owed: saleOwed(money), adjusted: money.adjusted },
    after: {
      owed,
      adjusted: money.adjusted + input.amount,
      amount: input.amount,
      adjustmentId: adjustment!.id,
      reason: input.reason,
    },
  });
  return { adjustmentId: adjustment!.id, owed };
};
