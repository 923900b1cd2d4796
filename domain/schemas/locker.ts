import { z } from 'zod';
import { paymentMethods } from '../enums.ts';
import { lockerSizes, lockerStates, MAX_BANK_SIDE, rentalEndKinds, rentalStatuses } from '../rules/locker.ts';
import { LINE_MAX } from '../rules/money.ts';
import { calendarDate, idSchema, isoDate, isoDateTime } from './common.ts';
import { paymentInputSchema } from './pass.ts';
import { text } from './text.ts';

// Lockers (docs/rules.md#lockers): rooms, banks and their lockers, the map, rentals and their actions.

/** A real calendar day (2026-02-30 is refused), for the dates a rental writes. */
const day = calendarDate;

const won = z.number().int('wholeWon').min(0, 'notNegative').max(100_000_000, 'tooLarge');

export const lockerRoomSchema = z
  .object({ id: z.number().int(), gymId: z.number().int(), name: z.string(), sortOrder: z.number().int() })
  .meta({ id: 'LockerRoom' });

export const lockerRoomWriteSchema = z
  .strictObject({ name: text({ min: 1, max: 40 }), sortOrder: z.number().int().min(0).max(1000).optional() })
  .meta({ id: 'LockerRoomWrite' });

export const lockerBankSchema = z
  .object({
    id: z.number().int(),
    gymId: z.number().int(),
    roomId: z.number().int(),
    name: z.string(),
    rows: z.number().int(),
    cols: z.number().int(),
    startNumber: z.number().int(),
    prefix: z.string(),
    skipNumbers: z.array(z.number().int()),
    size: z.enum(lockerSizes),
    sortOrder: z.number().int(),
  })
  .meta({ id: 'LockerBank' });

/** A bank: its shape and numbering. Changing the shape of a bank with rentals is refused (409 bankInUse). */
export const lockerBankWriteSchema = z
  .strictObject({
    roomId: idSchema,
    name: text({ min: 1, max: 40 }),
    rows: z.number().int().min(1, 'bankSide').max(MAX_BANK_SIDE, 'bankSide'),
    cols: z.number().int().min(1, 'bankSide').max(MAX_BANK_SIDE, 'bankSide'),
    startNumber: z.number().int().min(0).max(99_999),
    prefix: z
      .string()
      .max(10)
      .regex(/^[0-9A-Za-z가-힣-]*$/, 'lockerPrefixFormat'),
    skipNumbers: z.array(z.number().int().min(0).max(99_999)).max(100).default([]),
    size: z.enum(lockerSizes, 'invalidValue').default('SMALL'),
    sortOrder: z.number().int().min(0).max(1000).optional(),
  })
  .meta({ id: 'LockerBankWrite' });
export type LockerBankWrite = z.input<typeof lockerBankWriteSchema>;

/** A locker's own settings: its size and whether it is broken (with a note). */
export const lockerUpdateSchema = z
  .strictObject({
    size: z.enum(lockerSizes, 'invalidValue').optional(),
    broken: z.boolean().optional(),
    brokenNote: text({ max: 200 }).nullable().optional(),
  })
  .meta({ id: 'LockerUpdate' });

/** A rental as the map and the lists show it: the name and phone masked; the combination only where allowed. */
export const lockerRentalSchema = z
  .object({
    id: z.number().int(),
    gymId: z.number().int(),
    lockerId: z.number().int(),
    lockerLabel: z.string(),
    memberId: z.number().int(),
    memberName: z.string(),
    phone: z.string(),
    startDate: isoDate,
    endDate: isoDate,
    fee: z.number().int(),
    deposit: z.number().int(),
    keyNumber: z.string().nullable(),
    /** Masked (`••••`) unless the caller may change lockers and asked for it once at the rental. */
    combination: z.string().nullable(),
    saleId: z.number().int().nullable(),
    unpaidAmount: z.number().int(),
    status: z.enum(rentalStatuses),
    endKind: z.enum(rentalEndKinds).nullable(),
    endedAt: isoDateTime.nullable(),
    keyReturned: z.boolean().nullable(),
    depositRefunded: z.number().int().nullable(),
    depositKeptReason: z.string().nullable(),
    /** What of the deposit was paid (the fee is paid first), which ending offers back; one rental's read only. */
    depositPaid: z.number().int().nullable(),
    /** The method of the deposit sale's latest payment, which a refund goes back by; one rental's read only. */
    depositRefundMethod: z.enum(paymentMethods).nullable(),
    state: z.enum(lockerStates),
    createDate: isoDateTime,
  })
  .meta({ id: 'LockerRental' });
export type LockerRental = z.output<typeof lockerRentalSchema>;

/** One tile of the map. */
export const lockerTileSchema = z
  .object({
    id: z.number().int(),
    bankId: z.number().int(),
    row: z.number().int(),
    col: z.number().int(),
    number: z.number().int(),
    label: z.string(),
    size: z.enum(lockerSizes),
    broken: z.boolean(),
    brokenNote: z.string().nullable(),
    state: z.enum(lockerStates),
    rentalId: z.number().int().nullable(),
    /** The renter's name masked (김*수), when rented. */
    maskedName: z.string().nullable(),
    memberId: z.number().int().nullable(),
    endDate: isoDate.nullable(),
  })
  .meta({ id: 'LockerTile' });
export type LockerTile = z.output<typeof lockerTileSchema>;

/** The whole map of a facility: rooms, banks, tiles and the legend's counts. */
export const lockerMapSchema = z
  .object({
    rooms: z.array(lockerRoomSchema),
    banks: z.array(lockerBankSchema),
    lockers: z.array(lockerTileSchema),
    /** Lockers per state (every state named, 0 when none). */
    counts: z.object({
      FREE: z.number().int(),
      IN_USE: z.number().int(),
      EXPIRING: z.number().int(),
      EXPIRED: z.number().int(),
      BROKEN: z.number().int(),
    } satisfies Record<(typeof lockerStates)[number], z.ZodNumber>),
  })
  .meta({ id: 'LockerMap' });
export type LockerMap = z.output<typeof lockerMapSchema>;

const payments = z.array(paymentInputSchema).max(10).default([]);

/** Renting a locker: a sale of fee + deposit with its payment lines (docs/rules.md#lockers). */
export const rentBodySchema = z
  .strictObject({
    lockerId: idSchema,
    memberId: idSchema,
    startDate: day,
    endDate: day,
    fee: won,
    deposit: won.default(0),
    keyNumber: text({ max: 20 }).nullable().optional(),
    combination: z
      .string()
      .regex(/^[0-9]{3,8}$/, 'combinationFormat')
      .nullable()
      .optional(),
    payments,
    /**
     * The balance left unpaid on purpose: required, and equal to the total less the payments, when they add up to
     * less than the total (400 `unpaidNotChosen` otherwise; docs/rules.md#leave-unpaid).
     */
    leaveUnpaid: won.optional(),
  })
  .superRefine((body, ctx) => {
    // docs/rules.md#money-limits: the rental is one sale of fee + deposit, within a line's limit.
    if (body.fee + body.deposit > LINE_MAX)
      ctx.addIssue({ code: 'custom', path: ['fee'], message: 'lineTooLarge' });
  })
  .meta({ id: 'LockerRent' });
export type RentBody = z.input<typeof rentBodySchema>;

/** The answer to a rental: the rental, and its combination shown this once. */
export const rentResultSchema = z
  .object({ rental: lockerRentalSchema, combination: z.string().nullable() })
  .meta({ id: 'LockerRentResult' });

export const renewBodySchema = z
  .strictObject({
    endDate: day,
    fee: won,
    payments,
    /** The balance left unpaid on purpose (docs/rules.md#leave-unpaid), as on a rental. */
    leaveUnpaid: won.optional(),
  })
  .meta({ id: 'LockerRenew' });

export const moveBodySchema = z.strictObject({ lockerId: idSchema }).meta({ id: 'LockerMove' });

/** Ending a rental: the key returned, and the deposit refunded (a refund line) or kept with a reason. */
export const endRentalBodySchema = z
  .strictObject({
    keyReturned: z.boolean(),
    depositRefunded: won,
    depositKeptReason: text({ min: 1, max: 200 }).nullable().optional(),
    /** By default the method of the deposit sale's latest payment (cash when there is none). */
    refundMethod: z.enum(['CARD', 'CASH', 'TRANSFER'], 'invalidValue').optional(),
  })
  .meta({ id: 'LockerEnd' });

export const rentalListQuerySchema = z.strictObject({
  _start: z.coerce.number().int().min(0).max(1_000_000).default(0),
  _end: z.coerce.number().int().min(1).max(10_000).default(50),
  /** expiring: ends within 7 days; expired: past its end, not returned; active: every active rental; ended. */
  view: z.enum(['active', 'expiring', 'expired', 'ended'], 'invalidValue').default('active'),
  memberId: idSchema.optional(),
});
export type RentalListQuery = z.output<typeof rentalListQuerySchema>;
