import { sql } from 'drizzle-orm';
import type { HealthStatus } from '#domain/api/health.ts';
import type { Executor } from '../../db/client.ts';
import { currentLevel, expectedLevel, type MigrationLevel } from '../../ops/levels.ts';
import { queryRows } from '../../ops/tables.ts';

export type OutboxBacklog = {
  /** Rows not yet delivered: PENDING, or FAILED and waiting for a retry (SENT and DEAD are done). */
  pending: number;
  /** Seconds since the oldest of them was written; null when there is none. */
  oldestAgeSeconds: number | null;
};

/**
 * The outbox backlog in one statement on `outbox_due_idx` (status leads it): health and metrics both read it
 * (docs/operations.md#health-and-metrics). `now` is the app's clock, the one `enqueue` stamped the rows with.
 */
export const outboxBacklog = async (db: Executor, now: Date): Promise<OutboxBacklog> => {
  const [row] = await queryRows<{ pending: number | string; oldest: string | Date | null }>(
    db,
    sql`select count(*)::int as pending, min(create_date) as oldest
          from outbox where status in ('PENDING', 'FAILED')`,
  );
  const pending = Number(row?.pending ?? 0);
  const oldest = row?.oldest ? new Date(row.oldest) : null;
  return {
    pending,
    oldestAgeSeconds: oldest ? Math.max(0, (now.getTime() - oldest.getTime()) / 1000) : null,
  };
};

let expected: MigrationLevel | undefined;

/** What this code ships does not change while it runs: the journal is read once. */
export const shippedLevel = (): MigrationLevel => {
  expected ??= expectedLevel();
  return expected;
};

export type MigrationState = { status: HealthStatus; current: MigrationLevel; expected: MigrationLevel };

/** The database's level against this code's (docs/operations.md#migration-levels). */
export const migrationState = async (db: Executor): Promise<MigrationState> => {
  const found = await currentLevel(db);
  const want = shippedLevel();
  const current = { level: found.level, tag: found.tag };
  const status: HealthStatus = found.unknown
    ? 'database-ahead'
    : found.level < want.level
      ? 'database-behind'
      : 'ok';
  return { status, current, expected: want };
};
