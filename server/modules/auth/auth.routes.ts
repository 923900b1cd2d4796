import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginRoute, logoutRoute, validateRoute } from '#domain/api/auth.ts';
import { normalizeUserId } from '#domain/rules/account.ts';
import type { AppContext } from '../../context.ts';
import { clearSessionCookie, requireMember, setSessionCookie } from '../../http/auth.ts';
import { AppError, unauthenticated } from '../../http/errors.ts';
import { errorResponses } from '../../http/responses.ts';
import { toMember } from '../member/member.repository.ts';
import { burnPasswordCheck, verifyPassword } from './password.ts';

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    loginRoute.path,
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in; sets the HttpOnly session cookie `sid`',
        body: loginRoute.body,
        response: {
          200: loginRoute.response,
          ...errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'RATE_LIMITED'),
        },
      },
      // A blanket per-IP limit in front of the per-account and per-IP failure counts.
      config: { public: true, rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const { userId, password } = request.body;
      const userKey = normalizeUserId(userId);
      await ctx.loginThrottle.assertAllowed(userKey, request.ip);
      const found = await ctx.members.findByUserId(userId);
      let ok = false;
      if (found) ok = await verifyPassword(found.passwordHash, password);
      else await burnPasswordCheck(password);
      if (!found || !ok || found.status === 'QUIT') {
        await ctx.loginThrottle.recordFailure(userKey, request.ip);
        throw new AppError('UNAUTHENTICATED', 'loginFailed');
      }
      await ctx.loginThrottle.clear(userKey);
      // Rotate: a session presented with the login request is ended, and a new token is issued.
      if (request.sessionTokenHash) await ctx.sessions.destroy(request.sessionTokenHash);
      const token = await ctx.sessions.create(found.id, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      setSessionCookie(request, reply, token, ctx.config);
      return { data: toMember(found) };
    },
  );

  app.post(
    logoutRoute.path,
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: deletes the session and clears the cookie',
        response: { 204: logoutRoute.response },
      },
      config: { public: true },
    },
    async (request, reply) => {
      if (request.sessionTokenHash) await ctx.sessions.destroy(request.sessionTokenHash);
      clearSessionCookie(reply);
      return reply.status(204).send(null);
    },
  );

  app.get(
    validateRoute.path,
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in member, from the session cookie',
        response: { 200: validateRoute.response, ...errorResponses('UNAUTHENTICATED') },
      },
    },
    async (request, reply) => {
      if (!request.member) {
        clearSessionCookie(reply);
        throw unauthenticated(request.sessionExpired ? 'sessionExpired' : 'UNAUTHENTICATED');
      }
      return { data: toMember(requireMember(request)) };
    },
  );
};
