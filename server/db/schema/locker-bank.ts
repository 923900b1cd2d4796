import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { LockerSize } from '#domain/rules/locker.ts';
import { created } from './columns.ts';
import { gym } from './gym.ts';
import { lockerRoom } from './locker-room.ts';

/**
 * A bank of lockers in a room (docs/rules.md#lockers): rows × columns, numbered row by row from `startNumber`,
 * passing over `skipNumbers`, each label the prefix and the number. Its lockers are rows of `locker`.
 */
export const lockerBank = pgTable(
  'locker_bank',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer()
      .notNull()
      .references(() => gym.id, { onDelete: 'cascade' }),
    roomId: integer()
      .notNull()
      .references(() => lockerRoom.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    rows: integer().notNull(),
    cols: integer().notNull(),
    startNumber: integer().notNull().default(1),
    prefix: text().notNull().default(''),
    skipNumbers: integer().array().notNull().default([]),
    /** The size new lockers of the bank get; each locker can differ. */
    size: text().$type<LockerSize>().notNull().default('SMALL'),
    sortOrder: integer().notNull().default(0),
    createDate: created(),
  },
  (t) => [
    index('locker_bank_room_idx').on(t.roomId, t.sortOrder),
    index('locker_bank_gym_idx').on(t.gymId),
    check('locker_bank_shape_check', sql`${t.rows} between 1 and 40 and ${t.cols} between 1 and 40`),
    check('locker_bank_start_check', sql`${t.startNumber} >= 0`),
    check('locker_bank_size_check', sql`${t.size} in ('SMALL', 'LARGE')`),
  ],
);

export type LockerBankRow = typeof lockerBank.$inferSelect;
