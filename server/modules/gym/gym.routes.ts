import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  gymSearchRoute,
  gymSettingRoute,
  memberGymListRoute,
  updateGymSettingRoute,
} from '#domain/api/gym.ts';
import { gymResource } from '#domain/resources/index.ts';
import { compactForSearch } from '#domain/rules/text.ts';
import type { AppContext } from '../../context.ts';
import { gym, gymMember, gymSetting } from '../../db/schema/index.ts';
import { requireMember } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { errorResponses } from '../../http/responses.ts';
import { assertGymRight, isSuperadmin } from '../../http/rights.ts';
import { assertGymWritable, defaultToRecord, type Row } from '../../resources/engine.ts';

const SEARCH_LIMIT = 20;

const settingRecord = (row: typeof gymSetting.$inferSelect) => ({
  ...row,
  modifiedDate: row.modifiedDate.toISOString(),
});

export const gymRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    gymSearchRoute.path,
    {
      schema: {
        tags: ['gym'],
        summary: 'Public search of verified (ACTIVE) facilities; only public fields',
        querystring: gymSearchRoute.query,
        response: {
          200: gymSearchRoute.response,
          ...errorResponses('VALIDATION_FAILED', 'RATE_LIMITED'),
        },
      },
      config: { public: true, rateLimit: { max: 60, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const keyword = compactForSearch(request.query.q);
      const escaped = keyword.replace(/[\\%_]/g, (c) => `\\${c}`);
      // Whitespace ignored on both sides, substring match (docs/rules.md#lists-and-search), on the partial
      // trigram index.
      const rows = await ctx.db
        .select({ id: gym.id, name: gym.name, address: gym.address })
        .from(gym)
        .where(
          and(
            eq(gym.gymStatus, 'ACTIVE'),
            keyword
              ? sql`lower(regexp_replace(${gym.name}, '\\s', '', 'g')) like ${`%${escaped}%`}`
              : undefined,
          ),
        )
        .orderBy(asc(gym.name), asc(gym.id))
        .limit(SEARCH_LIMIT);
      reply.header('x-total-count', String(rows.length));
      return { data: rows, total: rows.length };
    },
  );

  app.get(
    memberGymListRoute.path,
    {
      schema: {
        tags: ['member'],
        summary: "A member's facilities: those where the member has an ACTIVE link",
        params: memberGymListRoute.params,
        response: {
          200: memberGymListRoute.response,
          ...errorResponses('UNAUTHENTICATED', 'NOT_FOUND'),
        },
      },
    },
    async (request) => {
      const me = requireMember(request);
      if (request.params.id !== me.id && !isSuperadmin(request)) throw notFound();
      // Bounded by the member's links (one per facility).
      const rows = await ctx.db
        .select({ gym })
        .from(gymMember)
        .innerJoin(gym, eq(gym.id, gymMember.gymId))
        .where(and(eq(gymMember.memberId, request.params.id), eq(gymMember.status, 'ACTIVE')))
        .orderBy(asc(gym.id))
        .limit(200);
      return { data: rows.map((row) => defaultToRecord(gymResource, row.gym as unknown as Row)) as never };
    },
  );

  app.get(
    gymSettingRoute.path,
    {
      schema: {
        tags: ['setting'],
        summary: "A facility's settings (any active staff)",
        params: gymSettingRoute.params,
        response: { 200: gymSettingRoute.response, ...errorResponses('UNAUTHENTICATED', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const { gymId } = request.params;
      await assertGymRight(request, ctx.loadRights, gymId, 'staff', { superadmin: true });
      const [row] = await ctx.db.select().from(gymSetting).where(eq(gymSetting.gymId, gymId)).limit(1);
      if (!row) throw notFound();
      return { data: settingRecord(row) };
    },
  );

  app.put(
    updateGymSettingRoute.path,
    {
      schema: {
        tags: ['setting'],
        summary: "Change a facility's settings (the representative)",
        params: updateGymSettingRoute.params,
        body: updateGymSettingRoute.body,
        response: {
          200: updateGymSettingRoute.response,
          ...errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'),
        },
      },
    },
    async (request) => {
      const { gymId } = request.params;
      await assertGymRight(request, ctx.loadRights, gymId, 'represent');
      await assertGymWritable(ctx, gymId);
      const [row] = await ctx.db
        .update(gymSetting)
        .set({ ...request.body, modifiedDate: ctx.clock() })
        .where(eq(gymSetting.gymId, gymId))
        .returning();
      if (!row) throw notFound();
      return { data: settingRecord(row) };
    },
  );
};
