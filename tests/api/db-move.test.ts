import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { validateRoute } from '#domain/api/auth.ts';
import type { memberGymListRoute } from '#domain/api/gym.ts';
import { openPglite, openPostgres } from '#server/db/client.ts';
import { installServerKey, loadServerKey } from '#server/kernel/sealing.ts';
import { createMemberRepository } from '#server/modules/member/member.repository.ts';
import { seedSubServiceCatalogue } from '#server/modules/sub-service/sub-service.ts';
import { currentLevel, describeLevel, expectedLevel, readJournal } from '#server/ops/levels.ts';
import { migrateToLevel } from '#server/ops/logical-file.ts';
import { maskUrl } from '#server/ops/move.ts';
import { queryRows } from '#server/ops/tables.ts';
import { bootstrapSuperadmin, seedDemo } from '#server/seed/seed.ts';
import { createDiskStorage } from '#server/storage/disk-storage.ts';
import type { DataOf } from '../fixtures/api.ts';
import { adminUrl, testDbKind } from '../fixtures/database.ts';

// `npm run db:move` (docs/operations.md#move), the "Move round trip": the demo data moved out of an
// embedded database into a fresh PostgreSQL database by the real CLI, then the real server started on it, the
// demo owner signed in and a demo upload read through the API. And the refusals, each of which leaves the
// target as it was.

const root = join(import.meta.dirname, '..', '..');
const dirs: string[] = [];
const children: ChildProcess[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'fitdesk-move-'));
  dirs.push(dir);
  return dir;
};

/** A node process on a script of the repository, its output collected. */
const run = (args: string[], env: Record<string, string>) => {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = async (pattern: RegExp, ms = 90_000) => {
    const until = Date.now() + ms;
    while (!pattern.test(stdout + stderr)) {
      if (Date.now() > until || child.exitCode !== null)
        throw new Error(`no ${pattern} in:\n${stdout}${stderr}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return (stdout + stderr).match(pattern)!;
  };
  return { child, exited, waitFor, stdout: () => stdout, stderr: () => stderr };
};

/**
 * One HTTP request on a connection of its own, closed after the answer: a kept-alive socket would hold the
 * server's graceful shutdown open (Fastify keeps idle connections 72 s).
 */
const request = (
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
) =>
  new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const sent = httpRequest(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(options.body);
  });

const move = async (dataDir: string, ...args: string[]) => {
  const cli = run(['scripts/db-move.ts', ...args], { DATA_DIR: dataDir });
  const code = await cli.exited;
  return { code, stdout: cli.stdout(), stderr: cli.stderr() };
};

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('maskUrl', () => {
  it('hides the password of the URL it prints', () => {
    expect(maskUrl('postgres://fitdesk:s3cr%40t@db.example:5432/fitdesk')).toBe(
      'postgres://fitdesk:****@db.example:5432/fitdesk',
    );
    expect(maskUrl('postgresql://db.example/fitdesk?user=a&password=s3cret')).toBe(
      'postgresql://db.example/fitdesk?user=a&password=****',
    );
    expect(maskUrl('postgres://postgres@127.0.0.1/x')).toBe('postgres://postgres@127.0.0.1/x');
  });
});

describe.skipIf(testDbKind() !== 'postgres')(
  'npm run db:move (runs with TEST_DB=postgres and TEST_DATABASE_URL; it makes and drops its own databases)',
  () => {
    const names: string[] = [];
    const dataDir = tempDir();

    /** A new empty database on the test server. */
    const newDatabase = async () => {
      const name = `fitdesk_move_${randomBytes(5).toString('hex')}`;
      const admin = await openPostgres(adminUrl(), { max: 1 });
      await admin.db.execute(sql.raw(`create database ${name}`));
      await admin.close();
      names.push(name);
      return adminUrl(name);
    };
    /** The tables of a database (every schema but the system's), with their rows. */
    const contents = async (url: string) => {
      const database = await openPostgres(url, { max: 1 });
      try {
        const tables = await queryRows<{ name: string }>(
          database.db,
          sql`select schemaname || '.' || tablename as name from pg_tables
            where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
        );
        const result: Record<string, number> = {};
        for (const { name } of tables) {
          const [row] = await queryRows<{ n: number }>(
            database.db,
            sql.raw(`select count(*)::int as n from ${name}`),
          );
          result[name] = row!.n;
        }
        return result;
      } finally {
        await database.close();
      }
    };

    beforeAll(async () => {
      // The demo, loaded into an embedded database the way the first `npm start` loads it.
      const database = await openPglite({ dataDir });
      await database.migrate();
      await seedSubServiceCatalogue(database.db);
      const members = createMemberRepository(database.db);
      await bootstrapSuperadmin(members, { userId: 'operator', password: 'operator1234' });
      await installServerKey(database.db, loadServerKey({ dataDir }));
      await seedDemo(database.db, members, createDiskStorage(join(dataDir, 'uploads')));
      await database.close();
    }, 180_000);

    afterAll(async () => {
      const admin = await openPostgres(adminUrl(), { max: 1 });
      for (const name of names)
        await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await admin.close();
    });

    it('refuses a URL that does not connect, and one that is not PostgreSQL', async () => {
      const port = await new Promise<number>((resolve) => {
        const probe = createServer().listen(0, '127.0.0.1', () => {
          const { port } = probe.address() as { port: number };
          probe.close(() => resolve(port));
        });
      });
      const closed = await move(dataDir, '--to', `postgres://postgres@127.0.0.1:${port}/fitdesk`);
      expect(closed.code).toBe(1);
      expect(closed.stderr.trim()).toBe(
        `fitdesk db:move: cannot connect to postgres://postgres@127.0.0.1:${port}/fitdesk: connect ECONNREFUSED 127.0.0.1:${port}`,
      );
      expect(closed.stdout).toBe('');

      const mysql = await move(dataDir, '--to', 'mysql://root@127.0.0.1/fitdesk');
      expect(mysql.code).toBe(1);
      expect(mysql.stderr.trim()).toBe(
        'fitdesk db:move: --to must be a postgres:// or postgresql:// URL, not "mysql://root@127.0.0.1/fitdesk"',
      );
      const unknown = await move(dataDir, '--to', await newDatabase(), '--force');
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toMatch(/^fitdesk db:move: Unknown option '--force'; usage: /);
    }, 60_000);

    it('refuses a database that is not empty, and leaves it as it was', async () => {
      const url = await newDatabase();
      const database = await openPostgres(url, { max: 1 });
      await database.db.execute(sql`create table keep_me (note text)`);
      await database.db.execute(sql`insert into keep_me values ('mine')`);
      await database.close();

      const refused = await move(dataDir, '--to', url);
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim()).toBe(
        'fitdesk db:move: the target database is not empty (1 table); moving needs an empty database',
      );
      expect(await contents(url)).toEqual({ 'public.keep_me': 1 });
    }, 60_000);

    it('refuses the folder while the server holds its lock, naming the process', async () => {
      const url = await newDatabase();
      const server = run(['server/main.ts'], { DATA_DIR: dataDir, PORT: '0' });
      await server.waitFor(/running at/);
      try {
        const refused = await move(dataDir, '--to', url);
        expect(refused.code).toBe(1);
        expect(refused.stderr.trim()).toBe(
          `fitdesk db:move: the embedded database in ${dataDir} is in use by process ${server.child.pid} ` +
            `(${process.execPath} --import tsx server/main.ts); stop it first`,
        );
        expect(await contents(url)).toEqual({});
      } finally {
        server.child.kill('SIGTERM');
        expect(await server.exited, server.stdout() + server.stderr()).toBe(0);
      }
    }, 120_000);

    it('--dry-run connects, checks and counts, and writes nothing', async () => {
      const url = await newDatabase();
      const dry = await move(dataDir, '--to', url, '--dry-run');
      expect(dry.code).toBe(0);
      expect(dry.stdout).toMatch(/^member +\d+$/m);
      expect(dry.stdout).toMatch(
        /Dry run: \S+ connects and is empty; [\d,]+ rows in \d+ tables would be copied\. Nothing was written\./,
      );
      expect(await contents(url)).toEqual({});
    }, 60_000);

    it('migrates an embedded database that is behind before moving it, and says so', async () => {
      const behind = tempDir();
      const database = await openPglite({ dataDir: behind });
      await migrateToLevel(database, expectedLevel().level - 1);
      await database.close();

      const moved = await move(behind, '--to', await newDatabase());
      expect(moved.code, moved.stderr).toBe(0);
      const previous = expectedLevel().level - 1;
      expect(moved.stderr).toContain(
        `the embedded database is at ${describeLevel({ level: previous, tag: readJournal()[previous - 1]!.tag })}; `,
      );
      expect(moved.stderr).toContain(
        `migrating it to ${describeLevel(expectedLevel())} first, as starting the server would`,
      );
      const reopened = await openPglite({ dataDir: behind });
      expect(await currentLevel(reopened.db)).toEqual(expectedLevel());
      await reopened.close();
    }, 120_000);

    it('a copy that fails halfway leaves the target as empty as it found it', async () => {
      // A row the embedded database took only because its check was dropped: PostgreSQL's copy of the schema
      // refuses it.
      const broken = tempDir();
      const database = await openPglite({ dataDir: broken });
      await database.migrate();
      await database.db.execute(sql`alter table member drop constraint member_status_check`);
      await database.db.execute(
        sql`insert into member (user_id, password_hash, name, phone, auth_code, status)
          values ('odd', 'x', '이상한', '01000000000', 'MEMBER', 'WEIRD')`,
      );
      await database.close();
      const url = await newDatabase();
      const extensions = async () => {
        const target = await openPostgres(url, { max: 1 });
        const rows = await queryRows<{ name: string }>(
          target.db,
          sql`select extname as name from pg_extension`,
        );
        await target.close();
        return rows.map((row) => row.name).sort();
      };
      const before = await extensions();

      const failed = await move(broken, '--to', url);
      expect(failed.code).toBe(1);
      expect(failed.stderr.trim().split('\n').at(-1)).toBe(
        'fitdesk db:move: the move failed: writing the rows of member failed: new row for relation "member" violates ' +
          'check constraint "member_status_check"; the target was left empty',
      );
      expect(failed.stderr).not.toContain('01000000000');
      expect(await contents(url)).toEqual({});
      expect(await extensions()).toEqual(before);
    }, 120_000);

    it('moves the demo to PostgreSQL; the server then runs on it with the same logins and uploads', async () => {
      const url = await newDatabase();
      const moved = await move(dataDir, '--to', url);
      expect(moved.code, moved.stderr).toBe(0);
      const rows = moved.stdout.split('\n').filter((line) => /^[a-z_]+ +[\d,]+ +[\d,]+ +\S+$/.test(line));
      expect(rows.length).toBeGreaterThan(40);
      expect(rows.filter((line) => !line.endsWith(' same'))).toEqual([]);
      expect(moved.stdout).toMatch(
        /Moved [\d,]+ rows in \d+ tables in [\d.]+ s; every count and checksum matches\./,
      );
      expect(moved.stdout).toContain(`Set:   DATABASE_URL=${maskUrl(url)}`);
      expect(moved.stdout).toContain(
        `Keep:  DATA_DIR=${dataDir}  (the uploads stay in ${join(dataDir, 'uploads')}`,
      );
      expect(moved.stderr).toMatch(/^fitdesk db:move: copied member: [\d,]+ rows$/m);
      // The embedded database is left where it was.
      expect(existsSync(join(dataDir, 'db', 'PG_VERSION'))).toBe(true);

      const server = run(['server/main.ts'], { DATABASE_URL: url, DATA_DIR: dataDir, PORT: '0' });
      try {
        const [, port] = await server.waitFor(/running at http:\/\/127\.0\.0\.1:(\d+)\//);
        const output = server.stdout();
        expect(output).toContain('database: postgres');
        // Nothing is seeded or created twice: the moved operator and demo accounts are the ones there.
        expect(output).not.toMatch(/SUPERADMIN created|Demo logins/);

        const base = `http://127.0.0.1:${port}`;
        const login = await request(`${base}/web/member/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ userId: 'demo', password: 'demo1234' }),
        });
        expect(login.status).toBe(200);
        expect(JSON.parse(login.body.toString()).data.userId).toBe('demo');
        const sid = login.headers['set-cookie']?.map((c) => /^sid=([^;]+)/.exec(c)?.[1]).find(Boolean);
        expect(sid).toBeTruthy();
        const headers = { cookie: `sid=${sid}` };
        const me: DataOf<typeof validateRoute> = JSON.parse(
          (await request(`${base}/web/member/validate`, { headers })).body.toString(),
        ).data;
        const gyms: DataOf<typeof memberGymListRoute> = JSON.parse(
          (await request(`${base}/web/member/gym-list/${me.id}`, { headers })).body.toString(),
        ).data;
        const active = gyms.find((gym) => gym.gymStatus === 'ACTIVE')!;
        expect(active.businessUrlImgUrl).toMatch(/^\/web\/file\/[0-9a-f]{32}$/);
        const document = await request(`${base}${active.businessUrlImgUrl}`, { headers });
        expect(document.status).toBe(200);
        expect(document.headers['content-type']).toBe('application/pdf');
        expect(document.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      } finally {
        server.child.kill('SIGTERM');
        expect(await server.exited, server.stdout() + server.stderr()).toBe(0);
      }

      // Moved once, refused the second time: the target is no longer empty.
      const again = await move(dataDir, '--to', url);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(
        /the target database is not empty \(\d+ tables\); moving needs an empty database/,
      );
    }, 240_000);
  },
);
