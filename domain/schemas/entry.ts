import { z } from 'zod';
import { entryMethods, entryRefusals, entryResults } from '../rules/entry.ts';
import { calendarDate, idSchema, isoDate, isoDateTime } from './common.ts';
import { text } from './text.ts';

// Check-in (docs/rules.md#check-in): the kiosk's attempts and their answers, the entry log, the facility's rules
// and the customer's membership QR.

/** What the kiosk sends: a QR's text (camera or USB scanner), a card number, or the phone's last 4 digits. */
export const kioskCheckSchema = z
  .strictObject({
    method: z.enum(['QR', 'CARD', 'PHONE'], 'invalidValue'),
    code: text({ min: 1, max: 200 }),
    /** After a last-4 chooser: the customer picked (their phone must end with `code`). */
    choice: idSchema.optional(),
  })
  .meta({ id: 'KioskCheck' });
export type KioskCheck = z.input<typeof kioskCheckSchema>;

/** One customer of a last-4 chooser: the masked name (김*수) and the photo, nothing else. */
export const kioskChoiceSchema = z.object({
  choice: z.number().int(),
  maskedName: z.string(),
  photoUrl: z.string().nullable(),
});

/** One sale a customer's balance comes from: its Asia/Seoul day, the item and what it still owes. */
export const owingSaleSchema = z
  .object({ saleId: z.number().int(), saleDay: isoDate, itemName: z.string(), owed: z.number().int() })
  .meta({ id: 'OwingSale' });
export type OwingSale = z.output<typeof owingSaleSchema>;

/**
 * The kiosk's answer. `UNKNOWN`: not recognised, with nothing that helps guessing; `CHOOSE`: several customers end
 * with these digits; `ALLOWED` / `REFUSED`: the entry that was written.
 */
export const kioskAnswerSchema = z
  .object({
    outcome: z.enum(['ALLOWED', 'REFUSED', 'CHOOSE', 'UNKNOWN']),
    entryId: z.number().int().nullable(),
    name: z.string().nullable(),
    photoUrl: z.string().nullable(),
    passName: z.string().nullable(),
    reason: z.enum(entryRefusals).nullable(),
    reasonDate: isoDate.nullable(),
    /** Staff answers only (docs/rules.md#check-in): the kiosk's customer side never gets the amount. */
    unpaidAmount: z.number().int().nullable(),
    /** The sales a blocking balance comes from (day, item, what each owes), for staff answers only. */
    unpaidSales: z.array(owingSaleSchema),
    sessionUsed: z.boolean(),
    sessionsLeft: z.number().int().nullable(),
    daysLeft: z.number().int().nullable(),
    endDate: isoDate.nullable(),
    renewSoon: z.boolean(),
    /** A repeat within 60 s: the earlier entry's answer, and nothing new written. */
    repeat: z.boolean(),
    choices: z.array(kioskChoiceSchema),
  })
  .meta({ id: 'KioskAnswer' });
export type KioskAnswer = z.output<typeof kioskAnswerSchema>;

/** A staff member lets a refused customer in: their sign-in id and password, and a required note. */
export const kioskOverrideSchema = z
  .strictObject({
    entryId: idSchema,
    userId: text({ min: 1, max: 50 }),
    password: z.string().min(1, 'required').max(200),
    note: text({ min: 1, max: 200 }),
  })
  .meta({ id: 'KioskOverride' });

/** Staff at the kiosk read what an unpaid refusal is owed: their sign-in id and password. */
export const kioskBalanceSchema = z
  .strictObject({
    entryId: idSchema,
    userId: text({ min: 1, max: 50 }),
    password: z.string().min(1, 'required').max(200),
  })
  .meta({ id: 'KioskBalance' });

/** What a refused customer owes, for the staff side of the kiosk: the total and the sales it comes from. */
export const kioskBalanceAnswerSchema = z
  .object({ unpaidAmount: z.number().int(), unpaidSales: z.array(owingSaleSchema) })
  .meta({ id: 'KioskBalanceAnswer' });

/** Leaving the kiosk: a staff member's sign-in id and password. */
export const kioskExitSchema = z
  .strictObject({
    userId: text({ min: 1, max: 50 }),
    password: z.string().min(1, 'required').max(200),
  })
  .meta({ id: 'KioskExit' });

export const entryKioskOpenedSchema = z
  .object({ token: z.string(), expiresAt: isoDateTime })
  .meta({ id: 'EntryKioskOpened' });

export const entryKioskInfoSchema = z
  .object({ gymId: z.number().int(), gymName: z.string(), blockUnpaid: z.boolean() })
  .meta({ id: 'EntryKioskInfo' });

/** Staff check a customer in by hand (method MANUAL); on a refusal they may let them in with a note. */
export const manualEntrySchema = z
  .strictObject({
    memberId: idSchema,
    overrideNote: text({ min: 1, max: 200 }).optional(),
  })
  .meta({ id: 'ManualEntry' });

/** One row of the entry log as the list shows it (the phone masked). */
export const entrySchema = z
  .object({
    id: z.number().int(),
    gymId: z.number().int(),
    memberId: z.number().int(),
    memberName: z.string(),
    phone: z.string(),
    method: z.enum(entryMethods),
    result: z.enum(entryResults),
    reason: z.enum(entryRefusals).nullable(),
    reasonDate: isoDate.nullable(),
    ticketIssueId: z.number().int().nullable(),
    passName: z.string().nullable(),
    sessionUsed: z.boolean(),
    sessionsLeft: z.number().int().nullable(),
    daysLeft: z.number().int().nullable(),
    staffMemberId: z.number().int().nullable(),
    staffName: z.string().nullable(),
    note: z.string().nullable(),
    createDate: isoDateTime,
  })
  .meta({ id: 'Entry' });
export type Entry = z.output<typeof entrySchema>;

/** The entry list's filters: a date range of at most 366 days (Asia/Seoul), result, method, customer. */
export const entryListQuerySchema = z.strictObject({
  _start: z.coerce.number().int().min(0).default(0),
  _end: z.coerce.number().int().min(1).max(10_000).default(20),
  from: calendarDate.optional(),
  to: calendarDate.optional(),
  result: z.enum(entryResults, 'invalidValue').optional(),
  method: z.enum(entryMethods, 'invalidValue').optional(),
  memberId: idSchema.optional(),
  /** A name or phone fragment, as the customer list searches. */
  q: text({ max: 40 }).optional(),
});
export type EntryListQuery = z.output<typeof entryListQuerySchema>;

export const entryStatsQuerySchema = z.strictObject({
  from: calendarDate.optional(),
  to: calendarDate.optional(),
});

/** Today's count and visits by hour (0–23, Asia/Seoul) over the range, with the results' counts. */
export const entryStatsSchema = z
  .object({
    today: z.number().int(),
    total: z.number().int(),
    allowed: z.number().int(),
    refused: z.number().int(),
    override: z.number().int(),
    byHour: z.array(z.number().int()).length(24),
  })
  .meta({ id: 'EntryStats' });
export type EntryStats = z.output<typeof entryStatsSchema>;

/** The facility's check-in and locker rules. */
export const entrySettingsSchema = z
  .object({
    gymId: z.number().int(),
    blockUnpaid: z.boolean(),
    maxLockersPerCustomer: z.number().int(),
    lockerReminderDays: z.array(z.number().int()),
  })
  .meta({ id: 'EntrySettings' });
export type EntrySettings = z.output<typeof entrySettingsSchema>;

export const entrySettingsUpdateSchema = z
  .strictObject({
    blockUnpaid: z.boolean().optional(),
    maxLockersPerCustomer: z.number().int().min(1).max(10).optional(),
    lockerReminderDays: z.array(z.number().int().min(1).max(60)).max(5).optional(),
  })
  .meta({ id: 'EntrySettingsUpdate' });

/** A customer's membership QR: the signed code (printed on a card or sent), and its version. */
export const membershipQrSchema = z
  .object({ memberId: z.number().int(), code: z.string(), version: z.number().int() })
  .meta({ id: 'MembershipQr' });
export type MembershipQr = z.output<typeof membershipQrSchema>;

/** Sending the QR to the customer by message, through the outbox. */
export const membershipQrSendSchema = z.strictObject({ gymId: idSchema });
