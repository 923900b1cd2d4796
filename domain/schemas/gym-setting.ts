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
  })
  .meta({ id: 'GymSettingUpdate' });
