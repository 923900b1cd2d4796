import { z } from 'zod';
import {
  paymentMethods,
  promotionKinds,
  promotionTargetTypes,
  receiptStatuses,
  saleItemTypes,
  vatModes,
} from '../enums.ts';
import { CHECKOUT_MAX, LINE_MAX, MONEY_MAX } from '../rules/money.ts';
import { calendarDate, idSchema, isoDateTime } from './common.ts';
import { paymentInputSchema } from './pass.ts';
import { text } from './text.ts';

// The payment desk (docs/rules.md#the-desk): what it can sell today, one checkout of passes, products and locker
// rentals with promotions, manual discounts and split payments, and the checkout as the slip shows it.

/** A real calendar day (2026-02-30 is refused). */
const day = calendarDate;
const won = z.number().int('wholeWon').min(0, 'notNegative').max(MONEY_MAX, 'tooLarge');

// ---------------------------------------------------------------------------------------------------------
// What the desk sells

export const deskPassSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  originPrice: z.number().int(),
  salePrice: z.number().int(),
  periodAmount: z.number().int().nullable(),
  periodUnit: z.string().nullable(),
  sessionCount: z.number().int().nullable(),
  color: z.string(),
});
export type DeskPass = z.infer<typeof deskPassSchema>;

export const deskProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number().int(),
  vatMode: z.enum(vatModes),
  stock: z.number().int(),
  lowStock: z.boolean(),
  groupId: z.number().int().nullable(),
  groupName: z.string().nullable(),
});
export type DeskProduct = z.infer<typeof deskProductSchema>;

export const deskPromotionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(promotionKinds),
  value: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.enum(['ACTIVE', 'INACTIVE']),
  perCustomerLimit: z.number().int().nullable(),
  targets: z.array(z.object({ itemType: z.enum(promotionTargetTypes), itemId: z.number().int() })),
});
export type DeskPromotion = z.infer<typeof deskPromotionSchema>;

export const deskLockerSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  bankName: z.string(),
  roomName: z.string(),
});

export const deskStaffSchema = z.object({ memberId: z.number().int(), name: z.string() });

export const deskCatalogSchema = z
  .object({
    /** Today in Asia/Seoul: the day promotions and sale windows are read on. */
    today: z.string(),
    passes: z.array(deskPassSchema),
    products: z.array(deskProductSchema),
    groups: z.array(z.object({ id: z.number().int(), name: z.string(), sortOrder: z.number().int() })),
    promotions: z.array(deskPromotionSchema),
    /** Whether the LOCKER add-on is approved: only then are lockers offered. */
    lockerAddOn: z.boolean(),
    lockers: z.array(deskLockerSchema),
    staff: z.array(deskStaffSchema),
  })
  .meta({ id: 'DeskCatalog' });
export type DeskCatalog = z.infer<typeof deskCatalogSchema>;

export const promotionUsageQuerySchema = z.strictObject({ memberId: z.coerce.number().int().positive() });
export const promotionUsageSchema = z
  .array(z.object({ promotionId: z.number().int(), used: z.number().int() }))
  .meta({ id: 'PromotionUsage' });
export type PromotionUsage = z.infer<typeof promotionUsageSchema>;

/**
 * What a pass sale outside the desk offers (docs/rules.md#promotions): the promotions RUNNING today that name a
 * pass product, and the customer's uses of each, for `promotionRefusal` and `quoteDesk` in the preview.
 */
export const passPromotionsSchema = z
  .object({
    /** Today in Asia/Seoul: the day the promotions are read on. */
    today: z.string(),
    promotions: z.array(deskPromotionSchema),
    used: promotionUsageSchema,
  })
  .meta({ id: 'PassPromotions' });
export type PassPromotions = z.infer<typeof passPromotionsSchema>;

// ---------------------------------------------------------------------------------------------------------
// One checkout

const discountFields = {
  promotionId: idSchema.nullable().optional(),
  /** A discount the staff gives by hand, in won: the checkout needs `discountReason`. */
  manualDiscount: won.optional(),
};

export const deskPassItemSchema = z.strictObject({
  type: z.literal('PASS'),
  ticketId: idSchema,
  /** By default the day after the customer's current pass of the kind ends (docs/rules.md#renewals). */
  startDate: day.optional(),
  /** Sell it although it overlaps a running or future pass of the same kind (409 `passOverlap` otherwise). */
  allowOverlap: z.boolean().optional(),
  ...discountFields,
});

export const deskProductItemSchema = z.strictObject({
  type: z.literal('PRODUCT'),
  productId: idSchema,
  quantity: z.number().int().min(1, 'tooSmall').max(999, 'tooBig'),
  ...discountFields,
});

export const deskLockerItemSchema = z.strictObject({
  type: z.literal('LOCKER'),
  lockerId: idSchema,
  startDate: day,
  endDate: day,
  fee: won,
  deposit: won.optional(),
});

export const deskItemSchema = z.discriminatedUnion('type', [
  deskPassItemSchema,
  deskProductItemSchema,
  deskLockerItemSchema,
]);
export type DeskItem = z.input<typeof deskItemSchema>;

export const checkoutBodySchema = z
  .strictObject({
    gymId: idSchema,
    memberId: idSchema,
    items: z.array(deskItemSchema).min(1, 'required').max(20),
    payments: z.array(paymentInputSchema).max(10).default([]),
    /**
     * The balance left unpaid on purpose: required, and equal to the total less the payments, when they add up to
     * less than the total (400 `unpaidNotChosen` otherwise; docs/rules.md#leave-unpaid).
     */
    leaveUnpaid: z.number().int('wholeWon').min(0, 'notNegative').max(CHECKOUT_MAX, 'tooLarge').optional(),
    /** Why a manual discount was given; required when any item has one. */
    discountReason: text({ max: 200 }).nullable().optional(),
    soldByMemberId: idSchema.nullable().optional(),
    note: text({ max: 500, multiline: true }).nullable().optional(),
  })
  .superRefine((body, ctx) => {
    // docs/rules.md#money-limits: a locker line's fee and deposit together stay within a line. A product line's
    // price is the product's, so the server's quote (`quoteDesk`) checks it and the checkout's total.
    body.items.forEach((item, i) => {
      if (item.type === 'LOCKER' && item.fee + (item.deposit ?? 0) > LINE_MAX)
        ctx.addIssue({ code: 'custom', path: ['items', i, 'fee'], message: 'lineTooLarge' });
    });
  })
  .meta({ id: 'DeskCheckout' });
export type CheckoutBody = z.input<typeof checkoutBodySchema>;
/** The body as the server has parsed it. */
export type CheckoutInput = z.output<typeof checkoutBodySchema>;

export const checkoutResultSchema = z
  .object({
    checkoutId: z.number().int(),
    saleIds: z.array(z.number().int()),
    total: z.number().int(),
    paid: z.number().int(),
    owed: z.number().int(),
    cashPaid: z.number().int(),
    /** A cash receipt is mandatory: 100,000 won or more paid in cash or by transfer (docs/rules.md#cash-receipts). */
    cashReceiptDue: z.boolean(),
  })
  .meta({ id: 'DeskCheckoutResult' });
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

// ---------------------------------------------------------------------------------------------------------
// A checkout as read back (the result panel and the slip)

export const checkoutQuerySchema = z.strictObject({ gymId: z.coerce.number().int().positive() });
export const slipQuerySchema = z.strictObject({
  gymId: z.coerce.number().int().positive(),
  lang: z.enum(['ko', 'en'], 'invalidValue').default('ko'),
});

export const checkoutSaleSchema = z.object({
  id: z.number().int(),
  itemType: z.enum(saleItemTypes),
  itemName: z.string(),
  quantity: z.number().int(),
  vatMode: z.enum(vatModes),
  listPrice: z.number().int(),
  discount: z.number().int(),
  price: z.number().int(),
  priceReason: z.string().nullable(),
  promotionId: z.number().int().nullable(),
  promotionName: z.string().nullable(),
  ticketIssueId: z.number().int().nullable(),
  adjusted: z.number().int(),
  paid: z.number().int(),
  owed: z.number().int(),
});
export type CheckoutSale = z.infer<typeof checkoutSaleSchema>;

export const checkoutLineSchema = z.object({
  id: z.number().int(),
  saleId: z.number().int(),
  method: z.enum(paymentMethods),
  amount: z.number().int(),
  status: z.enum(['APPROVE', 'REFUND']),
});

export const checkoutDetailSchema = z
  .object({
    id: z.number().int(),
    gymId: z.number().int(),
    kind: z.string(),
    createDate: isoDateTime,
    total: z.number().int(),
    paid: z.number().int(),
    cashPaid: z.number().int(),
    owed: z.number().int(),
    note: z.string().nullable(),
    cashReceiptDue: z.boolean(),
    customer: z.object({ id: z.number().int(), name: z.string(), phone: z.string() }),
    facility: z.object({
      name: z.string(),
      businessNo: z.string().nullable(),
      representName: z.string().nullable(),
      address: z.string().nullable(),
    }),
    staff: z.object({ memberId: z.number().int(), name: z.string() }).nullable(),
    soldBy: z.object({ memberId: z.number().int(), name: z.string() }).nullable(),
    sales: z.array(checkoutSaleSchema),
    lines: z.array(checkoutLineSchema),
    /** The checkout's cash receipt (the issued one, else the last cancelled), if any. */
    cashReceipt: z
      .object({
        id: z.number().int(),
        status: z.enum(receiptStatuses),
        approvalNumber: z.string(),
        amount: z.number().int(),
        issuedAt: isoDateTime,
      })
      .nullable(),
  })
  .meta({ id: 'DeskCheckoutDetail' });
export type CheckoutDetail = z.infer<typeof checkoutDetailSchema>;
