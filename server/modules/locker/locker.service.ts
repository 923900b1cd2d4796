import { and, asc, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { PaymentMethod } from '#domain/enums.ts';
import type { ValidationKey } from '#domain/i18n/validation.ts';
import { maskName, maskPhone } from '#domain/rules/customer.ts';
import {
  type BankLayout,
  bankPositions,
  DEFAULT_LOCKER_REMINDER_DAYS,
  depositOnEnd,
  depositPaid,
  LOCKER_EXPIRING_DAYS,
  type LockerState,
  lockerLabel,
  lockerState,
  lockerStates,
  MAX_BANK_LOCKERS,
  renewalStart,
} from '#domain/rules/locker.ts';
import { saleOwed } from '#domain/rules/money.ts';
import { addDays, seoulToday } from '#domain/rules/seoul-time.ts';
import { formatPhone } from '#domain/rules/text.ts';
import type {
  LockerMap,
  LockerRental,
  LockerTile,
  lockerBankWriteSchema,
  lockerRoomWriteSchema,
  lockerUpdateSchema,
  RentalListQuery,
} from '#domain/schemas/locker.ts';
import type { PaymentInput } from '#domain/schemas/pass.ts';
import type { Db, Executor } from '../../db/client.ts';
import { cappedTotal } from '../../db/count.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import {
  entrySetting,
  gym,
  type LockerBankRow,
  type LockerRentalRow,
  type LockerRoomRow,
  type LockerRow,
  locker,
  lockerBank,
  lockerRental,
  lockerRoom,
  member,
  paymentLine,
  sale,
  saleAdjustment,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { Actor } from '../../kernel/actor.ts';
import { type AuditEvent, writeAudit } from '../../kernel/audit.ts';
import { customerChanged } from '../../kernel/customer-summary.ts';
import { openCheckout, writePaymentLines } from '../../kernel/money-lines.ts';
import { assertUnpaidChosen } from '../../kernel/unpaid-choice.ts';
import { liveCustomer } from '../pass/pass.service.ts';
import { hasApprovedAddOn } from '../sub-service/sub-service.service.ts';

// Lockers (docs/rules.md#lockers): the layout (rooms, banks and their lockers), the map, rentals and their
// actions. Every write takes the transaction it is given and leaves its audit row in it; the numbering and the
// states are the pure functions of domain/rules/locker.ts that the pages share.

export type { Actor };

const audit = (tx: Executor, actor: Actor, event: AuditEvent) =>
  writeAudit(tx, {
    ...event,
    actorMemberId: actor.memberId,
    requestId: actor.requestId,
    now: actor.now,
  });

type ConflictKey =
  | 'roomInUse'
  | 'bankInUse'
  | 'lockerLabelTaken'
  | 'lockerBroken'
  | 'lockerTaken'
  | 'lockerPerCustomerLimit'
  | 'rentalNotActive';
const refused = (reason: ConflictKey, params: Record<string, string | number> = {}) =>
  new AppError('CONFLICT', reason, params, {}, params);

/** A 400 on one field, in the envelope's `errors` (docs/architecture.md#api-contract). */
const badField = (field: string, key: ValidationKey) =>
  new AppError('VALIDATION_FAILED', 'VALIDATION_FAILED', {}, { [field]: key });

const sum = (payments: readonly PaymentInput[]) => payments.reduce((total, p) => total + p.amount, 0);

/** The combination as every read after the rental shows it (docs/rules.md#lockers). */
export const MASKED_COMBINATION = '••••';

/** The outbox topic of the rental reminders (docs/architecture.md#outbox); delivered by the MessageProvider. */
export const LOCKER_TOPIC = 'locker';

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

/** Layout changes of one facility run one at a time, so two banks cannot take the same label at once. */
const lockLayout = (tx: Executor, gymId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`locker-layout:${gymId}`}))`);

// ---------------------------------------------------------------------------------------------------------
// Rooms

type RoomInput = z.output<typeof lockerRoomWriteSchema>;

const roomOf = async (db: Executor, gymId: number, id: number): Promise<LockerRoomRow> => {
  const [row] = await db
    .select()
    .from(lockerRoom)
    .where(and(eq(lockerRoom.id, id), eq(lockerRoom.gymId, gymId)));
  if (!row) throw notFound();
  return row;
};

export const createRoom = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  input: RoomInput,
): Promise<LockerRoomRow> => {
  const [row] = await tx
    .insert(lockerRoom)
    .values({ gymId, name: input.name, sortOrder: input.sortOrder ?? 0, createDate: actor.now })
    .returning();
  await audit(tx, actor, {
    gymId,
    action: 'locker-room.create',
    entity: 'locker-room',
    entityId: row!.id,
    after: { name: row!.name, sortOrder: row!.sortOrder },
  });
  return row!;
};

export const updateRoom = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  id: number,
  input: RoomInput,
): Promise<LockerRoomRow> => {
  const before = await roomOf(tx, gymId, id);
  const [row] = await tx
    .update(lockerRoom)
    .set({ name: input.name, sortOrder: input.sortOrder ?? before.sortOrder })
    .where(eq(lockerRoom.id, id))
    .returning();
  await audit(tx, actor, {
    gymId,
    action: 'locker-room.update',
    entity: 'locker-room',
    entityId: id,
    before: { name: before.name, sortOrder: before.sortOrder },
    after: { name: row!.name, sortOrder: row!.sortOrder },
  });
  return row!;
};

/** Whether any of these lockers was ever rented (a rental row of any status). */
const everRented = async (tx: Executor, lockerIds: readonly number[]) => {
  if (lockerIds.length === 0) return false;
  const [row] = await tx
    .select({ id: lockerRental.id })
    .from(lockerRental)
    .where(inArray(lockerRental.lockerId, [...lockerIds]))
    .limit(1);
  return row !== undefined;
};

/** Locks the lockers for the rest of the transaction (ids in ascending order, so two writers never cross). */
const lockLockerRows = (tx: Executor, where: SQL) =>
  tx.select().from(locker).where(where).orderBy(asc(locker.id)).for('update');

/**
 * Removes a room with its banks and lockers, when none of its lockers was ever rented: a rental, active or ended,
 * keeps the room (409 `roomInUse`), as money and history point at its lockers.
 */
export const deleteRoom = async (tx: Executor, actor: Actor, gymId: number, id: number) => {
  await lockLayout(tx, gymId);
  const room = await roomOf(tx, gymId, id);
  const lockers = await lockLockerRows(
    tx,
    sql`${locker.bankId} in (select b.id from ${lockerBank} b where b.room_id = ${id})`,
  );
  if (
    await everRented(
      tx,
      lockers.map((l) => l.id),
    )
  )
    throw refused('roomInUse');
  await tx.delete(lockerRoom).where(eq(lockerRoom.id, id));
  await audit(tx, actor, {
    gymId,
    action: 'locker-room.delete',
    entity: 'locker-room',
    entityId: id,
    before: { name: room.name, lockers: lockers.length },
  });
};

// ---------------------------------------------------------------------------------------------------------
// Banks and their lockers

/** A bank to write: the body of `POST /web/locker/bank` without the facility (a seed passes the same). */
export type BankInput = Omit<z.output<typeof lockerBankWriteSchema>, 'skipNumbers' | 'size'> &
  Partial<Pick<z.output<typeof lockerBankWriteSchema>, 'skipNumbers' | 'size'>>;

const bankOf = async (db: Executor, gymId: number, id: number): Promise<LockerBankRow> => {
  const [row] = await db
    .select()
    .from(lockerBank)
    .where(and(eq(lockerBank.id, id), eq(lockerBank.gymId, gymId)));
  if (!row) throw notFound();
  return row;
};

type FullBank = Required<Omit<BankInput, 'sortOrder'>> & { sortOrder?: number | undefined };
const withDefaults = (input: BankInput): FullBank => ({
  ...input,
  skipNumbers: input.skipNumbers ?? [],
  size: input.size ?? 'SMALL',
});

const layoutOf = (input: Pick<FullBank, 'rows' | 'cols' | 'startNumber' | 'skipNumbers'>): BankLayout => ({
  rows: input.rows,
  cols: input.cols,
  startNumber: input.startNumber,
  skipNumbers: input.skipNumbers,
});

/** The lockers a bank's shape and numbering give, labelled; 400 when more than MAX_BANK_LOCKERS. */
const plannedLockers = (
  input: Pick<FullBank, 'rows' | 'cols' | 'startNumber' | 'skipNumbers' | 'prefix'>,
) => {
  if (input.rows * input.cols > MAX_BANK_LOCKERS) throw badField('rows', 'bankTooLarge');
  return bankPositions(layoutOf(input)).map((p) => ({ ...p, label: lockerLabel(input.prefix, p.number) }));
};

/** Inserts a bank's lockers; a label another locker of the facility has is 409 `lockerLabelTaken`. */
const buildLockers = async (
  tx: Executor,
  actor: Actor,
  bank: LockerBankRow,
  planned: ReturnType<typeof plannedLockers>,
) => {
  const labels = planned.map((p) => p.label);
  const [clash] = await tx
    .select({ label: locker.label })
    .from(locker)
    .where(and(eq(locker.gymId, bank.gymId), inArray(locker.label, labels), ne(locker.bankId, bank.id)))
    .orderBy(asc(locker.label))
    .limit(1);
  if (clash) throw refused('lockerLabelTaken', { label: clash.label });
  await tx.insert(locker).values(
    planned.map((p) => ({
      gymId: bank.gymId,
      bankId: bank.id,
      row: p.row,
      col: p.col,
      number: p.number,
      label: p.label,
      size: bank.size,
      createDate: actor.now,
    })),
  );
};

const bankSnapshot = (b: Pick<LockerBankRow, keyof BankInput>) => ({
  roomId: b.roomId,
  name: b.name,
  rows: b.rows,
  cols: b.cols,
  startNumber: b.startNumber,
  prefix: b.prefix,
  skipNumbers: b.skipNumbers,
  size: b.size,
  sortOrder: b.sortOrder,
});

/**
 * Creates a bank and its lockers, numbered row by row from `startNumber` past the skipped numbers, each labelled
 * `lockerLabel(prefix, number)` with the bank's size (docs/rules.md#lockers).
 */
export const createBank = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  bankInput: BankInput,
): Promise<LockerBankRow> => {
  const input = withDefaults(bankInput);
  const planned = plannedLockers(input);
  await lockLayout(tx, gymId);
  await roomOf(tx, gymId, input.roomId);
  const [bank] = await tx
    .insert(lockerBank)
    .values({ gymId, ...bankSnapshot({ ...input, sortOrder: input.sortOrder ?? 0 }), createDate: actor.now })
    .returning();
  await buildLockers(tx, actor, bank!, planned);
  await audit(tx, actor, {
    gymId,
    action: 'locker-bank.create',
    entity: 'locker-bank',
    entityId: bank!.id,
    after: { ...bankSnapshot(bank!), lockers: planned.length },
  });
  return bank!;
};

/**
 * Updates a bank. Its name, order, room and default size always change; a new shape or numbering (rows, columns,
 * or any label) rebuilds its lockers, refused with 409 `bankInUse` once any of them was ever rented.
 */
export const updateBank = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  id: number,
  bankInput: BankInput,
): Promise<LockerBankRow> => {
  const input = withDefaults(bankInput);
  const planned = plannedLockers(input);
  await lockLayout(tx, gymId);
  const before = await bankOf(tx, gymId, id);
  if (input.roomId !== before.roomId) await roomOf(tx, gymId, input.roomId);
  const current = await lockLockerRows(tx, eq(locker.bankId, id));
  const key = (l: { row: number; col: number; number: number; label: string }) =>
    `${l.row}:${l.col}:${l.number}:${l.label}`;
  const reshaped =
    current.length !== planned.length ||
    current.map(key).sort().join('|') !== planned.map(key).sort().join('|');
  if (
    reshaped &&
    (await everRented(
      tx,
      current.map((l) => l.id),
    ))
  )
    throw refused('bankInUse');
  const [bank] = await tx
    .update(lockerBank)
    .set(bankSnapshot({ ...input, sortOrder: input.sortOrder ?? before.sortOrder }))
    .where(eq(lockerBank.id, id))
    .returning();
  if (reshaped) {
    await tx.delete(locker).where(eq(locker.bankId, id));
    await buildLockers(tx, actor, bank!, planned);
  }
  await audit(tx, actor, {
    gymId,
    action: 'locker-bank.update',
    entity: 'locker-bank',
    entityId: id,
    before: bankSnapshot(before),
    after: { ...bankSnapshot(bank!), rebuilt: reshaped },
  });
  return bank!;
};

/** Removes a bank and its lockers, unless any of them was ever rented (409 `bankInUse`). */
export const deleteBank = async (tx: Executor, actor: Actor, gymId: number, id: number) => {
  await lockLayout(tx, gymId);
  const bank = await bankOf(tx, gymId, id);
  const lockers = await lockLockerRows(tx, eq(locker.bankId, id));
  if (
    await everRented(
      tx,
      lockers.map((l) => l.id),
    )
  )
    throw refused('bankInUse');
  await tx.delete(lockerBank).where(eq(lockerBank.id, id));
  await audit(tx, actor, {
    gymId,
    action: 'locker-bank.delete',
    entity: 'locker-bank',
    entityId: id,
    before: { ...bankSnapshot(bank), lockers: lockers.length },
  });
};

// ---------------------------------------------------------------------------------------------------------
// The map

const tileColumns = {
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
};

/** Lockers left-joined to their ACTIVE rental (the partial unique index finds it) and its renter. */
const tileQuery = (db: Executor, where: SQL) =>
  db
    .select(tileColumns)
    .from(locker)
    .leftJoin(lockerRental, and(eq(lockerRental.lockerId, locker.id), eq(lockerRental.status, 'ACTIVE')))
    .leftJoin(member, eq(member.id, lockerRental.memberId))
    .where(where);

type TileRow = Awaited<ReturnType<typeof tileQuery>>[number];

const toTile = (row: TileRow, today: string): LockerTile => ({
  id: row.id,
  bankId: row.bankId,
  row: row.row,
  col: row.col,
  number: row.number,
  label: row.label,
  size: row.size,
  broken: row.broken,
  brokenNote: row.brokenNote,
  state: lockerState({ broken: row.broken, rentalEndDate: row.endDate }, today),
  rentalId: row.rentalId,
  maskedName: row.memberName === null ? null : maskName(row.memberName),
  memberId: row.memberId,
  endDate: row.endDate,
});

const roomRecord = (r: LockerRoomRow) => ({ id: r.id, gymId: r.gymId, name: r.name, sortOrder: r.sortOrder });
const bankRecord = (b: LockerBankRow) => ({ id: b.id, gymId: b.gymId, ...bankSnapshot(b) });

export { bankRecord, roomRecord };

type ActiveRental = { id: number; lockerId: number; memberId: number; endDate: string; name: string };

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
      .select({
        rooms: sql<
          LockerMap['rooms']
        >`coalesce((select json_agg(json_build_object('id', r.id, 'gymId', r.gym_id, 'name', r.name, 'sortOrder', r.sort_order) order by r.sort_order, r.id) from ${lockerRoom} r where r.gym_id = ${gymId}), '[]'::json)`,
        banks: sql<
          LockerMap['banks']
        >`coalesce((select json_agg(json_build_object('id', b.id, 'gymId', b.gym_id, 'roomId', b.room_id, 'name', b.name, 'rows', b.rows, 'cols', b.cols, 'startNumber', b.start_number, 'prefix', b.prefix, 'skipNumbers', b.skip_numbers, 'size', b.size, 'sortOrder', b.sort_order) order by b.sort_order, b.id) from ${lockerBank} b where b.gym_id = ${gymId}), '[]'::json)`,
        rentals: sql<
          ActiveRental[]
        >`coalesce((select json_agg(json_build_object('id', r.id, 'lockerId', r.locker_id, 'memberId', r.member_id, 'endDate', r.end_date, 'name', m.name)) from ${lockerRental} r join ${member} m on m.id = r.member_id where r.gym_id = ${gymId} and r.status = 'ACTIVE'), '[]'::json)`,
      })
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
  const counts = Object.fromEntries(lockerStates.map((s) => [s, 0])) as Record<LockerState, number>;
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

type LockerInput = z.output<typeof lockerUpdateSchema>;

/**
 * A locker's size and whether it is out of order. A rented locker may be marked broken: the rental goes on (the
 * map shows BROKEN, the rental lists still show it), and nobody new can rent it. Repairing clears the note.
 */
export const updateLocker = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  id: number,
  input: LockerInput,
): Promise<LockerRow> => {
  const [before] = await tx
    .select()
    .from(locker)
    .where(and(eq(locker.id, id), eq(locker.gymId, gymId)))
    .for('update');
  if (!before) throw notFound();
  const broken = input.broken ?? before.broken;
  const brokenNote = !broken ? null : input.brokenNote !== undefined ? input.brokenNote : before.brokenNote;
  const [row] = await tx
    .update(locker)
    .set({ size: input.size ?? before.size, broken, brokenNote })
    .where(eq(locker.id, id))
    .returning();
  await audit(tx, actor, {
    gymId,
    action: 'locker.update',
    entity: 'locker',
    entityId: id,
    before: { label: before.label, size: before.size, broken: before.broken, brokenNote: before.brokenNote },
    after: { label: row!.label, size: row!.size, broken: row!.broken, brokenNote: row!.brokenNote },
  });
  return row!;
};

// ---------------------------------------------------------------------------------------------------------
// Rentals

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
  const parts = input.payments.map((p) => ({ method: p.method as PaymentMethod, amount: p.amount }));
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
  // The customer's row next: two rentals for one customer at once are counted one after the other.
  await tx
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.id, input.memberId), eq(member.ownerGymId, input.gymId)))
    .for('update');
  const customer = await liveCustomer(tx, input.gymId, input.memberId);
  const { maxLockersPerCustomer } = await lockerSettingsOf(tx, input.gymId);
  const [held] = await tx
    .select({ n: count() })
    .from(lockerRental)
    .where(and(eq(lockerRental.memberId, customer.id), eq(lockerRental.status, 'ACTIVE')));
  if ((held?.n ?? 0) >= maxLockersPerCustomer)
    throw refused('lockerPerCustomerLimit', { max: maxLockersPerCustomer });
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
  await audit(tx, actor, {
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

const assertActive = (rental: LockerRentalRow) => {
  if (rental.status !== 'ACTIVE') throw refused('rentalNotActive');
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
  await audit(tx, actor, {
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
  await audit(tx, actor, {
    gymId,
    action: 'locker.move',
    entity: 'locker-rental',
    entityId: next!.id,
    before: { rentalId: rental.id, lockerId: from.id, label: from.label },
    after: { rentalId: next!.id, lockerId: target.id, label: target.label },
  });
  return next!.id;
};

/** The sale that holds a rental chain's deposit: the first rental's (renewals sell the fee alone). */
const depositSaleOf = async (tx: Executor, rental: LockerRentalRow): Promise<number | null> => {
  const [row] = await tx
    .select({
      saleId: sql<number | null>`(
        with recursive chain(id, previous_rental_id, sale_id) as (
          select r.id, r.previous_rental_id, r.sale_id from ${lockerRental} r where r.id = ${rental.id}
          union all
          select r.id, r.previous_rental_id, r.sale_id from ${lockerRental} r join chain c on r.id = c.previous_rental_id
        )
        select sale_id from chain where previous_rental_id is null limit 1)`,
    })
    .from(lockerRental)
    .where(eq(lockerRental.id, rental.id));
  return row?.saleId ?? rental.saleId;
};

/**
 * The money of the sale that holds a rental chain's deposit (docs/rules.md#lockers): its price, what came in on it
 * (APPROVE lines), its adjustments, what it still owes, what of the deposit was paid (`depositPaid`: the fee is
 * paid first) and the method of its latest payment, which a deposit refund goes back by. One statement.
 */
// In a statement over the sale table alone Drizzle writes a bare "id", which a subquery would read as its own.
const depositSaleColumn = sql.raw('"sale"."id"');

export const depositMoneyOf = async (tx: Executor, rental: LockerRentalRow) => {
  const saleId = await depositSaleOf(tx, rental);
  if (saleId === null) return null;
  const [row] = await tx
    .select({
      price: sale.price,
      paid: sql<number>`coalesce((select sum(p.amount) from ${paymentLine} p where p.sale_id = ${depositSaleColumn} and p.status = 'APPROVE'), 0)::int`,
      adjusted: sql<number>`coalesce((select sum(a.amount) from ${saleAdjustment} a where a.sale_id = ${depositSaleColumn}), 0)::int`,
      method: sql<PaymentMethod | null>`(select p.method from ${paymentLine} p where p.sale_id = ${depositSaleColumn} and p.status = 'APPROVE' and p.amount > 0 order by p.create_date desc, p.id desc limit 1)`,
    })
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

export type EndInput = {
  keyReturned: boolean;
  depositRefunded: number;
  depositKeptReason?: string | null | undefined;
  refundMethod?: PaymentMethod | undefined;
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
  const method = (input.refundMethod ?? fresh?.method ?? 'CASH') as PaymentMethod;
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
  await tx
    .update(lockerRental)
    .set({
      status: 'ENDED',
      endKind: 'RETURNED',
      endedAt: actor.now,
      endedByMemberId: actor.memberId,
      keyReturned: input.keyReturned,
      depositRefunded: input.depositRefunded,
      depositKeptReason: reason,
    })
    .where(eq(lockerRental.id, id));
  await audit(tx, actor, {
    gymId,
    action: 'locker.end',
    entity: 'locker-rental',
    entityId: id,
    before: {
      status: rental.status,
      label,
      endDate: rental.endDate,
      deposit: rental.deposit,
      depositPaid: fresh?.depositPaid ?? 0,
    },
    after: {
      status: 'ENDED',
      endKind: 'RETURNED',
      keyReturned: input.keyReturned,
      depositRefunded: input.depositRefunded,
      depositKept: kept,
      depositKeptReason: reason,
      depositReleased: released,
      refundMethod: input.depositRefunded > 0 ? method : null,
    },
  });
  await customerChanged(tx, rental.memberId, today);
  return id;
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
  // The sale's price minus its adjustments and its payments (refund lines are money back, not payments), never
  // below 0 (`saleOwed`): an unpaid deposit dropped at the return is not owed.
  unpaidAmount:
    sql<number>`coalesce((select greatest(s.price - coalesce((select sum(a.amount) from ${saleAdjustment} a where a.sale_id = s.id), 0) - coalesce((select sum(p.amount) from ${paymentLine} p where p.sale_id = s.id and p.status = 'APPROVE'), 0), 0) from ${sale} s where s.id = ${lockerRental}.sale_id), 0)`.mapWith(
      Number,
    ),
};

const rentalQuery = (db: Executor) =>
  db
    .select(rentalColumns)
    .from(lockerRental)
    .innerJoin(locker, eq(locker.id, lockerRental.lockerId))
    .innerJoin(member, eq(member.id, lockerRental.memberId));

type RentalRow = Awaited<ReturnType<ReturnType<typeof rentalQuery>['where']>>[number];

/**
 * A rental as the API shows it. The combination is always masked here (only the rent answer shows it); lists
 * mask the name and the phone too. `state` is the rental's own timing: IN_USE, EXPIRING or EXPIRED while ACTIVE
 * (a broken locker does not hide an expiry), FREE once it ended.
 */
const toRental = (row: RentalRow, today: string, options: { mask: boolean }): LockerRental => ({
  id: row.id,
  gymId: row.gymId,
  lockerId: row.lockerId,
  lockerLabel: row.lockerLabel,
  memberId: row.memberId,
  memberName: options.mask ? maskName(row.memberName) : row.memberName,
  phone: options.mask ? maskPhone(row.phone) : formatPhone(row.phone),
  startDate: row.startDate,
  endDate: row.endDate,
  fee: row.fee,
  deposit: row.deposit,
  keyNumber: row.keyNumber,
  combination: row.combination === null ? null : MASKED_COMBINATION,
  saleId: row.saleId,
  unpaidAmount: row.unpaidAmount,
  status: row.status,
  endKind: row.endKind,
  endedAt: row.endedAt?.toISOString() ?? null,
  keyReturned: row.keyReturned,
  depositRefunded: row.depositRefunded,
  depositKeptReason: row.depositKeptReason,
  depositPaid: null,
  depositRefundMethod: null,
  state: lockerState({ broken: false, rentalEndDate: row.status === 'ACTIVE' ? row.endDate : null }, today),
  createDate: row.createDate.toISOString(),
});

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
          .select({ ...rentalColumns, total: cappedTotal(lockerRental, where) })
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
