import { z } from 'zod';
import { consultStatuses, personKinds } from '../enums.ts';
import { isoDate, isoDateTime } from './common.ts';
import { phoneField } from './member.ts';
import { text } from './text.ts';

/** A consultation, rich enough for the tablet consulting flow of a later issue. */
export const consultSchema = z
  .object({
    id: z.number().int(),
    gymId: z.number().int(),
    personKind: z.enum(personKinds),
    name: z.string(),
    phone: z.string(),
    content: z.string().nullable(),
    status: z.enum(consultStatuses),
    consultDate: z.string().nullable(),
    createDate: isoDateTime,
    modifiedDate: isoDateTime,
  })
  .meta({ id: 'Consult' });

export const consultCreateSchema = z
  .strictObject({
    gymId: z.number().int().positive(),
    personKind: z.enum(personKinds, 'invalidValue').default('NONMEMBER'),
    name: text({ min: 1, max: 50 }),
    phone: phoneField,
    content: text({ max: 2000 }).nullable().optional(),
    status: z.enum(consultStatuses, 'invalidValue').default('WAIT'),
    consultDate: isoDate.nullable().optional(),
  })
  .meta({ id: 'ConsultCreate' });

export const consultUpdateSchema = z
  .strictObject({
    personKind: z.enum(personKinds, 'invalidValue').optional(),
    name: text({ min: 1, max: 50 }).optional(),
    phone: phoneField.optional(),
    content: text({ max: 2000 }).nullable().optional(),
    status: z.enum(consultStatuses, 'invalidValue').optional(),
    consultDate: isoDate.nullable().optional(),
  })
  .meta({ id: 'ConsultUpdate' });
