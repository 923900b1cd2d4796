import { z } from 'zod';
import { dataOf } from '../schemas/common.ts';
import {
  monthRangeQuerySchema,
  revenueAsOfExportQuerySchema,
  revenueAsOfQuerySchema,
  revenueAsOfSchema,
  revenueChartSchema,
  revenueHistoryQuerySchema,
  revenueHistorySchema,
  statisticsSchema,
} from '../schemas/report.ts';
import { defineRoute } from './define.ts';

// The reports (docs/rules.md#reports, #revenue-recognition), read with payHistoryUseYn. A range is `from` to `to`
// (YYYY-MM, inclusive), at most 24 months and not after this month: otherwise 400 on `to`.

/**
 * `GET /web/report/statistics?gymId&from&to`: money received by day and month, by item type and product, by the
 * staff member who sold, by method; new customers against renewals; refunds; the average sale.
 */
export const statisticsRoute = defineRoute({
  method: 'GET',
  path: '/report/statistics',
  query: monthRangeQuerySchema,
  status: 200,
  response: dataOf(statisticsSchema),
});

/** `GET /web/report/revenue-history?gymId&from&to&unit=day|month`: received, refunds, expenditure and net. */
export const revenueHistoryRoute = defineRoute({
  method: 'GET',
  path: '/report/revenue-history',
  query: revenueHistoryQuerySchema,
  status: 200,
  response: dataOf(revenueHistorySchema),
});

/** `GET /web/report/revenue-history/export.csv`: the same rows and the totals as a CSV (UTF-8 with a BOM). */
export const revenueHistoryExportRoute = defineRoute({
  method: 'GET',
  path: '/report/revenue-history/export.csv',
  query: revenueHistoryQuerySchema,
  status: 200,
  response: z.string().meta({ description: 'text/csv' }),
});

/** `GET /web/report/revenue?gymId&from&to`: at each month's end, earned in the month, earned to date, deferred. */
export const revenueChartRoute = defineRoute({
  method: 'GET',
  path: '/report/revenue',
  query: monthRangeQuerySchema,
  status: 200,
  response: dataOf(revenueChartSchema),
});

/**
 * `GET /web/report/revenue/as-of?gymId&date&_start&_end&view`: each pass sold by the day with paid, earned,
 * deferred and refunded (paged), the totals of every pass, and whether paid = earned + deferred + refunded.
 */
export const revenueAsOfRoute = defineRoute({
  method: 'GET',
  path: '/report/revenue/as-of',
  query: revenueAsOfQuerySchema,
  status: 200,
  response: dataOf(revenueAsOfSchema),
});

/**
 * `GET /web/report/revenue/as-of/export.csv?gymId&date&view`: every pass of the view as of the day, with the
 * totals, as a CSV (UTF-8 with a BOM; at most 50,000 passes). It names customers: written to the audit log.
 */
export const revenueAsOfExportRoute = defineRoute({
  method: 'GET',
  path: '/report/revenue/as-of/export.csv',
  query: revenueAsOfExportQuerySchema,
  status: 200,
  response: z.string().meta({ description: 'text/csv' }),
});
