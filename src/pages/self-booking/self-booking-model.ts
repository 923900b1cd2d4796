import {
  bookingClosesAt,
  bookingOpensAt,
  seoulClock,
  waitlistClosesAt,
  weekdayOf,
} from '#domain/rules/schedule.ts';
import { daysBetween, seoulToday } from '#domain/rules/seoul-time.ts';
import type { SelfBooking } from '#domain/schemas/schedule.ts';

// The customer's own booking page (docs/rules.md#self-booking): pure helpers, every instant read in Asia/Seoul and
// "now" always an argument, so the page and its tests agree.

export type SelfLesson = SelfBooking['lessons'][number];
export type SelfBookingEntry = SelfBooking['bookings'][number];
export type SelfPass = SelfBooking['passes'][number];
export type SelfSettings = SelfBooking['settings'];

/** An instant as the Seoul calendar shows it: '2026-11-25', 11, 25, 3 (Wednesday), '19:00'. */
export type SeoulMoment = { date: string; month: number; day: number; weekday: number; time: string };

export const seoulMoment = (at: string | Date): SeoulMoment => {
  const instant = typeof at === 'string' ? new Date(at) : at;
  const date = seoulToday(instant);
  return {
    date,
    month: Number(date.slice(5, 7)),
    day: Number(date.slice(8, 10)),
    weekday: weekdayOf(date),
    time: seoulClock(instant),
  };
};

/** One Seoul day of the booking window and its lessons, in start order; `offset` is 0 today, 1 tomorrow. */
export type LessonDay = SeoulMoment & { offset: number; lessons: SelfLesson[] };

/** The lessons grouped by their Seoul day, days and lessons in time order. */
export const groupLessonsByDay = (lessons: readonly SelfLesson[], now: Date): LessonDay[] => {
  const today = seoulToday(now);
  const sorted = [...lessons].sort(
    (a, b) => new Date(a.startAt).getTime() - new Date(b.startAt).getTime() || a.id - b.id,
  );
  const days: LessonDay[] = [];
  for (const lesson of sorted) {
    const moment = seoulMoment(lesson.startAt);
    const last = days.at(-1);
    if (last && last.date === moment.date) last.lessons.push(lesson);
    else days.push({ ...moment, offset: daysBetween(today, moment.date), lessons: [lesson] });
  }
  return days;
};

/** Bookings that count against `maxActiveBookings`: a place or a place in line. */
export const activeBookingCount = (bookings: readonly SelfBookingEntry[]): number =>
  bookings.filter((b) => b.status === 'COMPLETE' || b.status === 'WAITING').length;

export const isFull = (lesson: Pick<SelfLesson, 'booked' | 'capacity'>): boolean =>
  lesson.booked >= lesson.capacity;

/** Whether one of the customer's passes is of a product the lesson accepts (none named: any pass). */
export const passServes = (lesson: Pick<SelfLesson, 'ticketIds'>, passes: readonly SelfPass[]): boolean =>
  lesson.ticketIds.length === 0
    ? passes.length > 0
    : passes.some((p) => lesson.ticketIds.includes(p.ticketId));

/**
 * What a lesson's button does or why it cannot:
 * - `mine`: the customer already holds it (a place, a postponed place or a place in line);
 * - `book` / `waitlist`: bookable, with a free place or full (joining the line);
 * - `notOpen` / `closed`: outside the facility's booking window;
 * - `waitlistClosed`: full, and the line no longer takes anyone;
 * - `limit`: the customer holds `maxActiveBookings` already;
 * - `noPass`: none of their passes is accepted;
 * - `unavailable`: the server said no for a reason the page cannot see (a lesson's own booking window).
 */
export type LessonState =
  | { kind: 'mine'; booking: SelfBookingEntry }
  | { kind: 'book' }
  | { kind: 'waitlist' }
  | { kind: 'notOpen'; opensAt: Date }
  | { kind: 'closed' }
  | { kind: 'waitlistClosed' }
  | { kind: 'limit' }
  | { kind: 'noPass' }
  | { kind: 'unavailable' };

export const lessonState = (
  lesson: SelfLesson,
  view: Pick<SelfBooking, 'bookings' | 'passes' | 'settings'>,
  now: Date,
): LessonState => {
  const booking = view.bookings.find((b) => b.lessonId === lesson.id);
  if (booking) return { kind: 'mine', booking };
  const start = new Date(lesson.startAt);
  if (lesson.bookable) {
    const full = isFull(lesson);
    if (full && now >= waitlistClosesAt(start, view.settings)) return { kind: 'waitlistClosed' };
    if (activeBookingCount(view.bookings) >= view.settings.maxActiveBookings) return { kind: 'limit' };
    return full ? { kind: 'waitlist' } : { kind: 'book' };
  }
  if (!passServes(lesson, view.passes)) return { kind: 'noPass' };
  const opensAt = bookingOpensAt(start, view.settings);
  if (now < opensAt) return { kind: 'notOpen', opensAt };
  if (now >= bookingClosesAt(start, view.settings) || now >= start) return { kind: 'closed' };
  return { kind: 'unavailable' };
};

/**
 * What the customer may do with one of their bookings: leave the waitlist at any time (it is always free), or
 * cancel a place until the free-cancel time; after it, only the facility can (docs/rules.md#schedule).
 */
export type BookingCancel = { kind: 'leaveWaitlist' } | { kind: 'cancel' } | { kind: 'late' };

export const bookingCancel = (booking: SelfBookingEntry, now: Date): BookingCancel => {
  if (booking.status === 'WAITING') return { kind: 'leaveWaitlist' };
  return now < new Date(booking.freeCancelUntil) ? { kind: 'cancel' } : { kind: 'late' };
};

/** The customer's bookings in time order. */
export const sortBookings = (bookings: readonly SelfBookingEntry[]): SelfBookingEntry[] =>
  [...bookings].sort((a, b) => new Date(a.startAt).getTime() - new Date(b.startAt).getTime() || a.id - b.id);

/** The token of the page's link (`?token=`), or null when it is missing or cannot be one. */
export const tokenOf = (search: string): string | null => {
  const token = new URLSearchParams(search).get('token')?.trim();
  return token && /^[A-Za-z0-9_-]{20,64}$/.test(token) ? token : null;
};
