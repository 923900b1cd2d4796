import type {
  CashReceiptIdentifierType,
  PaymentMethod,
  PromotionKind,
  PromotionTargetType,
  VatMode,
} from '../enums.ts';
import { addDays } from './seoul-time.ts';

// The money rules (docs/rules.md#money, #vat, #cash-receipts, #promotions): pure functions on integer won, shared
// by the screens' previews and the server's writes.

// ---------------------------------------------------------------------------------------------------------
// Limits (docs/rules.md#money-limits): every money column is a 32-bit integer (at most 2,147,483,647), so the
// contracts bound what can be summed into one: an amount typed in, one sale's line and one checkout's total.

/** The most one amount typed in can be: a price, a payment line, a fee, a deposit, a discount, a refund. */
export const MONEY_MAX = 100_000_000;
/** The most one sale (one checkout line: price × quantity, or a locker's fee + deposit) can come to. */
export const LINE_MAX = 100_000_000;
/** The most one checkout's total can come to: 20 lines at the line cap stay below the 32-bit limit too. */
export const CHECKOUT_MAX = 1_000_000_000;

/**
 * A sum read back from SQL (`bigint`, which the drivers hand over as a string or a bigint) as a number, or an error
 * when it is not a safe integer: a report never rounds a sum silently.
 */
export const safeSum = (value: unknown): number => {
  const n = typeof value === 'bigint' ? Number(value) : Number(value ?? 0);
  if (!Number.isSafeInteger(n)) throw new RangeError(`sum out of the safe integer range: ${String(value)}`);
  return n;
};

// ---------------------------------------------------------------------------------------------------------
// VAT

/**
 * Splits a price into supply value and VAT (docs/rules.md#vat). A VAT-included price: `supply = round(total /
 * 1.1)`, `VAT = total − supply`; an exempt one is all supply. Integer arithmetic: round(10·total/11) is
 * floor((20·total + 11) / 22), and 10·total/11 never ends in exactly .5, so there is no tie to break.
 */
export const splitVat = (total: number, mode: VatMode = 'INCLUDED'): { supply: number; vat: number } => {
  const t = Math.trunc(total);
  if (mode === 'EXEMPT') return { supply: t, vat: 0 };
  const sign = t < 0 ? -1 : 1;
  const a = Math.abs(t);
  const supply = Math.floor((20 * a + 11) / 22);
  return { supply: sign * supply, vat: sign * (a - supply) };
};

// ---------------------------------------------------------------------------------------------------------
// Cash receipts

/** From this much paid in cash or by transfer in one checkout, a cash receipt is mandatory. */
export const CASH_RECEIPT_THRESHOLD = 100_000;
/** A mandatory receipt the customer gave no number for is issued within this many days of the payment. */
export const CASH_RECEIPT_DAYS = 5;
/** The tax office's number a receipt is self-issued to (010-000-1234), digits only. */
export const SELF_ISSUE_NUMBER = '0100001234';

/** Whether a cash receipt is mandatory for a checkout's cash and transfer part (docs/rules.md#cash-receipts). */
export const cashReceiptRequired = (cashPaid: number): boolean => cashPaid >= CASH_RECEIPT_THRESHOLD;

/** The last day a mandatory receipt may be issued: the payment day plus 5 days (Asia/Seoul dates). */
export const cashReceiptDeadline = (paidOn: string): string => addDays(paidOn, CASH_RECEIPT_DAYS);

/** The part of a payment a cash receipt covers: cash and transfer lines, never card. */
export const isCashLike = (method: PaymentMethod): boolean => method === 'CASH' || method === 'TRANSFER';

export type IdentifierCheck =
  | { ok: true; digits: string }
  | { ok: false; reason: 'receiptPhoneShape' | 'receiptCardShape' | 'receiptBusinessShape' };

/**
 * Checks a cash receipt's identifier (docs/rules.md#cash-receipts) and returns its digits: a phone of 10–11 digits
 * starting 01 (written whole or 01X-XXX(X)-XXXX), a cash-receipt card of 13–19 digits (whole, or in groups of four
 * split by hyphens or spaces), a business number of 10 digits (whole, or 3-2-5). A separator anywhere else is a
 * wrong shape: "0-1012345678" or "1234-567890" is a typo the customer should see, not a number to guess at.
 */
export const checkReceiptIdentifier = (type: CashReceiptIdentifierType, value: string): IdentifierCheck => {
  const trimmed = value.trim();
  const digits = trimmed.replace(/[-\s]/g, '');
  if (type === 'BUSINESS') {
    return /^\d{10}$/.test(trimmed) || /^\d{3}-\d{2}-\d{5}$/.test(trimmed)
      ? { ok: true, digits }
      : { ok: false, reason: 'receiptBusinessShape' };
  }
  if (type === 'PHONE') {
    return /^01\d{8,9}$/.test(trimmed) || /^01\d-\d{3,4}-\d{4}$/.test(trimmed)
      ? { ok: true, digits }
      : { ok: false, reason: 'receiptPhoneShape' };
  }
  const grouped = /^\d+$/.test(trimmed) || /^\d{4}(?:[- ]\d{4}){2,3}(?:[- ]\d{1,4})?$/.test(trimmed);
  return grouped && /^\d{13,19}$/.test(digits)
    ? { ok: true, digits }
    : { ok: false, reason: 'receiptCardShape' };
};

/** 1234567890 → 123-45-67890 (a business number as printed). */
export const formatBusinessNumber = (digits: string): string =>
  digits.length === 10 ? `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}` : digits;

// ---------------------------------------------------------------------------------------------------------
// Promotions

export type PromotionTerms = {
  kind: PromotionKind;
  value: number;
  startDate: string;
  endDate: string;
  status: 'ACTIVE' | 'INACTIVE';
  perCustomerLimit: number | null;
  targets: readonly { itemType: PromotionTargetType; itemId: number }[];
};

export type PromotionRefusal = 'promotionNotActive' | 'promotionNotForItem' | 'promotionLimitReached';

/**
 * Why a promotion cannot apply to an item today, or null (docs/rules.md#promotions): it must be ACTIVE and today
 * within its days (inclusive), name the item, and the customer must have used it fewer times than its limit.
 */
export const promotionRefusal = (
  promo: PromotionTerms,
  item: { itemType: PromotionTargetType; itemId: number },
  today: string,
  usedByCustomer: number,
): PromotionRefusal | null => {
  if (promo.status !== 'ACTIVE' || today < promo.startDate || today > promo.endDate)
    return 'promotionNotActive';
  if (!promo.targets.some((t) => t.itemType === item.itemType && t.itemId === item.itemId))
    return 'promotionNotForItem';
  if (promo.perCustomerLimit !== null && usedByCustomer >= promo.perCustomerLimit)
    return 'promotionLimitReached';
  return null;
};

/**
 * The discount a promotion gives on a price (docs/rules.md#promotions): a percent rounded down to the won, or an
 * amount; never more than the price.
 */
export const promotionDiscount = (price: number, promo: Pick<PromotionTerms, 'kind' | 'value'>): number => {
  const p = Math.max(0, Math.trunc(price));
  const d = promo.kind === 'PERCENT' ? Math.floor((p * promo.value) / 100) : promo.value;
  return Math.min(p, Math.max(0, d));
};

// ---------------------------------------------------------------------------------------------------------
// The desk: totals and split payments

export type DeskLine = {
  /** The list price of one unit. */
  unitPrice: number;
  quantity: number;
  /** The promotion's discount on the line (from `promotionDiscount` on unitPrice × quantity). */
  promotionDiscount: number;
  /** A manual discount (needs a reason). */
  manualDiscount: number;
};

/** A desk line's list price and the price charged (docs/rules.md#the-desk); never below zero. */
export const deskLinePrice = (line: DeskLine): { listPrice: number; price: number } => {
  const listPrice = Math.max(0, line.unitPrice) * Math.max(1, line.quantity);
  return { listPrice, price: Math.max(0, listPrice - line.promotionDiscount - line.manualDiscount) };
};

export type PaymentPart = { method: PaymentMethod; amount: number };

/**
 * Splits a checkout's payments over its sales in order (docs/rules.md#the-desk): each sale is filled before the
 * next, and a payment that spans two sales becomes two lines of the same method. The result has one list of
 * lines per sale; the rest of each sale is its unpaid balance. Returns null when the payments exceed the total.
 */
export const allocatePayments = (
  prices: readonly number[],
  payments: readonly PaymentPart[],
): PaymentPart[][] | null => {
  const total = prices.reduce((s, p) => s + p, 0);
  const paying = payments.reduce((s, p) => s + p.amount, 0);
  if (paying > total || payments.some((p) => p.amount <= 0)) return null;
  const result: PaymentPart[][] = prices.map(() => []);
  let i = 0;
  let room = prices[0] ?? 0;
  for (const p of payments) {
    let left = p.amount;
    while (left > 0) {
      while (room === 0 && i < prices.length - 1) {
        i += 1;
        room = prices[i] ?? 0;
      }
      const take = Math.min(left, room);
      const bucket = result[i]!;
      const last = bucket[bucket.length - 1];
      if (last && last.method === p.method) last.amount += take;
      else bucket.push({ method: p.method, amount: take });
      left -= take;
      room -= take;
    }
  }
  return result;
};

/**
 * What a sale is still owed (docs/rules.md#money): its price, less its adjustments and its payments; nothing once
 * its pass is refunded, and never below zero.
 */
export const saleOwed = (s: { price: number; adjusted: number; paid: number; closed: boolean }): number =>
  s.closed ? 0 : Math.max(0, s.price - s.adjusted - s.paid);

/** The age of a balance in days, from the sale's day to today (Asia/Seoul dates). */
export { daysBetween as balanceAgeDays } from './seoul-time.ts';

/**
 * Whether a sale may leave part of its price unpaid (docs/rules.md#leave-unpaid). Every sale screen starts with the
 * whole amount in its first payment line; a balance is left only by choice, and the request says how much
 * (`leaveUnpaid`), so that a forgotten amount is refused rather than turned into a debt. The answer is the balance
 * the sale leaves, or the refusal with the balance the request should have named.
 */
export const unpaidChoice = (
  total: number,
  paid: number,
  leaveUnpaid: number | undefined,
): { ok: true; unpaid: number } | { ok: false; unpaid: number } => {
  const unpaid = Math.max(0, total - paid);
  return (leaveUnpaid ?? 0) === unpaid ? { ok: true, unpaid } : { ok: false, unpaid };
};
