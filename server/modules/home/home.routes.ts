import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { homeTodayRoute } from '#domain/api/home.ts';
import type { AppContext } from '../../context.ts';
import { requireMember } from '../../http/auth.ts';
import { errorResponses } from '../../http/responses.ts';
import { assertGymRight, rightsOf } from '../../http/rights.ts';
import { homeToday, visibleFigures } from './home.service.ts';

// HOME (docs/rules.md#home): the day's figures of a facility in one call. Any ACTIVE link may ask (a facility the
// caller has no link to answers 404); each figure needs its own right, and the server leaves out, without
// computing, every figure the viewer may not see.

const reads = errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND');

export const homeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    homeTodayRoute.path,
    {
      schema: {
        tags: ['home'],
        summary: "Today's figures (Asia/Seoul) the viewer may see, each with the path of its list",
        params: homeTodayRoute.params,
        response: { 200: homeTodayRoute.response, ...reads },
      },
    },
    async (request) => {
      requireMember(request);
      const { gymId } = request.params;
      await assertGymRight(request, ctx.loadRights, gymId, 'staff');
      const rights = (await rightsOf(request, ctx.loadRights)).get(gymId);
      const keys = rights ? visibleFigures(rights) : [];
      return { data: await homeToday(ctx.db, gymId, keys, ctx.clock()) };
    },
  );
};
