import { eq, sql } from 'drizzle-orm';
import type { CheckoutKind, PaymentMethod } from '#domain/enums.ts';
import { isCashLike, type PaymentPart } from '#domain/rules/money.ts';
import type { Executor } from '../db/client.ts';
import { type CheckoutRow, checkout, paymentLine, sale, ticketIssue } from '../db/schema/index.ts';
import type { Actor } from './actor.ts';

// Checkouts (docs/rules.md#money): one act of paying. Every payment line is written here, with the checkout it
// belongs to, so that a cash receipt, a slip and the payment history can name the act that took the money.

/**
 * Opens a checkout: its total (the sales it sells, 0 for a collection) and what it takes, split into the cash
 * and transfer part that a cash receipt covers. Its sales and lines point at the returned row.
 */
export const openCheckout = async (
  tx: Executor,
  actor: Actor,
  head: {
    gymId: number;
    memberId: number;
    kind: CheckoutKind;
    total: number;
    payments: readonly PaymentPart[];
    note?: string | null | undefined;
  },
): Promise<CheckoutRow> => {
  const paid = head.payments.reduce((s, p) => s + p.amount, 0);
  const cashPaid = head.payments.filter((p) => isCashLike(p.method)).reduce((s, p) => s + p.amount, 0);
  const [row] = await tx
    .insert(checkout)
    .values({
      gymId: head.gymId,
      memberId: head.memberId,
      kind: head.kind,
      total: head.total,
      paid,
      cashPaid,
      note: head.note ?? null,
      createdByMemberId: actor.memberId,
      createDate: actor.now,
    })
    .returning();
  return row!;
};

export type SaleLine = { saleId: number; method: PaymentMethod; amount: number };

/** Writes a checkout's payment lines (APPROVE, positive) on its sales. */
export const writePaymentLines = async (
  tx: Executor,
  actor: Actor,
  target: { gymId: number; memberId: number; checkoutId: number },
  lines: readonly SaleLine[],
): Promise<void> => {
  const rows = lines.filter((l) => l.amount > 0);
  if (rows.length === 0) return;
  await tx.insert(paymentLine).values(
    rows.map((l) => ({
      gymId: target.gymId,
      saleId: l.saleId,
      memberId: target.memberId,
      method: l.method,
      amount: l.amount,
      status: 'APPROVE' as const,
      checkoutId: target.checkoutId,
      createdByMemberId: actor.memberId,
      createDate: actor.now,
    })),
  );
};

/**
 * Rebuilds a sold pass's caches from its sale's rows (a cache, never counted up by code): `paid_amount` from the
 * APPROVE lines and `adjusted_amount` from the adjustments. Call it after any payment or adjustment on a PASS sale.
 */
export const refreshPassMoney = async (tx: Executor, ticketIssueId: number): Promise<void> => {
  await tx.execute(sql`
    update ${ticketIssue} set
      paid_amount = coalesce((
        select sum(pl.amount) from payment_line pl join ${sale} s on s.id = pl.sale_id
        where s.ticket_issue_id = ${ticketIssueId} and s.item_type = 'PASS' and pl.status = 'APPROVE'), 0),
      adjusted_amount = coalesce((
        select sum(a.amount) from sale_adjustment a join ${sale} s on s.id = a.sale_id
        where s.ticket_issue_id = ${ticketIssueId} and s.item_type = 'PASS'), 0)
    where id = ${ticketIssueId}`);
};

/** A sale's row, unlocked; undefined when it does not exist. */
export const saleById = async (db: Executor, id: number) => {
  const [row] = await db.select().from(sale).where(eq(sale.id, id));
  return row;
};
