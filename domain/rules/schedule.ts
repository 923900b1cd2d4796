import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { addDays, isIsoDate, SEOUL, seoulToday } from './seoul-time.ts';

// Lessons, bookings and the waitlist (docs/rules.md#schedule). Pure: every instant comes in as an argument, every
// calendar day and clock time is read in Asia/Seoul. The server's write and the screen's preview call these.

dayjs.extend(utc);
dayjs.extend(timezone);

/** The SPEC's reservation states. WAITING: on the waitlist (the lesson was full). WAIT is accepted by filters only. */
export const reservationStatuses = ['COMPLETE', 'CANCEL', 'DELAY', 'WAIT', 'WAITING'] as const;
export type ReservationStatus = (typeof reservationStatuses)[number];

/** A reservation that holds a place (COMPLETE, DELAY) or a place in line (WAITING). */
export const liveReservationStatuses = [
  'COMPLETE',
  'DELAY',
  'WAITING',
] as const satisfies ReservationStatus[];

export const attendanceMarks = ['ATTENDED', 'NOSHOW'] as const;
export type AttendanceMark = (typeof attendanceMarks)[number];

export const lessonTypes = ['GROUP', 'PT'] as const;
export type LessonType = (typeof lessonTypes)[number];

export const viewModes = ['DAY_VIEW', 'WEEK_VIEW', 'MONTH_VIEW'] as const;
export type ViewMode = (typeof viewModes)[number];

/** "this one", "this and following", "all": how far an edit of a recurring lesson reaches. */
export const editScopes = ['ONE', 'FOLLOWING', 'ALL'] as const;
export type EditScope = (typeof editScopes)[number];

/** A facility's booking rules (a card on /setting/gym); a lesson may override the window. */
export type BookingSettings = {
  /** Booking opens this many days before the lesson's day (at 00:00 that day, Seoul). */
  openDaysAhead: number;
  /** Booking closes this many minutes before the start. */
  closeMinutesBefore: number;
  /** A cancel is free until this many hours before the start; later it is a late cancel. */
  freeCancelHours: number;
  /** Whether a no-show uses a session. */
  noShowUsesSession: boolean;
  /** Whether a late cancel uses a session. */
  lateCancelUsesSession: boolean;
  /** The waitlist closes (no one joins, no one is promoted) this many minutes before the start. */
  waitlistCloseMinutesBefore: number;
  /** The most COMPLETE or WAITING bookings one customer may hold for lessons still to come. */
  maxActiveBookings: number;
};

export const defaultBookingSettings: BookingSettings = {
  openDaysAhead: 14,
  closeMinutesBefore: 60,
  freeCancelHours: 3,
  noShowUsesSession: true,
  lateCancelUsesSession: false,
  waitlistCloseMinutesBefore: 120,
  maxActiveBookings: 10,
};

export const MAX_CAPACITY = 500;

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;
export const isClockTime = (value: string): boolean => HHMM.test(value);

/** The instant a Seoul calendar day and clock time name: ('2026-11-25', '19:00') → 10:00Z (docs/rules.md#schedule). */
export const seoulInstant = (date: string, time: string): Date => dayjs.tz(`${date} ${time}`, SEOUL).toDate();

/** The Seoul clock time 'HH:mm' of an instant. */
export const seoulClock = (at: Date): string => dayjs(at).tz(SEOUL).format('HH:mm');

/** The Seoul weekday of a calendar day, 0 = Sunday … 6 = Saturday. */
export const weekdayOf = (date: string): number => dayjs.utc(date).day();

/** The Sunday that starts the Seoul week holding `date` (weeks run Sunday to Saturday). */
export const weekStart = (date: string): string => addDays(date, -weekdayOf(date));

/** The Seoul calendar days a view shows around `date`: one day, Sunday–Saturday, or the month's whole weeks. */
export const viewRange = (mode: ViewMode, date: string): { from: string; to: string } => {
  if (mode === 'DAY_VIEW') return { from: date, to: date };
  if (mode === 'WEEK_VIEW') {
    const from = weekStart(date);
    return { from, to: addDays(from, 6) };
  }
  const first = `${date.slice(0, 7)}-01`;
  const last = dayjs.utc(first).endOf('month').format('YYYY-MM-DD');
  return { from: weekStart(first), to: addDays(weekStart(last), 6) };
};

export type RecurrenceInput = {
  startDate: string;
  untilDate: string;
  /** 0 = Sunday … 6 = Saturday. */
  weekdays: readonly number[];
  startTime: string;
  endTime: string;
};

export type RecurrenceProblem =
  | 'dateFormat'
  | 'timeFormat'
  | 'endBeforeStart'
  | 'untilBeforeStart'
  | 'recurrenceTooLong'
  | 'noWeekdays';

/** What is wrong with a recurrence, or null; its last day must come before the first day's anniversary (docs/rules.md#schedule). */
export const recurrenceProblem = (
  r: RecurrenceInput,
): { field: string; problem: RecurrenceProblem } | null => {
  if (!isIsoDate(r.startDate)) return { field: 'startDate', problem: 'dateFormat' };
  if (!isIsoDate(r.untilDate)) return { field: 'untilDate', problem: 'dateFormat' };
  if (!isClockTime(r.startTime)) return { field: 'startTime', problem: 'timeFormat' };
  if (!isClockTime(r.endTime)) return { field: 'endTime', problem: 'timeFormat' };
  if (r.endTime <= r.startTime) return { field: 'endTime', problem: 'endBeforeStart' };
  if (r.untilDate < r.startDate) return { field: 'untilDate', problem: 'untilBeforeStart' };
  if (r.untilDate >= dayjs.utc(r.startDate).add(1, 'year').format('YYYY-MM-DD'))
    return { field: 'untilDate', problem: 'recurrenceTooLong' };
  if (r.weekdays.length === 0 || r.weekdays.some((d) => !Number.isInteger(d) || d < 0 || d > 6))
    return { field: 'weekdays', problem: 'noWeekdays' };
  return null;
};

export type Occurrence = { date: string; startAt: Date; endAt: Date };

/**
 * Every occurrence of a weekly recurrence, in order: each chosen weekday from the first day to the last, both
 * included, at the same Seoul clock times (docs/rules.md#schedule). Throws on a recurrence `recurrenceProblem`
 * refuses, so a caller checks first.
 */
export const expandWeekly = (r: RecurrenceInput): Occurrence[] => {
  const problem = recurrenceProblem(r);
  if (problem) throw new Error(`recurrence: ${problem.field} ${problem.problem}`);
  const days = new Set(r.weekdays);
  const out: Occurrence[] = [];
  for (let date = r.startDate; date <= r.untilDate; date = addDays(date, 1)) {
    if (!days.has(weekdayOf(date))) continue;
    out.push({ date, startAt: seoulInstant(date, r.startTime), endAt: seoulInstant(date, r.endTime) });
  }
  return out;
};

export type Span = { startAt: Date; endAt: Date };

/** Two spans overlap when each starts before the other ends (back-to-back lessons do not overlap). */
export const overlaps = (a: Span, b: Span): boolean => a.startAt < b.endAt && b.startAt < a.endAt;

const MINUTE = 60_000;

/** When booking opens for a lesson: 00:00 Seoul, `openDaysAhead` days before the lesson's day. */
export const bookingOpensAt = (startAt: Date, settings: Pick<BookingSettings, 'openDaysAhead'>): Date => {
  const day = seoulToday(startAt);
  return dayjs.tz(addDays(day, -settings.openDaysAhead), SEOUL).toDate();
};

export const bookingClosesAt = (startAt: Date, settings: Pick<BookingSettings, 'closeMinutesBefore'>): Date =>
  new Date(startAt.getTime() - settings.closeMinutesBefore * MINUTE);

export const freeCancelUntil = (startAt: Date, settings: Pick<BookingSettings, 'freeCancelHours'>): Date =>
  new Date(startAt.getTime() - settings.freeCancelHours * 60 * MINUTE);

export const waitlistClosesAt = (
  startAt: Date,
  settings: Pick<BookingSettings, 'waitlistCloseMinutesBefore'>,
): Date => new Date(startAt.getTime() - settings.waitlistCloseMinutesBefore * MINUTE);

export type WindowCheck = { ok: true } | { ok: false; reason: 'bookingNotOpen' | 'bookingClosed'; at: Date };

/** Whether a booking made at `now` is inside the lesson's window (docs/rules.md#schedule). */
export const bookingWindow = (startAt: Date, now: Date, settings: BookingSettings): WindowCheck => {
  const opens = bookingOpensAt(startAt, settings);
  if (now < opens) return { ok: false, reason: 'bookingNotOpen', at: opens };
  const closes = bookingClosesAt(startAt, settings);
  if (now >= closes) return { ok: false, reason: 'bookingClosed', at: closes };
  return { ok: true };
};

/** A cancel at `now`: free until the free-cancel time, late after it (docs/rules.md#schedule). */
export const cancelTiming = (startAt: Date, now: Date, settings: BookingSettings): 'FREE' | 'LATE' =>
  now < freeCancelUntil(startAt, settings) ? 'FREE' : 'LATE';

/** Whether the waitlist is still open at `now`: joining and promotion both stop when it closes. */
export const waitlistOpen = (startAt: Date, now: Date, settings: BookingSettings): boolean =>
  now < waitlistClosesAt(startAt, settings);

/** What a new booking becomes: a place while one is free, otherwise a place in line (docs/rules.md#schedule). */
export const placeFor = (booked: number, capacity: number): 'COMPLETE' | 'WAITING' =>
  booked < capacity ? 'COMPLETE' : 'WAITING';

/**
 * Whether a mark uses a session: attendance always; a no-show or a late cancel only when the facility's setting
 * says so; a free cancel never (docs/rules.md#schedule).
 */
export const usesSession = (
  what: 'ATTENDED' | 'NOSHOW' | 'LATE_CANCEL' | 'FREE_CANCEL',
  settings: Pick<BookingSettings, 'noShowUsesSession' | 'lateCancelUsesSession'>,
): boolean => {
  if (what === 'ATTENDED') return true;
  if (what === 'NOSHOW') return settings.noShowUsesSession;
  if (what === 'LATE_CANCEL') return settings.lateCancelUsesSession;
  return false;
};

/** The reservation state machine: which moves are legal (docs/rules.md#schedule). */
const moves: Record<ReservationStatus, readonly ReservationStatus[]> = {
  COMPLETE: ['CANCEL', 'DELAY'],
  WAITING: ['COMPLETE', 'CANCEL'],
  DELAY: ['COMPLETE', 'CANCEL'],
  WAIT: ['COMPLETE', 'CANCEL'],
  CANCEL: [],
};
export const canMoveReservation = (from: ReservationStatus, to: ReservationStatus): boolean =>
  moves[from].includes(to);

/** Trainer pay lives in trainer-pay.ts (docs/rules.md#trainer-pay); these names stay importable from here. */
export { monthPay, type PaidSession, type PayKind, payKinds, sessionPay } from './trainer-pay.ts';

/** The Seoul calendar day and clock of an instant, for texts: '2026-11-25 19:00'. */
export const seoulDateTime = (at: Date): string => dayjs(at).tz(SEOUL).format('YYYY-MM-DD HH:mm');
