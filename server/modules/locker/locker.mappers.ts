import { maskName, maskPhone } from '#domain/rules/customer.ts';
import { lockerState } from '#domain/rules/locker.ts';
import { formatPhone } from '#domain/rules/text.ts';
import type { LockerRental, LockerTile } from '#domain/schemas/locker.ts';
import type { LockerBankRow, LockerRentalRow, LockerRoomRow, LockerRow } from '../../db/schema/index.ts';

// The lockers' rows as the API's records (docs/rules.md#lockers): the states are derived for the day given; the
// combination is always masked, and lists mask the renter's name and phone too.

/** The combination as every read after the rental shows it (docs/rules.md#lockers). */
export const MASKED_COMBINATION = '••••';

/** A locker with its ACTIVE rental's id, renter and end, if any. */
export type TileRow = Pick<
  LockerRow,
  'id' | 'bankId' | 'row' | 'col' | 'number' | 'label' | 'size' | 'broken' | 'brokenNote'
> & { rentalId: number | null; memberId: number | null; endDate: string | null; memberName: string | null };

export const toTile = (row: TileRow, today: string): LockerTile => ({
  id: row.id,
  bankId: row.bankId,
  row: row.row,
  col: row.col,
  number: row.number,
  label: row.label,
  size: row.size,
  broken: row.broken,
  brokenNote: row.brokenNote,
  state: lockerState({ broken: row.broken, rentalEndDate: row.endDate }, today),
  rentalId: row.rentalId,
  maskedName: row.memberName === null ? null : maskName(row.memberName),
  memberId: row.memberId,
  endDate: row.endDate,
});

export const roomRecord = (r: LockerRoomRow) => ({
  id: r.id,
  gymId: r.gymId,
  name: r.name,
  sortOrder: r.sortOrder,
});

/** A bank's own fields: what its audit rows and its record show. */
export const bankSnapshot = (
  b: Pick<
    LockerBankRow,
    'roomId' | 'name' | 'rows' | 'cols' | 'startNumber' | 'prefix' | 'skipNumbers' | 'size' | 'sortOrder'
  >,
) => ({
  roomId: b.roomId,
  name: b.name,
  rows: b.rows,
  cols: b.cols,
  startNumber: b.startNumber,
  prefix: b.prefix,
  skipNumbers: b.skipNumbers,
  size: b.size,
  sortOrder: b.sortOrder,
});

export const bankRecord = (b: LockerBankRow) => ({ id: b.id, gymId: b.gymId, ...bankSnapshot(b) });

/** A rental with its locker's label, its renter and what its sale still owes. */
export type RentalRow = Pick<
  LockerRentalRow,
  | 'id'
  | 'gymId'
  | 'lockerId'
  | 'memberId'
  | 'startDate'
  | 'endDate'
  | 'fee'
  | 'deposit'
  | 'keyNumber'
  | 'combination'
  | 'saleId'
  | 'status'
  | 'endKind'
  | 'endedAt'
  | 'keyReturned'
  | 'depositRefunded'
  | 'depositKeptReason'
  | 'createDate'
> & { lockerLabel: string; memberName: string; phone: string; unpaidAmount: number };

/**
 * A rental as the API shows it. The combination is always masked here (only the rent answer shows it); lists
 * mask the name and the phone too. `state` is the rental's own timing: IN_USE, EXPIRING or EXPIRED while ACTIVE
 * (a broken locker does not hide an expiry), FREE once it ended.
 */
export const toRental = (row: RentalRow, today: string, options: { mask: boolean }): LockerRental => ({
  id: row.id,
  gymId: row.gymId,
  lockerId: row.lockerId,
  lockerLabel: row.lockerLabel,
  memberId: row.memberId,
  memberName: options.mask ? maskName(row.memberName) : row.memberName,
  phone: options.mask ? maskPhone(row.phone) : formatPhone(row.phone),
  startDate: row.startDate,
  endDate: row.endDate,
  fee: row.fee,
  deposit: row.deposit,
  keyNumber: row.keyNumber,
  combination: row.combination === null ? null : MASKED_COMBINATION,
  saleId: row.saleId,
  unpaidAmount: row.unpaidAmount,
  status: row.status,
  endKind: row.endKind,
  endedAt: row.endedAt?.toISOString() ?? null,
  keyReturned: row.keyReturned,
  depositRefunded: row.depositRefunded,
  depositKeptReason: row.depositKeptReason,
  depositPaid: null,
  depositRefundMethod: null,
  state: lockerState({ broken: false, rentalEndDate: row.status === 'ACTIVE' ? row.endDate : null }, today),
  createDate: row.createDate.toISOString(),
});
