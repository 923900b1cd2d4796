import { type DeskQuoteItem, quoteDesk } from '#domain/rules/desk.ts';
import type { CheckoutBody, DeskCatalog, DeskPromotion } from '#domain/schemas/desk.ts';
import { type PaymentLine, paymentsOf, saleFigures } from '#src/components/sale/sale-model.ts';

// The desk page's model (docs/rules.md#the-desk): the cart as the screen holds it, priced by the same `quoteDesk`
// the server calls, the promotions a line may take, and the body the checkout sends. The payment lines are the
// sale's own (src/components/sale/), as in every sale drawer.

export type CartLine =
  | {
      key: string;
      type: 'PASS';
      ticketId: number;
      startDate: string;
      promotionId: number | null;
      manualDiscount: number;
    }
  | {
      key: string;
      type: 'PRODUCT';
      productId: number;
      quantity: number;
      promotionId: number | null;
      manualDiscount: number;
    }
  | {
      key: string;
      type: 'LOCKER';
      lockerId: number;
      startDate: string;
      endDate: string;
      fee: number;
      deposit: number;
    };

/** Usage counts by promotion id (from `GET /web/sales/desk/{gymId}/promotion-usage`). */
export type Usage = Readonly<Record<number, number>>;

const promotionOf = (catalog: DeskCatalog, id: number | null): DeskPromotion | null =>
  id === null ? null : (catalog.promotions.find((p) => p.id === id) ?? null);

/** The cart as the rule's items: unit prices from the catalog (a line whose product left the catalog is 0). */
export const quoteItems = (catalog: DeskCatalog, cart: readonly CartLine[]): DeskQuoteItem[] =>
  cart.map((line) => {
    if (line.type === 'LOCKER')
      return {
        itemType: 'LOCKER',
        itemId: line.lockerId,
        unitPrice: (line.fee || 0) + (line.deposit || 0),
        quantity: 1,
        promotion: null,
        manualDiscount: 0,
      };
    const promotion = promotionOf(catalog, line.promotionId);
    if (line.type === 'PASS')
      return {
        itemType: 'PASS',
        itemId: line.ticketId,
        unitPrice: catalog.passes.find((p) => p.id === line.ticketId)?.salePrice ?? 0,
        quantity: 1,
        promotion,
        manualDiscount: line.manualDiscount || 0,
      };
    return {
      itemType: 'PRODUCT',
      itemId: line.productId,
      unitPrice: catalog.products.find((p) => p.id === line.productId)?.price ?? 0,
      quantity: line.quantity,
      promotion,
      manualDiscount: line.manualDiscount || 0,
    };
  });

/** The live figures: each line priced, the total, what is paid and owed, and whether a cash receipt is due. */
export const deskTotals = (
  catalog: DeskCatalog,
  cart: readonly CartLine[],
  usage: Usage,
  rows: readonly (PaymentLine | undefined)[] | undefined,
) => {
  const quote = quoteDesk(quoteItems(catalog, cart), usage, catalog.today);
  return { lines: quote.lines, ...saleFigures(quote.total, rows) };
};

/**
 * The promotions a cart line may take (docs/rules.md#promotions): valid today (the catalog only lists those), naming
 * the item, with the customer's uses (plus this cart's other lines using it) below the limit. `left` is the uses
 * left for this customer, null without a limit.
 */
export const applicablePromotions = (
  catalog: DeskCatalog,
  cart: readonly CartLine[],
  line: CartLine,
  usage: Usage,
): { promotion: DeskPromotion; left: number | null }[] => {
  if (line.type === 'LOCKER') return [];
  const itemId = line.type === 'PASS' ? line.ticketId : line.productId;
  return catalog.promotions
    .filter((p) => p.targets.some((t) => t.itemType === line.type && t.itemId === itemId))
    .map((promotion) => {
      const elsewhere = cart.filter(
        (l) => l.key !== line.key && l.type !== 'LOCKER' && l.promotionId === promotion.id,
      ).length;
      const used = (usage[promotion.id] ?? 0) + elsewhere;
      return {
        promotion,
        left: promotion.perCustomerLimit === null ? null : promotion.perCustomerLimit - used,
      };
    })
    .filter((p) => p.left === null || p.left > 0 || line.promotionId === p.promotion.id);
};

/** The checkout's body: the cart's lines as the API takes them. */
export const checkoutBodyOf = (input: {
  gymId: number;
  memberId: number;
  cart: readonly CartLine[];
  rows: readonly (PaymentLine | undefined)[] | undefined;
  discountReason: string;
  soldByMemberId: number | null;
  note: string;
  /** The balance the desk chose to leave (docs/rules.md#leave-unpaid); none when everything is paid. */
  leaveUnpaid?: number | undefined;
  /** Sell the passes although they overlap the customer's (docs/rules.md#renewals): chosen after a 409. */
  allowOverlap?: boolean | undefined;
}): CheckoutBody => ({
  gymId: input.gymId,
  memberId: input.memberId,
  items: input.cart.map((line) => {
    if (line.type === 'LOCKER')
      return {
        type: 'LOCKER' as const,
        lockerId: line.lockerId,
        startDate: line.startDate,
        endDate: line.endDate,
        fee: line.fee || 0,
        deposit: line.deposit || 0,
      };
    const discount = {
      ...(line.promotionId !== null ? { promotionId: line.promotionId } : {}),
      ...(line.manualDiscount > 0 ? { manualDiscount: line.manualDiscount } : {}),
    };
    return line.type === 'PASS'
      ? {
          type: 'PASS' as const,
          ticketId: line.ticketId,
          startDate: line.startDate,
          ...(input.allowOverlap ? { allowOverlap: true } : {}),
          ...discount,
        }
      : { type: 'PRODUCT' as const, productId: line.productId, quantity: line.quantity, ...discount };
  }),
  payments: paymentsOf(input.rows),
  ...(input.leaveUnpaid ? { leaveUnpaid: input.leaveUnpaid } : {}),
  ...(input.cart.some((l) => l.type !== 'LOCKER' && l.manualDiscount > 0)
    ? { discountReason: input.discountReason.trim() }
    : {}),
  soldByMemberId: input.soldByMemberId,
  ...(input.note.trim() ? { note: input.note.trim() } : {}),
});

/** Whether any line carries a manual discount (the reason is then required). */
export const needsReason = (cart: readonly CartLine[]) =>
  cart.some((l) => l.type !== 'LOCKER' && l.manualDiscount > 0);

let keys = 0;
/** A fresh key for a cart line. */
export const nextKey = () => `k${++keys}`;
