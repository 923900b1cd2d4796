import { createHash, timingSafeEqual } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Db, DbKind } from '../db/client.ts';
import { outboxBacklog } from '../modules/health/health.repository.ts';
import { BACKUP_FILE_PATTERN } from '../ops/backup.ts';
import { queryRows } from '../ops/tables.ts';
import { sendRouteNotFound, unauthenticated } from './errors.ts';
import { routeOf } from './request-log.ts';
import { errorResponses } from './responses.ts';

// `GET /web/metrics` (docs/operations.md#health-and-metrics): Prometheus text, served only when METRICS_TOKEN is
// set, and then only to that bearer token.

export type Metrics = {
  /** Reads the gauges that need the database or the disk, then renders the registry. */
  render: () => Promise<string>;
  contentType: string;
  token: string;
};

type MetricsDeps = { db: Db; dbKind: DbKind; config: Config; clock: () => Date };

/** The newest backup in the folder, by modification time; undefined when there is none (or no folder). */
export const newestBackup = async (dir: string): Promise<{ file: string; mtime: Date } | undefined> => {
  let names: string[];
  try {
    // Only finished backups: the command writes under a temporary name and renames at the end.
    names = (await readdir(dir)).filter((name) => BACKUP_FILE_PATTERN.test(name));
  } catch {
    return undefined;
  }
  let newest: { file: string; mtime: Date } | undefined;
  for (const name of names) {
    const file = join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (info?.isFile() && (!newest || info.mtime > newest.mtime)) newest = { file, mtime: info.mtime };
  }
  return newest;
};

/** The pool's connections, idle ones and waiting queries, read at each scrape (PostgreSQL only). */
const poolGauges = (registry: Registry, pool: pg.Pool) => {
  new Gauge({
    name: 'fitdesk_db_pool_connections',
    help: "PostgreSQL connections this process's pool holds (in use and idle).",
    registers: [registry],
    collect() {
      this.set(pool.totalCount);
    },
  });
  new Gauge({
    name: 'fitdesk_db_pool_idle_connections',
    help: "PostgreSQL connections idle in this process's pool.",
    registers: [registry],
    collect() {
      this.set(pool.idleCount);
    },
  });
  new Gauge({
    name: 'fitdesk_db_pool_waiting_requests',
    help: 'Queries waiting for a connection from the pool (all of them are in use).',
    registers: [registry],
    collect() {
      this.set(pool.waitingCount);
    },
  });
};

/**
 * The app's own registry (never prom-client's global one: the tests build many apps in one process) and the
 * hooks that feed it. Returns undefined, and adds no hook, when METRICS_TOKEN is unset.
 */
export const registerMetrics = (app: FastifyInstance, deps: MetricsDeps): Metrics | undefined => {
  const token = deps.config.metricsToken;
  if (!token) return undefined;
  const registry = new Registry();
  // The standard names (process_*, nodejs_*), so that the usual Node.js dashboards read them as they are.
  collectDefaultMetrics({ register: registry });

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'fitdesk_http_requests_total',
    help: 'Requests answered, by method, route pattern and status.',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'fitdesk_http_request_duration_seconds',
    help: 'Time from the request to the end of its answer, by method, route pattern and status.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request: FastifyRequest, reply) => {
    const labels = { method: request.method, route: routeOf(request), status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  const probe = new Gauge({
    name: 'fitdesk_db_probe_seconds',
    help:
      'How long a trivial query (select 1) took at this scrape. On PGlite, one connection: the wait behind ' +
      'the queries in flight. On PostgreSQL: the pool wait and one round trip.',
    registers: [registry],
  });
  // drizzle's node-postgres database carries its pool as `$client`.
  const pool = '$client' in deps.db && deps.db.$client instanceof pg.Pool ? deps.db.$client : undefined;
  if (deps.dbKind === 'postgres' && pool) {
    poolGauges(registry, pool);
  }

  const outboxPending = new Gauge({
    name: 'fitdesk_outbox_pending',
    help: 'Outbox messages not yet delivered (PENDING, or FAILED and waiting for a retry).',
    registers: [registry],
  });
  const outboxOldest = new Gauge({
    name: 'fitdesk_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest undelivered outbox message; 0 when there is none.',
    registers: [registry],
  });
  const outboxDead = new Gauge({
    name: 'fitdesk_outbox_dead',
    help: 'Outbox messages that ran out of attempts (DEAD): each is a message nobody received.',
    registers: [registry],
  });
  const backupTime = new Gauge({
    name: 'fitdesk_backup_last_timestamp_seconds',
    help: 'When the newest backup file in BACKUP_DIR was written (its mtime, Unix seconds); no sample when none.',
    registers: [registry],
  });
  const backupAge = new Gauge({
    name: 'fitdesk_backup_last_age_seconds',
    help: 'Age of the newest backup file in BACKUP_DIR; +Inf when there is none.',
    registers: [registry],
  });

  const refresh = async () => {
    // The probe first, alone: it measures the queue the requests see, not this scrape's own statements.
    const started = performance.now();
    await deps.db.execute(sql`select 1`);
    probe.set((performance.now() - started) / 1000);

    const now = deps.clock();
    const [backlog, dead, backup] = await Promise.all([
      outboxBacklog(deps.db, now),
      queryRows<{ dead: number | string }>(
        deps.db,
        sql`select count(*)::int as dead from outbox where status = 'DEAD'`,
      ),
      newestBackup(deps.config.backup.dir),
    ]);
    outboxPending.set(backlog.pending);
    outboxDead.set(Number(dead[0]?.dead ?? 0));
    outboxOldest.set(backlog.oldestAgeSeconds ?? 0);
    if (backup) {
      backupTime.set(backup.mtime.getTime() / 1000);
      backupAge.set(Math.max(0, (now.getTime() - backup.mtime.getTime()) / 1000));
    } else {
      backupTime.remove();
      backupAge.set(Number.POSITIVE_INFINITY);
    }
  };

  app.addHook('onClose', async () => registry.clear());
  return {
    token,
    contentType: registry.contentType,
    render: async () => {
      await refresh();
      return registry.metrics();
    },
  };
};

const digest = (text: string) => createHash('sha256').update(text).digest();

/** `Authorization: Bearer <token>`, compared in constant time (over digests, so the length is not told either). */
const bearerMatches = (request: FastifyRequest, token: string): boolean => {
  const given = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
};

/** Registered whatever the setting, so the API document always describes it; without the token it is a 404. */
export const metricsRoutes: FastifyPluginAsyncZod<{ metrics: Metrics | undefined }> = async (
  app,
  { metrics },
) => {
  app.get(
    '/metrics',
    {
      schema: {
        tags: ['health'],
        summary: 'Prometheus metrics',
        description:
          'Request counts and latency by route pattern and status, the database pool or PGlite queue wait, the ' +
          "outbox backlog, the last backup's age and the process (docs/operations.md#health-and-metrics). " +
          'Answers 404, like an unknown path, unless the server has METRICS_TOKEN; then it needs ' +
          '`Authorization: Bearer <METRICS_TOKEN>`.',
        response: {
          200: {
            description: 'Prometheus text exposition format 0.0.4',
            content: { 'text/plain; version=0.0.4': { schema: z.string() } },
          },
          ...errorResponses('UNAUTHENTICATED', 'NOT_FOUND'),
        },
      },
      config: { metricsToken: true },
    },
    async (request, reply) => {
      if (!metrics) return sendRouteNotFound(request, reply);
      if (!bearerMatches(request, metrics.token)) {
        reply.header('www-authenticate', 'Bearer realm="fitdesk-metrics"');
        throw unauthenticated();
      }
      const text = await metrics.render();
      return reply.header('cache-control', 'no-store').type(metrics.contentType).send(text);
    },
  );
};
