import type { FastifyRequest } from 'fastify';
import { normalizeUserId } from '#domain/rules/account.ts';
import type { AppContext } from '../../context.ts';
import { burnPasswordCheck, verifyPassword } from '../../kernel/password.ts';

/**
 * A staff member's sign-in at a kiosk (the check-in kiosk, the consulting tablet): the login's throttle and answers
 * (401 `loginFailed`, 429 `loginLocked` or `loginSlowed`: docs/rules.md#login), then their rights in the kiosk's
 * facility (only an ACTIVE link grants any).
 */
export const staffSignIn = async (
  ctx: AppContext,
  request: FastifyRequest,
  gymId: number,
  userId: string,
  password: string,
) => {
  const userKey = normalizeUserId(userId);
  await ctx.loginThrottle.assertAllowed(userKey, request.ip);
  const found = await ctx.members.findByUserId(userId);
  let ok = false;
  if (found?.passwordHash) ok = await verifyPassword(found.passwordHash, password);
  else await burnPasswordCheck(password);
  if (!found || !ok || found.status === 'QUIT')
    throw await ctx.loginThrottle.recordFailure(userKey, request.ip);
  await ctx.loginThrottle.clear(userKey, request.ip);
  return { memberId: found.id, name: found.name, rights: (await ctx.loadRights(found.id)).get(gymId) };
};
