import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bookingWindow,
  cancelTiming,
  canMoveReservation,
  defaultBookingSettings,
  expandWeekly,
  monthPay,
  overlaps,
  placeFor,
  recurrenceProblem,
  seoulClock,
  seoulInstant,
  sessionPay,
  usesSession,
  viewRange,
  waitlistOpen,
  weekdayOf,
  weekStart,
} from './schedule.ts';

const settings = { ...defaultBookingSettings };
const at = (iso: string) => new Date(iso);

describe('Seoul times', () => {
  it('reads a clock time on a Seoul day as that instant', () => {
    expect(seoulInstant('2026-11-25', '19:00').toISOString()).toBe('2026-11-25T10:00:00.000Z');
    expect(seoulInstant('2026-11-26', '06:30').toISOString()).toBe('2026-11-25T21:30:00.000Z');
    expect(seoulClock(at('2026-11-25T21:30:00Z'))).toBe('06:30');
  });

  it('starts the week on the Korean Sunday', () => {
    expect(weekdayOf('2026-11-22')).toBe(0);
    expect(weekStart('2026-11-25')).toBe('2026-11-22');
    expect(weekStart('2026-11-22')).toBe('2026-11-22');
    expect(weekStart('2026-11-28')).toBe('2026-11-22');
    expect(viewRange('WEEK_VIEW', '2026-11-25')).toEqual({ from: '2026-11-22', to: '2026-11-28' });
    expect(viewRange('DAY_VIEW', '2026-11-25')).toEqual({ from: '2026-11-25', to: '2026-11-25' });
    // November 2026 starts on a Sunday and ends on a Monday: five whole weeks and one more.
    expect(viewRange('MONTH_VIEW', '2026-11-25')).toEqual({ from: '2026-11-01', to: '2026-12-05' });
  });
});

describe('the weekly recurrence', () => {
  it('expands Monday, Wednesday and Friday evenings for two weeks', () => {
    const out = expandWeekly({
      startDate: '2026-11-23',
      untilDate: '2026-12-06',
      weekdays: [1, 3, 5],
      startTime: '19:00',
      endTime: '19:50',
    });
    expect(out.map((o) => o.date)).toEqual([
      '2026-11-23',
      '2026-11-25',
      '2026-11-27',
      '2026-11-30',
      '2026-12-02',
      '2026-12-04',
    ]);
    expect(out[0]!.startAt.toISOString()).toBe('2026-11-23T10:00:00.000Z');
    expect(out[0]!.endAt.toISOString()).toBe('2026-11-23T10:50:00.000Z');
  });

  it('includes the first and the last day when they fall on a chosen weekday', () => {
    const out = expandWeekly({
      startDate: '2026-11-22',
      untilDate: '2026-11-29',
      weekdays: [0],
      startTime: '10:00',
      endTime: '11:00',
    });
    expect(out.map((o) => o.date)).toEqual(['2026-11-22', '2026-11-29']);
  });

  it('refuses an end before the start, a last day before the first, more than a year, no weekday', () => {
    const base = {
      startDate: '2026-11-23',
      untilDate: '2026-12-06',
      weekdays: [1],
      startTime: '19:00',
      endTime: '20:00',
    };
    expect(recurrenceProblem(base)).toBeNull();
    expect(recurrenceProblem({ ...base, endTime: '19:00' })).toEqual({
      field: 'endTime',
      problem: 'endBeforeStart',
    });
    expect(recurrenceProblem({ ...base, untilDate: '2026-11-22' })).toEqual({
      field: 'untilDate',
      problem: 'untilBeforeStart',
    });
    expect(recurrenceProblem({ ...base, untilDate: '2027-11-23' })).toEqual({
      field: 'untilDate',
      problem: 'recurrenceTooLong',
    });
    expect(recurrenceProblem({ ...base, untilDate: '2027-11-22' })).toBeNull();
    expect(recurrenceProblem({ ...base, weekdays: [] })).toEqual({
      field: 'weekdays',
      problem: 'noWeekdays',
    });
    expect(recurrenceProblem({ ...base, weekdays: [7] })).toEqual({
      field: 'weekdays',
      problem: 'noWeekdays',
    });
    expect(recurrenceProblem({ ...base, startTime: '24:00' })).toEqual({
      field: 'startTime',
      problem: 'timeFormat',
    });
    expect(recurrenceProblem({ ...base, startDate: '2026-02-30' })).toEqual({
      field: 'startDate',
      problem: 'dateFormat',
    });
    expect(() => expandWeekly({ ...base, weekdays: [] })).toThrow();
  });

  it('gives every occurrence on a chosen weekday, in order, within the range (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 365 }),
        fc.integer({ min: 0, max: 364 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
        (offset, length, weekdays) => {
          const startDate = new Date(Date.UTC(2026, 0, 1 + offset)).toISOString().slice(0, 10);
          const untilDate = new Date(Date.UTC(2026, 0, 1 + offset + length)).toISOString().slice(0, 10);
          const out = expandWeekly({ startDate, untilDate, weekdays, startTime: '07:00', endTime: '08:00' });
          for (const o of out) {
            expect(weekdays).toContain(weekdayOf(o.date));
            expect(o.date >= startDate && o.date <= untilDate).toBe(true);
            expect(o.endAt.getTime() - o.startAt.getTime()).toBe(3_600_000);
          }
          const dates = out.map((o) => o.date);
          expect([...dates].sort()).toEqual(dates);
          // About length/7 weeks × the weekdays chosen.
          const weeks = (length + 1) / 7;
          expect(out.length).toBeGreaterThanOrEqual(Math.floor(weeks) * weekdays.length);
          expect(out.length).toBeLessThanOrEqual(Math.ceil(weeks) * weekdays.length);
        },
      ),
      { numRuns: 100 },
    );
    // Each run expands up to a year of days through dayjs's time zone: seconds on a loaded two-core machine.
  }, 30_000);
});

describe('the booking windows', () => {
  // A lesson on Wednesday 2026-11-25 at 19:00 Seoul (10:00Z).
  const start = seoulInstant('2026-11-25', '19:00');

  it('opens at 00:00 Seoul N days before and closes N minutes before the start', () => {
    expect(bookingWindow(start, at('2026-11-10T14:59:59Z'), settings)).toEqual({
      ok: false,
      reason: 'bookingNotOpen',
      at: at('2026-11-10T15:00:00Z'),
    });
    expect(bookingWindow(start, at('2026-11-10T15:00:00Z'), settings)).toEqual({ ok: true });
    expect(bookingWindow(start, at('2026-11-25T08:59:59Z'), settings)).toEqual({ ok: true });
    expect(bookingWindow(start, at('2026-11-25T09:00:00Z'), settings)).toEqual({
      ok: false,
      reason: 'bookingClosed',
      at: at('2026-11-25T09:00:00Z'),
    });
  });

  it('cancels free until N hours before, late after; the waitlist closes N minutes before', () => {
    expect(cancelTiming(start, at('2026-11-25T06:59:59Z'), settings)).toBe('FREE');
    expect(cancelTiming(start, at('2026-11-25T07:00:00Z'), settings)).toBe('LATE');
    expect(waitlistOpen(start, at('2026-11-25T07:59:59Z'), settings)).toBe(true);
    expect(waitlistOpen(start, at('2026-11-25T08:00:00Z'), settings)).toBe(false);
  });

  it('places a booking while a place is free, then in line', () => {
    expect(placeFor(0, 1)).toBe('COMPLETE');
    expect(placeFor(9, 10)).toBe('COMPLETE');
    expect(placeFor(10, 10)).toBe('WAITING');
  });

  it('uses a session for attendance always, and for a no-show or a late cancel as set', () => {
    expect(usesSession('ATTENDED', settings)).toBe(true);
    expect(usesSession('NOSHOW', { noShowUsesSession: true, lateCancelUsesSession: false })).toBe(true);
    expect(usesSession('NOSHOW', { noShowUsesSession: false, lateCancelUsesSession: false })).toBe(false);
    expect(usesSession('LATE_CANCEL', { noShowUsesSession: false, lateCancelUsesSession: true })).toBe(true);
    expect(usesSession('LATE_CANCEL', { noShowUsesSession: true, lateCancelUsesSession: false })).toBe(false);
    expect(usesSession('FREE_CANCEL', { noShowUsesSession: true, lateCancelUsesSession: true })).toBe(false);
  });

  it('lets back-to-back lessons not overlap', () => {
    const a = { startAt: seoulInstant('2026-11-25', '19:00'), endAt: seoulInstant('2026-11-25', '20:00') };
    const b = { startAt: seoulInstant('2026-11-25', '20:00'), endAt: seoulInstant('2026-11-25', '21:00') };
    const c = { startAt: seoulInstant('2026-11-25', '19:30'), endAt: seoulInstant('2026-11-25', '20:30') };
    expect(overlaps(a, b)).toBe(false);
    expect(overlaps(a, c)).toBe(true);
    expect(overlaps(c, b)).toBe(true);
  });

  it('moves a reservation only along the state machine', () => {
    expect(canMoveReservation('WAITING', 'COMPLETE')).toBe(true);
    expect(canMoveReservation('COMPLETE', 'DELAY')).toBe(true);
    expect(canMoveReservation('CANCEL', 'COMPLETE')).toBe(false);
    expect(canMoveReservation('COMPLETE', 'WAITING')).toBe(false);
  });
});

describe('trainer pay', () => {
  it('pays a fixed rate per session, or a percent of the per-session price, rounded down', () => {
    // PT 20 sessions for 1,210,000 won: 60,500 per session; 40% is 24,200.
    expect(sessionPay('PERCENT', 40, { passPrice: 1_210_000, passSessions: 20 })).toBe(24_200);
    // PT 30 sessions for 1,000,000: 33,333.33 per session; 35% is 11,666.66 → 11,666.
    expect(sessionPay('PERCENT', 35, { passPrice: 1_000_000, passSessions: 30 })).toBe(11_666);
    expect(sessionPay('PERCENT', 40, { passPrice: 300_000, passSessions: null })).toBe(0);
    expect(sessionPay('PER_SESSION', 25_000, { passPrice: 1, passSessions: 1 })).toBe(25_000);
    expect(
      monthPay('PERCENT', 40, [
        { passPrice: 1_210_000, passSessions: 20 },
        { passPrice: 1_210_000, passSessions: 20 },
        { passPrice: 1_000_000, passSessions: 30 },
      ]),
    ).toBe(24_200 * 2 + 13_333);
  });
});
