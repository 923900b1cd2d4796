import { toCsv } from '#domain/rules/csv.ts';
import type { RevenueChart, SalesStatistics } from '#domain/schemas/report.ts';
import { REPORT_MAX_MONTHS } from '#domain/schemas/report.ts';
import type { Translate } from '#src/kit/translate.ts';

// The report pages' pure parts (docs/rules.md#reports): month ranges, period labels and the CSVs built in the
// browser. No React and no chart library here, so the chunks that import it stay small.

export type MonthRange = { from: string; to: string };

const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
const monthOf = (i: number) => `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;

/** `this` month and the `count − 1` months before it. */
export const lastMonths = (thisMonth: string, count: number): MonthRange => ({
  from: monthOf(monthIndex(thisMonth) - (count - 1)),
  to: thisMonth,
});

/** How many months a range covers, both ends counted. */
export const monthsIn = (range: MonthRange): number => monthIndex(range.to) - monthIndex(range.from) + 1;

/** Whether the server takes the range: from ≤ to, at most 24 months, not after this month. */
export const rangeAllowed = (range: MonthRange, thisMonth: string): boolean =>
  monthsIn(range) >= 1 && monthsIn(range) <= REPORT_MAX_MONTHS && range.to <= thisMonth;

/** Whether a month may be picked: not after this month, and within 24 months of the first month picked. */
export const monthDisabled = (month: string, thisMonth: string, picked?: string): boolean => {
  if (month > thisMonth) return true;
  if (!picked) return false;
  return Math.abs(monthIndex(month) - monthIndex(picked)) >= REPORT_MAX_MONTHS;
};

/** 2026-03 → "2026.03"; 2026-03-05 → "03.05" (short) or "2026.03.05". */
export const monthLabel = (month: string) => month.replace('-', '.');
export const dayLabel = (day: string, short = false) =>
  short ? day.slice(5).replace('-', '.') : day.replaceAll('-', '.');

/** The statistics by day and the breakdowns, one block after the other, as a CSV for the records. */
export const statisticsCsv = (s: SalesStatistics, translate: Translate): string => {
  const t = (key: string) => translate(`reports.${key}`);
  const money = (m: { received: number; refunds: number; net: number }) => [m.received, m.refunds, m.net];
  const blank: string[] = [];
  const rows: (string | number)[][] = [
    ...s.byDay.map((d) => [d.date, ...money(d)]),
    [t('csv.total'), ...money(s.totals)],
    blank,
    [t('statistics.byItemType'), t('columns.received'), t('columns.refunds'), t('columns.net')],
    ...s.byItemType.map((r) => [translate(`reports.itemType.${r.itemType}`), ...money(r)]),
    blank,
    [t('statistics.byItem'), t('columns.received'), t('columns.refunds'), t('columns.net')],
    ...s.byItem.map((r) => [`${r.itemName} (${translate(`reports.itemType.${r.itemType}`)})`, ...money(r)]),
    blank,
    [t('statistics.byStaff'), t('columns.received'), t('columns.refunds'), t('columns.net')],
    ...s.byStaff.map((r) => [r.name ?? t('statistics.noStaff'), ...money(r)]),
    blank,
    [t('statistics.byMethod'), t('columns.received'), t('columns.refunds'), t('columns.net')],
    ...s.byMethod.map((r) => [translate(`reports.method.${r.method}`), ...money(r)]),
    blank,
    [t('statistics.customers'), t('columns.count'), t('columns.amount')],
    [t('statistics.new'), s.customers.newCount, s.customers.newAmount],
    [t('statistics.renewal'), s.customers.renewalCount, s.customers.renewalAmount],
    [t('statistics.averageSale'), s.totals.sales, s.totals.averageSale],
  ];
  return toCsv([t('columns.date'), t('columns.received'), t('columns.refunds'), t('columns.net')], rows);
};

/** The months of the earned / deferred report as a CSV. */
export const revenueChartCsv = (chart: RevenueChart, translate: Translate): string =>
  toCsv(
    ['month', 'asOf', 'received', 'earned', 'earnedToDate', 'deferred'].map((k) =>
      translate(`reports.columns.${k}`),
    ),
    chart.months.map((m) => [m.month, m.asOf, m.received, m.earned, m.earnedToDate, m.deferred]),
  );
