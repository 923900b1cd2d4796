import type { PaymentMethod, SaleItemType } from '#domain/enums.ts';
import { safeSum } from '#domain/rules/money.ts';
import { dayNumber, isoOfDayNumber } from '#domain/rules/revenue-fast.ts';
import { addDays, seoulToday } from '#domain/rules/seoul-time.ts';
import {
  type MonthRangeQuery,
  REPORT_MAX_MONTHS,
  type RevenueHistory,
  type RevenueHistoryQuery,
  type SalesStatistics,
} from '#domain/schemas/report.ts';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../ops/tables.ts';
import { addLine, addMoney, byReceived, type Money, money } from './report.mappers.ts';
import { badField } from './report.refusals.ts';
import {
  BY_DAY,
  BY_ITEM,
  BY_METHOD,
  BY_STAFF,
  type Day,
  expenditureByDaySql,
  type GroupedLine,
  linesGroupedSql,
  type Month,
  receivedByDayAndStatusSql,
  type SalesRow,
  salesGroupedSql,
} from './report.sql.ts';
import { ensureSummed } from './summed-days.commands.ts';

// The reports' read models (docs/rules.md#reports): the range, the sales statistics and the revenue history, each
// from grouped statements (report.sql.ts) folded here. Earned and deferred revenue is revenue.queries.ts.

// ---------------------------------------------------------------------------------------------------------
// Ranges

const monthIndex = (month: Month) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
const monthOfIndex = (i: number): Month => `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
export const monthLastDay = (month: Month): Day => addDays(`${monthOfIndex(monthIndex(month) + 1)}-01`, -1);

export type ReportRange = { from: Month; to: Month; months: Month[]; firstDay: Day; lastDay: Day };

/**
 * The Seoul months `from` to `to`, inclusive: at most 24, `from` not after `to`, `to` not after this month;
 * otherwise 400 on `to`.
 */
export const reportRange = (from: Month, to: Month, now: Date): ReportRange => {
  const a = monthIndex(from);
  const b = monthIndex(to);
  if (a > b) throw badField('to', 'reportRangeOrder');
  if (b - a + 1 > REPORT_MAX_MONTHS) throw badField('to', 'reportRangeTooLong');
  if (b > monthIndex(seoulToday(now).slice(0, 7))) throw badField('to', 'reportRangeFuture');
  const months = Array.from({ length: b - a + 1 }, (_, i) => monthOfIndex(a + i));
  return { from, to, months, firstDay: `${from}-01`, lastDay: monthLastDay(to) };
};

/** The day numbers of [first, last]. */
const dayNumbersOf = (first: Day, last: Day): number[] => {
  const a = dayNumber(first);
  return Array.from({ length: dayNumber(last) - a + 1 }, (_, i) => a + i);
};

// ---------------------------------------------------------------------------------------------------------
// Statistics

type LineSums = {
  days: Map<number, Money>;
  itemTypes: Map<SaleItemType, Money>;
  items: Map<string, Money & { itemType: SaleItemType; itemName: string }>;
  staff: Map<number | null, Money & { name: string | null }>;
  methods: Map<PaymentMethod, Money>;
  totals: Money & { payments: number; refundCount: number };
};

/** The grouped payment lines summed by day, item type, item, staff member and method. */
const sumLines = (range: ReportRange, lines: GroupedLine[]): LineSums => {
  const sums: LineSums = {
    days: new Map(dayNumbersOf(range.firstDay, range.lastDay).map((d) => [d, money()])),
    itemTypes: new Map(),
    items: new Map(),
    staff: new Map(),
    methods: new Map(),
    totals: { ...money(), payments: 0, refundCount: 0 },
  };
  const { days, itemTypes, items, staff, methods, totals } = sums;
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
  return sums;
};

/** The sales made: how many and for how much, and new customers against renewals among the pass sales. */
const sumSales = (sales: SalesRow[]) => {
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
  return { customers, saleCount, salesAmount };
};

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
    queryRows<GroupedLine>(db, linesGroupedSql(gymId, range.firstDay, range.lastDay, summedTo)),
    queryRows<SalesRow>(db, salesGroupedSql(gymId, range.firstDay, range.lastDay, summedTo)),
  ]);
  const { days, itemTypes, items, staff, methods, totals } = sumLines(range, lines);
  const { customers, saleCount, salesAmount } = sumSales(sales);
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
    queryRows<{ day: number; status: string; amount: number | string }>(
      db,
      receivedByDayAndStatusSql(gymId, range.firstDay, range.lastDay, summedTo),
    ),
    queryRows<{ day: number; amount: number | string }>(
      db,
      expenditureByDaySql(gymId, range.firstDay, range.lastDay),
    ),
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
