import { type SQL, sql } from 'drizzle-orm';
import { safeSum } from '#domain/rules/money.ts';
import { type Recognition, revenueBasisOf } from '#domain/rules/revenue.ts';
import { dayNumber, recognizerOf } from '#domain/rules/revenue-fast.ts';
import { addDays, seoulToday } from '#domain/rules/seoul-time.ts';
import type {
  MonthRangeQuery,
  PassRevenue,
  RevenueAsOf,
  RevenueAsOfQuery,
  RevenueChart,
} from '#domain/schemas/report.ts';
import type { Db, Executor } from '../../db/client.ts';
import { queryRows } from '../../ops/tables.ts';
import { type PassDay, type PassFacts, type PassHistory, passFactsOf, rowOf } from './report.mappers.ts';
import { monthLastDay, type ReportRange, reportRange } from './report.queries.ts';
import { dateRefused } from './report.refusals.ts';
import {
  type Day,
  dayEnd,
  dayStart,
  type PassRow,
  passCountsSql,
  passesWhere,
  passFactsSql,
  passHoldsSql,
  passLinesSql,
  passPageSql,
  passSumsSql,
  passUsageSql,
  ranItsCourse,
  receivedByDaySql,
  seoulDayBin,
} from './report.sql.ts';
import type { RevenueMemory } from './revenue-memory.ts';

// Earned and deferred revenue (docs/rules.md#revenue-recognition): passes by `recognizerOf` (exactly `recognize` of
// domain/rules/revenue.ts, on day numbers), everything else earned when paid. The chart and the "as of" totals are
// remembered until the facility's passes or money change (revenue-memory.ts).

/** The same test in JS, for a pass's facts. */
const hasRunItsCourse = (p: PassFacts, day: number) =>
  (p.refundedDay !== null && p.refundedDay <= day) ||
  (p.endDay !== null && p.endDay < day && p.periodAmount !== null && p.periodUnit !== null) ||
  (p.periodAmount === null && p.sessionCount === null);

/**
 * Loads the passes of `where` with their history up to `end` in four grouped statements (the passes, their
 * payment lines by day, their usage by day, their holds): no statement per pass. History on or before `upTo`
 * (a day) is summed into that day: a read at month ends from `upTo` on needs no finer days before it. The
 * statements run in turn: they share the caller's transaction, one connection.
 */
export const loadPasses = async (
  db: Executor,
  gymId: number,
  end: string,
  which: SQL | { ids: number[] },
  options: { upTo: Day; names: boolean },
): Promise<PassFacts[]> => {
  // A page's few passes are named by id, so every statement goes by its index on the pass id.
  const list =
    'ids' in which
      ? sql.join(
          which.ids.map((id) => sql`${id}`),
          sql`, `,
        )
      : null;
  const where = 'ids' in which ? sql`i.id in (${list})` : which;
  const chosen = list ?? passesWhere(gymId, end, where);
  const sessionPasses = list ?? sql`${chosen} and i.session_count is not null`;
  const periodPasses = list ?? sql`${chosen} and i.period_amount is not null`;
  const bucket = (column: SQL) =>
    sql`greatest(${seoulDayBin(column)}, ${dayStart(options.upTo)}::timestamptz)`;
  const passes = await queryRows<PassRow>(db, passFactsSql(gymId, end, where, options.names));
  const lines = await queryRows<PassHistory['lines'][number]>(db, passLinesSql(gymId, end, chosen, bucket));
  const usage = await queryRows<PassHistory['usage'][number]>(
    db,
    passUsageSql(gymId, end, sessionPasses, bucket),
  );
  const holds = await queryRows<PassHistory['holds'][number]>(db, passHoldsSql(gymId, periodPasses));
  return passFactsOf(passes, { lines, usage, holds });
};

/**
 * Walks a pass's history through `days` (day numbers, ascending), calling `visit` with what it holds up to each
 * day, recognized (docs/rules.md#revenue-recognition). One walk however many days; the pass's terms are read
 * once; nothing is allocated per day but the recognition.
 */
export const walkPass = (
  p: PassFacts,
  days: readonly number[],
  visit: (k: number, r: Recognition, used: number) => void,
) => {
  let read: ReturnType<typeof recognizerOf> | null = null;
  const state = { paid: 0, refunded: 0, closed: false, usedSessions: 0 };
  let pi = 0;
  let ri = 0;
  let ui = 0;
  for (let k = 0; k < days.length; k += 1) {
    const day = days[k]!;
    for (; pi < p.payments.length && p.payments[pi]![0] <= day; pi += 1) state.paid += p.payments[pi]![1];
    for (; ri < p.refunds.length && p.refunds[ri]![0] <= day; ri += 1) state.refunded += p.refunds[ri]![1];
    for (; ui < p.usage.length && p.usage[ui]![0] <= day; ui += 1) state.usedSessions += p.usage[ui]![1];
    state.closed = p.refundedDay !== null && p.refundedDay <= day;
    const kept = state.paid - state.refunded;
    // Nothing kept, or run its course: all of it earned, nothing deferred (what `recognize` answers too).
    if (kept === 0 || hasRunItsCourse(p, day)) {
      visit(k, { paid: state.paid, earned: kept, deferred: 0, refunded: state.refunded }, state.usedSessions);
      continue;
    }
    read ??= recognizerOf({
      basis: revenueBasisOf(p),
      startDate: p.startDate,
      periodAmount: p.periodAmount,
      periodUnit: p.periodUnit,
      holds: p.holds,
      sessionCount: p.sessionCount,
    });
    visit(k, read(state, day), state.usedSessions);
  }
};

/** A pass on one day. */
export const passOn = (p: PassFacts, day: number): PassDay => {
  let result: PassDay | undefined;
  walkPass(p, [day], (_k, r, used) => {
    result = { ...r, used, closed: p.refundedDay !== null && p.refundedDay <= day };
  });
  return result!;
};

/**
 * `GET /web/report/revenue` (docs/rules.md#revenue-recognition): read at each month's end (today for this
 * month). Deferred is what the passes not yet run their course hold unearned; earned to date is everything
 * received (less refunds) up to the day less what is deferred; earned in a month is the difference of two
 * month ends. Remembered until the facility's passes or money change ("Remembered answers").
 */
export const revenueChart = (
  db: Db,
  memory: RevenueMemory,
  gymId: number,
  query: MonthRangeQuery,
  now: Date,
): Promise<RevenueChart> => {
  const range = reportRange(query.from, query.to, now);
  const today = seoulToday(now);
  return memory.read(
    db,
    gymId,
    `chart|${range.from}|${range.to}|${today}`,
    (tx) => computeRevenueChart(tx, gymId, range, today),
    (_tx, chart) => chart,
  );
};

/** The chart itself, read in one snapshot (`revenueChart` remembers it). */
const computeRevenueChart = async (
  db: Executor,
  gymId: number,
  range: ReportRange,
  today: Day,
): Promise<RevenueChart> => {
  const before = addDays(range.firstDay, -1);
  const asOf = range.months.map((m) => {
    const last = monthLastDay(m);
    return last < today ? last : today;
  });
  const last = asOf[asOf.length - 1]!;
  const days = [before, ...asOf].map(dayNumber);
  const passes = await loadPasses(db, gymId, dayEnd(last), sql`not ${ranItsCourse(before)}`, {
    upTo: before,
    names: false,
  });
  const received = await queryRows<{ day: number | null; amount: number | string }>(
    db,
    receivedByDaySql(gymId, range.firstDay, last),
  );
  const deferred = days.map(() => 0);
  const addDeferred = (k: number, r: Recognition) => {
    deferred[k]! += r.deferred;
  };
  for (const p of passes) walkPass(p, days, addDeferred);
  // Net received up to each day read.
  const toDate = days.map(() => 0);
  for (const r of received) {
    const amount = safeSum(r.amount);
    const day = r.day === null ? null : Number(r.day);
    for (let k = 0; k < days.length; k += 1) if (day === null || day <= days[k]!) toDate[k]! += amount;
  }
  const earnedToDate = days.map((_, k) => toDate[k]! - deferred[k]!);
  return {
    from: range.from,
    to: range.to,
    months: range.months.map((month, i) => ({
      month,
      asOf: asOf[i]!,
      received: toDate[i + 1]! - toDate[i]!,
      earned: earnedToDate[i + 1]! - earnedToDate[i]!,
      earnedToDate: earnedToDate[i + 1]!,
      deferred: deferred[i + 1]!,
    })),
  };
};

/**
 * Every pass sold by the day: how many, and what was paid and refunded on them by then, split by whether the
 * pass has run its course (`ranItsCourse`). Two small groups, so no per-pass aggregate is built.
 */
const passTotals = async (db: Executor, gymId: number, day: Day) => {
  const end = dayEnd(day);
  const counts = await queryRows<{ done: boolean; passes: number | string }>(
    db,
    passCountsSql(gymId, day, end),
  );
  const sums = await queryRows<{ done: boolean; paid: number | string; refunded: number | string }>(
    db,
    passSumsSql(gymId, day, end),
  );
  return [true, false].map((done) => {
    const c = counts.find((r) => Boolean(r.done) === done);
    const m = sums.find((r) => Boolean(r.done) === done);
    return {
      done,
      passes: Number(c?.passes ?? 0),
      paid: Number(m?.paid ?? 0),
      refunded: Number(m?.refunded ?? 0),
    };
  });
};

/**
 * `GET /web/report/revenue/as-of` (docs/rules.md#revenue-recognition): each pass sold by the day with paid,
 * earned, deferred and refunded, the totals of every pass, and whether paid = earned + deferred + refunded. The
 * totals are remembered until the facility's passes or money change ("Remembered answers"); the page's rows are
 * read in the same snapshot.
 */
export const revenueAsOf = (
  db: Db,
  memory: RevenueMemory,
  gymId: number,
  query: RevenueAsOfQuery,
  now: Date,
): Promise<RevenueAsOf> => {
  const day = query.date;
  if (day > seoulToday(now)) return Promise.reject(dateRefused());
  return memory.read(
    db,
    gymId,
    `as-of|${day}`,
    (tx) => asOfTotals(tx, gymId, day),
    async (tx, facts) => {
      const ids =
        query.view === 'deferred'
          ? facts.deferredIds.slice(query._start, query._end)
          : (await queryRows<{ id: number }>(tx, passPageSql(gymId, day, query._start, query._end))).map(
              (r) => Number(r.id),
            );
      return {
        date: day,
        rows: await passRows(tx, gymId, day, ids),
        total: query.view === 'deferred' ? facts.deferredIds.length : facts.totals.passes,
        totals: facts.totals,
        reconciles: facts.totals.paid === facts.totals.earned + facts.totals.deferred + facts.totals.refunded,
      };
    },
  );
};

/**
 * What "as of" a day needs of every pass (`revenueAsOf` remembers it): the totals, and the passes still
 * holding deferred revenue, newest sale first. The passes still running are recognized one by one; those that
 * have run their course have earned all they kept. The check compares the SQL sums of every pass's lines with
 * the parts recognized.
 */
const asOfTotals = async (db: Executor, gymId: number, day: Day) => {
  const n = dayNumber(day);
  const running = await loadPasses(db, gymId, dayEnd(day), sql`not ${ranItsCourse(day)}`, {
    upTo: day,
    names: false,
  });
  const totals = await passTotals(db, gymId, day);
  const sum = { passes: 0, paid: 0, earned: 0, deferred: 0, refunded: 0 };
  const deferredIds: number[] = [];
  for (const p of running) {
    const r = passOn(p, n);
    sum.earned += r.earned;
    sum.deferred += r.deferred;
    if (r.deferred > 0) deferredIds.push(p.id);
  }
  for (const t of totals) {
    sum.passes += t.passes;
    sum.paid += t.paid;
    sum.refunded += t.refunded;
    if (t.done) sum.earned += t.paid - t.refunded;
  }
  return { totals: sum, deferredIds };
};

/** The rows of the passes `ids` as of the day, in the order of `ids`. */
const passRows = async (db: Executor, gymId: number, day: Day, ids: number[]): Promise<PassRevenue[]> => {
  if (ids.length === 0) return [];
  const n = dayNumber(day);
  const byId = new Map(
    (await loadPasses(db, gymId, dayEnd(day), { ids }, { upTo: day, names: true })).map((p) => [
      p.id,
      rowOf(p, passOn(p, n)),
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
};
