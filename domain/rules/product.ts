// Desk products and promotions (docs/rules.md#products, docs/rules.md#promotions): the pure rules the pages and the
// server share. The money of a promotion (its refusal and its discount) is in domain/rules/money.ts.

/** A product's stock is flagged low at or below its threshold; no threshold, no flag. */
export const isLowStock = (stock: number, lowStockAt: number | null): boolean =>
  lowStockAt !== null && stock <= lowStockAt;

/** Where a promotion stands on a day: stopped by staff, not begun, running, or past its last day. */
export const promotionStates = ['SCHEDULED', 'RUNNING', 'ENDED', 'STOPPED'] as const;
export type PromotionState = (typeof promotionStates)[number];

/**
 * A promotion's state on `today` (an Asia/Seoul date, YYYY-MM-DD): STOPPED whenever it is INACTIVE, else by its
 * days, both inclusive: SCHEDULED before the first, RUNNING through the last, ENDED after it.
 */
export const promotionState = (
  promo: { status: 'ACTIVE' | 'INACTIVE'; startDate: string; endDate: string },
  today: string,
): PromotionState => {
  if (promo.status === 'INACTIVE') return 'STOPPED';
  if (today < promo.startDate) return 'SCHEDULED';
  if (today > promo.endDate) return 'ENDED';
  return 'RUNNING';
};

/** The most a percent promotion takes off. */
export const PROMOTION_PERCENT_MAX = 100;
/** The most won an amount (a price, a discount) may be: what the other money inputs accept. */
export const WON_MAX = 100_000_000;
/** The most one stock adjustment may move, either way. */
export const STOCK_CHANGE_MAX = 100_000;
/** The most product groups a facility keeps (the group page lists them all, in order). */
export const PRODUCT_GROUP_MAX = 100;
