import { z } from 'zod';
import { permissionFlags } from '../permissions.ts';
import { isoDateTime } from './common.ts';
import { text } from './text.ts';

const flagShape = Object.fromEntries(permissionFlags.map((flag) => [flag, z.boolean()])) as Record<
  (typeof permissionFlags)[number],
  z.ZodBoolean
>;
const optionalFlagShape = Object.fromEntries(
  permissionFlags.map((flag) => [flag, z.boolean().optional()]),
) as Record<(typeof permissionFlags)[number], z.ZodOptional<z.ZodBoolean>>;

/** A facility's permission set (docs/rules.md#permissions). */
export const gymAuthSchema = z
  .object({
    id: z.number().int(),
    gymId: z.number().int(),
    name: z.string(),
    ...flagShape,
    /** Reaches only the customers assigned to its holder (docs/rules.md#customer-reach). */
    assignedOnlyYn: z.boolean(),
    defaultYn: z.boolean(),
    representYn: z.boolean(),
    createDate: isoDateTime,
    modifiedDate: isoDateTime,
  })
  .meta({ id: 'GymAuth' });
export type GymAuth = z.infer<typeof gymAuthSchema>;

export const gymAuthCreateSchema = z
  .strictObject({
    gymId: z.number().int().positive(),
    name: text({ min: 1, max: 50 }),
    ...optionalFlagShape,
    assignedOnlyYn: z.boolean().optional(),
    defaultYn: z.boolean().optional(),
  })
  .meta({ id: 'GymAuthCreate' });

export const gymAuthUpdateSchema = z
  .strictObject({
    name: text({ min: 1, max: 50 }).optional(),
    ...optionalFlagShape,
    assignedOnlyYn: z.boolean().optional(),
    defaultYn: z.boolean().optional(),
    // Accepted so that a request to drop it gets a clear 409 rather than "unknown field".
    representYn: z.boolean().optional(),
  })
  .meta({ id: 'GymAuthUpdate' });

export const memberSummarySchema = z
  .object({ id: z.number().int(), userId: z.string().nullable(), name: z.string(), phone: z.string() })
  .meta({ id: 'MemberSummary' });

/** Who holds which permission set (docs/rules.md#permissions). */
export const gymAuthMemberSchema = z
  .object({
    id: z.number().int(),
    gymId: z.number().int(),
    gymAuthId: z.number().int(),
    memberId: z.number().int(),
    member: memberSummarySchema,
    createDate: isoDateTime,
  })
  .meta({ id: 'GymAuthMember' });
export type GymAuthMember = z.infer<typeof gymAuthMemberSchema>;

export const gymAuthMemberCreateSchema = z
  .strictObject({ gymAuthId: z.number().int().positive(), memberId: z.number().int().positive() })
  .meta({ id: 'GymAuthMemberCreate' });

export const gymAuthMemberUpdateSchema = z
  .strictObject({ gymAuthId: z.number().int().positive() })
  .meta({ id: 'GymAuthMemberUpdate' });
