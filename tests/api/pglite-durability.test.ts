import fs, { mkdtempSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { type Database, openPglite } from '#server/db/client.ts';
import { queryRows } from '#server/ops/tables.ts';
import { embeddedRanAlready } from '../fixtures/database.ts';

// A folder database flushes each commit to the disk, so that a power cut or an OS crash loses nothing that was
// acknowledged (docs/operations.md#durability). PGlite's defaults never flush: these tests fail on them.

const dirs: string[] = [];
const open: Database[] = [];
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  for (const database of open) await database.close().catch(() => {});
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'fitdesk-durability-'));
  dirs.push(dir);
  return dir;
};

const openFolder = async (dataDir?: string) => {
  const database = await openPglite({ dataDir });
  open.push(database);
  return database;
};

const setting = async (database: Database, name: 'fsync' | 'wal_sync_method') => {
  const [row] = await queryRows<Record<string, string>>(database.db, sql.raw(`SHOW ${name}`));
  return row?.[name];
};

/** What a file descriptor points at, where the system says (Linux); its number elsewhere. */
const pathOf = (fd: number) => {
  if (process.platform !== 'linux') return `fd ${fd}`;
  try {
    return readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return `fd ${fd}`;
  }
};

// Always the embedded database: skipped in the PostgreSQL run, which would repeat the PGlite run's work.
describe.skipIf(embeddedRanAlready())('the embedded database on a folder', () => {
  it('flushes every commit to the disk, and a reopened folder keeps the rows', {
    timeout: 120_000,
  }, async () => {
    const dataDir = tempDir();
    const database = await openFolder(dataDir);
    expect(await setting(database, 'fsync')).toBe('on');
    expect(await setting(database, 'wal_sync_method')).toBe('fsync');
    await database.db.execute(
      sql`CREATE TABLE durability_probe (id integer PRIMARY KEY, note text NOT NULL)`,
    );

    // Counted through node:fs itself, the call that reaches the disk; the real fsync still runs.
    const realFsync = fs.fsyncSync;
    const flushed: string[] = [];
    vi.spyOn(fs, 'fsyncSync').mockImplementation((fd) => {
      flushed.push(pathOf(fd));
      realFsync(fd);
    });
    const commits = 40;
    for (let id = 1; id <= commits; id++) {
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO durability_probe (id, note) VALUES (${id}, ${`row ${id}`})`);
      });
    }
    vi.restoreAllMocks();

    expect(flushed.length).toBeGreaterThanOrEqual(commits);
    if (process.platform === 'linux') {
      // The commits' own flushes: the write-ahead log of this folder.
      const walFlushes = flushed.filter((path) => path.startsWith(join(dataDir, 'db', 'pg_wal') + sep));
      expect(walFlushes.length).toBeGreaterThanOrEqual(commits);
    }

    await database.close();
    open.splice(open.indexOf(database), 1);
    const reopened = await openFolder(dataDir);
    expect(reopened.created).toBe(false);
    const rows = await queryRows<{ id: number; note: string }>(
      reopened.db,
      sql`SELECT id, note FROM durability_probe ORDER BY id`,
    );
    expect(rows).toHaveLength(commits);
    expect(rows.at(-1)).toEqual({ id: commits, note: `row ${commits}` });
  });

  it('flushes a new folder once, before it is used', { timeout: 120_000 }, async () => {
    // initdb writes the folder outside the WAL and without fsync: it is flushed before openPglite returns.
    const realOpen = fs.promises.open;
    const synced = new Set<string>();
    vi.spyOn(fs.promises, 'open').mockImplementation(async (...args) => {
      const handle = await realOpen(...args);
      const sync = handle.sync.bind(handle);
      handle.sync = async () => {
        synced.add(String(args[0]));
        return sync();
      };
      return handle;
    });
    const dataDir = tempDir();
    const database = await openFolder(dataDir);
    vi.restoreAllMocks();

    expect(database.created).toBe(true);
    const db = join(dataDir, 'db');
    for (const path of [
      join(db, 'PG_VERSION'),
      join(db, 'global', 'pg_control'),
      join(db, 'postgresql.conf'),
      join(db, 'global'),
      db,
      dataDir,
    ]) {
      expect(synced, path).toContain(path);
    }
  });

  it('leaves the in-memory database (tests) without flushes', { timeout: 60_000 }, async () => {
    const database = await openFolder();
    expect(await setting(database, 'fsync')).toBe('off');
  });
});
