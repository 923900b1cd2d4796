import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf } from '#domain/schemas/common.ts';
import type { AppContext } from '../../context.ts';

const healthSchema = z
  .object({ status: z.literal('ok'), db: z.enum(['pglite', 'postgres']) })
  .meta({ id: 'Health' });

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness, with a database round trip',
        response: { 200: dataOf(healthSchema) },
      },
      config: { public: true },
    },
    async () => {
      await ctx.db.execute(sql`select 1`);
      return { data: { status: 'ok' as const, db: ctx.dbKind } };
    },
  );
};
