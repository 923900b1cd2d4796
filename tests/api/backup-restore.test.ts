import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openPglite, openPostgres } from '#server/db/client.ts';
import { file, member } from '#server/db/schema/index.ts';
import { installServerKey, loadServerKey } from '#server/kernel/sealing.ts';
import { createMemberRepository } from '#server/modules/member/member.repository.ts';
import { seedSubServiceCatalogue } from '#server/modules/sub-service/sub-service.ts';
import { readArchive, writeArchive } from '#server/ops/archive.ts';
import {
  BACKUP_FILE_PATTERN,
  type BackupProgressEvent,
  type BackupResult,
  createBackup,
  listBackups,
} from '#server/ops/backup.ts';
import { currentLevel, describeLevel, expectedLevel } from '#server/ops/levels.ts';
import { verifyCopy } from '#server/ops/logical.ts';
import { migrateToLevel } from '#server/ops/logical-file.ts';
import { formatCounts, restoreBackup, verifyBackup } from '#server/ops/restore.ts';
import { listTables, queryRows, rowCounts, tableChecksum } from '#server/ops/tables.ts';
import { seedDemo } from '#server/seed/seed.ts';
import { createDiskStorage } from '#server/storage/disk-storage.ts';
import { adminUrl, testDbKind } from '../fixtures/database.ts';

// The backup and restore round trip (docs/operations.md#backup, #restore and #proofs): the demo data set backed up
// while its database is open, restored into a new folder, and compared; the refusals go through the real CLI.

const root = join(import.meta.dirname, '..', '..');
const dirs: string[] = [];
const tempDir = (prefix = 'fitdesk-backup-') => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * The demo data set in a data folder, the way server/main.ts makes it; started from the suite's migrated snapshot
 * when there is one (docs/architecture.md#tests), which saves a new database and its migrations.
 */
const seedDemoFolder = async (dataDir: string): Promise<Database> => {
  const snapshot = inject('pgliteSnapshot');
  const database = await openPglite({
    dataDir,
    loadDataDir: snapshot ? new Blob([readFileSync(snapshot)]) : undefined,
  });
  await database.migrate();
  await seedSubServiceCatalogue(database.db);
  // The demo's payment-request texts are sealed to the server key, as server/main.ts installs it before the seed.
  await installServerKey(database.db, loadServerKey({ dataDir }));
  await seedDemo(
    database.db,
    createMemberRepository(database.db),
    createDiskStorage(join(dataDir, 'uploads')),
  );
  return database;
};

const cli = (script: 'backup' | 'restore', args: string[], env: Record<string, string>) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });

/** Where an entry's data starts in a tar (the 512-byte header before it names it). */
const dataOffset = (archive: Buffer, name: string): number => {
  for (let offset = 0; offset + 512 <= archive.length; ) {
    const field = (start: number, length: number) =>
      archive
        .subarray(offset + start, offset + start + length)
        .toString('latin1')
        .replace(/\0.*$/s, '')
        .trim();
    const entry = field(0, 100);
    const size = Number.parseInt(field(124, 12), 8);
    if (entry === name) return offset + 512;
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  throw new Error(`no ${name} in the archive`);
};

const readStream = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const checksums = async (db: Database['db']) => {
  const result: Record<string, string> = {};
  for (const table of await listTables(db)) result[table.name] = await tableChecksum(db, table);
  return result;
};

/** Shared with the PostgreSQL block: the PGlite demo's backup, restored there too. */
let pgliteBackup: BackupResult | undefined;

describe('backup and restore on the embedded database', () => {
  const dataDir = tempDir();
  let source: Database | undefined;
  beforeAll(async () => {
    source = await seedDemoFolder(dataDir);
  }, 120_000);
  afterAll(async () => {
    await source?.close();
  });

  it('backs up the open database and restores it into a new folder: same counts, same rows, the uploads open', async () => {
    const db = source!.db;
    // Written just before the backup: it must be in the copy.
    const [gym] = await queryRows<{ id: number }>(db, sql`select id from gym order by id limit 1`);
    await db
      .insert(member)
      .values({ name: 'Written before', phone: '01011112222', authCode: 'MEMBER', ownerGymId: gym!.id });
    const events: BackupProgressEvent[] = [];
    let racing: Promise<unknown> | undefined;
    const backup = await createBackup({
      db,
      dbKind: 'pglite',
      dataDir,
      backupDir: join(dataDir, 'backups'),
      keep: 14,
      onProgress: (event) => {
        events.push(event);
        // A write racing the backup: it lands wholly before or wholly after the snapshot, never half.
        if (event.step === 'counts' && !racing) {
          racing = db
            .insert(member)
            .values({ name: 'Racing', phone: '01033334444', authCode: 'MEMBER', ownerGymId: gym!.id });
        }
      },
    });
    await racing;
    pgliteBackup = backup;

    expect(backup.name).toMatch(BACKUP_FILE_PATTERN);
    expect(backup.file).toBe(join(dataDir, 'backups', backup.name));
    expect([...new Set(events.map((event) => event.step))]).toEqual([
      'counts',
      'database',
      'uploads',
      'archive',
      'prune',
    ]);
    expect(backup.manifest).toMatchObject({
      format: 'fitdesk-backup',
      formatVersion: 1,
      app: { name: 'fitdesk' },
      database: { kind: 'pglite', method: 'pglite-dump' },
      migration: expectedLevel(),
    });
    expect(backup.manifest.parts.map((part) => part.name)).toEqual(['database.pglite.tar.gz', 'uploads.tar']);
    expect(await verifyBackup(backup.file)).toEqual(backup.manifest);
    // Nothing but the finished file is left in the folder.
    expect(readdirSync(join(dataDir, 'backups'))).toEqual([backup.name]);

    const target = join(tempDir(), 'restored');
    const result = await restoreBackup({ file: backup.file, dataDir: target });
    expect(result.counts.filter((row) => row.status !== 'same')).toEqual([]);
    expect(result.from).toEqual(expectedLevel());
    expect(result.to).toEqual(expectedLevel());
    expect(existsSync(join(target, 'db.lock'))).toBe(false);

    const restored = await openPglite({ dataDir: target });
    try {
      const copy = restored.db;
      const counts = await rowCounts(copy);
      expect(counts).toEqual(backup.manifest.rowCounts);
      expect(counts.member).toBeGreaterThan(20);
      // The counts and the dump are one snapshot: the racing row is in both or in neither.
      const racingInCopy = (await copy.select().from(member).where(eq(member.name, 'Racing'))).length;
      expect(counts.member).toBe((await rowCounts(db)).member! - (1 - racingInCopy));
      expect(await copy.select().from(member).where(eq(member.name, 'Written before'))).toHaveLength(1);

      // Every table but the one the race wrote to holds the same rows, byte for byte.
      const [before, after] = await Promise.all([checksums(db), checksums(copy)]);
      expect({ ...after, member: '' }).toEqual({ ...before, member: '' });

      const owner = (db: Database['db']) => db.select().from(member).where(eq(member.userId, 'demo'));
      expect(await owner(copy)).toEqual(await owner(db));
      const customer = (db: Database['db']) =>
        db.select().from(member).where(isNotNull(member.ownerGymId)).orderBy(asc(member.id)).limit(1);
      expect((await customer(copy))[0]).toEqual((await customer(db))[0]);
      const [document] = await db.select().from(file).orderBy(asc(file.id)).limit(1);
      expect(document).toBeDefined();
      expect((await copy.select().from(file).where(eq(file.id, document!.id)))[0]).toEqual(document);

      const original = await createDiskStorage(join(dataDir, 'uploads')).open(document!.storageKey);
      const copied = await createDiskStorage(join(target, 'uploads')).open(document!.storageKey);
      expect(copied?.size).toBe(document!.size);
      expect((await readStream(copied!.stream)).equals(await readStream(original!.stream))).toBe(true);
    } finally {
      await restored.close();
    }
  }, 60_000);

  it('names a second backup in the same second -2 and keeps the newest BACKUP_KEEP, deleting nothing else', async () => {
    const backupDir = tempDir();
    const others = [
      'notes.txt',
      'fitdesk-backup-20200101-000000.tar.bak',
      'my-fitdesk-backup-20200101-000000.tar',
    ];
    for (const name of [
      ...others,
      'fitdesk-backup-20200101-000000.tar',
      'fitdesk-backup-20200101-000001.tar',
      'fitdesk-backup-20200101-000001-2.tar',
    ]) {
      writeFileSync(join(backupDir, name), 'old');
    }
    const clock = () => new Date('2026-03-01T03:00:00+09:00');
    const options = { db: source!.db, dbKind: 'pglite' as const, dataDir, backupDir, clock };

    const first = await createBackup({ ...options, keep: 3 });
    expect(first.name).toBe('fitdesk-backup-20260301-030000.tar');
    expect(first.createdAt).toBe('2026-02-28T18:00:00.000Z');
    expect((await listBackups(backupDir)).map((b) => b.name)).toEqual([
      'fitdesk-backup-20260301-030000.tar',
      'fitdesk-backup-20200101-000001-2.tar',
      'fitdesk-backup-20200101-000001.tar',
    ]);

    const second = await createBackup({ ...options, keep: 2 });
    expect(second.name).toBe('fitdesk-backup-20260301-030000-2.tar');
    const listed = await listBackups(backupDir);
    expect(listed.map((b) => b.name)).toEqual([second.name, first.name]);
    expect(listed[0]).toEqual({
      name: second.name,
      file: second.file,
      bytes: second.bytes,
      createdAt: second.createdAt,
    });
    expect(readdirSync(backupDir).sort()).toEqual([...others, first.name, second.name].sort());
    expect(await listBackups(join(backupDir, 'missing'))).toEqual([]);
  }, 60_000);

  it('refuses a truncated file, an edited part, a newer level and a folder in use, writing nothing', async () => {
    const backup = pgliteBackup!;
    const whole = readFileSync(backup.file);
    const bad = tempDir();

    const truncated = join(bad, 'truncated.tar');
    writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));

    const edited = join(bad, 'edited.tar');
    const flipped = Buffer.from(whole);
    flipped[dataOffset(flipped, 'database.pglite.tar.gz') + 1000]! ^= 0xff;
    writeFileSync(edited, flipped);

    // The same backup, its manifest claiming a level this code does not have: a higher one, and one of the same
    // number from another version's migrations.
    const parts = tempDir();
    await readArchive(backup.file, parts);
    const manifest = JSON.parse(readFileSync(join(parts, 'manifest.json'), 'utf8'));
    const withLevel = async (name: string, migration: { level: number; tag: string }) => {
      writeFileSync(join(parts, 'manifest.json'), JSON.stringify({ ...manifest, migration }));
      await writeArchive(join(bad, name), parts, ['manifest.json', 'database.pglite.tar.gz', 'uploads.tar']);
      return join(bad, name);
    };
    const expected = expectedLevel();
    const future = { level: expected.level + 1, tag: '9999_from_the_future' };
    const newer = await withLevel('newer.tar', future);
    const sibling = { level: expected.level, tag: '0008_another_branch' };
    const unknown = await withLevel('unknown.tar', sibling);

    // A folder whose lock names a live process (this one).
    const held = tempDir();
    writeFileSync(join(held, 'db.lock'), String(process.pid));

    const fresh = () => join(tempDir(), 'target');
    const targets = [fresh(), fresh(), fresh(), fresh()];
    // The command's own temporary folder (os.tmpdir() follows TMPDIR): private, so that other test files running
    // at the same time cannot make it look untidy.
    const scratch = tempDir('fitdesk-restore-scratch-');
    const env = { DATA_DIR: join(tempDir(), 'unused'), TMPDIR: scratch };
    const runs = await Promise.all([
      cli('restore', [truncated, '--data-dir', targets[0]!], env),
      cli('restore', [edited, '--data-dir', targets[1]!], env),
      cli('restore', [newer, '--data-dir', targets[2]!], env),
      cli('restore', [backup.file, '--data-dir', held], env),
      cli('restore', [backup.file, '--data-dir', dataDir, '--verbose'], env),
      cli('restore', [unknown, '--data-dir', targets[3]!], env),
    ]);
    for (const run of runs) {
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
    }
    const refusal = (i: number) =>
      runs[i]!.stderr.split('\n').find((line) => line.startsWith('fitdesk restore: '));
    expect(refusal(0)).toMatch(
      /the part database\.pglite\.tar\.gz failed its hash check: the file is damaged or truncated/,
    );
    expect(refusal(1)).toBe(
      'fitdesk restore: the part database.pglite.tar.gz failed its hash check: the file is damaged or truncated',
    );
    expect(refusal(2)).toContain(
      `the backup is at ${describeLevel(future)}, newer than this version's ${describeLevel(expected)}`,
    );
    expect(refusal(3)).toContain(`is in use by a running process (pid ${process.pid})`);
    expect(refusal(4)).toMatch(/Unknown option '--verbose'/);
    expect(refusal(5)).toContain(
      `the backup is at ${describeLevel(sibling)}, a migration this version does not know; this version is at ${describeLevel(expected)}`,
    );
    for (const target of targets) expect(existsSync(target)).toBe(false);
    expect(readdirSync(held)).toEqual(['db.lock']);
    expect(readdirSync(scratch).filter((name) => name.startsWith('fitdesk-restore-'))).toEqual([]);
  }, 60_000);

  it('restores a backup from an older level through the CLI and migrates it; a second restore there is refused', async () => {
    // An older version's database: the migrations up to 0009, no uploads. (0010 adds counted tables, so the restore
    // shows new ones; every later one too is run by the restore.)
    const OLDER_LEVEL = 10;
    const expected = expectedLevel();
    const older = await openPglite({});
    let backup: BackupResult;
    try {
      await migrateToLevel(older, OLDER_LEVEL);
      backup = await createBackup({
        db: older.db,
        dbKind: 'pglite',
        dataDir: tempDir(),
        backupDir: tempDir(),
        keep: 1,
      });
    } finally {
      await older.close();
    }
    const from = backup.manifest.migration;
    expect(from.level).toBe(OLDER_LEVEL);

    const target = join(tempDir(), 'older');
    const run = await cli('restore', [backup.file], { DATA_DIR: target });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      `restore: migrating from ${describeLevel(from)} to ${describeLevel(expected)}`,
    );
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^table +backup +restored$/);
    expect(lines.filter((line) => line.endsWith('new table (a later migration)')).length).toBeGreaterThan(0);
    expect(lines.filter((line) => line.includes('differs'))).toEqual([]);
    expect(lines.at(-1)).toBe(
      `Restored ${backup.file} into ${target} (migrated from ${describeLevel(from)} to ${describeLevel(expected)}, 0 uploads). Start the server with DATA_DIR=${target}`,
    );
    const restored = await openPglite({ dataDir: target });
    expect(await currentLevel(restored.db)).toEqual(expected);
    await restored.close();

    const before = readdirSync(target).sort();
    const again = await cli('restore', [backup.file, '--data-dir', target], {});
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(
      `fitdesk restore: the folder ${target} already holds a database: restore into a new folder, or move ${join(target, 'db')} away first`,
    );
    expect(readdirSync(target).sort()).toEqual(before);
  }, 60_000);

  it("prints the counts beside the backup's, flagging a difference and a new table", () => {
    expect(
      formatCounts([
        { table: 'gym', backup: 4, restored: 4, status: 'same' },
        { table: 'member', backup: 10, restored: 9, status: 'differs' },
        { table: 'sale', restored: 0, status: 'new' },
      ]).split('\n'),
    ).toEqual([
      'table      backup   restored',
      'gym             4          4',
      'member         10          9  << differs',
      'sale            -          0  new table (a later migration)',
    ]);
  });

  it('npm run backup opens a folder no server holds, backs it up and lets it go', async () => {
    const counts = await rowCounts(source!.db);
    await source!.close();
    source = undefined;
    const backupDir = tempDir();
    const run = await cli('backup', [], { DATA_DIR: dataDir, BACKUP_DIR: backupDir, BACKUP_KEEP: '3' });
    expect(run.code, run.stderr).toBe(0);
    const match = /^Backup written: (\S+) \((\d+\.\d) (KB|MB)\)\n$/.exec(run.stdout);
    expect(match, run.stdout).not.toBeNull();
    expect(match![1]).toMatch(new RegExp(`^${backupDir}/fitdesk-backup-\\d{8}-\\d{6}\\.tar$`));
    for (const label of [
      'counting the rows',
      'copying the database',
      'packing the uploads',
      'writing the backup file',
    ]) {
      expect(run.stderr).toContain(`backup: ${label}`);
    }
    expect(existsSync(join(dataDir, 'db.lock'))).toBe(false);
    expect((await verifyBackup(match![1]!)).rowCounts).toEqual(counts);
  }, 60_000);

  it('npm run backup asks the running server that holds the folder, and refuses a holder without a channel', async () => {
    const folder = tempDir();
    writeFileSync(join(folder, 'db.lock'), String(process.pid));
    const noChannel = await cli('backup', [], { DATA_DIR: folder });
    expect(noChannel.code).toBe(1);
    expect(noChannel.stderr).toMatch(
      new RegExp(
        `^fitdesk backup: the database folder ${folder} is in use by process ${process.pid}, which offers no backup channel`,
        'm',
      ),
    );

    // A stand-in for the server's POST /web/ops/backup, speaking the channel's contract.
    const token = randomBytes(32).toString('hex');
    let busy = false;
    const server = createServer((request, response) => {
      if (request.headers.authorization !== `Bearer ${token}`) return response.writeHead(401).end('{}');
      if (busy)
        return response
          .writeHead(409, { 'content-type': 'application/json' })
          .end('{"reason":"backupRunning"}');
      response.writeHead(200, { 'content-type': 'application/x-ndjson' });
      response.write('{"step":"counts"}\n{"step":"database"}\n{"step":"uploads","done":1,"total":2}\n');
      response.end(
        `{"result":{"file":"/srv/backups/fitdesk-backup-20260301-030000.tar","name":"fitdesk-backup-20260301-030000.tar","bytes":${3 * 1024 * 1024}}}\n`,
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      writeFileSync(
        join(folder, 'server.json'),
        JSON.stringify({ pid: process.pid, url: `http://127.0.0.1:${port}`, token }),
      );
      const asked = await cli('backup', [], { DATA_DIR: folder });
      expect(asked.code, asked.stderr).toBe(0);
      expect(asked.stderr).toContain(
        `backup: asking the running server (pid ${process.pid}) to take the backup`,
      );
      expect(asked.stderr).toContain('backup: packing the uploads');
      expect(asked.stdout).toBe('Backup written: /srv/backups/fitdesk-backup-20260301-030000.tar (3.0 MB)\n');

      busy = true;
      const refused = await cli('backup', [], { DATA_DIR: folder });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        `fitdesk backup: the running server (pid ${process.pid}) is already taking a backup`,
      );
    } finally {
      server.close();
    }
  }, 60_000);
});

describe.skipIf(testDbKind() !== 'postgres')(
  'backup and restore on PostgreSQL (runs with TEST_DB=postgres and TEST_DATABASE_URL; it makes and drops its own databases)',
  () => {
    const names: string[] = [];
    const databases: Database[] = [];
    const dataDir = tempDir();
    let source: Database;
    let sourceUrl: string;

    const newDatabase = async () => {
      const name = `fitdesk_backup_${randomBytes(5).toString('hex')}`;
      const admin = await openPostgres(adminUrl(), { max: 1 });
      await admin.db.execute(sql.raw(`create database ${name}`));
      await admin.close();
      names.push(name);
      return adminUrl(name);
    };
    const open = async (url: string) => {
      const database = await openPostgres(url, { max: 3 });
      databases.push(database);
      return database;
    };

    beforeAll(async () => {
      sourceUrl = await newDatabase();
      source = await open(sourceUrl);
      await source.migrate();
      await seedSubServiceCatalogue(source.db);
      await installServerKey(source.db, loadServerKey({ dataDir }));
      await seedDemo(
        source.db,
        createMemberRepository(source.db),
        createDiskStorage(join(dataDir, 'uploads')),
      );
    }, 120_000);
    afterAll(async () => {
      for (const database of databases) await database.close().catch(() => {});
      const admin = await openPostgres(adminUrl(), { max: 1 });
      for (const name of names)
        await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await admin.close();
    });

    const roundTrip = async (method: 'auto' | 'logical') => {
      const backup = await createBackup({
        db: source.db,
        dbKind: 'postgres',
        databaseUrl: sourceUrl,
        dataDir,
        backupDir: tempDir(),
        keep: 2,
        method,
      });
      const targetUrl = await newDatabase();
      const targetDir = join(tempDir(), 'data');
      const result = await restoreBackup({ file: backup.file, dataDir: targetDir, databaseUrl: targetUrl });
      expect(result.counts.filter((row) => row.status !== 'same')).toEqual([]);
      const target = await open(targetUrl);
      expect((await verifyCopy(source.db, target.db)).filter((verdict) => !verdict.ok)).toEqual([]);
      expect(readdirSync(join(targetDir, 'uploads')).length).toBeGreaterThan(0);
      return backup;
    };

    it('backs up with pg_dump when it is recent enough and restores into an empty database: same rows', async () => {
      // pg_dump can dump servers up to its own major version.
      let dumpMajor = 0;
      try {
        dumpMajor = Number(
          /\) (\d+)/.exec(execFileSync('pg_dump', ['--version'], { encoding: 'utf8' }))?.[1] ?? 0,
        );
      } catch {}
      const [server] = await queryRows<{ v: string }>(
        source.db,
        sql`select current_setting('server_version_num') as v`,
      );
      const usable = dumpMajor >= Math.floor(Number(server!.v) / 10_000);
      const backup = await roundTrip('auto');
      expect(backup.manifest.database).toEqual({ kind: 'postgres', method: usable ? 'pg_dump' : 'logical' });
    }, 60_000);

    it('backs up through the logical export and restores it into PostgreSQL and into a folder: same rows', async () => {
      const backup = await roundTrip('logical');
      expect(backup.manifest.database).toEqual({ kind: 'postgres', method: 'logical' });
      expect(backup.manifest.parts.map((part) => part.name)).toEqual(['database.logical.gz', 'uploads.tar']);
      // Back to the embedded database: a logical backup restores into a folder too.
      const folder = join(tempDir(), 'data');
      const result = await restoreBackup({ file: backup.file, dataDir: folder });
      expect(result.counts.filter((row) => row.status !== 'same')).toEqual([]);
      const embedded = await openPglite({ dataDir: folder });
      try {
        expect((await verifyCopy(source.db, embedded.db)).filter((verdict) => !verdict.ok)).toEqual([]);
      } finally {
        await embedded.close();
      }
    }, 60_000);

    it('restores an embedded backup into PostgreSQL', async () => {
      const targetUrl = await newDatabase();
      const result = await restoreBackup({
        file: pgliteBackup!.file,
        dataDir: join(tempDir(), 'data'),
        databaseUrl: targetUrl,
      });
      expect(result.counts.filter((row) => row.status !== 'same')).toEqual([]);
      const target = await open(targetUrl);
      expect(await rowCounts(target.db)).toEqual(pgliteBackup!.manifest.rowCounts);
    }, 60_000);

    it('refuses a database that is not empty, and a pg_dump backup into a folder', async () => {
      const backup = await createBackup({
        db: source.db,
        dbKind: 'postgres',
        databaseUrl: sourceUrl,
        dataDir,
        backupDir: tempDir(),
        keep: 1,
      });
      const before = await rowCounts(source.db);
      await expect(
        restoreBackup({ file: backup.file, dataDir: join(tempDir(), 'data'), databaseUrl: sourceUrl }),
      ).rejects.toThrow(
        /is not empty \(\d+ tables or other relations in public, a drizzle schema\): restore into an empty database/,
      );
      expect(await rowCounts(source.db)).toEqual(before);
      if (backup.manifest.database.method === 'pg_dump') {
        const folder = join(tempDir(), 'data');
        await expect(restoreBackup({ file: backup.file, dataDir: folder })).rejects.toThrow(
          'this backup holds a pg_dump archive, which restores only into PostgreSQL: add --to postgres://…',
        );
        expect(existsSync(folder)).toBe(false);
      }
    }, 60_000);
  },
);
