import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditListQuerySchema,
  auditListResponseSchema,
  auditPaths,
  auditVerifyQuerySchema,
  auditVerifySchema,
} from '#domain/api/audit.ts';
import { dataOf } from '#domain/schemas/common.ts';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/responses.ts';
import { assertGymRight } from '../../http/rights.ts';
import { sendList } from '../../resources/engine.ts';
import { listAudit, verifyAudit } from './audit.service.ts';

/** The audit log of a facility (docs/rules.md#audit): its representative, or the operator. */
export const auditRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    auditPaths.list,
    {
      schema: {
        tags: ['audit'],
        summary: "A facility's audit log, newest first (the representative, or SUPERADMIN)",
        description:
          'Paged by `_start`/`_end` (at most 100); the total is in X-Total-Count, counted up to 10,000. Personal ' +
          'fields in `before`/`after` are masked.',
        querystring: auditListQuerySchema,
        response: {
          200: auditListResponseSchema,
          ...errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'),
        },
      },
    },
    async (request, reply) => {
      const { gymId, _start: start = 0 } = request.query;
      const end = request.query._end ?? start + 10;
      await assertGymRight(request, ctx.loadRights, gymId, 'represent', { superadmin: true });
      return sendList(reply, await listAudit(ctx.db, gymId, start, end));
    },
  );

  app.get(
    auditPaths.verify,
    {
      schema: {
        tags: ['audit'],
        summary: "Walks a facility's audit chain and answers where it breaks",
        description:
          '`{ ok: true, checked }` when every row holds the hash of its content and of the row before it; ' +
          'otherwise `{ ok: false, brokenAt, checked }` with the first row that does not.',
        querystring: auditVerifyQuerySchema,
        response: {
          200: dataOf(auditVerifySchema),
          ...errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'),
        },
      },
    },
    async (request) => {
      const { gymId } = request.query;
      await assertGymRight(request, ctx.loadRights, gymId, 'represent', { superadmin: true });
      return { data: await verifyAudit(ctx.db, gymId) };
    },
  );
};
