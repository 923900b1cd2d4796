import { z } from 'zod';
import { dataOf } from '../schemas/common.ts';
import { defineRoute } from './define.ts';

/** A migration level (docs/operations.md#migration-levels): how many migrations, named by the last one's tag. */
export const migrationLevelSchema = z
  .object({ level: z.number().int(), tag: z.string().nullable() })
  .meta({ id: 'MigrationLevel' });

/**
 * `ok` when the database is at the level this code expects. Otherwise (docs/operations.md#health-and-metrics)
 * the answer is 503: `database-behind` when the database lacks migrations this code ships (a restart migrates
 * it), `database-ahead` when it holds a migration this code does not know (a newer version migrated it: run that
 * version here too).
 */
export const healthStatuses = ['ok', 'database-behind', 'database-ahead'] as const;
export type HealthStatus = (typeof healthStatuses)[number];

export const healthSchema = z
  .object({
    status: z.enum(healthStatuses),
    db: z.enum(['pglite', 'postgres']),
    migrations: z.object({ current: migrationLevelSchema, expected: migrationLevelSchema }),
    /** Messages not yet delivered (PENDING or FAILED awaiting a retry); the oldest one's age, null when none. */
    outbox: z.object({
      pending: z.number().int(),
      oldestAgeSeconds: z.number().int().nullable(),
    }),
  })
  .meta({ id: 'Health' });

export type Health = z.infer<typeof healthSchema>;

/** `GET /web/health`: liveness, with a database round trip, the migration level and the outbox backlog. */
export const healthRoute = defineRoute({
  method: 'GET',
  path: '/health',
  status: 200,
  response: dataOf(healthSchema),
});
