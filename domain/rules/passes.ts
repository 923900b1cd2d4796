import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { addDays, daysBetween, monthOfDate, seoulToday } from './seoul-time.ts';

/** The "no visit for 14 days" segment of the customer list. */
export const NO_VISIT_DAYS = 14;

/** Whether the customer counts as "no visit for 14 days": never, or last on a day at least 14 days ago. */
export const noRecentVisit = (lastVisitDay: string | null, today: string): boolean =>
  lastVisitDay === null || lastVisitDay <= addDays(today, -NO_VISIT_DAYS);

// Pass products, sold passes, holds and the member-list segments (docs/rules.md#passes). Dates are ISO
// 'YYYY-MM-DD' Seoul calendar days, compared as strings; "today" always comes in as an argument.

dayjs.extend(utc);

/** The units a pass period is counted in (docs/rules.md#passes). */
export const periodUnits = ['DAY', 'WEEK', 'MONTH', 'YEAR'] as const;
export type PeriodUnit = (typeof periodUnits)[number];

const dayjsUnit = { DAY: 'day', WEEK: 'week', MONTH: 'month', YEAR: 'year' } as const;

/**
 * The inclusive last day of a period that starts on `start`: start + period − 1 day. Months and years clamp to
 * the end of a shorter month: 2026-01-31 + 1 month − 1 day = 2026-02-27 (docs/rules.md#passes).
 */
export const passEndDate = (start: string, amount: number, unit: PeriodUnit): string =>
  dayjs.utc(start).add(amount, dayjsUnit[unit]).subtract(1, 'day').format('YYYY-MM-DD');

/** Days from `start` to `end`, both counted: 2026-01-01..2026-01-01 = 1 (docs/rules.md#passes). */
export const inclusiveDays = (start: string, end: string): number => daysBetween(start, end) + 1;

// ---------------------------------------------------------------------------------------------------------
// Sale labels

/** What a pass product's sale dates and state mean today (docs/rules.md#passes). */
export const saleLabels = ['SOON', 'ENDED', 'ON_SALE', 'STOPPED'] as const;
export type SaleLabel = (typeof saleLabels)[number];

export type SaleWindow = {
  saleStartDate: string | null;
  saleEndDate: string | null;
  saleState: 'ACTIVE' | 'INACTIVE';
};

/**
 * Before the sale start SOON, after the sale end ENDED, otherwise ON_SALE when the state is ACTIVE and STOPPED
 * when it is INACTIVE; both dates are inclusive (docs/rules.md#passes).
 */
export const saleLabel = (t: SaleWindow, today: string): SaleLabel => {
  if (t.saleStartDate !== null && today < t.saleStartDate) return 'SOON';
  if (t.saleEndDate !== null && today > t.saleEndDate) return 'ENDED';
  return t.saleState === 'ACTIVE' ? 'ON_SALE' : 'STOPPED';
};

/** A product can be sold today only when its label is ON_SALE (docs/rules.md#passes). */
export const isSellable = (t: SaleWindow, today: string): boolean => saleLabel(t, today) === 'ON_SALE';

/** The discount from the list price, in whole percent (rounded); 0 without a discount (docs/rules.md#passes). */
export const discountPercent = (originPrice: number, salePrice: number): number => {
  if (originPrice <= 0 || salePrice >= originPrice) return 0;
  return Math.min(100, Math.round(((originPrice - salePrice) * 100) / originPrice));
};

// ---------------------------------------------------------------------------------------------------------
// Holds

/** A hold, both dates inclusive. A span that ends before it starts is zero days: a cancelled hold. */
export type HoldSpan = { startDate: string; endDate: string };

/** The days a hold covers, both ends counted; 0 for a cancelled (ended-before-start) hold (docs/rules.md#passes). */
export const holdDays = (h: HoldSpan): number => Math.max(0, inclusiveDays(h.startDate, h.endDate));

/** A pass product's hold caps; null means no limit (docs/rules.md#passes). */
export type HoldLimits = {
  holdMaxCount: number | null;
  holdMaxDays: number | null;
  holdMinDays: number | null;
};

/** Why a hold is refused; the values are message keys (docs/rules.md#passes). */
export type HoldRefusal =
  | 'holdDates'
  | 'holdPassRefunded'
  | 'holdPassExpired'
  | 'holdTooShort'
  | 'holdTooLong'
  | 'holdTooMany'
  | 'holdOverlap';

export type HoldCheckInput = {
  limits: HoldLimits;
  existing: HoldSpan[];
  hold: HoldSpan;
  pass: {
    status: 'FIN' | 'WAIT' | 'REFUND';
    startDate: string;
    endDate: string | null;
    sessionsLeft: number | null;
  };
  today: string;
};

export type HoldCheck =
  | { ok: true; days: number; newEndDate: string | null }
  | { ok: false; reason: HoldRefusal };

/**
 * Whether a new hold may be placed, checked in this order: the dates (end before start, or start before today),
 * a refunded pass, an expired pass (end date past or no sessions left), the minimum length, the total days
 * (existing + this) against the maximum, the count (existing + 1) against the maximum, an overlap with an
 * existing hold. Cancelled (zero-day) holds in `existing` count for nothing. When allowed, the pass end moves
 * later by the held days (docs/rules.md#passes).
 */
export const checkHold = ({ limits, existing, hold, pass, today }: HoldCheckInput): HoldCheck => {
  if (hold.endDate < hold.startDate || hold.startDate < today) return { ok: false, reason: 'holdDates' };
  if (pass.status === 'REFUND') return { ok: false, reason: 'holdPassRefunded' };
  if ((pass.endDate !== null && pass.endDate < today) || pass.sessionsLeft === 0) {
    return { ok: false, reason: 'holdPassExpired' };
  }
  const days = holdDays(hold);
  if (limits.holdMinDays !== null && days < limits.holdMinDays) return { ok: false, reason: 'holdTooShort' };
  const counted = existing.filter((e) => holdDays(e) > 0);
  const totalDays = counted.reduce((sum, e) => sum + holdDays(e), 0) + days;
  if (limits.holdMaxDays !== null && totalDays > limits.holdMaxDays)
    return { ok: false, reason: 'holdTooLong' };
  if (limits.holdMaxCount !== null && counted.length + 1 > limits.holdMaxCount) {
    return { ok: false, reason: 'holdTooMany' };
  }
  if (counted.some((e) => e.startDate <= hold.endDate && hold.startDate <= e.endDate)) {
    return { ok: false, reason: 'holdOverlap' };
  }
  return { ok: true, days, newEndDate: pass.endDate === null ? null : addDays(pass.endDate, days) };
};

/**
 * Ends a hold early: it now ends the day before `on` (never later than it was to end). When `on` is on or before
 * the hold's start, the hold is cancelled (`cancelled`: the server deletes it) and every day returns. The pass end moves earlier by
 * the returned days (docs/rules.md#passes).
 */
export const endHoldEarly = (
  hold: HoldSpan,
  on: string,
  passEndDate: string | null,
): { hold: HoldSpan; passEndDate: string | null; returnedDays: number; cancelled: boolean } => {
  const dayBefore = addDays(on, -1);
  const endDate =
    on <= hold.startDate ? addDays(hold.startDate, -1) : dayBefore < hold.endDate ? dayBefore : hold.endDate;
  const shortened = { startDate: hold.startDate, endDate };
  const returnedDays = holdDays(hold) - holdDays(shortened);
  return {
    hold: shortened,
    passEndDate: passEndDate === null ? null : addDays(passEndDate, -returnedDays),
    returnedDays,
    // Ended on (or before) its first day: no day was held, so the hold is removed and only its audit row remains.
    cancelled: holdDays(shortened) === 0,
  };
};

/** The hold covering `day`, if any (docs/rules.md#passes). */
export const heldOn = (holds: HoldSpan[], day: string): HoldSpan | undefined =>
  holds.find((h) => h.startDate <= day && day <= h.endDate);

// ---------------------------------------------------------------------------------------------------------
// A sold pass's state today

/** A sold pass's state, derived from its dates, sessions and holds at read time (docs/rules.md#passes). */
export const passStates = ['UPCOMING', 'ACTIVE', 'HELD', 'EXPIRED', 'USED_UP', 'REFUNDED'] as const;
export type PassState = (typeof passStates)[number];

export type PassForState = {
  status: 'FIN' | 'WAIT' | 'REFUND';
  startDate: string;
  endDate: string | null;
  sessionCount: number | null;
  sessionsUsed: number;
  holds: HoldSpan[];
};

/**
 * The first that applies: refunded → REFUNDED; all sessions used → USED_UP; end date past → EXPIRED; before the
 * start → UPCOMING; on hold today → HELD; otherwise ACTIVE (docs/rules.md#passes).
 */
export const passState = (p: PassForState, today: string): PassState => {
  if (p.status === 'REFUND') return 'REFUNDED';
  if (p.sessionCount !== null && p.sessionsUsed >= p.sessionCount) return 'USED_UP';
  if (p.endDate !== null && p.endDate < today) return 'EXPIRED';
  if (today < p.startDate) return 'UPCOMING';
  if (heldOn(p.holds, today)) return 'HELD';
  return 'ACTIVE';
};

/**
 * Of a customer's passes in force, the one that admits them and that the customer's header shows
 * (docs/rules.md#holds): the latest started one not on hold today; else the latest started one (on hold); else the
 * next to start. A running pass wins over a held one.
 */
export const admittingPass = <P extends { id: number; startDate: string; holds: HoldSpan[] }>(
  inForce: readonly P[],
  today: string,
): P | undefined => {
  const byStart = [...inForce].sort((a, b) => a.startDate.localeCompare(b.startDate) || a.id - b.id);
  const started = byStart.filter((p) => p.startDate <= today);
  return started.filter((p) => !heldOn(p.holds, today)).at(-1) ?? started.at(-1) ?? byStart[0];
};

/** Sessions left (never below 0); null for a pass without a session count (docs/rules.md#passes). */
export const sessionsLeft = (count: number | null, used: number): number | null =>
  count === null ? null : Math.max(0, count - used);

/** Days left, today and the end day both counted; 0 once the end has passed; null without an end (docs/rules.md#passes). */
export const daysLeft = (endDate: string | null, today: string): number | null => {
  if (endDate === null) return null;
  return endDate < today ? 0 : inclusiveDays(today, endDate);
};

/**
 * Where a renewal (the next pass of the same product) starts: the day after the current pass ends when that is
 * after today, otherwise today (docs/rules.md#passes).
 */
export const renewalStartDate = (today: string, currentEndDate: string | null): string => {
  if (currentEndDate === null) return today;
  const next = addDays(currentEndDate, 1);
  return next > today ? next : today;
};

/**
 * A pass's kind for renewals (docs/rules.md#renewals): a period pass without sessions (a membership, 헬스 3개월) is
 * PERIOD; a pass with a session count (PT 10회, 3개월 + PT 30회) is SESSION. Only PERIOD passes renew end to end:
 * sessions are counted one by one, so two session passes at once double nothing.
 */
export type PassKind = 'PERIOD' | 'SESSION';
export const passKind = (p: { sessionCount: number | null }): PassKind =>
  p.sessionCount === null ? 'PERIOD' : 'SESSION';

/** A customer's sold pass as the renewal rules read it. */
export type OwnedPass = {
  id: number;
  ticketName: string;
  status: 'FIN' | 'WAIT' | 'REFUND';
  startDate: string;
  endDate: string | null;
  sessionCount: number | null;
};

/** The customer's running or future passes of the product's kind, when that kind renews end to end. */
const renewable = (passes: readonly OwnedPass[], product: { sessionCount: number | null }, today: string) =>
  passKind(product) !== 'PERIOD'
    ? []
    : passes.filter(
        (p) => p.status !== 'REFUND' && passKind(p) === 'PERIOD' && p.endDate !== null && p.endDate >= today,
      );

/**
 * Where a new pass starts by default (docs/rules.md#renewals): for a PERIOD product, the day after the last of the
 * customer's running or future PERIOD passes ends (never before today); otherwise today. The sell screens' preview
 * and the server's default both call this.
 */
export const saleStartDate = (
  today: string,
  passes: readonly OwnedPass[],
  product: { sessionCount: number | null },
): string => {
  const last = renewable(passes, product, today)
    .map((p) => p.endDate!)
    .sort()
    .at(-1);
  return renewalStartDate(today, last ?? null);
};

/**
 * The running or future pass of the same kind that a new pass from `startDate` to `endDate` (null: no end) would
 * overlap, if any (docs/rules.md#renewals); the earliest such pass.
 */
export const overlappingPass = (
  passes: readonly OwnedPass[],
  product: { sessionCount: number | null },
  startDate: string,
  endDate: string | null,
  today: string,
): OwnedPass | undefined =>
  renewable(passes, product, today)
    .filter((p) => p.startDate <= (endDate ?? '9999-12-31') && startDate <= p.endDate!)
    .sort((a, b) => (a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : a.id - b.id))[0];

/**
 * The pass a hold would push this one into (docs/rules.md#holds): a running or queued PERIOD pass of the customer
 * that the held pass's new end overlaps and its current end did not, such as the renewal sold to start the day
 * after it ends. The hold is refused rather than leave two passes of one kind overlapping that no one chose.
 */
export const holdPushesInto = (
  passes: readonly OwnedPass[],
  held: OwnedPass,
  newEndDate: string | null,
  today: string,
): OwnedPass | undefined => {
  const oldEnd = held.endDate;
  if (newEndDate === null || oldEnd === null || newEndDate <= oldEnd) return undefined;
  return renewable(
    passes.filter((p) => p.id !== held.id),
    held,
    today,
  )
    .filter((p) => p.startDate > oldEnd && p.startDate <= newEndDate)
    .sort((a, b) => (a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : a.id - b.id))[0];
};

// ---------------------------------------------------------------------------------------------------------
// Member-list segments (the server writes the same definitions in SQL: keep them in step)

/** The member-list segments (docs/rules.md#customers). */
export const customerSegments = [
  'all',
  'active',
  'hold',
  'expiring',
  'expired',
  'unpaid',
  'new',
  'birthday',
  'noVisit',
] as const;
export type CustomerSegment = (typeof customerSegments)[number];

/** At or below this many sessions left, an active pass is "expiring" (docs/rules.md#customers). */
export const EXPIRING_SESSIONS = 2;

/** What the segments read of a customer and their current pass (docs/rules.md#customers). */
export type CustomerSummary = {
  passEndDate: string | null;
  sessionsLeft: number | null;
  holdStartDate: string | null;
  holdEndDate: string | null;
  unpaid: number;
  createdOn: string;
  birthDate: string | null;
  hasPass: boolean;
  passStartDate: string | null;
  /** The instant of the last allowed check-in (ISO), null when never. */
  lastVisitAt: string | null;
};

const isHeld = (s: CustomerSummary, today: string): boolean =>
  s.holdStartDate !== null && s.holdEndDate !== null && s.holdStartDate <= today && today <= s.holdEndDate;

const isActive = (s: CustomerSummary, today: string): boolean =>
  s.hasPass &&
  s.passStartDate !== null &&
  s.passStartDate <= today &&
  (s.passEndDate === null || today <= s.passEndDate) &&
  (s.sessionsLeft === null || s.sessionsLeft > 0) &&
  !isHeld(s, today);

/**
 * Whether a customer is in a member-list segment today (docs/rules.md#customers):
 * - active: a pass started, not ended (or without an end), sessions left (or none counted), not on hold today;
 * - hold: on hold today;
 * - expiring: active or on hold, and the pass ends between today and today + `expiringDays` (both included) or
 *   has `EXPIRING_SESSIONS` or fewer sessions left;
 * - expired: a pass whose end date has passed or whose sessions are used up;
 * - unpaid: an unpaid balance above 0;
 * - new: created in today's month; birthday: born in today's month;
 * - noVisit: active, and never visited or last visited on a Seoul day at least `NO_VISIT_DAYS` (14) days ago.
 * A null date compares as false, as in SQL.
 */
export const inSegment = (
  s: CustomerSummary,
  segment: CustomerSegment,
  today: string,
  expiringDays = 7,
): boolean => {
  switch (segment) {
    case 'all':
      return true;
    case 'active':
      return isActive(s, today);
    case 'hold':
      return isHeld(s, today);
    case 'expiring':
      return (
        (isActive(s, today) || isHeld(s, today)) &&
        ((s.passEndDate !== null &&
          today <= s.passEndDate &&
          s.passEndDate <= addDays(today, expiringDays)) ||
          (s.sessionsLeft !== null && s.sessionsLeft <= EXPIRING_SESSIONS))
      );
    case 'expired':
      return s.hasPass && ((s.passEndDate !== null && s.passEndDate < today) || s.sessionsLeft === 0);
    case 'unpaid':
      return s.unpaid > 0;
    case 'new':
      return s.createdOn.slice(0, 7) === today.slice(0, 7);
    case 'birthday':
      return s.birthDate !== null && monthOfDate(s.birthDate) === monthOfDate(today);
    case 'noVisit':
      return (
        isActive(s, today) &&
        noRecentVisit(s.lastVisitAt === null ? null : seoulToday(new Date(s.lastVisitAt)), today)
      );
  }
};
