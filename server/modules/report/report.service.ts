import { type SQL, sql } from 'drizzle-orm';
import type { Language, PaymentMethod, SaleItemType } from '#domain/enums.ts';
import { toCsv } from '#domain/rules/csv.ts';
import { safeSum } from '#domain/rules/money.ts';
import type { PeriodUnit } from '#domain/rules/passes.ts';
import { type Recognition, revenueBasisOf } from '#domain/rules/revenue.ts';
import { dayNumber, isoOfDayNumber, recognizerOf } from '#domain/rules/revenue-fast.ts';
import { addDays, daysBetween, seoulDayStartUtc, seoulToday } from '#domain/rules/seoul-time.ts';
import {
  type MonthRangeQuery,
  type PassRevenue,
  REPORT_MAX_MONTHS,
  type RevenueAsOf,
  type RevenueAsOfExportQuery,
  type RevenueAsOfQuery,
  type RevenueChart,
  type RevenueHistory,
  type RevenueHistoryQuery,
  type SalesStatistics,
} from '#domain/schemas/report.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../../kernel/actor.ts';
import { writeAudit } from '../../kernel/audit.ts';
import { queryRows } from '../../ops/tables.ts';
import type { RevenueMemory } from './revenue-memory.ts';

// The reports (docs/rules.md#reports, #revenue-recognition). Every statement of the module is here, one function
// each, grouped in SQL over the range:
// - sales count when the money is received: the payment lines, by the Seoul day of `create_date`
//   (`payment_line_gym_idx (gym_id, create_date)`); refunds are the REFUND lines (zero or negative);
// - sales made (new customers against renewals, the average sale) are the `sale` rows of the range
//   (`sale_gym_date_idx (gym_id, create_date)`);
// - expenditure is the `expense` rows by `spent_on`, reversals included (`expense_gym_idx`);
// - earned and deferred revenue: passes by `recognizerOf` (exactly `recognize` of domain/rules/revenue.ts, on
//   day numbers), everything else earned when paid.
// Days that are over are read from their sums (`payment_day`, `sale_day`, marked in `report_day`), made on the
// first read of the day (`ensureSummed`); the days not yet over (today) are summed from the rows on every read.
// A Seoul day is bucketed with `date_bin('1 day', t, <a Seoul midnight>)` and handed to JS as its day number
// (days since 1970-01-01): far cheaper per row than `at time zone 'Asia/Seoul'` or `to_char`, which matters on
// the hundreds of thousands of lines of a large facility.

type Day = string;
type Month = string;

// ---------------------------------------------------------------------------------------------------------
// Ranges

const rangeRefused = (key: 'reportRangeOrder' | 'reportRangeTooLong' | 'reportRangeFuture') =>
  new AppError('VALIDATION_FAILED', 'VALIDATION_FAILED', {}, { to: key });

const monthIndex = (month: Month) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
const monthOfIndex = (i: number): Month => `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
const monthLastDay = (month: Month): Day => addDays(`${monthOfIndex(monthIndex(month) + 1)}-01`, -1);

export type ReportRange = { from: Month; to: Month; months: Month[]; firstDay: Day; lastDay: Day };

/**
 * The Seoul months `from` to `to`, inclusive: at most 24, `from` not after `to`, `to` not after this month;
 * otherwise 400 on `to`.
 */
export const reportRange = (from: Month, to: Month, now: Date): ReportRange => {
  const a = monthIndex(from);
  const b = monthIndex(to);
  if (a > b) throw rangeRefused('reportRangeOrder');
  if (b - a + 1 > REPORT_MAX_MONTHS) throw rangeRefused('reportRangeTooLong');
  if (b > monthIndex(seoulToday(now).slice(0, 7))) throw rangeRefused('reportRangeFuture');
  const months = Array.from({ length: b - a + 1 }, (_, i) => monthOfIndex(a + i));
  return { from, to, months, firstDay: `${from}-01`, lastDay: monthLastDay(to) };
};

/** The instant a Seoul day starts, as a timestamptz literal the statements compare `create_date` with. */
const dayStart = (day: Day) => seoulDayStartUtc(day).toISOString();
/** The instant after a Seoul day ends. */
const dayEnd = (day: Day) => dayStart(addDays(day, 1));

/** The day numbers of [first, last]. */
const dayNumbersOf = (first: Day, last: Day): number[] => {
  const a = dayNumber(first);
  return Array.from({ length: dayNumber(last) - a + 1 }, (_, i) => a + i);
};

/** A Seoul midnight: the origin of the day buckets (Seoul has kept +09:00, without summer time, since 1988). */
const SEOUL_ORIGIN = sql.raw(`timestamptz '1970-01-01 00:00+09'`);
/** The instant the Seoul day of `column` starts: the group key of a day. */
const seoulDayBin = (column: SQL) => sql`date_bin('1 day', ${column}, ${SEOUL_ORIGIN})`;
/** A day bucket (from `seoulDayBin`) as its day number, for the grouped rows only. */
const dayNumberOf = (bucket: SQL) => sql`date_part('day', ${bucket} - ${SEOUL_ORIGIN})::int`;
/** The Seoul day number of an instant, for rows that are not grouped by it. */
const seoulDayNumber = (column: SQL) => dayNumberOf(seoulDayBin(column));

// ---------------------------------------------------------------------------------------------------------
// Summed days

/**
 * How long after a Seoul midnight the day before may be summed: a payment taken at 23:59:59 is written with that
 * time but may commit a moment later, so a day is summed only once it has been over for an hour.
 */
const SETTLE_MS = 60 * 60_000;

/** A customer's first pass sale: no earlier PASS sale of theirs (`sale_member_idx (member_id, id)`). */
const isNewPassSale = sql`(s.item_type = 'PASS' and not exists (
  select 1 from sale e
  where e.member_id = s.member_id and e.id < s.id and e.item_type = 'PASS' and e.gym_id = s.gym_id))`;

/**
 * Makes sure the facility's days of [from, to] that are over have their sums (docs/rules.md#reports), and returns
 * the last day the sums cover (the day before `from` when none can). A day is claimed in `report_day` and summed
 * in the same transaction: of two first readers, the second waits on the claim and then reads the first's sums.
 * Money rows are never updated or deleted and carry the time they were written, so a day's sums never change.
 */
const ensureSummed = async (db: Executor, gymId: number, from: Day, to: Day, now: Date): Promise<Day> => {
  const settled = addDays(seoulToday(new Date(now.getTime() - SETTLE_MS)), -1);
  const last = to < settled ? to : settled;
  if (last < from) return addDays(from, -1);
  const [have] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from report_day where gym_id = ${gymId} and day >= ${from}::date and day <= ${last}::date`,
  );
  if (Number(have?.n ?? 0) === daysBetween(from, last) + 1) return last;
  await (db as Tx).transaction(async (tx) => {
    const claimed = (
      await queryRows<{ day: Day }>(
        tx,
        sql`
          insert into report_day (gym_id, day)
          select ${gymId}, d::date from generate_series(${from}::date, ${last}::date, interval '1 day') d
          on conflict (gym_id, day) do nothing
          returning day::text as day`,
      )
    ).map((r) => r.day);
    if (claimed.length === 0) return;
    claimed.sort();
    const start = dayStart(claimed[0]!);
    const end = dayEnd(claimed[claimed.length - 1]!);
    const days = sql.join(
      claimed.map((d) => sql`${d}::date`),
      sql`, `,
    );
    await tx.execute(sql`
      insert into payment_day
        (gym_id, day, grouping, item_type, item_name, staff_member_id, method, status, lines, amount)
      select ${gymId}, x.day, grouping(x.item_type, x.item_name, x.staff, x.method), x.item_type, x.item_name,
        x.staff, x.method, x.status, count(*), sum(x.amount)
      from (
        select date '1970-01-01' + ${seoulDayNumber(sql`pl.create_date`)} as day, s.item_type,
          coalesce(s.item_name, '') as item_name, s.sold_by_member_id as staff, pl.method, pl.status, pl.amount
        from payment_line pl
        join sale s on s.id = pl.sale_id
        where pl.gym_id = ${gymId} and pl.create_date >= ${start}::timestamptz and pl.create_date < ${end}::timestamptz
      ) x
      where x.day in (${days})
      group by grouping sets ((x.day, x.status), (x.day, x.item_type, x.item_name, x.status),
        (x.day, x.staff, x.status), (x.day, x.method, x.status))`);
    await tx.execute(sql`
      insert into sale_day (gym_id, day, item_type, is_new, sales, amount)
      select ${gymId}, x.day, x.item_type, x.is_new, count(*), coalesce(sum(x.price), 0)
      from (
        select date '1970-01-01' + ${seoulDayNumber(sql`s.create_date`)} as day, s.item_type,
          ${isNewPassSale} as is_new, s.price
        from sale s
        where s.gym_id = ${gymId} and s.create_date >= ${start}::timestamptz and s.create_date < ${end}::timestamptz
      ) x
      where x.day in (${days})
      group by x.day, x.item_type, x.is_new`);
  });
  return last;
};

// ---------------------------------------------------------------------------------------------------------
// Statistics

type Money = { received: number; refunds: number; net: number };
const money = (): Money => ({ received: 0, refunds: 0, net: 0 });
const addLine = (m: Money, status: string, amount: number) => {
  if (status === 'APPROVE') m.received += amount;
  else m.refunds += amount;
  m.net += amount;
};
const addMoney = (m: Money, other: Money) => {
  m.received += other.received;
  m.refunds += other.refunds;
  m.net += other.net;
};

type GroupedLine = {
  g: number;
  day: number | null;
  itemType: SaleItemType | null;
  itemName: string | null;
  staff: number | null;
  staffName: string | null;
  method: PaymentMethod | null;
  status: 'APPROVE' | 'REFUND';
  n: number | string;
  amount: number | string;
};

// grouping(day, item_type, item_name, staff, method): a 1 bit for each column the row is not grouped by.
const BY_DAY = 0b01111;
const BY_ITEM = 0b10011;
const BY_STAFF = 0b11101;
const BY_METHOD = 0b11110;

/** `payment_day.grouping` of a whole day's rows: grouped by none of item type, item name, staff and method. */
const WHOLE_DAY = 0b1111;

/**
 * The range's payment lines grouped four ways (grouping sets), each by status: by Seoul day, by item type and name,
 * by the staff member who made the sale (with the name), and by method. Days up to `summedTo` come from their sums
 * (already grouped the same four ways), the rest from the lines. `g` is `grouping(day, item_type, item_name,
 * staff, method)`: a summed day's four-column grouping with the day's bit added for all but the by-day rows.
 */
const linesGrouped = (db: Executor, gymId: number, from: Day, to: Day, summedTo: Day) =>
  queryRows<GroupedLine>(
    db,
    sql`
      with x as (
        select pd.grouping as g4, pd.day - date '1970-01-01' as day, pd.item_type, pd.item_name,
          pd.staff_member_id as staff, pd.method, pd.status, pd.lines::bigint as n, pd.amount
        from payment_day pd
        where pd.gym_id = ${gymId} and pd.day >= ${from}::date and pd.day <= ${summedTo}::date
        union all
        select grouping(l.item_type, l.item_name, l.staff, l.method), l.day, l.item_type, l.item_name, l.staff,
          l.method, l.status, count(*), sum(l.amount)
        from (
          select ${seoulDayNumber(sql`pl.create_date`)} as day, s.item_type, coalesce(s.item_name, '') as item_name,
            s.sold_by_member_id as staff, pl.method, pl.status, pl.amount
          from payment_line pl
          join sale s on s.id = pl.sale_id
          where pl.gym_id = ${gymId}
            and pl.create_date >= ${dayStart(addDays(summedTo, 1))}::timestamptz
            and pl.create_date < ${dayEnd(to)}::timestamptz
        ) l
        group by grouping sets ((l.day, l.status), (l.day, l.item_type, l.item_name, l.status),
          (l.day, l.staff, l.status), (l.day, l.method, l.status))
      ), g as (
        select x.g4, case when x.g4 = ${WHOLE_DAY} then x.day end as day, x.item_type, x.item_name, x.staff,
          x.method, x.status, sum(x.n) as n, sum(x.amount) as amount
        from x
        group by 1, 2, 3, 4, 5, 6, 7
      )
      select case when g.g4 = ${WHOLE_DAY} then g.g4 else g.g4 + 16 end as g, g.day, g.item_type as "itemType",
        g.item_name as "itemName", g.staff, m.name as "staffName", g.method, g.status, g.n, g.amount
      from g left join member m on m.id = g.staff`,
  );

type SalesRow = { itemType: SaleItemType; isNew: boolean; n: number | string; amount: number | string };

/**
 * The sales made in the range, by item type and, for passes, whether it was the customer's first pass sale
 * ever (`isNewPassSale`). Days up to `summedTo` come from their sums, the rest from the sales.
 */
const salesGrouped = (db: Executor, gymId: number, from: Day, to: Day, summedTo: Day) =>
  queryRows<SalesRow>(
    db,
    sql`
      select x.item_type as "itemType", x.is_new as "isNew", sum(x.n) as n, coalesce(sum(x.amount), 0) as amount
      from (
        select sd.item_type, sd.is_new, sd.sales as n, sd.amount
        from sale_day sd
        where sd.gym_id = ${gymId} and sd.day >= ${from}::date and sd.day <= ${summedTo}::date
        union all
        select s.item_type, ${isNewPassSale}, 1, s.price
        from sale s
        where s.gym_id = ${gymId}
          and s.create_date >= ${dayStart(addDays(summedTo, 1))}::timestamptz
          and s.create_date < ${dayEnd(to)}::timestamptz
      ) x
      group by 1, 2`,
  );

const byReceived = <T extends Money>(a: T, b: T) => b.received - a.received || b.net - a.net;

/** `GET /web/report/statistics` (docs/rules.md#reports). */
export const salesStatistics = async (
  db: Executor,
  gymId: number,
  query: MonthRangeQuery,
  now: Date,
): Promise<SalesStatistics> => {
  const range = reportRange(query.from, query.to, now);
  const summedTo = await ensureSummed(db, gymId, range.firstDay, range.lastDay, now);
  const [lines, sales] = await Promise.all([
    linesGrouped(db, gymId, range.firstDay, range.lastDay, summedTo),
    salesGrouped(db, gymId, range.firstDay, range.lastDay, summedTo),
  ]);
  const days = new Map(dayNumbersOf(range.firstDay, range.lastDay).map((d) => [d, money()]));
  const itemTypes = new Map<SaleItemType, Money>();
  const items = new Map<string, Money & { itemType: SaleItemType; itemName: string }>();
  const staff = new Map<number | null, Money & { name: string | null }>();
  const methods = new Map<PaymentMethod, Money>();
  const totals = { ...money(), payments: 0, refundCount: 0 };
  for (const row of lines) {
    const g = Number(row.g);
    const n = Number(row.n);
    const amount = safeSum(row.amount);
    if (g === BY_DAY && row.day !== null) {
      const m = days.get(Number(row.day));
      if (m) addLine(m, row.status, amount);
      addLine(totals, row.status, amount);
      if (row.status === 'APPROVE') totals.payments += n;
      else totals.refundCount += n;
    } else if (g === BY_ITEM && row.itemType) {
      const type = itemTypes.get(row.itemType) ?? money();
      itemTypes.set(row.itemType, type);
      addLine(type, row.status, amount);
      const key = `${row.itemType}\u0000${row.itemName ?? ''}`;
      const item = items.get(key) ?? { itemType: row.itemType, itemName: row.itemName ?? '', ...money() };
      items.set(key, item);
      addLine(item, row.status, amount);
    } else if (g === BY_STAFF) {
      const id = row.staff === null ? null : Number(row.staff);
      const s = staff.get(id) ?? { name: row.staffName, ...money() };
      staff.set(id, s);
      addLine(s, row.status, amount);
    } else if (g === BY_METHOD && row.method) {
      const m = methods.get(row.method) ?? money();
      methods.set(row.method, m);
      addLine(m, row.status, amount);
    }
  }
  const customers = { newCount: 0, newAmount: 0, renewalCount: 0, renewalAmount: 0 };
  let saleCount = 0;
  let salesAmount = 0;
  for (const row of sales) {
    const n = Number(row.n);
    const amount = safeSum(row.amount);
    saleCount += n;
    salesAmount += amount;
    if (row.itemType !== 'PASS') continue;
    if (row.isNew) {
      customers.newCount += n;
      customers.newAmount += amount;
    } else {
      customers.renewalCount += n;
      customers.renewalAmount += amount;
    }
  }
  const byDay = [...days].map(([n, m]) => ({ date: isoOfDayNumber(n), ...m }));
  const months = new Map(range.months.map((month) => [month, money()]));
  for (const d of byDay) {
    const m = months.get(d.date.slice(0, 7));
    if (m) addMoney(m, d);
  }
  return {
    from: range.from,
    to: range.to,
    firstDay: range.firstDay,
    lastDay: range.lastDay,
    totals: {
      ...totals,
      sales: saleCount,
      salesAmount,
      averageSale: saleCount > 0 ? Math.round(salesAmount / saleCount) : 0,
    },
    byDay,
    byMonth: [...months].map(([month, m]) => ({ month, ...m })),
    byItemType: [...itemTypes].map(([itemType, m]) => ({ itemType, ...m })).sort(byReceived),
    byItem: [...items.values()].sort(byReceived),
    byStaff: [...staff].map(([memberId, s]) => ({ memberId, ...s })).sort(byReceived),
    byMethod: [...methods].map(([method, m]) => ({ method, ...m })).sort(byReceived),
    customers,
  };
};

// ---------------------------------------------------------------------------------------------------------
// Revenue history

/** The range's payment lines by Seoul day (as a day number) and status: summed days, then the lines after them. */
const receivedByDayAndStatus = (db: Executor, gymId: number, from: Day, to: Day, summedTo: Day) =>
  queryRows<{ day: number; status: string; amount: number | string }>(
    db,
    sql`
      select pd.day - date '1970-01-01' as day, pd.status, sum(pd.amount) as amount
      from payment_day pd
      where pd.gym_id = ${gymId} and pd.grouping = ${WHOLE_DAY}
        and pd.day >= ${from}::date and pd.day <= ${summedTo}::date
      group by 1, 2
      union all
      select ${dayNumberOf(sql`x.day`)} as day, x.status, x.amount from (
        select ${seoulDayBin(sql`pl.create_date`)} as day, pl.status, sum(pl.amount) as amount
        from payment_line pl
        where pl.gym_id = ${gymId}
          and pl.create_date >= ${dayStart(addDays(summedTo, 1))}::timestamptz
          and pl.create_date < ${dayEnd(to)}::timestamptz
        group by 1, 2
      ) x`,
  );

/** The range's expenses (reversals included) by the day spent (as a day number). */
const expenditureByDay = (db: Executor, gymId: number, from: Day, to: Day) =>
  queryRows<{ day: number; amount: number | string }>(
    db,
    sql`
      select e.spent_on - date '1970-01-01' as day, sum(e.amount) as amount
      from expense e
      where e.gym_id = ${gymId} and e.spent_on >= ${from}::date and e.spent_on <= ${to}::date
      group by 1`,
  );

/** `GET /web/report/revenue-history` (docs/rules.md#reports): net = received + refunds − expenditure. */
export const revenueHistory = async (
  db: Executor,
  gymId: number,
  query: RevenueHistoryQuery,
  now: Date,
): Promise<RevenueHistory> => {
  const range = reportRange(query.from, query.to, now);
  const summedTo = await ensureSummed(db, gymId, range.firstDay, range.lastDay, now);
  const [lines, expenses] = await Promise.all([
    receivedByDayAndStatus(db, gymId, range.firstDay, range.lastDay, summedTo),
    expenditureByDay(db, gymId, range.firstDay, range.lastDay),
  ]);
  const periodOf = (day: number) => {
    const iso = isoOfDayNumber(day);
    return query.unit === 'day' ? iso : iso.slice(0, 7);
  };
  const periods =
    query.unit === 'day' ? dayNumbersOf(range.firstDay, range.lastDay).map(periodOf) : range.months;
  const rows = new Map(
    periods.map((period) => [period, { period, received: 0, refunds: 0, expenditure: 0, net: 0 }]),
  );
  for (const l of lines) {
    const row = rows.get(periodOf(Number(l.day)));
    if (!row) continue;
    if (l.status === 'APPROVE') row.received += safeSum(l.amount);
    else row.refunds += safeSum(l.amount);
  }
  for (const e of expenses) {
    const row = rows.get(periodOf(Number(e.day)));
    if (row) row.expenditure += safeSum(e.amount);
  }
  const totals = { received: 0, refunds: 0, expenditure: 0, net: 0 };
  for (const row of rows.values()) {
    row.net = row.received + row.refunds - row.expenditure;
    totals.received += row.received;
    totals.refunds += row.refunds;
    totals.expenditure += row.expenditure;
    totals.net += row.net;
  }
  return { unit: query.unit, from: range.from, to: range.to, rows: [...rows.values()], totals };
};

const historyHeaders: Record<Language, string[]> = {
  ko: ['기간', '매출(입금)', '환불', '지출', '순수익'],
  en: ['Period', 'Received', 'Refunds', 'Expenditure', 'Net'],
};
const totalLabel: Record<Language, string> = { ko: '합계', en: 'Total' };

/** The revenue history as a CSV (UTF-8 with a BOM, for Excel): one row a period, then the totals. */
export const revenueHistoryCsv = (history: RevenueHistory, language: Language): string =>
  toCsv(historyHeaders[language], [
    ...history.rows.map((r) => [r.period, r.received, r.refunds, r.expenditure, r.net]),
    [
      totalLabel[language],
      history.totals.received,
      history.totals.refunds,
      history.totals.expenditure,
      history.totals.net,
    ],
  ]);

// ---------------------------------------------------------------------------------------------------------
// Earned and deferred revenue

/**
 * A sold pass and its history up to the last day read: payments, refunds (as positive amounts) and usage by
 * Seoul day number, in day order, and its holds. Days are day numbers (days since 1970-01-01).
 */
type PassFacts = {
  id: number;
  memberId: number;
  memberName: string;
  ticketName: string;
  soldOn: Day;
  soldDay: number;
  startDate: Day;
  endDate: Day | null;
  endDay: number | null;
  periodAmount: number | null;
  periodUnit: PeriodUnit | null;
  sessionCount: number | null;
  price: number;
  refundedDay: number | null;
  payments: [number, number][];
  refunds: [number, number][];
  usage: [number, number][];
  holds: { startDate: Day; endDate: Day }[];
};

type PassRow = {
  id: number;
  memberId: number;
  memberName: string;
  ticketName: string;
  soldDay: number;
  startDate: Day;
  endDate: Day | null;
  endDay: number | null;
  periodAmount: number | null;
  periodUnit: PeriodUnit | null;
  sessionCount: number | null;
  price: number;
  refundedDay: number | null;
};

/**
 * The passes a read covers: sold before `end` (a pass's `create_date` is its sale's) and matching `where` (on
 * `i`, the pass). The one definition the four statements of `loadPasses` share.
 */
const passesWhere = (gymId: number, end: string, where: SQL) => sql`
  select i.id from ticket_issue i
  where i.gym_id = ${gymId} and i.create_date < ${end}::timestamptz and ${where}`;

/**
 * A pass that has run its course by `day` has earned all it kept: refunded by then, a period pass whose last day
 * (holds included) is before it, or a pass with neither period nor sessions. `recognize` answers the same for it
 * (its share is whole, or it is closed); the reports leave it out of the per-pass work.
 */
const ranItsCourse = (day: Day) => sql`(
  (i.status = 'REFUND' and i.refunded_at < ${dayEnd(day)}::timestamptz)
  or (i.end_date < ${day}::date and i.period_amount is not null and i.period_unit is not null)
  or (i.period_amount is null and i.session_count is null))`;

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
const loadPasses = async (
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
  const passes = await queryRows<PassRow>(
    db,
    sql`
      select i.id, i.member_id as "memberId",
        ${options.names ? sql`(select m.name from member m where m.id = i.member_id)` : sql`''`} as "memberName",
        i.ticket_name as "ticketName", ${seoulDayNumber(sql`i.create_date`)} as "soldDay",
        i.start_date::text as "startDate", i.end_date::text as "endDate",
        i.end_date - date '1970-01-01' as "endDay", i.period_amount as "periodAmount",
        i.period_unit as "periodUnit", i.session_count as "sessionCount", i.price,
        ${seoulDayNumber(sql`i.refunded_at`)} as "refundedDay"
      from ticket_issue i
      where i.gym_id = ${gymId} and i.create_date < ${end}::timestamptz and ${where}`,
  );
  const lines = await queryRows<{ id: number; day: number; status: string; amount: number | string }>(
    db,
    sql`
      select x.id, ${dayNumberOf(sql`x.day`)} as day, x.status, x.amount from (
        select s.ticket_issue_id as id, ${bucket(sql`pl.create_date`)} as day, pl.status, sum(pl.amount) as amount
        from payment_line pl
        join sale s on s.id = pl.sale_id and s.item_type = 'PASS'
        where pl.gym_id = ${gymId} and pl.create_date < ${end}::timestamptz
          and s.ticket_issue_id in (${chosen})
        group by 1, 2, 3
      ) x`,
  );
  const usage = await queryRows<{ id: number; day: number; sessions: number | string }>(
    db,
    sql`
      select x.id, ${dayNumberOf(sql`x.day`)} as day, x.sessions from (
        select u.ticket_issue_id as id, ${bucket(sql`u.create_date`)} as day, sum(u.sessions) as sessions
        from ticket_usage u
        where u.gym_id = ${gymId} and u.kind <> 'REFUND' and u.create_date < ${end}::timestamptz
          and u.ticket_issue_id in (${sessionPasses})
        group by 1, 2
      ) x`,
  );
  const holds = await queryRows<{ id: number; startDate: Day; endDate: Day }>(
    db,
    sql`
      select h.ticket_issue_id as id, h.start_date::text as "startDate", h.end_date::text as "endDate"
      from ticket_hold h
      where h.gym_id = ${gymId} and h.ticket_issue_id in (${periodPasses})`,
  );
  const byId = new Map<number, PassFacts>();
  const facts = passes.map((p) => {
    const f: PassFacts = {
      id: Number(p.id),
      memberId: Number(p.memberId),
      memberName: p.memberName,
      ticketName: p.ticketName,
      soldOn: isoOfDayNumber(Number(p.soldDay)),
      soldDay: Number(p.soldDay),
      startDate: p.startDate,
      endDate: p.endDate,
      endDay: p.endDay === null ? null : Number(p.endDay),
      periodAmount: p.periodAmount === null ? null : Number(p.periodAmount),
      periodUnit: p.periodUnit,
      sessionCount: p.sessionCount === null ? null : Number(p.sessionCount),
      price: Number(p.price),
      refundedDay: p.refundedDay === null ? null : Number(p.refundedDay),
      payments: [],
      refunds: [],
      usage: [],
      holds: [],
    };
    byId.set(f.id, f);
    return f;
  });
  for (const l of lines) {
    const f = byId.get(Number(l.id));
    if (!f) continue;
    if (l.status === 'APPROVE') f.payments.push([Number(l.day), safeSum(l.amount)]);
    else f.refunds.push([Number(l.day), -safeSum(l.amount)]);
  }
  // Usage counts for session passes and holds for period passes (the statements keep to them, but for a page).
  for (const u of usage) {
    const f = byId.get(Number(u.id));
    if (f && f.sessionCount !== null) f.usage.push([Number(u.day), Number(u.sessions)]);
  }
  for (const h of holds) {
    const f = byId.get(Number(h.id));
    if (f && f.periodAmount !== null) f.holds.push({ startDate: h.startDate, endDate: h.endDate });
  }
  // Newest sale first, as the lists show them (the statement leaves the order to JS: no sort of every row).
  facts.sort((a, b) => b.soldDay - a.soldDay || b.id - a.id);
  const byDay = (a: [number, number], b: [number, number]) => a[0] - b[0];
  for (const f of facts) {
    if (f.payments.length > 1) f.payments.sort(byDay);
    if (f.refunds.length > 1) f.refunds.sort(byDay);
    if (f.usage.length > 1) f.usage.sort(byDay);
  }
  return facts;
};

type PassDay = Recognition & { used: number; closed: boolean };

/**
 * Walks a pass's history through `days` (day numbers, ascending), calling `visit` with what it holds up to each
 * day, recognized (docs/rules.md#revenue-recognition). One walk however many days; the pass's terms are read
 * once; nothing is allocated per day but the recognition.
 */
const walkPass = (
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
const passOn = (p: PassFacts, day: number): PassDay => {
  let result: PassDay | undefined;
  walkPass(p, [day], (_k, r, used) => {
    result = { ...r, used, closed: p.refundedDay !== null && p.refundedDay <= day };
  });
  return result!;
};

/** The net money received (payments and refunds of every sale) before the range, and on each day of it. */
const receivedByDay = (db: Executor, gymId: number, from: Day, to: Day) =>
  queryRows<{ day: number | null; amount: number | string }>(
    db,
    sql`
      select ${dayNumberOf(sql`x.day`)} as day, x.amount from (
        select case when pl.create_date < ${dayStart(from)}::timestamptz then null
            else ${seoulDayBin(sql`pl.create_date`)} end as day,
          sum(pl.amount) as amount
        from payment_line pl
        where pl.gym_id = ${gymId} and pl.create_date < ${dayEnd(to)}::timestamptz
        group by 1
      ) x`,
  );

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
  const received = await receivedByDay(db, gymId, range.firstDay, last);
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
    sql`
      select ${ranItsCourse(day)} as done, count(*) as passes
      from ticket_issue i
      where i.gym_id = ${gymId} and i.create_date < ${end}::timestamptz
      group by 1`,
  );
  const sums = await queryRows<{ done: boolean; paid: number | string; refunded: number | string }>(
    db,
    sql`
      select ${ranItsCourse(day)} as done,
        coalesce(sum(case when pl.status = 'APPROVE' then pl.amount else 0 end), 0) as paid,
        -coalesce(sum(case when pl.status = 'REFUND' then pl.amount else 0 end), 0) as refunded
      from payment_line pl
      join sale s on s.id = pl.sale_id and s.item_type = 'PASS'
      join ticket_issue i on i.id = s.ticket_issue_id
      where pl.gym_id = ${gymId} and pl.create_date < ${end}::timestamptz
        and i.gym_id = ${gymId} and i.create_date < ${end}::timestamptz
      group by 1`,
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

/** A page of the passes sold by the day, newest first. */
const passPage = (db: Executor, gymId: number, day: Day, start: number, end: number) =>
  queryRows<{ id: number }>(
    db,
    sql`
      select i.id from ticket_issue i
      where i.gym_id = ${gymId} and i.create_date < ${dayEnd(day)}::timestamptz
      order by i.create_date desc, i.id desc
      limit ${Math.max(0, end - start)} offset ${start}`,
  );

const rowOf = (p: PassFacts, r: PassDay): PassRevenue => ({
  ticketIssueId: p.id,
  memberId: p.memberId,
  memberName: p.memberName,
  ticketName: p.ticketName,
  basis: revenueBasisOf(p),
  soldOn: p.soldOn,
  startDate: p.startDate,
  endDate: p.endDate,
  sessionCount: p.sessionCount,
  sessionsUsed: r.used,
  refundedOnDay: r.closed,
  price: p.price,
  paid: r.paid,
  earned: r.earned,
  deferred: r.deferred,
  refunded: r.refunded,
});

const dateRefused = () =>
  new AppError('VALIDATION_FAILED', 'VALIDATION_FAILED', {}, { date: 'reportDateFuture' });

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
          : (await passPage(tx, gymId, day, query._start, query._end)).map((r) => Number(r.id));
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

/** The most passes one CSV of the "as of" list holds. */
export const AS_OF_EXPORT_MAX = 50_000;

const asOfHeaders: Record<Language, string[]> = {
  ko: [
    '이용권 번호',
    '회원',
    '이용권',
    '판매일',
    '인식 기준',
    '시작일',
    '종료일',
    '사용 횟수',
    '결제액',
    '인식 매출',
    '선수금',
    '환불액',
  ],
  en: [
    'Pass no.',
    'Customer',
    'Pass',
    'Sold on',
    'Earned by',
    'Start',
    'End',
    'Sessions used',
    'Paid',
    'Earned',
    'Deferred',
    'Refunded',
  ],
};
const basisLabels: Record<Language, Record<PassRevenue['basis'], string>> = {
  ko: { PERIOD: '기간', SESSION: '횟수', BOTH: '기간·횟수', AT_SALE: '결제 시' },
  en: { PERIOD: 'Days', SESSION: 'Sessions', BOTH: 'Days or sessions', AT_SALE: 'When paid' },
};

/**
 * `GET /web/report/revenue/as-of/export.csv` (docs/rules.md#revenue-recognition): every pass of the view as of
 * the day (at most 50,000, newest first), then the totals of those rows, as a CSV with a BOM. It names customers,
 * so it is written to the audit log (`sales.export`) in the caller's transaction.
 */
export const exportRevenueAsOf = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  query: RevenueAsOfExportQuery,
  language: Language,
): Promise<string> => {
  const day = query.date;
  if (day > seoulToday(actor.now)) throw dateRefused();
  const n = dayNumber(day);
  const where = query.view === 'deferred' ? sql`not ${ranItsCourse(day)}` : sql`true`;
  const rows = (await loadPasses(tx, gymId, dayEnd(day), where, { upTo: day, names: true }))
    .map((p) => rowOf(p, passOn(p, n)))
    .filter((r) => query.view === 'all' || r.deferred > 0)
    .slice(0, AS_OF_EXPORT_MAX);
  const sum = { paid: 0, earned: 0, deferred: 0, refunded: 0 };
  for (const r of rows) {
    sum.paid += r.paid;
    sum.earned += r.earned;
    sum.deferred += r.deferred;
    sum.refunded += r.refunded;
  }
  const csv = toCsv(asOfHeaders[language], [
    ...rows.map((r) => [
      r.ticketIssueId,
      r.memberName,
      r.ticketName,
      r.soldOn,
      basisLabels[language][r.basis],
      r.startDate,
      r.endDate ?? '',
      r.sessionCount === null ? '' : `${r.sessionsUsed}/${r.sessionCount}`,
      r.paid,
      r.earned,
      r.deferred,
      r.refunded,
    ]),
    [totalLabel[language], '', '', '', '', '', '', '', sum.paid, sum.earned, sum.deferred, sum.refunded],
  ]);
  await writeAudit(tx, {
    gymId,
    action: 'sales.export',
    entity: 'ticket-issue',
    entityId: null,
    after: { list: 'revenue-as-of', date: day, view: query.view, rows: rows.length },
    actorMemberId: actor.memberId,
    requestId: actor.requestId,
    now: actor.now,
  });
  return csv;
};
