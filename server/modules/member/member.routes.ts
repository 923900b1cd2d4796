import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordRoute,
  checkUserIdLegacyRoute,
  checkUserIdRoute,
  getMemberRoute,
  joinRoute,
  memberConsentsRoute,
  updateMemberRoute,
} from '#domain/api/member.ts';
import { normalizeUserId } from '#domain/rules/account.ts';
import type { AppContext } from '../../context.ts';
import { requireMember } from '../../http/auth.ts';
import { AppError, conflict, forbidden, notFound } from '../../http/errors.ts';
import { errorResponses } from '../../http/responses.ts';
import { addressKey, createWindowLimiter } from '../../http/window-limit.ts';
import { hashPassword, verifyPassword } from '../../kernel/password.ts';
import { listConsents, recordJoinConsents } from '../consent/consent.service.ts';
import { createGymWithOwner } from '../gym/gym.commands.ts';
import { isUniqueViolation, toMember } from './member.repository.ts';
import { mayReadPerson } from './person-access.ts';

/**
 * The user-id check's limits per address (docs/rules.md#join): enough for the join form's "is this id free" as
 * someone types, too few to walk a list of ids. The join itself still answers a taken id with 409.
 */
export const USER_ID_CHECK_LIMITS = [
  { max: 20, windowMs: 60_000 },
  { max: 100, windowMs: 60 * 60_000 },
] as const;

const userIdCheckLimited = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new AppError(
    'RATE_LIMITED',
    'userIdCheckLimited',
    { seconds, minutes },
    {},
    { retryAfterMinutes: minutes },
  );
};

type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

/** Joining, and the join form's check of a user id. */
const registerJoinRoutes = (app: RouteApp, ctx: AppContext) => {
  app.post(
    joinRoute.path,
    {
      schema: {
        tags: ['member'],
        summary: 'Join: create a representative (ADMIN) or worker (MEMBER) account',
        description:
          'With `gymName` (representatives only) the first facility is created too, as a WAIT draft with its two ' +
          'permission sets and the owner link, in the same transaction. `consents.terms` and `consents.privacy` ' +
          'must be true (400 otherwise); each consent is stored with its document version and time.',
        body: joinRoute.body,
        response: {
          201: joinRoute.response,
          ...errorResponses('VALIDATION_FAILED', 'CONFLICT', 'RATE_LIMITED'),
        },
      },
      config: { public: true, rateLimit: { max: 10, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const body = request.body;
      const taken = () => conflict('userIdTaken', { userId: 'userIdTaken' });
      if (await ctx.members.userIdExists(body.userId)) throw taken();
      const passwordHash = await hashPassword(body.password);
      const account = {
        userId: body.userId,
        passwordHash,
        name: body.name,
        phone: body.phone,
        email: body.email ?? null,
        authCode: body.authCode,
      };
      try {
        // One transaction: the account, its consents (docs/rules.md#join) and, for a representative who names a
        // facility, its WAIT draft with both permission sets, the assignment and the ACTIVE link
        // (docs/rules.md#facilities): all or nothing.
        const row = await ctx.db.transaction(async (tx) => {
          const created = await ctx.members.create(account, tx);
          await recordJoinConsents(tx, created.id, body.consents, ctx.clock());
          if (body.gymName) {
            await createGymWithOwner(tx, created.id, {
              name: body.gymName,
              businessForm: 'INDIVIDUAL',
              gymStatus: 'WAIT',
            });
          }
          return created;
        });
        return reply.status(201).send({ data: toMember(row) });
      } catch (error) {
        // Two joins racing for one userId: the unique index decides.
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
    },
  );

  // One count per address for both spellings, checked before anything is read (docs/rules.md#join).
  const userIdChecks = createWindowLimiter({ limits: USER_ID_CHECK_LIMITS, clock: ctx.clock });
  const limitUserIdChecks = async (request: FastifyRequest) => {
    const waitMs = userIdChecks.hit(addressKey(request.ip));
    if (waitMs > 0) throw userIdCheckLimited(Math.max(1, Math.ceil(waitMs / 1000)));
  };
  for (const route of [checkUserIdRoute, checkUserIdLegacyRoute]) {
    app.get(
      route.path,
      {
        onRequest: limitUserIdChecks,
        schema: {
          tags: ['member'],
          summary:
            route === checkUserIdLegacyRoute
              ? 'Is this userId free? (the spelling the SPEC documents)'
              : 'Is this userId free?',
          querystring: route.query,
          response: {
            200: route.response,
            ...errorResponses('VALIDATION_FAILED', 'RATE_LIMITED'),
          },
        },
        config: { public: true },
      },
      async (request) => ({ data: { available: !(await ctx.members.userIdExists(request.query.userId)) } }),
    );
  }
};

/** A person's record and consents, and one's own profile and password. */
const registerAccountRoutes = (app: RouteApp, ctx: AppContext) => {
  app.get(
    getMemberRoute.path,
    {
      schema: {
        tags: ['member'],
        summary:
          "A person: your own record, a facility's customer or accepted worker for its staff with the right, or " +
          'any for a SUPERADMIN (docs/rules.md#reading-a-person); anyone else reads 404.',
        params: getMemberRoute.params,
        response: { 200: getMemberRoute.response, ...errorResponses('UNAUTHENTICATED', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const me = requireMember(request);
      const { id } = request.params;
      if (!(await mayReadPerson(request, ctx, id))) {
        throw notFound();
      }
      const row = id === me.id ? me : await ctx.members.findById(id);
      if (!row) throw notFound();
      return { data: toMember(row) };
    },
  );

  app.get(
    memberConsentsRoute.path,
    {
      schema: {
        tags: ['member'],
        summary: "An account's consents given at join: your own, or any for a SUPERADMIN",
        params: memberConsentsRoute.params,
        response: { 200: memberConsentsRoute.response, ...errorResponses('UNAUTHENTICATED', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const me = requireMember(request);
      const { id } = request.params;
      if (id !== me.id && me.authCode !== 'SUPERADMIN') throw notFound();
      const rows = await listConsents(ctx.db, id);
      return {
        data: rows.map((row) => ({
          kind: row.kind,
          version: row.version,
          agreed: row.agreed,
          agreedAt: row.agreedAt.toISOString(),
        })),
      };
    },
  );

  app.put(
    updateMemberRoute.path,
    {
      schema: {
        tags: ['member'],
        summary: 'Edit your own profile (never userId, authCode or status)',
        params: updateMemberRoute.params,
        body: updateMemberRoute.body,
        response: {
          200: updateMemberRoute.response,
          ...errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'),
        },
      },
    },
    async (request) => {
      const me = requireMember(request);
      if (request.params.id !== me.id) {
        if (me.authCode !== 'SUPERADMIN') throw notFound();
        if (!(await ctx.members.findById(request.params.id))) throw notFound();
        throw forbidden();
      }
      const row = await ctx.members.updateProfile(me.id, request.body);
      return { data: toMember(row) };
    },
  );

  app.put(
    changePasswordRoute.path,
    {
      schema: {
        tags: ['member'],
        summary: "Change your password; ends the account's other sessions",
        params: changePasswordRoute.params,
        body: changePasswordRoute.body,
        response: {
          200: changePasswordRoute.response,
          ...errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'NOT_FOUND', 'RATE_LIMITED'),
        },
      },
    },
    async (request) => {
      const me = requireMember(request);
      if (request.params.id !== me.id) throw notFound();
      if (!me.userId || !me.passwordHash) throw notFound();
      const userKey = normalizeUserId(me.userId);
      // A stolen session must not become a password oracle: wrong guesses count like failed logins.
      await ctx.loginThrottle.assertAllowed(userKey, request.ip);
      if (!(await verifyPassword(me.passwordHash, request.body.currentPassword))) {
        await ctx.loginThrottle.recordFailure(userKey, request.ip);
        throw new AppError(
          'VALIDATION_FAILED',
          'VALIDATION_FAILED',
          {},
          { currentPassword: 'wrongPassword' },
        );
      }
      await ctx.members.updatePasswordHash(me.id, await hashPassword(request.body.newPassword));
      await ctx.sessions.destroyOthers(me.id, request.sessionTokenHash!);
      return { data: toMember(me) };
    },
  );
};

export const memberRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  registerJoinRoutes(app, ctx);
  registerAccountRoutes(app, ctx);
};
