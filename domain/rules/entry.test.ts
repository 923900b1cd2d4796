import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CheckInInput,
  type CheckInPass,
  DOUBLE_TAP_SECONDS,
  decideCheckIn,
  entryUsesSession,
  maskName,
  NO_VISIT_DAYS,
  noRecentVisit,
  RENEW_SOON_DAYS,
} from './entry.ts';
import { addDays, seoulToday } from './seoul-time.ts';

// The check-in decision (docs/rules.md#check-in): the checks in their order, the Seoul day's edges, holds, the
// sessions an entry uses, which pass serves, the renewal note and the chooser's masked names.

const pass = (over: Partial<CheckInPass> = {}): CheckInPass => ({
  id: 1,
  name: '헬스 1개월',
  status: 'FIN',
  startDate: '2026-11-01',
  endDate: '2026-11-30',
  sessionCount: null,
  sessionsUsed: 0,
  holds: [],
  entryUsesSession: false,
  dayBased: true,
  sessionUsedToday: false,
  ...over,
});

const decide = (passes: CheckInPass[], today: string, extra: Partial<CheckInInput> = {}) =>
  decideCheckIn({ passes, today, blockUnpaid: false, unpaidAmount: 0, ...extra });

describe('the constants', () => {
  it('are the rules of docs/rules.md#check-in', () => {
    expect(DOUBLE_TAP_SECONDS).toBe(60);
    expect(RENEW_SOON_DAYS).toBe(7);
    expect(NO_VISIT_DAYS).toBe(14);
  });
});

describe('the Seoul day', () => {
  it('admits a pass ending 2026-11-30 until 23:59:59 KST and refuses it from 00:00 KST on 12-01', () => {
    const lastSecond = seoulToday(new Date('2026-11-30T14:59:59Z'));
    const midnight = seoulToday(new Date('2026-11-30T15:00:00Z'));
    expect(lastSecond).toBe('2026-11-30');
    expect(midnight).toBe('2026-12-01');
    expect(decide([pass()], lastSecond)).toMatchObject({ allowed: true, daysLeft: 1, endDate: '2026-11-30' });
    expect(decide([pass()], midnight)).toEqual({
      allowed: false,
      reason: 'expired',
      date: '2026-11-30',
      passId: 1,
      passName: '헬스 1개월',
      unpaidAmount: null,
    });
  });

  it('refuses a pass before its first day, naming it, and admits it on that day', () => {
    const upcoming = pass({ startDate: '2026-12-01', endDate: '2026-12-31' });
    expect(decide([upcoming], '2026-11-30')).toMatchObject({
      allowed: false,
      reason: 'notStarted',
      date: '2026-12-01',
    });
    expect(decide([upcoming], '2026-12-01')).toMatchObject({ allowed: true, daysLeft: 31 });
  });
});

describe('holds', () => {
  const held = pass({ holds: [{ startDate: '2026-11-10', endDate: '2026-11-12' }] });

  it('refuses on the first and the last day of a hold, naming its last day', () => {
    for (const day of ['2026-11-10', '2026-11-11', '2026-11-12'])
      expect(decide([held], day), day).toMatchObject({
        allowed: false,
        reason: 'onHold',
        date: '2026-11-12',
      });
  });

  it('admits the day before and the day after', () => {
    expect(decide([held], '2026-11-09').allowed).toBe(true);
    expect(decide([held], '2026-11-13').allowed).toBe(true);
  });

  it('lets another pass in force serve while one is held', () => {
    const other = pass({ id: 2, name: 'PT 10회', sessionCount: 10, dayBased: false, endDate: null });
    expect(decide([held, other], '2026-11-11')).toMatchObject({ allowed: true, passId: 2 });
  });
});

describe('sessions', () => {
  const sessions = (over: Partial<CheckInPass> = {}) =>
    pass({
      name: '10회권',
      endDate: null,
      sessionCount: 10,
      entryUsesSession: true,
      dayBased: false,
      ...over,
    });

  it('uses the last session, then refuses noSessions', () => {
    expect(decide([sessions({ sessionsUsed: 9 })], '2026-11-15')).toMatchObject({
      allowed: true,
      usesSession: true,
      sessionsLeft: 0,
    });
    expect(decide([sessions({ sessionsUsed: 10 })], '2026-11-15')).toMatchObject({
      allowed: false,
      reason: 'noSessions',
      date: null,
      passName: '10회권',
    });
  });

  it('uses one session per entry on a session pass, even twice a day', () => {
    const again = sessions({ sessionsUsed: 3, sessionUsedToday: true });
    expect(decide([again], '2026-11-15')).toMatchObject({ usesSession: true, sessionsLeft: 6 });
  });

  it('uses one session per day on a period pass with sessions: a repeat that day uses none', () => {
    const monthly = sessions({ endDate: '2026-11-30', dayBased: true, sessionsUsed: 4 });
    expect(decide([monthly], '2026-11-15')).toMatchObject({ usesSession: true, sessionsLeft: 5 });
    const repeat = { ...monthly, sessionsUsed: 5, sessionUsedToday: true };
    expect(entryUsesSession(repeat)).toBe(false);
    expect(decide([repeat], '2026-11-15')).toMatchObject({
      allowed: true,
      usesSession: false,
      sessionsLeft: 5,
    });
  });

  it('lets a day-based pass in again on the day its entry used the last session, and not the next day', () => {
    const last = sessions({
      endDate: '2026-11-30',
      dayBased: true,
      sessionsUsed: 10,
      sessionUsedToday: true,
    });
    expect(decide([last], '2026-11-15')).toMatchObject({
      allowed: true,
      usesSession: false,
      sessionsLeft: 0,
    });
    const nextDay = { ...last, sessionUsedToday: false };
    expect(decide([nextDay], '2026-11-16')).toMatchObject({ allowed: false, reason: 'noSessions' });
    // A session-only pass has no such day: its last session is its last entry.
    const plain = sessions({ sessionsUsed: 10, sessionUsedToday: true });
    expect(decide([plain], '2026-11-15')).toMatchObject({ allowed: false, reason: 'noSessions' });
  });

  it('uses no session of a pass whose product says an entry does not', () => {
    const pt = sessions({ entryUsesSession: false, sessionsUsed: 2 });
    expect(decide([pt], '2026-11-15')).toMatchObject({ allowed: true, usesSession: false, sessionsLeft: 8 });
  });

  it('prefers a pass that needs no session over a PT pass, even one ending later', () => {
    const pt = sessions({ id: 7, name: 'PT 20회', endDate: '2026-11-20' });
    const gym = pass({ id: 8, name: '헬스 3개월', endDate: '2027-01-31' });
    expect(decide([pt, gym], '2026-11-15')).toMatchObject({ passId: 8, usesSession: false });
    // Among passes that use no session, the one ending first.
    const shorter = pass({ id: 9, endDate: '2026-11-25' });
    expect(decide([gym, shorter], '2026-11-15')).toMatchObject({ passId: 9 });
  });
});

describe('the order of the checks', () => {
  it('refuses noPass without passes, or with refunded ones only', () => {
    expect(decide([], '2026-11-15')).toMatchObject({ allowed: false, reason: 'noPass', passId: null });
    expect(decide([pass({ status: 'REFUND' })], '2026-11-15')).toMatchObject({ reason: 'noPass' });
  });

  it('names a hold before an upcoming pass, and an upcoming pass before an ended one', () => {
    const held = pass({ id: 1, holds: [{ startDate: '2026-11-14', endDate: '2026-11-16' }] });
    const upcoming = pass({ id: 2, startDate: '2026-12-01', endDate: '2026-12-31' });
    const ended = pass({ id: 3, startDate: '2026-10-01', endDate: '2026-10-31' });
    expect(decide([ended, upcoming, held], '2026-11-15')).toMatchObject({ reason: 'onHold', passId: 1 });
    expect(decide([ended, upcoming], '2026-11-15')).toMatchObject({ reason: 'notStarted', passId: 2 });
    expect(decide([ended], '2026-11-15')).toMatchObject({ reason: 'expired', date: '2026-10-31' });
  });

  it('refuses an unpaid balance only when the facility says so, and only once a pass serves', () => {
    expect(decide([pass()], '2026-11-15', { unpaidAmount: 50_000 }).allowed).toBe(true);
    expect(decide([pass()], '2026-11-15', { blockUnpaid: true, unpaidAmount: 50_000 })).toEqual({
      allowed: false,
      reason: 'unpaid',
      date: null,
      passId: 1,
      passName: '헬스 1개월',
      unpaidAmount: 50_000,
    });
    expect(decide([pass()], '2026-11-15', { blockUnpaid: true, unpaidAmount: 0 }).allowed).toBe(true);
    expect(decide([], '2026-11-15', { blockUnpaid: true, unpaidAmount: 50_000 })).toMatchObject({
      reason: 'noPass',
    });
  });
});

describe('the renewal note', () => {
  it('says "renew soon" when the pass ends within 7 days, today included', () => {
    const today = '2026-11-15';
    expect(decide([pass({ endDate: addDays(today, 6) })], today)).toMatchObject({
      daysLeft: 7,
      renewSoon: true,
    });
    expect(decide([pass({ endDate: addDays(today, 7) })], today)).toMatchObject({
      daysLeft: 8,
      renewSoon: false,
    });
    expect(decide([pass({ endDate: null })], today)).toMatchObject({ daysLeft: null, renewSoon: false });
  });
});

describe('maskName', () => {
  it.each([
    ['김민수', '김*수'],
    ['이수', '이*'],
    ['남궁민수', '남**수'],
    ['Alex', 'A**x'],
    ['김', '김'],
    ['  김민수 ', '김*수'],
    ['', ''],
  ])('%s → %s', (name, masked) => expect(maskName(name)).toBe(masked));
});

describe('noRecentVisit', () => {
  it('counts never, or a last visit 14 or more days ago', () => {
    expect(noRecentVisit(null, '2026-11-15')).toBe(true);
    expect(noRecentVisit('2026-11-01', '2026-11-15')).toBe(true);
    expect(noRecentVisit('2026-11-02', '2026-11-15')).toBe(false);
  });
});

describe('a property', () => {
  const anyPass = fc.record({
    id: fc.integer({ min: 1, max: 50 }),
    start: fc.integer({ min: -40, max: 10 }),
    length: fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }),
    sessionCount: fc.option(fc.integer({ min: 0, max: 20 }), { nil: null }),
    sessionsUsed: fc.integer({ min: 0, max: 25 }),
    entryUsesSession: fc.boolean(),
    dayBased: fc.boolean(),
    sessionUsedToday: fc.boolean(),
    refunded: fc.boolean(),
  });

  it('never answers negative sessions left, and never uses a session a pass does not have', () => {
    const today = '2026-11-15';
    fc.assert(
      fc.property(
        fc.uniqueArray(anyPass, { selector: (p) => p.id, maxLength: 5 }),
        fc.boolean(),
        fc.nat(100_000),
        (raw, block, unpaid) => {
          const passes = raw.map((r) =>
            pass({
              id: r.id,
              startDate: addDays(today, r.start),
              endDate: r.length === null ? null : addDays(today, r.start + r.length),
              sessionCount: r.sessionCount,
              sessionsUsed: r.sessionsUsed,
              entryUsesSession: r.entryUsesSession,
              dayBased: r.dayBased,
              sessionUsedToday: r.sessionUsedToday,
              status: r.refunded ? 'REFUND' : 'FIN',
            }),
          );
          const decision = decide(passes, today, { blockUnpaid: block, unpaidAmount: unpaid });
          if (!decision.allowed) return;
          expect(decision.sessionsLeft === null || decision.sessionsLeft >= 0).toBe(true);
          const chosen = passes.find((p) => p.id === decision.passId)!;
          expect(chosen.status).not.toBe('REFUND');
          if (decision.usesSession) expect(chosen.sessionsUsed).toBeLessThan(chosen.sessionCount!);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
