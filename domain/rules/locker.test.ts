import { describe, expect, it } from 'vitest';
import {
  bankPositions,
  depositOnEnd,
  depositPaid,
  LOCKER_EXPIRING_DAYS,
  lockerLabel,
  lockerState,
  reminderDue,
  renewalStart,
  spansOverlap,
} from './locker.ts';

// Lockers (docs/rules.md#lockers): the numbering of a bank, the labels, a tile's state, a renewal's start and
// the reminder days.

describe('bankPositions', () => {
  it('numbers row by row, left to right, from the start number', () => {
    expect(bankPositions({ rows: 2, cols: 3, startNumber: 1, skipNumbers: [] })).toEqual([
      { row: 1, col: 1, number: 1 },
      { row: 1, col: 2, number: 2 },
      { row: 1, col: 3, number: 3 },
      { row: 2, col: 1, number: 4 },
      { row: 2, col: 2, number: 5 },
      { row: 2, col: 3, number: 6 },
    ]);
  });

  it('passes over skipped numbers: the positions take the next numbers', () => {
    const numbers = bankPositions({ rows: 3, cols: 5, startNumber: 1, skipNumbers: [4, 13] }).map(
      (p) => p.number,
    );
    expect(numbers).toEqual([1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 16, 17]);
    expect(numbers).toHaveLength(15);
  });

  it('starts anywhere, skips consecutive numbers and the start itself, and ignores skips below the start', () => {
    expect(
      bankPositions({ rows: 1, cols: 4, startNumber: 100, skipNumbers: [100, 102, 103, 5] }).map(
        (p) => p.number,
      ),
    ).toEqual([101, 104, 105, 106]);
    expect(bankPositions({ rows: 1, cols: 2, startNumber: 0, skipNumbers: [] }).map((p) => p.number)).toEqual(
      [0, 1],
    );
  });

  it('gives one position per cell, each number once', () => {
    const positions = bankPositions({ rows: 20, cols: 20, startNumber: 1, skipNumbers: [4, 44, 144] });
    expect(positions).toHaveLength(400);
    expect(new Set(positions.map((p) => p.number)).size).toBe(400);
    expect(new Set(positions.map((p) => `${p.row}:${p.col}`)).size).toBe(400);
  });
});

describe('lockerLabel', () => {
  it('pads the number to three digits after the prefix', () => {
    expect(lockerLabel('', 1)).toBe('001');
    expect(lockerLabel('M-', 12)).toBe('M-012');
    expect(lockerLabel('여', 7)).toBe('여007');
  });

  it('keeps longer numbers whole, and takes another padding', () => {
    expect(lockerLabel('A', 1234)).toBe('A1234');
    expect(lockerLabel('B-', 5, 2)).toBe('B-05');
    expect(lockerLabel('', 5, 0)).toBe('5');
  });
});

describe('lockerState', () => {
  const today = '2026-03-10';
  const rented = (rentalEndDate: string) => lockerState({ broken: false, rentalEndDate }, today);

  it('is FREE without an active rental', () => {
    expect(lockerState({ broken: false, rentalEndDate: null }, today)).toBe('FREE');
  });

  it('is EXPIRING when the rental ends today, and EXPIRED from the day after', () => {
    expect(rented('2026-03-10')).toBe('EXPIRING');
    expect(rented('2026-03-09')).toBe('EXPIRED');
    expect(rented('2025-12-31')).toBe('EXPIRED');
  });

  it(`is EXPIRING within ${LOCKER_EXPIRING_DAYS} days of the end (the end day counted), IN_USE beyond`, () => {
    // Ends in 6 days: the 7th day counting today.
    expect(rented('2026-03-16')).toBe('EXPIRING');
    expect(rented('2026-03-17')).toBe('IN_USE');
    expect(rented('2026-03-18')).toBe('IN_USE');
    expect(rented('2026-12-31')).toBe('IN_USE');
  });

  it('is BROKEN whatever the rental says', () => {
    expect(lockerState({ broken: true, rentalEndDate: null }, today)).toBe('BROKEN');
    expect(lockerState({ broken: true, rentalEndDate: '2026-03-01' }, today)).toBe('BROKEN');
    expect(lockerState({ broken: true, rentalEndDate: '2026-03-12' }, today)).toBe('BROKEN');
    expect(lockerState({ broken: true, rentalEndDate: '2026-12-31' }, today)).toBe('BROKEN');
  });
});

describe('renewalStart', () => {
  it('continues the day after the current end while that is today or later', () => {
    expect(renewalStart('2026-03-31', '2026-03-10')).toBe('2026-04-01');
    expect(renewalStart('2026-03-09', '2026-03-10')).toBe('2026-03-10');
    expect(renewalStart('2026-12-31', '2026-12-01')).toBe('2027-01-01');
  });

  it('starts today when the rental has already lapsed', () => {
    expect(renewalStart('2026-02-01', '2026-03-10')).toBe('2026-03-10');
  });
});

describe('reminderDue', () => {
  it('names the reminder due today, if any', () => {
    expect(reminderDue('2026-03-17', '2026-03-10', [7, 1])).toBe(7);
    expect(reminderDue('2026-03-11', '2026-03-10', [7, 1])).toBe(1);
    expect(reminderDue('2026-03-12', '2026-03-10', [7, 1])).toBeNull();
    expect(reminderDue('2026-03-10', '2026-03-10', [7, 1])).toBeNull();
    expect(reminderDue('2026-03-18', '2026-03-10', [7, 1])).toBeNull();
  });

  it("follows the facility's days, across a month's end", () => {
    expect(reminderDue('2026-04-02', '2026-03-31', [3, 2])).toBe(2);
    expect(reminderDue('2026-04-02', '2026-03-31', [])).toBeNull();
  });
});

describe('spansOverlap', () => {
  it('counts both ends', () => {
    const a = { startDate: '2026-03-01', endDate: '2026-03-10' };
    expect(spansOverlap(a, { startDate: '2026-03-10', endDate: '2026-03-20' })).toBe(true);
    expect(spansOverlap(a, { startDate: '2026-03-11', endDate: '2026-03-20' })).toBe(false);
    expect(spansOverlap({ startDate: '2026-02-01', endDate: '2026-02-28' }, a)).toBe(false);
  });
});

describe('depositPaid and depositOnEnd (issue 27 item 2)', () => {
  it('payments pay the fee first, then the deposit', () => {
    expect(depositPaid({ price: 30_000, deposit: 10_000, paid: 0 })).toBe(0);
    expect(depositPaid({ price: 30_000, deposit: 10_000, paid: 20_000 })).toBe(0);
    expect(depositPaid({ price: 30_000, deposit: 10_000, paid: 25_000 })).toBe(5_000);
    expect(depositPaid({ price: 30_000, deposit: 10_000, paid: 30_000 })).toBe(10_000);
    expect(depositPaid({ price: 20_000, deposit: 0, paid: 20_000 })).toBe(0);
  });

  it('drops the unpaid deposit from what is owed, and refunding what was paid needs no reason', () => {
    expect(depositOnEnd({ deposit: 10_000, paid: 0, refund: 0, reason: null, owed: 30_000 })).toEqual({
      refusal: null,
      kept: 0,
      released: 10_000,
    });
    expect(depositOnEnd({ deposit: 10_000, paid: 10_000, refund: 10_000, reason: null, owed: 0 })).toEqual({
      refusal: null,
      kept: 0,
      released: 0,
    });
    expect(depositOnEnd({ deposit: 10_000, paid: 5_000, refund: 5_000, reason: null, owed: 5_000 })).toEqual({
      refusal: null,
      kept: 0,
      released: 5_000,
    });
    // A balance already written off: nothing more to drop.
    expect(depositOnEnd({ deposit: 10_000, paid: 0, refund: 0, reason: null, owed: 0 }).released).toBe(0);
  });

  it('refuses a refund above the deposit or above what was paid, and keeping paid money without a reason', () => {
    const base = { deposit: 10_000, paid: 10_000, reason: null, owed: 0 };
    expect(depositOnEnd({ ...base, refund: 12_000 }).refusal).toBe('depositRefundAboveDeposit');
    expect(depositOnEnd({ ...base, paid: 0, refund: 10_000, owed: 10_000 }).refusal).toBe(
      'depositRefundAbovePaid',
    );
    expect(depositOnEnd({ ...base, refund: 4_000 }).refusal).toBe('depositKeptReasonRequired');
    expect(depositOnEnd({ ...base, refund: 4_000, reason: '  ' }).refusal).toBe('depositKeptReasonRequired');
    expect(depositOnEnd({ ...base, refund: 4_000, reason: '열쇠 분실' })).toEqual({
      refusal: null,
      kept: 6_000,
      released: 0,
    });
  });
});
