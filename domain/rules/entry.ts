import { heldOn, type PassForState, passState, sessionsLeft } from './passes.ts';
import { addDays, daysBetween } from './seoul-time.ts';

// Check-in (docs/rules.md#check-in): the one place where "valid today" is decided. The kiosk, the staff's manual
// check-in and the benchmark all call `decideCheckIn` with the customer's passes, their holds, the usage ledger's
// totals and today's date in Asia/Seoul; the server writes what it answers.

export const entryMethods = ['QR', 'CARD', 'PHONE', 'MANUAL'] as const;
export type EntryMethod = (typeof entryMethods)[number];

export const entryResults = ['ALLOWED', 'REFUSED', 'OVERRIDE'] as const;
export type EntryResult = (typeof entryResults)[number];

/** Why an entry was refused, in DOMAIN's order of the checks. */
export const entryRefusals = ['noPass', 'notStarted', 'onHold', 'expired', 'noSessions', 'unpaid'] as const;
export type EntryRefusal = (typeof entryRefusals)[number];

/** Two attempts of one customer within this many seconds are one entry (a double tap). */
export const DOUBLE_TAP_SECONDS = 60;

/** The result screen's "renew soon" note: the pass ends within this many days. */
export const RENEW_SOON_DAYS = 7;

// The "no visit for 14 days" segment belongs to the customer segments (passes.ts); the check-in screens read it too.
export { NO_VISIT_DAYS, noRecentVisit } from './passes.ts';

export type CheckInPass = PassForState & {
  id: number;
  name: string;
  /** The product's setting: whether a check-in uses a session of this pass. */
  entryUsesSession: boolean;
  /** A period (day-based) product: repeat check-ins on one day use one session. */
  dayBased: boolean;
  /** Whether an entry already used a session of this pass today (the usage ledger). */
  sessionUsedToday: boolean;
};

export type CheckInInput = {
  passes: CheckInPass[];
  today: string;
  /** The facility's rule: an unpaid balance blocks entry. */
  blockUnpaid: boolean;
  /** The customer's unpaid balance, in won. */
  unpaidAmount: number;
};

export type CheckInAllowed = {
  allowed: true;
  passId: number;
  passName: string;
  /** Whether this entry uses a session (the ledger gets an ENTRY row). */
  usesSession: boolean;
  /** Sessions left after this entry; null for a pass without a count. */
  sessionsLeft: number | null;
  /** Days left, today included; null without an end date. */
  daysLeft: number | null;
  endDate: string | null;
  renewSoon: boolean;
};

export type CheckInRefused = {
  allowed: false;
  reason: EntryRefusal;
  /** The date the reason names: the hold's last day, the end date, the start date. */
  date: string | null;
  /** The pass the reason is about, when there is one. */
  passId: number | null;
  passName: string | null;
  unpaidAmount: number | null;
};

export type CheckInDecision = CheckInAllowed | CheckInRefused;

const refused = (
  reason: EntryRefusal,
  pass: CheckInPass | null,
  date: string | null,
  unpaidAmount: number | null = null,
): CheckInRefused => ({
  allowed: false,
  reason,
  date,
  passId: pass?.id ?? null,
  passName: pass?.name ?? null,
  unpaidAmount,
});

/** Whether an entry on this pass today uses a session (docs/rules.md#check-in). */
export const entryUsesSession = (pass: CheckInPass): boolean =>
  pass.entryUsesSession && pass.sessionCount !== null && !(pass.dayBased && pass.sessionUsedToday);

const sessionsUsedLeft = (pass: CheckInPass) => sessionsLeft(pass.sessionCount, pass.sessionsUsed);

/**
 * Which usable pass an entry uses: one that needs no session first (a PT pack is not spent on the door), then the
 * one that ends first, then the oldest.
 */
const preference = (a: CheckInPass, b: CheckInPass) => {
  const sessionA = entryUsesSession(a) ? 1 : 0;
  const sessionB = entryUsesSession(b) ? 1 : 0;
  if (sessionA !== sessionB) return sessionA - sessionB;
  const endA = a.endDate ?? '9999-12-31';
  const endB = b.endDate ?? '9999-12-31';
  if (endA !== endB) return endA < endB ? -1 : 1;
  return a.id - b.id;
};

/** The pass a refusal should talk about: the latest to end (or the latest sold). */
const latest = (passes: CheckInPass[]) =>
  [...passes].sort((a, b) => {
    const endA = a.endDate ?? '9999-12-31';
    const endB = b.endDate ?? '9999-12-31';
    if (endA !== endB) return endA < endB ? 1 : -1;
    return b.id - a.id;
  })[0] ?? null;

/**
 * The check-in decision, in DOMAIN's order: a valid pass for today exists; it is not on hold and not expired;
 * sessions remain for a session pass; no blocking unpaid balance. The person being known is the caller's check.
 */
export const decideCheckIn = ({
  passes,
  today,
  blockUnpaid,
  unpaidAmount,
}: CheckInInput): CheckInDecision => {
  const live = passes.filter((p) => p.status !== 'REFUND');
  // A day-based pass whose entry already used today's session lets the customer in again that day, even when that
  // was its last session: its state is judged without the count.
  const reentry = (p: CheckInPass) => p.dayBased && p.entryUsesSession && p.sessionUsedToday;
  const states = new Map(
    live.map((p) => [p.id, passState(reentry(p) ? { ...p, sessionCount: null } : p, today)]),
  );
  const usable = live
    .filter((p) => states.get(p.id) === 'ACTIVE')
    // A pass whose entry uses a session needs one left (a pass with sessions is USED_UP before this).
    .filter((p) => !entryUsesSession(p) || (sessionsUsedLeft(p) ?? 1) > 0)
    .sort(preference);
  const chosen = usable[0];
  if (!chosen) {
    const inState = (state: string) => live.filter((p) => states.get(p.id) === state);
    const held = latest(inState('HELD'));
    if (held) {
      const hold = heldOn(held.holds, today);
      return refused('onHold', held, hold?.endDate ?? null);
    }
    const upcoming = [...inState('UPCOMING')].sort((a, b) => (a.startDate < b.startDate ? -1 : 1))[0];
    if (upcoming) return refused('notStarted', upcoming, upcoming.startDate);
    const ended = latest([...inState('USED_UP'), ...inState('EXPIRED')]);
    if (ended && states.get(ended.id) === 'USED_UP') return refused('noSessions', ended, null);
    if (ended) return refused('expired', ended, ended.endDate);
    return refused('noPass', null, null);
  }
  if (blockUnpaid && unpaidAmount > 0) return refused('unpaid', chosen, null, unpaidAmount);
  const usesSession = entryUsesSession(chosen);
  const left = sessionsLeft(chosen.sessionCount, chosen.sessionsUsed + (usesSession ? 1 : 0));
  const days = chosen.endDate === null ? null : daysBetween(today, chosen.endDate) + 1;
  return {
    allowed: true,
    passId: chosen.id,
    passName: chosen.name,
    usesSession,
    sessionsLeft: left,
    daysLeft: days,
    endDate: chosen.endDate,
    renewSoon: chosen.endDate !== null && chosen.endDate <= addDays(today, RENEW_SOON_DAYS - 1),
  };
};

/** The middle of a name masked for the kiosk's chooser: 김민수 → 김*수, 이수 → 이*, Alex → A**x. */
export const maskName = (name: string): string => {
  const chars = [...name.trim()];
  if (chars.length <= 1) return chars.join('');
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
};
