import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { periodUnits } from './passes.ts';
import { type RevenueInput, recognize, shareOf } from './revenue.ts';
import { dayNumber, isoOfDayNumber, recognizeFast, recognizerOf } from './revenue-fast.ts';
import { addDays, daysBetween } from './seoul-time.ts';

// recognizeFast is recognize on day numbers (docs/rules.md#revenue-recognition): for every input, the same answer.

/** A day of 2019–2031, with month ends (28–31) drawn often: they are where month arithmetic clamps. */
const isoDay = fc
  .tuple(
    fc.integer({ min: 2019, max: 2031 }),
    fc.integer({ min: 1, max: 12 }),
    fc.oneof(fc.integer({ min: 1, max: 31 }), fc.integer({ min: 28, max: 31 })),
  )
  .map(([y, m, d]) => {
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    return `${y}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
  });

const hold = (start: string) =>
  fc.tuple(fc.integer({ min: -40, max: 500 }), fc.integer({ min: -3, max: 90 })).map(([offset, length]) => ({
    startDate: addDays(start, offset),
    endDate: addDays(start, offset + length),
  }));

const input = isoDay.chain((startDate) =>
  fc.record({
    basis: fc.constantFrom('PERIOD', 'SESSION', 'BOTH', 'AT_SALE') as fc.Arbitrary<RevenueInput['basis']>,
    paid: fc.integer({ min: 0, max: 5_000_000 }),
    refunded: fc.integer({ min: 0, max: 6_000_000 }),
    closed: fc.boolean(),
    startDate: fc.option(fc.constant(startDate), { nil: undefined, freq: 10 }),
    periodAmount: fc.option(fc.integer({ min: -1, max: 36 }), { nil: null, freq: 6 }),
    periodUnit: fc.option(fc.constantFrom(...periodUnits), { nil: null, freq: 8 }),
    holds: fc.array(hold(startDate), { maxLength: 4 }),
    sessionCount: fc.option(fc.integer({ min: 0, max: 120 }), { nil: null, freq: 4 }),
    usedSessions: fc.integer({ min: -5, max: 130 }),
    offset: fc.integer({ min: -60, max: 1200 }),
  }),
);

describe('recognizeFast (docs/rules.md#revenue-recognition)', () => {
  it('counts days as daysBetween does', () => {
    fc.assert(
      fc.property(isoDay, isoDay, (a, b) => {
        expect(dayNumber(b) - dayNumber(a)).toBe(daysBetween(a, b));
        expect(isoOfDayNumber(dayNumber(a))).toBe(a);
      }),
    );
  });

  it('answers what recognize answers, for any pass, hold, usage, refund and day', () => {
    fc.assert(
      fc.property(input, ({ offset, ...pass }) => {
        const day = addDays(pass.startDate ?? '2026-01-01', offset);
        expect(recognizeFast(pass, day)).toEqual(recognize(pass, day));
      }),
      { numRuns: 2000 },
    );
  }, 30_000);

  it('answers the same when one recognizer reads a pass on many days, in any order', () => {
    fc.assert(
      fc.property(
        input,
        fc.array(fc.integer({ min: -60, max: 1200 }), { minLength: 1, maxLength: 12 }),
        (i, offsets) => {
          const { offset: _offset, ...pass } = i;
          const read = recognizerOf(pass);
          for (const offset of offsets) {
            const day = addDays(pass.startDate ?? '2026-01-01', offset);
            expect(read(pass, day)).toEqual(recognize(pass, day));
            expect(read(pass, dayNumber(day))).toEqual(recognize(pass, day));
          }
        },
      ),
      { numRuns: 300 },
    );
  }, 30_000);

  it('agrees on the month ends of a long pass started on a 29th, 30th or 31st', () => {
    for (const startDate of ['2024-01-31', '2024-02-29', '2023-03-30', '2025-08-31', '2025-12-29']) {
      const pass: RevenueInput = {
        basis: 'PERIOD',
        paid: 1_234_567,
        refunded: 0,
        closed: false,
        startDate,
        periodAmount: 2,
        periodUnit: 'YEAR',
        holds: [{ startDate: addDays(startDate, 45), endDate: addDays(startDate, 75) }],
      };
      for (let n = -1; n < 800; n += 7) {
        const day = addDays(startDate, n);
        expect(recognizeFast(pass, day), day).toEqual(recognize(pass, day));
      }
      expect(shareOf(pass, addDays(startDate, 900))).toEqual({ num: 1, den: 1 });
    }
  }, 30_000);
});
