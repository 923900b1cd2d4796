import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { withBeforeCommit } from './before-commit.ts';
import { durableOptions, syncFolder } from './durable-fs.ts';
import { NamingClient, nameStatements } from './named-statements.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type the app sees, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The transaction `db.transaction(async (tx) => ...)` hands its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/**
 * What a service runs its statements on: the database or a transaction the caller opened, so that a caller can
 * compose several services in one transaction (docs/architecture.md#modules-and-services).
 */
export type Executor = Db | Tx;
export type DbKind = 'pglite' | 'postgres';

export type Database = {
  db: Db;
  kind: DbKind;
  /** True when this process created the embedded database just now (drives the SEED default). */
  created: boolean;
  migrate: () => Promise<void>;
  close: () => Promise<void>;
};

export const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export const drizzleOptions = { schema, casing: 'snake_case' } as const;

export class DatabaseLockedError extends Error {}

/**
 * PGlite does not lock its folder, and two processes on one folder corrupt it
 * (docs/architecture.md#database). The lock file holds the owner's pid; a lock left by a dead process is
 * taken over.
 */
const acquireLock = (lockPath: string): (() => void) => {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(lockPath, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DatabaseLockedError(
          `The database folder ${dirname(lockPath)} is in use by another process (pid ${pid}). ` +
            'Stop it first, or set DATA_DIR to another folder.',
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new DatabaseLockedError(`Could not lock ${lockPath}.`);
};

/** True when a process with this pid runs (one we may not signal counts as running). */
export const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * The live process holding a data folder's `db.lock`, other than this one, with its command line when the system
 * shows it (Linux); undefined when the folder is free. The operations tools refuse such a folder by naming it.
 */
export const lockHolder = (dataDir: string): { pid: number; command?: string } | undefined => {
  let pid: number;
  try {
    pid = Number(readFileSync(join(dataDir, 'db.lock'), 'utf8').trim());
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid)) return undefined;
  let command: string | undefined;
  try {
    command =
      readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ').slice(0, 300) ||
      undefined;
  } catch {
    // Not Linux, or not ours to read: the pid alone names it.
  }
  return { pid, command };
};

/** Embedded PostgreSQL in a folder, or in memory when `dataDir` is undefined. */
export const openPglite = async (options: {
  dataDir?: string;
  loadDataDir?: Blob | File;
}): Promise<Database> => {
  let release = () => {};
  let created = true;
  let dataDir: string | undefined;
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    release = acquireLock(join(options.dataDir, 'db.lock'));
    dataDir = join(options.dataDir, 'db');
    created = !existsSync(join(dataDir, 'PG_VERSION'));
  }
  try {
    // pg_trgm backs the whitespace-insensitive facility search (migration 0001). A folder flushes its commits to
    // the disk (docs/operations.md#durability); the in-memory database (tests) has nothing to flush.
    const client = await PGlite.create({
      ...(dataDir ? durableOptions(dataDir) : {}),
      loadDataDir: options.loadDataDir,
      extensions: { pg_trgm },
    });
    // initdb and a loaded archive write their files without fsync and outside the WAL: flush them once.
    if (dataDir && created) {
      await syncFolder(dataDir).catch(async (error: unknown) => {
        await client.close();
        throw error;
      });
    }
    // Each query text is prepared once (docs/architecture.md#named-statements).
    nameStatements(client);
    const db = withBeforeCommit(drizzlePglite({ client, ...drizzleOptions }));
    return {
      db,
      kind: 'pglite',
      created,
      migrate: () => migratePglite(db, { migrationsFolder }),
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
};

export const openPostgres = async (
  url: string,
  options: { max?: number; onIdleError?: (error: Error) => void } = {},
): Promise<Database> => {
  // Each query text is prepared once per connection (docs/architecture.md#named-statements).
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, Client: NamingClient });
  // An idle connection can die under the pool (a server restart, a terminated backend). pg emits that as an
  // 'error' event, which crashes the process when nobody listens; the pool drops the client and reconnects.
  pool.on(
    'error',
    options.onIdleError ?? ((error) => console.warn(`PostgreSQL idle connection: ${error.message}`)),
  );
  // Fail fast with a clear error instead of on the first request.
  const probe = await pool.connect();
  probe.release();
  const db = withBeforeCommit(drizzlePg({ client: pool, ...drizzleOptions }));
  return {
    db,
    kind: 'postgres',
    created: false,
    migrate: () => migratePg(db, { migrationsFolder }),
    close: () => pool.end(),
  };
};
