import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consultListRoute } from '#domain/api/consult.ts';
import { consultResource } from '#domain/resources/index.ts';
import type { AppContext } from '../../context.ts';
import { consult } from '../../db/schema/index.ts';
import { errorResponses } from '../../http/responses.ts';
import { assertGymRight } from '../../http/rights.ts';
import { listQuerySchema, listRecords, sendList } from '../../resources/engine.ts';

export const consultRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    consultListRoute.path,
    {
      schema: {
        tags: ['consult'],
        summary: "A facility's consultations (consultUseYn), paged like every list",
        params: consultListRoute.params,
        querystring: listQuerySchema(consultListRoute.listOf),
        response: {
          200: consultListRoute.response,
          ...errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'),
        },
      },
    },
    async (request, reply) => {
      const { gymId } = request.params;
      await assertGymRight(request, ctx.loadRights, gymId, 'consultUseYn', { superadmin: true });
      return sendList(
        reply,
        await listRecords(
          request,
          ctx,
          consultResource,
          {},
          request.query,
          [eq(consult.gymId, gymId)],
          [gymId],
        ),
      );
    },
  );
};
