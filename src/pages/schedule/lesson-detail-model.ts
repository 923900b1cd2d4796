import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { ReservationStatus } from '#domain/rules/schedule.ts';
import { SEOUL } from '#domain/rules/seoul-time.ts';
import type { LessonDetail, RosterEntry } from '#domain/schemas/schedule.ts';

// The lesson page's pure parts (docs/rules.md#schedule): the date line, the roster's order, and which actions a
// row offers. The server decides in the end; these only keep the page from offering what it would refuse.

dayjs.extend(utc);
dayjs.extend(timezone);

/** '2026.11.25 (수) 19:00–19:50' in Asia/Seoul; `weekdays` names Sunday … Saturday in the reader's language. */
export const lessonWhen = (startAt: string, endAt: string, weekdays: readonly string[]): string => {
  const start = dayjs(startAt).tz(SEOUL);
  const end = dayjs(endAt).tz(SEOUL);
  return `${start.format('YYYY.MM.DD')} (${weekdays[start.day()] ?? ''}) ${start.format('HH:mm')}–${end.format('HH:mm')}`;
};

/** The Seoul clock time 'HH:mm' of an instant. */
export const seoulTime = (at: string): string => dayjs(at).tz(SEOUL).format('HH:mm');

const RANK: Record<ReservationStatus, number> = { COMPLETE: 0, DELAY: 0, WAITING: 1, WAIT: 1, CANCEL: 2 };

/** Booked first (in booking order), then the waitlist by position, then the cancelled. */
export const rosterOrder = (roster: readonly RosterEntry[]): RosterEntry[] =>
  [...roster].sort(
    (a, b) =>
      RANK[a.status] - RANK[b.status] ||
      (a.waitPosition ?? Number.MAX_SAFE_INTEGER) - (b.waitPosition ?? Number.MAX_SAFE_INTEGER) ||
      a.id - b.id,
  );

type LessonTimes = Pick<LessonDetail, 'status' | 'startAt' | 'endAt'>;

/** Whether a reservation holds a place (COMPLETE or DELAY), as opposed to a place in line. */
export const holdsPlace = (entry: Pick<RosterEntry, 'status'>): boolean =>
  entry.status === 'COMPLETE' || entry.status === 'DELAY';

export type RowActions = {
  /** 'open' from the lesson start, 'early' before it (shown, not usable), null when there is nothing to mark. */
  attendance: 'open' | 'early' | null;
  cancel: boolean;
};

/**
 * What a roster row offers at `now`: attendance on an open lesson's unmarked place, from its start; a cancel of a
 * live, unmarked reservation until the lesson ends.
 */
export const rowActions = (
  entry: Pick<RosterEntry, 'status' | 'attendance'>,
  lesson: LessonTimes,
  now: Date,
): RowActions => {
  if (lesson.status !== 'OPEN' || entry.attendance !== null || entry.status === 'CANCEL')
    return { attendance: null, cancel: false };
  const attendance = holdsPlace(entry) ? (now >= new Date(lesson.startAt) ? 'open' : 'early') : null;
  return { attendance, cancel: now < new Date(lesson.endAt) };
};

/** Whether staff may still book on the lesson: open and not ended (the booking window is the server's to judge). */
export const canBook = (lesson: LessonTimes, now: Date): boolean =>
  lesson.status === 'OPEN' && now < new Date(lesson.endAt);

/** A full lesson puts a new booking on the waitlist. */
export const isFull = (lesson: Pick<LessonDetail, 'booked' | 'capacity'>): boolean =>
  lesson.booked >= lesson.capacity;
