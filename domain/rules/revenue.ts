import { type HoldSpan, inclusiveDays, type PeriodUnit, passEndDate } from './passes.ts';
import { addDays, daysBetween } from './seoul-time.ts';

// Earned and deferred revenue (docs/rules.md#revenue-recognition). A prepaid pass is earned over time: a period
// pass by its days in force (held days earn nothing), a session pass by the sessions used; the rest of what was
// paid is deferred. Everything else sold (goods, lockers, fees) is earned when it is paid.

export type RevenueBasis = 'PERIOD' | 'SESSION' | 'BOTH' | 'AT_SALE';

export type RevenueInput = {
  basis: RevenueBasis;
  /** Paid on the sale up to the day (its APPROVE lines), in won. */
  paid: number;
  /** Refunded on the sale up to the day, in won, positive; 0 when not refunded by then. */
  refunded: number;
  /** Whether the pass was refunded on or before the day: it then earns what the facility kept, and defers nothing. */
  closed: boolean;
  /** The first day of the pass. */
  startDate?: string;
  periodAmount?: number | null;
  periodUnit?: PeriodUnit | null;
  /** The pass's holds (only their days up to the day count). */
  holds?: readonly HoldSpan[];
  sessionCount?: number | null;
  /** Sessions used up to the day. */
  usedSessions?: number;
};

/** A share as an exact fraction, so that earned amounts round down to the won without float error. */
export type Share = { num: number; den: number };
const WHOLE: Share = { num: 1, den: 1 };
const NONE: Share = { num: 0, den: 1 };
const larger = (a: Share, b: Share): Share => (a.num * b.den >= b.num * a.den ? a : b);

export type Recognition = { paid: number; earned: number; deferred: number; refunded: number };

/**
 * The days of [start, day] the pass was in force: inclusive of both ends, less the held days in that range
 * (overlapping holds count once). 0 before the start.
 */
export const activeDaysThrough = (startDate: string, day: string, holds: readonly HoldSpan[]): number => {
  if (day < startDate) return 0;
  const spans = holds
    .map((h) => ({
      startDate: h.startDate < startDate ? startDate : h.startDate,
      endDate: h.endDate > day ? day : h.endDate,
    }))
    .filter((h) => h.startDate <= h.endDate)
    .sort((a, b) => (a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : 0));
  let held = 0;
  let coveredTo: string | null = null;
  for (const h of spans) {
    const from = coveredTo !== null && h.startDate <= coveredTo ? addDays(coveredTo, 1) : h.startDate;
    if (from <= h.endDate) {
      held += inclusiveDays(from, h.endDate);
      coveredTo = h.endDate;
    }
  }
  return Math.max(0, inclusiveDays(startDate, day) - held);
};

/**
 * The share of a period pass earned after `active` days in force, a fraction in [0, 1]. A pass counted in
 * months (MONTH n, or YEAR n = 12n months) earns one n-th per month, and each month by its days, so a 12-month
 * pass started on 1 September has earned exactly 4/12 by 31 December, as DOMAIN's example says. A pass counted
 * in days or weeks earns by its days.
 */
export const periodShare = (startDate: string, amount: number, unit: PeriodUnit, active: number): Share => {
  if (amount <= 0) return WHOLE;
  if (unit === 'DAY' || unit === 'WEEK') {
    const total = inclusiveDays(startDate, passEndDate(startDate, amount, unit));
    return total <= 0 || active >= total ? WHOLE : { num: active, den: total };
  }
  const months = unit === 'YEAR' ? amount * 12 : amount;
  // D_k: the days from the start to the start of month k (k = 0..months).
  const monthStart = (k: number) =>
    k === 0 ? 0 : daysBetween(startDate, addDays(passEndDate(startDate, k, 'MONTH'), 1));
  let k = 0;
  let from = 0;
  let to = monthStart(1);
  while (k < months && active >= to) {
    k += 1;
    from = to;
    to = monthStart(k + 1);
  }
  if (k >= months) return WHOLE;
  return { num: k * (to - from) + (active - from), den: months * (to - from) };
};

/**
 * Earned and deferred revenue of one sale as of a day (docs/rules.md#revenue-recognition). Earned is what was paid
 * times the share used, rounded down to the won; deferred is the rest. A refunded pass earns what the facility
 * kept (paid − refunded, negative when a business-fault refund paid more) and defers nothing. Always
 * `paid = earned + deferred + refunded`.
 */
export const recognize = (input: RevenueInput, day: string): Recognition => {
  const paid = Math.trunc(input.paid);
  const refunded = Math.trunc(input.refunded);
  if (input.closed) return { paid, earned: paid - refunded, deferred: 0, refunded };
  const share = shareOf(input, day);
  const earned = Math.floor((Math.max(0, paid - refunded) * share.num) / share.den);
  return { paid, earned, deferred: paid - refunded - earned, refunded };
};

/** The share of a sale earned on a day, in [0, 1]. */
export const shareOf = (input: RevenueInput, day: string): Share => {
  if (input.basis === 'AT_SALE') return WHOLE;
  let period = NONE;
  let session = NONE;
  if ((input.basis === 'PERIOD' || input.basis === 'BOTH') && input.startDate) {
    const active = activeDaysThrough(input.startDate, day, input.holds ?? []);
    period =
      input.periodAmount && input.periodUnit
        ? periodShare(input.startDate, input.periodAmount, input.periodUnit, active)
        : WHOLE;
  }
  if ((input.basis === 'SESSION' || input.basis === 'BOTH') && input.sessionCount) {
    const used = Math.min(input.sessionCount, Math.max(0, input.usedSessions ?? 0));
    session = { num: used, den: input.sessionCount };
  }
  return larger(period, session);
};

/** Which basis a sold pass earns on: its period, its sessions, or both (whichever is used up first). */
export const revenueBasisOf = (p: {
  periodAmount: number | null;
  sessionCount: number | null;
}): RevenueBasis =>
  p.periodAmount !== null && p.sessionCount !== null
    ? 'BOTH'
    : p.sessionCount !== null
      ? 'SESSION'
      : p.periodAmount !== null
        ? 'PERIOD'
        : 'AT_SALE';
