import { addDays } from './seoul-time.ts';

// Lockers (docs/rules.md#lockers): the numbering of a bank, a locker's state on the map, and the dates of a
// rental. Pure functions: the map, the rental drawer's preview and the server's writes share them.

export const lockerSizes = ['SMALL', 'LARGE'] as const;
export type LockerSize = (typeof lockerSizes)[number];

/** A tile's state on the map, derived at read time from the rental and today's date (Asia/Seoul). */
export const lockerStates = ['FREE', 'IN_USE', 'EXPIRING', 'EXPIRED', 'BROKEN'] as const;
export type LockerState = (typeof lockerStates)[number];

export const rentalStatuses = ['ACTIVE', 'ENDED'] as const;
export type RentalStatus = (typeof rentalStatuses)[number];

/** Why a rental row stopped being the active one. */
export const rentalEndKinds = ['RETURNED', 'RENEWED', 'MOVED'] as const;
export type RentalEndKind = (typeof rentalEndKinds)[number];

/** A rental shows as "expiring" within this many days of its end (the end day counted). */
export const LOCKER_EXPIRING_DAYS = 7;

/** The most lockers one bank may hold, and the largest rows or columns. */
export const MAX_BANK_LOCKERS = 400;
export const MAX_BANK_SIDE = 40;

export type BankLayout = {
  rows: number;
  cols: number;
  startNumber: number;
  /** Numbers not used (for example 4 and 13): the positions take the next numbers instead. */
  skipNumbers: number[];
};

export type BankPosition = { row: number; col: number; number: number };

/**
 * The positions of a bank and their numbers: row by row, left to right, counting from `startNumber` and passing
 * over the skipped numbers (docs/rules.md#lockers).
 */
export const bankPositions = (layout: BankLayout): BankPosition[] => {
  const skip = new Set(layout.skipNumbers);
  const positions: BankPosition[] = [];
  let next = layout.startNumber;
  for (let row = 1; row <= layout.rows; row += 1) {
    for (let col = 1; col <= layout.cols; col += 1) {
      while (skip.has(next)) next += 1;
      positions.push({ row, col, number: next });
      next += 1;
    }
  }
  return positions;
};

/** The locker's label: the bank's prefix and its number, `M-012` style when a prefix is set (`M-` + 012). */
export const lockerLabel = (prefix: string, number: number, pad = 3): string =>
  `${prefix}${String(number).padStart(pad, '0')}`;

export type LockerForState = {
  broken: boolean;
  /** The active rental's end date, or null when the locker is not rented. */
  rentalEndDate: string | null;
};

/**
 * The state: broken first; free without an active rental; an active rental past its end is EXPIRED (expired, not
 * returned: expiry never frees a locker by itself); within 7 days of its end EXPIRING; otherwise IN_USE.
 */
export const lockerState = (locker: LockerForState, today: string): LockerState => {
  if (locker.broken) return 'BROKEN';
  if (locker.rentalEndDate === null) return 'FREE';
  if (locker.rentalEndDate < today) return 'EXPIRED';
  if (locker.rentalEndDate <= addDays(today, LOCKER_EXPIRING_DAYS - 1)) return 'EXPIRING';
  return 'IN_USE';
};

/** Whether two date spans (inclusive) overlap. */
export const spansOverlap = (
  a: { startDate: string; endDate: string },
  b: { startDate: string; endDate: string },
) => a.startDate <= b.endDate && b.startDate <= a.endDate;

/** A renewal continues the day after the current end, or from today when the rental has already ended. */
export const renewalStart = (currentEndDate: string, today: string): string => {
  const next = addDays(currentEndDate, 1);
  return next > today ? next : today;
};

/** The reminder days before the end: 7 and 1 by default (a facility setting). */
export const DEFAULT_LOCKER_REMINDER_DAYS = [7, 1] as const;

/** Which reminder is due today for a rental that ends on `endDate`, if any. */
export const reminderDue = (endDate: string, today: string, days: readonly number[]): number | null =>
  days.find((d) => addDays(endDate, -d) === today) ?? null;

/**
 * What of a rental's deposit was paid (docs/rules.md#lockers): the payments on the sale that holds the deposit
 * (fee + deposit) pay its fee first, then the deposit.
 */
export const depositPaid = (sale: { price: number; deposit: number; paid: number }): number =>
  Math.min(sale.deposit, Math.max(0, sale.paid - (sale.price - sale.deposit)));

export type DepositEndRefusal =
  | 'depositRefundAboveDeposit'
  | 'depositRefundAbovePaid'
  | 'depositKeptReasonRequired';

/**
 * Ending a rental, for its deposit (docs/rules.md#lockers): the refund is at most what was paid of the deposit; a
 * reason is needed only when some of the paid deposit is kept; the part of the deposit never paid is dropped from
 * what the sale is owed (`released`, never more than it still owes), so it is never owed once the key is back.
 */
export const depositOnEnd = (input: {
  deposit: number;
  /** What was paid of the deposit (`depositPaid`). */
  paid: number;
  refund: number;
  reason: string | null;
  /** What the deposit's sale is still owed (`saleOwed`). */
  owed: number;
}): { refusal: DepositEndRefusal | null; kept: number; released: number } => {
  const kept = Math.max(0, input.paid - input.refund);
  const released = Math.max(0, Math.min(input.deposit - input.paid, input.owed));
  const refusal: DepositEndRefusal | null =
    input.refund > input.deposit
      ? 'depositRefundAboveDeposit'
      : input.refund > input.paid
        ? 'depositRefundAbovePaid'
        : kept > 0 && !input.reason?.trim()
          ? 'depositKeptReasonRequired'
          : null;
  return { refusal, kept, released };
};
