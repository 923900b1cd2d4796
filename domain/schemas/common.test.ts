import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, seoulToday } from '../rules/seoul-time.ts';
import { birthDate, calendarDate, calendarMonth } from './common.ts';

// docs/rules.md#dates: the one date, birth date and month of every request, as properties over random input.

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** A real date of the given years, written YYYY-MM-DD. */
const realDate = (minYear: number, maxYear: number) =>
  fc
    .record({ year: fc.integer({ min: minYear, max: maxYear }), month: fc.integer({ min: 1, max: 12 }) })
    .chain(({ year, month }) =>
      fc.integer({ min: 1, max: daysIn(year, month) }).map((day) => `${year}-${pad(month)}-${pad(day)}`),
    );

/** A date that looks almost right: a day past the month's end, month 00 or 13, a year out of range, a bad shape. */
const nearMissDate = fc.oneof(
  fc
    .record({ year: fc.integer({ min: 2000, max: 2099 }), month: fc.integer({ min: 1, max: 12 }) })
    .chain(({ year, month }) =>
      fc.integer({ min: daysIn(year, month) + 1, max: 99 }).map((day) => `${year}-${pad(month)}-${pad(day)}`),
    ),
  realDate(2000, 2099).map((d) => `${d.slice(0, 5)}00${d.slice(7)}`),
  realDate(2000, 2099).map((d) => `${d.slice(0, 5)}13${d.slice(7)}`),
  realDate(2000, 2099).map((d) => `${d.slice(0, 8)}00`),
  realDate(1000, 1999),
  realDate(2100, 9999),
  realDate(2000, 2099).map((d) => d.replaceAll('-', '/')),
  realDate(2000, 2099).map((d) => d.replaceAll('-', '')),
  realDate(2000, 2099).map((d) => ` ${d}`),
  realDate(2000, 2099).map((d) => `${d}T00:00:00Z`),
  realDate(2000, 2099)
    .map((d) => `${d.slice(0, 5)}${Number(d.slice(5, 7))}-${Number(d.slice(8))}`)
    .filter((d) => d.length < 10),
  realDate(2000, 2099).map((d) => `+0${d}`),
  realDate(2000, 2099).map((d) => d.replace(/\d/, (c) => String.fromCharCode(0xff10 + Number(c)))),
);

const refusedWith = (schema: typeof calendarDate, value: unknown, message: string) => {
  const result = schema.safeParse(value);
  expect(result.success, JSON.stringify(value)).toBe(false);
  expect(
    result.error?.issues.every((issue) => issue.message === message),
    JSON.stringify(value),
  ).toBe(true);
};

describe('calendarDate', () => {
  it('accepts every real date from 2000-01-01 to 2099-12-31', () => {
    fc.assert(
      fc.property(realDate(2000, 2099), (d) => {
        expect(calendarDate.parse(d)).toBe(d);
      }),
    );
    for (const d of ['2000-01-01', '2099-12-31', '2024-02-29', '2000-02-29'])
      expect(calendarDate.parse(d)).toBe(d);
  });

  it('refuses near-miss dates with calendarDate', () => {
    fc.assert(
      fc.property(nearMissDate, (d) => {
        refusedWith(calendarDate, d, 'calendarDate');
      }),
    );
    for (const d of [
      '9999-12-31',
      '1999-12-31',
      '2100-01-01',
      '1900-01-01',
      '2026-02-30',
      '2100-02-29',
      '2026-00-10',
    ])
      refusedWith(calendarDate, d, 'calendarDate');
  });

  it('refuses random strings and other types with calendarDate', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (s) => {
        fc.pre(!/^\d{4}-\d{2}-\d{2}$/.test(s));
        refusedWith(calendarDate, s, 'calendarDate');
      }),
    );
    for (const v of [20_260_101, null, true, {}, ['2026-01-01']])
      refusedWith(calendarDate, v, 'calendarDate');
  });
});

describe('birthDate', () => {
  const today = seoulToday(new Date());

  it('accepts real dates from 1900-01-01 to today', () => {
    fc.assert(
      fc.property(realDate(1900, Number(today.slice(0, 4)) - 1), (d) => {
        expect(birthDate.parse(d)).toBe(d);
      }),
    );
    for (const d of ['1900-01-01', today]) expect(birthDate.parse(d)).toBe(d);
  });

  it('refuses a birth before 1900, in the future, or not a real date, with birthDate', () => {
    fc.assert(
      fc.property(realDate(1000, 1899), (d) => {
        refusedWith(birthDate, d, 'birthDate');
      }),
    );
    for (const d of ['1899-12-31', addDays(today, 2), '2099-12-31', '1990-02-29', '1990-13-01', '19900131'])
      refusedWith(birthDate, d, 'birthDate');
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (s) => {
        fc.pre(!/^\d{4}-\d{2}-\d{2}$/.test(s));
        refusedWith(birthDate, s, 'birthDate');
      }),
    );
  });
});

describe('calendarMonth', () => {
  const realMonth = fc
    .record({ year: fc.integer({ min: 2000, max: 2099 }), month: fc.integer({ min: 1, max: 12 }) })
    .map(({ year, month }) => `${year}-${pad(month)}`);

  it('accepts every month from 2000-01 to 2099-12', () => {
    fc.assert(
      fc.property(realMonth, (m) => {
        expect(calendarMonth.parse(m)).toBe(m);
      }),
    );
  });

  it('refuses month 00 and 13, years out of range, other shapes and random strings with calendarMonth', () => {
    const nearMiss = fc.oneof(
      realMonth.map((m) => `${m.slice(0, 5)}00`),
      fc.integer({ min: 13, max: 99 }).map((n) => `2026-${n}`),
      fc.integer({ min: 1000, max: 1999 }).map((y) => `${y}-06`),
      fc.integer({ min: 2100, max: 9999 }).map((y) => `${y}-06`),
      realMonth.map((m) => `${m}-01`),
      realMonth.map((m) => m.replace('-', '')),
      realMonth.map((m) => `${m.slice(0, 5)}${Number(m.slice(5))}`).filter((m) => m.length < 7),
    );
    fc.assert(
      fc.property(nearMiss, (m) => {
        refusedWith(calendarMonth, m, 'calendarMonth');
      }),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (s) => {
        fc.pre(!/^\d{4}-\d{2}$/.test(s));
        refusedWith(calendarMonth, s, 'calendarMonth');
      }),
    );
    for (const m of ['2026-00', '2026-13', '1999-12', '2100-01', 202601])
      refusedWith(calendarMonth, m, 'calendarMonth');
  });
});
