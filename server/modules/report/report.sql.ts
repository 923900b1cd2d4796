import { type SQL, sql } from 'drizzle-orm';
import type { PaymentMethod, SaleItemType } from '#domain/enums.ts';
import type { PeriodUnit } from '#domain/rules/passes.ts';
import { addDays, seoulDayStartUtc } from '#domain/rules/seoul-time.ts';

// The reports' SQL (docs/rules.md#reports, #revenue-recognition): the statements the queries run, grouped in SQL
// over the range, and the fragments they share.
// - sales count when the money is received: the payment lines, by the Seoul day of `create_date`
//   (`payment_line_gym_idx (gym_id, create_date)`); refunds are the REFUND lines (zero or negative);
// - sales made (new customers against renewals, the average sale) are the `sale` rows of the range
//   (`sale_gym_date_idx (gym_id, create_date)`);
// - expenditure is the `expense` rows by `spent_on`, reversals included (`expense_gym_idx`).
// Days that are over are read from their sums (`payment_day`, `sale_day`, marked in `report_day`), made on the
// first read of the day (`ensureSummed`, report.commands.ts); the days not yet over (today) are summed from the
// rows on every read. A Seoul day is bucketed with `date_bin('1 day', t, <a Seoul midnight>)` and handed to JS as
// its day number (days since 1970-01-01): far cheaper per row than `at time zone 'Asia/Seoul'` or `to_char`, which
// matters on the hundreds of thousands of lines of a large facility.

export type Day = string;
export type Month = string;

/** The instant a Seoul day starts, as a timestamptz literal the statements compare `create_date` with. */
export const dayStart = (day: Day) => seoulDayStartUtc(day).toISOString();
/** The instant after a Seoul day ends. */
export const dayEnd = (day: Day) => dayStart(addDays(day, 1));

/** A Seoul midnight: the origin of the day buckets (Seoul has kept +09:00, without summer time, since 1988). */
export const SEOUL_ORIGIN = sql.raw(`timestamptz '1970-01-01 00:00+09'`);
/** The instant the Seoul day of `column` starts: the group key of a day. */
export const seoulDayBin = (column: SQL) => sql`date_bin('1 day', ${column}, ${SEOUL_ORIGIN})`;
/** A day bucket (from `seoulDayBin`) as its day number, for the grouped rows only. */
export const dayNumberOf = (bucket: SQL) => sql`date_part('day', ${bucket} - ${SEOUL_ORIGIN})::int`;
/** The Seoul day number of an instant, for rows that are not grouped by it. */
export const seoulDayNumber = (column: SQL) => dayNumberOf(seoulDayBin(column));

/** A customer's first pass sale: no earlier PASS sale of theirs (`sale_member_idx (member_id, id)`). */
export const isNewPassSale = sql`(s.item_type = 'PASS' and not exists (
  select 1 from sale e
  where e.member_id = s.member_id and e.id < s.id and e.item_type = 'PASS' and e.gym_id = s.gym_id))`;

// ---------------------------------------------------------------------------------------------------------
// Summed days

/** How many of the facility's days of [from, last] are summed already. */
export const summedDaysSql = (gymId: number, from: Day, last: Day) =>
  sql`select count(*) as n from report_day where gym_id = ${gymId} and day >= ${from}::date and day <= ${last}::date`;

/** Claims the facility's days of [from, last] not claimed yet, answering those it claimed. */
export const claimDaysSql = (gymId: number, from: Day, last: Day) =>
  sql`
    insert into report_day (gym_id, day)
    select ${gymId}, d::date from generate_series(${from}::date, ${last}::date, interval '1 day') d
    on conflict (gym_id, day) do nothing
    returning day::text as day`;

/** The claimed days' payment lines summed four ways (grouping sets), each by status. */
export const sumPaymentDaysSql = (gymId: number, start: string, end: string, days: SQL) =>
  sql`
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
        (x.day, x.staff, x.status), (x.day, x.method, x.status))`;

/** The claimed days' sales by item type and whether each was a customer's first pass sale. */
export const sumSaleDaysSql = (gymId: number, start: string, end: string, days: SQL) =>
  sql`
      insert into sale_day (gym_id, day, item_type, is_new, sales, amount)
      select ${gymId}, x.day, x.item_type, x.is_new, count(*), coalesce(sum(x.price), 0)
      from (
        select date '1970-01-01' + ${seoulDayNumber(sql`s.create_date`)} as day, s.item_type,
          ${isNewPassSale} as is_new, s.price
        from sale s
        where s.gym_id = ${gymId} and s.create_date >= ${start}::timestamptz and s.create_date < ${end}::timestamptz
      ) x
      where x.day in (${days})
      group by x.day, x.item_type, x.is_new`;

// ---------------------------------------------------------------------------------------------------------
// Statistics and history

export type GroupedLine = {
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
export const BY_DAY = 0b01111;
export const BY_ITEM = 0b10011;
export const BY_STAFF = 0b11101;
export const BY_METHOD = 0b11110;

/** `payment_day.grouping` of a whole day's rows: grouped by none of item type, item name, staff and method. */
export const WHOLE_DAY = 0b1111;

/**
 * The range's payment lines grouped four ways (grouping sets), each by status: by Seoul day, by item type and name,
 * by the staff member who made the sale (with the name), and by method. Days up to `summedTo` come from their sums
 * (already grouped the same four ways), the rest from the lines. `g` is `grouping(day, item_type, item_name,
 * staff, method)`: a summed day's four-column grouping with the day's bit added for all but the by-day rows.
 */
export const linesGroupedSql = (gymId: number, from: Day, to: Day, summedTo: Day) =>
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
      from g left join member m on m.id = g.staff`;

export type SalesRow = {
  itemType: SaleItemType;
  isNew: boolean;
  n: number | string;
  amount: number | string;
};

/**
 * The sales made in the range, by item type and, for passes, whether it was the customer's first pass sale
 * ever (`isNewPassSale`). Days up to `summedTo` come from their sums, the rest from the sales.
 */
export const salesGroupedSql = (gymId: number, from: Day, to: Day, summedTo: Day) =>
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
      group by 1, 2`;

/** The range's payment lines by Seoul day (as a day number) and status: summed days, then the lines after them. */
export const receivedByDayAndStatusSql = (gymId: number, from: Day, to: Day, summedTo: Day) =>
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
      ) x`;

/** The range's expenses (reversals included) by the day spent (as a day number). */
export const expenditureByDaySql = (gymId: number, from: Day, to: Day) =>
  sql`
      select e.spent_on - date '1970-01-01' as day, sum(e.amount) as amount
      from expense e
      where e.gym_id = ${gymId} and e.spent_on >= ${from}::date and e.spent_on <= ${to}::date
      group by 1`;

// ---------------------------------------------------------------------------------------------------------
// Earned and deferred revenue

/**
 * The passes a read covers: sold before `end` (a pass's `create_date` is its sale's) and matching `where` (on
 * `i`, the pass). The one definition the four statements of `loadPasses` share.
 */
export const passesWhere = (gymId: number, end: string, where: SQL) => sql`
  select i.id from ticket_issue i
  where i.gym_id = ${gymId} and i.create_date < ${end}::timestamptz and ${where}`;

/**
 * A pass that has run its course by `day` has earned all it kept: refunded by then, a period pass whose last day
 * (holds included) is before it, or a pass with neither period nor sessions. `recognize` answers the same for it
 * (its share is whole, or it is closed); the reports leave it out of the per-pass work.
 */
export const ranItsCourse = (day: Day) => sql`(
  (i.status = 'REFUND' and i.refunded_at < ${dayEnd(day)}::timestamptz)
  or (i.end_date < ${day}::date and i.period_amount is not null and i.period_unit is not null)
  or (i.period_amount is null and i.session_count is null))`;

/** A sold pass as `loadPasses` reads it (revenue.queries.ts), before its history. */
export type PassRow = {
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

/** The passes of `where` sold before `end`, with the customer's name when `names`. */
export const passFactsSql = (gymId: number, end: string, where: SQL, names: boolean) =>
  sql`
      select i.id, i.member_id as "memberId",
        ${names ? sql`(select m.name from member m where m.id = i.member_id)` : sql`''`} as "memberName",
        i.ticket_name as "ticketName", ${seoulDayNumber(sql`i.create_date`)} as "soldDay",
        i.start_date::text as "startDate", i.end_date::text as "endDate",
        i.end_date - date '1970-01-01' as "endDay", i.period_amount as "periodAmount",
        i.period_unit as "periodUnit", i.session_count as "sessionCount", i.price,
        ${seoulDayNumber(sql`i.refunded_at`)} as "refundedDay"
      from ticket_issue i
      where i.gym_id = ${gymId} and i.create_date < ${end}::timestamptz and ${where}`;

/** The payment lines of the passes `chosen` by day, the days before `bucket`'s floor summed into it. */
export const passLinesSql = (gymId: number, end: string, chosen: SQL, bucket: (column: SQL) => SQL) =>
  sql`
      select x.id, ${dayNumberOf(sql`x.day`)} as day, x.status, x.amount from (
        select s.ticket_issue_id as id, ${bucket(sql`pl.create_date`)} as day, pl.status, sum(pl.amount) as amount
        from payment_line pl
        join sale s on s.id = pl.sale_id and s.item_type = 'PASS'
        where pl.gym_id = ${gymId} and pl.create_date < ${end}::timestamptz
          and s.ticket_issue_id in (${chosen})
        group by 1, 2, 3
      ) x`;

/** The usage of the session passes `sessionPasses` by day, likewise. */
export const passUsageSql = (gymId: number, end: string, sessionPasses: SQL, bucket: (column: SQL) => SQL) =>
  sql`
      select x.id, ${dayNumberOf(sql`x.day`)} as day, x.sessions from (
        select u.ticket_issue_id as id, ${bucket(sql`u.create_date`)} as day, sum(u.sessions) as sessions
        from ticket_usage u
        where u.gym_id = ${gymId} and u.kind <> 'REFUND' and u.create_date < ${end}::timestamptz
          and u.ticket_issue_id in (${sessionPasses})
        group by 1, 2
      ) x`;

/** The holds of the period passes `periodPasses`. */
export const passHoldsSql = (gymId: number, periodPasses: SQL) =>
  sql`
      select h.ticket_issue_id as id, h.start_date::text as "startDate", h.end_date::text as "endDate"
      from ticket_hold h
      where h.gym_id = ${gymId} and h.ticket_issue_id in (${periodPasses})`;

/** The net money received (payments and refunds of every sale) before the range, and on each day of it. */
export const receivedByDaySql = (gymId: number, from: Day, to: Day) =>
  sql`
      select ${dayNumberOf(sql`x.day`)} as day, x.amount from (
        select case when pl.create_date < ${dayStart(from)}::timestamptz then null
            else ${seoulDayBin(sql`pl.create_date`)} end as day,
          sum(pl.amount) as amount
        from payment_line pl
        where pl.gym_id = ${gymId} and pl.create_date < ${dayEnd(to)}::timestamptz
        group by 1
      ) x`;

/** How many passes were sold by the day, by whether they have run their course. */
export const passCountsSql = (gymId: number, day: Day, end: string) =>
  sql`
      select ${ranItsCourse(day)} as done, count(*) as passes
      from ticket_issue i
      where i.gym_id = ${gymId} and i.create_date < ${end}::timestamptz
      group by 1`;

/** What was paid and refunded on the passes sold by the day, by whether they have run their course. */
export const passSumsSql = (gymId: number, day: Day, end: string) =>
  sql`
      select ${ranItsCourse(day)} as done,
        coalesce(sum(case when pl.status = 'APPROVE' then pl.amount else 0 end), 0) as paid,
        -coalesce(sum(case when pl.status = 'REFUND' then pl.amount else 0 end), 0) as refunded
      from payment_line pl
      join sale s on s.id = pl.sale_id and s.item_type = 'PASS'
      join ticket_issue i on i.id = s.ticket_issue_id
      where pl.gym_id = ${gymId} and pl.create_date < ${end}::timestamptz
        and i.gym_id = ${gymId} and i.create_date < ${end}::timestamptz
      group by 1`;

/** A page of the passes sold by the day, newest first. */
export const passPageSql = (gymId: number, day: Day, start: number, end: number) =>
  sql`
      select i.id from ticket_issue i
      where i.gym_id = ${gymId} and i.create_date < ${dayEnd(day)}::timestamptz
      order by i.create_date desc, i.id desc
      limit ${Math.max(0, end - start)} offset ${start}`;
