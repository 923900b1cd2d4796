import { z } from 'zod';
import { memberConsentSchema } from '../rules/consent.ts';
import { dataOf, idParamsSchema } from '../schemas/common.ts';
import {
  memberJoinSchema,
  memberProfileUpdateSchema,
  memberSchema,
  passwordChangeSchema,
  userIdAvailabilitySchema,
  userIdCheckQuerySchema,
} from '../schemas/member.ts';
import { defineRoute } from './define.ts';

/** `POST /web/member`: join, as a representative (ADMIN, optionally with a first facility) or a worker. */
export const joinRoute = defineRoute({
  method: 'POST',
  path: '/member',
  body: memberJoinSchema,
  status: 201,
  response: dataOf(memberSchema),
});

/** `GET /web/member/check-userId?userId=`: is this userId free? */
export const checkUserIdRoute = defineRoute({
  method: 'GET',
  path: '/member/check-userId',
  query: userIdCheckQuerySchema,
  status: 200,
  response: dataOf(userIdAvailabilitySchema),
});

/** The same check under the misspelt path of the original contract, kept for old clients. */
export const checkUserIdLegacyRoute = defineRoute({ ...checkUserIdRoute, path: '/member/chekc-userId' });

/** `GET /web/member/{id}`: a member the caller may read (docs/rules.md#accounts). */
export const getMemberRoute = defineRoute({
  method: 'GET',
  path: '/member/:id',
  params: idParamsSchema,
  status: 200,
  response: dataOf(memberSchema),
});

/** `PUT /web/member/{id}`: edit your own profile. */
export const updateMemberRoute = defineRoute({
  method: 'PUT',
  path: '/member/:id',
  params: idParamsSchema,
  body: memberProfileUpdateSchema,
  status: 200,
  response: dataOf(memberSchema),
});

/** `PUT /web/member/{id}/password`: change your password; ends the account's other sessions. */
export const changePasswordRoute = defineRoute({
  method: 'PUT',
  path: '/member/:id/password',
  params: idParamsSchema,
  body: passwordChangeSchema,
  status: 200,
  response: dataOf(memberSchema),
});

/** `GET /web/member/{id}/consents`: the consents an account gave at join (docs/rules.md#join). */
export const memberConsentsRoute = defineRoute({
  method: 'GET',
  path: '/member/:id/consents',
  params: idParamsSchema,
  status: 200,
  response: dataOf(z.array(memberConsentSchema)),
});
