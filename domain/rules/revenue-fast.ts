import type { PeriodUnit } from './passes.ts';
import type { Recognition, RevenueInput, Share } from './revenue.ts';

// Earned and deferred revenue for many passes at once (docs/rules.md#revenue-recognition). `recognizeFast` gives
// exactly what `recognize` of revenue.ts gives, for every input: revenue-fast.test.ts proves it with random
// passes. It differs only in how it counts days: on whole day numbers (integer arithmetic) instead of dayjs strings, which
// makes it some hundred times faster. The revenue report runs it for every pass and every month end of a range,
// where tens of thousands of passes make `recognize`'s 0.1–0.3 ms a call several seconds.

const WHOLE: Share = { num: 1, den: 1 };
const NONE: Share = { num: 0, den: 1 };

/** Days since 1970-01-01 of a civil date (month 1–12), by integer arithmetic (H. Hinnant's days_from_civil). */
const civilDay = (year: number, month: number, day: number): number => {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
};

/** The number written at [at, at + n) of an ISO date, from its character codes (no substring is made). */
const digits = (iso: string, at: number, n: number): number => {
  let v = 0;
  for (let i = at; i < at + n; i += 1) v = v * 10 + iso.charCodeAt(i) - 48;
  return v;
};
const yearOf = (iso: string) => digits(iso, 0, 4);
const monthOf = (iso: string) => digits(iso, 5, 2);
const dateOf = (iso: string) => digits(iso, 8, 2);

/** 'YYYY-MM-DD' → whole days since 1970-01-01 (the same count `daysBetween` takes the difference of). */
export const dayNumber = (iso: string): number => civilDay(yearOf(iso), monthOf(iso), dateOf(iso));

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const monthDays = (year: number, month: number): number =>
  month === 2 && isLeap(year) ? 29 : (MONTH_DAYS[month - 1] ?? 31);

/** The day number of y-m-d plus `k` months, clamped to the end of a shorter month (dayjs's `add(k, 'month')`). */
const plusMonths = (y: number, m: number, d: number, k: number): number => {
  const m0 = m - 1 + k;
  const year = y + Math.floor(m0 / 12);
  const month = (((m0 % 12) + 12) % 12) + 1;
  return civilDay(year, month, Math.min(d, monthDays(year, month)));
};

/** A pass's terms: everything of `RevenueInput` that does not change from day to day. */
export type PassTerms = Omit<RevenueInput, 'paid' | 'refunded' | 'closed' | 'usedSessions'>;
/** What changes from day to day: the money and the sessions used up to the day. */
export type PassState = Pick<RevenueInput, 'paid' | 'refunded' | 'closed' | 'usedSessions'>;

/**
 * The held days of a pass as merged spans of day numbers, clipped to begin no earlier than its start
 * (`activeDaysThrough` counts each held day once, and none before the start).
 */
const heldSpans = (start: number, holds: readonly { startDate: string; endDate: string }[]): number[][] => {
  const spans = holds
    .map((h) => [Math.max(dayNumber(h.startDate), start), dayNumber(h.endDate)])
    .filter(([from, to]) => from! <= to!)
    .sort((a, b) => a[0]! - b[0]!);
  const merged: number[][] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && span[0]! <= last[1]! + 1) last[1] = Math.max(last[1]!, span[1]!);
    else merged.push([span[0]!, span[1]!]);
  }
  return merged;
};

/** The share of the period in force after `active` days, with the month starts computed once per pass. */
const periodSharer = (startDate: string, amount: number, unit: PeriodUnit) => {
  if (amount <= 0) return (_active: number): Share => WHOLE;
  if (unit === 'DAY' || unit === 'WEEK') {
    const total = unit === 'DAY' ? amount : amount * 7;
    return (active: number): Share => (total <= 0 || active >= total ? WHOLE : { num: active, den: total });
  }
  const months = unit === 'YEAR' ? amount * 12 : amount;
  const y = yearOf(startDate);
  const m = monthOf(startDate);
  const d = dateOf(startDate);
  const start = civilDay(y, m, d);
  const starts: number[] = [0];
  // D_k: the days from the start to the start of month k, as `periodShare` counts them.
  const monthStart = (k: number) => {
    let v = starts[k];
    if (v === undefined) {
      v = plusMonths(y, m, d, k) - start;
      starts[k] = v;
    }
    return v;
  };
  return (active: number): Share => {
    // Months start at most 31 days apart, so month ⌊active / 31⌋ has begun: start the walk there.
    let k = Math.min(months, Math.floor(active / 31));
    let from = monthStart(k);
    let to = monthStart(k + 1);
    while (k < months && active >= to) {
      k += 1;
      from = to;
      to = monthStart(k + 1);
    }
    if (k >= months) return WHOLE;
    return { num: k * (to - from) + (active - from), den: months * (to - from) };
  };
};

const larger = (a: Share, b: Share): Share => (a.num * b.den >= b.num * a.den ? a : b);

/**
 * A pass's recognition on any day from its state that day: the terms are read once (day numbers, merged holds,
 * month starts), so a report that reads tens of thousands of passes at a dozen month ends does little per call.
 * `recognizerOf(terms)(state, day)` is `recognize({ ...terms, ...state }, day)`.
 */
export const recognizerOf = (terms: PassTerms) => {
  const periodBased = (terms.basis === 'PERIOD' || terms.basis === 'BOTH') && Boolean(terms.startDate);
  const start = periodBased ? dayNumber(terms.startDate!) : 0;
  const holds = periodBased ? heldSpans(start, terms.holds ?? []) : [];
  const period =
    periodBased && terms.periodAmount && terms.periodUnit
      ? periodSharer(terms.startDate!, terms.periodAmount, terms.periodUnit)
      : null;
  const sessionBased = (terms.basis === 'SESSION' || terms.basis === 'BOTH') && Boolean(terms.sessionCount);
  const count = terms.sessionCount ?? 0;

  const share = (state: PassState, day: number): Share => {
    if (terms.basis === 'AT_SALE') return WHOLE;
    let p = NONE;
    if (periodBased) {
      let active = 0;
      if (day >= start) {
        let held = 0;
        for (const [from, to] of holds) {
          if (from! > day) break;
          held += Math.min(to!, day) - from! + 1;
        }
        active = Math.max(0, day - start + 1 - held);
      }
      p = period ? period(active) : WHOLE;
    }
    let s = NONE;
    if (sessionBased) s = { num: Math.min(count, Math.max(0, state.usedSessions ?? 0)), den: count };
    return larger(p, s);
  };

  /** The day as 'YYYY-MM-DD' or as its day number. */
  return (state: PassState, day: string | number): Recognition => {
    const paid = Math.trunc(state.paid);
    const refunded = Math.trunc(state.refunded);
    if (state.closed) return { paid, earned: paid - refunded, deferred: 0, refunded };
    const sh = share(state, typeof day === 'number' ? day : dayNumber(day));
    const earned = Math.floor((Math.max(0, paid - refunded) * sh.num) / sh.den);
    return { paid, earned, deferred: paid - refunded - earned, refunded };
  };
};

/**
 * What `recognize(input, day)` answers (docs/rules.md#revenue-recognition), computed on day numbers: earned is
 * what was paid (less any refund) times the share used, rounded down to the won; deferred is the rest; a refunded
 * pass earns what the facility kept and defers nothing. Always `paid = earned + deferred + refunded`.
 */
export const recognizeFast = (input: RevenueInput, day: string): Recognition =>
  recognizerOf(input)(input, day);

/** Whole days since 1970-01-01 → 'YYYY-MM-DD' (H. Hinnant's civil_from_days): the inverse of `dayNumber`. */
export const isoOfDayNumber = (n: number): string => {
  const z = n + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
};
