import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LockerSize } from '#domain/rules/locker.ts';
import { created } from './columns.ts';
import { gym } from './gym.ts';
import { lockerBank } from './locker-bank.ts';

/** One locker (docs/rules.md#lockers): its place in a bank, its number and label, its size, and whether it is broken. */
export const locker = pgTable(
  'locker',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer()
      .notNull()
      .references(() => gym.id, { onDelete: 'cascade' }),
    bankId: integer()
      .notNull()
      .references(() => lockerBank.id, { onDelete: 'cascade' }),
    row: integer().notNull(),
    col: integer().notNull(),
    number: integer().notNull(),
    label: text().notNull(),
    size: text().$type<LockerSize>().notNull().default('SMALL'),
    broken: boolean().notNull().default(false),
    brokenNote: text(),
    createDate: created(),
  },
  (t) => [
    uniqueIndex('locker_bank_number_idx').on(t.bankId, t.number),
    uniqueIndex('locker_bank_position_idx').on(t.bankId, t.row, t.col),
    index('locker_gym_idx').on(t.gymId, t.label),
    check('locker_size_check', sql`${t.size} in ('SMALL', 'LARGE')`),
  ],
);

export type LockerRow = typeof locker.$inferSelect;
