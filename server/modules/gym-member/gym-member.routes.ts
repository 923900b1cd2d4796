import { eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptInviteRoute,
  declineInviteRoute,
  gymLinkListRoute,
  inviteLookupRoute,
  inviteMemberRoute,
  memberLinksRoute,
  nonWorkerListRoute,
  quitRoute,
  removeFromGymRoute,
  workerJoinRoute,
  workerListRoute,
} from '#domain/api/gym-member.ts';
import type { GymRight } from '#domain/permissions.ts';
import { gymMemberResource } from '#domain/resources/index.ts';
import type { AppContext } from '../../context.ts';
import { gymMember } from '../../db/schema/index.ts';
import { requireMember } from '../../http/auth.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { errorResponses } from '../../http/responses.ts';
import { assertGymRight, isSuperadmin } from '../../http/rights.ts';
import { actorOf } from '../../kernel/actor.ts';
import { maskName, maskPhone } from '../../kernel/mask.ts';
import {
  assertGymWritable,
  isUniqueViolation,
  listQuerySchema,
  listRecords,
  sendList,
} from '../../resources/engine.ts';
import { answerInvite, inviteWorkers, quitEverywhere, requestToJoin } from './gym-member.commands.ts';
import { gymMemberHooks, gymMemberRecords } from './gym-member.hooks.ts';
import { findLink, gymStatusOf, invitableAccount, linksOfMember } from './gym-member.queries.ts';
import { refused } from './gym-member.refusals.ts';

type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

/** The signed-in member acting, with the request's id and the injected clock. */
const memberActor = (request: FastifyRequest, ctx: AppContext) => {
  const me = requireMember(request);
  return { ...actorOf(request, ctx.clock), memberId: me.id };
};

/** A worker's own requests and answers: asking to join, and accepting or declining an invitation. */
const registerWorkerRoutes = (app: RouteApp, ctx: AppContext) => {
  app.post(
    workerJoinRoute.path,
    {
      schema: {
        tags: ['gym-member'],
        summary: 'A worker (MEMBER account) asks to join a facility as staff: a WAIT link with workerYn',
        description:
          'Only a verified (ACTIVE) facility takes requests; any other answers 409, as does a second request ' +
          '(or one from someone already linked). An unknown facility answers 404.',
        body: workerJoinRoute.body,
        response: {
          201: workerJoinRoute.response,
          ...errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'),
        },
      },
    },
    async (request, reply) => {
      const me = requireMember(request);
      if (me.authCode !== 'MEMBER') throw new AppError('FORBIDDEN', 'workerAccountOnly');
      const gymStatus = await gymStatusOf(ctx.db, request.body.gymId);
      if (!gymStatus) throw notFound();
      // Only verified facilities take staff requests (the public search lists only those).
      if (gymStatus !== 'ACTIVE') throw refused('facilityNotActive');
      try {
        const row = await requestToJoin(ctx.db, request.body.gymId, me.id);
        const [data] = await gymMemberRecords(ctx.db, [row]);
        return reply.status(201).send({ data: data! });
      } catch (error) {
        if (isUniqueViolation(error)) throw refused('joinAlreadyRequested');
        throw error;
      }
    },
  );

  const answerRoute = (route: typeof acceptInviteRoute | typeof declineInviteRoute, accept: boolean) =>
    app.post(
      route.path,
      {
        schema: {
          tags: ['gym-member'],
          summary: accept
            ? 'The invited worker accepts an invitation: the link becomes ACTIVE with the default set'
            : 'The invited worker declines an invitation: the link becomes QUIT',
          description:
            "Only the invited person answers their own invitation; anyone else's, or a link that is not a pending " +
            'invitation, answers 404.',
          params: route.params,
          response: {
            ...(accept ? { 200: acceptInviteRoute.response } : { 204: declineInviteRoute.response }),
            ...errorResponses('UNAUTHENTICATED', 'NOT_FOUND', 'CONFLICT'),
          },
        },
      },
      async (request, reply) => {
        const actor = memberActor(request, ctx);
        const row = await ctx.db.transaction((tx) => answerInvite(tx, actor, request.params.id, accept));
        ctx.loadRights.clear();
        if (!accept) return reply.status(204).send(null);
        const [data] = await gymMemberRecords(ctx.db, [row], 'self');
        return reply.status(200).send({ data: data! });
      },
    );
  answerRoute(acceptInviteRoute, true);
  answerRoute(declineInviteRoute, false);
};

/** The representative's invitations by user id, and the account one would reach. */
const registerInviteRoutes = (app: RouteApp, ctx: AppContext) => {
  // An invitation names user ids, answers only whether each was sent, and is limited per address here and per
  // facility and per inviting account in the service (docs/rules.md#permissions).
  app.post(
    inviteMemberRoute.path,
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags: ['gym-member'],
        summary:
          'The representative invites workers by user id: WAIT links that only the invited person accepts',
        description:
          'Each entry of `targetList` is an exact user id (a login name). A worker account (MEMBER, able to sign ' +
          'in, not closed) not yet linked to the facility gets an invitation; anything else (an unknown id, a ' +
          "facility's customer, a representative, the operator, someone already linked) is not sent. The answer " +
          'carries only `{ userId, sent }`. A facility and an inviting account send at most 100 invitations an hour ' +
          '(429 past that, nothing sent).',
        body: inviteMemberRoute.body,
        response: {
          201: inviteMemberRoute.response,
          ...errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'RATE_LIMITED'),
        },
      },
    },
    async (request, reply) => {
      const { gymId, targetList } = request.body;
      await assertGymRight(request, ctx.loadRights, gymId, 'represent');
      await assertGymWritable(ctx, gymId);
      const actor = memberActor(request, ctx);
      const { results } = await ctx.db.transaction((tx) => inviteWorkers(tx, actor, gymId, targetList));
      return reply.status(201).send({ data: results });
    },
  );

  // An exact user id only, for the representative of an open facility, and rate-limited: no account search.
  app.get(
    inviteLookupRoute.path,
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags: ['gym-member'],
        summary:
          'The worker account an invitation would reach, by exact user id (masked name and phone to confirm)',
        querystring: inviteLookupRoute.query,
        response: {
          200: inviteLookupRoute.response,
          ...errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'RATE_LIMITED'),
        },
      },
    },
    async (request) => {
      const { gymId, userId } = request.query;
      await assertGymRight(request, ctx.loadRights, gymId, 'represent');
      const account = await invitableAccount(ctx.db, userId);
      if (!account) throw notFound();
      return {
        data: {
          userId: account.userId ?? '',
          maskedName: maskName(account.name),
          maskedPhone: maskPhone(account.phone),
        },
      };
    },
  );
};

/** The links of a member and of a facility, leaving and removing. */
const registerLinkRoutes = (app: RouteApp, ctx: AppContext) => {
  app.get(
    memberLinksRoute.path,
    {
      schema: {
        tags: ['gym-member'],
        summary: "A member's own links to facilities (the shell's calls)",
        params: memberLinksRoute.params,
        response: {
          200: memberLinksRoute.response,
          ...errorResponses('UNAUTHENTICATED', 'NOT_FOUND'),
        },
      },
    },
    async (request) => {
      const me = requireMember(request);
      if (request.params.memberId !== me.id && !isSuperadmin(request)) throw notFound();
      const rows = await linksOfMember(ctx.db, request.params.memberId);
      return {
        data: await gymMemberRecords(ctx.db, rows, request.params.memberId === me.id ? 'self' : 'facility'),
      };
    },
  );

  const gymList = (
    route: typeof gymLinkListRoute | typeof workerListRoute | typeof nonWorkerListRoute,
    summary: string,
    right: GymRight,
    extra: (gymId: number) => ReturnType<typeof eq>[],
  ) =>
    app.get(
      route.path,
      {
        schema: {
          tags: ['gym-member'],
          summary,
          params: route.params,
          querystring: listQuerySchema(route.listOf),
          response: {
            200: route.response,
            ...errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'),
          },
        },
      },
      async (request, reply) => {
        const { gymId } = request.params;
        await assertGymRight(request, ctx.loadRights, gymId, right, { superadmin: true });
        const result = await listRecords(
          request,
          ctx,
          gymMemberResource,
          gymMemberHooks,
          request.query,
          [eq(gymMember.gymId, gymId), ...extra(gymId)],
          [gymId],
        );
        return sendList(reply, result);
      },
    );

  gymList(gymLinkListRoute, 'Every link of a facility, staff and customers', 'memberUseYn', () => []);
  gymList(workerListRoute, "A facility's staff", 'staff', () => [eq(gymMember.workerYn, true)]);
  // Customers hold no permission set: that keeps the representative (not a worker, not a customer) out.
  gymList(nonWorkerListRoute, "A facility's customers", 'memberUseYn', () => [
    eq(gymMember.workerYn, false),
    isNull(gymMember.gymAuthId),
  ]);

  app.delete(
    quitRoute.path,
    {
      schema: {
        tags: ['gym-member'],
        summary: 'A member leaves every facility where they work (their own staff links become QUIT)',
        params: quitRoute.params,
        response: { 204: quitRoute.response, ...errorResponses('UNAUTHENTICATED', 'NOT_FOUND', 'CONFLICT') },
      },
    },
    async (request, reply) => {
      const me = requireMember(request);
      if (request.params.memberId !== me.id) throw notFound();
      // A representative closes the facility instead; leaving it ownerless is not an option.
      await quitEverywhere(ctx.db, me.id, ctx.clock());
      return reply.status(204).send(null);
    },
  );

  app.delete(
    removeFromGymRoute.path,
    {
      schema: {
        tags: ['gym-member'],
        summary: 'The representative removes a member from the facility (the link becomes QUIT)',
        params: removeFromGymRoute.params,
        response: {
          204: removeFromGymRoute.response,
          ...errorResponses('UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'),
        },
      },
    },
    async (request, reply) => {
      const { gymId, memberId } = request.params;
      await assertGymRight(request, ctx.loadRights, gymId, 'represent');
      await assertGymWritable(ctx, gymId);
      const link = await findLink(ctx.db, gymId, memberId);
      if (!link) throw notFound();
      const remove = gymMemberHooks.delete;
      if (remove) await ctx.db.transaction(async (tx) => remove({ request, ctx, tx, existing: link }));
      return reply.status(204).send(null);
    },
  );
};

export const gymMemberRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  registerWorkerRoutes(app, ctx);
  registerInviteRoutes(app, ctx);
  registerLinkRoutes(app, ctx);
};
