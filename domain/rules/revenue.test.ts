import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passEndDate } from './passes.ts';
import { computeRefund, refundContractDays } from './refund.ts';
import {
  activeDaysThrough,
  periodShare,
  type RevenueInput,
  recognize,
  revenueBasisOf,
  shareOf,
} from './revenue.ts';
import { addDays } from './seoul-time.ts';

// Earned and deferred revenue (docs/rules.md#revenue-recognition): DOMAIN's worked examples, and for random passes
// (period, sessions or both; any start; holds; usage; payments over time; refunds, a business-fault refund above
// what was paid included) the reconciliation paid = earned + deferred + refunded, earned within [0, paid −
// refunded] while the pass is open, and earned never falling as the days go by.

describe("DOMAIN's worked examples", () => {
  it('a 12-month pass of 1,200,000 won started on 1 September has earned 400,000 by 31 December', () => {
    for (const periodUnit of ['MONTH', 'YEAR'] as const) {
      const pass: RevenueInput = {
        basis: 'PERIOD',
        paid: 1_200_000,
        refunded: 0,
        closed: false,
        startDate: '2026-09-01',
        periodAmount: periodUnit === 'MONTH' ? 12 : 1,
        periodUnit,
      };
      expect(recognize(pass, '2026-12-31')).toEqual({
        paid: 1_200_000,
        earned: 400_000,
        deferred: 800_000,
        refunded: 0,
      });
    }
  });

  it('30 PT sessions for 1,200,000 won have earned 400,000 after 10 sessions', () => {
    const pass: RevenueInput = {
      basis: 'SESSION',
      paid: 1_200_000,
      refunded: 0,
      closed: false,
      sessionCount: 30,
      usedSessions: 10,
    };
    expect(recognize(pass, '2026-05-10')).toEqual({
      paid: 1_200_000,
      earned: 400_000,
      deferred: 800_000,
      refunded: 0,
    });
  });

  it('a refunded pass earns what the facility kept: 6 months of 600,000 refunded 406,667 at day 40', () => {
    const pass: RevenueInput = {
      basis: 'PERIOD',
      paid: 600_000,
      refunded: 406_667,
      closed: true,
      startDate: '2026-03-01',
      periodAmount: 6,
      periodUnit: 'MONTH',
    };
    expect(recognize(pass, '2026-04-09')).toEqual({
      paid: 600_000,
      earned: 193_333,
      deferred: 0,
      refunded: 406_667,
    });
  });

  it('a business-fault refund before the start pays back more than was paid: earned goes negative', () => {
    const refund = computeRefund({
      paid: 600_000,
      fault: 'BUSINESS',
      basis: 'PERIOD',
      started: false,
    }).refund;
    expect(refund).toBe(660_000);
    const r = recognize(
      {
        basis: 'PERIOD',
        paid: 600_000,
        refunded: refund,
        closed: true,
        startDate: '2026-03-01',
        periodAmount: 6,
        periodUnit: 'MONTH',
      },
      '2026-02-20',
    );
    expect(r).toEqual({ paid: 600_000, earned: -60_000, deferred: 0, refunded: 660_000 });
  });
});

describe('the pieces', () => {
  it('counts the days in force, held days once', () => {
    expect(activeDaysThrough('2026-03-01', '2026-02-28', [])).toBe(0);
    expect(activeDaysThrough('2026-03-01', '2026-03-01', [])).toBe(1);
    expect(activeDaysThrough('2026-03-01', '2026-03-31', [])).toBe(31);
    const holds = [
      { startDate: '2026-03-10', endDate: '2026-03-19' },
      { startDate: '2026-03-15', endDate: '2026-03-24' },
    ];
    // Held 10 → 24 (15 days, the overlap once), of 31.
    expect(activeDaysThrough('2026-03-01', '2026-03-31', holds)).toBe(16);
    // Only the held days up to the day count.
    expect(activeDaysThrough('2026-03-01', '2026-03-12', holds)).toBe(9);
  });

  it('shares a pass in days or weeks by its days, and one in months month by month', () => {
    expect(periodShare('2026-03-01', 30, 'DAY', 15)).toEqual({ num: 15, den: 30 });
    expect(periodShare('2026-03-01', 2, 'WEEK', 14)).toEqual({ num: 1, den: 1 });
    // February (28 days) is one sixth of a 6-month pass started on 1 February, like the 31 days of March.
    const feb = periodShare('2026-02-01', 6, 'MONTH', 28);
    expect(feb.num / feb.den).toBe(1 / 6);
    const march = periodShare('2026-02-01', 6, 'MONTH', 28 + 31);
    expect(march.num / march.den).toBe(2 / 6);
    expect(periodShare('2026-02-01', 0, 'MONTH', 0)).toEqual({ num: 1, den: 1 });
  });

  it('earns on whichever of period and sessions is used up first', () => {
    const both: RevenueInput = {
      basis: 'BOTH',
      paid: 300_000,
      refunded: 0,
      closed: false,
      startDate: '2026-03-01',
      periodAmount: 3,
      periodUnit: 'MONTH',
      sessionCount: 10,
      usedSessions: 5,
    };
    // 31 of about 92 days is one third; 5 of 10 sessions is one half: the half wins.
    expect(recognize(both, '2026-03-31').earned).toBe(150_000);
    expect(recognize({ ...both, usedSessions: 1 }, '2026-03-31').earned).toBe(100_000);
  });

  it('earns goods, fees and lockers when they are paid', () => {
    expect(revenueBasisOf({ periodAmount: null, sessionCount: null })).toBe('AT_SALE');
    expect(revenueBasisOf({ periodAmount: 3, sessionCount: null })).toBe('PERIOD');
    expect(revenueBasisOf({ periodAmount: null, sessionCount: 10 })).toBe('SESSION');
    expect(revenueBasisOf({ periodAmount: 3, sessionCount: 10 })).toBe('BOTH');
    const r = recognize({ basis: 'AT_SALE', paid: 5_000, refunded: 0, closed: false }, '2026-01-01');
    expect(r).toEqual({ paid: 5_000, earned: 5_000, deferred: 0, refunded: 0 });
  });
});

// ---------------------------------------------------------------------------------------------------------
// Random passes with a history: payments, usage and a refund on their days; the input of a day is what that
// history holds up to it, as the report builds it.

type History = {
  basis: 'PERIOD' | 'SESSION' | 'BOTH';
  price: number;
  startDate: string;
  periodAmount: number;
  periodUnit: 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';
  sessionCount: number;
  holds: { startDate: string; endDate: string }[];
  /** [day offset from the start, amount]. */
  payments: [number, number][];
  /** [day offset, sessions used]. */
  usage: [number, number][];
  refund: { at: number; fault: 'MEMBER' | 'BUSINESS' } | null;
};

const startDay = fc
  .date({ min: new Date('2021-01-01T00:00:00Z'), max: new Date('2029-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

const history: fc.Arbitrary<History> = fc
  .record({
    basis: fc.constantFrom('PERIOD', 'SESSION', 'BOTH') as fc.Arbitrary<History['basis']>,
    price: fc.integer({ min: 0, max: 3_000_000 }),
    startDate: startDay,
    periodAmount: fc.integer({ min: 1, max: 24 }),
    periodUnit: fc.constantFrom('DAY', 'WEEK', 'MONTH', 'YEAR') as fc.Arbitrary<History['periodUnit']>,
    sessionCount: fc.integer({ min: 1, max: 60 }),
    holds: fc.array(
      fc
        .tuple(fc.integer({ min: -10, max: 400 }), fc.integer({ min: 0, max: 60 }))
        .map(([offset, length]) => [offset, length] as const),
      { maxLength: 3 },
    ),
    payments: fc.array(fc.tuple(fc.integer({ min: -30, max: 300 }), fc.integer({ min: 1, max: 100 })), {
      minLength: 1,
      maxLength: 4,
    }),
    usage: fc.array(fc.tuple(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 1, max: 5 })), {
      maxLength: 12,
    }),
    refund: fc.option(
      fc.record({
        at: fc.integer({ min: -20, max: 500 }),
        fault: fc.constantFrom('MEMBER', 'BUSINESS') as fc.Arbitrary<'MEMBER' | 'BUSINESS'>,
      }),
      { nil: null },
    ),
  })
  .map((h) => {
    // The payments are parts (weights) of at most the price: never more than the price in all.
    const weights = h.payments.reduce((s, [, w]) => s + w, 0);
    const share = h.price > 0 ? Math.floor(h.price / Math.max(weights, 100)) : 0;
    return {
      ...h,
      holds: h.holds.map(([offset, length]) => ({
        startDate: addDays(h.startDate, offset),
        endDate: addDays(h.startDate, offset + length),
      })),
      payments: h.payments.map(([offset, w]) => [offset, w * share] as [number, number]),
    };
  });

/** The refund the law allows on its day, from what was paid and used by then (docs/rules.md#refunds). */
const refundOf = (h: History, paid: number, used: number, day: string): number => {
  if (!h.refund) return 0;
  const sessions = h.basis === 'SESSION';
  return computeRefund({
    paid,
    fault: h.refund.fault,
    basis: sessions ? 'SESSION' : 'PERIOD',
    started: sessions ? used > 0 : day >= h.startDate,
    contractDays: refundContractDays(h.startDate, h.periodAmount, h.periodUnit),
    usedDays: activeDaysThrough(h.startDate, day, h.holds),
    contractSessions: h.sessionCount,
    usedSessions: used,
  }).refund;
};

/** The pass as of a day: what its history holds up to that day. */
const inputAt = (h: History, day: string): RevenueInput => {
  const upTo = (offset: number) => addDays(h.startDate, offset) <= day;
  const paidBy = (d: string) =>
    h.payments.filter(([o]) => addDays(h.startDate, o) <= d).reduce((s, [, a]) => s + a, 0);
  const usedBy = (d: string) =>
    Math.min(
      h.sessionCount,
      h.usage.filter(([o]) => addDays(h.startDate, o) <= d).reduce((s, [, n]) => s + n, 0),
    );
  const refundDay = h.refund ? addDays(h.startDate, h.refund.at) : null;
  const closed = refundDay !== null && refundDay <= day;
  const refunded = closed && refundDay ? refundOf(h, paidBy(refundDay), usedBy(refundDay), refundDay) : 0;
  return {
    basis: h.basis,
    paid: h.payments.filter(([o]) => upTo(o)).reduce((s, [, a]) => s + a, 0),
    refunded,
    closed,
    startDate: h.startDate,
    periodAmount: h.basis === 'SESSION' ? null : h.periodAmount,
    periodUnit: h.basis === 'SESSION' ? null : h.periodUnit,
    holds: h.holds,
    sessionCount: h.basis === 'PERIOD' ? null : h.sessionCount,
    usedSessions: closed && refundDay ? usedBy(refundDay) : usedBy(day),
  };
};

const dayOffset = fc.integer({ min: -40, max: 900 });

describe('random passes (docs/rules.md#revenue-recognition)', () => {
  it('reconcile: paid = earned + deferred + refunded, on every day', () => {
    fc.assert(
      fc.property(history, dayOffset, (h, offset) => {
        const day = addDays(h.startDate, offset);
        const input = inputAt(h, day);
        const r = recognize(input, day);
        expect(r.paid).toBe(input.paid);
        expect(r.refunded).toBe(input.refunded);
        expect(r.earned + r.deferred + r.refunded).toBe(r.paid);
        for (const v of Object.values(r)) expect(Number.isInteger(v)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('earn between 0 and paid − refunded while open, and defer nothing once refunded', () => {
    fc.assert(
      fc.property(history, dayOffset, (h, offset) => {
        const day = addDays(h.startDate, offset);
        const input = inputAt(h, day);
        const r = recognize(input, day);
        if (input.closed) {
          expect(r.deferred).toBe(0);
          expect(r.earned).toBe(r.paid - r.refunded);
        } else {
          expect(r.earned).toBeGreaterThanOrEqual(0);
          expect(r.earned).toBeLessThanOrEqual(r.paid - r.refunded);
          expect(r.deferred).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('earn more, never less, as the days go by while the pass is open', () => {
    fc.assert(
      fc.property(history, dayOffset, fc.integer({ min: 0, max: 400 }), (h, offset, later) => {
        const d1 = addDays(h.startDate, offset);
        const d2 = addDays(d1, later);
        const i2 = inputAt(h, d2);
        fc.pre(!i2.closed);
        expect(recognize(inputAt(h, d1), d1).earned).toBeLessThanOrEqual(recognize(i2, d2).earned);
      }),
      { numRuns: 400 },
    );
  });

  it('earn everything paid once a period pass without holds has run its course', () => {
    fc.assert(
      fc.property(history, fc.integer({ min: 0, max: 60 }), (h, after) => {
        fc.pre(h.basis !== 'SESSION');
        const plain = { ...h, holds: [], refund: null };
        const day = addDays(passEndDate(h.startDate, h.periodAmount, h.periodUnit), after);
        const input = inputAt(plain, day);
        expect(shareOf(input, day)).toEqual({ num: 1, den: 1 });
        expect(recognize(input, day)).toMatchObject({ earned: input.paid, deferred: 0 });
      }),
      { numRuns: 200 },
    );
  });

  it('earn nothing on held days', () => {
    fc.assert(
      fc.property(
        history,
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 1, max: 30 }),
        (h, at, len) => {
          fc.pre(h.basis === 'PERIOD');
          const hold = { startDate: addDays(h.startDate, at), endDate: addDays(h.startDate, at + len) };
          const plain = { ...h, holds: [hold], refund: null, payments: [[0, h.price] as [number, number]] };
          const before = addDays(hold.startDate, -1);
          expect(recognize(inputAt(plain, hold.endDate), hold.endDate).earned).toBe(
            recognize(inputAt(plain, before), before).earned,
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});
