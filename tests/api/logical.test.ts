import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, type Executor, openPglite } from '#server/db/client.ts';
import { createMemberRepository } from '#server/modules/member/member.repository.ts';
import { describeLevel, expectedLevel } from '#server/ops/levels.ts';
import { copyDatabase, LogicalRefusal, verifyCopy } from '#server/ops/logical.ts';
import { exportLogical, importLogical } from '#server/ops/logical-file.ts';
import { listTables, queryRows, rowCounts } from '#server/ops/tables.ts';
import { seedDemo } from '#server/seed/seed.ts';
import { createDiskStorage } from '#server/storage/disk-storage.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

// The logical copy engine (docs/operations.md#move): the demo data copied database to database and through a
// file, proved by per-table row counts and SHA-256 checksums. The source is the test database (PGlite, or
// PostgreSQL when TEST_DB=postgres); the targets are in-memory PGlite.

let t: TestApp;
const opened: Database[] = [];
const dir = mkdtempSync(join(tmpdir(), 'fitdesk-logical-'));
const one = async <T>(db: Executor, statement: ReturnType<typeof sql>) =>
  (await queryRows<T>(db, statement))[0]!;

/** A migrated database with every table empty: the suite's migrated snapshot, emptied (or a new migration). */
const migrated = async () => {
  const snapshot = inject('pgliteSnapshot');
  const database = await openPglite(snapshot ? { loadDataDir: new Blob([readFileSync(snapshot)]) } : {});
  opened.push(database);
  if (!snapshot) await database.migrate();
  const counts = await rowCounts(database.db);
  const filled = Object.keys(counts).filter((name) => counts[name]! > 0);
  if (filled.length > 0)
    await database.db.execute(
      sql.raw(`truncate ${filled.map((n) => `"${n}"`).join(', ')} restart identity cascade`),
    );
  return database;
};
const empty = async () => {
  const database = await openPglite({});
  opened.push(database);
  return database;
};
const allEmpty = async (db: Executor) =>
  Object.values(await rowCounts(db)).every((rows) => rows === 0) && (await listTables(db)).length > 0;

let lateCoach: number;
let customer: number;
let nextLoginFailure: number;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, createMemberRepository(t.db), createDiskStorage(join(t.dataDir, 'uploads')));
  // What the JSON path could lose, made on purpose:
  // a customer whose trainer joined after them (a reference to a higher id of the same table);
  lateCoach = (
    await one<{ id: number }>(
      t.db,
      sql`insert into member (user_id, password_hash, name, phone, auth_code)
        values ('latecoach', 'x', '늦은 코치', '01000000001', 'MEMBER') returning id`,
    )
  ).id;
  customer = (
    await one<{ id: number }>(
      t.db,
      sql`update member set trainer_member_id = ${lateCoach}
        where id = (select min(id) from member where owner_gym_id is not null) returning id`,
    )
  ).id;
  // a jsonb holding JSON null (not SQL NULL), a text array with a NULL, quotes and commas, microseconds;
  await t.db.execute(
    sql`update consult set result = 'null'::jsonb, goals = array['a,b', 'c"d', null, '', '줄
바꿈'], create_date = '2024-02-29 23:59:59.123456+09'
      where id = (select min(id) from consult)`,
  );
  // and an identity that ran past its highest id (the last row was deleted): no id is handed out twice.
  const failures = await queryRows<{ id: number }>(
    t.db,
    sql`insert into login_failure (user_key, ip, created_at) values ('a', '1.1.1.1', now()), ('b', '1.1.1.1', now())
      returning id`,
  );
  await t.db.execute(sql`delete from login_failure where id = ${failures[1]!.id}`);
  nextLoginFailure = failures[1]!.id + 1;
}, 180_000);

afterAll(async () => {
  for (const database of opened) await database.close();
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('copyDatabase and verifyCopy', () => {
  it('copies every table with the same rows and checksums, and the identities continue', async () => {
    const target = await migrated();
    const events: { table: string; done: number; total: number }[] = [];
    const copied = await copyDatabase(t.db, target.db, { batchSize: 7, onProgress: (e) => events.push(e) });

    const counts = await rowCounts(t.db);
    expect(copied).toEqual(counts);
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBeGreaterThan(500);
    const verdicts = await verifyCopy(t.db, target.db);
    expect(verdicts.map((v) => v.table).sort()).toEqual(Object.keys(counts).sort());
    expect(verdicts.filter((v) => !v.ok)).toEqual([]);
    for (const v of verdicts) expect(v.sourceSha256).toMatch(/^[0-9a-f]{64}$/);
    // Progress per batch, ending at each table's total.
    const member = events.filter((e) => e.table === 'member');
    expect(member.at(-1)).toEqual({ table: 'member', done: counts.member, total: counts.member });
    expect(member.length).toBeGreaterThan(2);

    const copiedCustomer = await one<{ trainer: number }>(
      target.db,
      sql`select trainer_member_id as trainer from member where id = ${customer}`,
    );
    expect(copiedCustomer.trainer).toBe(lateCoach);
    const consult = await one<{ isJsonNull: boolean; goals: (string | null)[] }>(
      target.db,
      sql`select result = 'null'::jsonb as "isJsonNull", goals from consult order by id limit 1`,
    );
    expect(consult).toEqual({ isJsonNull: true, goals: ['a,b', 'c"d', null, '', '줄\n바꿈'] });

    // An insert after the copy takes the next id: max + 1, or past an id the source already handed out.
    const maxMember = await one<{ max: number }>(target.db, sql`select max(id) as max from member`);
    const newMember = await one<{ id: number }>(
      target.db,
      sql`insert into member (name, phone, auth_code, owner_gym_id)
        values ('새 고객', '01000000002', 'MEMBER', (select min(id) from gym)) returning id`,
    );
    expect(newMember.id).toBe(maxMember.max + 1);
    const failure = await one<{ id: number }>(
      target.db,
      sql`insert into login_failure (user_key, ip, created_at) values ('c', '1.1.1.1', now()) returning id`,
    );
    expect(failure.id).toBe(nextLoginFailure);
  });

  it('names a table whose rows differ', async () => {
    const target = await migrated();
    await copyDatabase(t.db, target.db);
    await target.db.execute(sql`update gym set name = name || '!' where id = (select min(id) from gym)`);
    const bad = (await verifyCopy(t.db, target.db)).filter((v) => !v.ok);
    expect(bad.map((v) => v.table)).toEqual(['gym']);
    expect(bad[0]!.sourceRows).toBe(bad[0]!.targetRows);
    expect(bad[0]!.sourceSha256).not.toBe(bad[0]!.targetSha256);
  });

  it('refuses a target that holds rows, and a failure halfway leaves every table empty', async () => {
    const target = await migrated();
    await target.db.execute(
      sql`insert into login_failure (user_key, ip, created_at) values ('x', 'y', now())`,
    );
    await expect(copyDatabase(t.db, target.db)).rejects.toThrow(
      new LogicalRefusal('the target is not empty (login_failure: 1 row); the copy needs empty tables'),
    );

    const failing = await migrated();
    // A table late in the order refuses every row: the tables copied before it are rolled back with it.
    const tables = await listTables(failing.db);
    const counts = await rowCounts(t.db);
    const late = tables.filter((table) => counts[table.name]! > 0).at(-1)!.name;
    await failing.db.execute(
      sql.raw(`alter table "${late}" add constraint copy_fails check (false) not valid`),
    );
    await expect(copyDatabase(t.db, failing.db, { batchSize: 50 })).rejects.toThrow(
      new RegExp(`^writing the rows of ${late} failed: .*copy_fails`),
    );
    expect(await allEmpty(failing.db)).toBe(true);
  });
});

describe('exportLogical and importLogical', () => {
  const file = join(dir, 'demo.jsonl.gz');

  it('round-trips the database through one gzipped file of JSON lines', async () => {
    const exported = await exportLogical(t.db, file);
    expect(exported.tables).toEqual(await rowCounts(t.db));
    const lines = gunzipSync(readFileSync(file)).toString('utf8').trimEnd().split('\n');
    const header = JSON.parse(lines[0]!);
    expect(header).toMatchObject({ format: 'fitdesk-logical', version: 1, level: expectedLevel() });
    expect(header.tables.find((table: { name: string }) => table.name === 'consult').wrapped).toContain(
      'result',
    );
    expect(JSON.parse(lines.at(-1)!)).toEqual(['end', header.tables.length]);

    const target = await empty();
    const imported = await importLogical(target, file, { batchSize: 11 });
    expect(imported.level).toEqual(expectedLevel());
    expect(imported.tables).toEqual(exported.tables);
    expect((await verifyCopy(t.db, target.db)).filter((v) => !v.ok)).toEqual([]);
    const failure = await one<{ id: number }>(
      target.db,
      sql`insert into login_failure (user_key, ip, created_at) values ('c', '1.1.1.1', now()) returning id`,
    );
    expect(failure.id).toBe(nextLoginFailure);
  });

  it('refuses a file from a level this code does not know, naming both levels, and writes nothing', async () => {
    const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
    const header = JSON.parse(lines[0]!);
    header.level = { level: expectedLevel().level + 3, tag: '0011_from_the_future' };
    const newer = join(dir, 'newer.jsonl.gz');
    writeFileSync(newer, gzipSync([JSON.stringify(header), ...lines.slice(1)].join('\n')));

    const target = await empty();
    const refusal = importLogical(target, newer);
    await expect(refusal).rejects.toThrow(LogicalRefusal);
    await expect(refusal).rejects.toThrow(
      `the file is at level ${expectedLevel().level + 3} (0011_from_the_future), which this version does not know; ` +
        `it knows up to ${describeLevel(expectedLevel())}`,
    );
    expect(await listTables(target.db)).toEqual([]);
  });

  it('refuses a truncated file before touching the database, and a database that is not empty', async () => {
    const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
    const truncated = join(dir, 'truncated.jsonl.gz');
    writeFileSync(truncated, gzipSync(lines.slice(0, Math.floor(lines.length / 2)).join('\n')));
    const target = await empty();
    await expect(importLogical(target, truncated)).rejects.toThrow(/^the file (ends|holds)/);
    expect(await listTables(target.db)).toEqual([]);

    const full = await migrated();
    await expect(importLogical(full, file)).rejects.toThrow(
      /^the database to import into is not empty \(\d+ tables\); the import needs an empty database$/,
    );
  });
});
