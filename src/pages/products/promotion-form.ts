import dayjs, { type Dayjs } from 'dayjs';
import type { Promotion, PromotionWriteInput } from '#domain/schemas/product.ts';

// The promotion drawer's form (docs/rules.md#promotions): its values, the body it sends and where it starts.

export type PromotionValues = {
  name: string;
  kind: Promotion['kind'];
  value: number;
  startDate: Dayjs;
  endDate: Dayjs;
  perCustomerLimit?: number | null;
  status: Promotion['status'];
  passIds: number[];
  productIds: number[];
};

/** The form's values as the API's write body. */
export const promotionBody = (v: PromotionValues): PromotionWriteInput => ({
  name: v.name.trim(),
  kind: v.kind,
  value: v.value,
  startDate: v.startDate.format('YYYY-MM-DD'),
  endDate: v.endDate.format('YYYY-MM-DD'),
  perCustomerLimit: v.perCustomerLimit ?? null,
  status: v.status,
  targets: [
    ...(v.passIds ?? []).map((itemId) => ({ itemType: 'PASS' as const, itemId })),
    ...(v.productIds ?? []).map((itemId) => ({ itemType: 'PRODUCT' as const, itemId })),
  ],
});

/** A promotion's values, or a new one's: a percentage, active, from today for a month, with no limit. */
export const promotionInitialValues = (
  promotion: Promotion | null,
  today: Dayjs,
): Partial<PromotionValues> =>
  promotion
    ? {
        name: promotion.name,
        kind: promotion.kind,
        value: promotion.value,
        startDate: dayjs(promotion.startDate),
        endDate: dayjs(promotion.endDate),
        perCustomerLimit: promotion.perCustomerLimit,
        status: promotion.status,
        passIds: promotion.targets.filter((t) => t.itemType === 'PASS').map((t) => t.itemId),
        productIds: promotion.targets.filter((t) => t.itemType === 'PRODUCT').map((t) => t.itemId),
      }
    : {
        kind: 'PERCENT',
        status: 'ACTIVE',
        startDate: today,
        endDate: today.add(1, 'month').subtract(1, 'day'),
        perCustomerLimit: null,
        passIds: [],
        productIds: [],
      };
