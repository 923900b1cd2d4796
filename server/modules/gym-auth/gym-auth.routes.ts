import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { myGymAuthRoute } from '#domain/api/gym-auth.ts';
import { gymAuthResource } from '#domain/resources/gym-auth.ts';
import { gymAuthSchema } from '#domain/schemas/gym-auth.ts';
import type { AppContext } from '../../context.ts';
import { requireMember } from '../../http/auth.ts';
import { errorResponses } from '../../http/responses.ts';
import { assertGymRight } from '../../http/rights.ts';
import { defaultToRecord } from '../../resources/engine.ts';
import { ownSetOf } from './gym-auth.queries.ts';

export const gymAuthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Staff read their own set here; the generic gym-auth routes are the representative's (docs/rules.md#access-table).
  app.get(
    myGymAuthRoute.path,
    {
      schema: {
        tags: ['gym-auth'],
        summary: "The caller's own permission set in a facility (any ACTIVE staff member)",
        params: myGymAuthRoute.params,
        response: {
          200: myGymAuthRoute.response,
          ...errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'),
        },
      },
    },
    async (request) => {
      const me = requireMember(request);
      const { gymId } = request.params;
      await assertGymRight(request, ctx.loadRights, gymId, 'staff');
      const set = await ownSetOf(ctx.db, gymId, me.id);
      return { data: set ? gymAuthSchema.parse(defaultToRecord(gymAuthResource, set)) : null };
    },
  );
};
