import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthRoute } from '#domain/api/health.ts';
import type { AppContext } from '../../context.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    healthRoute.path,
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness, with a database round trip',
        response: { 200: healthRoute.response },
      },
      config: { public: true },
    },
    async () => {
      await ctx.db.execute(sql`select 1`);
      return { data: { status: 'ok' as const, db: ctx.dbKind } };
    },
  );
};
