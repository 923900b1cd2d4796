import { and, asc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { type BankLayout, bankPositions, lockerLabel, MAX_BANK_LOCKERS } from '#domain/rules/locker.ts';
import type {
  lockerBankWriteSchema,
  lockerRoomWriteSchema,
  lockerUpdateSchema,
} from '#domain/schemas/locker.ts';
import type { Executor } from '../../db/client.ts';
import {
  type LockerBankRow,
  type LockerRoomRow,
  type LockerRow,
  locker,
  lockerBank,
  lockerRoom,
} from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import type { Actor } from '../../kernel/actor.ts';
import { audited } from '../../kernel/audit.ts';
import { bankSnapshot } from './locker.mappers.ts';
import { everRented } from './locker.queries.ts';
import { badField, refused } from './locker.refusals.ts';
import { inRoom, layoutLock } from './locker.sql.ts';

// The lockers' layout, written (docs/rules.md#lockers): rooms, banks and their lockers, and a locker's size or
// repair. Every write takes the transaction it is given and leaves its audit row in it; the numbering is the pure
// functions of domain/rules/locker.ts that the pages share. The rentals' writes are in rental.commands.ts.

/** Layout changes of one facility run one at a time, so two banks cannot take the same label at once. */
const lockLayout = (tx: Executor, gymId: number) => tx.execute(layoutLock(gymId));

/** Locks the lockers for the rest of the transaction (ids in ascending order, so two writers never cross). */
export const lockLockerRows = (tx: Executor, where: SQL) =>
  tx.select().from(locker).where(where).orderBy(asc(locker.id)).for('update');

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
  await audited(tx, actor, {
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
  await audited(tx, actor, {
    gymId,
    action: 'locker-room.update',
    entity: 'locker-room',
    entityId: id,
    before: { name: before.name, sortOrder: before.sortOrder },
    after: { name: row!.name, sortOrder: row!.sortOrder },
  });
  return row!;
};

/**
 * Removes a room with its banks and lockers, when none of its lockers was ever rented: a rental, active or ended,
 * keeps the room (409 `roomInUse`), as money and history point at its lockers.
 */
export const deleteRoom = async (tx: Executor, actor: Actor, gymId: number, id: number) => {
  await lockLayout(tx, gymId);
  const room = await roomOf(tx, gymId, id);
  const lockers = await lockLockerRows(tx, inRoom(id));
  if (
    await everRented(
      tx,
      lockers.map((l) => l.id),
    )
  )
    throw refused('roomInUse');
  await tx.delete(lockerRoom).where(eq(lockerRoom.id, id));
  await audited(tx, actor, {
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
  await audited(tx, actor, {
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
  await audited(tx, actor, {
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
  await audited(tx, actor, {
    gymId,
    action: 'locker-bank.delete',
    entity: 'locker-bank',
    entityId: id,
    before: { ...bankSnapshot(bank), lockers: lockers.length },
  });
};

// ---------------------------------------------------------------------------------------------------------
// Lockers

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
  await audited(tx, actor, {
    gymId,
    action: 'locker.update',
    entity: 'locker',
    entityId: id,
    before: { label: before.label, size: before.size, broken: before.broken, brokenNote: before.brokenNote },
    after: { label: row!.label, size: row!.size, broken: row!.broken, brokenNote: row!.brokenNote },
  });
  return row!;
};
