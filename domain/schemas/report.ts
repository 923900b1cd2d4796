import { z } from 'zod';
import { paymentMethods, saleItemTypes } from '../enums.ts';
import { calendarDate, calendarMonth, idSchema, isoDate } from './common.ts';

// The reports (docs/rules.md#reports, #revenue-recognition): sales statistics, the revenue history and earned
// against deferred revenue. Amounts are integer won. A range is of whole Seoul months, `from` to `to` inclusive,
// at most 24 months, ending no later than this month.

/** The most months a report covers. */
export const REPORT_MAX_MONTHS = 24;

export const reportMonth = calendarMonth;
const day = calendarDate;
const won = z.number().int();

export const monthRangeQuerySchema = z.strictObject({ gymId: idSchema, from: reportMonth, to: reportMonth });
export type MonthRangeQuery = z.output<typeof monthRangeQuerySchema>;

// ---------------------------------------------------------------------------------------------------------
// Statistics (`/sales/statistics`)

/** Money received and refunded in a group: `received` the payments (APPROVE), `refunds` the refund lines (≤ 0). */
const moneyFields = {
  received: won,
  /** The REFUND lines' sum: zero or negative. */
  refunds: won,
  /** received + refunds. */
  net: won,
};

export const statisticsSchema = z
  .object({
    from: reportMonth,
    to: reportMonth,
    /** The first and last Seoul day of the range. */
    firstDay: isoDate,
    lastDay: isoDate,
    totals: z.object({
      ...moneyFields,
      /** Payment lines (APPROVE) in the range. */
      payments: z.number().int(),
      /** Refund lines in the range. */
      refundCount: z.number().int(),
      /** Sales made in the range (any item) and the sum of their prices. */
      sales: z.number().int(),
      salesAmount: won,
      /** salesAmount / sales, rounded to the won; 0 without sales. */
      averageSale: won,
    }),
    /** Every day of the range, in order. */
    byDay: z.array(z.object({ date: isoDate, ...moneyFields })),
    /** Every month of the range, in order. */
    byMonth: z.array(z.object({ month: reportMonth, ...moneyFields })),
    byItemType: z.array(z.object({ itemType: z.enum(saleItemTypes), ...moneyFields })),
    /** By product or pass name as sold, largest received first. */
    byItem: z.array(z.object({ itemType: z.enum(saleItemTypes), itemName: z.string(), ...moneyFields })),
    /** By the staff member who made the sale; `memberId` null for sales with nobody recorded. */
    byStaff: z.array(
      z.object({ memberId: z.number().int().nullable(), name: z.string().nullable(), ...moneyFields }),
    ),
    byMethod: z.array(z.object({ method: z.enum(paymentMethods), ...moneyFields })),
    /** Pass sales in the range: a customer's first pass sale ever is new, any later one a renewal. */
    customers: z.object({
      newCount: z.number().int(),
      newAmount: won,
      renewalCount: z.number().int(),
      renewalAmount: won,
    }),
  })
  .meta({ id: 'SalesStatistics' });
export type SalesStatistics = z.output<typeof statisticsSchema>;

// ---------------------------------------------------------------------------------------------------------
// Revenue history (`/revenue/revenue-history`)

export const historyUnits = ['day', 'month'] as const;
export type HistoryUnit = (typeof historyUnits)[number];

export const revenueHistoryQuerySchema = monthRangeQuerySchema.extend({
  unit: z.enum(historyUnits, 'invalidValue').default('month'),
});
export type RevenueHistoryQuery = z.output<typeof revenueHistoryQuerySchema>;

const historyFields = {
  received: won,
  /** The refund lines: zero or negative. */
  refunds: won,
  /** Expenses by the day spent, reversals (negative) included. */
  expenditure: won,
  /** received + refunds − expenditure. */
  net: won,
};

export const revenueHistorySchema = z
  .object({
    unit: z.enum(historyUnits),
    from: reportMonth,
    to: reportMonth,
    /** Every day (`YYYY-MM-DD`) or month (`YYYY-MM`) of the range, in order. */
    rows: z.array(z.object({ period: z.string(), ...historyFields })),
    totals: z.object(historyFields),
  })
  .meta({ id: 'RevenueHistory' });
export type RevenueHistory = z.output<typeof revenueHistorySchema>;

// ---------------------------------------------------------------------------------------------------------
// Earned and deferred (`/revenue/revenue-chart`)

export const revenueChartSchema = z
  .object({
    from: reportMonth,
    to: reportMonth,
    months: z.array(
      z.object({
        month: reportMonth,
        /** The day the month is read at: its last day, or today for this month. */
        asOf: isoDate,
        /** Money received in the month less refunds paid (every sale). */
        received: won,
        /** Revenue earned in the month: passes by use, everything else when paid. */
        earned: won,
        /** Revenue earned from the first sale up to `asOf`. */
        earnedToDate: won,
        /** What passes' customers have paid and not yet used, at `asOf`. */
        deferred: won,
      }),
    ),
  })
  .meta({ id: 'RevenueChart' });
export type RevenueChart = z.output<typeof revenueChartSchema>;

export const revenueAsOfQuerySchema = z.strictObject({
  gymId: idSchema,
  date: day,
  _start: z.coerce.number().int().min(0).max(1_000_000).default(0),
  _end: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /** `deferred`: only passes with revenue still deferred on the day. */
  view: z.enum(['all', 'deferred'], 'invalidValue').default('all'),
});
export type RevenueAsOfQuery = z.output<typeof revenueAsOfQuerySchema>;

/** The "as of" list's CSV: every pass of the view, no page. */
export const revenueAsOfExportQuerySchema = revenueAsOfQuerySchema.omit({ _start: true, _end: true });
export type RevenueAsOfExportQuery = z.output<typeof revenueAsOfExportQuerySchema>;

export const revenueBases = ['PERIOD', 'SESSION', 'BOTH', 'AT_SALE'] as const;

export const passRevenueSchema = z
  .object({
    ticketIssueId: z.number().int(),
    memberId: z.number().int(),
    memberName: z.string(),
    ticketName: z.string(),
    basis: z.enum(revenueBases),
    /** The Seoul day it was sold. */
    soldOn: isoDate,
    startDate: isoDate,
    endDate: isoDate.nullable(),
    sessionCount: z.number().int().nullable(),
    /** Sessions used up to the day. */
    sessionsUsed: z.number().int(),
    /** Refunded on or before the day. */
    refundedOnDay: z.boolean(),
    price: won,
    paid: won,
    earned: won,
    deferred: won,
    refunded: won,
  })
  .meta({ id: 'PassRevenue' });
export type PassRevenue = z.output<typeof passRevenueSchema>;

export const revenueAsOfSchema = z
  .object({
    date: isoDate,
    /** The page of passes sold on or before the day, newest sale first. */
    rows: z.array(passRevenueSchema),
    /** Passes in the view (the page's total). */
    total: z.number().int(),
    /** Every pass sold on or before the day (whatever the view). */
    totals: z.object({ passes: z.number().int(), paid: won, earned: won, deferred: won, refunded: won }),
    /** paid = earned + deferred + refunded over every pass. */
    reconciles: z.boolean(),
  })
  .meta({ id: 'RevenueAsOf' });
export type RevenueAsOf = z.output<typeof revenueAsOfSchema>;
