import { quoteDesk } from '#domain/rules/desk.ts';
import { promotionRefusal } from '#domain/rules/money.ts';
import type { DeskPromotion, PassPromotions } from '#domain/schemas/desk.ts';

// docs/rules.md#promotions: every sale screen offers the promotions running today. A pass sold from the customer's
// page or at the consulting tablet offers those that pass `promotionRefusal` for its product and customer, and
// prices it with `quoteDesk`, as the server's sale does.

export type PassPromotionOption = { promotion: DeskPromotion; left: number | null };

const usedOf = (data: PassPromotions): Record<number, number> =>
  Object.fromEntries(data.used.map((u) => [u.promotionId, u.used]));

/** The promotions that apply to the pass product for this customer today, with the uses left (null: no limit). */
export const passPromotionOptions = (
  data: PassPromotions | undefined,
  ticketId: number | undefined,
): PassPromotionOption[] => {
  if (!data || ticketId === undefined) return [];
  const used = usedOf(data);
  return data.promotions
    .filter(
      (p) =>
        promotionRefusal(p, { itemType: 'PASS', itemId: ticketId }, data.today, used[p.id] ?? 0) === null,
    )
    .map((promotion) => ({
      promotion,
      left:
        promotion.perCustomerLimit === null ? null : promotion.perCustomerLimit - (used[promotion.id] ?? 0),
    }));
};

/** The pass's price with the promotion (or its sale price without one), as the server prices the sale. */
export const promotedPassPrice = (
  data: PassPromotions | undefined,
  product: { id: number; salePrice: number } | undefined,
  promotion: DeskPromotion | undefined,
): { price: number; discount: number } => {
  if (!product) return { price: 0, discount: 0 };
  if (!data || !promotion) return { price: product.salePrice, discount: 0 };
  const [line] = quoteDesk(
    [
      {
        itemType: 'PASS',
        itemId: product.id,
        unitPrice: product.salePrice,
        quantity: 1,
        promotion,
        manualDiscount: 0,
      },
    ],
    usedOf(data),
    data.today,
  ).lines;
  return line && line.refusal === null
    ? { price: line.price, discount: line.promotionDiscount }
    : { price: product.salePrice, discount: 0 };
};
