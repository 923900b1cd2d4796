import { z } from 'zod';
import { gymMemberStatuses, gymStatuses } from '../enums.ts';
import { isoDateTime } from './common.ts';
import { memberSummarySchema } from './gym-auth.ts';

/**
 * The gym member link (docs/rules.md#permissions): a member's place in a facility, staff (workerYn) or
 * customer.
 */
export const gymMemberSchema = z
  .object({
    id: z.number().int(),
    gymId: z.number().int(),
    memberId: z.number().int(),
    status: z.enum(gymMemberStatuses),
    workerYn: z.boolean(),
    gymAuthId: z.number().int().nullable(),
    member: memberSummarySchema,
    gym: z.object({ id: z.number().int(), name: z.string(), gymStatus: z.enum(gymStatuses) }),
    createDate: isoDateTime,
    modifiedDate: isoDateTime,
  })
  .meta({ id: 'GymMember' });
export type GymMember = z.infer<typeof gymMemberSchema>;

export const gymMemberCreateSchema = z
  .strictObject({
    gymId: z.number().int().positive(),
    memberId: z.number().int().positive(),
    status: z.enum(gymMemberStatuses, 'invalidValue').default('WAIT'),
    gymAuthId: z.number().int().positive().nullable().optional(),
    workerYn: z.boolean().optional(),
  })
  .meta({ id: 'GymMemberCreate' });

/** POST /web/gym-member/worker: a worker asks to join a facility. */
export const gymMemberWorkerSchema = z
  .strictObject({ gymId: z.number().int().positive() })
  .meta({ id: 'GymWorkerJoin' });

export const gymMemberUpdateSchema = z
  .strictObject({
    status: z.enum(gymMemberStatuses, 'invalidValue').optional(),
    gymAuthId: z.number().int().positive().optional(),
  })
  .meta({ id: 'GymMemberUpdate' });

export const inviteMemberSchema = z
  .strictObject({
    gymId: z.number().int().positive(),
    targetList: z.array(z.number().int().positive()).min(1, 'required').max(100),
  })
  .meta({ id: 'InviteMember' });
