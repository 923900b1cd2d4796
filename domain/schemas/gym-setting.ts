import { z } from 'zod';
import { isoDateTime } from './common.ts';
import { text } from './text.ts';

const time = text({ max: 5, maxMessage: 'timeFormat' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'timeFormat');

/** Facility settings: opening hours, the "will expire" window, and the default message sender. */
export const gymSettingSchema = z
  .object({
    gymId: z.number().int(),
    openTime: z.string(),
    closeTime: z.string(),
    willExpireDays: z.number().int(),
    defaultSenderPhone: z.string().nullable(),
    /** The account a payment request shows for a bank transfer (docs/rules.md#payment-requests). */
    transferBank: z.string().nullable(),
    transferAccount: z.string().nullable(),
    transferHolder: z.string().nullable(),
    modifiedDate: isoDateTime,
  })
  .meta({ id: 'GymSetting' });

export const gymSettingUpdateSchema = z
  .strictObject({
    openTime: time.optional(),
    closeTime: time.optional(),
    willExpireDays: z.number().int().min(1).max(365).optional(),
    defaultSenderPhone: text({ max: 11, maxMessage: 'phoneFormat' })
      .regex(/^\d{8,11}$/, 'phoneFormat')
      .nullable()
      .optional(),
    /** The transfer account of payment requests (docs/rules.md#payment-requests); null clears it. */
    transferBank: text({ max: 40 }).nullable().optional(),
    transferAccount: text({ max: 40 })
      .regex(/^[0-9][0-9-]{4,38}[0-9]$/, 'invalidFormat')
      .nullable()
      .optional(),
    transferHolder: text({ max: 40 }).nullable().optional(),
  })
  .meta({ id: 'GymSettingUpdate' });
