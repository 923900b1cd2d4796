import { sql } from 'drizzle-orm';
import { addDays, daysBetween, seoulToday } from '#domain/rules/seoul-time.ts';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../ops/tables.ts';
import {
  claimDaysSql,
  type Day,
  dayEnd,
  dayStart,
  summedDaysSql,
  sumPaymentDaysSql,
  sumSaleDaysSql,
} from './report.sql.ts';

// The summed days of the reports (docs/rules.md#reports): a day that is over is summed once, on its first read,
// into `payment_day` and `sale_day` (marked in `report_day`); the reads take its sums from then on.

/**
 * How long after a Seoul midnight the day before may be summed: a payment taken at 23:59:59 is written with that
 * time but may commit a moment later, so a day is summed only once it has been over for an hour.
 */
const SETTLE_MS = 60 * 60_000;

/**
 * Makes sure the facility's days of [from, to] that are over have their sums (docs/rules.md#reports), and returns
 * the last day the sums cover (the day before `from` when none can). A day is claimed in `report_day` and summed
 * in the same transaction: of two first readers, the second waits on the claim and then reads the first's sums.
 * Money rows are never updated or deleted and carry the time they were written, so a day's sums never change.
 */
export const ensureSummed = async (
  db: Executor,
  gymId: number,
  from: Day,
  to: Day,
  now: Date,
): Promise<Day> => {
  const settled = addDays(seoulToday(new Date(now.getTime() - SETTLE_MS)), -1);
  const last = to < settled ? to : settled;
  if (last < from) return addDays(from, -1);
  const [have] = await queryRows<{ n: number | string }>(db, summedDaysSql(gymId, from, last));
  if (Number(have?.n ?? 0) === daysBetween(from, last) + 1) return last;
  await db.transaction(async (tx) => {
    const claimed = (await queryRows<{ day: Day }>(tx, claimDaysSql(gymId, from, last))).map((r) => r.day);
    if (claimed.length === 0) return;
    claimed.sort();
    const start = dayStart(claimed[0]!);
    const end = dayEnd(claimed[claimed.length - 1]!);
    const days = sql.join(
      claimed.map((d) => sql`${d}::date`),
      sql`, `,
    );
    await tx.execute(sumPaymentDaysSql(gymId, start, end, days));
    await tx.execute(sumSaleDaysSql(gymId, start, end, days));
  });
  return last;
};
