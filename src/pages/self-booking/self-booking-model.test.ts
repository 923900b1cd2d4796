import { describe, expect, it } from 'vitest';
import {
  activeBookingCount,
  bookingCancel,
  groupLessonsByDay,
  lessonState,
  passServes,
  type SelfBookingEntry,
  type SelfLesson,
  type SelfPass,
  type SelfSettings,
  seoulMoment,
  sortBookings,
  tokenOf,
} from './self-booking-model.ts';

const settings: SelfSettings = {
  openDaysAhead: 7,
  closeMinutesBefore: 60,
  freeCancelHours: 3,
  noShowUsesSession: true,
  lateCancelUsesSession: false,
  waitlistCloseMinutesBefore: 120,
  maxActiveBookings: 3,
};

let nextId = 1;
const lesson = (startAt: string, extra: Partial<SelfLesson> = {}): SelfLesson => ({
  id: nextId++,
  title: 'Pilates',
  lessonType: 'GROUP',
  trainerName: 'Kim',
  room: 'A',
  startAt,
  endAt: new Date(new Date(startAt).getTime() + 50 * 60_000).toISOString(),
  capacity: 10,
  booked: 3,
  waiting: 0,
  ticketIds: [],
  bookable: true,
  ...extra,
});

const booking = (extra: Partial<SelfBookingEntry> = {}): SelfBookingEntry => ({
  id: nextId++,
  lessonId: 999,
  lessonTitle: 'Yoga',
  startAt: '2026-11-26T10:00:00.000Z',
  status: 'COMPLETE',
  waitPosition: null,
  freeCancelUntil: '2026-11-26T07:00:00.000Z',
  ...extra,
});

const pass: SelfPass = { id: 1, ticketId: 40, name: 'Pilates 10', endDate: '2026-12-31', sessionsLeft: 4 };

// 2026-11-25 (Wednesday) 12:00 in Seoul.
const now = new Date('2026-11-25T03:00:00.000Z');

describe('Seoul days and times', () => {
  it('reads an instant on the Seoul calendar, across the UTC date line', () => {
    // 2026-11-25T16:30Z is 01:30 on Thursday the 26th in Seoul.
    expect(seoulMoment('2026-11-25T16:30:00.000Z')).toEqual({
      date: '2026-11-26',
      month: 11,
      day: 26,
      weekday: 4,
      time: '01:30',
    });
  });

  it('groups lessons by Seoul day, in time order, with the offset from today', () => {
    const late = lesson('2026-11-25T16:30:00.000Z'); // Thu 01:30 Seoul
    const noon = lesson('2026-11-25T03:00:00.000Z'); // Wed 12:00
    const evening = lesson('2026-11-25T10:00:00.000Z'); // Wed 19:00
    const days = groupLessonsByDay([late, evening, noon], now);
    expect(days.map((d) => [d.date, d.weekday, d.offset, d.lessons.map((l) => l.id)])).toEqual([
      ['2026-11-25', 3, 0, [noon.id, evening.id]],
      ['2026-11-26', 4, 1, [late.id]],
    ]);
    expect(groupLessonsByDay([], now)).toEqual([]);
  });

  it('sorts the bookings by start', () => {
    const a = booking({ startAt: '2026-11-27T10:00:00.000Z' });
    const b = booking({ startAt: '2026-11-26T10:00:00.000Z' });
    expect(sortBookings([a, b]).map((x) => x.id)).toEqual([b.id, a.id]);
  });
});

describe('the button of a lesson', () => {
  const view = { bookings: [] as SelfBookingEntry[], passes: [pass], settings };

  it('books a lesson with a free place, and joins the waitlist of a full one', () => {
    expect(lessonState(lesson('2026-11-26T10:00:00.000Z'), view, now)).toEqual({ kind: 'book' });
    expect(lessonState(lesson('2026-11-26T10:00:00.000Z', { booked: 10, waiting: 2 }), view, now)).toEqual({
      kind: 'waitlist',
    });
  });

  it('shows the customer their own booking instead of a button', () => {
    const l = lesson('2026-11-26T10:00:00.000Z');
    const mine = booking({ lessonId: l.id, status: 'WAITING', waitPosition: 2 });
    expect(lessonState(l, { ...view, bookings: [mine] }, now)).toEqual({ kind: 'mine', booking: mine });
  });

  it('refuses a full lesson once its waitlist has closed', () => {
    // Starts at 14:00 Seoul, the waitlist closed at 12:00.
    const l = lesson('2026-11-25T05:00:00.000Z', { booked: 10 });
    expect(lessonState(l, view, now)).toEqual({ kind: 'waitlistClosed' });
  });

  it('stops at the booking limit', () => {
    const held = [booking(), booking({ status: 'WAITING' }), booking()];
    expect(activeBookingCount([...held, booking({ status: 'DELAY' })])).toBe(3);
    expect(lessonState(lesson('2026-11-26T10:00:00.000Z'), { ...view, bookings: held }, now)).toEqual({
      kind: 'limit',
    });
  });

  it('gives the reason of a lesson the server will not book', () => {
    // Booking for 2026-12-05 opens at 00:00 Seoul on 2026-11-28.
    expect(lessonState(lesson('2026-12-05T01:00:00.000Z', { bookable: false }), view, now)).toEqual({
      kind: 'notOpen',
      opensAt: new Date('2026-11-27T15:00:00.000Z'),
    });
    // Starts at 12:30 Seoul: closed at 11:30.
    expect(lessonState(lesson('2026-11-25T03:30:00.000Z', { bookable: false }), view, now)).toEqual({
      kind: 'closed',
    });
    expect(
      lessonState(lesson('2026-11-26T10:00:00.000Z', { bookable: false, ticketIds: [41] }), view, now),
    ).toEqual({ kind: 'noPass' });
    expect(lessonState(lesson('2026-11-26T10:00:00.000Z', { bookable: false }), view, now)).toEqual({
      kind: 'unavailable',
    });
  });

  it('knows which passes a lesson accepts', () => {
    expect(passServes({ ticketIds: [] }, [pass])).toBe(true);
    expect(passServes({ ticketIds: [] }, [])).toBe(false);
    expect(passServes({ ticketIds: [40, 41] }, [pass])).toBe(true);
    expect(passServes({ ticketIds: [41] }, [pass])).toBe(false);
  });
});

describe('cancelling a booking', () => {
  it('cancels until the free-cancel time, then only the facility can', () => {
    const b = booking({ freeCancelUntil: '2026-11-25T03:00:01.000Z' });
    expect(bookingCancel(b, now)).toEqual({ kind: 'cancel' });
    expect(bookingCancel({ ...b, freeCancelUntil: now.toISOString() }, now)).toEqual({ kind: 'late' });
    expect(bookingCancel({ ...b, status: 'DELAY', freeCancelUntil: now.toISOString() }, now)).toEqual({
      kind: 'late',
    });
  });

  it('always lets the customer leave the waitlist', () => {
    expect(
      bookingCancel(booking({ status: 'WAITING', freeCancelUntil: '2026-11-24T00:00:00.000Z' }), now),
    ).toEqual({ kind: 'leaveWaitlist' });
  });
});

describe('the link token', () => {
  it('reads a well-formed token from the query string', () => {
    const token = 'abcDEF123_-abcDEF123_-abcDEF12';
    expect(tokenOf(`?token=${token}`)).toBe(token);
    expect(tokenOf('')).toBeNull();
    expect(tokenOf('?token=short')).toBeNull();
    expect(tokenOf('?token=has%20space%20inside%20it%20really')).toBeNull();
  });
});
