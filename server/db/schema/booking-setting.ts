import { boolean, integer, pgTable } from 'drizzle-orm/pg-core';
import { defaultBookingSettings as d } from '#domain/rules/schedule.ts';
import { created } from './columns.ts';
import { gym } from './gym.ts';

/**
 * A facility's booking rules (docs/rules.md#schedule): the window, the free-cancel time, what a no-show or a late
 * cancel costs, the waitlist's close and the most bookings one customer may hold. A facility without a row uses
 * the defaults.
 */
export const bookingSetting = pgTable('booking_setting', {
  gymId: integer()
    .primaryKey()
    .references(() => gym.id, { onDelete: 'cascade' }),
  openDaysAhead: integer().notNull().default(d.openDaysAhead),
  closeMinutesBefore: integer().notNull().default(d.closeMinutesBefore),
  freeCancelHours: integer().notNull().default(d.freeCancelHours),
  noShowUsesSession: boolean().notNull().default(d.noShowUsesSession),
  lateCancelUsesSession: boolean().notNull().default(d.lateCancelUsesSession),
  waitlistCloseMinutesBefore: integer().notNull().default(d.waitlistCloseMinutesBefore),
  maxActiveBookings: integer().notNull().default(d.maxActiveBookings),
  modifiedDate: created(),
});

export type BookingSettingRow = typeof bookingSetting.$inferSelect;
