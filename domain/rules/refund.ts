import type { PaymentMethod } from '../enums.ts';
import { type HoldSpan, inclusiveDays, type PeriodUnit, passEndDate } from './passes.ts';
import { addDays, daysBetween } from './seoul-time.ts';

// The legal refund formula for continuing contracts (docs/rules.md#refunds). Money is integer won; the used part
// is rounded DOWN to the won, and the screen says so.

/** Who ends the contract: the member, or the business at fault (docs/rules.md#refunds). */
export const refundFaults = ['MEMBER', 'BUSINESS'] as const;
export type RefundFault = (typeof refundFaults)[number];

/** The penalty rate: 10% of the price paid (docs/rules.md#refunds). */
export const PENALTY_PERCENT = 10;

/**
 * The days a period contract counts in the refund formula (docs/rules.md#refunds). A contract of a month or less
 * (any DAY or WEEK period, or MONTH 1) counts its real days, start and last day included; a longer one counts
 * 30 days a month: MONTH n → 30n, YEAR n → 360n. DAY and WEEK periods always count their real days.
 */
export const refundContractDays = (startDate: string, amount: number, unit: PeriodUnit): number => {
  if (unit === 'MONTH' && amount > 1) return 30 * amount;
  if (unit === 'YEAR') return 360 * amount;
  return Math.max(0, inclusiveDays(startDate, passEndDate(startDate, amount, unit)));
};

/**
 * The used days of a period pass (docs/rules.md#refunds): the days from the start up to and including
 * yesterday, `daysBetween(startDate, today)`; today is not counted, so cancelling on the start day uses 0 days
 * ("cancelled after 40 days" means 40). Held days in that range [start, today − 1] are taken off (overlapping
 * holds count once), and the result is never below 0.
 */
export const usedDays = (startDate: string, today: string, holds: HoldSpan[]): number => {
  const elapsed = daysBetween(startDate, today);
  if (elapsed <= 0) return 0;
  const last = addDays(today, -1);
  const clipped = holds
    .map((h) => ({
      startDate: h.startDate < startDate ? startDate : h.startDate,
      endDate: h.endDate > last ? last : h.endDate,
    }))
    .filter((h) => h.startDate <= h.endDate)
    .sort((a, b) => (a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : 0));
  let held = 0;
  let coveredTo: string | null = null; // the last day already counted
  for (const h of clipped) {
    const from = coveredTo !== null && h.startDate <= coveredTo ? addDays(coveredTo, 1) : h.startDate;
    if (from <= h.endDate) {
      held += inclusiveDays(from, h.endDate);
      coveredTo = h.endDate;
    }
  }
  return Math.max(0, elapsed - held);
};

/** The refund inputs: `paid` is the price actually paid after discounts, never the list price. */
export type RefundInput = {
  paid: number;
  fault: RefundFault;
  basis: 'PERIOD' | 'SESSION';
  /** Whether the pass has started (a period pass on its first day, a session pass at its first use). */
  started: boolean;
  contractDays?: number;
  usedDays?: number;
  contractSessions?: number;
  usedSessions?: number;
};

/** One line of the computation as the screen and the stored refund show it; `formula` is language-neutral. */
export type RefundLine = {
  key: 'paid' | 'used' | 'penalty' | 'refund';
  amount: number;
  sign: 1 | -1 | 0;
  formula: string;
};

export type RefundResult = {
  paid: number;
  penalty: number;
  used: number;
  refund: number;
  lines: RefundLine[];
};

/** 1234567 → '1,234,567' (a fixed format, whatever the locale). */
const won = (n: number): string => {
  const digits = String(Math.abs(Math.trunc(n))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0 ? `−${digits}` : digits;
};

/**
 * The refund (docs/rules.md#refunds): penalty = floor(paid × 10%); used = 0 before the start, else
 * floor(paid × usedDays / contractDays) for a period pass or floor(paid × usedSessions / contractSessions) for a
 * session pass, never above paid. The member's cancellation refunds paid − used − penalty; the business at fault
 * refunds paid − used + penalty. The refund stays within [0, paid + penalty]. When the contract length is
 * missing or not positive, the pass counts as fully used.
 */
export const computeRefund = (input: RefundInput): RefundResult => {
  const paid = Math.max(0, Math.trunc(input.paid));
  const penalty = Math.floor((paid * PENALTY_PERCENT) / 100);
  const [usedUnits, contractUnits] =
    input.basis === 'PERIOD'
      ? [input.usedDays ?? 0, input.contractDays ?? 0]
      : [input.usedSessions ?? 0, input.contractSessions ?? 0];
  let used = 0;
  let usedFormula = '0';
  if (input.started) {
    const units = Math.max(0, usedUnits);
    used = contractUnits > 0 ? Math.min(paid, Math.floor((paid * units) / contractUnits)) : paid;
    usedFormula = contractUnits > 0 ? `${won(paid)} × ${won(units)} / ${won(contractUnits)}` : won(paid);
  }
  const penaltySign = input.fault === 'BUSINESS' ? 1 : -1;
  const raw = paid - used + penaltySign * penalty;
  const refund = Math.min(paid + penalty, Math.max(0, raw));
  const expression = `${won(paid)} − ${won(used)} ${penaltySign === 1 ? '+' : '−'} ${won(penalty)}`;
  const lines: RefundLine[] = [
    { key: 'paid', amount: paid, sign: 1, formula: won(paid) },
    { key: 'used', amount: used, sign: -1, formula: usedFormula },
    { key: 'penalty', amount: penalty, sign: penaltySign, formula: `${won(paid)} × ${PENALTY_PERCENT}%` },
    {
      key: 'refund',
      amount: refund,
      sign: 0,
      formula: refund === raw ? expression : `max(0, ${expression})`,
    },
  ];
  return { paid, penalty, used, refund, lines };
};

/** A pass with a session count is refunded by sessions, any other by days (docs/rules.md#refunds). */
export const refundBasis = (sessionCount: number | null): 'PERIOD' | 'SESSION' =>
  sessionCount !== null ? 'SESSION' : 'PERIOD';

/** A payment line of the pass's sale that a refund can go back through (docs/rules.md#refunds). */
export type PaidLine = { id: number; method: PaymentMethod; amount: number };

/** One line of a refund: its method, its amount and, for a card refund, the card line it cancels. */
export type RefundSplitLine = { method: PaymentMethod; amount: number; paymentLineId: number | null };

/**
 * How a refund of `total` goes back (docs/rules.md#refunds): through the original payment lines, in the order they
 * were paid, each at most what it paid, so 300,000 card + 183,000 transfer refunded in full is the same two lines.
 * What is left above the lines (the business's penalty on top) goes to the first line that is not a card (a card
 * refund cancels at most its approval), else to a cash line. Lines of one method and target are merged.
 */
export const refundSplit = (paid: readonly PaidLine[], total: number): RefundSplitLine[] => {
  const out: RefundSplitLine[] = [];
  const put = (method: PaymentMethod, amount: number, paymentLineId: number | null) => {
    if (amount <= 0) return;
    const same = out.find((l) => l.method === method && l.paymentLineId === paymentLineId);
    if (same) same.amount += amount;
    else out.push({ method, amount, paymentLineId });
  };
  let left = Math.max(0, Math.trunc(total));
  for (const line of paid) {
    const take = Math.min(left, Math.max(0, line.amount));
    put(line.method, take, line.method === 'CARD' ? line.id : null);
    left -= take;
  }
  if (left > 0) {
    const other = paid.find((l) => l.method !== 'CARD');
    put(other ? other.method : 'CASH', left, null);
  }
  return out;
};

/**
 * Checks the refund lines a request chose (docs/rules.md#refunds) and ties each card refund to the card lines it
 * cancels, in the order they were paid: the lines add up to `total`; card refunds never exceed the card lines paid.
 * Answers the lines to write, or the refusal's key.
 */
export const placeRefundLines = (
  paid: readonly PaidLine[],
  requested: readonly { method: PaymentMethod; amount: number }[],
  total: number,
):
  | { ok: true; lines: RefundSplitLine[] }
  | { ok: false; reason: 'refundLinesSum' | 'refundCardAboveLine' } => {
  if (requested.reduce((s, l) => s + l.amount, 0) !== total) return { ok: false, reason: 'refundLinesSum' };
  const cards = paid.filter((l) => l.method === 'CARD');
  const card = requested.filter((l) => l.method === 'CARD').reduce((s, l) => s + l.amount, 0);
  if (card > cards.reduce((s, l) => s + l.amount, 0)) return { ok: false, reason: 'refundCardAboveLine' };
  const lines: RefundSplitLine[] = refundSplit(cards, card);
  for (const l of requested) {
    if (l.method === 'CARD' || l.amount <= 0) continue;
    const same = lines.find((x) => x.method === l.method);
    if (same) same.amount += l.amount;
    else lines.push({ method: l.method, amount: l.amount, paymentLineId: null });
  }
  return { ok: true, lines };
};
