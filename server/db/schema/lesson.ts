import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { LessonType } from '#domain/rules/schedule.ts';
import { created } from './columns.ts';
import { gym } from './gym.ts';
import { lessonSeries } from './lesson-series.ts';
import { member } from './member.ts';

/**
 * One lesson occurrence (docs/rules.md#schedule): a group class or a 1:1 PT slot, with its trainer (a staff
 * member), room, capacity, the pass products it accepts (empty: any pass with sessions) and an optional booking
 * window that overrides the facility's. A cancelled lesson stays, with its reason.
 */
export const lesson = pgTable(
  'lesson',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer()
      .notNull()
      .references(() => gym.id, { onDelete: 'cascade' }),
    seriesId: integer().references(() => lessonSeries.id, { onDelete: 'set null' }),
    title: text().notNull(),
    lessonType: text().$type<LessonType>().notNull(),
    trainerMemberId: integer().references(() => member.id, { onDelete: 'set null' }),
    room: text(),
    startAt: timestamp({ withTimezone: true }).notNull(),
    endAt: timestamp({ withTimezone: true }).notNull(),
    capacity: integer().notNull(),
    ticketIds: jsonb().$type<number[]>().notNull().default([]),
    openDaysAhead: integer(),
    closeMinutesBefore: integer(),
    status: text().$type<'OPEN' | 'CANCEL'>().notNull().default('OPEN'),
    cancelReason: text(),
    createdByMemberId: integer().references(() => member.id, { onDelete: 'set null' }),
    createDate: created(),
    modifiedDate: created(),
  },
  (t) => [
    index('lesson_gym_start_idx').on(t.gymId, t.startAt),
    index('lesson_trainer_start_idx').on(t.trainerMemberId, t.startAt),
    index('lesson_series_idx').on(t.seriesId, t.startAt),
    check('lesson_type_check', sql`${t.lessonType} in ('GROUP', 'PT')`),
    check('lesson_status_check', sql`${t.status} in ('OPEN', 'CANCEL')`),
    check('lesson_capacity_check', sql`${t.capacity} between 1 and 500`),
    check('lesson_time_check', sql`${t.endAt} > ${t.startAt}`),
  ],
);

export type LessonRow = typeof lesson.$inferSelect;
