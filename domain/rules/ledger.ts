import type { PaymentMethod } from '../enums.ts';
import { saleOwed } from './money.ts';
import { addDays, daysBetween } from './seoul-time.ts';

// The ledger's rules (docs/rules.md#money): the payment history's date range, what may be collected, written off
// or corrected on a sale, and how old a balance is. Pure functions on integer won, shared by the screens'
// previews and the server's writes.

/** The longest range the payment history and the sales list read at once (days, inclusive). */
export const LEDGER_RANGE_MAX_DAYS = 366;

/** A balance older than this many days is flagged on the unpaid list. */
export const OLD_BALANCE_DAYS = 30;

/**
 * The days a ledger list covers (Asia/Seoul dates, inclusive): `to` defaults to today and `from` to the first day
 * of `to`'s month (so the default is "this month so far"). Null when the range is backwards or longer than
 * LEDGER_RANGE_MAX_DAYS.
 */
export const ledgerRange = (
  query: { from?: string | undefined; to?: string | undefined },
  today: string,
): { from: string; to: string } | null => {
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? `${to.slice(0, 7)}-01`;
  const days = daysBetween(from, to) + 1;
  if (Number.isNaN(days) || days < 1 || days > LEDGER_RANGE_MAX_DAYS) return null;
  return { from, to };
};

/** The day after a range's last day: a list reads `from ≤ day < dayAfter(to)`. */
export const dayAfter = (date: string): string => addDays(date, 1);

/** A sale's money as the ledger reads it: price, the sum of its adjustments and of its APPROVE lines. */
export type SaleMoney = { price: number; adjusted: number; paid: number; closed: boolean };

export type CollectRefusal = 'passRefunded' | 'nothingOwed' | 'paymentsAboveOwed';

/**
 * Why a collection cannot be taken on a sale, or null (docs/rules.md#money): a refunded pass takes nothing, a sale
 * that owes nothing takes nothing, and the payments never exceed what is owed.
 */
export const collectRefusal = (
  money: SaleMoney,
  payments: readonly { method: PaymentMethod; amount: number }[],
): CollectRefusal | null => {
  if (money.closed) return 'passRefunded';
  const owed = saleOwed(money);
  if (owed === 0) return 'nothingOwed';
  const paying = payments.reduce((s, p) => s + Math.max(0, p.amount), 0);
  return paying > owed ? 'paymentsAboveOwed' : null;
};

export type WriteOffRefusal = 'passRefunded' | 'nothingOwed';

/** Why a sale's balance cannot be written off, or null: a write-off takes the whole owed, so there must be one. */
export const writeOffRefusal = (money: SaleMoney): WriteOffRefusal | null => {
  if (money.closed) return 'passRefunded';
  return saleOwed(money) === 0 ? 'nothingOwed' : null;
};

export type CorrectionRefusal = 'passRefunded' | 'correctionBelowPaid';

/**
 * Why a price correction of `amount` won cannot be made, or null (docs/rules.md#money): it lowers the sale's
 * price less its adjustments, which may never fall below what was paid (a refund is the way to give money back).
 * A refunded pass is closed.
 */
export const correctionRefusal = (money: SaleMoney, amount: number): CorrectionRefusal | null => {
  if (money.closed) return 'passRefunded';
  return money.price - money.adjusted - amount < money.paid ? 'correctionBelowPaid' : null;
};

/** The most a correction may lower a sale by: down to what was paid. */
export const maxCorrection = (money: SaleMoney): number =>
  money.closed ? 0 : Math.max(0, money.price - money.adjusted - money.paid);

/** A sale's discount: its list price less its price (a promotion's, or a manual one with its reason). */
export const saleDiscount = (s: { listPrice: number; price: number }): number =>
  Math.max(0, s.listPrice - s.price);

/** Whether a balance of this age (days since the sale's day) is flagged as old. */
export const isOldBalance = (ageDays: number): boolean => ageDays > OLD_BALANCE_DAYS;
