import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginRoute, logoutRoute, validateRoute } from '#domain/api/auth.ts';
import { confirmPasswordResetRoute, requestPasswordResetRoute } from '#domain/api/password-reset.ts';
import { normalizeUserId } from '#domain/rules/account.ts';
import type { AppContext } from '../../context.ts';
import { clearSessionCookie, requireMember, setSessionCookie } from '../../http/auth.ts';
import { unauthenticated } from '../../http/errors.ts';
import { errorResponses } from '../../http/responses.ts';
import { burnPasswordCheck, verifyPassword } from '../../kernel/password.ts';
import { toMember } from '../member/member.repository.ts';
import { confirmPasswordReset, RESET_CODE_TTL_MS, requestPasswordReset } from './password-reset.service.ts';

type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

/** Signing in and out, and the session's member. */
const registerSessionRoutes = (app: RouteApp, ctx: AppContext) => {
  app.post(
    loginRoute.path,
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in; sets the HttpOnly session cookie `sid`',
        description:
          'Failures are counted per account and address pair: from the 3rd in 15 minutes the 401 carries ' +
          '`details.remainingTries`; the 5th locks the pair (that account from that address only): 429 ' +
          '`loginLocked` with `Retry-After` (seconds) and `details.retryAfterMinutes` (rounded up). Past 20 failures ' +
          'of the account from any address, or 30 from the address on any account, each attempt waits: 429 ' +
          '`loginSlowed` with `Retry-After` and `details.retryAfterSeconds`.',
        body: loginRoute.body,
        response: {
          200: loginRoute.response,
          ...errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'RATE_LIMITED'),
        },
      },
      // A blanket per-IP limit in front of the failure counts (login-throttle.ts).
      config: { public: true, rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const { userId, password } = request.body;
      const userKey = normalizeUserId(userId);
      await ctx.loginThrottle.assertAllowed(userKey, request.ip);
      const found = await ctx.members.findByUserId(userId);
      let ok = false;
      // A customer row has no login (docs/rules.md#customers): it never matches a user id, but stay explicit.
      if (found?.passwordHash) ok = await verifyPassword(found.passwordHash, password);
      else await burnPasswordCheck(password);
      if (!found || !ok || found.status === 'QUIT') {
        // The same count for a known or an unknown id, so the tries left tell nothing about the account.
        throw await ctx.loginThrottle.recordFailure(userKey, request.ip);
      }
      // Only this pair's failures: a stranger's failures elsewhere keep counting towards the account's ceiling.
      await ctx.loginThrottle.clear(userKey, request.ip);
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

/** The password reset: a code to the account's phone, then the code and a new password. */
const registerResetRoutes = (app: RouteApp, ctx: AppContext) => {
  app.post(
    requestPasswordResetRoute.path,
    {
      schema: {
        tags: ['auth'],
        summary: "Password reset, step 1: a 6-digit code to the account's phone, through the outbox",
        description:
          'The same answer whether the account exists or not. Limited per user id and per address ' +
          '(429 `resetLimited` with `Retry-After` and `details.retryAfterMinutes`).',
        body: requestPasswordResetRoute.body,
        response: {
          200: requestPasswordResetRoute.response,
          ...errorResponses('VALIDATION_FAILED', 'RATE_LIMITED'),
        },
      },
      // A blanket per-IP limit in front of the per-account and per-IP request counts.
      config: { public: true, rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (request) => {
      const { userId } = request.body;
      await requestPasswordReset(ctx.db, {
        userKey: normalizeUserId(userId),
        ip: request.ip,
        account: await ctx.members.findByUserId(userId),
        now: ctx.clock(),
      });
      return { data: { expiresInMinutes: RESET_CODE_TTL_MS / 60_000 } };
    },
  );

  app.post(
    confirmPasswordResetRoute.path,
    {
      schema: {
        tags: ['auth'],
        summary: 'Password reset, step 2: the code and a new password; ends every session of the account',
        description:
          'A wrong, expired (10 minutes), used-up (5 tries) or missing code, and an unknown account, all answer ' +
          'the same 400 `resetCodeInvalid`.',
        body: confirmPasswordResetRoute.body,
        response: {
          204: confirmPasswordResetRoute.response,
          ...errorResponses('VALIDATION_FAILED', 'RATE_LIMITED'),
        },
      },
      config: { public: true, rateLimit: { max: 20, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const { userId, code, newPassword } = request.body;
      await confirmPasswordReset(ctx.db, {
        userKey: normalizeUserId(userId),
        account: await ctx.members.findByUserId(userId),
        code,
        newPassword,
        now: ctx.clock(),
      });
      return reply.status(204).send(null);
    },
  );
};

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  registerSessionRoutes(app, ctx);
  registerResetRoutes(app, ctx);
};
