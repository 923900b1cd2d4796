import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NO_VISIT_DAYS } from './entry.ts';
import {
  admittingPass,
  type CustomerSegment,
  type CustomerSummary,
  checkHold,
  customerSegments,
  daysLeft,
  discountPercent,
  EXPIRING_SESSIONS,
  endHoldEarly,
  type HoldCheckInput,
  heldOn,
  holdDays,
  holdPushesInto,
  inclusiveDays,
  inSegment,
  isSellable,
  type OwnedPass,
  overlappingPass,
  passEndDate,
  passState,
  passStates,
  periodUnits,
  renewalStartDate,
  saleLabel,
  saleLabels,
  saleStartDate,
  sessionsLeft,
} from './passes.ts';
import { addDays } from './seoul-time.ts';

const isoDay = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('pass periods (docs/rules.md#passes)', () => {
  it('lists the enums', () => {
    expect(periodUnits).toEqual(['DAY', 'WEEK', 'MONTH', 'YEAR']);
    expect(saleLabels).toEqual(['SOON', 'ENDED', 'ON_SALE', 'STOPPED']);
    expect(passStates).toEqual(['UPCOMING', 'ACTIVE', 'HELD', 'EXPIRED', 'USED_UP', 'REFUNDED']);
  });

  it('ends a period on its last included day', () => {
    expect(passEndDate('2026-01-01', 1, 'DAY')).toBe('2026-01-01');
    expect(passEndDate('2026-01-01', 30, 'DAY')).toBe('2026-01-30');
    expect(passEndDate('2026-01-01', 1, 'WEEK')).toBe('2026-01-07');
    expect(passEndDate('2026-01-01', 1, 'MONTH')).toBe('2026-01-31');
    expect(passEndDate('2026-01-15', 1, 'MONTH')).toBe('2026-02-14');
    expect(passEndDate('2026-03-01', 6, 'MONTH')).toBe('2026-08-31');
    expect(passEndDate('2026-01-01', 1, 'YEAR')).toBe('2026-12-31');
    expect(passEndDate('2028-02-29', 1, 'YEAR')).toBe('2029-02-27');
  });

  it('clamps month arithmetic to the end of a shorter month', () => {
    expect(passEndDate('2026-01-31', 1, 'MONTH')).toBe('2026-02-27');
    expect(passEndDate('2028-01-31', 1, 'MONTH')).toBe('2028-02-28');
    expect(passEndDate('2026-03-31', 1, 'MONTH')).toBe('2026-04-29');
  });

  it('counts days with both ends included', () => {
    expect(inclusiveDays('2026-01-01', '2026-01-01')).toBe(1);
    expect(inclusiveDays('2026-01-01', '2026-01-31')).toBe(31);
    fc.assert(
      fc.property(
        isoDay,
        fc.integer({ min: 1, max: 1000 }),
        (d, n) => inclusiveDays(d, passEndDate(d, n, 'DAY')) === n,
      ),
    );
  });
});

describe('sale labels (docs/rules.md#passes)', () => {
  const t = { saleStartDate: '2026-03-01', saleEndDate: '2026-03-31', saleState: 'ACTIVE' as const };
  it('is SOON before the start and ENDED after the end, whatever the state', () => {
    expect(saleLabel(t, '2026-02-28')).toBe('SOON');
    expect(saleLabel({ ...t, saleState: 'INACTIVE' }, '2026-02-28')).toBe('SOON');
    expect(saleLabel(t, '2026-04-01')).toBe('ENDED');
    expect(saleLabel({ ...t, saleState: 'INACTIVE' }, '2026-04-01')).toBe('ENDED');
  });
  it('follows the state within the window, both ends included', () => {
    expect(saleLabel(t, '2026-03-01')).toBe('ON_SALE');
    expect(saleLabel(t, '2026-03-31')).toBe('ON_SALE');
    expect(saleLabel({ ...t, saleState: 'INACTIVE' }, '2026-03-15')).toBe('STOPPED');
  });
  it('has no bound for a missing date', () => {
    const open = { saleStartDate: null, saleEndDate: null, saleState: 'ACTIVE' as const };
    expect(saleLabel(open, '1999-01-01')).toBe('ON_SALE');
    expect(saleLabel({ ...open, saleEndDate: '2026-01-01' }, '2026-01-02')).toBe('ENDED');
    expect(saleLabel({ ...open, saleStartDate: '2026-01-01' }, '2025-12-31')).toBe('SOON');
  });
  it('sells only what is ON_SALE', () => {
    expect(isSellable(t, '2026-03-10')).toBe(true);
    expect(isSellable(t, '2026-04-10')).toBe(false);
    expect(isSellable({ ...t, saleState: 'INACTIVE' }, '2026-03-10')).toBe(false);
  });
});

describe('discount percent (docs/rules.md#passes)', () => {
  it('rounds to a whole percent', () => {
    expect(discountPercent(100_000, 90_000)).toBe(10);
    expect(discountPercent(300_000, 200_000)).toBe(33);
    expect(discountPercent(300_000, 100_000)).toBe(67);
    expect(discountPercent(200_000, 199_000)).toBe(1); // 0.5 rounds up
    expect(discountPercent(100_000, 0)).toBe(100);
  });
  it('is 0 without a discount or a list price', () => {
    expect(discountPercent(0, 0)).toBe(0);
    expect(discountPercent(0, 10_000)).toBe(0);
    expect(discountPercent(100_000, 100_000)).toBe(0);
    expect(discountPercent(100_000, 120_000)).toBe(0);
  });
  it('stays within 0..100', () => {
    fc.assert(
      fc.property(fc.nat(100_000_000), fc.nat(100_000_000), (o, s) => {
        const p = discountPercent(o, s);
        return Number.isInteger(p) && p >= 0 && p <= 100;
      }),
    );
  });
});

describe('holds (docs/rules.md#passes)', () => {
  const today = '2026-03-10';
  const base: HoldCheckInput = {
    limits: { holdMaxCount: null, holdMaxDays: null, holdMinDays: null },
    existing: [],
    hold: { startDate: '2026-03-12', endDate: '2026-03-18' },
    pass: { status: 'FIN', startDate: '2026-03-01', endDate: '2026-05-31', sessionsLeft: null },
    today,
  };

  it('counts hold days with both ends, a cancelled hold as 0', () => {
    expect(holdDays({ startDate: '2026-03-12', endDate: '2026-03-12' })).toBe(1);
    expect(holdDays({ startDate: '2026-03-12', endDate: '2026-03-18' })).toBe(7);
    expect(holdDays({ startDate: '2026-03-12', endDate: '2026-03-11' })).toBe(0);
  });

  it('accepts a hold and moves the pass end later by its days', () => {
    expect(checkHold(base)).toEqual({ ok: true, days: 7, newEndDate: '2026-06-07' });
    expect(checkHold({ ...base, hold: { startDate: today, endDate: today } })).toEqual({
      ok: true,
      days: 1,
      newEndDate: '2026-06-01',
    });
    expect(checkHold({ ...base, pass: { ...base.pass, endDate: null, sessionsLeft: 5 } })).toEqual({
      ok: true,
      days: 7,
      newEndDate: null,
    });
  });

  it('refuses wrong dates', () => {
    expect(checkHold({ ...base, hold: { startDate: '2026-03-18', endDate: '2026-03-12' } })).toEqual({
      ok: false,
      reason: 'holdDates',
    });
    expect(checkHold({ ...base, hold: { startDate: '2026-03-09', endDate: '2026-03-12' } })).toEqual({
      ok: false,
      reason: 'holdDates',
    });
  });

  it('refuses a refunded or expired pass', () => {
    expect(checkHold({ ...base, pass: { ...base.pass, status: 'REFUND' } })).toEqual({
      ok: false,
      reason: 'holdPassRefunded',
    });
    expect(checkHold({ ...base, pass: { ...base.pass, endDate: '2026-03-09' } })).toEqual({
      ok: false,
      reason: 'holdPassExpired',
    });
    expect(checkHold({ ...base, pass: { ...base.pass, sessionsLeft: 0 } })).toEqual({
      ok: false,
      reason: 'holdPassExpired',
    });
    // The pass ending today is not expired yet.
    expect(checkHold({ ...base, pass: { ...base.pass, endDate: today } }).ok).toBe(true);
  });

  it('applies the product caps', () => {
    const limits = { holdMaxCount: 2, holdMaxDays: 14, holdMinDays: 3 };
    const existing = [{ startDate: '2026-03-01', endDate: '2026-03-05' }]; // 5 days
    expect(checkHold({ ...base, limits, hold: { startDate: '2026-03-12', endDate: '2026-03-13' } })).toEqual({
      ok: false,
      reason: 'holdTooShort',
    });
    expect(
      checkHold({ ...base, limits, existing, hold: { startDate: '2026-03-12', endDate: '2026-03-21' } }),
    ).toEqual({ ok: false, reason: 'holdTooLong' });
    // 5 + 9 = 14 days: exactly the cap.
    expect(
      checkHold({ ...base, limits, existing, hold: { startDate: '2026-03-12', endDate: '2026-03-20' } }).ok,
    ).toBe(true);
    const two = [...existing, { startDate: '2026-03-06', endDate: '2026-03-08' }];
    expect(
      checkHold({ ...base, limits, existing: two, hold: { startDate: '2026-03-12', endDate: '2026-03-14' } }),
    ).toEqual({ ok: false, reason: 'holdTooMany' });
    expect(checkHold({ ...base, limits: { ...limits, holdMaxCount: 0 } })).toEqual({
      ok: false,
      reason: 'holdTooMany',
    });
    expect(checkHold({ ...base, limits: { ...limits, holdMaxDays: 0 } })).toEqual({
      ok: false,
      reason: 'holdTooLong',
    });
  });

  it('does not count cancelled (zero-day) holds', () => {
    const limits = { holdMaxCount: 1, holdMaxDays: null, holdMinDays: null };
    const cancelled = [{ startDate: '2026-03-11', endDate: '2026-03-10' }];
    expect(checkHold({ ...base, limits, existing: cancelled }).ok).toBe(true);
  });

  it('refuses an overlap with an existing hold', () => {
    const existing = [{ startDate: '2026-03-18', endDate: '2026-03-20' }];
    expect(checkHold({ ...base, existing })).toEqual({ ok: false, reason: 'holdOverlap' });
    expect(checkHold({ ...base, existing: [{ startDate: '2026-03-19', endDate: '2026-03-20' }] }).ok).toBe(
      true,
    );
  });

  it('checks in the stated order', () => {
    // Every check fails at once: the dates win, then the refund, then expiry, then the caps in order.
    const all: HoldCheckInput = {
      limits: { holdMaxCount: 0, holdMaxDays: 0, holdMinDays: 100 },
      existing: [{ startDate: '2026-03-12', endDate: '2026-03-12' }],
      hold: { startDate: '2026-03-09', endDate: '2026-03-12' },
      pass: { status: 'REFUND', startDate: '2026-01-01', endDate: '2026-03-01', sessionsLeft: 0 },
      today,
    };
    expect(checkHold(all)).toEqual({ ok: false, reason: 'holdDates' });
    const a = { ...all, hold: { startDate: '2026-03-11', endDate: '2026-03-12' } };
    expect(checkHold(a)).toEqual({ ok: false, reason: 'holdPassRefunded' });
    const b = { ...a, pass: { ...a.pass, status: 'FIN' as const } };
    expect(checkHold(b)).toEqual({ ok: false, reason: 'holdPassExpired' });
    const c = { ...b, pass: { ...b.pass, endDate: '2026-12-31', sessionsLeft: 3 } };
    expect(checkHold(c)).toEqual({ ok: false, reason: 'holdTooShort' });
    const d = { ...c, limits: { ...c.limits, holdMinDays: null } };
    expect(checkHold(d)).toEqual({ ok: false, reason: 'holdTooLong' });
    const e = { ...d, limits: { ...d.limits, holdMaxDays: null } };
    expect(checkHold(e)).toEqual({ ok: false, reason: 'holdTooMany' });
    const f = { ...e, limits: { ...e.limits, holdMaxCount: null } };
    expect(checkHold(f)).toEqual({ ok: false, reason: 'holdOverlap' });
  });

  it('ends a hold early and gives the days back', () => {
    const hold = { startDate: '2026-03-12', endDate: '2026-03-18' };
    expect(endHoldEarly(hold, '2026-03-15', '2026-06-07')).toEqual({
      hold: { startDate: '2026-03-12', endDate: '2026-03-14' },
      passEndDate: '2026-06-03',
      returnedDays: 4,
      cancelled: false,
    });
    expect(endHoldEarly(hold, '2026-03-18', null)).toEqual({
      hold: { startDate: '2026-03-12', endDate: '2026-03-17' },
      passEndDate: null,
      returnedDays: 1,
      cancelled: false,
    });
  });

  it('cancels a hold ended on or before its start', () => {
    const hold = { startDate: '2026-03-12', endDate: '2026-03-18' };
    for (const on of ['2026-03-12', '2026-03-01']) {
      const r = endHoldEarly(hold, on, '2026-06-07');
      expect(r.returnedDays).toBe(7);
      expect(r.passEndDate).toBe('2026-05-31');
      expect(holdDays(r.hold)).toBe(0);
      expect(r.cancelled).toBe(true);
      expect(heldOn([r.hold], '2026-03-12')).toBeUndefined();
    }
  });

  it('never lengthens a hold ended after its end', () => {
    const hold = { startDate: '2026-03-12', endDate: '2026-03-18' };
    expect(endHoldEarly(hold, '2026-03-19', '2026-06-07')).toEqual({
      hold,
      passEndDate: '2026-06-07',
      returnedDays: 0,
      cancelled: false,
    });
    expect(endHoldEarly(hold, '2026-04-30', '2026-06-07').returnedDays).toBe(0);
  });

  it('ending early returns exactly the days no longer held', () => {
    fc.assert(
      fc.property(
        isoDay,
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: -5, max: 70 }),
        (start, len, k) => {
          const hold = { startDate: start, endDate: addDays(start, len - 1) };
          const r = endHoldEarly(hold, addDays(start, k), addDays(start, 100));
          expect(holdDays(r.hold) + r.returnedDays).toBe(len);
          expect(holdDays(r.hold)).toBe(Math.min(len, Math.max(0, k)));
          expect(r.passEndDate).toBe(addDays(start, 100 - r.returnedDays));
        },
      ),
    );
  });

  it('finds the hold covering a day', () => {
    const holds = [
      { startDate: '2026-03-01', endDate: '2026-03-05' },
      { startDate: '2026-03-10', endDate: '2026-03-10' },
    ];
    expect(heldOn(holds, '2026-03-01')).toBe(holds[0]);
    expect(heldOn(holds, '2026-03-05')).toBe(holds[0]);
    expect(heldOn(holds, '2026-03-06')).toBeUndefined();
    expect(heldOn(holds, '2026-03-10')).toBe(holds[1]);
    expect(heldOn([], '2026-03-10')).toBeUndefined();
  });
});

describe('pass state today (docs/rules.md#passes)', () => {
  const p = {
    status: 'FIN' as const,
    startDate: '2026-03-01',
    endDate: '2026-03-31',
    sessionCount: 10,
    sessionsUsed: 3,
    holds: [{ startDate: '2026-03-10', endDate: '2026-03-12' }],
  };
  it('derives each state', () => {
    expect(passState(p, '2026-02-28')).toBe('UPCOMING');
    expect(passState(p, '2026-03-01')).toBe('ACTIVE');
    expect(passState(p, '2026-03-10')).toBe('HELD');
    expect(passState(p, '2026-03-12')).toBe('HELD');
    expect(passState(p, '2026-03-13')).toBe('ACTIVE');
    expect(passState(p, '2026-03-31')).toBe('ACTIVE');
    expect(passState(p, '2026-04-01')).toBe('EXPIRED');
    expect(passState({ ...p, sessionsUsed: 10 }, '2026-03-05')).toBe('USED_UP');
    expect(passState({ ...p, status: 'REFUND' }, '2026-03-05')).toBe('REFUNDED');
    expect(passState({ ...p, endDate: null, sessionCount: null }, '2030-01-01')).toBe('ACTIVE');
  });
  it('puts refunded before used up before expired', () => {
    const worst = { ...p, status: 'REFUND' as const, sessionsUsed: 10 };
    expect(passState(worst, '2026-04-01')).toBe('REFUNDED');
    expect(passState({ ...worst, status: 'FIN' }, '2026-04-01')).toBe('USED_UP');
    expect(passState({ ...p, status: 'WAIT' }, '2026-04-01')).toBe('EXPIRED');
  });
  it('counts sessions and days left', () => {
    expect(sessionsLeft(null, 4)).toBeNull();
    expect(sessionsLeft(10, 4)).toBe(6);
    expect(sessionsLeft(10, 12)).toBe(0);
    expect(daysLeft(null, '2026-03-01')).toBeNull();
    expect(daysLeft('2026-03-31', '2026-03-31')).toBe(1);
    expect(daysLeft('2026-03-31', '2026-03-01')).toBe(31);
    expect(daysLeft('2026-03-31', '2026-04-01')).toBe(0);
  });
});

describe('renewal start (docs/rules.md#passes)', () => {
  it('starts the day after the current pass ends, or today', () => {
    expect(renewalStartDate('2026-03-10', '2026-03-31')).toBe('2026-04-01');
    expect(renewalStartDate('2026-03-10', '2026-03-09')).toBe('2026-03-10');
    expect(renewalStartDate('2026-03-10', '2026-03-10')).toBe('2026-03-11');
    expect(renewalStartDate('2026-03-10', '2026-01-01')).toBe('2026-03-10');
    expect(renewalStartDate('2026-03-10', null)).toBe('2026-03-10');
  });
});

describe('a hold and the renewal queued after it (docs/rules.md#holds)', () => {
  const pass = (
    id: number,
    startDate: string,
    endDate: string,
    extra: Partial<OwnedPass> = {},
  ): OwnedPass => ({
    id,
    ticketName: '헬스 6개월',
    status: 'FIN',
    startDate,
    endDate,
    sessionCount: null,
    ...extra,
  });
  // The simulation's seed 1: pass 13 (03-05~09-04) held 9 days would end 09-13, inside renewal 21 (09-05~).
  const held = pass(13, '2026-03-05', '2026-09-04');
  const renewal = pass(21, '2026-09-05', '2026-10-04');

  it('names the renewal a hold would push the pass into', () => {
    expect(holdPushesInto([held, renewal], held, '2026-09-13', '2026-03-10')?.id).toBe(21);
  });

  it('lets a hold through when nothing is queued, or the queued pass is a session pass or refunded', () => {
    expect(holdPushesInto([held], held, '2026-09-13', '2026-03-10')).toBeUndefined();
    const pt = pass(22, '2026-09-05', '2026-12-04', { sessionCount: 10 });
    expect(holdPushesInto([held, pt], held, '2026-09-13', '2026-03-10')).toBeUndefined();
    const refunded = pass(23, '2026-09-05', '2026-10-04', { status: 'REFUND' });
    expect(holdPushesInto([held, refunded], held, '2026-09-13', '2026-03-10')).toBeUndefined();
    // A later renewal the new end does not reach.
    expect(
      holdPushesInto([held, pass(24, '2026-09-20', '2026-10-19')], held, '2026-09-13', '2026-03-10'),
    ).toBeUndefined();
  });

  it('leaves alone a pass that already overlapped by choice (its start is not after the old end)', () => {
    const chosen = pass(25, '2026-08-01', '2026-08-31');
    expect(holdPushesInto([held, chosen], held, '2026-09-13', '2026-03-10')).toBeUndefined();
  });
});

describe('member-list segments (docs/rules.md#customers)', () => {
  const today = '2026-03-15';
  const active: CustomerSummary = {
    passStartDate: '2026-03-01',
    passEndDate: '2026-05-31',
    sessionsLeft: null,
    holdStartDate: null,
    holdEndDate: null,
    unpaid: 0,
    createdOn: '2025-12-01',
    birthDate: '1990-07-04',
    hasPass: true,
    // Came in yesterday, 14 March 10:00 KST.
    lastVisitAt: '2026-03-14T01:00:00.000Z',
  };
  const none: CustomerSummary = {
    ...active,
    hasPass: false,
    passStartDate: null,
    passEndDate: null,
    sessionsLeft: null,
  };
  const segmentsOf = (s: CustomerSummary, days?: number): CustomerSegment[] =>
    customerSegments.filter((seg) => inSegment(s, seg, today, days));

  it('lists the segments', () => {
    expect(customerSegments).toEqual([
      'all',
      'active',
      'hold',
      'expiring',
      'expired',
      'unpaid',
      'new',
      'birthday',
      'noVisit',
    ]);
    expect(EXPIRING_SESSIONS).toBe(2);
  });

  it('active: started, not ended, sessions left, not held', () => {
    expect(segmentsOf(active)).toEqual(['all', 'active']);
    expect(inSegment({ ...active, passStartDate: today }, 'active', today)).toBe(true);
    expect(inSegment({ ...active, passEndDate: today }, 'active', today)).toBe(true);
    expect(inSegment({ ...active, passEndDate: null }, 'active', today)).toBe(true);
    expect(inSegment({ ...active, passStartDate: '2026-03-16' }, 'active', today)).toBe(false);
    expect(inSegment({ ...active, passEndDate: '2026-03-14' }, 'active', today)).toBe(false);
    expect(inSegment({ ...active, sessionsLeft: 0 }, 'active', today)).toBe(false);
    expect(inSegment({ ...active, sessionsLeft: 1 }, 'active', today)).toBe(true);
    expect(inSegment(none, 'active', today)).toBe(false);
  });

  it('hold: on hold today, and not active', () => {
    const held = { ...active, holdStartDate: '2026-03-10', holdEndDate: today };
    expect(segmentsOf(held)).toEqual(['all', 'hold']);
    expect(inSegment({ ...held, holdEndDate: '2026-03-14' }, 'hold', today)).toBe(false);
    expect(
      inSegment({ ...held, holdStartDate: '2026-03-16', holdEndDate: '2026-03-20' }, 'hold', today),
    ).toBe(false);
    expect(
      inSegment({ ...held, holdStartDate: '2026-03-16', holdEndDate: '2026-03-20' }, 'active', today),
    ).toBe(true);
  });

  it('expiring: ends within the days, or 2 sessions or fewer left', () => {
    expect(inSegment({ ...active, passEndDate: today }, 'expiring', today)).toBe(true);
    expect(inSegment({ ...active, passEndDate: '2026-03-22' }, 'expiring', today)).toBe(true);
    expect(inSegment({ ...active, passEndDate: '2026-03-23' }, 'expiring', today)).toBe(false);
    expect(inSegment({ ...active, passEndDate: '2026-04-14' }, 'expiring', today, 30)).toBe(true);
    expect(inSegment({ ...active, passEndDate: '2026-04-15' }, 'expiring', today, 30)).toBe(false);
    expect(inSegment({ ...active, sessionsLeft: 2 }, 'expiring', today)).toBe(true);
    expect(inSegment({ ...active, sessionsLeft: 3 }, 'expiring', today)).toBe(false);
    expect(inSegment({ ...active, passEndDate: null, sessionsLeft: 1 }, 'expiring', today)).toBe(true);
    // On hold counts too; an expired or not yet started pass does not.
    const held = {
      ...active,
      passEndDate: '2026-03-20',
      holdStartDate: '2026-03-10',
      holdEndDate: '2026-03-16',
    };
    expect(inSegment(held, 'expiring', today)).toBe(true);
    expect(inSegment({ ...active, passEndDate: '2026-03-14' }, 'expiring', today)).toBe(false);
    expect(
      inSegment({ ...active, passStartDate: '2026-03-16', passEndDate: '2026-03-20' }, 'expiring', today),
    ).toBe(false);
    expect(inSegment({ ...active, sessionsLeft: 0 }, 'expiring', today)).toBe(false);
  });

  it('expired: end passed or sessions used up', () => {
    expect(inSegment({ ...active, passEndDate: '2026-03-14' }, 'expired', today)).toBe(true);
    expect(inSegment({ ...active, passEndDate: today }, 'expired', today)).toBe(false);
    expect(inSegment({ ...active, sessionsLeft: 0 }, 'expired', today)).toBe(true);
    expect(inSegment({ ...none, passEndDate: '2026-03-14' }, 'expired', today)).toBe(false);
    expect(segmentsOf({ ...active, passEndDate: '2026-03-14' })).toEqual(['all', 'expired']);
  });

  it('unpaid, new this month, birthday this month', () => {
    expect(inSegment({ ...none, unpaid: 1 }, 'unpaid', today)).toBe(true);
    expect(inSegment({ ...none, unpaid: 0 }, 'unpaid', today)).toBe(false);
    expect(inSegment({ ...none, createdOn: '2026-03-01' }, 'new', today)).toBe(true);
    expect(inSegment({ ...none, createdOn: '2026-02-28' }, 'new', today)).toBe(false);
    expect(inSegment({ ...none, createdOn: '2025-03-15' }, 'new', today)).toBe(false);
    expect(inSegment({ ...none, birthDate: '1990-03-31' }, 'birthday', today)).toBe(true);
    expect(inSegment({ ...none, birthDate: '1990-04-01' }, 'birthday', today)).toBe(false);
    expect(inSegment({ ...none, birthDate: null }, 'birthday', today)).toBe(false);
    expect(segmentsOf(none)).toEqual(['all']);
  });

  it('noVisit: active, and never came in or last came in on a Seoul day 14 or more days ago', () => {
    expect(NO_VISIT_DAYS).toBe(14);
    expect(segmentsOf({ ...active, lastVisitAt: null })).toEqual(['all', 'active', 'noVisit']);
    // 1 March (Seoul) is today − 14: in; 2 March is today − 13: out.
    expect(inSegment({ ...active, lastVisitAt: '2026-03-01T03:00:00.000Z' }, 'noVisit', today)).toBe(true);
    expect(inSegment({ ...active, lastVisitAt: '2026-03-02T03:00:00.000Z' }, 'noVisit', today)).toBe(false);
    // The Seoul day decides, not the UTC one: 1 March 23:59 KST is in, 2 March 00:00 KST (still 1 March UTC) out.
    expect(inSegment({ ...active, lastVisitAt: '2026-03-01T14:59:00.000Z' }, 'noVisit', today)).toBe(true);
    expect(inSegment({ ...active, lastVisitAt: '2026-03-01T15:00:00.000Z' }, 'noVisit', today)).toBe(false);
    // 28 February 15:00 UTC is already 1 March in Seoul.
    expect(inSegment({ ...active, lastVisitAt: '2026-02-28T15:00:00.000Z' }, 'noVisit', today)).toBe(true);
    expect(inSegment(active, 'noVisit', today)).toBe(false);
    // Only active customers: on hold, expired, not started or without a pass are not "no visit".
    const away = { ...active, lastVisitAt: null };
    expect(inSegment({ ...away, holdStartDate: '2026-03-10', holdEndDate: today }, 'noVisit', today)).toBe(
      false,
    );
    expect(inSegment({ ...away, passEndDate: '2026-03-14' }, 'noVisit', today)).toBe(false);
    expect(inSegment({ ...away, passStartDate: '2026-03-16' }, 'noVisit', today)).toBe(false);
    expect(inSegment({ ...none, lastVisitAt: null }, 'noVisit', today)).toBe(false);
  });

  it('active, hold and expired never overlap', () => {
    const maybeDay = fc.option(isoDay, { nil: null });
    const summary = fc.record({
      passStartDate: maybeDay,
      passEndDate: maybeDay,
      sessionsLeft: fc.option(fc.nat(5), { nil: null }),
      holdStartDate: maybeDay,
      holdEndDate: maybeDay,
      unpaid: fc.nat(1000),
      createdOn: isoDay,
      birthDate: maybeDay,
      hasPass: fc.boolean(),
      lastVisitAt: fc.option(
        fc
          .date({
            min: new Date('2020-01-01T00:00:00Z'),
            max: new Date('2035-12-31T00:00:00Z'),
            noInvalidDate: true,
          })
          .map((d) => d.toISOString()),
        { nil: null },
      ),
    });
    fc.assert(
      fc.property(summary, isoDay, (s, day) => {
        const a = inSegment(s, 'active', day);
        expect(a && inSegment(s, 'hold', day)).toBe(false);
        expect(a && inSegment(s, 'expired', day)).toBe(false);
        if (inSegment(s, 'expiring', day)) {
          expect(a || inSegment(s, 'hold', day)).toBe(true);
        }
        if (inSegment(s, 'noVisit', day)) expect(a).toBe(true);
      }),
    );
  });
});

describe('renewals (docs/rules.md#renewals)', () => {
  const today = '2026-03-02';
  const pass = (over: Partial<OwnedPass>): OwnedPass => ({
    id: 1,
    ticketName: '헬스 3개월',
    status: 'FIN',
    startDate: '2026-03-02',
    endDate: '2026-06-01',
    sessionCount: null,
    ...over,
  });
  const period = { sessionCount: null };
  const sessions = { sessionCount: 10 };

  it('starts a period pass the day after the last running or future period pass ends', () => {
    expect(saleStartDate(today, [pass({})], period)).toBe('2026-06-02');
    expect(
      saleStartDate(
        today,
        [pass({}), pass({ id: 2, startDate: '2026-06-02', endDate: '2026-12-01' })],
        period,
      ),
    ).toBe('2026-12-02');
    expect(saleStartDate(today, [], period)).toBe(today);
  });

  it('ignores refunded and ended passes, session passes, and session products', () => {
    expect(saleStartDate(today, [pass({ status: 'REFUND' })], period)).toBe(today);
    expect(saleStartDate(today, [pass({ endDate: '2026-03-01' })], period)).toBe(today);
    expect(saleStartDate(today, [pass({ sessionCount: 10 })], period)).toBe(today);
    expect(saleStartDate(today, [pass({})], sessions)).toBe(today);
  });

  it('names the running or future pass of the kind a new one overlaps, the earliest first', () => {
    const a = pass({});
    const b = pass({ id: 2, startDate: '2026-06-02', endDate: '2026-12-01' });
    expect(overlappingPass([b, a], period, today, '2026-08-31', today)).toBe(a);
    expect(overlappingPass([a, b], period, '2026-06-02', '2026-08-31', today)).toBe(b);
    expect(overlappingPass([a, b], period, '2026-12-02', '2027-03-01', today)).toBeUndefined();
    expect(overlappingPass([a], sessions, today, null, today)).toBeUndefined();
    expect(overlappingPass([pass({ status: 'REFUND' })], period, today, '2026-08-31', today)).toBeUndefined();
  });

  it('never overlaps when the default start is taken (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ start: fc.integer({ min: -100, max: 100 }), len: fc.integer({ min: 1, max: 200 }) }),
          { maxLength: 5 },
        ),
        fc.integer({ min: 1, max: 400 }),
        (spans, len) => {
          const owned = spans.map((s, i) =>
            pass({
              id: i + 1,
              startDate: addDays(today, s.start),
              endDate: addDays(today, s.start + s.len - 1),
            }),
          );
          const start = saleStartDate(today, owned, period);
          return overlappingPass(owned, period, start, addDays(start, len - 1), today) === undefined;
        },
      ),
    );
  });
});

describe('the pass that admits the customer (docs/rules.md#holds)', () => {
  const today = '2026-03-02';
  const held = { id: 1, startDate: '2026-02-20', holds: [{ startDate: today, endDate: '2026-03-11' }] };
  const running = { id: 2, startDate: '2026-02-10', holds: [] };
  it('prefers a running pass to a held one, then the held one, then the next to start', () => {
    expect(admittingPass([held, running], today)).toBe(running);
    expect(admittingPass([held], today)).toBe(held);
    const next = { id: 3, startDate: '2026-04-01', holds: [] };
    expect(admittingPass([next], today)).toBe(next);
    expect(admittingPass([next, held], today)).toBe(held);
    expect(admittingPass([], today)).toBeUndefined();
  });
});
