import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { register as globalRegistry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '#server/db/schema/index.ts';
import { enqueue } from '#server/kernel/outbox.ts';
import { expectedLevel } from '#server/ops/levels.ts';
import { queryRows } from '#server/ops/tables.ts';
import { createTestApp, setupTestApp, type TestApp } from '../fixtures/app.ts';
import { makeSignedIn } from '../fixtures/factories.ts';

// docs/operations.md#health-and-metrics: GET /web/health's migration level and outbox backlog, and
// GET /web/metrics behind METRICS_TOKEN.

const TOKEN = 'metrics-token-for-the-tests-0123';

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of a Prometheus text exposition (0.0.4). */
const parseMetrics = (text: string): Sample[] =>
  text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]),
      );
      const raw = match[3]!;
      const value = raw === '+Inf' ? Number.POSITIVE_INFINITY : raw === '-Inf' ? -Infinity : Number(raw);
      return { name: match[1]!, labels, value };
    });

const sampleOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

describe('GET /web/health', () => {
  const app = setupTestApp();

  it('names the migration level the database is at and the one this code expects, and says ok', async () => {
    const response = await app().app.inject({ method: 'GET', url: '/web/health' });
    expect(response.statusCode).toBe(200);
    const expected = expectedLevel();
    expect(expected.level).toBeGreaterThan(0);
    expect(response.json().data).toMatchObject({
      status: 'ok',
      db: app().dbKind,
      migrations: { current: expected, expected },
    });
  });

  it('counts an undelivered message in the outbox and gives the oldest one its age', async () => {
    const t = app();
    const before = (await t.app.inject({ method: 'GET', url: '/web/health' })).json().data.outbox;
    expect(before).toEqual({ pending: 0, oldestAgeSeconds: null });

    const written = new Date(t.clock.now().getTime() - 90_000);
    const row = await enqueue(t.db, { topic: 'test-health', payload: { n: 1 }, now: written });
    const failed = await enqueue(t.db, { topic: 'test-health', payload: { n: 2 }, now: t.clock.now() });
    await t.db.update(outbox).set({ status: 'FAILED' }).where(eq(outbox.id, failed.id));
    const during = (await t.app.inject({ method: 'GET', url: '/web/health' })).json().data.outbox;
    expect(during.pending).toBe(2);
    expect(during.oldestAgeSeconds).toBeGreaterThanOrEqual(90);
    expect(during.oldestAgeSeconds).toBeLessThan(120);

    // Delivered and dead letters are done: they leave the backlog.
    await t.db.update(outbox).set({ status: 'SENT' }).where(eq(outbox.id, row.id));
    await t.db.update(outbox).set({ status: 'DEAD' }).where(eq(outbox.id, failed.id));
    const after = (await t.app.inject({ method: 'GET', url: '/web/health' })).json().data.outbox;
    expect(after).toEqual({ pending: 0, oldestAgeSeconds: null });
  });
});

describe('GET /web/health when the database is not at the expected level', () => {
  const app = setupTestApp();
  const journal = sql.raw('drizzle.__drizzle_migrations');

  it('answers 503 database-behind when a migration is missing, and database-ahead for an unknown one', async () => {
    const t = app();
    const expected = expectedLevel();
    const [last] = await queryRows<{ id: number; hash: string; created_at: string | number }>(
      t.db,
      sql`select id, hash, created_at from ${journal} order by created_at desc limit 1`,
    );
    await t.db.execute(sql`delete from ${journal} where id = ${last!.id}`);
    const behind = await t.app.inject({ method: 'GET', url: '/web/health' });
    expect(behind.statusCode).toBe(503);
    expect(behind.json().data).toMatchObject({
      status: 'database-behind',
      migrations: { current: { level: expected.level - 1 }, expected },
    });

    await t.db.execute(
      sql`insert into ${journal} (hash, created_at) values (${last!.hash}, ${last!.created_at})`,
    );
    expect((await t.app.inject({ method: 'GET', url: '/web/health' })).statusCode).toBe(200);

    // A newer version's migration: a timestamp this code's journal does not hold.
    await t.db.execute(sql`insert into ${journal} (hash, created_at) values ('newer', ${Date.now() + 1e9})`);
    const ahead = await t.app.inject({ method: 'GET', url: '/web/health' });
    expect(ahead.statusCode).toBe(503);
    expect(ahead.json().data).toMatchObject({
      status: 'database-ahead',
      migrations: { current: { level: expected.level + 1, tag: null }, expected },
    });
  });
});

describe('GET /web/metrics without METRICS_TOKEN', () => {
  const app = setupTestApp();

  it('is not found, in the same envelope as any unknown path', async () => {
    const metrics = await app().app.inject({
      method: 'GET',
      url: '/web/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const unknown = await app().app.inject({ method: 'GET', url: '/web/no-such-thing' });
    expect(metrics.statusCode).toBe(404);
    const { requestId: _a, message, ...body } = metrics.json();
    const { requestId: _b, message: unknownMessage, ...unknownBody } = unknown.json();
    expect(body).toEqual(unknownBody);
    expect(message).toBe(unknownMessage.replace('/web/no-such-thing', '/web/metrics'));
  });

  it('is described in the API document with its bearer scheme', async () => {
    const spec = (await app().app.inject({ method: 'GET', url: '/web/docs/json' })).json();
    expect(spec.components.securitySchemes.metricsToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    const operation = spec.paths['/web/metrics'].get;
    expect(operation.security).toEqual([{ metricsToken: [] }]);
    expect(Object.keys(operation.responses['200'].content)).toEqual(['text/plain; version=0.0.4']);
    expect(operation.responses).toHaveProperty('401');
  });
});

describe('GET /web/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  let backupDir: string;
  beforeAll(async () => {
    backupDir = mkdtempSync(join(tmpdir(), 'fitdesk-metrics-backups-'));
    t = await createTestApp({ config: { metricsToken: TOKEN, backup: { dir: backupDir, keep: 14 } } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(backupDir, { recursive: true, force: true });
  });

  const scrape = async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/web/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    return { response, samples: parseMetrics(response.body) };
  };

  it('refuses a missing, wrong or differently-schemed token with 401', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token-of-the-same-size-0',
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Basic ${TOKEN}`,
      TOKEN,
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/web/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
      expect(response.headers['www-authenticate']).toMatch(/^Bearer /);
      expect(response.body).not.toContain('fitdesk_');
    }
  });

  it('answers Prometheus text to the right token', async () => {
    const { response, samples } = await scrape();
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    // The process, from the app's registry (prom-client's default metrics, under their usual names).
    expect(sampleOf(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sampleOf(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    // The database: a probe on both kinds, the pool's gauges on PostgreSQL.
    expect(sampleOf(samples, 'fitdesk_db_probe_seconds')).toBeGreaterThan(0);
    const pool = sampleOf(samples, 'fitdesk_db_pool_connections');
    if (t.dbKind === 'postgres') {
      expect(pool).toBeGreaterThanOrEqual(1);
      expect(sampleOf(samples, 'fitdesk_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
      expect(sampleOf(samples, 'fitdesk_db_pool_waiting_requests')).toBe(0);
    } else expect(pool).toBeUndefined();
  });

  it('counts requests by method, route pattern and status, and times them', async () => {
    const labels = { method: 'GET', route: '/web/health', status: '200' };
    const before = (await scrape()).samples;
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/web/health' });
    const after = (await scrape()).samples;
    expect(sampleOf(after, 'fitdesk_http_requests_total', labels)).toBe(
      (sampleOf(before, 'fitdesk_http_requests_total', labels) ?? 0) + 3,
    );
    expect(sampleOf(after, 'fitdesk_http_request_duration_seconds_count', labels)).toBe(
      (sampleOf(before, 'fitdesk_http_request_duration_seconds_count', labels) ?? 0) + 3,
    );
    expect(sampleOf(after, 'fitdesk_http_request_duration_seconds_sum', labels)).toBeGreaterThan(
      sampleOf(before, 'fitdesk_http_request_duration_seconds_sum', labels) ?? 0,
    );
    expect(sampleOf(after, 'fitdesk_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(
      sampleOf(after, 'fitdesk_http_request_duration_seconds_count', labels),
    );
  });

  it('labels a request by its route pattern, never its id or query string', async () => {
    const { cookies } = await makeSignedIn(t.app);
    const urls = [
      '/web/member/customer/123?phone=01012345678',
      '/web/member/customer/123?gymId=1&phone=010-1234-5678',
      '/web/member/customer/4567',
    ];
    const statuses: number[] = [];
    for (const url of urls) {
      statuses.push((await t.app.inject({ method: 'GET', url })).statusCode);
      statuses.push((await t.app.inject({ method: 'GET', url, cookies })).statusCode);
    }
    const missing = await t.app.inject({ method: 'GET', url: '/web/no-such/4567?phone=01099998888' });
    const { response, samples } = await scrape();
    const route = '/web/member/customer/:id';
    for (const status of new Set(statuses)) {
      expect(sampleOf(samples, 'fitdesk_http_requests_total', { route, status: String(status) })).toBe(
        statuses.filter((s) => s === status).length,
      );
    }
    expect(
      sampleOf(samples, 'fitdesk_http_requests_total', {
        route: 'unmatched',
        status: String(missing.statusCode),
      }),
    ).toBe(1);
    for (const leak of ['/123', '01012345678', '010-1234-5678', 'phone=', '01099998888', 'no-such'])
      expect(response.body).not.toContain(leak);
    // Numbers may hold any digits; the labels must hold none of the request's.
    const routes = new Set(samples.map((s) => s.labels.route).filter(Boolean));
    expect(routes).toContain(route);
    for (const r of routes) expect(r).not.toMatch(/\?|\/\d+(\/|$)|123|4567/);
  });

  it('shows the outbox backlog, as health does', async () => {
    const written = new Date(t.clock.now().getTime() - 300_000);
    const row = await enqueue(t.db, { topic: 'test-metrics', payload: {}, now: written });
    const { samples } = await scrape();
    expect(sampleOf(samples, 'fitdesk_outbox_pending')).toBe(1);
    const age = sampleOf(samples, 'fitdesk_outbox_oldest_pending_age_seconds')!;
    expect(age).toBeGreaterThanOrEqual(300);
    expect(age).toBeLessThan(330);
    await t.db.update(outbox).set({ status: 'SENT' }).where(eq(outbox.id, row.id));
    const done = (await scrape()).samples;
    expect(sampleOf(done, 'fitdesk_outbox_pending')).toBe(0);
    expect(sampleOf(done, 'fitdesk_outbox_oldest_pending_age_seconds')).toBe(0);
    // A message out of attempts is not pending, but counted apart: nobody received it.
    expect(sampleOf(done, 'fitdesk_outbox_dead')).toBe(0);
    await t.db.update(outbox).set({ status: 'DEAD' }).where(eq(outbox.id, row.id));
    expect(sampleOf((await scrape()).samples, 'fitdesk_outbox_dead')).toBe(1);
  });

  it("gives the newest backup file's time and age, and +Inf without one", async () => {
    const none = (await scrape()).samples;
    expect(sampleOf(none, 'fitdesk_backup_last_age_seconds')).toBe(Number.POSITIVE_INFINITY);
    expect(sampleOf(none, 'fitdesk_backup_last_timestamp_seconds')).toBeUndefined();

    const now = Date.now() / 1000;
    const put = (name: string, ageSeconds: number) => {
      const file = join(backupDir, name);
      writeFileSync(file, 'x');
      utimesSync(file, now - ageSeconds, now - ageSeconds);
    };
    put('fitdesk-backup-20250101-030000.tar', 7200);
    put('fitdesk-backup-20250102-030000-2.tar', 3600);
    // Newer, but not a backup's name: not counted.
    put('fitdesk-backup-20250103-030000.tar.part', 10);
    put('notes.tar', 10);
    const { samples } = await scrape();
    const age = sampleOf(samples, 'fitdesk_backup_last_age_seconds')!;
    expect(age).toBeGreaterThanOrEqual(3600);
    expect(age).toBeLessThan(3630);
    expect(sampleOf(samples, 'fitdesk_backup_last_timestamp_seconds')).toBeCloseTo(now - 3600, 0);
  });

  it("keeps the app's metrics in its own registry, not prom-client's global one", async () => {
    expect(globalRegistry.getSingleMetric('fitdesk_http_requests_total')).toBeUndefined();
    const other = await createTestApp({ config: { metricsToken: TOKEN } });
    try {
      const response = await other.app.inject({
        method: 'GET',
        url: '/web/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      const samples = parseMetrics(response.body);
      // Only its own first scrape is in flight: none of the requests made to the other app.
      expect(sampleOf(samples, 'fitdesk_http_requests_total', { route: '/web/health' })).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});
