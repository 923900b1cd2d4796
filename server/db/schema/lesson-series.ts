import { date, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { created } from './columns.ts';
import { gym } from './gym.ts';

/**
 * A weekly recurrence (docs/rules.md#schedule): the days and times its lessons were written from. Each occurrence
 * is its own `lesson` row, so one can be moved or cancelled alone; "this and following" and "all" find their
 * siblings by `seriesId`.
 */
export const lessonSeries = pgTable(
  'lesson_series',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer()
      .notNull()
      .references(() => gym.id, { onDelete: 'cascade' }),
    weekdays: jsonb().$type<number[]>().notNull(),
    startDate: date({ mode: 'string' }).notNull(),
    untilDate: date({ mode: 'string' }).notNull(),
    startTime: text().notNull(),
    endTime: text().notNull(),
    createDate: created(),
  },
  (t) => [index('lesson_series_gym_idx').on(t.gymId)],
);

export type LessonSeriesRow = typeof lessonSeries.$inferSelect;
