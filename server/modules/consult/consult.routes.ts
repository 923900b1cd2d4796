import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consultResource } from '#domain/resources/index.ts';
import type { AppContext } from '../../context.ts';
import { consult } from '../../db/schema/index.ts';
import { errorResponses } from '../../http/responses.ts';
import { assertGymRight } from '../../http/rights.ts';
import { listQuerySchema, listRecords, type Row, sendList } from '../../resources/engine.ts';

export const gymIdParams = z.object({ gymId: z.coerce.number().int().positive().max(2_147_483_647) });

export const consultRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/consult/list/:gymId',
    {
      schema: {
        tags: ['consult'],
        summary: "A facility's consultations (consultUseYn), paged like every list",
        params: gymIdParams,
        querystring: listQuerySchema(consultResource),
        response: {
          200: z.object({ data: z.array(consultResource.schemas.record), total: z.number().int() }),
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
          request.query as Row,
          [eq(consult.gymId, gymId)],
          [gymId],
        ),
      );
    },
  );
};
