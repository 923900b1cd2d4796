import { existsSync, readdirSync } from 'node:fs';
import { access, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, DatabaseLockedError, lockHolder, openPglite, openPostgres } from '../db/client.ts';
import { readArchive, unpackFolder } from './archive.ts';
import {
  type BackupManifest,
  DATABASE_PARTS,
  libpqTarget,
  MANIFEST,
  parseManifest,
  redactUrl,
  runTool,
  toolMajor,
  UPLOADS_PART,
} from './backup.ts';
import { currentLevel, describeLevel, expectedLevel, type MigrationLevel, readJournal } from './levels.ts';
import * as logical from './logical.ts';
import * as logicalFile from './logical-file.ts';
import { queryRows, rowCounts } from './tables.ts';

// Restore (docs/operations.md#restore): every check runs before anything is written, then the backup goes into a
// new data folder or an empty PostgreSQL database, and the migrations bring it up to this version's level.

/** A refusal: one line naming what was wrong. Nothing was written. */
export class RestoreRefusedError extends Error {}

const refuse = (message: string): never => {
  throw new RestoreRefusedError(message);
};

type OpenedBackup = {
  manifest: BackupManifest;
  /** Where a verified part was extracted. */
  part: (name: string) => string;
  dispose: () => Promise<void>;
};

/** Extracts a backup into a temporary folder and checks its manifest and every part's hash against it. */
const openBackup = async (file: string): Promise<OpenedBackup> => {
  try {
    await access(file);
  } catch (error) {
    refuse(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const dir = await mkdtemp(join(tmpdir(), 'fitdesk-restore-'));
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    const { entries, broken } = await readArchive(file, dir);
    const manifest = entries.has(MANIFEST)
      ? parseManifest(await readFile(join(dir, MANIFEST), 'utf8'))
      : undefined;
    if (!manifest) {
      return refuse(
        `${file} has no readable manifest: the file is damaged or truncated, or is not a FitDesk backup`,
      );
    }
    if (manifest.formatVersion !== 1) {
      refuse(
        `${file} was written by a newer FitDesk (${manifest.app.version}, backup format ${manifest.formatVersion}); this version reads format 1`,
      );
    }
    for (const part of manifest.parts) {
      const found = entries.get(part.name);
      if (!found && !broken)
        refuse(`the part ${part.name} is missing from ${file}: the file is damaged or truncated`);
      if (!found || found.sha256 !== part.sha256 || found.bytes !== part.bytes) {
        refuse(`the part ${part.name} failed its hash check: the file is damaged or truncated`);
      }
    }
    const names = manifest.parts.map((part) => part.name);
    const databasePart = DATABASE_PARTS[manifest.database.method];
    if (!names.includes(databasePart) || !names.includes(UPLOADS_PART)) {
      refuse(
        `${file} lists no ${names.includes(databasePart) ? UPLOADS_PART : databasePart}: it is not a whole backup`,
      );
    }
    // why: the schema reads any format version so that a newer one gets its own message; it is 1 here.
    return { manifest: manifest as BackupManifest, part: (name) => join(dir, name), dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
};

/** Checks a backup file whole (manifest and every part's SHA-256) without writing anything; refuses like restore. */
export const verifyBackup = async (file: string): Promise<BackupManifest> => {
  const opened = await openBackup(file);
  await opened.dispose();
  return opened.manifest;
};

/** Refuses a backup this code cannot migrate: from a newer level, or from a migration it does not know. */
const checkLevel = (manifest: BackupManifest) => {
  const expected = expectedLevel();
  const level: MigrationLevel = manifest.migration;
  const version = `FitDesk ${manifest.app.version} (which wrote it) or newer`;
  if (level.level > expected.level) {
    refuse(
      `the backup is at ${describeLevel(level)}, newer than this version's ${describeLevel(expected)}: restore it with ${version}`,
    );
  }
  const known = level.level === 0 ? level.tag === null : readJournal()[level.level - 1]?.tag === level.tag;
  if (!known) {
    const what =
      level.tag === null
        ? describeLevel(level)
        : `${describeLevel(level)}, a migration this version does not know`;
    refuse(
      `the backup is at ${what}; this version is at ${describeLevel(expected)}: restore it with ${version}`,
    );
  }
};

const holdsFiles = (folder: string) => existsSync(folder) && readdirSync(folder).length > 0;

/** The target data folder: not in use, and holding no database and no uploads yet. */
const checkFolder = (dataDir: string, needsDatabase: boolean) => {
  const pid = lockHolder(dataDir)?.pid;
  if (pid !== undefined) {
    refuse(
      `the folder ${dataDir} is in use by a running process (pid ${pid}): stop it, or restore into a new folder`,
    );
  }
  if (needsDatabase && holdsFiles(join(dataDir, 'db'))) {
    refuse(
      `the folder ${dataDir} already holds a database: restore into a new folder, or move ${join(dataDir, 'db')} away first`,
    );
  }
  if (holdsFiles(join(dataDir, 'uploads'))) {
    refuse(
      `the folder ${dataDir} already holds uploads: restore into a new folder, or move ${join(dataDir, 'uploads')} away first`,
    );
  }
};

const openTarget = async (url: string): Promise<Database> => {
  try {
    return await openPostgres(url, { max: 2 });
  } catch (error) {
    return refuse(`cannot connect to ${redactUrl(url)}: ${(error as Error).message}`);
  }
};

/** An empty database: no relation in `public` and no `drizzle` schema (no migration ever ran there). */
const checkEmpty = async (database: Database, url: string) => {
  const [row] = await queryRows<{ relations: string | number; drizzle: boolean }>(
    database.db,
    sql`select (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')) as relations,
      exists (select 1 from pg_namespace where nspname = 'drizzle') as drizzle`,
  );
  const relations = Number(row!.relations);
  if (relations > 0 || row!.drizzle) {
    refuse(
      `the database ${redactUrl(url)} is not empty (${relations} tables or other relations in public${row!.drizzle ? ', a drizzle schema' : ''}): restore into an empty database`,
    );
  }
};

export type CountRow = {
  table: string;
  /** The manifest's count; undefined for a table a later migration added. */
  backup?: number;
  /** The count after the restore and the migrations; undefined for a table a later migration dropped. */
  restored?: number;
  status: 'same' | 'differs' | 'new' | 'gone';
};

export type RestoreResult = {
  manifest: BackupManifest;
  target: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string; dataDir: string };
  /** The backup's level and the level after the migrations. */
  from: MigrationLevel;
  to: MigrationLevel;
  uploads: number;
  counts: CountRow[];
};

export type RestoreOptions = {
  file: string;
  /** The data folder: its `db` (PGlite targets) and its `uploads` are written. */
  dataDir: string;
  /** Restore into this empty PostgreSQL database instead of a PGlite folder. */
  databaseUrl?: string;
  onProgress?: (message: string) => void;
};

const compareCounts = (manifest: Record<string, number>, restored: Record<string, number>): CountRow[] =>
  [...new Set([...Object.keys(manifest), ...Object.keys(restored)])].sort().map((table) => {
    const backup = manifest[table];
    const now = restored[table];
    const status =
      backup === undefined ? 'new' : now === undefined ? 'gone' : backup === now ? 'same' : 'differs';
    return { table, backup, restored: now, status };
  });

/** The counts as a table for the console: a difference is flagged, a table a later migration added is marked new. */
export const formatCounts = (rows: CountRow[]): string => {
  const width = Math.max(5, ...rows.map((row) => row.table.length));
  const line = (table: string, backup: string, restored: string, note = '') =>
    `${table.padEnd(width)}  ${backup.padStart(9)}  ${restored.padStart(9)}${note ? `  ${note}` : ''}`;
  const notes = {
    same: '',
    differs: '<< differs',
    new: 'new table (a later migration)',
    gone: 'dropped by a migration',
  };
  return [
    line('table', 'backup', 'restored'),
    ...rows.map((row) =>
      line(row.table, row.backup?.toString() ?? '-', row.restored?.toString() ?? '-', notes[row.status]),
    ),
  ].join('\n');
};

const loadPgliteDump = async (path: string, dataDir?: string): Promise<Database> =>
  openPglite({ dataDir, loadDataDir: new Blob([await readFile(path)]) });

/** A database loaded from the backup must be at a level this code knows (the manifest could be wrong about it). */
const checkLoadedLevel = async (database: Database) => {
  const level = await currentLevel(database.db);
  if (level.unknown) {
    refuse(
      `the database in the backup is at ${describeLevel(level)}, newer than this version's ${describeLevel(expectedLevel())}`,
    );
  }
  return level;
};

/**
 * Copies a loaded PGlite database into an empty PostgreSQL one with the move's engine (docs/operations.md#move): the
 * target is migrated to the source's level, then every table is copied in one target transaction.
 */
const copyPgliteToPostgres = async (source: Database, target: Database, level: MigrationLevel) => {
  await logicalFile.migrateToLevel(target, level.level);
  await logical.copyDatabase(source.db, target.db);
};

type BackupMethod = keyof typeof DATABASE_PARTS;

/** The database to restore into: the PostgreSQL URL (empty, with pg_restore when needed) or the folder's PGlite. */
const openRestoreTarget = async (options: {
  url: string | undefined;
  method: BackupMethod;
  databasePart: string;
  dataDir: string;
  existed: boolean;
}): Promise<Database> => {
  const { url, method, databasePart, dataDir, existed } = options;
  if (url) {
    const target = await openTarget(url);
    try {
      await checkEmpty(target, url);
      if (method === 'pg_dump' && (await toolMajor('pg_restore')) === undefined) {
        refuse('pg_restore is not on PATH: install the PostgreSQL client tools to restore a pg_dump backup');
      }
    } catch (error) {
      await target.close();
      throw error;
    }
    return target;
  }
  try {
    return method === 'pglite-dump'
      ? await loadPgliteDump(databasePart, dataDir)
      : await openPglite({ dataDir });
  } catch (error) {
    if (!existed) await rm(dataDir, { recursive: true, force: true });
    if (error instanceof DatabaseLockedError) refuse(error.message);
    throw error;
  }
};

/** Writes the backup's database into the target by its method, and checks the level it lands at. */
const loadDatabase = async (
  target: Database,
  options: { url: string | undefined; method: BackupMethod; databasePart: string },
) => {
  const { url, method, databasePart } = options;
  if (method === 'pglite-dump') {
    if (url) {
      const source = await loadPgliteDump(databasePart);
      try {
        await copyPgliteToPostgres(source, target, await checkLoadedLevel(source));
      } finally {
        await source.close();
      }
    } else {
      await checkLoadedLevel(target);
    }
  } else if (method === 'pg_dump') {
    // A pg_dump backup restores only with a URL (checked before anything is written).
    const { dbname, env } = libpqTarget(url ?? '');
    await runTool(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        '--exit-on-error',
        `--dbname=${dbname}`,
        databasePart,
      ],
      env,
    );
    await checkLoadedLevel(target);
  } else {
    await logicalFile.importLogical(target, databasePart);
    await checkLoadedLevel(target);
  }
};

/**
 * Restores a backup (docs/operations.md#restore): verify, check the level and the target, then write. A failure
 * after the first write removes what this restore created in a folder; on PostgreSQL, pg_restore runs in one
 * transaction.
 */
export const restoreBackup = async (options: RestoreOptions): Promise<RestoreResult> => {
  const say = options.onProgress ?? (() => {});
  const dataDir = resolve(options.dataDir);
  const url = options.databaseUrl;
  say(`checking ${options.file}`);
  const backup = await openBackup(options.file);
  try {
    const { manifest } = backup;
    checkLevel(manifest);
    const method = manifest.database.method;
    if (!url && method === 'pg_dump') {
      refuse(
        'this backup holds a pg_dump archive, which restores only into PostgreSQL: add --to postgres://…',
      );
    }
    checkFolder(dataDir, !url);
    const databasePart = backup.part(DATABASE_PARTS[method]);
    const from: MigrationLevel = manifest.migration;

    const existed = existsSync(dataDir);
    const hadUploads = existsSync(join(dataDir, 'uploads'));
    const hadDb = existsSync(join(dataDir, 'db'));
    const target = await openRestoreTarget({ url, method, databasePart, dataDir, existed });
    // Everything below writes: a failure removes what this restore created in the folder.
    const cleanup = async () => {
      if (!existed) return rm(dataDir, { recursive: true, force: true });
      if (!url && !hadDb) await rm(join(dataDir, 'db'), { recursive: true, force: true });
      if (!hadUploads) await rm(join(dataDir, 'uploads'), { recursive: true, force: true });
    };

    let closed = false;
    try {
      say(`loading the database (${method})`);
      await loadDatabase(target, { url, method, databasePart });

      const expected = expectedLevel();
      say(
        from.level === expected.level
          ? `no migration to run: already at ${describeLevel(expected)}`
          : `migrating from ${describeLevel(from)} to ${describeLevel(expected)}`,
      );
      await target.migrate();
      const to = await currentLevel(target.db);

      say('restoring the uploads');
      await mkdir(dataDir, { recursive: true });
      await unpackFolder(backup.part(UPLOADS_PART), dataDir, 'uploads');
      const uploads = countFiles(join(dataDir, 'uploads'));

      const counts = compareCounts(manifest.rowCounts, await rowCounts(target.db));
      await target.close();
      closed = true;
      return {
        manifest,
        target: url ? { kind: 'postgres', url: redactUrl(url), dataDir } : { kind: 'pglite', dataDir },
        from,
        to: { level: to.level, tag: to.tag },
        uploads,
        counts,
      };
    } catch (caught) {
      if (!closed) await target.close().catch(() => {});
      await cleanup();
      // The logical engine's refusals (an unknown level in the file, a target that is not empty) are refusals here too.
      const error =
        caught instanceof logical.LogicalRefusal ? new RestoreRefusedError(caught.message) : caught;
      if (!url) throw error;
      const message = `${(error as Error).message} (the restore had started writing into ${redactUrl(url)}: drop and recreate that database before trying again)`;
      throw error instanceof RestoreRefusedError ? new RestoreRefusedError(message) : new Error(message);
    }
  } finally {
    await backup.dispose();
  }
};

const countFiles = (folder: string): number => {
  if (!existsSync(folder)) return 0;
  let count = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.isDirectory()) count += countFiles(join(folder, entry.name));
    else if (entry.isFile()) count += 1;
  }
  return count;
};
