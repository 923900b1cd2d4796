import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedRanAlready } from '../fixtures/database.ts';
import { serverProcesses } from '../fixtures/server-process.ts';

// The real entry point, as `npm start` runs it (without the web build), on a folder of its own.
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'fitdesk-main-'));
  dirs.push(dir);
  return dir;
};

const start = serverProcesses();

// Always the embedded database: skipped in the PostgreSQL run, which would repeat the PGlite run's work.
describe.skipIf(embeddedRanAlready())('server/main.ts', () => {
  it('stops at start-up with one line naming a bad variable', { timeout: 60_000 }, async () => {
    const run = start({ DATA_DIR: tempDir(), PORT: 'eighty' });
    expect(await run.exited).toBe(1);
    expect(run.output().trim()).toMatch(/^fitdesk: Invalid environment variable PORT="eighty": .+$/);
  });

  it('seeds a new embedded database, prints the logins, refuses a second process, and shuts down gracefully', async () => {
    const dataDir = tempDir();
    const first = start({ DATA_DIR: dataDir });
    const [, port] = await first.waitFor(/running at http:\/\/127\.0\.0\.1:(\d+)\//);
    await first.waitFor(/demo \/ demo1234/);
    expect(first.output()).toMatch(/SUPERADMIN created: superadmin \/ \S+ {3}\(shown only this once\)/);

    const health = await fetch(`http://127.0.0.1:${port}/web/health`);
    expect(await health.json()).toMatchObject({ data: { status: 'ok', db: 'pglite' } });
    const login = await fetch(`http://127.0.0.1:${port}/web/member/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: 'demo', password: 'demo1234' }),
    });
    expect(login.status).toBe(200);

    const second = start({ DATA_DIR: dataDir });
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toMatch(/in use by another process \(pid \d+\)/);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    // Reopened: the data is kept, nothing is seeded twice, and the generated password is not shown again.
    const third = start({ DATA_DIR: dataDir });
    await third.waitFor(/running at/);
    expect(third.output()).not.toMatch(/SUPERADMIN created/);
    expect(third.output()).not.toMatch(/Demo logins/);
    third.child.kill('SIGINT');
    expect(await third.exited).toBe(0);
  }, 240_000);

  it('loads nothing with SEED=none and takes the operator from ADMIN_USER_ID/ADMIN_PASSWORD', async () => {
    const run = start({
      DATA_DIR: tempDir(),
      SEED: 'none',
      ADMIN_USER_ID: 'owner',
      ADMIN_PASSWORD: 'owner1234',
    });
    const [, port] = await run.waitFor(/running at http:\/\/127\.0\.0\.1:(\d+)\//);
    expect(run.output()).toMatch(/SUPERADMIN created: owner \(password from ADMIN_PASSWORD\)/);
    expect(run.output()).not.toMatch(/Demo logins/);
    const demo = await fetch(`http://127.0.0.1:${port}/web/member/check-userId?userId=demo`);
    expect(await demo.json()).toEqual({ data: { available: true } });
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  }, 150_000);
});
