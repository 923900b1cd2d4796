import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CheckoutKind, PaymentMethod } from '#domain/enums.ts';
import { maskPhone } from '#domain/rules/customer.ts';
import { saleOwed } from '#domain/rules/money.ts';
import {
  checkHold,
  daysLeft,
  endHoldEarly,
  type HoldSpan,
  heldOn,
  holdDays,
  holdPushesInto,
  isSellable,
  overlappingPass,
  type PeriodUnit,
  passEndDate,
  passState,
  saleLabel,
  saleStartDate,
  sessionsLeft,
} from '#domain/rules/passes.ts';
import {
  computeRefund,
  placeRefundLines,
  type RefundFault,
  refundBasis,
  refundContractDays,
  refundSplit,
  usedDays,
} from '#domain/rules/refund.ts';
import { daysBetween, seoulToday } from '#domain/rules/seoul-time.ts';
import { bundleSessionValue } from '#domain/rules/trainer-pay.ts';
import type {
  PaymentInput,
  RefundPreview,
  TicketIssue,
  TicketIssueDetail,
  ticketIssueListQuerySchema,
} from '#domain/schemas/pass.ts';
import type { Db, Executor } from '../../db/client.ts';
import { cappedTotal } from '../../db/count.ts';
import {
  gymMember,
  member,
  paymentLine,
  sale,
  type TicketIssueRow,
  ticket,
  ticketHold,
  ticketIssue,
  ticketTransfer,
  ticketUsage,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { Actor } from '../../kernel/actor.ts';
import { type AuditEvent, writeAudit } from '../../kernel/audit.ts';
import { customerChanged } from '../../kernel/customer-summary.ts';
import { openCheckout, refreshPassMoney, writePaymentLines } from '../../kernel/money-lines.ts';
import { assertUnpaidChosen } from '../../kernel/unpaid-choice.ts';
import { promotedPassPrice } from '../product/sale-promotion.ts';

// Sold passes (docs/rules.md#passes): selling, holds, transfers, the usage ledger, collecting and refunds. Every
// write takes the transaction it is given and leaves its audit row in it; every money rule is a domain/ function
// that the screen's preview shares.

const audit = (tx: Executor, actor: Actor, event: AuditEvent) =>
  writeAudit(tx, {
    ...event,
    actorMemberId: actor.memberId,
    requestId: actor.requestId,
    now: actor.now,
  });

const refused = (reason: Parameters<typeof conflictOf>[0], params: Record<string, string | number> = {}) =>
  conflictOf(reason, params);
const conflictOf = (
  reason:
    | 'ticketNotOnSale'
    | 'passRefunded'
    | 'passExpired'
    | 'noSessionsLeft'
    | 'holdDates'
    | 'holdPassRefunded'
    | 'holdPassExpired'
    | 'holdTooShort'
    | 'holdTooLong'
    | 'holdTooMany'
    | 'holdOverlap'
    | 'noHoldToEnd'
    | 'passOverlap'
    | 'holdIntoRenewal'
    | 'noCurrentPass'
    | 'sessionsGiveBackTooMany'
    | 'customerRemoved'
    | 'nothingUnpaid',
  params: Record<string, string | number> = {},
) => new AppError('CONFLICT', reason, params, {}, params);

/** A 400 on one field, in the envelope's `errors` (docs/architecture.md#api-contract). */
const badField = (
  field: string,
  key:
    | 'priceReasonRequired'
    | 'paymentsAbovePrice'
    | 'paymentsAboveUnpaid'
    | 'refundAboveFormula'
    | 'refundLinesSum'
    | 'refundCardAboveLine'
    | 'transferToSelf',
) => new AppError('VALIDATION_FAILED', 'VALIDATION_FAILED', {}, { [field]: key as never });

const sum = (payments: readonly PaymentInput[]) => payments.reduce((total, p) => total + p.amount, 0);

/** The facility a sold pass belongs to (for the route's right check), or 404. */
export const gymIdOfIssue = async (db: Executor, id: number): Promise<number> => {
  const [row] = await db.select({ gymId: ticketIssue.gymId }).from(ticketIssue).where(eq(ticketIssue.id, id));
  if (!row) throw notFound();
  return row.gymId;
};

/** A customer of the facility that may still buy and hold passes: 404 for another facility's, 409 once removed. */
export const liveCustomer = async (db: Executor, gymId: number, memberId: number) => {
  const [row] = await db
    .select()
    .from(member)
    .where(and(eq(member.id, memberId), eq(member.ownerGymId, gymId)));
  if (!row) throw notFound();
  if (row.status === 'QUIT' || row.erasedAt) throw refused('customerRemoved');
  return row;
};

const usedOf = async (db: Executor, issueId: number): Promise<number> => {
  const [row] = await db
    .select({ used: sql<number>`coalesce(sum(${ticketUsage.sessions}), 0)`.mapWith(Number) })
    .from(ticketUsage)
    .where(eq(ticketUsage.ticketIssueId, issueId));
  return row?.used ?? 0;
};

const holdsOf = (db: Executor, issueId: number) =>
  db
    .select()
    .from(ticketHold)
    .where(eq(ticketHold.ticketIssueId, issueId))
    .orderBy(asc(ticketHold.startDate));

/**
 * Locks the pass's row for the rest of the transaction: the last session, a refund, a hold are decided once. Its
 * customer's row is locked first, in the one order of docs/architecture.md#operations-model (the customer, then
 * the pass): a check-in holds the customer while it takes the pass, and every change here ends by rewriting the
 * customer's summary, so the opposite order could deadlock with it.
 */
const lockIssue = async (tx: Executor, id: number): Promise<TicketIssueRow> => {
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

const spans = (holds: readonly { startDate: string; endDate: string }[]): HoldSpan[] =>
  holds.map((h) => ({ startDate: h.startDate, endDate: h.endDate }));

/** Opens a checkout of `kind` for what it takes (docs/rules.md#money); its lines follow with `writeLines`. */
const payThrough = async (
  tx: Executor,
  actor: Actor,
  head: { gymId: number; memberId: number; kind: CheckoutKind; total: number },
  payments: readonly PaymentInput[],
) => {
  const parts = payments.map((p) => ({ method: p.method as PaymentMethod, amount: p.amount }));
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
    payments.map((p) => ({ saleId: target.saleId, method: p.method as PaymentMethod, amount: p.amount })),
  );

const isStaffOf = async (db: Executor, gymId: number, memberId: number) => {
  const [row] = await db
    .select({ id: gymMember.id })
    .from(gymMember)
    .where(
      and(
        eq(gymMember.gymId, gymId),
        eq(gymMember.memberId, memberId),
        // Staff: an ACTIVE link with a permission set (the representative's link is not a worker's).
        isNotNull(gymMember.gymAuthId),
        eq(gymMember.status, 'ACTIVE'),
      ),
    );
  return row !== undefined;
};

/** A customer's passes as the renewal and hold rules read them (docs/rules.md#renewals, #holds). */
const ownedPassesOf = (tx: Executor, gymId: number, memberId: number) =>
  tx
    .select({
      id: ticketIssue.id,
      ticketName: ticketIssue.ticketName,
      status: ticketIssue.status,
      startDate: ticketIssue.startDate,
      endDate: ticketIssue.endDate,
      sessionCount: ticketIssue.sessionCount,
    })
    .from(ticketIssue)
    .where(and(eq(ticketIssue.gymId, gymId), eq(ticketIssue.memberId, memberId)));

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
  const [product] = await tx
    .select()
    .from(ticket)
    .where(and(eq(ticket.id, input.ticketId), eq(ticket.gymId, input.gymId)));
  if (!product) throw notFound();
  if (!isSellable(product, today)) throw refused('ticketNotOnSale', { label: saleLabel(product, today) });
  // docs/rules.md#promotions: a sale outside the desk checks its promotion as the checkout does, on the customer's
  // locked row (their uses count toward the limit), and starts from the promoted price.
  let base = product.salePrice;
  let promotionDiscount = 0;
  if (input.promotionId != null && input.checkoutId === undefined) {
    await tx.select({ id: member.id }).from(member).where(eq(member.id, customer.id)).for('update');
    const promoted = await promotedPassPrice(tx, {
      gymId: input.gymId,
      memberId: customer.id,
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
  const soldBy = input.soldByMemberId ?? actor.memberId;
  if (input.soldByMemberId && !(await isStaffOf(tx, input.gymId, input.soldByMemberId))) throw notFound();
  // docs/rules.md#renewals: the customer's passes decide the default start and whether the new one overlaps.
  const owned = await ownedPassesOf(tx, input.gymId, customer.id);
  const startDate = input.startDate ?? saleStartDate(today, owned, product);
  const endDate =
    product.periodAmount !== null && product.periodUnit !== null
      ? passEndDate(startDate, product.periodAmount, product.periodUnit as PeriodUnit)
      : null;
  const overlap = overlappingPass(owned, product, startDate, endDate, today);
  if (overlap && !input.allowOverlap) {
    const params = {
      name: overlap.ticketName,
      start: overlap.startDate,
      end: overlap.endDate ?? '',
      next: saleStartDate(today, owned, product),
    };
    throw new AppError('CONFLICT', 'passOverlap', params, {}, { ...params, overlapPassId: overlap.id });
  }
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
  const paid = sum(input.payments);
  await writeLines(
    tx,
    actor,
    { gymId: input.gymId, memberId: customer.id, checkoutId, saleId: saleRow!.id },
    input.payments,
  );
  await refreshPassMoney(tx, issue!.id);
  await audit(tx, actor, {
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
      paid,
      ...(input.promotionId != null && input.checkoutId === undefined
        ? { promotionId: input.promotionId, promotionDiscount }
        : {}),
      ...(overlap ? { overlapsPassId: overlap.id } : {}),
    },
  });
  await customerChanged(tx, customer.id, today);
  return { issueId: issue!.id, saleId: saleRow!.id };
};

/** Holds a pass between two days; the end date moves later by the days held. */
export const holdPass = async (
  tx: Executor,
  actor: Actor,
  id: number,
  input: { startDate: string; endDate: string; reason?: string | null | undefined },
) => {
  const today = seoulToday(actor.now);
  const issue = await lockIssue(tx, id);
  const [product] = await tx.select().from(ticket).where(eq(ticket.id, issue.ticketId));
  const existing = await holdsOf(tx, id);
  const used = await usedOf(tx, id);
  const check = checkHold({
    limits: {
      holdMaxCount: product?.holdMaxCount ?? null,
      holdMaxDays: product?.holdMaxDays ?? null,
      holdMinDays: product?.holdMinDays ?? null,
    },
    existing: spans(existing),
    hold: { startDate: input.startDate, endDate: input.endDate },
    pass: {
      status: issue.status,
      startDate: issue.startDate,
      endDate: issue.endDate,
      sessionsLeft: sessionsLeft(issue.sessionCount, used),
    },
    today,
  });
  if (!check.ok)
    throw refused(check.reason, {
      min: product?.holdMinDays ?? 0,
      max: check.reason === 'holdTooMany' ? (product?.holdMaxCount ?? 0) : (product?.holdMaxDays ?? 0),
    });
  // docs/rules.md#holds: a hold never pushes the pass into the renewal queued after it.
  const owned = await ownedPassesOf(tx, issue.gymId, issue.memberId);
  const next = holdPushesInto(owned, issue, check.newEndDate ?? null, today);
  if (next) throw refused('holdIntoRenewal', { name: next.ticketName, start: next.startDate });
  const [hold] = await tx
    .insert(ticketHold)
    .values({
      gymId: issue.gymId,
      ticketIssueId: id,
      startDate: input.startDate,
      endDate: input.endDate,
      plannedEndDate: input.endDate,
      reason: input.reason ?? null,
      createdByMemberId: actor.memberId,
      createDate: actor.now,
      modifiedDate: actor.now,
    })
    .returning();
  await tx
    .update(ticketIssue)
    .set({ endDate: check.newEndDate, modifiedDate: actor.now })
    .where(eq(ticketIssue.id, id));
  await audit(tx, actor, {
    gymId: issue.gymId,
    action: 'pass.hold',
    entity: 'ticket-issue',
    entityId: id,
    before: { endDate: issue.endDate },
    after: {
      holdId: hold!.id,
      startDate: input.startDate,
      endDate: input.endDate,
      passEndDate: check.newEndDate,
    },
  });
  await customerChanged(tx, issue.memberId, today);
};

/** Ends the current or the next hold early (from `on`, default today): the unused days come back. */
export const endHold = async (tx: Executor, actor: Actor, id: number, on?: string) => {
  const today = seoulToday(actor.now);
  const day = on ?? today;
  const issue = await lockIssue(tx, id);
  const holds = await holdsOf(tx, id);
  const target = heldOn(spans(holds), day)
    ? holds.find((h) => h.startDate <= day && day <= h.endDate)
    : holds.find((h) => h.startDate >= day && holdDays(h) > 0);
  if (!target) throw refused('noHoldToEnd');
  const ended = endHoldEarly(target, day, issue.endDate);
  // docs/rules.md#holds: a hold ended on its first day (or before it) is cancelled: its row goes, the audit row stays.
  if (ended.cancelled) await tx.delete(ticketHold).where(eq(ticketHold.id, target.id));
  else
    await tx
      .update(ticketHold)
      .set({ endDate: ended.hold.endDate, modifiedDate: actor.now })
      .where(eq(ticketHold.id, target.id));
  await tx
    .update(ticketIssue)
    .set({ endDate: ended.passEndDate, modifiedDate: actor.now })
    .where(eq(ticketIssue.id, id));
  await audit(tx, actor, {
    gymId: issue.gymId,
    action: 'pass.end-hold',
    entity: 'ticket-issue',
    entityId: id,
    before: { holdId: target.id, holdEndDate: target.endDate, passEndDate: issue.endDate },
    after: {
      holdEndDate: ended.hold.endDate,
      passEndDate: ended.passEndDate,
      returnedDays: ended.returnedDays,
      cancelled: ended.cancelled,
    },
  });
  await customerChanged(tx, issue.memberId, today);
};

const assertInForce = (issue: TicketIssueRow, used: number, today: string) => {
  if (issue.status === 'REFUND') throw refused('passRefunded');
  if ((issue.endDate !== null && issue.endDate < today) || sessionsLeft(issue.sessionCount, used) === 0)
    throw refused('passExpired');
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
  assertInForce(issue, await usedOf(tx, id), today);
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
  if (fee > 0) {
    const paying = await payThrough(
      tx,
      actor,
      { gymId: issue.gymId, memberId: issue.memberId, kind: 'TRANSFER', total: fee },
      input.payments,
    );
    const [feeSale] = await tx
      .insert(sale)
      .values({
        gymId: issue.gymId,
        memberId: issue.memberId,
        itemType: 'TRANSFER_FEE',
        itemName: issue.ticketName,
        ticketIssueId: id,
        checkoutId: paying.id,
        listPrice: product?.transferFee ?? fee,
        price: fee,
        priceReason: null,
        soldByMemberId: actor.memberId,
        createDate: actor.now,
      })
      .returning();
    await writeLines(
      tx,
      actor,
      { gymId: issue.gymId, memberId: issue.memberId, checkoutId: paying.id, saleId: feeSale!.id },
      input.payments,
    );
  }
  await tx
    .update(ticketIssue)
    .set({ memberId: recipient.id, modifiedDate: actor.now })
    .where(eq(ticketIssue.id, id));
  await audit(tx, actor, {
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
  const used = await usedOf(tx, id);
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
  await audit(tx, actor, {
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
  const [passSale] = await tx
    .select({ id: sale.id })
    .from(sale)
    .where(and(eq(sale.ticketIssueId, id), eq(sale.itemType, 'PASS')));
  if (!passSale) throw notFound();
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
  await audit(tx, actor, {
    gymId: issue.gymId,
    action: 'pass.collect',
    entity: 'ticket-issue',
    entityId: id,
    before: { paid: issue.paidAmount },
    after: { paid: issue.paidAmount + sum(payments), payments },
  });
  await customerChanged(tx, issue.memberId, today);
};

/**
 * The refund the law allows today (docs/rules.md#refunds), computed by `computeRefund` from what was actually
 * paid. The preview route and the refund itself both call this.
 */
export const previewRefund = async (
  db: Executor,
  issue: TicketIssueRow,
  fault: RefundFault,
  now: Date,
): Promise<RefundPreview> => {
  const today = seoulToday(now);
  if (issue.status === 'REFUND') throw refused('passRefunded');
  const used = await usedOf(db, issue.id);
  const holds = spans(await holdsOf(db, issue.id));
  const basis = refundBasis(issue.sessionCount);
  const contractDays =
    issue.periodAmount !== null && issue.periodUnit !== null
      ? refundContractDays(issue.startDate, issue.periodAmount, issue.periodUnit as PeriodUnit)
      : null;
  const days = usedDays(issue.startDate, today, holds);
  // Held days are the elapsed days that `usedDays` left out.
  const heldDays = Math.max(daysBetween(issue.startDate, today), 0) - days;
  const started = basis === 'SESSION' ? used > 0 : today >= issue.startDate;
  const result = computeRefund({
    paid: issue.paidAmount,
    fault,
    basis,
    started,
    ...(basis === 'PERIOD'
      ? { contractDays: contractDays ?? 1, usedDays: days }
      : { contractSessions: issue.sessionCount ?? 1, usedSessions: Math.max(used, 0) }),
  });
  return {
    fault,
    basis,
    started,
    paid: result.paid,
    penalty: result.penalty,
    used: result.used,
    refund: result.refund,
    contractDays: basis === 'PERIOD' ? contractDays : null,
    usedDays: basis === 'PERIOD' ? days : null,
    heldDays: Math.max(heldDays, 0),
    contractSessions: basis === 'SESSION' ? issue.sessionCount : null,
    usedSessions: basis === 'SESSION' ? used : null,
    lines: result.lines,
    today,
  };
};

/**
 * Refunds a pass (docs/rules.md#refunds): negative payment lines, one a method (a card refund one a card line it
 * cancels), each holding the computation; the pass ends and its sessions close. The amount is above 0 and at most
 * the formula's; the lines default to the original payment lines (`refundSplit`).
 */
export const refundPass = async (
  tx: Executor,
  actor: Actor,
  id: number,
  input: {
    fault: RefundFault;
    amount?: number | undefined;
    lines?: PaymentInput[] | undefined;
    method?: PaymentMethod | undefined;
    note?: string | null | undefined;
  },
) => {
  const today = seoulToday(actor.now);
  const issue = await lockIssue(tx, id);
  const preview = await previewRefund(tx, issue, input.fault, actor.now);
  const amount = input.amount ?? preview.refund;
  if (amount > preview.refund) throw badField('amount', 'refundAboveFormula');
  const [passSale] = await tx
    .select({ id: sale.id })
    .from(sale)
    .where(and(eq(sale.ticketIssueId, id), eq(sale.itemType, 'PASS')));
  if (!passSale) throw notFound();
  const paidLines = (
    await tx
      .select({ id: paymentLine.id, method: paymentLine.method, amount: paymentLine.amount })
      .from(paymentLine)
      .where(and(eq(paymentLine.saleId, passSale.id), eq(paymentLine.status, 'APPROVE')))
      .orderBy(asc(paymentLine.id))
  ).map((l) => ({ id: l.id, method: l.method as PaymentMethod, amount: l.amount }));
  const requested =
    input.lines?.map((l) => ({ method: l.method as PaymentMethod, amount: l.amount })) ??
    (input.method ? [{ method: input.method, amount }] : refundSplit(paidLines, amount));
  const placed = placeRefundLines(paidLines, requested, amount);
  if (!placed.ok) throw badField(input.lines ? 'lines' : 'method', placed.reason);
  for (const line of placed.lines)
    await tx.insert(paymentLine).values({
      gymId: issue.gymId,
      saleId: passSale.id,
      memberId: issue.memberId,
      method: line.method,
      amount: -line.amount,
      status: 'REFUND',
      computation: { ...preview, amount, lineAmount: line.amount, refundOfLineId: line.paymentLineId },
      note: input.note ?? null,
      createdByMemberId: actor.memberId,
      createDate: actor.now,
    });
  const used = await usedOf(tx, id);
  const left = sessionsLeft(issue.sessionCount, used);
  if (left !== null && left > 0)
    await tx.insert(ticketUsage).values({
      gymId: issue.gymId,
      ticketIssueId: id,
      memberId: issue.memberId,
      kind: 'REFUND',
      sessions: left,
      note: null,
      createdByMemberId: actor.memberId,
      createDate: actor.now,
    });
  await tx
    .update(ticketIssue)
    .set({ status: 'REFUND', refundedAt: actor.now, refundedAmount: amount, modifiedDate: actor.now })
    .where(eq(ticketIssue.id, id));
  await audit(tx, actor, {
    gymId: issue.gymId,
    action: 'pass.refund',
    entity: 'ticket-issue',
    entityId: id,
    before: { status: issue.status, paid: issue.paidAmount },
    after: {
      status: 'REFUND',
      amount,
      fault: input.fault,
      formulaRefund: preview.refund,
      lines: placed.lines,
    },
  });
  await customerChanged(tx, issue.memberId, today);
};

/** A sold pass's row, unlocked (for reads such as the refund preview). */
export const issueRow = async (db: Executor, id: number): Promise<TicketIssueRow> => {
  const [row] = await db.select().from(ticketIssue).where(eq(ticketIssue.id, id));
  if (!row) throw notFound();
  return row;
};
export { usedOf as sessionsUsedOf };

// ---------------------------------------------------------------------------------------------------------
// Reading passes

const issueColumns = {
  id: ticketIssue.id,
  gymId: ticketIssue.gymId,
  memberId: ticketIssue.memberId,
  memberName: member.name,
  memberPhone: member.phone,
  ticketId: ticketIssue.ticketId,
  ticketName: ticketIssue.ticketName,
  periodAmount: ticketIssue.periodAmount,
  periodUnit: ticketIssue.periodUnit,
  startDate: ticketIssue.startDate,
  endDate: ticketIssue.endDate,
  sessionCount: ticketIssue.sessionCount,
  status: ticketIssue.status,
  price: ticketIssue.price,
  paidAmount: ticketIssue.paidAmount,
  refundedAmount: ticketIssue.refundedAmount,
  unpaidAmount: ticketIssue.unpaidAmount,
  soldByMemberId: ticketIssue.soldByMemberId,
  soldByName: sql<
    string | null
  >`(select s.name from ${member} s where s.id = ${ticketIssue}.sold_by_member_id)`,
  createDate: ticketIssue.createDate,
  sessionsUsed:
    sql<number>`(select coalesce(sum(u.sessions), 0) from ${ticketUsage} u where u.ticket_issue_id = ${ticketIssue}.id)`.mapWith(
      Number,
    ),
  holds: sql<
    HoldSpan[]
  >`coalesce((select json_agg(json_build_object('startDate', h.start_date, 'endDate', h.end_date) order by h.start_date) from ${ticketHold} h where h.ticket_issue_id = ${ticketIssue}.id and h.end_date >= h.start_date), '[]'::json)`,
};

type IssueListRow = {
  [K in keyof typeof issueColumns]: unknown;
} & {
  id: number;
  gymId: number;
  memberId: number;
  memberName: string;
  memberPhone: string;
  ticketId: number;
  ticketName: string;
  periodAmount: number | null;
  periodUnit: string | null;
  startDate: string;
  endDate: string | null;
  sessionCount: number | null;
  status: 'FIN' | 'REFUND';
  price: number;
  paidAmount: number;
  refundedAmount: number;
  unpaidAmount: number | null;
  soldByMemberId: number | null;
  soldByName: string | null;
  createDate: Date;
  sessionsUsed: number;
  holds: HoldSpan[];
};

/** A pass as lists show it, its states derived for today. */
export const toIssue = (row: IssueListRow, today: string, options: { maskPhone: boolean }): TicketIssue => {
  const state = passState(
    {
      status: row.status,
      startDate: row.startDate,
      endDate: row.endDate,
      sessionCount: row.sessionCount,
      sessionsUsed: row.sessionsUsed,
      holds: row.holds,
    },
    today,
  );
  return {
    id: row.id,
    gymId: row.gymId,
    memberId: row.memberId,
    memberName: row.memberName,
    memberPhone: options.maskPhone ? maskPhone(row.memberPhone) : row.memberPhone,
    ticketId: row.ticketId,
    ticketName: row.ticketName,
    periodAmount: row.periodAmount,
    periodUnit: row.periodUnit as PeriodUnit | null,
    startDate: row.startDate,
    endDate: row.endDate,
    sessionCount: row.sessionCount,
    sessionsUsed: row.sessionsUsed,
    sessionsLeft: sessionsLeft(row.sessionCount, row.sessionsUsed),
    daysLeft: row.status === 'REFUND' ? null : daysLeft(row.endDate, today),
    status: row.status === 'REFUND' ? 'REFUND' : state === 'HELD' ? 'WAIT' : 'FIN',
    state,
    price: row.price,
    paidAmount: row.paidAmount,
    refundedAmount: row.refundedAmount,
    unpaidAmount: row.unpaidAmount ?? 0,
    soldByMemberId: row.soldByMemberId,
    soldByName: row.soldByName,
    createDate: row.createDate.toISOString(),
  };
};

type ListQuery = z.output<typeof ticketIssueListQuerySchema>;

/** The where clause of the sold-pass list (docs/rules.md#passes); WAIT is "held today", derived. */
const issueWhere = (gymId: number, query: ListQuery, today: string, trainer: number | null) => {
  const heldToday = sql`exists (select 1 from ${ticketHold} h where h.ticket_issue_id = ${ticketIssue.id} and h.start_date <= ${today} and h.end_date >= ${today})`;
  const conditions = [eq(ticketIssue.gymId, gymId)];
  if (query.status === 'REFUND') conditions.push(eq(ticketIssue.status, 'REFUND'));
  if (query.status === 'FIN') conditions.push(eq(ticketIssue.status, 'FIN'), sql`not ${heldToday}`);
  if (query.status === 'WAIT') conditions.push(eq(ticketIssue.status, 'FIN'), heldToday);
  if (query.ticketId) conditions.push(eq(ticketIssue.ticketId, query.ticketId));
  if (query.memberId) conditions.push(eq(ticketIssue.memberId, query.memberId));
  if (query.startFrom) conditions.push(sql`${ticketIssue.startDate} >= ${query.startFrom}`);
  if (query.startTo) conditions.push(sql`${ticketIssue.startDate} <= ${query.startTo}`);
  if (query.endFrom) conditions.push(sql`${ticketIssue.endDate} >= ${query.endFrom}`);
  if (query.endTo) conditions.push(sql`${ticketIssue.endDate} <= ${query.endTo}`);
  if (query.expiringDays)
    conditions.push(
      eq(ticketIssue.status, 'FIN'),
      sql`${ticketIssue.endDate} between ${today} and (${today}::date + ${query.expiringDays}::int)`,
    );
  if (query.unpaid === true) conditions.push(sql`${ticketIssue.unpaidAmount} > 0`);
  if (query.unpaid === false) conditions.push(sql`coalesce(${ticketIssue.unpaidAmount}, 0) = 0`);
  // A narrowed caller lists the passes of the customers assigned to them (docs/rules.md#customer-reach).
  if (trainer !== null)
    conditions.push(
      sql`exists (select 1 from ${member} m where m.id = ${ticketIssue.memberId} and m.trainer_member_id = ${trainer})`,
    );
  if (query.q) {
    const q = query.q.replace(/[\s-]/g, '');
    conditions.push(
      sql`exists (select 1 from ${member} m where m.id = ${ticketIssue.memberId} and (m.name ilike ${`%${q}%`} or m.phone like ${`%${q}%`}))`,
    );
  }
  return and(...conditions);
};

const issueSorts = {
  id: ticketIssue.id,
  startDate: ticketIssue.startDate,
  endDate: ticketIssue.endDate,
  price: ticketIssue.price,
  unpaidAmount: ticketIssue.unpaidAmount,
} as const;

/** One page of a facility's sold passes and the capped total, in one statement. */
export const listIssues = async (
  db: Executor,
  gymId: number,
  query: ListQuery,
  now: Date,
  /** The trainer whose assigned customers' passes a narrowed caller lists, or null for all. */
  trainer: number | null = null,
) => {
  const today = seoulToday(now);
  const start = query._start ?? 0;
  const end = Math.min(query._end ?? start + 20, start + 100);
  const where = issueWhere(gymId, query, today, trainer);
  const column = issueSorts[query._sort ?? 'id'];
  const order = query._order === 'asc' ? asc(column) : desc(column);
  const rows = await db
    .select({ ...issueColumns, total: cappedTotal(ticketIssue, where) })
    .from(ticketIssue)
    .innerJoin(member, eq(member.id, ticketIssue.memberId))
    .where(where)
    .orderBy(order, desc(ticketIssue.id))
    .limit(end - start)
    .offset(start);
  const total = rows[0]?.total ?? (start === 0 ? 0 : start);
  return {
    data: rows.map((row) => toIssue(row as IssueListRow, today, { maskPhone: true })),
    total,
    capped: total > 10_000,
  };
};

/** What a whole pass reads: the list's columns, its holds, payments, usage and transfers, the product's limits. */
const detailColumns = {
  ...issueColumns,
  holdRows: sql<
    {
      id: number;
      startDate: string;
      endDate: string;
      plannedEndDate: string;
      reason: string | null;
      createDate: string;
    }[]
  >`coalesce((select json_agg(json_build_object('id', h.id, 'startDate', h.start_date, 'endDate', h.end_date, 'plannedEndDate', h.planned_end_date, 'reason', h.reason, 'createDate', h.create_date) order by h.start_date) from ${ticketHold} h where h.ticket_issue_id = ${ticketIssue}.id and h.end_date >= h.start_date), '[]'::json)`,
  payments: sql<
    {
      id: number;
      saleId: number;
      method: PaymentMethod;
      amount: number;
      status: 'APPROVE' | 'REFUND';
      note: string | null;
      computation: Record<string, unknown> | null;
      createdByName: string | null;
      createDate: string;
    }[]
  >`coalesce((select json_agg(json_build_object('id', p.id, 'saleId', p.sale_id, 'method', p.method, 'amount', p.amount, 'status', p.status, 'note', p.note, 'computation', p.computation, 'createdByName', (select c.name from ${member} c where c.id = p.created_by_member_id), 'createDate', p.create_date) order by p.id) from ${paymentLine} p join ${sale} s on s.id = p.sale_id where s.ticket_issue_id = ${ticketIssue}.id and s.item_type = 'PASS'), '[]'::json)`,
  usages: sql<
    {
      id: number;
      kind: 'ENTRY';
      sessions: number;
      note: string | null;
      createdByName: string | null;
      createDate: string;
    }[]
  >`coalesce((select json_agg(json_build_object('id', u.id, 'kind', u.kind, 'sessions', u.sessions, 'note', u.note, 'createdByName', (select c.name from ${member} c where c.id = u.created_by_member_id), 'createDate', u.create_date) order by u.id desc) from ${ticketUsage} u where u.ticket_issue_id = ${ticketIssue}.id), '[]'::json)`,
  transfers: sql<
    {
      id: number;
      fromMemberId: number;
      fromName: string;
      toMemberId: number;
      toName: string;
      fee: number;
      createDate: string;
    }[]
  >`coalesce((select json_agg(json_build_object('id', t.id, 'fromMemberId', t.from_member_id, 'fromName', (select f.name from ${member} f where f.id = t.from_member_id), 'toMemberId', t.to_member_id, 'toName', (select r.name from ${member} r where r.id = t.to_member_id), 'fee', t.fee, 'createDate', t.create_date) order by t.id) from ${ticketTransfer} t where t.ticket_issue_id = ${ticketIssue}.id), '[]'::json)`,
  holdMaxCount: ticket.holdMaxCount,
  holdMaxDays: ticket.holdMaxDays,
  holdMinDays: ticket.holdMinDays,
  transferFee: ticket.transferFee,
};

type DetailRow = { [K in keyof typeof detailColumns]: unknown } & {
  holdRows: {
    id: number;
    startDate: string;
    endDate: string;
    plannedEndDate: string;
    reason: string | null;
    createDate: string;
  }[];
  payments: TicketIssueDetail['payments'];
  usages: TicketIssueDetail['usages'];
  transfers: TicketIssueDetail['transfers'];
  holdMaxCount: number | null;
  holdMaxDays: number | null;
  holdMinDays: number | null;
  transferFee: number;
};

const detailQuery = (db: Executor) =>
  db
    .select(detailColumns)
    .from(ticketIssue)
    .innerJoin(member, eq(member.id, ticketIssue.memberId))
    .innerJoin(ticket, eq(ticket.id, ticketIssue.ticketId));

const toDetails = (rows: readonly unknown[], today: string): TicketIssueDetail[] => {
  const iso = (value: string) => new Date(value).toISOString();
  return (rows as DetailRow[]).map((row) => ({
    ...toIssue(row as unknown as IssueListRow, today, { maskPhone: false }),
    holds: row.holdRows.map((h) => ({ ...h, days: holdDays(h), createDate: iso(h.createDate) })),
    payments: row.payments.map((p) => ({ ...p, createDate: iso(p.createDate) })),
    usages: row.usages.map((u) => ({ ...u, createDate: iso(u.createDate) })),
    transfers: row.transfers.map((t) => ({ ...t, createDate: iso(t.createDate) })),
    holdMaxCount: row.holdMaxCount,
    holdMaxDays: row.holdMaxDays,
    holdMinDays: row.holdMinDays,
    transferFee: row.transferFee,
  }));
};

/**
 * Whole passes (holds, payments, usage, transfers, the product's limits) in one statement, newest first; for one
 * pass (`id`) or a customer's (`memberId`). Inside a transaction (or for one pass) the statement is built each time.
 */
export const issueDetails = async (
  db: Executor,
  filter: { id: number } | { gymId: number; memberId: number },
  now: Date,
): Promise<TicketIssueDetail[]> => {
  const where =
    'id' in filter
      ? eq(ticketIssue.id, filter.id)
      : and(eq(ticketIssue.gymId, filter.gymId), eq(ticketIssue.memberId, filter.memberId));
  const rows = await detailQuery(db)
    .where(where)
    .orderBy(desc(ticketIssue.startDate), desc(ticketIssue.id))
    .limit(200);
  return toDetails(rows, seoulToday(now));
};

const prepareCustomerPasses = (db: Db) =>
  detailQuery(db)
    .where(
      and(
        eq(ticketIssue.gymId, sql.placeholder('gymId')),
        eq(ticketIssue.memberId, sql.placeholder('memberId')),
      ),
    )
    .orderBy(desc(ticketIssue.startDate), desc(ticketIssue.id))
    .limit(200)
    .prepare('ticket_issue_details_of_customer');
const preparedByDb = new WeakMap<Db, ReturnType<typeof prepareCustomerPasses>>();

/**
 * A customer's passes, whole, as one prepared statement (bench/README.md: building the statement and planning its
 * eleven subqueries cost more than running it). For reads on the database itself, not inside a transaction.
 */
export const customerPassDetails = async (db: Db, gymId: number, memberId: number, now: Date) => {
  let prepared = preparedByDb.get(db);
  if (!prepared) {
    prepared = prepareCustomerPasses(db);
    preparedByDb.set(db, prepared);
  }
  return toDetails(await prepared.execute({ gymId, memberId }), seoulToday(now));
};

/** One whole pass, or 404. */
export const issueDetail = async (db: Executor, id: number, now: Date): Promise<TicketIssueDetail> => {
  const [detail] = await issueDetails(db, { id }, now);
  if (!detail) throw notFound();
  return detail;
};
