import { and, count, eq, inArray } from 'drizzle-orm';
import type { PaymentMethod } from '#domain/enums.ts';
import { depositOnEnd, renewalStart } from '#domain/rules/locker.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { PaymentInput } from '#domain/schemas/pass.ts';
import type { Db, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import {
  type LockerRentalRow,
  type LockerRow,
  locker,
  lockerRental,
  member,
  paymentLine,
  sale,
  saleAdjustment,
} from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import type { Actor } from '../../kernel/actor.ts';
import { audited } from '../../kernel/audit.ts';
import { customerChanged } from '../../kernel/customer-summary.ts';
import { openCheckout, writePaymentLines } from '../../kernel/money-lines.ts';
import { assertUnpaidChosen } from '../../kernel/unpaid-choice.ts';
import { liveCustomer } from '../pass/pass.queries.ts';
import { lockLockerRows } from './locker.commands.ts';
import { depositMoneyOf, depositSaleOf, lockerSettingsOf } from './locker.queries.ts';
import { badField, refused } from './locker.refusals.ts';

// The rentals' writes (docs/rules.md#lockers): renting (a LOCKER sale of fee + deposit), renewing, moving and
// ending, with the deposit's refund. Every write takes the transaction it is given and leaves its audit row in it;
// the locker's row is locked first, then the rental's, then the customer's.

const sum = (payments: readonly PaymentInput[]) => payments.reduce((total, p) => total + p.amount, 0);

/** Locks one locker of the facility (404 otherwise). */
const lockLocker = async (tx: Executor, gymId: number, id: number): Promise<LockerRow> => {
  const [row] = await lockLockerRows(tx, and(eq(locker.id, id), eq(locker.gymId, gymId))!);
  if (!row) throw notFound();
  return row;
};

const activeRentalOf = async (tx: Executor, lockerId: number) => {
  const [row] = await tx
    .select({ id: lockerRental.id })
    .from(lockerRental)
    .where(and(eq(lockerRental.lockerId, lockerId), eq(lockerRental.status, 'ACTIVE')));
  return row;
};

/** Refuses a locker that is broken (409 `lockerBroken`) or already rented (409 `lockerTaken`). */
const assertRentable = async (tx: Executor, target: LockerRow) => {
  if (target.broken) throw refused('lockerBroken', { label: target.label });
  if (await activeRentalOf(tx, target.id)) throw refused('lockerTaken', { label: target.label });
};

/**
 * Locks a rental for an action: its locker first, then the rental's row (the order every rental write takes, so
 * two actions on one locker are decided one after the other). 404 for another facility's rental.
 */
const lockRental = async (tx: Executor, gymId: number, id: number, alsoLock: number[] = []) => {
  const [found] = await tx
    .select({ lockerId: lockerRental.lockerId })
    .from(lockerRental)
    .where(and(eq(lockerRental.id, id), eq(lockerRental.gymId, gymId)));
  if (!found) throw notFound();
  const lockers = await lockLockerRows(
    tx,
    and(inArray(locker.id, [found.lockerId, ...alsoLock]), eq(locker.gymId, gymId))!,
  );
  const [rental] = await tx.select().from(lockerRental).where(eq(lockerRental.id, id)).for('update');
  if (!rental) throw notFound();
  return { rental, lockers };
};

const assertActive = (rental: LockerRentalRow) => {
  if (rental.status !== 'ACTIVE') throw refused('rentalNotActive');
};

const saleName = (label: string, startDate: string, endDate: string) =>
  `락커 ${label} (${startDate}~${endDate})`;

/**
 * Writes a LOCKER sale and its payment lines (docs/rules.md#money); returns the sale's id. Without a checkout it
 * opens its own LOCKER checkout for its payments; inside the desk's checkout it takes no payments (the desk writes
 * the lines).
 */
const writeSale = async (
  tx: Executor,
  actor: Actor,
  input: {
    gymId: number;
    memberId: number;
    itemName: string;
    price: number;
    payments: readonly PaymentInput[];
    checkoutId?: number | undefined;
    soldByMemberId?: number | null | undefined;
  },
) => {
  const parts = input.payments.map((p) => ({ method: p.method, amount: p.amount }));
  if (input.checkoutId !== undefined && parts.length > 0)
    throw new Error('writeSale: a desk checkout writes its own payment lines');
  const checkoutId =
    input.checkoutId ??
    (
      await openCheckout(tx, actor, {
        gymId: input.gymId,
        memberId: input.memberId,
        kind: 'LOCKER',
        total: input.price,
        payments: parts,
      })
    ).id;
  const [row] = await tx
    .insert(sale)
    .values({
      gymId: input.gymId,
      memberId: input.memberId,
      itemType: 'LOCKER',
      itemName: input.itemName,
      ticketIssueId: null,
      checkoutId,
      listPrice: input.price,
      price: input.price,
      priceReason: null,
      soldByMemberId: input.soldByMemberId ?? actor.memberId,
      createDate: actor.now,
    })
    .returning({ id: sale.id });
  await writePaymentLines(
    tx,
    actor,
    { gymId: input.gymId, memberId: input.memberId, checkoutId },
    parts.map((p) => ({ saleId: row!.id, ...p })),
  );
  return row!.id;
};

/** A rental to write: the body of `POST /web/locker/rental` (a seed passes the same). */
export type RentInput = {
  gymId: number;
  lockerId: number;
  memberId: number;
  startDate: string;
  endDate: string;
  fee: number;
  deposit?: number | undefined;
  keyNumber?: string | null | undefined;
  combination?: string | null | undefined;
  payments?: PaymentInput[] | undefined;
  /** The balance the request chose to leave (docs/rules.md#leave-unpaid); a desk checkout decides it itself. */
  leaveUnpaid?: number | undefined;
  /** The desk's checkout (docs/rules.md#the-desk): the rental's sale joins it and takes no payments here. */
  checkoutId?: number | undefined;
  /** Who sold it at the desk (the actor by default). */
  soldByMemberId?: number | null | undefined;
};

/** Locks the customer's row and checks they stay within the facility's most lockers per customer. */
const lockRenter = async (tx: Executor, gymId: number, memberId: number) => {
  // Two rentals for one customer at once are counted one after the other.
  await tx
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.id, memberId), eq(member.ownerGymId, gymId)))
    .for('update');
  const customer = await liveCustomer(tx, gymId, memberId);
  const { maxLockersPerCustomer } = await lockerSettingsOf(tx, gymId);
  const [held] = await tx
    .select({ n: count() })
    .from(lockerRental)
    .where(and(eq(lockerRental.memberId, customer.id), eq(lockerRental.status, 'ACTIVE')));
  if ((held?.n ?? 0) >= maxLockersPerCustomer)
    throw refused('lockerPerCustomerLimit', { max: maxLockersPerCustomer });
  return customer;
};

/**
 * Rents a locker (docs/rules.md#lockers), in the caller's transaction: the locker's row is locked, then the
 * customer's, so one locker gets one ACTIVE rental and a customer stays within the facility's limit. Writes the
 * sale of fee + deposit, its payment lines, the rental and the audit row. Returns the rental's id and the
 * combination, which only this answer shows.
 */
export const rentLocker = async (
  tx: Executor,
  actor: Actor,
  input: RentInput,
): Promise<{ id: number; combination: string | null; saleId: number }> => {
  const today = seoulToday(actor.now);
  const deposit = input.deposit ?? 0;
  const payments = input.payments ?? [];
  if (input.endDate < input.startDate) throw badField('endDate', 'endBeforeStart');
  if (sum(payments) > input.fee + deposit) throw badField('payments', 'paymentsAbovePrice');
  if (input.checkoutId === undefined) assertUnpaidChosen(input.fee + deposit, payments, input.leaveUnpaid);
  const target = await lockLocker(tx, input.gymId, input.lockerId);
  await assertRentable(tx, target);
  const customer = await lockRenter(tx, input.gymId, input.memberId);
  const saleId = await writeSale(tx, actor, {
    gymId: input.gymId,
    memberId: customer.id,
    itemName: saleName(target.label, input.startDate, input.endDate),
    price: input.fee + deposit,
    payments,
    checkoutId: input.checkoutId,
    soldByMemberId: input.soldByMemberId,
  });
  const [rental] = await tx
    .insert(lockerRental)
    .values({
      gymId: input.gymId,
      lockerId: target.id,
      memberId: customer.id,
      startDate: input.startDate,
      endDate: input.endDate,
      fee: input.fee,
      deposit,
      keyNumber: input.keyNumber ?? null,
      combination: input.combination ?? null,
      saleId,
      status: 'ACTIVE',
      createdByMemberId: actor.memberId,
      createDate: actor.now,
    })
    .returning({ id: lockerRental.id });
  await audited(tx, actor, {
    gymId: input.gymId,
    action: 'locker.rent',
    entity: 'locker-rental',
    entityId: rental!.id,
    after: {
      lockerId: target.id,
      label: target.label,
      memberId: customer.id,
      startDate: input.startDate,
      endDate: input.endDate,
      fee: input.fee,
      deposit,
      saleId,
      paid: sum(payments),
    },
  });
  await customerChanged(tx, customer.id, today);
  return { id: rental!.id, combination: input.combination ?? null, saleId };
};

/**
 * Runs a rental write in its own transaction and turns the partial unique index's refusal (a second ACTIVE rental
 * of one locker, should two writers ever pass the row lock) into the same 409 `lockerTaken`, naming the locker
 * the write aimed at when the caller says which.
 */
export const inRentalTransaction = async <T>(
  db: Db,
  work: (tx: Executor) => Promise<T>,
  lockerId?: number,
): Promise<T> => {
  try {
    return await db.transaction((tx) => work(tx));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const [row] =
      lockerId === undefined
        ? []
        : await db.select({ label: locker.label }).from(locker).where(eq(locker.id, lockerId));
    throw refused('lockerTaken', { label: row?.label ?? '' });
  }
};

/**
 * Renews an ACTIVE rental to `endDate`: the next row runs from `renewalStart` (the day after the current end, or
 * today when that has passed), sold as a new sale of the fee alone; the deposit stays with the chain (copied to
 * the new row, held by the first rental's sale). The current row ends RENEWED. Returns the new rental's id.
 */
export const renewRental = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  id: number,
  input: {
    endDate: string;
    fee: number;
    payments?: PaymentInput[] | undefined;
    leaveUnpaid?: number | undefined;
  },
): Promise<number> => {
  const today = seoulToday(actor.now);
  const payments = input.payments ?? [];
  if (sum(payments) > input.fee) throw badField('payments', 'paymentsAbovePrice');
  assertUnpaidChosen(input.fee, payments, input.leaveUnpaid);
  const { rental, lockers } = await lockRental(tx, gymId, id);
  assertActive(rental);
  const startDate = renewalStart(rental.endDate, today);
  if (input.endDate < startDate) throw badField('endDate', 'endBeforeStart');
  const customer = await liveCustomer(tx, gymId, rental.memberId);
  const label = lockers[0]!.label;
  const saleId = await writeSale(tx, actor, {
    gymId,
    memberId: customer.id,
    itemName: saleName(label, startDate, input.endDate),
    price: input.fee,
    payments,
  });
  await tx
    .update(lockerRental)
    .set({ status: 'ENDED', endKind: 'RENEWED', endedAt: actor.now, endedByMemberId: actor.memberId })
    .where(eq(lockerRental.id, id));
  const [next] = await tx
    .insert(lockerRental)
    .values({
      gymId,
      lockerId: rental.lockerId,
      memberId: rental.memberId,
      startDate,
      endDate: input.endDate,
      fee: input.fee,
      deposit: rental.deposit,
      keyNumber: rental.keyNumber,
      combination: rental.combination,
      saleId,
      status: 'ACTIVE',
      previousRentalId: rental.id,
      createdByMemberId: actor.memberId,
      createDate: actor.now,
    })
    .returning({ id: lockerRental.id });
  await audited(tx, actor, {
    gymId,
    action: 'locker.renew',
    entity: 'locker-rental',
    entityId: next!.id,
    before: { rentalId: rental.id, startDate: rental.startDate, endDate: rental.endDate },
    after: {
      rentalId: next!.id,
      label,
      startDate,
      endDate: input.endDate,
      fee: input.fee,
      saleId,
      paid: sum(payments),
    },
  });
  await customerChanged(tx, customer.id, today);
  return next!.id;
};

/**
 * Moves an ACTIVE rental to another free, working locker of the facility: both lockers are locked in id order;
 * the current row ends MOVED and the new one keeps the dates, fee, deposit, key, combination and sale. Returns the
 * new rental's id.
 */
export const moveRental = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  id: number,
  input: { lockerId: number },
): Promise<number> => {
  const { rental, lockers } = await lockRental(tx, gymId, id, [input.lockerId]);
  if (input.lockerId === rental.lockerId) throw badField('lockerId', 'sameLocker');
  const target = lockers.find((l) => l.id === input.lockerId);
  if (!target) throw notFound();
  const from = lockers.find((l) => l.id === rental.lockerId)!;
  assertActive(rental);
  await assertRentable(tx, target);
  await tx
    .update(lockerRental)
    .set({ status: 'ENDED', endKind: 'MOVED', endedAt: actor.now, endedByMemberId: actor.memberId })
    .where(eq(lockerRental.id, id));
  const [next] = await tx
    .insert(lockerRental)
    .values({
      gymId,
      lockerId: target.id,
      memberId: rental.memberId,
      startDate: rental.startDate,
      endDate: rental.endDate,
      fee: rental.fee,
      deposit: rental.deposit,
      keyNumber: rental.keyNumber,
      combination: rental.combination,
      saleId: rental.saleId,
      status: 'ACTIVE',
      previousRentalId: rental.id,
      createdByMemberId: actor.memberId,
      createDate: actor.now,
    })
    .returning({ id: lockerRental.id });
  await audited(tx, actor, {
    gymId,
    action: 'locker.move',
    entity: 'locker-rental',
    entityId: next!.id,
    before: { rentalId: rental.id, lockerId: from.id, label: from.label },
    after: { rentalId: next!.id, lockerId: target.id, label: target.label },
  });
  return next!.id;
};

export type EndInput = {
  keyReturned: boolean;
  depositRefunded: number;
  depositKeptReason?: string | null | undefined;
  refundMethod?: PaymentMethod | undefined;
};

/**
 * Decides and writes the deposit's part of a return (`depositOnEnd`): the refund as a negative REFUND line on the
 * chain's deposit sale, and the never-paid part dropped from what the sale owes by a CORRECTION adjustment.
 */
const settleDeposit = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  rental: LockerRentalRow,
  label: string,
  input: EndInput,
) => {
  // The customer's row, then the deposit's sale, as a collection locks them: a collection of that sale at the same
  // moment reads its balance after this (docs/rules.md#collecting-a-balance).
  const depositSaleId = rental.deposit > 0 ? await depositSaleOf(tx, rental) : null;
  if (depositSaleId !== null) {
    await tx.select({ id: member.id }).from(member).where(eq(member.id, rental.memberId)).for('update');
    await tx.select({ id: sale.id }).from(sale).where(eq(sale.id, depositSaleId)).for('update');
  }
  const fresh = depositSaleId !== null ? await depositMoneyOf(tx, rental) : null;
  const decision = depositOnEnd({
    deposit: rental.deposit,
    paid: fresh?.depositPaid ?? 0,
    refund: input.depositRefunded,
    reason: input.depositKeptReason?.trim() || null,
    owed: fresh?.owed ?? 0,
  });
  if (decision.refusal)
    throw badField(
      decision.refusal === 'depositKeptReasonRequired' ? 'depositKeptReason' : 'depositRefunded',
      decision.refusal,
    );
  const { kept, released } = decision;
  const reason = kept > 0 ? (input.depositKeptReason?.trim() ?? null) : null;
  const method = input.refundMethod ?? fresh?.method ?? 'CASH';
  if (input.depositRefunded > 0 && fresh) {
    await tx.insert(paymentLine).values({
      gymId,
      saleId: fresh.saleId,
      memberId: rental.memberId,
      method,
      amount: -input.depositRefunded,
      status: 'REFUND',
      computation: {
        kind: 'lockerDeposit',
        rentalId: rental.id,
        deposit: rental.deposit,
        refunded: input.depositRefunded,
        kept,
        reason,
      },
      note: reason,
      createdByMemberId: actor.memberId,
      createDate: actor.now,
    });
  }
  if (released > 0 && fresh) {
    // A deposit never paid is never owed once the key is back: the sale's price drops by it.
    await tx.insert(saleAdjustment).values({
      gymId,
      saleId: fresh.saleId,
      memberId: rental.memberId,
      kind: 'CORRECTION',
      amount: released,
      reason: `락커 ${label} 반납: 미납 보증금 ${released.toLocaleString('ko-KR')}원 제외`,
      createdByMemberId: actor.memberId,
      createDate: actor.now,
    });
  }
  return { depositPaid: fresh?.depositPaid ?? 0, kept, released, reason, method };
};

/**
 * Ends an ACTIVE rental (returned), by `depositOnEnd` (docs/rules.md#lockers): the key; the deposit refunded, at
 * most what was paid of it, as a negative REFUND payment line on the chain's deposit sale; keeping some of the
 * paid deposit needs the reason (400 `depositKeptReasonRequired`); the part of the deposit never paid is dropped
 * from what the sale owes by a CORRECTION adjustment, so the customer owes only the fee once the key is back.
 * Returns the rental's id.
 */
export const endRental = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  id: number,
  input: EndInput,
): Promise<number> => {
  const today = seoulToday(actor.now);
  const { rental, lockers } = await lockRental(tx, gymId, id);
  assertActive(rental);
  const label = lockers[0]!.label;
  const deposit = await settleDeposit(tx, actor, gymId, rental, label, input);
  await tx
    .update(lockerRental)
    .set({
      status: 'ENDED',
      endKind: 'RETURNED',
      endedAt: actor.now,
      endedByMemberId: actor.memberId,
      keyReturned: input.keyReturned,
      depositRefunded: input.depositRefunded,
      depositKeptReason: deposit.reason,
    })
    .where(eq(lockerRental.id, id));
  await audited(tx, actor, {
    gymId,
    action: 'locker.end',
    entity: 'locker-rental',
    entityId: id,
    before: {
      status: rental.status,
      label,
      endDate: rental.endDate,
      deposit: rental.deposit,
      depositPaid: deposit.depositPaid,
    },
    after: {
      status: 'ENDED',
      endKind: 'RETURNED',
      keyReturned: input.keyReturned,
      depositRefunded: input.depositRefunded,
      depositKept: deposit.kept,
      depositKeptReason: deposit.reason,
      depositReleased: deposit.released,
      refundMethod: input.depositRefunded > 0 ? deposit.method : null,
    },
  });
  await customerChanged(tx, rental.memberId, today);
  return id;
};
