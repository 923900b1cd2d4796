import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  DEFAULT_LOCKER_REMINDER_DAYS,
  depositPaid,
  LOCKER_EXPIRING_DAYS,
  type LockerState,
} from '#domain/rules/locker.ts';
import { saleOwed } from '#domain/rules/money.ts';
import { addDays, seoulToday } from '#domain/rules/seoul-time.ts';
import type { LockerMap, LockerRental, LockerTile, RentalListQuery } from '#domain/schemas/locker.ts';
import type { Executor } from '../../db/client.ts';
import { cappedTotal } from '../../db/count.ts';
import {
  entrySetting,
  gym,
  type LockerRentalRow,
  locker,
  lockerRental,
  member,
  sale,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { hasApprovedAddOn } from '../sub-service/sub-service.service.ts';
import { toRental, toTile } from './locker.mappers.ts';
import {
  activeRentalsJson,
  adjustedOnSale,
  banksJson,
  chainFirstSaleId,
  lastMethodOnSale,
  paidOnSale,
  roomsJson,
  unpaidOfRental,
} from './locker.sql.ts';

// The lockers' reads (docs/rules.md#lockers): the add-on gate and the facility's rules, the map and a tile, the
// money of a rental chain's deposit, and the rentals. Each takes the database or the transaction it is given.

// ---------------------------------------------------------------------------------------------------------
// Gating and settings

/** Every locker call needs the facility's LOCKER add-on in APPROVE (403 `lockerAddOnRequired`). */
export const assertLockerAddOn = async (db: Executor, gymId: number) => {
  if (!(await hasApprovedAddOn(db, gymId, ['LOCKER'])))
    throw new AppError('FORBIDDEN', 'lockerAddOnRequired');
};

/** The facility's locker rules (`entry_setting`), or the defaults when it has no row. */
export const lockerSettingsOf = async (db: Executor, gymId: number) => {
  const [row] = await db
    .select({
      maxLockersPerCustomer: entrySetting.maxLockersPerCustomer,
      lockerReminderDays: entrySetting.lockerReminderDays,
    })
    .from(entrySetting)
    .where(eq(entrySetting.gymId, gymId));
  return {
    maxLockersPerCustomer: row?.maxLockersPerCustomer ?? 1,
    lockerReminderDays: row?.lockerReminderDays ?? [...DEFAULT_LOCKER_REMINDER_DAYS],
  };
};

/** Whether any of these lockers was ever rented (a rental row of any status). */
export const everRented = async (tx: Executor, lockerIds: readonly number[]) => {
  if (lockerIds.length === 0) return false;
  const [row] = await tx
    .select({ id: lockerRental.id })
    .from(lockerRental)
    .where(inArray(lockerRental.lockerId, [...lockerIds]))
    .limit(1);
  return row !== undefined;
};

// ---------------------------------------------------------------------------------------------------------
// The map

/** Lockers left-joined to their ACTIVE rental (the partial unique index finds it) and its renter. */
const tileQuery = (db: Executor, where: SQL) =>
  db
    .select({
      id: locker.id,
      bankId: locker.bankId,
      row: locker.row,
      col: locker.col,
      number: locker.number,
      label: locker.label,
      size: locker.size,
      broken: locker.broken,
      brokenNote: locker.brokenNote,
      rentalId: lockerRental.id,
      memberId: lockerRental.memberId,
      endDate: lockerRental.endDate,
      memberName: member.name,
    })
    .from(locker)
    .leftJoin(lockerRental, and(eq(lockerRental.lockerId, locker.id), eq(lockerRental.status, 'ACTIVE')))
    .leftJoin(member, eq(member.id, lockerRental.memberId))
    .where(where);

/**
 * The facility's whole map in two statements, whose plans do not hang on the planner's statistics (PGlite never
 * gathers any): the rooms, the banks and the ACTIVE rentals with their renters' names as three JSON arrays of
 * one row, and the lockers alone. The rentals are matched to their lockers here; the states are derived for today
 * (Asia/Seoul); the counts feed the legend.
 */
export const lockerMap = async (db: Executor, gymId: number, now: Date): Promise<LockerMap> => {
  const today = seoulToday(now);
  const [[layout], plain] = await Promise.all([
    db
      .select({ rooms: roomsJson(gymId), banks: banksJson(gymId), rentals: activeRentalsJson(gymId) })
      .from(gym)
      .where(eq(gym.id, gymId)),
    db
      .select({
        id: locker.id,
        bankId: locker.bankId,
        row: locker.row,
        col: locker.col,
        number: locker.number,
        label: locker.label,
        size: locker.size,
        broken: locker.broken,
        brokenNote: locker.brokenNote,
      })
      .from(locker)
      .where(eq(locker.gymId, gymId))
      .orderBy(asc(locker.bankId), asc(locker.row), asc(locker.col)),
  ]);
  const rentals = new Map((layout?.rentals ?? []).map((r) => [r.lockerId, r]));
  const counts: Record<LockerState, number> = { FREE: 0, IN_USE: 0, EXPIRING: 0, EXPIRED: 0, BROKEN: 0 };
  const lockers = plain.map((l) => {
    const rental = rentals.get(l.id);
    const tile = toTile(
      {
        ...l,
        rentalId: rental?.id ?? null,
        memberId: rental?.memberId ?? null,
        endDate: rental?.endDate ?? null,
        memberName: rental?.name ?? null,
      },
      today,
    );
    counts[tile.state] += 1;
    return tile;
  });
  return { rooms: layout?.rooms ?? [], banks: layout?.banks ?? [], lockers, counts };
};

/** One locker's tile, or 404 when it is not the facility's. */
export const lockerTile = async (db: Executor, gymId: number, id: number, now: Date): Promise<LockerTile> => {
  const [row] = await tileQuery(db, and(eq(locker.id, id), eq(locker.gymId, gymId))!);
  if (!row) throw notFound();
  return toTile(row, seoulToday(now));
};

// ---------------------------------------------------------------------------------------------------------
// A rental chain's deposit

/** The sale that holds a rental chain's deposit: the first rental's (renewals sell the fee alone). */
export const depositSaleOf = async (tx: Executor, rental: LockerRentalRow): Promise<number | null> => {
  const [row] = await tx
    .select({ saleId: chainFirstSaleId(rental.id) })
    .from(lockerRental)
    .where(eq(lockerRental.id, rental.id));
  return row?.saleId ?? rental.saleId;
};

/**
 * The money of the sale that holds a rental chain's deposit (docs/rules.md#lockers): its price, what came in on it
 * (APPROVE lines), its adjustments, what it still owes, what of the deposit was paid (`depositPaid`: the fee is
 * paid first) and the method of its latest payment, which a deposit refund goes back by. One statement.
 */
export const depositMoneyOf = async (tx: Executor, rental: LockerRentalRow) => {
  const saleId = await depositSaleOf(tx, rental);
  if (saleId === null) return null;
  const [row] = await tx
    .select({ price: sale.price, paid: paidOnSale(), adjusted: adjustedOnSale(), method: lastMethodOnSale() })
    .from(sale)
    .where(eq(sale.id, saleId));
  if (!row) return null;
  const paid = Number(row.paid);
  const adjusted = Number(row.adjusted);
  return {
    saleId,
    price: row.price,
    paid,
    adjusted,
    owed: saleOwed({ price: row.price, adjusted, paid, closed: false }),
    depositPaid: depositPaid({ price: row.price, deposit: rental.deposit, paid }),
    method: row.method,
  };
};

// ---------------------------------------------------------------------------------------------------------
// Reading rentals

const rentalColumns = {
  id: lockerRental.id,
  gymId: lockerRental.gymId,
  lockerId: lockerRental.lockerId,
  lockerLabel: locker.label,
  memberId: lockerRental.memberId,
  memberName: member.name,
  phone: member.phone,
  startDate: lockerRental.startDate,
  endDate: lockerRental.endDate,
  fee: lockerRental.fee,
  deposit: lockerRental.deposit,
  keyNumber: lockerRental.keyNumber,
  combination: lockerRental.combination,
  saleId: lockerRental.saleId,
  status: lockerRental.status,
  endKind: lockerRental.endKind,
  endedAt: lockerRental.endedAt,
  keyReturned: lockerRental.keyReturned,
  depositRefunded: lockerRental.depositRefunded,
  depositKeptReason: lockerRental.depositKeptReason,
  createDate: lockerRental.createDate,
};

const rentalQuery = (db: Executor) =>
  db
    .select({ ...rentalColumns, unpaidAmount: unpaidOfRental() })
    .from(lockerRental)
    .innerJoin(locker, eq(locker.id, lockerRental.lockerId))
    .innerJoin(member, eq(member.id, lockerRental.memberId));

/** One rental of the facility (404 otherwise), the name and phone whole, the combination masked. */
export const rentalRecord = async (
  db: Executor,
  gymId: number,
  id: number,
  now: Date,
): Promise<LockerRental> => {
  const [row] = await rentalQuery(db).where(and(eq(lockerRental.id, id), eq(lockerRental.gymId, gymId)));
  if (!row) throw notFound();
  const rental = toRental(row, seoulToday(now), { mask: false });
  if (row.status !== 'ACTIVE' || row.deposit === 0) return rental;
  const [full] = await db.select().from(lockerRental).where(eq(lockerRental.id, id));
  const money = full ? await depositMoneyOf(db, full) : null;
  return { ...rental, depositPaid: money?.depositPaid ?? 0, depositRefundMethod: money?.method ?? null };
};

/** The list's views (docs/rules.md#lockers), each a where clause on the rental's own columns. */
const rentalWhere = (gymId: number, query: RentalListQuery, today: string) => {
  const conditions: SQL[] = [eq(lockerRental.gymId, gymId)];
  if (query.memberId) conditions.push(eq(lockerRental.memberId, query.memberId));
  if (query.view === 'ended')
    conditions.push(eq(lockerRental.status, 'ENDED'), eq(lockerRental.endKind, 'RETURNED'));
  else conditions.push(eq(lockerRental.status, 'ACTIVE'));
  if (query.view === 'expiring')
    conditions.push(
      sql`${lockerRental.endDate} >= ${today}`,
      sql`${lockerRental.endDate} <= ${addDays(today, LOCKER_EXPIRING_DAYS - 1)}`,
    );
  if (query.view === 'expired') conditions.push(sql`${lockerRental.endDate} < ${today}`);
  return and(...conditions)!;
};

/** The most rows one page of rentals reads. */
const RENTAL_PAGE_MAX = 1000;

/** One page of the facility's rentals in a view, name and phone masked, with the capped total in one statement. */
export const listRentals = async (db: Executor, gymId: number, query: RentalListQuery, now: Date) => {
  const today = seoulToday(now);
  const start = query._start;
  const size = Math.max(0, Math.min(query._end - start, RENTAL_PAGE_MAX));
  const where = rentalWhere(gymId, query, today);
  const order =
    query.view === 'ended'
      ? [desc(lockerRental.endedAt), desc(lockerRental.id)]
      : [asc(lockerRental.endDate), asc(lockerRental.id)];
  const rows =
    size === 0
      ? []
      : await db
          .select({
            ...rentalColumns,
            unpaidAmount: unpaidOfRental(),
            total: cappedTotal(lockerRental, where),
          })
          .from(lockerRental)
          .innerJoin(locker, eq(locker.id, lockerRental.lockerId))
          .innerJoin(member, eq(member.id, lockerRental.memberId))
          .where(where)
          .orderBy(...order)
          .limit(size)
          .offset(start);
  const total = rows[0]?.total ?? (start === 0 ? 0 : start);
  return { data: rows.map((row) => toRental(row, today, { mask: true })), total };
};
