import { z } from 'zod';
import { paymentMethods, payRequestStatuses, saleAdjustmentKinds, saleItemTypes } from '../enums.ts';
import { calendarDate, dataOf, idSchema, isoDate, isoDateTime } from './common.ts';
import { paymentInputSchema } from './pass.ts';
import { text } from './text.ts';

// The ledger (docs/rules.md#money): the payment history, the unpaid balances with their actions (collect, write
// off), and the sales list with its corrections. Lists are paged with `_start`/`_end`; dates are Asia/Seoul days.

const day = calendarDate;
const gymId = z.coerce.number().int().positive().max(2_147_483_647);
const page = {
  _start: z.coerce.number().int().min(0).max(1_000_000).default(0),
  _end: z.coerce.number().int().min(1).max(1_000_000).default(20),
};

/** The filter of the payment history (and of its CSV). `from`/`to` default to this month so far. */
export const payHistoryFilterSchema = z.strictObject({
  gymId,
  from: day.optional(),
  to: day.optional(),
  method: z.enum(paymentMethods, 'invalidValue').optional(),
  status: z.enum(['APPROVE', 'REFUND'], 'invalidValue').optional(),
  /** The staff member who took the line. */
  staffId: idSchema.optional(),
  memberId: idSchema.optional(),
  itemType: z.enum(saleItemTypes, 'invalidValue').optional(),
});
export type PayHistoryFilter = z.output<typeof payHistoryFilterSchema>;
export const payHistoryQuerySchema = payHistoryFilterSchema.extend(page);
export type PayHistoryQuery = z.output<typeof payHistoryQuerySchema>;

/** One payment line: a payment (APPROVE, positive) or a refund (REFUND, zero or negative). */
export const payHistoryLineSchema = z
  .object({
    id: z.number().int(),
    createDate: isoDateTime,
    memberId: z.number().int(),
    memberName: z.string(),
    /** Masked (010-****-5678). */
    phone: z.string(),
    saleId: z.number().int(),
    itemType: z.enum(saleItemTypes),
    itemName: z.string(),
    method: z.enum(paymentMethods),
    amount: z.number().int(),
    status: z.enum(['APPROVE', 'REFUND']),
    checkoutId: z.number().int().nullable(),
    staffId: z.number().int().nullable(),
    staffName: z.string().nullable(),
    note: z.string().nullable(),
  })
  .meta({ id: 'PayHistoryLine' });
export type PayHistoryLine = z.output<typeof payHistoryLineSchema>;

const methodTotal = z.object({
  /** The APPROVE lines' sum. */
  paid: z.number().int(),
  /** The REFUND lines' sum, as a positive amount. */
  refunded: z.number().int(),
  /** paid − refunded. */
  net: z.number().int(),
  count: z.number().int(),
});
export type MethodTotal = z.output<typeof methodTotal>;

/** The whole filtered range's totals, by method and overall. */
export const payHistoryTotalsSchema = z
  .object({
    CARD: methodTotal,
    CASH: methodTotal,
    TRANSFER: methodTotal,
    all: methodTotal,
  })
  .meta({ id: 'PayHistoryTotals' });
export type PayHistoryTotals = z.output<typeof payHistoryTotalsSchema>;

export const payHistoryPageSchema = z
  .object({
    rows: z.array(payHistoryLineSchema),
    total: z.number().int(),
    totals: payHistoryTotalsSchema,
    from: isoDate,
    to: isoDate,
  })
  .meta({ id: 'PayHistoryPage' });
export type PayHistoryPage = z.output<typeof payHistoryPageSchema>;

// ─── Unpaid balances ───────────────────────────────────────────────────────────────────────────────────────────

export const unpaidSorts = ['oldest', 'newest', 'owed'] as const;
export type UnpaidSort = (typeof unpaidSorts)[number];

export const unpaidFilterSchema = z.strictObject({
  gymId,
  /** A name or phone fragment, as the customer list searches. */
  q: text({ max: 40 }).optional(),
  /** One customer's owing sales (the customer page names the sales a blocking balance comes from). */
  memberId: z.coerce.number().int().positive().optional(),
  sort: z.enum(unpaidSorts, 'invalidValue').default('oldest'),
});
export type UnpaidFilter = z.output<typeof unpaidFilterSchema>;
export const unpaidQuerySchema = unpaidFilterSchema.extend(page);
export type UnpaidQuery = z.output<typeof unpaidQuerySchema>;

/** One sale with a balance. */
export const unpaidRowSchema = z
  .object({
    saleId: z.number().int(),
    createDate: isoDateTime,
    /** The sale's Asia/Seoul day, from which the age counts. */
    saleDay: isoDate,
    ageDays: z.number().int(),
    memberId: z.number().int(),
    memberName: z.string(),
    phone: z.string(),
    itemType: z.enum(saleItemTypes),
    itemName: z.string(),
    price: z.number().int(),
    /** The sum of its write-offs and corrections. */
    adjusted: z.number().int(),
    paid: z.number().int(),
    owed: z.number().int(),
    checkoutId: z.number().int().nullable(),
    staffName: z.string().nullable(),
    /** The latest payment request for this sale, if any. */
    request: z
      .object({
        id: z.number().int(),
        /** As `payRequestStatus` (domain/rules/pay-request.ts) derives it: EXPIRED once revoked or past its expiry. */
        status: z.enum(payRequestStatuses),
        amount: z.number().int(),
        expiresAt: isoDateTime,
      })
      .nullable(),
  })
  .meta({ id: 'UnpaidRow' });
export type UnpaidRow = z.output<typeof unpaidRowSchema>;

export const unpaidPageSchema = z
  .object({
    rows: z.array(unpaidRowSchema),
    total: z.number().int(),
    /** What every sale of the filter owes. */
    totalOwed: z.number().int(),
    /** The customers who owe (of the filter). */
    customers: z.number().int(),
  })
  .meta({ id: 'UnpaidPage' });
export type UnpaidPage = z.output<typeof unpaidPageSchema>;

// ─── Sale actions ──────────────────────────────────────────────────────────────────────────────────────────────

export const saleIdParamsSchema = z.object({ saleId: idSchema });

/** Collecting a balance: payment lines on the sale, never above what it owes. */
export const collectSaleBodySchema = z
  .strictObject({
    gymId: idSchema,
    payments: z.array(paymentInputSchema).min(1, 'required').max(10),
  })
  .meta({ id: 'SaleCollect' });
export type CollectSaleBody = z.input<typeof collectSaleBodySchema>;

export const collectResultSchema = z
  .object({ checkoutId: z.number().int(), owed: z.number().int() })
  .meta({ id: 'SaleCollectResult' });

/** Writing off the whole balance (the representative only), with the reason. */
export const writeOffBodySchema = z
  .strictObject({ gymId: idSchema, reason: text({ min: 1, max: 200 }) })
  .meta({ id: 'SaleWriteOff' });
export type WriteOffBody = z.input<typeof writeOffBodySchema>;

/** Lowering a sale's price by `amount`, with the reason; never below what was paid. */
export const correctBodySchema = z
  .strictObject({
    gymId: idSchema,
    amount: z.number().int('wholeWon').min(1, 'positiveAmount').max(100_000_000, 'tooLarge'),
    reason: text({ min: 1, max: 200 }),
  })
  .meta({ id: 'SaleCorrect' });
export type CorrectBody = z.input<typeof correctBodySchema>;

export const adjustResultSchema = z
  .object({ adjustmentId: z.number().int(), owed: z.number().int() })
  .meta({ id: 'SaleAdjustResult' });

// ─── The sales list ────────────────────────────────────────────────────────────────────────────────────────────

export const salesFilterSchema = z.strictObject({
  gymId,
  from: day.optional(),
  to: day.optional(),
  itemType: z.enum(saleItemTypes, 'invalidValue').optional(),
  /** The staff member who sold it. */
  staffId: idSchema.optional(),
  memberId: idSchema.optional(),
});
export type SalesFilter = z.output<typeof salesFilterSchema>;
export const salesQuerySchema = salesFilterSchema.extend(page);
export type SalesQuery = z.output<typeof salesQuerySchema>;

export const saleAdjustmentViewSchema = z.object({
  id: z.number().int(),
  kind: z.enum(saleAdjustmentKinds),
  amount: z.number().int(),
  reason: z.string(),
  createDate: isoDateTime,
  staffName: z.string().nullable(),
});
export type SaleAdjustmentView = z.output<typeof saleAdjustmentViewSchema>;

export const saleRefundViewSchema = z.object({
  id: z.number().int(),
  method: z.enum(paymentMethods),
  /** Zero or negative, as the line stores it. */
  amount: z.number().int(),
  createDate: isoDateTime,
  staffName: z.string().nullable(),
});
export type SaleRefundView = z.output<typeof saleRefundViewSchema>;

export const salesRowSchema = z
  .object({
    id: z.number().int(),
    createDate: isoDateTime,
    memberId: z.number().int(),
    memberName: z.string(),
    phone: z.string(),
    itemType: z.enum(saleItemTypes),
    itemName: z.string(),
    quantity: z.number().int(),
    listPrice: z.number().int(),
    /** listPrice − price. */
    discount: z.number().int(),
    promotionName: z.string().nullable(),
    priceReason: z.string().nullable(),
    price: z.number().int(),
    adjustments: z.array(saleAdjustmentViewSchema),
    refunds: z.array(saleRefundViewSchema),
    /** The APPROVE lines' sum. */
    paid: z.number().int(),
    /** The REFUND lines' sum, as a positive amount. */
    refunded: z.number().int(),
    owed: z.number().int(),
    /** The pass is refunded: nothing is owed and nothing can be corrected. */
    closed: z.boolean(),
    staffId: z.number().int().nullable(),
    staffName: z.string().nullable(),
    checkoutId: z.number().int().nullable(),
  })
  .meta({ id: 'SalesRow' });
export type SalesRow = z.output<typeof salesRowSchema>;

export const salesTotalsSchema = z.object({
  count: z.number().int(),
  listPrice: z.number().int(),
  discount: z.number().int(),
  price: z.number().int(),
  adjusted: z.number().int(),
  paid: z.number().int(),
  refunded: z.number().int(),
});
export type SalesTotals = z.output<typeof salesTotalsSchema>;

export const salesPageSchema = z
  .object({
    rows: z.array(salesRowSchema),
    total: z.number().int(),
    totals: salesTotalsSchema,
    from: isoDate,
    to: isoDate,
  })
  .meta({ id: 'SalesPage' });
export type SalesPage = z.output<typeof salesPageSchema>;

// ─── The answers, as the routes declare them ───────────────────────────────────────────────────────────────────

export const payHistoryAnswer = dataOf(payHistoryPageSchema);
export const unpaidAnswer = dataOf(unpaidPageSchema);
export const salesAnswer = dataOf(salesPageSchema);
export const collectAnswer = dataOf(collectResultSchema);
export const adjustAnswer = dataOf(adjustResultSchema);
/** A CSV export: UTF-8 with a BOM (Excel reads Korean), written to the audit log. */
export const csvAnswer = z.string().meta({ description: 'text/csv' });
