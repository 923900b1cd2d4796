import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AttendanceMark, ReservationStatus } from '#domain/rules/schedule.ts';
import { created } from './columns.ts';
import { gym } from './gym.ts';
import { lesson } from './lesson.ts';
import { member } from './member.ts';
import { ticketIssue } from './ticket-issue.ts';
import { ticketUsage } from './ticket-usage.ts';

/**
 * A customer's place on a lesson (docs/rules.md#schedule): COMPLETE holds a place and one of the pass's sessions,
 * WAITING is in line (arrival order is the id), DELAY is a booking whose lesson moved, CANCEL is gone. Attendance
 * and a charged no-show or late cancel point at the usage-ledger row they wrote. One live reservation per customer
 * and lesson.
 */
export const reservation = pgTable(
  'reservation',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer()
      .notNull()
      .references(() => gym.id, { onDelete: 'cascade' }),
    lessonId: integer()
      .notNull()
      .references(() => lesson.id, { onDelete: 'cascade' }),
    memberId: integer()
      .notNull()
      .references(() => member.id, { onDelete: 'restrict' }),
    ticketIssueId: integer()
      .notNull()
      .references(() => ticketIssue.id, { onDelete: 'restrict' }),
    status: text().$type<ReservationStatus>().notNull(),
    attendance: text().$type<AttendanceMark>(),
    late: boolean().notNull().default(false),
    usageId: integer().references(() => ticketUsage.id, { onDelete: 'restrict' }),
    source: text().$type<'STAFF' | 'SELF'>().notNull().default('STAFF'),
    createdByMemberId: integer().references(() => member.id, { onDelete: 'set null' }),
    createDate: created(),
    modifiedDate: created(),
  },
  (t) => [
    index('reservation_lesson_idx').on(t.lessonId, t.status, t.id),
    index('reservation_member_idx').on(t.memberId, t.status),
    index('reservation_issue_idx').on(t.ticketIssueId, t.status),
    index('reservation_gym_idx').on(t.gymId, t.id),
    uniqueIndex('reservation_live_idx')
      .on(t.lessonId, t.memberId)
      .where(sql`${t.status} in ('COMPLETE', 'DELAY', 'WAITING', 'WAIT')`),
    check('reservation_status_check', sql`${t.status} in ('COMPLETE', 'CANCEL', 'DELAY', 'WAIT', 'WAITING')`),
    check(
      'reservation_attendance_check',
      sql`${t.attendance} is null or ${t.attendance} in ('ATTENDED', 'NOSHOW')`,
    ),
    check('reservation_source_check', sql`${t.source} in ('STAFF', 'SELF')`),
    // A cancelled booking was not attended (docs/rules.md#trainer-pay): cancelling a lesson clears its marks.
    check('reservation_cancel_attendance_check', sql`${t.status} <> 'CANCEL' or ${t.attendance} is null`),
  ],
);

export type ReservationRow = typeof reservation.$inferSelect;
