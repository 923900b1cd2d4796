import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { homeTodayRoute } from '#domain/api/home.ts';
import type { AppContext } from '../../context.ts';
import { moduleKit } from '../../http/module.ts';
import { rightsOf } from '../../http/rights.ts';
import { homeToday, visibleFigures } from './home.queries.ts';

// HOME (docs/rules.md#home): the day's figures of a facility in one call. Any ACTIVE link may ask (a facility the
// caller has no link to answers 404); each figure needs its own right, and the server leaves out, without
// computing, every figure the viewer may not see.

export const homeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Any staff member reads; HOME changes nothing, and a closed facility's day still reads.
  const { right, guard, reads } = moduleKit(ctx, { read: 'staff', change: 'staff' });

  app.get(
    homeTodayRoute.path,
    {
      ...right('read'),
      schema: {
        tags: ['home'],
        summary: "Today's figures (Asia/Seoul) the viewer may see, each with the path of its list",
        params: homeTodayRoute.params,
        response: { 200: homeTodayRoute.response, ...reads },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.params.gymId);
      const rights = (await rightsOf(request, ctx.loadRights)).get(gymId);
      const keys = rights ? visibleFigures(rights) : [];
      return { data: await homeToday(ctx.db, gymId, keys, ctx.clock()) };
    },
  );
};
