import type { PaymentMethod, PromotionTargetType } from '../enums.ts';
import {
  CHECKOUT_MAX,
  cashReceiptRequired,
  deskLinePrice,
  isCashLike,
  LINE_MAX,
  type PaymentPart,
  type PromotionRefusal,
  type PromotionTerms,
  promotionDiscount,
  promotionRefusal,
} from './money.ts';

// The desk's quote (docs/rules.md#the-desk, #promotions): the page's live total and the server's checkout price
// every line with this one function, from the money rules of money.ts.

export type DeskQuoteItem = {
  /** PASS and PRODUCT lines may carry a promotion; a LOCKER line (fee + deposit) never does. */
  itemType: PromotionTargetType | 'LOCKER';
  itemId: number;
  unitPrice: number;
  quantity: number;
  promotion: (PromotionTerms & { id: number }) | null;
  manualDiscount: number;
};

export type DeskRefusal = PromotionRefusal | 'discountAbovePrice' | 'lineTooLarge' | 'checkoutTooLarge';

export type QuotedLine = {
  listPrice: number;
  promotionDiscount: number;
  manualDiscount: number;
  price: number;
  /** Why this line cannot be sold as asked, or null. */
  refusal: DeskRefusal | null;
};

/**
 * Prices a checkout's lines in order (docs/rules.md#the-desk). A promotion must pass `promotionRefusal` for its
 * item today, counting the customer's earlier uses (`used`, by promotion id) plus the lines above it in this
 * checkout that use it; its discount is `promotionDiscount` on the line's list price (unit price × quantity). A
 * manual discount comes off what the promotion leaves and may not exceed it. The price is `deskLinePrice`.
 */
export const quoteDesk = (
  items: readonly DeskQuoteItem[],
  used: Readonly<Record<number, number>>,
  today: string,
): { lines: QuotedLine[]; total: number } => {
  const usedHere: Record<number, number> = {};
  const lines = items.map((item): QuotedLine => {
    const listPrice = Math.max(0, item.unitPrice) * Math.max(1, item.quantity);
    let refusal: DeskRefusal | null = null;
    let promo = 0;
    if (item.promotion && item.itemType !== 'LOCKER') {
      const p = item.promotion;
      const count = (used[p.id] ?? 0) + (usedHere[p.id] ?? 0);
      refusal = promotionRefusal(p, { itemType: item.itemType, itemId: item.itemId }, today, count);
      usedHere[p.id] = (usedHere[p.id] ?? 0) + 1;
      if (refusal === null) promo = promotionDiscount(listPrice, p);
    } else if (item.promotion) refusal = 'promotionNotForItem';
    const manual = Math.max(0, Math.trunc(item.manualDiscount));
    if (refusal === null && manual > listPrice - promo) refusal = 'discountAbovePrice';
    const { price } = deskLinePrice({
      unitPrice: item.unitPrice,
      quantity: item.quantity,
      promotionDiscount: promo,
      manualDiscount: manual,
    });
    // docs/rules.md#money-limits: a line above LINE_MAX, or the line that takes the total above CHECKOUT_MAX.
    if (refusal === null && listPrice > LINE_MAX) refusal = 'lineTooLarge';
    return { listPrice, promotionDiscount: promo, manualDiscount: manual, price, refusal };
  });
  let running = 0;
  for (const line of lines) {
    running += line.price;
    if (running > CHECKOUT_MAX && line.refusal === null) {
      line.refusal = 'checkoutTooLarge';
      break;
    }
  }
  return { lines, total: lines.reduce((s, l) => s + l.price, 0) };
};

/**
 * A checkout's figures (docs/rules.md#the-desk, #cash-receipts): what it takes, what stays owed, the cash and
 * transfer part, and whether a cash receipt is mandatory for it.
 */
export const checkoutFigures = (total: number, payments: readonly PaymentPart[]) => {
  const paid = payments.reduce((s, p) => s + p.amount, 0);
  const cashPaid = payments.filter((p) => isCashLike(p.method)).reduce((s, p) => s + p.amount, 0);
  return {
    total,
    paid,
    owed: Math.max(0, total - paid),
    cashPaid,
    cashReceiptDue: cashReceiptRequired(cashPaid),
    aboveTotal: paid > total,
  };
};

/** The lines of a checkout summed by method, in the order card, cash, transfer (the slip's payments). */
export const paidByMethod = (lines: readonly { method: PaymentMethod; amount: number }[]) => {
  const order: PaymentMethod[] = ['CARD', 'CASH', 'TRANSFER'];
  return order
    .map((method) => ({
      method,
      amount: lines.filter((l) => l.method === method).reduce((s, l) => s + l.amount, 0),
    }))
    .filter((m) => m.amount !== 0);
};
