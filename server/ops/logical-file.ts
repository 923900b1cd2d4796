import { createReadStream, createWriteStream, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type Database, type Executor, migrationsFolder, type Schema } from '../db/client.ts';
import { currentLevel, describeLevel, expectedLevel, type MigrationLevel, readJournal } from './levels.ts';
import {
  type CopyProgress,
  createWriter,
  DEFAULT_BATCH,
  jsonColumns,
  LOGICAL_FORMAT,
  LOGICAL_VERSION,
  type LogicalHeader,
  LogicalRefusal,
  matchTables,
  noJson,
  readBatches,
  readingSession,
  sequencePositions,
} from './logical.ts';
import { listTables, rowCounts } from './tables.ts';

// The logical copy's file (docs/operations.md#move and #tables): a gzipped header line, then each table's rows as
// JSON lines, then an end line. `exportLogical` writes one from a database; `importLogical` loads one into an
// empty database at the file's migration level (`migrateToLevel`).

/**
 * Writes the whole database to one gzipped file of JSON lines (docs/operations.md#backup): the header object,
 * then for each table a `["table", name, rows]` line and its rows (one JSON object each), then `["end",
 * tables]`. Read in one repeatable-read snapshot and streamed batch by batch; the file appears under its name
 * once complete.
 */
export const exportLogical = async (
  db: Executor,
  file: string,
  options: { batchSize?: number; onProgress?: CopyProgress } = {},
): Promise<{ tables: Record<string, number> }> => {
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const partial = `${file}.part`;
  try {
    const tables = await db.transaction(
      async (tx) => {
        await readingSession(tx);
        const level = await currentLevel(tx);
        const tables = await listTables(tx);
        const wrapped = await jsonColumns(tx);
        const counts = await rowCounts(tx, tables);
        const header: LogicalHeader = {
          format: LOGICAL_FORMAT,
          version: LOGICAL_VERSION,
          createdAt: new Date().toISOString(),
          level: { level: level.level, tag: level.tag },
          tables: [],
        };
        for (const table of tables)
          header.tables.push({
            name: table.name,
            columns: table.columns,
            wrapped: [...(wrapped.get(table.name)?.keys() ?? [])].filter((column) =>
              table.columns.includes(column),
            ),
            rows: counts[table.name] ?? 0,
            next: await sequencePositions(tx, table),
          });
        async function* lines() {
          yield `${JSON.stringify(header)}\n`;
          for (const table of tables) {
            const total = counts[table.name] ?? 0;
            yield `${JSON.stringify(['table', table.name, total])}\n`;
            let done = 0;
            options.onProgress?.({ table: table.name, done, total });
            for await (const batch of readBatches(
              tx,
              table,
              wrapped.get(table.name) ?? noJson,
              batchSize,
              '\n',
            )) {
              yield `${batch.text}\n`;
              done += batch.rows;
              options.onProgress?.({ table: table.name, done, total });
            }
          }
          yield `${JSON.stringify(['end', tables.length])}\n`;
        }
        await pipeline(Readable.from(lines()), createGzip(), createWriteStream(partial));
        return counts;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    renameSync(partial, file);
    return { tables };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
};

/** The lines of a gzipped file, read as a stream (the reader waits for the consumer). */
async function* fileLines(file: string): AsyncGenerator<string> {
  const raw = createReadStream(file);
  const text = raw.pipe(createGunzip());
  // pipe() does not pass the file's own errors on (a missing file would never end the loop below).
  raw.on('error', (error) => text.destroy(error));
  text.setEncoding('utf8');
  let rest = '';
  // Safe: the stream's encoding is set to utf8 just above, so it yields strings.
  for await (const chunk of text as AsyncIterable<string>) {
    rest += chunk;
    let start = 0;
    for (let end = rest.indexOf('\n'); end >= 0; end = rest.indexOf('\n', start)) {
      yield rest.slice(start, end);
      start = end + 1;
    }
    rest = rest.slice(start);
  }
  if (rest !== '') yield rest;
}

const parseLine = <T>(line: string, what: string): T => {
  try {
    // Safe: both callers check the parsed line's shape (the header's format, a marker's kind) before they use it.
    return JSON.parse(line) as T;
  } catch {
    throw new LogicalRefusal(`the file's ${what} is not JSON`);
  }
};

/**
 * Reads the whole file once without writing: the header, each table's line and row count, and the end line,
 * so a truncated or reordered file is refused before the database is touched.
 */
const checkFile = async (file: string): Promise<LogicalHeader> => {
  let header: LogicalHeader | undefined;
  let index = -1;
  let rows = 0;
  let ended = false;
  const closeTable = () => {
    const table = header!.tables[index];
    if (table && rows !== table.rows)
      throw new LogicalRefusal(`the file holds ${rows} rows of ${table.name}, its header says ${table.rows}`);
  };
  try {
    for await (const line of fileLines(file)) {
      if (!header) {
        header = parseLine<LogicalHeader>(line, 'header');
        if (
          header?.format !== LOGICAL_FORMAT ||
          header.version !== LOGICAL_VERSION ||
          !Array.isArray(header.tables) ||
          typeof header.level?.level !== 'number'
        )
          throw new LogicalRefusal(`the file is not a ${LOGICAL_FORMAT} version ${LOGICAL_VERSION} export`);
        continue;
      }
      if (ended) throw new LogicalRefusal('the file goes on after its end line');
      // Rows are objects; the table and end lines are arrays.
      if (line.startsWith('[')) {
        const marker = parseLine<unknown[]>(line, 'table line');
        closeTable();
        if (marker[0] === 'end') {
          if (index !== header.tables.length - 1)
            throw new LogicalRefusal(`the file ends after ${index + 1} of ${header.tables.length} tables`);
          ended = true;
          continue;
        }
        index += 1;
        rows = 0;
        if (marker[0] !== 'table' || header.tables[index]?.name !== marker[1])
          throw new LogicalRefusal(
            `the file's table ${String(marker[1])} is not the one its header lists next`,
          );
        continue;
      }
      if (index < 0) throw new LogicalRefusal('the file has rows before its first table');
      rows += 1;
    }
  } catch (error) {
    if (error instanceof LogicalRefusal) throw error;
    throw new LogicalRefusal(`the file cannot be read: ${(error as Error).message}`);
  }
  if (!header) throw new LogicalRefusal('the file is empty');
  if (!ended) throw new LogicalRefusal('the file ends early (no end line): it is truncated');
  return header;
};

/** True when this code ships the migration the level names. */
const isKnownLevel = (level: MigrationLevel): boolean => {
  const journal = readJournal();
  if (!Number.isInteger(level.level) || level.level < 0 || level.level > journal.length) return false;
  return level.level === 0 ? level.tag === null : journal[level.level - 1]!.tag === level.tag;
};

/**
 * Migrates a database to exactly `level` (docs/operations.md#migration-levels): Drizzle's migrator on a
 * temporary copy of the migrations whose journal lists only the first `level` entries.
 */
/** drizzle's PGlite database, told by the client it carries as `$client`. */
const isPgliteDb = (db: unknown): db is PgliteDatabase<Schema> =>
  typeof db === 'object' && db !== null && '$client' in db && db.$client instanceof PGlite;

/** drizzle's node-postgres database, told by the pool it carries as `$client`. */
const isNodePgDb = (db: unknown): db is NodePgDatabase<Schema> =>
  typeof db === 'object' && db !== null && '$client' in db && db.$client instanceof pg.Pool;

export const migrateToLevel = async (database: Database, level: number): Promise<void> => {
  const folder = mkdtempSync(join(tmpdir(), 'fitdesk-migrations-'));
  try {
    await cp(migrationsFolder, folder, { recursive: true });
    const journal = readJournal(folder);
    if (level < 0 || level > journal.length) throw new LogicalRefusal(`there is no migration level ${level}`);
    writeFileSync(
      join(folder, 'meta', '_journal.json'),
      JSON.stringify({ version: '7', dialect: 'postgresql', entries: journal.slice(0, level) }),
    );
    // The Database carries the driver's own database typed as the shared Db; each migrator wants its driver's.
    const db = database.db;
    if (isPgliteDb(db)) await migratePglite(db, { migrationsFolder: folder });
    else if (isNodePgDb(db)) await migratePg(db, { migrationsFolder: folder });
    else throw new Error('The database is neither PGlite nor node-postgres');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
};

/**
 * Loads a file written by `exportLogical` into an open, empty database: checks the whole file first, refuses
 * a level this code does not know, migrates the database to the file's level, then writes every row and
 * resets the identities in one transaction. The database is left at the file's level; the caller migrates on.
 * A failure after the migration leaves the schema without rows: the caller discards that database.
 */
export const importLogical = async (
  database: Database,
  file: string,
  options: { batchSize?: number; onProgress?: CopyProgress } = {},
): Promise<{ tables: Record<string, number>; level: MigrationLevel }> => {
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const header = await checkFile(file);
  const level: MigrationLevel = { level: header.level?.level, tag: header.level?.tag ?? null };
  if (!isKnownLevel(level))
    throw new LogicalRefusal(
      `the file is at ${describeLevel(level)}, which this version does not know; it knows up to ${describeLevel(expectedLevel())}`,
    );
  const existing = await listTables(database.db);
  const present = await currentLevel(database.db);
  if (existing.length > 0 || present.level > 0)
    throw new LogicalRefusal(
      `the database to import into is not empty (${existing.length} tables); the import needs an empty database`,
    );
  await migrateToLevel(database, level.level);

  const tables = await database.db.transaction(async (tx) => {
    const own = await matchTables(tx, header.tables);
    const types = await jsonColumns(tx);
    const writer = await createWriter(
      tx,
      header.tables.map((table) => ({
        table: own.get(table.name)!,
        columns: table.columns,
        wrapped: new Map(
          table.wrapped.map((column) => [column, types.get(table.name)?.get(column) ?? 'jsonb'] as const),
        ),
      })),
    );
    const written: Record<string, number> = {};
    let current: LogicalHeader['tables'][number] | undefined;
    let batch: string[] = [];
    const flush = async () => {
      if (!current || batch.length === 0) return;
      await writer.insert(current.name, `[${batch.join(',')}]`);
      written[current.name] = (written[current.name] ?? 0) + batch.length;
      batch = [];
      options.onProgress?.({ table: current.name, done: written[current.name]!, total: current.rows });
    };
    let first = true;
    for await (const line of fileLines(file)) {
      if (first) {
        first = false;
        continue;
      }
      if (line.startsWith('[')) {
        // Safe: a header line, written by this module as [kind, name].
        const [kind, name] = JSON.parse(line) as [string, string];
        await flush();
        if (kind === 'end') break;
        current = header.tables.find((table) => table.name === name)!;
        written[current.name] = 0;
        options.onProgress?.({ table: current.name, done: 0, total: current.rows });
        continue;
      }
      batch.push(line);
      if (batch.length >= batchSize) await flush();
    }
    await writer.finish(new Map(header.tables.map((table) => [table.name, table.next])));
    return written;
  });
  return { tables, level };
};
