import { boolean, integer, pgTable } from 'drizzle-orm/pg-core';
import { created } from './columns.ts';
import { gym } from './gym.ts';

/**
 * A facility's check-in and locker rules (docs/rules.md#check-in, docs/rules.md#lockers): whether an unpaid
 * balance blocks entry, how many lockers one customer may rent at once, and the reminder days before a rental
 * ends. A facility without a row uses the defaults.
 */
export const entrySetting = pgTable('entry_setting', {
  gymId: integer()
    .primaryKey()
    .references(() => gym.id, { onDelete: 'cascade' }),
  blockUnpaid: boolean().notNull().default(false),
  maxLockersPerCustomer: integer().notNull().default(1),
  lockerReminderDays: integer().array().notNull().default([7, 1]),
  modifiedDate: created(),
});

export type EntrySettingRow = typeof entrySetting.$inferSelect;
