import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  gymLinkListRoute,
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
import { gym, gymAuth, gymMember, member } from '../../db/schema/index.ts';
import { requireMember } from '../../http/auth.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { errorResponses } from '../../http/responses.ts';
import { assertGymRight, isSuperadmin } from '../../http/rights.ts';
import {
  assertGymWritable,
  isUniqueViolation,
  listQuerySchema,
  listRecords,
  type Row,
  sendList,
} from '../../resources/engine.ts';
import { gymMemberHooks, gymMemberRecords } from './gym-member.hooks.ts';

export const gymMemberRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    workerJoinRoute.path,
    {
      schema: {
        tags: ['gym-member'],
        summary: 'A worker (MEMBER account) asks to join a facility as staff: a WAIT link with workerYn',
        description:
          'Only a verified (ACTIVE) facility takes requests: any other answers 409, as does a second request ' +
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
      const [target] = await ctx.db
        .select({ gymStatus: gym.gymStatus })
        .from(gym)
        .where(eq(gym.id, request.body.gymId));
      if (!target) throw notFound();
      // Only verified facilities take staff requests (the public search lists only those).
      if (target.gymStatus !== 'ACTIVE') throw new AppError('CONFLICT', 'facilityNotActive');
      try {
        const [row] = await ctx.db
          .insert(gymMember)
          .values({ gymId: request.body.gymId, memberId: me.id, status: 'WAIT', workerYn: true })
          .returning();
        const [data] = await gymMemberRecords(ctx, [row as Row]);
        return reply.status(201).send({ data: data as never });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'joinAlreadyRequested');
        throw error;
      }
    },
  );

  app.post(
    inviteMemberRoute.path,
    {
      schema: {
        tags: ['gym-member'],
        summary: 'The representative invites members: WAIT links for targetList',
        body: inviteMemberRoute.body,
        response: {
          201: inviteMemberRoute.response,
          ...errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'),
        },
      },
    },
    async (request, reply) => {
      const { gymId, targetList } = request.body;
      await assertGymRight(request, ctx.loadRights, gymId, 'represent');
      await assertGymWritable(ctx, gymId);
      const ids = [...new Set(targetList)];
      const found = await ctx.db.select({ id: member.id }).from(member).where(inArray(member.id, ids));
      const missing = ids.filter((id) => !found.some((m) => m.id === id));
      if (missing.length > 0) {
        throw new AppError('VALIDATION_FAILED', 'VALIDATION_FAILED', {}, { targetList: 'memberNotFound' });
      }
      const rows = await ctx.db
        .insert(gymMember)
        .values(ids.map((memberId) => ({ gymId, memberId, status: 'WAIT' as const, workerYn: false })))
        .onConflictDoNothing()
        .returning();
      return reply.status(201).send({ data: (await gymMemberRecords(ctx, rows as Row[])) as never });
    },
  );

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
      const rows = await ctx.db
        .select()
        .from(gymMember)
        .where(eq(gymMember.memberId, request.params.memberId))
        .orderBy(gymMember.id)
        .limit(200);
      return { data: (await gymMemberRecords(ctx, rows as Row[])) as never };
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
          request.query as Row,
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
      const links = await ctx.db
        .select({ id: gymMember.id, representYn: gymAuth.representYn })
        .from(gymMember)
        .leftJoin(gymAuth, eq(gymAuth.id, gymMember.gymAuthId))
        .where(and(eq(gymMember.memberId, me.id), ne(gymMember.status, 'QUIT')))
        .limit(200);
      // A representative closes the facility instead; leaving it ownerless is not an option.
      if (links.some((l) => l.representYn)) throw new AppError('CONFLICT', 'representLinkProtected');
      if (links.length > 0) {
        await ctx.db
          .update(gymMember)
          .set({ status: 'QUIT', modifiedDate: ctx.clock() })
          .where(
            inArray(
              gymMember.id,
              links.map((l) => l.id),
            ),
          );
      }
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
      const [link] = await ctx.db
        .select()
        .from(gymMember)
        .where(and(eq(gymMember.gymId, gymId), eq(gymMember.memberId, memberId)))
        .limit(1);
      if (!link) throw notFound();
      await ctx.db.transaction(async (tx) =>
        gymMemberHooks.delete!({ request, ctx, tx: tx as never, existing: link as unknown as Row }),
      );
      return reply.status(204).send(null);
    },
  );
};
