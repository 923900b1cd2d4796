import {
  revenueAsOfRoute,
  revenueChartRoute,
  revenueHistoryRoute,
  statisticsRoute,
} from '#domain/api/report.ts';
import type { HistoryUnit } from '#domain/schemas/report.ts';
import { useContract } from '#src/kit/contract-hooks.ts';
import { queryKeys } from '#src/kit/query-keys.ts';
import type { MonthRange } from './report-model.ts';

// The report pages' reads (docs/rules.md#reports): each keeps the last answer on screen while the next loads.

export const reportKeys = queryKeys('reports', {
  statistics: (gymId: number, range: MonthRange) => [gymId, range.from, range.to],
  'revenue-history': (gymId: number, range: MonthRange, unit: HistoryUnit) => [
    gymId,
    range.from,
    range.to,
    unit,
  ],
  revenue: (gymId: number, range: MonthRange) => [gymId, range.from, range.to],
  'revenue-as-of': (gymId: number, date: string, view: string, page: number) => [gymId, date, view, page],
});

/** The month range's statistics. */
export const useStatistics = (gymId: number, range: MonthRange) =>
  useContract(
    statisticsRoute,
    { query: { gymId, ...range } },
    {
      queryKey: reportKeys.statistics(gymId, range),
      enabled: gymId > 0,
      placeholderData: (previous) => previous,
    },
  );

/** Received, refunds, expenditure and net by day or month. */
export const useRevenueHistory = (gymId: number, range: MonthRange, unit: HistoryUnit) =>
  useContract(
    revenueHistoryRoute,
    { query: { gymId, ...range, unit } },
    {
      queryKey: reportKeys['revenue-history'](gymId, range, unit),
      enabled: gymId > 0,
      placeholderData: (previous) => previous,
    },
  );

/** Earned against deferred revenue at each month's end. */
export const useRevenueChart = (gymId: number, range: MonthRange) =>
  useContract(
    revenueChartRoute,
    { query: { gymId, ...range } },
    {
      queryKey: reportKeys.revenue(gymId, range),
      enabled: gymId > 0,
      placeholderData: (previous) => previous,
    },
  );

/** A page of the sold passes as of a day, with the reconciliation. */
export const useRevenueAsOf = (
  gymId: number,
  { date, view, page, pageSize }: { date: string; view: 'all' | 'deferred'; page: number; pageSize: number },
) =>
  useContract(
    revenueAsOfRoute,
    { query: { gymId, date, view, _start: (page - 1) * pageSize, _end: page * pageSize } },
    {
      queryKey: reportKeys['revenue-as-of'](gymId, date, view, page),
      enabled: gymId > 0,
      placeholderData: (previous) => previous,
    },
  );
