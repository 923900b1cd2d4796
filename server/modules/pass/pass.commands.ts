import { and, eq } from 'drizzle-orm';
import type { CheckoutKind } from '#domain/enums.ts';
import { saleOwed } from '#domain/rules/money.ts';
import {
  isSellable,
  overlappingPass,
  passEndDate,
  saleLabel,
  saleStartDate,
  sessionsLeft,
} from '#domain/rules/passes.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import { bundleSessionValue } from '#domain/rules/trainer-pay.ts';
import type { PaymentInput } from '#domain/schemas/pass.ts';
import type { Executor } from '../../db/client.ts';
import {
  member,
  sale,
  type TicketIssueRow,
  type TicketRow,
  ticket,
  ticketIssue,
  ticketTransfer,
  ticketUsage,
} from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import type { Actor } from '../../kernel/actor.ts';
import { audited } from '../../kernel/audit.ts';
import { customerChanged } from '../../kernel/customer-summary.ts';
import { openCheckout, refreshPassMoney, writePaymentLines } from '../../kernel/money-lines.ts';
import { assertUnpaidChosen } from '../../kernel/unpaid-choice.ts';
import { promotedPassPrice } from '../product/sale-promotion.queries.ts';
import { isStaffOf, liveCustomer, ownedPassesOf, sessionsUsedOf } from './pass.queries.ts';
import { badField, overlapRefused, refused } from './pass.refusals.ts';

// Sold passes changed (docs/rules.md#passes): selling, transfers, the usage ledger and collecting; holds are in
// hold.commands.ts and refunds in refund.commands.ts. Every write takes the transaction it is given and leaves its
// audit row in it; every money rule is a domain/ function that the screen's preview shares.

export const sum = (payments: readonly PaymentInput[]) => payments.reduce((total, p) => total + p.amount, 0);

/**
 * Locks the pass's row for the rest of the transaction: the last session, a refund, a hold are decided once. Its
 * customer's row is locked first, in the one order of docs/architecture.md#operations-model (the customer, then
 * the pass): a check-in holds the customer while it takes the pass, and every change here ends by rewriting the
 * customer's summary, so the opposite order could deadlock with it.
 */
export const lockIssue = async (tx: Executor, id: number): Promise<TicketIssueRow> => {
  const [owner] = await tx
    .select({ memberId: ticketIssue.memberId })
    .from(ticketIssue)
    .where(eq(ticketIssue.id, id));
  if (!owner) throw notFound();
  await tx.select({ id: member.id }).from(member).where(eq(member.id, owner.memberId)).for('update');
  const [row] = await tx.select().from(ticketIssue).where(eq(ticketIssue.id, id)).for('update');
  if (!row) throw notFound();
  return row;
};

/** Opens a checkout of `kind` for what it takes (docs/rules.md#money); its lines follow with `writeLines`. */
const payThrough = async (
  tx: Executor,
  actor: Actor,
  head: { gymId: number; memberId: number; kind: CheckoutKind; total: number },
  payments: readonly PaymentInput[],
) => {
  const parts = payments.map((p) => ({ method: p.method, amount: p.amount }));
  return openCheckout(tx, actor, { ...head, payments: parts });
};

/** Writes a checkout's payment lines on one sale. */
const writeLines = (
  tx: Executor,
  actor: Actor,
  target: { gymId: number; memberId: number; checkoutId: number; saleId: number },
  payments: readonly PaymentInput[],
) =>
  writePaymentLines(
    tx,
    actor,
    target,
    payments.map((p) => ({ saleId: target.saleId, method: p.method, amount: p.amount })),
  );

/** The pass's sale (the one its payments and refunds are lines of), or 404. */
export const passSaleOf = async (tx: Executor, issueId: number) => {
  const [passSale] = await tx
    .select({ id: sale.id })
    .from(sale)
    .where(and(eq(sale.ticketIssueId, issueId), eq(sale.itemType, 'PASS')));
  if (!passSale) throw notFound();
  return passSale;
};

// ─── Selling ───────────────────────────────────────────────────────────────────────────────────────────────────

export type SellInput = {
  gymId: number;
  memberId: number;
  ticketId: number;
  /** The first day; by default the day after the customer's current pass of the kind ends (`saleStartDate`). */
  startDate?: string | undefined;
  /** The request chose to overlap a running or future pass of the same kind (docs/rules.md#renewals). */
  allowOverlap?: boolean | undefined;
  price?: number | undefined;
  priceReason?: string | null | undefined;
  payments: PaymentInput[];
  /** The balance the request chose to leave (docs/rules.md#leave-unpaid); a desk checkout decides it itself. */
  leaveUnpaid?: number | undefined;
  soldByMemberId?: number | null | undefined;
  /**
   * The desk's checkout this sale belongs to (docs/rules.md#the-desk): the desk then passes no payments and writes
   * the lines itself. Without it the sale opens its own PASS checkout for its payments.
   */
  checkoutId?: number | undefined;
  /**
   * The promotion applied. With `checkoutId`, the desk has checked and priced it (it explains the price's difference
   * as a reason would); without, this sale checks it as the desk does and starts from its price
   * (docs/rules.md#promotions).
   */
  promotionId?: number | null | undefined;
};

/** The facility's pass product, on sale today: 404 for another facility's, 409 `ticketNotOnSale`. */
const productOnSale = async (tx: Executor, input: SellInput, today: string): Promise<TicketRow> => {
  const [product] = await tx
    .select()
    .from(ticket)
    .where(and(eq(ticket.id, input.ticketId), eq(ticket.gymId, input.gymId)));
  if (!product) throw notFound();
  if (!isSellable(product, today)) throw refused('ticketNotOnSale', { label: saleLabel(product, today) });
  return product;
};

/**
 * The sale's price and what its promotion took off, with the price's checks: a changed price needs a reason, the
 * payments stay within it and leave only the balance chosen (docs/rules.md#promotions, #leave-unpaid).
 */
const priceOfSale = async (
  tx: Executor,
  input: SellInput,
  product: TicketRow,
  customerId: number,
  today: string,
) => {
  // docs/rules.md#promotions: a sale outside the desk checks its promotion as the checkout does, on the customer's
  // locked row (their uses count toward the limit), and starts from the promoted price.
  let base = product.salePrice;
  let promotionDiscount = 0;
  if (input.promotionId != null && input.checkoutId === undefined) {
    await tx.select({ id: member.id }).from(member).where(eq(member.id, customerId)).for('update');
    const promoted = await promotedPassPrice(tx, {
      gymId: input.gymId,
      memberId: customerId,
      ticket: product,
      promotionId: input.promotionId,
      today,
    });
    base = promoted.price;
    promotionDiscount = promoted.promotionDiscount;
  }
  const price = input.price ?? base;
  const reasonNeeded =
    input.checkoutId === undefined ? price !== base : price !== base && input.promotionId == null;
  if (reasonNeeded && !input.priceReason) throw badField('priceReason', 'priceReasonRequired');
  if (sum(input.payments) > price) throw badField('payments', 'paymentsAbovePrice');
  if (input.checkoutId !== undefined && input.payments.length > 0)
    throw new Error('sellPass: a desk checkout writes its own payment lines');
  if (input.checkoutId === undefined) assertUnpaidChosen(price, input.payments, input.leaveUnpaid);
  return { price, promotionDiscount };
};

/** The new pass's days (docs/rules.md#renewals), and the pass of the kind it overlaps (409 unless chosen). */
const termOfSale = async (
  tx: Executor,
  input: SellInput,
  product: TicketRow,
  customerId: number,
  today: string,
) => {
  const owned = await ownedPassesOf(tx, input.gymId, customerId);
  const startDate = input.startDate ?? saleStartDate(today, owned, product);
  const endDate =
    product.periodAmount !== null && product.periodUnit !== null
      ? passEndDate(startDate, product.periodAmount, product.periodUnit)
      : null;
  const overlap = overlappingPass(owned, product, startDate, endDate, today);
  if (overlap && !input.allowOverlap) throw overlapRefused(overlap, saleStartDate(today, owned, product));
  return { startDate, endDate, overlap };
};

/** Sells a pass: the pass, its sale, its payment lines and the audit row, in the caller's transaction. */
export const sellPass = async (tx: Executor, actor: Actor, input: SellInput): Promise<number> =>
  (await sellPassSale(tx, actor, input)).issueId;

/** `sellPass`, answering the sold pass's id and its sale's id (the desk needs the sale). */
export const sellPassSale = async (
  tx: Executor,
  actor: Actor,
  input: SellInput,
): Promise<{ issueId: number; saleId: number }> => {
  const today = seoulToday(actor.now);
  const customer = await liveCustomer(tx, input.gymId, input.memberId);
  const product = await productOnSale(tx, input, today);
  const { price, promotionDiscount } = await priceOfSale(tx, input, product, customer.id, today);
  const soldBy = input.soldByMemberId ?? actor.memberId;
  if (input.soldByMemberId && !(await isStaffOf(tx, input.gymId, input.soldByMemberId))) throw notFound();
  const { startDate, endDate, overlap } = await termOfSale(tx, input, product, customer.id, today);
  const [issue] = await tx
    .insert(ticketIssue)
    .values({
      gymId: input.gymId,
      memberId: customer.id,
      ticketId: product.id,
      ticketName: product.name,
      periodAmount: product.periodAmount,
      periodUnit: product.periodUnit,
      startDate,
      endDate,
      sessionCount: product.sessionCount,
      // A bundle's session value at the price agreed, for trainer pay (docs/rules.md#trainer-pay).
      sessionValue: bundleSessionValue(product.sessionValue, product.salePrice, price),
      price,
      soldByMemberId: soldBy,
      createDate: actor.now,
      modifiedDate: actor.now,
    })
    .returning();
  const checkoutId =
    input.checkoutId ??
    (
      await payThrough(
        tx,
        actor,
        { gymId: input.gymId, memberId: customer.id, kind: 'PASS', total: price },
        input.payments,
      )
    ).id;
  const [saleRow] = await tx
    .insert(sale)
    .values({
      gymId: input.gymId,
      memberId: customer.id,
      itemType: 'PASS',
      itemName: product.name,
      ticketIssueId: issue!.id,
      checkoutId,
      promotionId: input.promotionId ?? null,
      listPrice: product.salePrice,
      price,
      priceReason: input.priceReason ?? null,
      soldByMemberId: soldBy,
      createDate: actor.now,
    })
    .returning();
  const target = { gymId: input.gymId, memberId: customer.id, checkoutId, saleId: saleRow!.id };
  await writeLines(tx, actor, target, input.payments);
  await refreshPassMoney(tx, issue!.id);
  await audited(tx, actor, {
    gymId: input.gymId,
    action: 'pass.sell',
    entity: 'ticket-issue',
    entityId: issue!.id,
    after: {
      memberId: customer.id,
      ticketId: product.id,
      startDate,
      endDate,
      price,
      paid: sum(input.payments),
      ...(input.promotionId != null && input.checkoutId === undefined
        ? { promotionId: input.promotionId, promotionDiscount }
        : {}),
      ...(overlap ? { overlapsPassId: overlap.id } : {}),
    },
  });
  await customerChanged(tx, customer.id, today);
  return { issueId: issue!.id, saleId: saleRow!.id };
};

// ─── Transfers, sessions, collecting ───────────────────────────────────────────────────────────────────────────

const assertInForce = (issue: TicketIssueRow, used: number, today: string) => {
  if (issue.status === 'REFUND') throw refused('passRefunded');
  if ((issue.endDate !== null && issue.endDate < today) || sessionsLeft(issue.sessionCount, used) === 0)
    throw refused('passExpired');
};

/** A transfer's fee: a TRANSFER checkout and a TRANSFER_FEE sale to the one who gives the pass, with its lines. */
const chargeTransferFee = async (
  tx: Executor,
  actor: Actor,
  issue: TicketIssueRow,
  fee: { amount: number; listPrice: number },
  payments: readonly PaymentInput[],
) => {
  const paying = await payThrough(
    tx,
    actor,
    { gymId: issue.gymId, memberId: issue.memberId, kind: 'TRANSFER', total: fee.amount },
    payments,
  );
  const [feeSale] = await tx
    .insert(sale)
    .values({
      gymId: issue.gymId,
      memberId: issue.memberId,
      itemType: 'TRANSFER_FEE',
      itemName: issue.ticketName,
      ticketIssueId: issue.id,
      checkoutId: paying.id,
      listPrice: fee.listPrice,
      price: fee.amount,
      priceReason: null,
      soldByMemberId: actor.memberId,
      createDate: actor.now,
    })
    .returning();
  await writeLines(
    tx,
    actor,
    { gymId: issue.gymId, memberId: issue.memberId, checkoutId: paying.id, saleId: feeSale!.id },
    payments,
  );
};

/** Moves a pass to another customer of the facility; the fee (if any) is a sale to the one who gives it. */
export const transferPass = async (
  tx: Executor,
  actor: Actor,
  id: number,
  input: {
    toMemberId: number;
    fee?: number | undefined;
    payments: PaymentInput[];
    leaveUnpaid?: number | undefined;
  },
) => {
  const today = seoulToday(actor.now);
  const issue = await lockIssue(tx, id);
  if (input.toMemberId === issue.memberId) throw badField('toMemberId', 'transferToSelf');
  const recipient = await liveCustomer(tx, issue.gymId, input.toMemberId);
  assertInForce(issue, await sessionsUsedOf(tx, id), today);
  const [product] = await tx.select().from(ticket).where(eq(ticket.id, issue.ticketId));
  const fee = input.fee ?? product?.transferFee ?? 0;
  if (sum(input.payments) > fee) throw badField('payments', 'paymentsAbovePrice');
  assertUnpaidChosen(fee, input.payments, input.leaveUnpaid);
  await tx.insert(ticketTransfer).values({
    gymId: issue.gymId,
    ticketIssueId: id,
    fromMemberId: issue.memberId,
    toMemberId: recipient.id,
    fee,
    createdByMemberId: actor.memberId,
    createDate: actor.now,
  });
  if (fee > 0)
    await chargeTransferFee(
      tx,
      actor,
      issue,
      { amount: fee, listPrice: product?.transferFee ?? fee },
      input.payments,
    );
  await tx
    .update(ticketIssue)
    .set({ memberId: recipient.id, modifiedDate: actor.now })
    .where(eq(ticketIssue.id, id));
  await audited(tx, actor, {
    gymId: issue.gymId,
    action: 'pass.transfer',
    entity: 'ticket-issue',
    entityId: id,
    before: { memberId: issue.memberId },
    after: { memberId: recipient.id, fee },
  });
  await customerChanged(tx, issue.memberId, today);
  await customerChanged(tx, recipient.id, today);
};

/**
 * Uses (positive) or gives back (negative) sessions, with a ledger row (docs/rules.md#usage-ledger). The pass's
 * row is locked first, so two uses of the last session at once end with exactly one success.
 */
export const consumeSessions = async (
  tx: Executor,
  actor: Actor,
  id: number,
  input: { sessions: number; note: string | null; kind: 'ADJUST' | 'ENTRY' | 'ATTEND' | 'NOSHOW' },
) => {
  const today = seoulToday(actor.now);
  const issue = await lockIssue(tx, id);
  if (issue.status === 'REFUND') throw refused('passRefunded');
  if (issue.sessionCount === null) throw refused('noSessionsLeft');
  const used = await sessionsUsedOf(tx, id);
  if (input.sessions > 0) {
    if (issue.endDate !== null && issue.endDate < today) throw refused('passExpired');
    if (used + input.sessions > issue.sessionCount) throw refused('noSessionsLeft');
  } else if (used + input.sessions < 0) throw refused('sessionsGiveBackTooMany');
  await tx.insert(ticketUsage).values({
    gymId: issue.gymId,
    ticketIssueId: id,
    memberId: issue.memberId,
    kind: input.kind,
    sessions: input.sessions,
    note: input.note,
    createdByMemberId: actor.memberId,
    createDate: actor.now,
  });
  await audited(tx, actor, {
    gymId: issue.gymId,
    action: 'pass.adjust',
    entity: 'ticket-issue',
    entityId: id,
    before: { sessionsUsed: used },
    after: { sessionsUsed: used + input.sessions, kind: input.kind, note: input.note },
  });
  await customerChanged(tx, issue.memberId, today);
};

/**
 * Collects part or all of the unpaid balance (docs/rules.md#money): a COLLECT checkout and its payment lines on
 * the pass's sale. What is owed is `price − adjusted − paid` (`saleOwed`).
 */
export const collectPayment = async (tx: Executor, actor: Actor, id: number, payments: PaymentInput[]) => {
  const today = seoulToday(actor.now);
  const issue = await lockIssue(tx, id);
  if (issue.status === 'REFUND') throw refused('passRefunded');
  const unpaid = saleOwed({
    price: issue.price,
    adjusted: issue.adjustedAmount,
    paid: issue.paidAmount,
    closed: false,
  });
  if (unpaid === 0) throw refused('nothingUnpaid');
  if (sum(payments) > unpaid) throw badField('payments', 'paymentsAboveUnpaid');
  const passSale = await passSaleOf(tx, id);
  const paying = await payThrough(
    tx,
    actor,
    { gymId: issue.gymId, memberId: issue.memberId, kind: 'COLLECT', total: 0 },
    payments,
  );
  await writeLines(
    tx,
    actor,
    { gymId: issue.gymId, memberId: issue.memberId, checkoutId: paying.id, saleId: passSale.id },
    payments,
  );
  await refreshPassMoney(tx, id);
  await audited(tx, actor, {
    gymId: issue.gymId,
    action: 'pass.collect',
    entity: 'ticket-issue',
    entityId: id,
    before: { paid: issue.paidAmount },
    after: { paid: issue.paidAmount + sum(payments), payments },
  });
  await customerChanged(tx, issue.memberId, today);
};
