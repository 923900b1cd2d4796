import { describe, expect, it } from 'vitest';
import {
  bundleSessionValue,
  groupClassPay,
  monthPay,
  perSessionValue,
  sessionPay,
  trainerMonthPay,
} from './trainer-pay.ts';

// docs/rules.md#trainer-pay, with the worked examples of the domain notes: trainers are paid from earned revenue,
// and a session pass earns per session used (30 PT sessions for 1,200,000 won have earned 400,000 after 10).

describe('PT sessions', () => {
  it('earns a session pass per session used: 30 sessions for 1,200,000 won, 10 used, is 400,000 earned', () => {
    const pass = { passPrice: 1_200_000, passSessions: 30 };
    expect(perSessionValue(pass)).toBe(40_000);
    // At 100 % of the per-session value, the trainer's ten sessions are exactly the revenue earned.
    expect(
      monthPay(
        'PERCENT',
        100,
        Array.from({ length: 10 }, () => pass),
      ),
    ).toBe(400_000);
    expect(
      monthPay(
        'PERCENT',
        40,
        Array.from({ length: 10 }, () => pass),
      ),
    ).toBe(160_000);
  });

  it('pays PT 20 sessions at 1,210,000 won and 40 % 24,200 a session, rounded down to the won', () => {
    expect(sessionPay('PERCENT', 40, { passPrice: 1_210_000, passSessions: 20 })).toBe(24_200);
    // 1,000,000 ÷ 30 × 35 % = 11,666.66…: 11,666.
    expect(sessionPay('PERCENT', 35, { passPrice: 1_000_000, passSessions: 30 })).toBe(11_666);
    expect(sessionPay('PERCENT', 40, { passPrice: 300_000, passSessions: null })).toBe(0);
    expect(sessionPay('PER_SESSION', 25_000, { passPrice: 1, passSessions: 1 })).toBe(25_000);
  });

  it("divides a bundle's session value, not its whole price, by its sessions", () => {
    // "3개월 + PT 30회" at 1,700,000 won: the whole price gave 56,666 a session, the gym months included.
    const whole = { passPrice: 1_700_000, passSessions: 30 };
    expect(Math.floor(perSessionValue(whole)!)).toBe(56_666);
    // Its PT part is worth 1,440,000: 48,000 a session, 40 % of it 19,200.
    const bundle = { ...whole, passSessionValue: 1_440_000 };
    expect(perSessionValue(bundle)).toBe(48_000);
    expect(sessionPay('PERCENT', 40, bundle)).toBe(19_200);
    // A fixed rate per session does not look at the value.
    expect(sessionPay('PER_SESSION', 25_000, bundle)).toBe(25_000);
  });

  it("scales a bundle's session value to the price agreed, never above it", () => {
    expect(bundleSessionValue(1_440_000, 1_700_000, 1_700_000)).toBe(1_440_000);
    // Sold 170,000 off (10 %): both parts are 10 % lower.
    expect(bundleSessionValue(1_440_000, 1_700_000, 1_530_000)).toBe(1_296_000);
    expect(bundleSessionValue(null, 1_700_000, 1_700_000)).toBeNull();
    expect(bundleSessionValue(500, 0, 0)).toBe(0);
  });
});

describe('group classes', () => {
  const perClass = { kind: 'PER_CLASS', rate: 50_000, minAttendees: 0 } as const;
  const perHead = { kind: 'PER_ATTENDEE', rate: 8_000, minAttendees: 4 } as const;

  it('pays a fixed amount per class held, whatever the head count', () => {
    expect(groupClassPay(perClass, 1)).toEqual({ pay: 50_000, rule: 'PER_CLASS', paidHeads: 1 });
    expect(groupClassPay(perClass, 8).pay).toBe(50_000);
  });

  it('pays per attendee, and the minimum head count when fewer came', () => {
    expect(groupClassPay(perHead, 6)).toEqual({ pay: 48_000, rule: 'PER_ATTENDEE', paidHeads: 6 });
    expect(groupClassPay(perHead, 4)).toEqual({ pay: 32_000, rule: 'PER_ATTENDEE', paidHeads: 4 });
    expect(groupClassPay(perHead, 2)).toEqual({ pay: 32_000, rule: 'MINIMUM', paidHeads: 4 });
    expect(groupClassPay({ ...perHead, minAttendees: 0 }, 2).pay).toBe(16_000);
  });

  it('pays nothing for a class nobody came to, or one the facility cancelled', () => {
    expect(groupClassPay(perClass, 0).pay).toBe(0);
    expect(groupClassPay(perHead, 0).pay).toBe(0);
    expect(groupClassPay(perHead, 3, true).pay).toBe(0);
  });
});

describe("a trainer's month", () => {
  it('pays a cancelled lesson nothing: three attended at 25,000 are 0, not 75,000', () => {
    const pass = { passPrice: 1_100_000, passSessions: 20 };
    const settings = {
      payKind: 'PER_SESSION',
      payRate: 25_000,
      group: { kind: 'PER_ATTENDEE', rate: 25_000, minAttendees: 0 },
    } as const;
    const cancelled = { lessonType: 'GROUP', cancelled: true, sessions: [pass, pass, pass] } as const;
    expect(trainerMonthPay(settings, [cancelled])).toBe(0);
    expect(trainerMonthPay(settings, [{ ...cancelled, cancelled: false }])).toBe(75_000);
  });

  it('adds PT sessions at the PT rule and group classes at the group rule', () => {
    const pt = { passPrice: 1_210_000, passSessions: 20 };
    const settings = {
      payKind: 'PERCENT',
      payRate: 40,
      group: { kind: 'PER_CLASS', rate: 50_000, minAttendees: 0 },
    } as const;
    expect(
      trainerMonthPay(settings, [
        { lessonType: 'PT', cancelled: false, sessions: [pt] },
        { lessonType: 'PT', cancelled: true, sessions: [pt] },
        { lessonType: 'GROUP', cancelled: false, sessions: [pt, pt, pt] },
        { lessonType: 'GROUP', cancelled: false, sessions: [] },
      ]),
    ).toBe(24_200 + 50_000);
  });
});
