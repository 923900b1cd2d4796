import { z } from 'zod';
import { promotionKinds, promotionTargetTypes, stockMovementKinds, vatModes } from '../enums.ts';
import { checkPage } from '../resources/define.ts';
import { PROMOTION_PERCENT_MAX, promotionStates, STOCK_CHANGE_MAX, WON_MAX } from '../rules/product.ts';
import { calendarDate, idSchema, isoDate, isoDateTime } from './common.ts';
import { text } from './text.ts';

// Desk products, their groups and stock, and promotions (docs/rules.md#products, docs/rules.md#promotions).

const gymId = z.coerce.number().int().positive().max(2_147_483_647);
const won = z.number().int('wholeWon').min(0, 'notNegative').max(WON_MAX, 'tooLarge');
const statuses = ['ACTIVE', 'INACTIVE'] as const;
/** A real calendar day (2026-02-30 is refused). */
const day = calendarDate;
const flag = z.enum(['true', 'false'], 'invalidValue').transform((v) => v === 'true');

/** `_start`/`_end` of a paged list: at most PAGE_SIZE_MAX rows a page. */
const page = {
  _start: z.coerce.number().int().min(0).max(1_000_000).default(0),
  _end: z.coerce.number().int().min(1).max(1_000_100).default(20),
};
const pageRefine = (q: { _start: number; _end: number }, ctx: z.core.$RefinementCtx) =>
  checkPage(q._start, q._end, ctx);

// ─── Products ─────────────────────────────────────────────────────────────────────────────────────────────────

export const productStatuses = statuses;
export type ProductStatus = (typeof statuses)[number];

/** A desk product as the lists and the read view show it. */
export const productSchema = z
  .object({
    id: z.number().int(),
    gymId: z.number().int(),
    groupId: z.number().int().nullable(),
    groupName: z.string().nullable(),
    name: z.string(),
    price: z.number().int(),
    vatMode: z.enum(vatModes),
    stock: z.number().int(),
    lowStockAt: z.number().int().nullable(),
    /** `stock <= lowStockAt` (domain/rules/product.ts). */
    lowStock: z.boolean(),
    status: z.enum(statuses),
    memo: z.string().nullable(),
    createDate: isoDateTime,
    modifiedDate: isoDateTime,
  })
  .meta({ id: 'Product' });
export type Product = z.output<typeof productSchema>;

/** One product with what only the read view needs: whether it was ever sold (then it can only be stopped). */
export const productDetailSchema = productSchema.extend({ sold: z.boolean() }).meta({ id: 'ProductDetail' });
export type ProductDetail = z.output<typeof productDetailSchema>;

const productFields = {
  name: text({ min: 1, max: 60, minMessage: 'nameRequired' }),
  groupId: idSchema.nullable().default(null),
  price: won,
  vatMode: z.enum(vatModes, 'invalidValue').default('INCLUDED'),
  lowStockAt: z.number().int().min(0).max(STOCK_CHANGE_MAX).nullable().default(null),
  memo: text({ max: 500, multiline: true }).nullable().default(null),
  status: z.enum(statuses, 'invalidValue').default('ACTIVE'),
};

/** A product's own fields (PUT replaces them all); its stock moves only through movements. */
export const productUpdateSchema = z.strictObject(productFields).meta({ id: 'ProductUpdate' });
export type ProductUpdate = z.output<typeof productUpdateSchema>;
export type ProductUpdateInput = z.input<typeof productUpdateSchema>;

/** A new product; an opening stock is its first movement (an adjustment, with its note). */
export const productCreateSchema = z
  .strictObject({
    gymId: z.number().int().positive(),
    ...productFields,
    initialStock: z.number().int().min(0).max(STOCK_CHANGE_MAX).default(0),
    stockNote: text({ max: 200 }).nullable().default(null),
  })
  .superRefine((body, ctx) => {
    if (body.initialStock > 0 && !body.stockNote)
      ctx.addIssue({ code: 'custom', path: ['stockNote'], message: 'required' });
  })
  .meta({ id: 'ProductCreate' });
export type ProductCreate = z.output<typeof productCreateSchema>;
export type ProductCreateInput = z.input<typeof productCreateSchema>;

export const productListQuerySchema = z
  .strictObject({
    ...page,
    /** A group's id, or 0 for the products without a group. */
    groupId: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
    status: z.enum(statuses, 'invalidValue').optional(),
    /** Only the products at or below their low-stock threshold. */
    lowStock: flag.optional(),
    /** A part of the name (spaces ignored). */
    q: text({ max: 60 }).optional(),
  })
  .superRefine(pageRefine);
export type ProductListQuery = z.output<typeof productListQuerySchema>;
export type ProductListQueryInput = z.input<typeof productListQuerySchema>;

/** An adjustment: the stock moves by `change` (never 0), with a note saying why. */
export const stockAdjustSchema = z
  .strictObject({
    gymId: z.number().int().positive(),
    change: z
      .number()
      .int()
      .min(-STOCK_CHANGE_MAX)
      .max(STOCK_CHANGE_MAX)
      .refine((n) => n !== 0, 'notZero'),
    note: text({ min: 1, max: 200 }),
  })
  .meta({ id: 'StockAdjust' });
export type StockAdjustInput = z.input<typeof stockAdjustSchema>;

export const stockMovementSchema = z
  .object({
    id: z.number().int(),
    productId: z.number().int(),
    kind: z.enum(stockMovementKinds),
    change: z.number().int(),
    stockAfter: z.number().int(),
    saleId: z.number().int().nullable(),
    note: z.string().nullable(),
    createdByName: z.string().nullable(),
    createDate: isoDateTime,
  })
  .meta({ id: 'StockMovement' });
export type StockMovement = z.output<typeof stockMovementSchema>;

export const movementListQuerySchema = z.strictObject({ gymId, ...page }).superRefine(pageRefine);

// ─── Groups ───────────────────────────────────────────────────────────────────────────────────────────────────

export const productGroupSchema = z
  .object({
    id: z.number().int(),
    gymId: z.number().int(),
    name: z.string(),
    sortOrder: z.number().int(),
    productCount: z.number().int(),
  })
  .meta({ id: 'ProductGroup' });
export type ProductGroup = z.output<typeof productGroupSchema>;

const groupName = text({ min: 1, max: 40, minMessage: 'nameRequired' });

export const productGroupCreateSchema = z
  .strictObject({ gymId: z.number().int().positive(), name: groupName })
  .meta({ id: 'ProductGroupCreate' });
export const productGroupRenameSchema = z
  .strictObject({ name: groupName })
  .meta({ id: 'ProductGroupRename' });

/** The facility's groups in their new order: every one of its groups, each once. */
export const productGroupOrderSchema = z
  .strictObject({
    gymId: z.number().int().positive(),
    ids: z
      .array(idSchema)
      .min(1)
      .max(500)
      .refine((ids) => new Set(ids).size === ids.length, 'duplicateKey'),
  })
  .meta({ id: 'ProductGroupOrder' });

// ─── Promotions ───────────────────────────────────────────────────────────────────────────────────────────────

export const promotionStatuses = statuses;

export const promotionTargetSchema = z
  .object({
    itemType: z.enum(promotionTargetTypes),
    itemId: z.number().int(),
    /** The pass product's or the desk product's name. */
    name: z.string(),
  })
  .meta({ id: 'PromotionTarget' });
export type PromotionTarget = z.output<typeof promotionTargetSchema>;

export const promotionSchema = z
  .object({
    id: z.number().int(),
    gymId: z.number().int(),
    name: z.string(),
    kind: z.enum(promotionKinds),
    value: z.number().int(),
    startDate: isoDate,
    endDate: isoDate,
    perCustomerLimit: z.number().int().nullable(),
    status: z.enum(statuses),
    /** From today (Asia/Seoul) and the status: SCHEDULED, RUNNING, ENDED or STOPPED. */
    state: z.enum(promotionStates),
    targets: z.array(promotionTargetSchema),
    /** How many sales applied it. */
    usedCount: z.number().int(),
    /** What those sales took off their list prices, in won. */
    discountTotal: z.number().int(),
    createDate: isoDateTime,
    modifiedDate: isoDateTime,
  })
  .meta({ id: 'Promotion' });
export type Promotion = z.output<typeof promotionSchema>;

const targetInput = z.strictObject({
  itemType: z.enum(promotionTargetTypes, 'invalidValue'),
  itemId: idSchema,
});

const promotionFields = z.strictObject({
  name: text({ min: 1, max: 60, minMessage: 'nameRequired' }),
  kind: z.enum(promotionKinds, 'invalidValue'),
  value: z.number().int('wholeWon').max(WON_MAX, 'tooLarge'),
  startDate: day,
  endDate: day,
  perCustomerLimit: z.number().int().min(1).max(1000).nullable().default(null),
  status: z.enum(statuses, 'invalidValue').default('ACTIVE'),
  targets: z.array(targetInput).min(1, 'required').max(200),
});

/** The rules of a promotion's fields that zod's per-field checks cannot say alone. */
const promotionRules = (body: z.output<typeof promotionFields>, ctx: z.core.$RefinementCtx): void => {
  if (body.value <= 0) ctx.addIssue({ code: 'custom', path: ['value'], message: 'positiveAmount' });
  else if (body.kind === 'PERCENT' && body.value > PROMOTION_PERCENT_MAX)
    ctx.addIssue({
      code: 'too_big',
      origin: 'number',
      maximum: PROMOTION_PERCENT_MAX,
      inclusive: true,
      input: body.value,
      path: ['value'],
      message: 'tooBig',
    });
  if (body.endDate < body.startDate)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'endBeforeStart' });
};

/** A promotion's terms (PUT replaces them all, its targets too). */
export const promotionUpdateSchema = promotionFields
  .superRefine(promotionRules)
  .meta({ id: 'PromotionUpdate' });
export type PromotionWrite = z.output<typeof promotionUpdateSchema>;
export type PromotionWriteInput = z.input<typeof promotionUpdateSchema>;

export const promotionCreateSchema = promotionFields
  .extend({ gymId: z.number().int().positive() })
  .superRefine(promotionRules)
  .meta({ id: 'PromotionCreate' });

export const promotionListQuerySchema = z
  .strictObject({ ...page, state: z.enum(promotionStates, 'invalidValue').optional() })
  .superRefine(pageRefine);
export type PromotionListQuery = z.output<typeof promotionListQuerySchema>;
