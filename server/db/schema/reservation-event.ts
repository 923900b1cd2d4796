import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { ReservationStatus } from '#domain/rules/schedule.ts';
import { created } from './columns.ts';
import { member } from './member.ts';
import { reservation } from './reservation.ts';

/**
 * A reservation's history (docs/rules.md#schedule): who did what and when (BOOK, WAITLIST, PROMOTE, CANCEL,
 * LATE_CANCEL, ATTEND, NOSHOW, DELAY, LESSON_CANCEL). Never updated or deleted.
 */
export const reservationEvent = pgTable(
  'reservation_event',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer().notNull(),
    reservationId: integer()
      .notNull()
      .references(() => reservation.id, { onDelete: 'cascade' }),
    action: text().notNull(),
    fromStatus: text().$type<ReservationStatus>(),
    toStatus: text().$type<ReservationStatus>().notNull(),
    note: text(),
    actorMemberId: integer().references(() => member.id, { onDelete: 'set null' }),
    createDate: created(),
  },
  (t) => [index('reservation_event_reservation_idx').on(t.reservationId, t.id)],
);

export type ReservationEventRow = typeof reservationEvent.$inferSelect;
