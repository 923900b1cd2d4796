import { z } from 'zod';
import { gymMemberStatuses, gymStatuses } from '../enums.ts';
import { isoDateTime } from './common.ts';
import { memberSummarySchema } from './gym-auth.ts';
import { text } from './text.ts';

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
    /**
     * An invitation still waiting for the invited worker (docs/rules.md#permissions): only they can accept it, and
     * until then `member.name` and `member.phone` come masked.
     */
    invited: z.boolean(),
    member: memberSummarySchema,
    gym: z.object({ id: z.number().int(), name: z.string(), gymStatus: z.enum(gymStatuses) }),
    createDate: isoDateTime,
    modifiedDate: isoDateTime,
  })
  .meta({ id: 'GymMember' });
export type GymMember = z.infer<typeof gymMemberSchema>;

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

/** The most user ids one invitation call names (docs/rules.md#permissions). */
export const INVITE_BATCH_MAX = 20;

/**
 * POST /web/gym-member/invite-member: the representative invites workers by their exact user ids (login names),
 * never by member id (docs/rules.md#permissions).
 */
export const inviteMemberSchema = z
  .strictObject({
    gymId: z.number().int().positive(),
    targetList: z
      .array(text({ min: 1, max: 100 }))
      .min(1, 'required')
      .max(INVITE_BATCH_MAX),
  })
  .meta({ id: 'InviteMember' });

/** Whether each invitation was sent: nothing about the person behind a user id who has not accepted. */
export const inviteResultSchema = z
  .object({ userId: z.string(), sent: z.boolean() })
  .meta({ id: 'InviteResult' });
