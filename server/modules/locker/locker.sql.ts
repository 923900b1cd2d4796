import { type SQL, sql } from 'drizzle-orm';
import type { PaymentMethod } from '#domain/enums.ts';
import type { LockerMap } from '#domain/schemas/locker.ts';
import {
  locker,
  lockerBank,
  lockerRental,
  lockerRoom,
  member,
  paymentLine,
  sale,
  saleAdjustment,
} from '../../db/schema/index.ts';

// The lockers' statements where Drizzle's builder is not enough (docs/rules.md#lockers): the layout's lock, the
// map's JSON arrays, a rental chain's deposit sale and the money on a sale. Each is a function, so every statement
// gets its own fragment.

/** Layout changes of one facility run one at a time, so two banks cannot take the same label at once. */
export const layoutLock = (gymId: number): SQL =>
  sql`select pg_advisory_xact_lock(hashtext(${`locker-layout:${gymId}`}))`;

/** The lockers of every bank of a room. */
export const inRoom = (roomId: number): SQL =>
  sql`${locker.bankId} in (select b.id from ${lockerBank} b where b.room_id = ${roomId})`;

/** The facility's rooms as one JSON array, in their order. */
export const roomsJson = (gymId: number) =>
  sql<
    LockerMap['rooms']
  >`coalesce((select json_agg(json_build_object('id', r.id, 'gymId', r.gym_id, 'name', r.name, 'sortOrder', r.sort_order) order by r.sort_order, r.id) from ${lockerRoom} r where r.gym_id = ${gymId}), '[]'::json)`;

/** The facility's banks as one JSON array, in their order. */
export const banksJson = (gymId: number) =>
  sql<
    LockerMap['banks']
  >`coalesce((select json_agg(json_build_object('id', b.id, 'gymId', b.gym_id, 'roomId', b.room_id, 'name', b.name, 'rows', b.rows, 'cols', b.cols, 'startNumber', b.start_number, 'prefix', b.prefix, 'skipNumbers', b.skip_numbers, 'size', b.size, 'sortOrder', b.sort_order) order by b.sort_order, b.id) from ${lockerBank} b where b.gym_id = ${gymId}), '[]'::json)`;

/** An ACTIVE rental on the map, with its renter's name. */
export type ActiveRental = { id: number; lockerId: number; memberId: number; endDate: string; name: string };

/** The facility's ACTIVE rentals with their renters' names as one JSON array. */
export const activeRentalsJson = (gymId: number) =>
  sql<
    ActiveRental[]
  >`coalesce((select json_agg(json_build_object('id', r.id, 'lockerId', r.locker_id, 'memberId', r.member_id, 'endDate', r.end_date, 'name', m.name)) from ${lockerRental} r join ${member} m on m.id = r.member_id where r.gym_id = ${gymId} and r.status = 'ACTIVE'), '[]'::json)`;

/** The sale of the first rental of the chain `rentalId` ends (renewals sell the fee alone). */
export const chainFirstSaleId = (rentalId: number) =>
  sql<number | null>`(
        with recursive chain(id, previous_rental_id, sale_id) as (
          select r.id, r.previous_rental_id, r.sale_id from ${lockerRental} r where r.id = ${rentalId}
          union all
          select r.id, r.previous_rental_id, r.sale_id from ${lockerRental} r join chain c on r.id = c.previous_rental_id
        )
        select sale_id from chain where previous_rental_id is null limit 1)`;

// In a statement over the sale table alone Drizzle writes a bare "id", which a subquery would read as its own.
const saleId = sql.raw('"sale"."id"');

/** What came in on the sale: its APPROVE lines. */
export const paidOnSale = () =>
  sql<number>`coalesce((select sum(p.amount) from ${paymentLine} p where p.sale_id = ${saleId} and p.status = 'APPROVE'), 0)::int`;

/** The sale's adjustments. */
export const adjustedOnSale = () =>
  sql<number>`coalesce((select sum(a.amount) from ${saleAdjustment} a where a.sale_id = ${saleId}), 0)::int`;

/** The method of the sale's latest payment, which a deposit refund goes back by. */
export const lastMethodOnSale = () =>
  sql<PaymentMethod | null>`(select p.method from ${paymentLine} p where p.sale_id = ${saleId} and p.status = 'APPROVE' and p.amount > 0 order by p.create_date desc, p.id desc limit 1)`;

/**
 * What a rental's sale still owes: its price minus its adjustments and its payments (refund lines are money back,
 * not payments), never below 0 (`saleOwed`): an unpaid deposit dropped at the return is not owed.
 */
export const unpaidOfRental = () =>
  sql<number>`coalesce((select greatest(s.price - coalesce((select sum(a.amount) from ${saleAdjustment} a where a.sale_id = s.id), 0) - coalesce((select sum(p.amount) from ${paymentLine} p where p.sale_id = s.id and p.status = 'APPROVE'), 0), 0) from ${sale} s where s.id = ${lockerRental}.sale_id), 0)`.mapWith(
    Number,
  );
