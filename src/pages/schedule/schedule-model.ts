import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { EditScope, LessonType } from '#domain/rules/schedule.ts';
import { SEOUL } from '#domain/rules/seoul-time.ts';
import type { Lesson, LessonCreate, LessonUpdate } from '#domain/schemas/schedule.ts';
import type { Translate } from '#src/kit/translate.ts';

// The calendar page's pure parts (docs/rules.md#schedule). FullCalendar runs in its 'UTC' zone and is handed the
// Seoul wall clock ("2026-11-25T19:00:00", no offset): without a time-zone plugin a named zone cannot compute its
// offset (the "now" line and the dates handed to the callbacks would be the browser's), so the page converts
// itself. Every Date FullCalendar hands back therefore carries the Seoul calendar day and clock in its UTC fields.

dayjs.extend(utc);
dayjs.extend(timezone);

/** The longest range the lesson list answers (a month view's six weeks). */
export const MAX_RANGE_DAYS = 42;

/** Sunday to Saturday, as the API numbers them. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** An instant from the API → the Seoul wall clock FullCalendar (in 'UTC') shows: '…T10:00:00Z' → '…T19:00:00'. */
export const toWall = (iso: string | Date): string => dayjs(iso).tz(SEOUL).format('YYYY-MM-DDTHH:mm:ss');

/** The current Seoul wall clock, for FullCalendar's `now` (the today highlight and the now line). */
export const wallNow = (now: Date = new Date()): string => toWall(now);

/**
 * Where a day or a week opens: an hour before the Seoul clock, so what is on now is in view (a lesson scrolled just
 * above the grid would sit under its sticky header).
 */
export const scrollTimeFor = (now: Date = new Date()): string => {
  const hour = Math.max(0, Number(toWall(now).slice(11, 13)) - 1);
  return `${String(hour).padStart(2, '0')}:00:00`;
};

/** A Date from FullCalendar → its Seoul calendar day and clock time. */
export const fromWall = (marker: Date): { date: string; time: string } => {
  const d = dayjs.utc(marker);
  return { date: d.format('YYYY-MM-DD'), time: d.format('HH:mm') };
};

/** A view's visible range (end exclusive, as `datesSet` gives it) → the list's `from` and `to`, at most 42 days. */
export const rangeOf = (start: Date, end: Date): { from: string; to: string } => {
  const from = dayjs.utc(start).startOf('day');
  let last = dayjs.utc(end).subtract(1, 'millisecond').startOf('day');
  if (last.isBefore(from)) last = from;
  if (last.diff(from, 'day') >= MAX_RANGE_DAYS) last = from.add(MAX_RANGE_DAYS - 1, 'day');
  return { from: from.format('YYYY-MM-DD'), to: last.format('YYYY-MM-DD') };
};

/** "3/10" and, with a waitlist, "3/10 · +2 waiting". */
export const countsText = (
  lesson: Pick<Lesson, 'booked' | 'capacity' | 'waiting'>,
  translate: Translate,
): string => {
  const counts = `${lesson.booked}/${lesson.capacity}`;
  return lesson.waiting > 0
    ? `${counts} · ${translate('schedule.event.waiting', { count: lesson.waiting })}`
    : counts;
};

/**
 * Who a block is with, on its second line (issue 27 item 13): for PT the customer and the trainer
 * ("김민수 · 이코치"), for a group class the trainer; null when neither is known.
 */
export const eventPeople = (
  lesson: Pick<Lesson, 'lessonType' | 'trainerName' | 'customerName'>,
): string | null => {
  const people = [lesson.lessonType === 'PT' ? lesson.customerName : null, lesson.trainerName].filter(
    Boolean,
  );
  return people.length > 0 ? people.join(' · ') : null;
};

/** The text a screen reader and a tooltip get for an event: title, time, counts, and whether it is cancelled. */
export const eventLabel = (lesson: Lesson, translate: Translate): string => {
  const start = toWall(lesson.startAt);
  const end = toWall(lesson.endAt);
  return [
    lesson.title,
    `${start.slice(0, 10)} ${start.slice(11, 16)}–${end.slice(11, 16)}`,
    lesson.lessonType === 'PT' ? lesson.customerName : null,
    lesson.trainerName,
    lesson.room,
    translate('schedule.event.booked', { counts: countsText(lesson, translate) }),
    lesson.status === 'CANCEL' ? translate('schedule.event.cancelled') : null,
  ]
    .filter(Boolean)
    .join(', ');
};

/** Black or white, whichever reads better on a `#rrggbb` background (WCAG relative luminance). */
export const textColorOn = (hex: string): string => {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return '#000000';
  const n = Number.parseInt(m[1]!, 16);
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
  // Contrast with white is 1.05 / (l + 0.05); with black (l + 0.05) / 0.05: they are equal at l ≈ 0.179.
  return l > 0.179 ? '#000000' : '#ffffff';
};

export const CANCELLED_COLORS = { background: '#f0f0f0', border: '#bfbfbf', text: '#595959' } as const;

/** A lesson as a FullCalendar event (its input shape, kept free of FullCalendar's types). */
export const eventOf = (lesson: Lesson, canChange: boolean) => {
  const cancelled = lesson.status === 'CANCEL';
  const color = /^#[0-9a-f]{6}$/i.test(lesson.color) ? lesson.color : '#1677ff';
  return {
    id: String(lesson.id),
    title: lesson.title,
    start: toWall(lesson.startAt),
    end: toWall(lesson.endAt),
    url: detailPath(lesson.id),
    backgroundColor: cancelled ? CANCELLED_COLORS.background : color,
    borderColor: cancelled ? CANCELLED_COLORS.border : color,
    textColor: cancelled ? CANCELLED_COLORS.text : textColorOn(color),
    classNames: cancelled ? ['fd-lesson', 'fd-lesson--cancelled'] : ['fd-lesson'],
    editable: canChange && !cancelled,
    extendedProps: { lesson },
  };
};

export const detailPath = (id: number): string => `/plan/schedule/lessondetail?id=${id}`;

/** The drawer's values (antd's pickers give Dayjs; only their calendar day and clock are read). */
export type LessonFormValues = {
  title: string;
  lessonType: LessonType;
  trainerMemberId?: number | null;
  room?: string | null;
  capacity: number;
  ticketIds?: number[];
  date: Dayjs;
  startTime: Dayjs;
  endTime: Dayjs;
  repeat?: boolean;
  weekdays?: number[];
  untilDate?: Dayjs | null;
  openDaysAhead?: number | null;
  closeMinutesBefore?: number | null;
};

const isSet = <T>(value: T | null | undefined): value is T => value !== undefined && value !== null;

/** The drawer's values → the create body: blank optional fields are left out, a repeat only when switched on. */
export const createBody = (values: LessonFormValues, gymId: number): LessonCreate => {
  const room = values.room?.trim();
  const body: LessonCreate = {
    gymId,
    title: values.title.trim(),
    lessonType: values.lessonType,
    capacity: values.lessonType === 'PT' && !isSet(values.capacity) ? 1 : values.capacity,
    date: values.date.format('YYYY-MM-DD'),
    startTime: values.startTime.format('HH:mm'),
    endTime: values.endTime.format('HH:mm'),
  };
  if (isSet(values.trainerMemberId)) body.trainerMemberId = values.trainerMemberId;
  if (room) body.room = room;
  if (values.ticketIds && values.ticketIds.length > 0) body.ticketIds = [...new Set(values.ticketIds)];
  if (isSet(values.openDaysAhead)) body.openDaysAhead = values.openDaysAhead;
  if (isSet(values.closeMinutesBefore)) body.closeMinutesBefore = values.closeMinutesBefore;
  if (values.repeat && values.untilDate) {
    body.repeat = {
      weekdays: [...new Set(values.weekdays ?? [])].sort((a, b) => a - b),
      untilDate: values.untilDate.format('YYYY-MM-DD'),
    };
  }
  return body;
};

/** A server field path → the drawer's field: `repeat.untilDate` → `untilDate`, `ticketIds.2` → `ticketIds`. */
export const formFieldOf = (path: string): string => {
  if (path === 'repeat' || path.startsWith('repeat.weekdays')) return 'weekdays';
  if (path.startsWith('repeat.untilDate')) return 'untilDate';
  if (path === 'startDate') return 'date';
  return path.split('.')[0] ?? path;
};

/** Server field errors → antd's `form.setFields` entries on the drawer's fields, merged per field. */
export const formFieldErrors = (
  errors: readonly { name: string; errors: string[] }[],
): { name: string; errors: string[] }[] => {
  const merged = new Map<string, string[]>();
  for (const e of errors) {
    const name = formFieldOf(e.name);
    merged.set(name, [...(merged.get(name) ?? []), ...e.errors]);
  }
  return [...merged].map(([name, list]) => ({ name, errors: [...new Set(list)] }));
};

export type Move = { dayChanged: boolean; date: string; startTime: string; endTime: string };

/**
 * A drag or a resize → the lesson's new Seoul day and clock times, or null when the new span does not start and
 * end on one day (a lesson is 'HH:mm' to 'HH:mm' on one date).
 */
export const moveOf = (
  lesson: Pick<Lesson, 'startAt'>,
  start: Date | null,
  end: Date | null,
): Move | null => {
  if (!start || !end) return null;
  const from = fromWall(start);
  const to = fromWall(end);
  if (from.date !== to.date || to.time <= from.time) return null;
  return {
    dayChanged: from.date !== toWall(lesson.startAt).slice(0, 10),
    date: from.date,
    startTime: from.time,
    endTime: to.time,
  };
};

/** The update body of a move: only "this one" may change the day; a wider scope sends the new times only. */
export const moveBody = (move: Move, scope: EditScope): LessonUpdate => ({
  scope,
  ...(scope === 'ONE' && move.dayChanged ? { date: move.date } : {}),
  startTime: move.startTime,
  endTime: move.endTime,
});

/** The rooms in use, sorted, for the filter and the form's suggestions. */
export const roomsOf = (lessons: readonly Pick<Lesson, 'room'>[], known: readonly string[] = []): string[] =>
  [...new Set([...known, ...lessons.map((l) => l.room).filter((r): r is string => Boolean(r))])].sort(
    (a, b) => a.localeCompare(b),
  );

/** The drawer's defaults for a chosen day and times (a click on "New lesson" passes none of the times). */
export const initialFormValues = (date: string, startTime = '10:00', endTime?: string) => {
  const start = dayjs(`${date}T${startTime}`);
  const end = endTime ? dayjs(`${date}T${endTime}`) : start.add(1, 'hour');
  const sameDayEnd = end.format('YYYY-MM-DD') === date ? end : dayjs(`${date}T23:59`);
  return {
    lessonType: 'GROUP' as LessonType,
    capacity: 10,
    date: dayjs(date),
    startTime: start,
    endTime: sameDayEnd,
    repeat: false,
    weekdays: [dayjs(date).day()],
    ticketIds: [] as number[],
  };
};
