import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { RentalEndKind, RentalStatus } from '#domain/rules/locker.ts';
import { created } from './columns.ts';
import { gym } from './gym.ts';
import { locker } from './locker.ts';
import { member } from './member.ts';

/**
 * A locker rental (docs/rules.md#lockers): a customer holds a locker from a start to an end date, for a fee and a
 * deposit, sold as a sale (`saleId`, item LOCKER). One ACTIVE rental per locker (a partial unique index: two
 * rentals of one locker at once end with exactly one). An ACTIVE rental past its end stays ACTIVE (expired, not
 * returned) until staff end it; a renewal or a move ends the row (RENEWED, MOVED) and starts the next one.
 */
export const lockerRental = pgTable(
  'locker_rental',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer()
      .notNull()
      .references(() => gym.id, { onDelete: 'cascade' }),
    lockerId: integer()
      .notNull()
      .references(() => locker.id, { onDelete: 'restrict' }),
    memberId: integer()
      .notNull()
      .references(() => member.id, { onDelete: 'restrict' }),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    fee: integer().notNull(),
    deposit: integer().notNull().default(0),
    keyNumber: text(),
    combination: text(),
    saleId: integer(),
    status: text().$type<RentalStatus>().notNull().default('ACTIVE'),
    endKind: text().$type<RentalEndKind>(),
    endedAt: timestamp({ withTimezone: true }),
    keyReturned: boolean(),
    depositRefunded: integer(),
    depositKeptReason: text(),
    previousRentalId: integer(),
    createdByMemberId: integer().references(() => member.id, { onDelete: 'set null' }),
    endedByMemberId: integer().references(() => member.id, { onDelete: 'set null' }),
    createDate: created(),
  },
  (t) => [
    uniqueIndex('locker_rental_active_idx').on(t.lockerId).where(sql`${t.status} = 'ACTIVE'`),
    index('locker_rental_member_idx').on(t.memberId, t.status),
    index('locker_rental_gym_end_idx').on(t.gymId, t.status, t.endDate),
    index('locker_rental_locker_idx').on(t.lockerId, t.id),
    check('locker_rental_status_check', sql`${t.status} in ('ACTIVE', 'ENDED')`),
    check('locker_rental_end_kind_check', sql`(${t.status} = 'ENDED') = (${t.endKind} is not null)`),
    check('locker_rental_dates_check', sql`${t.endDate} >= ${t.startDate}`),
    check('locker_rental_money_check', sql`${t.fee} >= 0 and ${t.deposit} >= 0`),
  ],
);

export type LockerRentalRow = typeof lockerRental.$inferSelect;
