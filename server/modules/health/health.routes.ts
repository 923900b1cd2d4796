import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthRoute } from '#domain/api/health.ts';
import type { AppContext } from '../../context.ts';
import { migrationState, outboxBacklog } from './health.repository.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    healthRoute.path,
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness, with a database round trip, the migration level and the outbox backlog',
        description:
          '200 `ok` when the database is at the migration level this code expects. 503 with the same body when ' +
          'it is not: `database-behind` (a restart migrates it) or `database-ahead` (a newer version migrated ' +
          'it). The server migrates at start, so either means something changed the database under it.',
        response: { 200: healthRoute.response, 503: healthRoute.response },
      },
      config: { public: true },
    },
    async (_request, reply) => {
      // Three small statements; on PostgreSQL they run side by side on the pool.
      const [migrations, outbox] = await Promise.all([
        migrationState(ctx.db),
        outboxBacklog(ctx.db, ctx.clock()),
      ]);
      const data = {
        status: migrations.status,
        db: ctx.dbKind,
        migrations: { current: migrations.current, expected: migrations.expected },
        outbox: {
          pending: outbox.pending,
          oldestAgeSeconds: outbox.oldestAgeSeconds === null ? null : Math.floor(outbox.oldestAgeSeconds),
        },
      };
      return reply.status(migrations.status === 'ok' ? 200 : 503).send({ data });
    },
  );
};
