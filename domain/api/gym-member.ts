import { z } from 'zod';
import { gymMemberResource } from '../resources/index.ts';
import {
  dataOf,
  gymIdParamsSchema,
  idParamsSchema,
  listOf,
  memberIdParamsSchema,
} from '../schemas/common.ts';
import {
  gymMemberSchema,
  gymMemberWorkerSchema,
  inviteMemberSchema,
  inviteResultSchema,
} from '../schemas/gym-member.ts';
import { text } from '../schemas/text.ts';
import { defineRoute } from './define.ts';

/** `POST /web/gym-member/worker`: a worker asks to join a verified facility as staff (a WAIT link). */
export const workerJoinRoute = defineRoute({
  method: 'POST',
  path: '/gym-member/worker',
  body: gymMemberWorkerSchema,
  status: 201,
  response: dataOf(gymMemberSchema),
});

/**
 * `GET /web/gym-member/invite-lookup?gymId=&userId=`: the worker account an invitation would reach, found by its
 * exact user id, so that the representative confirms the person before sending (docs/rules.md#permissions). The name
 * and the phone come masked; an unknown, closed, representative or operator account answers 404.
 */
export const inviteLookupRoute = defineRoute({
  method: 'GET',
  path: '/gym-member/invite-lookup',
  query: z.strictObject({ gymId: z.coerce.number().int().positive(), userId: text({ min: 1, max: 100 }) }),
  status: 200,
  response: dataOf(z.object({ userId: z.string(), maskedName: z.string(), maskedPhone: z.string() })),
});

/**
 * `POST /web/gym-member/invite-member`: the representative invites workers by user id (WAIT links that only the
 * invited person accepts). The answer says only whether each invitation was sent.
 */
export const inviteMemberRoute = defineRoute({
  method: 'POST',
  path: '/gym-member/invite-member',
  body: inviteMemberSchema,
  status: 201,
  response: z.object({ data: z.array(inviteResultSchema) }),
});

/** `POST /web/gym-member/invite/{id}/accept`: the invited worker accepts (the link becomes ACTIVE). */
export const acceptInviteRoute = defineRoute({
  method: 'POST',
  path: '/gym-member/invite/:id/accept',
  params: idParamsSchema,
  status: 200,
  response: dataOf(gymMemberSchema),
});

/** `POST /web/gym-member/invite/{id}/decline`: the invited worker declines (the link becomes QUIT). */
export const declineInviteRoute = defineRoute({
  method: 'POST',
  path: '/gym-member/invite/:id/decline',
  params: idParamsSchema,
  status: 204,
  response: z.null(),
});

/** `GET /web/gym-member/member/{memberId}`: a member's own links to facilities. */
export const memberLinksRoute = defineRoute({
  method: 'GET',
  path: '/gym-member/member/:memberId',
  params: memberIdParamsSchema,
  status: 200,
  response: z.object({ data: z.array(gymMemberSchema) }),
});

const gymList = <P extends string>(path: P) =>
  defineRoute({
    method: 'GET',
    path,
    params: gymIdParamsSchema,
    listOf: gymMemberResource,
    status: 200,
    response: listOf(gymMemberSchema),
  });

/** `GET /web/gym-member/member/list/{gymId}`: every link of a facility, staff and customers. */
export const gymLinkListRoute = gymList('/gym-member/member/list/:gymId');
/** `GET /web/gym-member/worker/list/{gymId}`: a facility's staff. */
export const workerListRoute = gymList('/gym-member/worker/list/:gymId');
/** `GET /web/gym-member/nonWorker/list/{gymId}`: a facility's customers. */
export const nonWorkerListRoute = gymList('/gym-member/nonWorker/list/:gymId');

/** `DELETE /web/gym-member/quit/{memberId}`: a member leaves every facility where they work. */
export const quitRoute = defineRoute({
  method: 'DELETE',
  path: '/gym-member/quit/:memberId',
  params: memberIdParamsSchema,
  status: 204,
  response: z.null(),
});

/** `DELETE /web/gym-member/delete-member-from-gym/{gymId}/{memberId}`: the representative removes a member. */
export const removeFromGymRoute = defineRoute({
  method: 'DELETE',
  path: '/gym-member/delete-member-from-gym/:gymId/:memberId',
  params: gymIdParamsSchema.extend(memberIdParamsSchema.shape),
  status: 204,
  response: z.null(),
});
