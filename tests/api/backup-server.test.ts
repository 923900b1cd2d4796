import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type BackupStreamLine, backupOverviewRoute, backupStartRoute } from '#domain/api/backup.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openPostgres } from '#server/db/client.ts';
import { auditLog, member } from '#server/db/schema/index.ts';
import { verifyAudit } from '#server/modules/audit/audit.service.ts';
import { controlFilePath, newControlToken, readControlFile } from '#server/ops/control-file.ts';
import { dataOf } from '../fixtures/api.ts';
import { createTestApp, setupTestApp, type TestApp } from '../fixtures/app.ts';
import { adminUrl, TEMPLATE_DB, testDbKind } from '../fixtures/database.ts';
import { makeActiveGym, makeStaff, OPERATOR_ACCOUNT, operatorOf } from '../fixtures/gyms.ts';
import { injectAs } from '../fixtures/inject.ts';
import { serverProcesses } from '../fixtures/server-process.ts';

// Backups taken by the server (docs/operations.md#backup): the control channel of `npm run backup`, the operator
// console's routes, and BACKUP_CRON in the real server process.

const CHANNEL = '/web/ops/backup';
const CONSOLE = '/web/platform/backups';

const linesOf = (body: string) =>
  body
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as BackupStreamLine);

const backupFiles = (dir: string) =>
  existsSync(dir) ? readdirSync(dir).filter((name) => /^fitdesk-backup-.*\.tar$/.test(name)) : [];

/** Waits until the runner is idle again (a console backup answers before it ends). */
const idle = async (t: TestApp, ms = 60_000) => {
  const until = Date.now() + ms;
  while (t.app.backups.isRunning()) {
    if (Date.now() > until) throw new Error('the backup did not end');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('the control channel (POST /web/ops/backup)', () => {
  const app = setupTestApp();

  it('refuses every call while no token is configured (an app without server/main.ts)', async () => {
    const t = app();
    t.app.backups.setControlToken(undefined);
    for (const authorization of [undefined, 'Bearer ', `Bearer ${newControlToken()}`]) {
      const response = await t.app.inject({
        method: 'POST',
        url: CHANNEL,
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'controlTokenInvalid' });
    }
    expect(backupFiles(join(t.dataDir, 'backups'))).toEqual([]);
  });

  it('refuses a missing or wrong token, and a session is no substitute', async () => {
    const t = app();
    const token = newControlToken();
    t.app.backups.setControlToken(token);
    const operator = await injectAs(t.app, { ...OPERATOR_ACCOUNT, cookies: await operatorOf(t) });
    const refusals = [
      await t.app.inject({ method: 'POST', url: CHANNEL }),
      await t.app.inject({
        method: 'POST',
        url: CHANNEL,
        headers: { authorization: `Bearer ${newControlToken()}` },
      }),
      await t.app.inject({
        method: 'POST',
        url: CHANNEL,
        headers: { authorization: `Bearer ${token.slice(1)}` },
      }),
      await t.app.inject({ method: 'POST', url: CHANNEL, headers: { authorization: token } }),
      await operator.post(CHANNEL),
    ];
    for (const response of refusals) {
      expect(response.statusCode).toBe(401);
      expect(response.json().reason).toBe('controlTokenInvalid');
    }
    expect(backupFiles(join(t.dataDir, 'backups'))).toEqual([]);
  });

  it('streams the progress as it happens, then the result; a second start while it runs is a 409', async () => {
    const t = app();
    const token = newControlToken();
    t.app.backups.setControlToken(token);
    const operator = await injectAs(t.app, { ...OPERATOR_ACCOUNT, cookies: await operatorOf(t) });
    // Over a real socket, as `npm run backup` calls it: Node's fetch sends no Origin, so the cross-site guard
    // lets it through like any same-machine client.
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${base}${CHANNEL}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let body = '';
    // The first line arrives while the backup still runs: the answer is a stream, not a buffer.
    while (!body.includes('\n')) {
      const { value, done } = await reader.read();
      if (done) break;
      body += decoder.decode(value, { stream: true });
    }
    const first = linesOf(body.slice(0, body.indexOf('\n') + 1))[0]!;
    expect(first).toMatchObject({ step: 'counts' });

    // The backup is still at its first steps: another start, from the channel or the console, is refused.
    expect(t.app.backups.isRunning()).toBe(true);
    const again = await t.app.inject({
      method: 'POST',
      url: CHANNEL,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', reason: 'backupRunning' });
    const fromConsole = await operator.post(CONSOLE);
    expect(fromConsole.statusCode).toBe(409);
    expect(fromConsole.json().reason).toBe('backupRunning');
    // The console sees the command line's backup running.
    const during = dataOf(backupOverviewRoute, await operator.get(CONSOLE));
    expect(during.state.running).toMatchObject({ trigger: 'cli', who: null });

    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      body += decoder.decode(value, { stream: true });
    }
    const lines = linesOf(body);
    const last = lines.at(-1)!;
    expect(last, body).toHaveProperty('result');
    const result = (last as { result: { file: string; name: string; bytes: number } }).result;
    expect(result.file).toBe(join(t.dataDir, 'backups', result.name));
    expect(statSync(result.file).size).toBe(result.bytes);
    const steps = lines.slice(0, -1).map((line) => (line as { step: string }).step);
    expect(steps.length).toBeGreaterThanOrEqual(4);
    expect(new Set(steps)).toEqual(new Set(['counts', 'database', 'uploads', 'archive', 'prune']));
    // In order: a step never comes back once the next has begun.
    const order = ['counts', 'database', 'uploads', 'archive', 'prune'];
    expect(steps.map((step) => order.indexOf(step))).toEqual(
      [...steps.map((step) => order.indexOf(step))].sort((a, b) => a - b),
    );

    // The start is audited on the platform chain, without an actor: the command line has none.
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'backup.create'), isNull(auditLog.gymId)));
    // One row: the two refused starts wrote nothing.
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ actorMemberId: null, entity: 'backup', after: { trigger: 'cli' } });

    // A cross-site page cannot drive it from a browser, token or not.
    const crossSite = await t.app.inject({
      method: 'POST',
      url: CHANNEL,
      headers: { authorization: `Bearer ${token}`, origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().reason).toBe('crossSite');
  }, 120_000);
});

describe('the operator console (GET/POST /web/platform/backups)', () => {
  const app = setupTestApp();

  it('is refused to an owner, a worker and a visitor', async () => {
    const t = app();
    const { owner, gym } = await makeActiveGym(t);
    const worker = await makeStaff(t.app, owner, gym.id, { memberUseYn: true, memberSettingYn: true });
    for (const caller of [owner, worker]) {
      const as = await injectAs(t.app, caller);
      expect((await as.get(CONSOLE)).statusCode).toBe(403);
      const start = await as.post(CONSOLE);
      expect(start.statusCode).toBe(403);
      expect(start.json().code).toBe('FORBIDDEN');
    }
    expect((await t.app.inject({ method: 'GET', url: CONSOLE })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: CONSOLE })).statusCode).toBe(401);
    expect(backupFiles(join(t.dataDir, 'backups'))).toEqual([]);
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.action, 'backup.create'));
    expect(audited).toEqual([]);
  });

  it('lets the operator start a backup, watch it, and see the list grow; the start is audited', async () => {
    const t = app();
    const cookies = await operatorOf(t);
    const operator = await injectAs(t.app, { ...OPERATOR_ACCOUNT, cookies });

    const before = await operator.get(CONSOLE);
    expect(before.statusCode).toBe(200);
    expect(before.headers['cache-control']).toBe('no-store');
    const overview = dataOf(backupOverviewRoute, before);
    expect(overview).toMatchObject({
      folder: join(t.dataDir, 'backups'),
      keep: 14,
      files: [],
      state: { running: null, last: null },
      schedule: { cron: null, timezone: 'Asia/Seoul', nextRun: null },
    });

    const started = await operator.post(CONSOLE);
    expect(started.statusCode).toBe(202);
    const state = dataOf(backupStartRoute, started);
    expect(state.running).toMatchObject({ trigger: 'console', who: OPERATOR_ACCOUNT.userId, step: 'counts' });
    await idle(t);

    const after = dataOf(backupOverviewRoute, await operator.get(CONSOLE));
    expect(after.files).toHaveLength(1);
    expect(after.state.running).toBeNull();
    expect(after.state.last).toMatchObject({ trigger: 'console', who: OPERATOR_ACCOUNT.userId, error: null });
    expect(after.state.last?.file?.name).toBe(after.files[0]!.name);
    expect(after.files[0]!.bytes).toBe(statSync(join(after.folder, after.files[0]!.name)).size);

    // Another one: the list grows, newest first.
    expect((await operator.post(CONSOLE)).statusCode).toBe(202);
    await idle(t);
    const twice = dataOf(backupOverviewRoute, await operator.get(CONSOLE));
    expect(twice.files).toHaveLength(2);
    expect(twice.files[0]!.name).toBe(twice.state.last?.file?.name);
    expect(twice.files[0]!.createdAt >= twice.files[1]!.createdAt).toBe(true);

    // Each start is audited on the platform chain, with the operator as the actor, and the chain holds.
    const [me] = await t.db
      .select({ id: member.id })
      .from(member)
      .where(eq(member.userId, OPERATOR_ACCOUNT.userId));
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'backup.create'))
      .orderBy(asc(auditLog.id));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ gymId: null, entity: 'backup', actorMemberId: me!.id });
      expect(row.after).toMatchObject({ trigger: 'console' });
      expect(row.requestId).toBeTruthy();
    }
    expect(await verifyAudit(t.db, null)).toMatchObject({ ok: true });
  }, 120_000);

  // Two processes are two apps on one database here: each takes its own pool connection for the lock.
  it.skipIf(testDbKind() !== 'postgres')(
    'on PostgreSQL one backup at a time holds across processes (needs TEST_DB=postgres; PGlite is one process)',
    async () => {
      const t = app();
      const cookies = await operatorOf(t);
      const other = await buildApp({
        db: t.db,
        dbKind: t.dbKind,
        config: {
          ...loadConfig({}),
          dataDir: t.dataDir,
          databaseUrl: undefined,
          backup: { dir: join(t.dataDir, 'backups'), keep: 14 },
        },
      });
      await other.ready();
      try {
        const here = await injectAs(t.app, { ...OPERATOR_ACCOUNT, cookies });
        const there = await injectAs(other, { ...OPERATOR_ACCOUNT, cookies });
        expect((await here.post(CONSOLE)).statusCode).toBe(202);
        const refused = await there.post(CONSOLE);
        expect(refused.statusCode).toBe(409);
        expect(refused.json().reason).toBe('backupRunning');
        expect(other.backups.isRunning()).toBe(false);
        await idle(t);
        // The lock went with the backup: the other process may take the next one.
        expect((await there.post(CONSOLE)).statusCode).toBe(202);
        const until = Date.now() + 60_000;
        while (other.backups.isRunning() && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
        expect(other.backups.state().last).toMatchObject({ error: null });
      } finally {
        await other.close();
      }
    },
    120_000,
  );

  it('shows the schedule and its next run in Asia/Seoul', async () => {
    const t = await createTestApp({
      config: { backup: { dir: join(tmpdir(), 'fitdesk-unused-backups'), keep: 3, cron: '0 3 * * *' } },
    });
    try {
      const operator = await injectAs(t.app, { ...OPERATOR_ACCOUNT, cookies: await operatorOf(t) });
      const overview = dataOf(backupOverviewRoute, await operator.get(CONSOLE));
      expect(overview.keep).toBe(3);
      expect(overview.schedule.cron).toBe('0 3 * * *');
      // 03:00 in Seoul is 18:00 UTC the day before; the next one is within a day.
      const next = new Date(overview.schedule.nextRun!);
      expect(next.getUTCHours()).toBe(18);
      expect(next.getUTCMinutes()).toBe(0);
      const ahead = next.getTime() - t.clock.now().getTime();
      expect(ahead).toBeGreaterThan(0);
      expect(ahead).toBeLessThanOrEqual(24 * 3_600_000);
    } finally {
      await t.close();
    }
  });
});

// ---- BACKUP_CRON in the real server (server/main.ts), on its own folder

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const startServer = serverProcesses();

describe('BACKUP_CRON in the server process', () => {
  // The spawned server runs on PGlite whatever TEST_DB says: the PGlite run covers this, and the PostgreSQL run
  // checks the election between two processes below instead of repeating it.
  it.skipIf(testDbKind() !== 'pglite')(
    'takes a backup at each tick, keeps BACKUP_KEEP, and writes then removes server.json',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'fitdesk-backup-cron-'));
      dirs.push(dataDir);
      const run = startServer({
        LOG_LEVEL: 'info', // the "backup written" lines are counted
        DATA_DIR: dataDir,
        SEED: 'none',
        BACKUP_CRON: '* * * * * *',
        BACKUP_KEEP: '2',
      });
      await run.waitFor(/running at http:\/\/127\.0\.0\.1:\d+\//);
      const port = /running at http:\/\/127\.0\.0\.1:(\d+)\//.exec(run.output())![1];

      // The channel's file: this process, its address, a fresh token, readable by the owner only.
      const control = await readControlFile(dataDir);
      expect(control).toMatchObject({ pid: run.child.pid, url: `http://127.0.0.1:${port}` });
      expect(control?.token).toMatch(/^[0-9a-f]{64}$/);
      expect(statSync(controlFilePath(dataDir)).mode & 0o777).toBe(0o600);

      // One line per scheduled backup, with the file and its size.
      const written =
        /backup written \(schedule\): [^"\n]+fitdesk-backup-[^"\n]+\.tar \(\d+(\.\d)? [KMG]?B\)/;
      await run.waitFor(() => run.count(written) >= 3);

      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      // Closing waited for the backup in flight: no temporary file is left, and only the newest two are kept.
      const files = backupFiles(join(dataDir, 'backups'));
      expect(files).toHaveLength(2);
      expect(readdirSync(join(dataDir, 'backups')).filter((name) => !files.includes(name))).toEqual([]);
      expect(existsSync(controlFilePath(dataDir))).toBe(false);
      expect(run.output()).not.toMatch(/backup failed/);
    },
    240_000,
  );

  // Needs a PostgreSQL server of its own (TEST_DB=postgres with TEST_DATABASE_URL): skipped on PGlite, where one
  // process holds the folder and so always leads.
  it.skipIf(testDbKind() !== 'postgres')(
    'two processes on one PostgreSQL take one backup per tick: only the outbox leader backs up',
    async () => {
      const name = `fitdesk_test_cron_${randomBytes(4).toString('hex')}`;
      const admin = await openPostgres(adminUrl(), { max: 1 });
      await admin.db.execute(sql.raw(`create database ${name} template ${TEMPLATE_DB}`));
      await admin.close();
      try {
        const backupDir = mkdtempSync(join(tmpdir(), 'fitdesk-backup-cluster-'));
        dirs.push(backupDir);
        const runs = [1, 2].map(() => {
          const dataDir = mkdtempSync(join(tmpdir(), 'fitdesk-backup-node-'));
          dirs.push(dataDir);
          return startServer({
            LOG_LEVEL: 'info',
            DATA_DIR: dataDir,
            DATABASE_URL: adminUrl(name),
            SEED: 'none',
            BACKUP_DIR: backupDir,
            BACKUP_CRON: '* * * * * *',
            BACKUP_KEEP: '3',
          });
        });
        for (const run of runs) await run.waitFor(/running at/);
        const written = /backup written \(schedule\)/;
        const total = () => runs.reduce((sum, run) => sum + run.count(written), 0);
        await runs[0]!.waitFor(() => total() >= 3);
        for (const run of runs) run.child.kill('SIGTERM');
        for (const run of runs) expect(await run.exited).toBe(0);
        const counts = runs.map((run) => run.count(written)).sort((a, b) => a - b);
        // One process did every backup; the other skipped every tick.
        expect(counts[0]).toBe(0);
        expect(counts[1]).toBeGreaterThanOrEqual(3);
        expect(backupFiles(backupDir)).toHaveLength(3);
        // No server.json on PostgreSQL: the command line backs it up itself (pg_dump or a logical export).
        for (const run of runs) expect(run.output()).not.toMatch(/backup failed/);
      } finally {
        const cleanup = await openPostgres(adminUrl(), { max: 1 });
        await cleanup.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
        await cleanup.close();
      }
    },
    240_000,
  );
});
