import { z } from 'zod';
import { dataOf } from '../schemas/common.ts';
import { loginSchema, memberSchema } from '../schemas/member.ts';
import { defineRoute } from './define.ts';

/** `POST /web/member/login`: sign in; sets the HttpOnly session cookie `sid` (docs/rules.md#session). */
export const loginRoute = defineRoute({
  method: 'POST',
  path: '/member/login',
  body: loginSchema,
  status: 200,
  response: dataOf(memberSchema),
});

/** `POST /web/member/logout`: deletes the session and clears the cookie. */
export const logoutRoute = defineRoute({
  method: 'POST',
  path: '/member/logout',
  status: 204,
  response: z.null().describe('Signed out'),
});

/** `GET /web/member/validate`: the signed-in member, from the session cookie. */
export const validateRoute = defineRoute({
  method: 'GET',
  path: '/member/validate',
  status: 200,
  response: dataOf(memberSchema),
});
