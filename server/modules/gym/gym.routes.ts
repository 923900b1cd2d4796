import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  gymSearchRoute,
  gymSettingRoute,
  memberGymListRoute,
  updateGymSettingRoute,
} from '#domain/api/gym.ts';
import type { AppContext } from '../../context.ts';
import { requireMember } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { errorResponses } from '../../http/responses.ts';
import { assertGymRight, isSuperadmin } from '../../http/rights.ts';
import { writeAudit } from '../../kernel/audit.ts';
import { assertGymWritable } from '../../resources/engine.ts';
import { updateSetting } from './gym.commands.ts';
import { type GymSettingRow, toGymRecord } from './gym.mappers.ts';
import { activeGymsOfMember, searchActiveGyms, settingOf } from './gym.queries.ts';

const settingRecord = (row: GymSettingRow) => ({
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
      const rows = await searchActiveGyms(ctx.db, request.query.q);
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
      return { data: (await activeGymsOfMember(ctx.db, request.params.id)).map(toGymRecord) };
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
      const row = await settingOf(ctx.db, gymId);
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
      const now = ctx.clock();
      const row = await ctx.db.transaction(async (tx) => {
        const before = await settingOf(tx, gymId);
        const after = await updateSetting(tx, gymId, request.body, now);
        if (!before || !after) throw notFound();
        // The transfer account is where customers send money (docs/rules.md#payment-requests): its changes are
        // audited with the rest of the settings.
        const changed = Object.keys(request.body) as (keyof typeof request.body)[];
        await writeAudit(tx, {
          gymId,
          action: 'gym-setting.update',
          entity: 'gym-setting',
          entityId: gymId,
          before: Object.fromEntries(changed.map((k) => [k, before[k]])),
          after: Object.fromEntries(changed.map((k) => [k, after[k]])),
          actorMemberId: request.member?.id ?? null,
          requestId: request.id,
          now,
        });
        return after;
      });
      return { data: settingRecord(row) };
    },
  );
};
