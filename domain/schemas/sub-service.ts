import { z } from 'zod';
import { gymSubServiceStatuses, subServiceTypes } from '../enums.ts';
import { isoDateTime } from './common.ts';
import { text } from './text.ts';

/** The add-on catalogue: one entry per add-on type (docs/rules.md#add-ons). */
export const subServiceSchema = z
  .object({
    id: z.number().int(),
    gymSubServiceType: z.enum(subServiceTypes),
    nameKo: z.string(),
    nameEn: z.string(),
    price: z.number().int(),
  })
  .meta({ id: 'SubService' });

export const subServiceUpdateSchema = z
  .strictObject({
    nameKo: text({ min: 1, max: 100 }).optional(),
    nameEn: text({ min: 1, max: 100 }).optional(),
    price: z.number().int().min(0).max(100_000_000).optional(),
  })
  .meta({ id: 'SubServiceUpdate' });

export const gymSubServiceSchema = z
  .object({
    id: z.number().int(),
    gymId: z.number().int(),
    subServiceId: z.number().int(),
    gymSubServiceStatus: z.enum(gymSubServiceStatuses),
    createDate: isoDateTime,
    modifiedDate: isoDateTime,
  })
  .meta({ id: 'GymSubService' });

export const gymSubServiceCreateSchema = z
  .strictObject({ gymId: z.number().int().positive(), subServiceId: z.number().int().positive() })
  .meta({ id: 'GymSubServiceCreate' });

export const gymSubServiceUpdateSchema = z
  .strictObject({ gymSubServiceStatus: z.enum(gymSubServiceStatuses, 'invalidValue') })
  .meta({ id: 'GymSubServiceUpdate' });

/** An item of GET /web/gym-sub-service/list/{gymId} (docs/rules.md#add-ons). */
export const gymSubServiceItemSchema = z
  .object({
    service: subServiceSchema,
    gymSubService: gymSubServiceSchema,
  })
  .meta({ id: 'GymSubServiceItem' });
export type GymSubServiceItem = z.infer<typeof gymSubServiceItemSchema>;
