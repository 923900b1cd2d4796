import { date, index, integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { created } from './columns.ts';
import { gym } from './gym.ts';

/**
 * A Seoul day whose money the reports have summed into `payment_day` and `sale_day` (docs/rules.md#reports). Money
 * rows are never updated or deleted and carry the time they were written, so a day that is over keeps its sums; a
 * report sums a day once, on first read, and reads the sums from then on. The unique index makes two readers of a
 * new day sum it once.
 */
export const reportDay = pgTable(
  'report_day',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer()
      .notNull()
      .references(() => gym.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    createDate: created(),
  },
  (t) => [uniqueIndex('report_day_gym_day_idx').on(t.gymId, t.day), index('report_day_day_idx').on(t.day)],
);

export type ReportDayRow = typeof reportDay.$inferSelect;
