import { z } from 'zod';
import { paymentMethods, priceSorts, ticketIssueStatuses, ticketSaleStates, usageKinds } from '../enums.ts';
import { passStates, periodUnits, saleLabels } from '../rules/passes.ts';
import { refundFaults } from '../rules/refund.ts';
import { calendarDate, idSchema, isoDateTime } from './common.ts';
import { text } from './text.ts';

// Pass products and sold passes (docs/rules.md#passes).

const won = z.number().int('wholeWon').min(0, 'notNegative').max(100_000_000, 'tooLarge');

/** A pass product as the API returns it, with its sale label for today. */
export const ticketSchema = z
  .object({
    id: z.number().int(),
    gymId: z.number().int(),
    name: z.string(),
    periodAmount: z.number().int().nullable(),
    periodUnit: z.enum(periodUnits).nullable(),
    sessionCount: z.number().int().nullable(),
    originPrice: z.number().int(),
    salePrice: z.number().int(),
    discountPercent: z.number().int(),
    saleStartDate: z.string().nullable(),
    saleEndDate: z.string().nullable(),
    saleState: z.enum(ticketSaleStates),
    saleLabel: z.enum(saleLabels),
    holdMaxCount: z.number().int().nullable(),
    holdMaxDays: z.number().int().nullable(),
    holdMinDays: z.number().int().nullable(),
    entryUsesSession: z.boolean(),
    transferFee: z.number().int(),
    /** A bundle's value of its sessions (docs/rules.md#trainer-pay); null: the whole price buys them. */
    sessionValue: z.number().int().nullable(),
    color: z.string(),
    /** Passes sold of this product (a sold product can be stopped, never deleted). */
    soldCount: z.number().int(),
    createDate: isoDateTime,
    modifiedDate: isoDateTime,
  })
  .meta({ id: 'Ticket' });
export type Ticket = z.output<typeof ticketSchema>;

const ticketFields = {
  name: text({ min: 1, max: 60 }),
  periodAmount: z.number().int().min(1).max(999).nullable().optional(),
  periodUnit: z.enum(periodUnits, 'invalidValue').nullable().optional(),
  sessionCount: z.number().int().min(1).max(999).nullable().optional(),
  originPrice: won,
  salePrice: won,
  saleStartDate: calendarDate.nullable().optional(),
  saleEndDate: calendarDate.nullable().optional(),
  saleState: z.enum(ticketSaleStates, 'invalidValue').optional(),
  holdMaxCount: z.number().int().min(0).max(99).nullable().optional(),
  holdMaxDays: z.number().int().min(0).max(3650).nullable().optional(),
  holdMinDays: z.number().int().min(1).max(3650).nullable().optional(),
  entryUsesSession: z.boolean().optional(),
  transferFee: won.optional(),
  sessionValue: won.nullable().optional(),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'colorFormat')
    .optional(),
};

/** The rules across fields, shared by create and update (the update checks the merged product). */
export const ticketProblems = (t: {
  periodAmount?: number | null;
  periodUnit?: string | null;
  sessionCount?: number | null;
  originPrice?: number;
  salePrice?: number;
  saleStartDate?: string | null;
  saleEndDate?: string | null;
  holdMinDays?: number | null;
  holdMaxDays?: number | null;
  sessionValue?: number | null;
}): { path: string; message: string }[] => {
  const problems: { path: string; message: string }[] = [];
  const hasPeriod = t.periodAmount != null;
  if (hasPeriod !== (t.periodUnit != null)) problems.push({ path: 'periodUnit', message: 'periodPair' });
  if (!hasPeriod && t.sessionCount == null)
    problems.push({ path: 'periodAmount', message: 'periodOrSessions' });
  if (t.originPrice !== undefined && t.salePrice !== undefined && t.salePrice > t.originPrice)
    problems.push({ path: 'salePrice', message: 'saleAboveOrigin' });
  if (t.saleStartDate && t.saleEndDate && t.saleEndDate < t.saleStartDate)
    problems.push({ path: 'saleEndDate', message: 'endBeforeStart' });
  if (t.holdMinDays != null && t.holdMaxDays != null && t.holdMinDays > t.holdMaxDays)
    problems.push({ path: 'holdMinDays', message: 'holdMinAboveMax' });
  // A bundle states the value of its sessions (docs/rules.md#trainer-pay): only a period with sessions has one.
  if (t.sessionValue != null) {
    if (!hasPeriod || t.sessionCount == null)
      problems.push({ path: 'sessionValue', message: 'sessionValueBundleOnly' });
    else if (t.salePrice !== undefined && t.sessionValue > t.salePrice)
      problems.push({ path: 'sessionValue', message: 'sessionValueAbovePrice' });
  }
  return problems;
};

const withProblems = <T extends z.ZodType>(schema: T) =>
  schema.superRefine((value, ctx) => {
    for (const p of ticketProblems(value as Parameters<typeof ticketProblems>[0]))
      ctx.addIssue({ code: 'custom', path: [p.path], message: p.message });
  });

export const ticketCreateSchema = withProblems(
  z.strictObject({ gymId: z.number().int().positive(), ...ticketFields }),
).meta({ id: 'TicketCreate' });
export type TicketCreate = z.input<typeof ticketCreateSchema>;

export const ticketUpdateSchema = z
  .strictObject({
    ...ticketFields,
    name: ticketFields.name.optional(),
    originPrice: won.optional(),
    salePrice: won.optional(),
  })
  .meta({ id: 'TicketUpdate' });
export type TicketUpdate = z.input<typeof ticketUpdateSchema>;

export { priceSorts };

export const holdSchema = z.object({
  id: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  plannedEndDate: z.string(),
  reason: z.string().nullable(),
  days: z.number().int(),
  createDate: isoDateTime,
});

export const paymentSchema = z.object({
  id: z.number().int(),
  saleId: z.number().int(),
  method: z.enum(paymentMethods),
  amount: z.number().int(),
  status: z.enum(['APPROVE', 'REFUND']),
  note: z.string().nullable(),
  /** A refund's computation (`computeRefund`'s answer and its inputs). */
  computation: z.record(z.string(), z.unknown()).nullable(),
  createdByName: z.string().nullable(),
  createDate: isoDateTime,
});

export const usageSchema = z.object({
  id: z.number().int(),
  kind: z.enum(usageKinds),
  sessions: z.number().int(),
  note: z.string().nullable(),
  createdByName: z.string().nullable(),
  createDate: isoDateTime,
});

export const transferSchema = z.object({
  id: z.number().int(),
  fromMemberId: z.number().int(),
  fromName: z.string(),
  toMemberId: z.number().int(),
  toName: z.string(),
  fee: z.number().int(),
  createDate: isoDateTime,
});

/** A sold pass as lists show it. `status` is FIN, WAIT (on hold today) or REFUND; `state` says more. */
export const ticketIssueSchema = z
  .object({
    id: z.number().int(),
    gymId: z.number().int(),
    memberId: z.number().int(),
    memberName: z.string(),
    memberPhone: z.string(),
    ticketId: z.number().int(),
    ticketName: z.string(),
    periodAmount: z.number().int().nullable(),
    periodUnit: z.enum(periodUnits).nullable(),
    startDate: z.string(),
    endDate: z.string().nullable(),
    sessionCount: z.number().int().nullable(),
    sessionsUsed: z.number().int(),
    sessionsLeft: z.number().int().nullable(),
    daysLeft: z.number().int().nullable(),
    status: z.enum(ticketIssueStatuses),
    state: z.enum(passStates),
    price: z.number().int(),
    paidAmount: z.number().int(),
    refundedAmount: z.number().int(),
    unpaidAmount: z.number().int(),
    /**
     * Set when the caller lacks payHistoryUseYn: the price, paid, refunded and unpaid amounts and the payment
     * lines were removed (docs/rules.md#access-table).
     */
    moneyHidden: z.boolean().optional(),
    soldByMemberId: z.number().int().nullable(),
    soldByName: z.string().nullable(),
    createDate: isoDateTime,
  })
  .meta({ id: 'TicketIssue' });
export type TicketIssue = z.output<typeof ticketIssueSchema>;

/** One pass with everything its view draws: holds, payments, usage, transfers and the product's limits. */
export const ticketIssueDetailSchema = ticketIssueSchema
  .extend({
    holds: z.array(holdSchema),
    payments: z.array(paymentSchema),
    usages: z.array(usageSchema),
    transfers: z.array(transferSchema),
    holdMaxCount: z.number().int().nullable(),
    holdMaxDays: z.number().int().nullable(),
    holdMinDays: z.number().int().nullable(),
    transferFee: z.number().int(),
  })
  .meta({ id: 'TicketIssueDetail' });
export type TicketIssueDetail = z.output<typeof ticketIssueDetailSchema>;

export const issueSortFields = ['id', 'startDate', 'endDate', 'price', 'unpaidAmount'] as const;

export const ticketIssueListQuerySchema = z.strictObject({
  status: z.enum(ticketIssueStatuses, 'invalidValue').optional(),
  ticketId: z.coerce.number().int().positive().optional(),
  memberId: z.coerce.number().int().positive().optional(),
  startFrom: calendarDate.optional(),
  startTo: calendarDate.optional(),
  endFrom: calendarDate.optional(),
  endTo: calendarDate.optional(),
  /** Passes in force that end within this many days. */
  expiringDays: z.coerce.number().int().min(1).max(365).optional(),
  unpaid: z
    .enum(['true', 'false'], 'invalidValue')
    .transform((v) => v === 'true')
    .optional(),
  q: text({ max: 50 }).optional(),
  _start: z.coerce.number().int().min(0).max(1_000_000).optional(),
  _end: z.coerce.number().int().min(1).max(1_000_100).optional(),
  _sort: z.enum(issueSortFields, 'invalidValue').optional(),
  _order: z
    .string()
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(['asc', 'desc'], 'invalidValue'))
    .optional(),
});

export const paymentInputSchema = z.strictObject({
  method: z.enum(paymentMethods, 'invalidValue'),
  amount: z.number().int('wholeWon').min(1, 'positiveAmount').max(100_000_000, 'tooLarge'),
});
export type PaymentInput = z.input<typeof paymentInputSchema>;

const payments = z.array(paymentInputSchema).max(10).default([]);

/** Selling a pass: one transaction writes the pass, the sale, its payment lines and the audit rows. */
export const sellBodySchema = z
  .strictObject({
    gymId: idSchema,
    memberId: idSchema,
    ticketId: idSchema,
    /**
     * The first day. When omitted, the day after the customer's running or future pass of the same kind ends, or
     * today (`saleStartDate`, docs/rules.md#renewals).
     */
    startDate: calendarDate.optional(),
    /** Sell it although it overlaps a running or future pass of the same kind (409 `passOverlap` otherwise). */
    allowOverlap: z.boolean().optional(),
    /** The price agreed; the product's sale price when omitted. A different price needs `priceReason`. */
    price: won.optional(),
    priceReason: text({ max: 200 }).nullable().optional(),
    payments,
    /**
     * The balance left unpaid on purpose: required, and equal to the total less the payments, when they add up to
     * less than the total (400 `unpaidNotChosen` otherwise; docs/rules.md#leave-unpaid).
     */
    leaveUnpaid: won.optional(),
    soldByMemberId: idSchema.nullable().optional(),
    /**
     * A promotion RUNNING today that names the pass product, under the customer's limit (404 for another facility's,
     * 409 `promotionNotActive`, `promotionNotForItem`, `promotionLimitReached`): the price is then the promoted one
     * (docs/rules.md#promotions), and a different `price` needs `priceReason`.
     */
    promotionId: idSchema.nullable().optional(),
  })
  .meta({ id: 'PassSale' });
export type SellBody = z.input<typeof sellBodySchema>;

export const holdBodySchema = z
  .strictObject({
    startDate: calendarDate,
    endDate: calendarDate,
    reason: text({ max: 200 }).nullable().optional(),
  })
  .meta({ id: 'PassHold' });

/** `POST /web/member/stop/{memberId}`: a hold on every current pass of the customer. */
export const memberStopBodySchema = holdBodySchema.extend({ gymId: idSchema }).meta({ id: 'MemberStop' });

export const endHoldBodySchema = z.strictObject({ on: calendarDate.optional() });

export const transferBodySchema = z
  .strictObject({
    toMemberId: idSchema,
    /** The product's transfer fee when omitted. */
    fee: won.optional(),
    payments,
    /**
     * The balance left unpaid on purpose: required, and equal to the total less the payments, when they add up to
     * less than the total (400 `unpaidNotChosen` otherwise; docs/rules.md#leave-unpaid).
     */
    leaveUnpaid: won.optional(),
  })
  .meta({ id: 'PassTransfer' });

export const adjustBodySchema = z
  .strictObject({
    /** Sessions used (positive) or given back (negative); never zero. */
    sessions: z
      .number()
      .int()
      .min(-999)
      .max(999)
      .refine((n) => n !== 0, 'notZero'),
    note: text({ min: 1, max: 200 }),
  })
  .meta({ id: 'PassAdjust' });

export const collectBodySchema = z
  .strictObject({ payments: z.array(paymentInputSchema).min(1, 'required').max(10) })
  .meta({ id: 'PassCollect' });

export const refundQuerySchema = z.strictObject({
  fault: z.enum(refundFaults, 'invalidValue').default('MEMBER'),
});

export const refundPreviewSchema = z
  .object({
    fault: z.enum(refundFaults),
    basis: z.enum(['PERIOD', 'SESSION']),
    started: z.boolean(),
    paid: z.number().int(),
    penalty: z.number().int(),
    used: z.number().int(),
    refund: z.number().int(),
    contractDays: z.number().int().nullable(),
    usedDays: z.number().int().nullable(),
    heldDays: z.number().int(),
    contractSessions: z.number().int().nullable(),
    usedSessions: z.number().int().nullable(),
    lines: z.array(
      z.object({
        key: z.enum(['paid', 'used', 'penalty', 'refund']),
        amount: z.number().int(),
        sign: z.union([z.literal(1), z.literal(-1), z.literal(0)]),
        formula: z.string(),
      }),
    ),
    today: z.string(),
  })
  .meta({ id: 'RefundPreview' });
export type RefundPreview = z.output<typeof refundPreviewSchema>;

export const refundBodySchema = z
  .strictObject({
    fault: z.enum(refundFaults, 'invalidValue'),
    /** What is paid back: required, above 0 and at most the formula's refund (docs/rules.md#refunds). */
    amount: won.min(1, 'positiveAmount'),
    /**
     * How it goes back: the lines by method (adding up to `amount`; card lines at most what was paid by card).
     * When omitted, one line of `method`, or without it the original payment lines (`refundSplit`).
     */
    lines: z.array(paymentInputSchema).min(1, 'required').max(10).optional(),
    method: z.enum(paymentMethods, 'invalidValue').optional(),
    note: text({ max: 200 }).nullable().optional(),
  })
  .meta({ id: 'PassRefund' });
