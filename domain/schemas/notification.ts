import { z } from 'zod';
import { notificationKinds, subServiceTypes } from '../enums.ts';
import { checkPage } from '../resources/define.ts';
import { isoDateTime } from './common.ts';

/** A message of "the notice bot" (docs/rules.md#notifications) to a facility's representative. */
export const notificationSchema = z
  .object({
    id: z.number().int(),
    gymId: z.number().int(),
    gymName: z.string(),
    kind: z.enum(notificationKinds),
    /** The rejection reason (GYM_REJECTED). */
    reason: z.string().nullable(),
    /** The add-on decided on (SUB_SERVICE_*). */
    subServiceType: z.enum(subServiceTypes).nullable(),
    readYn: z.boolean(),
    createDate: isoDateTime,
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

/**
 * `_start`/`_end` as every list takes them (docs/rules.md#lists-and-search); 20 by default, at most 100 at
 * once.
 */
export const notificationListQuerySchema = z
  .strictObject({
    _start: z.coerce.number().int().min(0).max(10_000).optional(),
    _end: z.coerce.number().int().min(1).max(10_100).optional(),
  })
  .superRefine((q, ctx) => {
    const start = q._start ?? 0;
    const end = q._end ?? start + 20;
    checkPage(start, end, ctx);
  });
