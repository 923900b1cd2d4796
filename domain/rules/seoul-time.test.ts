import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  isIsoDate,
  monthOfDate,
  SEOUL,
  seoulDayStartUtc,
  seoulMonthStart,
  seoulToday,
} from './seoul-time.ts';

const isoDay = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('Seoul calendar days (docs/rules.md#passes)', () => {
  it('names the zone', () => {
    expect(SEOUL).toBe('Asia/Seoul');
  });

  it('turns to the next day at midnight KST while UTC is still on the previous day', () => {
    expect(seoulToday(new Date('2026-11-24T14:59:59.999Z'))).toBe('2026-11-24');
    expect(seoulToday(new Date('2026-11-24T15:00:00Z'))).toBe('2026-11-25');
    expect(seoulToday(new Date('2026-11-24T15:30:00Z'))).toBe('2026-11-25');
    expect(seoulToday(new Date('2026-11-25T14:59:00Z'))).toBe('2026-11-25');
  });

  it('crosses month and year at midnight KST', () => {
    expect(seoulToday(new Date('2026-12-31T15:00:00Z'))).toBe('2027-01-01');
    expect(seoulMonthStart(new Date('2026-12-31T15:00:00Z'))).toBe('2027-01-01');
    expect(seoulMonthStart(new Date('2026-12-31T14:59:00Z'))).toBe('2026-12-01');
    expect(seoulMonthStart(new Date('2026-11-24T15:30:00Z'))).toBe('2026-11-01');
  });

  it('gives the instant a Seoul day starts', () => {
    expect(seoulDayStartUtc('2026-11-25').toISOString()).toBe('2026-11-24T15:00:00.000Z');
    expect(seoulDayStartUtc('2027-01-01').toISOString()).toBe('2026-12-31T15:00:00.000Z');
    expect(seoulToday(seoulDayStartUtc('2026-11-25'))).toBe('2026-11-25');
    expect(seoulToday(new Date(seoulDayStartUtc('2026-11-25').getTime() - 1))).toBe('2026-11-24');
  });

  it('adds and counts days across months, leap days and years', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2026-03-10', 0)).toBe('2026-03-10');
    expect(daysBetween('2026-01-01', '2026-01-01')).toBe(0);
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365);
    expect(daysBetween('2028-01-01', '2029-01-01')).toBe(366);
    expect(daysBetween('2026-03-10', '2026-03-01')).toBe(-9);
  });

  it('daysBetween undoes addDays', () => {
    fc.assert(
      fc.property(isoDay, fc.integer({ min: -2000, max: 2000 }), (d, n) => {
        expect(daysBetween(d, addDays(d, n))).toBe(n);
      }),
    );
  });

  it('the start of a Seoul day is in that day, and one millisecond earlier is the day before', () => {
    fc.assert(
      fc.property(isoDay, (d) => {
        const start = seoulDayStartUtc(d);
        expect(seoulToday(start)).toBe(d);
        expect(seoulToday(new Date(start.getTime() - 1))).toBe(addDays(d, -1));
      }),
    );
  });

  it('reads the month of a date', () => {
    expect(monthOfDate('2026-01-15')).toBe(1);
    expect(monthOfDate('2026-12-01')).toBe(12);
  });

  it('accepts only real calendar dates', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2000-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2100-02-29')).toBe(false);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026-04-31')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-00-10')).toBe(false);
    expect(isIsoDate('2026-01-00')).toBe(false);
    expect(isIsoDate('2026-1-5')).toBe(false);
    expect(isIsoDate('2026-01-05T00:00')).toBe(false);
    expect(isIsoDate('')).toBe(false);
    fc.assert(fc.property(isoDay, (d) => isIsoDate(d)));
  });
});
