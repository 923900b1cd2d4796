import { execFile, spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import {
  access,
  link,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { SEOUL } from '#domain/rules/seoul-time.ts';
import { type Db, type DbKind, type Executor, isAlive } from '../db/client.ts';
import { packFolder, sha256File, writeArchive } from './archive.ts';
import { currentLevel } from './levels.ts';
import { exportLogical } from './logical-file.ts';
import { queryRows, rowCounts } from './tables.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

// Backups (docs/operations.md#backup): one file holding a consistent snapshot of the database, the uploads and a
// manifest that lets restore check every part before it writes anything.

export type BackupStep = 'counts' | 'database' | 'uploads' | 'archive' | 'prune';
export type BackupProgressEvent = { step: BackupStep; done?: number; total?: number };

const partSchema = z.object({
  name: z.string().regex(/^[a-z0-9][a-z0-9._-]{0,99}$/),
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

/** The manifest as restore reads it: anything else is "not a FitDesk backup, or damaged". */
export const manifestSchema = z.object({
  format: z.literal('fitdesk-backup'),
  formatVersion: z.number().int(),
  app: z.object({ name: z.string().max(100), version: z.string().max(100) }),
  createdAt: z.string().max(40),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    method: z.enum(['pglite-dump', 'pg_dump', 'logical']),
  }),
  migration: z.object({ level: z.number().int().min(0), tag: z.string().max(200).nullable() }),
  rowCounts: z.record(z.string(), z.number().int().min(0)),
  parts: z.array(partSchema).max(20),
});

export type BackupManifest = {
  format: 'fitdesk-backup';
  formatVersion: 1;
  app: { name: string; version: string };
  createdAt: string;
  database: { kind: 'pglite' | 'postgres'; method: 'pglite-dump' | 'pg_dump' | 'logical' };
  migration: { level: number; tag: string | null };
  rowCounts: Record<string, number>;
  parts: { name: string; bytes: number; sha256: string }[];
};
export type BackupFile = { name: string; file: string; bytes: number; createdAt: string };
export type BackupResult = BackupFile & { manifest: BackupManifest };

export const MANIFEST = 'manifest.json';
export const UPLOADS_PART = 'uploads.tar';
export const DATABASE_PARTS = {
  'pglite-dump': 'database.pglite.tar.gz',
  pg_dump: 'database.pgdump',
  logical: 'database.logical.gz',
} as const;

/** `fitdesk-backup-20260301-030000.tar`, the time in Asia/Seoul; a second backup in the same second ends `-2`. */
export const BACKUP_FILE_PATTERN = /^fitdesk-backup-(\d{8})-(\d{6})(?:-(\d+))?\.tar$/;

const app = (() => {
  // Safe: the app's own package.json, which has a name and a version.
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    name: string;
    version: string;
  };
  return { name: pkg.name, version: pkg.version };
})();

const parseName = (name: string) => {
  const match = BACKUP_FILE_PATTERN.exec(name);
  if (!match) return undefined;
  const [, day, time, n] = match;
  const local = `${day!.slice(0, 4)}-${day!.slice(4, 6)}-${day!.slice(6)} ${time!.slice(0, 2)}:${time!.slice(2, 4)}:${time!.slice(4)}`;
  return { stamp: `${day}${time}`, n: Number(n ?? 1), createdAt: dayjs.tz(local, SEOUL).toISOString() };
};

/** Newest first by the time in the name, then by its `-n`. */
const newestFirst = (a: string, b: string) => {
  const x = parseName(a)!;
  const y = parseName(b)!;
  return x.stamp === y.stamp ? y.n - x.n : x.stamp < y.stamp ? 1 : -1;
};

/** The backups in a folder, newest first; a missing folder has none. Other files there are not backups. */
export const listBackups = async (backupDir: string): Promise<BackupFile[]> => {
  let names: string[];
  try {
    names = await readdir(backupDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files: BackupFile[] = [];
  for (const name of names.filter((n) => BACKUP_FILE_PATTERN.test(n)).sort(newestFirst)) {
    const file = join(backupDir, name);
    try {
      const info = await stat(file);
      if (info.isFile()) files.push({ name, file, bytes: info.size, createdAt: parseName(name)!.createdAt });
    } catch (error) {
      // Pruned by another process between the listing and the stat.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return files;
};

/** The password of a connection URL goes to libpq through the environment, never on a command line. */
export const libpqTarget = (url: string): { dbname: string; env: NodeJS.ProcessEnv } => {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : process.env,
  };
};

/** A connection URL fit for a message: the password left out. */
export const redactUrl = (url: string): string => {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(an invalid URL)';
  }
};

const majorOf = (versionText: string): number | undefined => {
  const match = /(\d+)(?:\.(\d+))?/.exec(versionText);
  return match ? Number(match[1]) : undefined;
};

/** The major version of a client tool on PATH (`pg_dump`, `pg_restore`), or undefined when it is not there. */
export const toolMajor = async (tool: 'pg_dump' | 'pg_restore'): Promise<number | undefined> => {
  try {
    const { stdout } = await promisify(execFile)(tool, ['--version'], { timeout: 10_000 });
    return majorOf(stdout.replace(/^[^)]*\)/, ''));
  } catch {
    return undefined;
  }
};

export const serverMajor = async (db: Executor): Promise<number> => {
  const rows = await queryRows<{ v: string }>(db, sql`select current_setting('server_version_num') as v`);
  return Math.floor(Number(rows[0]!.v) / 10_000);
};

/** Runs a libpq tool, failing with the last lines it wrote to stderr. */
export const runTool = (tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> =>
  new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr = (stderr + chunk).slice(-4_000);
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else {
        const last = stderr.trim().split('\n').slice(-3).join(' / ');
        reject(new Error(`${tool} failed (${signal ?? `exit ${code}`}): ${last || 'no message'}`));
      }
    });
  });

/** The PGlite behind a Drizzle database: drizzle's PGlite database carries its client as `$client`. */
export const pgliteClient = (db: Db): PGlite => {
  if ('$client' in db && db.$client instanceof PGlite) return db.$client;
  throw new Error('The database is not a PGlite database');
};

type Snapshot = { rowCounts: Record<string, number>; migration: { level: number; tag: string | null } };

const snapshotOf = async (tx: Executor): Promise<Snapshot> => {
  const level = await currentLevel(tx);
  return { rowCounts: await rowCounts(tx), migration: { level: level.level, tag: level.tag } };
};

type DatabaseStep = { method: BackupManifest['database']['method']; snapshot: Snapshot };

/**
 * The database part and the counts, from one consistent view:
 * - PGlite: the counts run in a transaction, which holds PGlite's transaction lock, so no other statement of this
 *   process runs until the dump (taken under PGlite's query lock) is written. The dump is the files of a database
 *   between two statements, which PostgreSQL opens like one after a power cut: every committed write is in it.
 * - PostgreSQL: a repeatable-read transaction exports its snapshot, and pg_dump (`--snapshot`) or the logical
 *   export reads that same snapshot, so the counts describe exactly the rows in the dump.
 */
const dumpDatabase = async (
  options: BackupOptions,
  folder: string,
  emit: (event: BackupProgressEvent) => void,
): Promise<DatabaseStep> => {
  const { db, dbKind } = options;
  const logical = async (tx: Executor): Promise<DatabaseStep> => {
    emit({ step: 'counts' });
    const snapshot = await snapshotOf(tx);
    emit({ step: 'database' });
    // The export reports rows per table; the console shows rows of the whole database.
    const total = Object.values(snapshot.rowCounts).reduce((sum, rows) => sum + rows, 0);
    const done = new Map<string, number>();
    await exportLogical(tx, join(folder, DATABASE_PARTS.logical), {
      onProgress: (event) => {
        done.set(event.table, event.done);
        emit({ step: 'database', done: [...done.values()].reduce((sum, rows) => sum + rows, 0), total });
      },
    });
    return { method: 'logical', snapshot };
  };
  if (dbKind === 'pglite') {
    if (options.method === 'logical') return db.transaction((tx) => logical(tx));
    const client = pgliteClient(db);
    return db.transaction(async (tx) => {
      emit({ step: 'counts' });
      const snapshot = await snapshotOf(tx);
      emit({ step: 'database' });
      const dump = await client.dumpDataDir('gzip');
      // Streamed to disk: the dump is already one copy of the database in memory.
      // why: Blob.stream() is typed with the DOM's ReadableStream; at run time it is Node's web stream.
      await pipeline(
        Readable.fromWeb(dump.stream() as import('node:stream/web').ReadableStream<Uint8Array>),
        createWriteStream(join(folder, DATABASE_PARTS['pglite-dump'])),
      );
      return { method: 'pglite-dump', snapshot };
    });
  }
  const readOnly = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;
  const usePgDump =
    options.method !== 'logical' &&
    options.databaseUrl !== undefined &&
    ((await toolMajor('pg_dump')) ?? 0) >= (await serverMajor(db));
  if (!usePgDump) return db.transaction((tx) => logical(tx), readOnly);
  const url = options.databaseUrl!;
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: string }>(tx, sql`select pg_export_snapshot() as id`);
    emit({ step: 'counts' });
    const snapshot = await snapshotOf(tx);
    emit({ step: 'database' });
    const { dbname, env } = libpqTarget(url);
    await runTool(
      'pg_dump',
      [
        '--format=custom',
        `--snapshot=${row!.id}`,
        `--file=${join(folder, DATABASE_PARTS.pg_dump)}`,
        `--dbname=${dbname}`,
      ],
      env,
    );
    return { method: 'pg_dump', snapshot };
  }, readOnly);
};

type BackupOptions = {
  db: Db;
  dbKind: DbKind;
  /** PostgreSQL only: what pg_dump connects to. Without it the logical export is used. */
  databaseUrl?: string;
  /** The uploads are read from `$dataDir/uploads`. */
  dataDir: string;
  backupDir: string;
  /** How many backups to keep, this one included. */
  keep: number;
  clock?: () => Date;
  /** `logical` forces the app's own export (the benchmarks compare it with pg_dump); `auto` picks pg_dump when it can. */
  method?: 'auto' | 'logical';
  onProgress?: (event: BackupProgressEvent) => void;
};

const TEMP_PREFIX = '.fitdesk-backup-tmp-';

/** Temporary folders left by a backup process that died (its pid is in the name). */
const removeStaleTemps = async (backupDir: string) => {
  for (const name of await readdir(backupDir)) {
    if (!name.startsWith(TEMP_PREFIX)) continue;
    const pid = Number(name.slice(TEMP_PREFIX.length).split('-')[0]);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    if (!isAlive(pid)) await rm(join(backupDir, name), { recursive: true, force: true });
  }
};

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** Moves the finished file to the first free name; a hard link never replaces a file another backup just named. */
const publish = async (temp: string, backupDir: string, base: string): Promise<string> => {
  for (let n = 1; ; n++) {
    const name = n === 1 ? `${base}.tar` : `${base}-${n}.tar`;
    const target = join(backupDir, name);
    try {
      await link(temp, target);
      return name;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') continue;
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EXDEV' && code !== 'ENOSYS') throw error;
      // A file system without hard links (a FAT or exFAT drive): check, then rename.
      if (await exists(target)) continue;
      await rename(temp, target);
      return name;
    }
  }
};

/** Takes one backup (docs/operations.md#backup) and prunes the folder to the newest `keep`. */
export const createBackup = async (options: BackupOptions): Promise<BackupResult> => {
  const emit = options.onProgress ?? (() => {});
  const createdAt = (options.clock ?? (() => new Date()))();
  await mkdir(options.backupDir, { recursive: true });
  await removeStaleTemps(options.backupDir);
  const temp = await mkdtemp(join(options.backupDir, `${TEMP_PREFIX}${process.pid}-`));
  try {
    const parts = join(temp, 'parts');
    await mkdir(parts);
    const { method, snapshot } = await dumpDatabase(options, parts, emit);

    emit({ step: 'uploads' });
    // After the database: every file a row of the dump names was saved before its row, so it is in the tar.
    await packFolder(join(parts, UPLOADS_PART), options.dataDir, 'uploads', (done, total) =>
      emit({ step: 'uploads', done, total }),
    );

    emit({ step: 'archive' });
    const names = [DATABASE_PARTS[method], UPLOADS_PART];
    const manifest: BackupManifest = {
      format: 'fitdesk-backup',
      formatVersion: 1,
      app,
      createdAt: createdAt.toISOString(),
      database: { kind: options.dbKind, method },
      migration: snapshot.migration,
      rowCounts: snapshot.rowCounts,
      parts: [],
    };
    for (const name of names) manifest.parts.push({ name, ...(await sha256File(join(parts, name))) });
    await writeFile(join(parts, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const archive = join(temp, 'backup.tar');
    await writeArchive(archive, parts, [MANIFEST, ...names]);
    const { size } = await stat(archive);
    emit({ step: 'archive', done: size, total: size });

    const name = await publish(
      archive,
      options.backupDir,
      `fitdesk-backup-${dayjs(createdAt).tz(SEOUL).format('YYYYMMDD-HHmmss')}`,
    );

    emit({ step: 'prune' });
    const stale = (await listBackups(options.backupDir))
      .slice(Math.max(1, options.keep))
      .filter((f) => f.name !== name);
    for (const old of stale) await rm(old.file, { force: true });
    emit({ step: 'prune', done: stale.length, total: stale.length });

    // The listing's time (from the name, to the second), so that this result and listBackups agree; the manifest
    // keeps the exact instant.
    const listed = parseName(name)!.createdAt;
    return { name, file: join(options.backupDir, name), bytes: size, createdAt: listed, manifest };
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
};

/** Reads a manifest's JSON text; undefined when it is not one this code can read. */
export const parseManifest = (text: string): z.infer<typeof manifestSchema> | undefined => {
  try {
    const parsed = manifestSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
};

export const readManifestFile = async (path: string) => parseManifest(await readFile(path, 'utf8'));
