import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import {
  type Database,
  DatabaseLockedError,
  type Executor,
  lockHolder,
  openPglite,
  openPostgres,
} from '../db/client.ts';
import { currentLevel, describeLevel, expectedLevel, type MigrationLevel } from './levels.ts';
import { copyDatabase, LogicalRefusal, type TableVerdict, verifyCopy } from './logical.ts';
import { listTables, queryRows, quoteIdent, rowCounts } from './tables.ts';

/**
 * `npm run db:move -- --to postgres://…` (docs/operations.md#move): the embedded database of DATA_DIR copied
 * into an empty PostgreSQL database, checked table by table. The uploads stay on disk, so DATA_DIR keeps
 * pointing at them.
 */

/** A refusal: one line naming what was wrong, said before anything was written. */
export class MoveRefusal extends Error {}

export type MoveOptions = {
  /** The target, `postgres://…` or `postgresql://…`. */
  to: string;
  /** Connect, check, count; write nothing. */
  dryRun?: boolean;
  /** The data folder whose embedded database (`db/`) moves; its `uploads/` stays where it is. */
  dataDir: string;
  /** Progress, one line at a time (the CLI writes it to stderr). */
  progress?: (line: string) => void;
  /** The outcome: the table of counts and checksums and what to set (the CLI writes it to stdout). */
  print?: (line: string) => void;
};

export type MoveReport = {
  dryRun: boolean;
  /** Rows per table in the embedded database (what was, or would be, copied). */
  counts: Record<string, number>;
  /** Per table, both sides' rows and checksums (not on a dry run). */
  verdicts: TableVerdict[];
  ok: boolean;
  /** The URL to set as DATABASE_URL, its password masked. */
  databaseUrl: string;
};

/** The URL with its password (in the authority or as a `password` parameter) replaced by `****`. */
export const maskUrl = (url: string): string => {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '****';
    if (parsed.searchParams.has('password')) parsed.searchParams.set('password', '****');
    return parsed.toString();
  } catch {
    return '(an unreadable URL)';
  }
};

const lockedRefusal = (dataDir: string, holder: { pid: number; command?: string }) =>
  new MoveRefusal(
    `the embedded database in ${dataDir} is in use by process ${holder.pid}` +
      `${holder.command ? ` (${holder.command})` : ''}; stop it first`,
  );

/** Tables in the target's public and drizzle schemas: a database that has any is not empty. */
const targetContents = async (db: Executor) => {
  const [row] = await queryRows<{ tables: number; drizzle: boolean }>(
    db,
    sql`select (select count(*) from pg_tables where schemaname in ('public', 'drizzle'))::int as tables,
      exists (select 1 from pg_namespace where nspname = 'drizzle') as drizzle`,
  );
  return row ?? { tables: 0, drizzle: false };
};

const extensions = async (db: Executor) =>
  (await queryRows<{ name: string }>(db, sql`select extname as name from pg_extension`)).map(
    (row) => row.name,
  );

/**
 * Undoes the migration of a target that was empty when the move began: its public tables (derived ones too), its
 * functions, the drizzle schema, and the extensions the migrations added. The rows were never committed.
 */
const dropMigrated = async (db: Executor, extensionsBefore: string[]) => {
  const tables = await listTables(db, { derived: true });
  if (tables.length > 0)
    await db.execute(
      sql.raw(`drop table ${tables.map((table) => quoteIdent(table.name)).join(', ')} cascade`),
    );
  // The migrations' own functions (the revenue trigger's); an extension's functions go with the extension.
  const functions = await queryRows<{ name: string }>(
    db,
    sql`select p.oid::regprocedure::text as name from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public'
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
  );
  for (const { name } of functions) await db.execute(sql.raw(`drop function if exists ${name} cascade`));
  await db.execute(sql`drop schema if exists drizzle cascade`);
  for (const name of await extensions(db))
    if (!extensionsBefore.includes(name))
      await db.execute(sql.raw(`drop extension if exists ${quoteIdent(name)}`));
};

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The target URL, checked before anything is opened: answers it masked for the messages. */
const checkTargetUrl = (to: string) => {
  if (!/^postgres(ql)?:\/\//.test(to))
    throw new MoveRefusal(
      `--to must be a postgres:// or postgresql:// URL, not ${JSON.stringify(to.slice(0, 100))}`,
    );
  try {
    new URL(to);
  } catch {
    throw new MoveRefusal('--to is not a valid URL');
  }
  return maskUrl(to);
};

/** The embedded database, opened for the move: a folder another process holds is refused, naming it. */
const openSource = async (dataDir: string) => {
  try {
    return await openPglite({ dataDir });
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      const now = lockHolder(dataDir);
      throw now ? lockedRefusal(dataDir, now) : new MoveRefusal(error.message);
    }
    throw error;
  }
};

type Print = (line: string) => void;

/** The dry run's table of rows, and what the move would do. */
const printDryRun = async (
  source: Database,
  print: Print,
  plan: { masked: string; behind: boolean; level: MigrationLevel; expected: MigrationLevel },
): Promise<MoveReport> => {
  const counts = await rowCounts(source.db);
  const total = Object.values(counts).reduce((sum, rows) => sum + rows, 0);
  const width = Math.max(5, ...Object.keys(counts).map((name) => name.length));
  print(`${'table'.padEnd(width)}  ${'rows'.padStart(10)}`);
  for (const [name, rows] of Object.entries(counts))
    print(`${name.padEnd(width)}  ${rows.toLocaleString('en-US').padStart(10)}`);
  print(`${'total'.padEnd(width)}  ${total.toLocaleString('en-US').padStart(10)}`);
  print('');
  if (plan.behind)
    print(
      `The embedded database is at ${describeLevel(plan.level)}; the move will first migrate it to ${describeLevel(plan.expected)}.`,
    );
  print(
    `Dry run: ${plan.masked} connects and is empty; ${plural(total, 'row')} in ${plural(Object.keys(counts).length, 'table')} would be copied. Nothing was written.`,
  );
  return { dryRun: true, counts, verdicts: [], ok: true, databaseUrl: plan.masked };
};

/** Migrates the target and copies every table into it; a failure empties the target again. */
const copyInto = async (
  source: Database,
  target: Database,
  options: { masked: string; expected: MigrationLevel; progress: (line: string) => void },
) => {
  const { masked, expected, progress } = options;
  const extensionsBefore = await extensions(target.db);
  try {
    progress(`migrating ${masked} to ${describeLevel(expected)}`);
    await target.migrate();
    let lastLine = Date.now();
    return await copyDatabase(source.db, target.db, {
      onProgress: ({ table, done, total }) => {
        if (done === total) progress(`copied ${table}: ${plural(total, 'row')}`);
        else if (done > 0 && Date.now() - lastLine > 2_000)
          progress(`copying ${table}: ${done} of ${total} rows`);
        else return;
        lastLine = Date.now();
      },
    });
  } catch (error) {
    try {
      await dropMigrated(target.db, extensionsBefore);
    } catch (cleanup) {
      throw new Error(
        `${(error as Error).message}; the target could not be emptied again (${(cleanup as Error).message}): drop and recreate it`,
        { cause: error },
      );
    }
    if (error instanceof LogicalRefusal) throw new MoveRefusal(error.message);
    throw new Error(`${(error as Error).message}; the target was left empty`, { cause: error });
  }
};

/** Both sides compared, table by table, and what to set next (or why not). */
const printVerdicts = (
  verdicts: TableVerdict[],
  copied: Record<string, number>,
  print: Print,
  done: { masked: string; to: string; dataDir: string; folder: string; seconds: number },
): MoveReport => {
  const { masked, to, dataDir, folder, seconds } = done;
  const width = Math.max(5, ...verdicts.map((v) => v.table.length));
  print(`${'table'.padEnd(width)}  ${'embedded'.padStart(10)}  ${'postgres'.padStart(10)}  checksum`);
  for (const v of verdicts)
    print(
      `${v.table.padEnd(width)}  ${v.sourceRows.toLocaleString('en-US').padStart(10)}  ${v.targetRows.toLocaleString('en-US').padStart(10)}  ${v.ok ? 'same' : 'DIFFERENT'}`,
    );
  const total = Object.values(copied).reduce((sum, rows) => sum + rows, 0);
  const ok = verdicts.every((v) => v.ok);
  print('');
  if (!ok) {
    const bad = verdicts.filter((v) => !v.ok).map((v) => v.table);
    print(
      `The copy differs in ${bad.join(', ')}. The target keeps the copy for inspection; keep running on the ` +
        'embedded database, and drop and recreate the target before trying again.',
    );
    return { dryRun: false, counts: copied, verdicts, ok, databaseUrl: masked };
  }
  print(
    `Moved ${plural(total, 'row')} in ${plural(verdicts.length, 'table')} in ${seconds.toFixed(1)} s; ` +
      'every count and checksum matches.',
  );
  print(`Set:   DATABASE_URL=${masked}${masked === to ? '' : '  (with the real password)'}`);
  print(
    `Keep:  DATA_DIR=${dataDir}  (the uploads stay in ${join(dataDir, 'uploads')}: files are not in the database)`,
  );
  print(
    `The embedded database in ${folder} is left in place; delete it once the server runs on PostgreSQL and you have checked it.`,
  );
  return { dryRun: false, counts: copied, verdicts, ok, databaseUrl: masked };
};

/**
 * Moves the embedded database of `dataDir` into the empty PostgreSQL database at `to`. Refusals (a bad URL,
 * no embedded database, a folder in use, a target that does not connect or is not empty, a database newer
 * than this code) throw MoveRefusal before anything is written. Otherwise: the embedded database is migrated
 * to the current level if behind, the target migrated, every table copied in one transaction, and both sides
 * compared.
 */
export const moveToPostgres = async (options: MoveOptions): Promise<MoveReport> => {
  const progress = options.progress ?? (() => {});
  const print = options.print ?? (() => {});
  const { dataDir, to } = options;
  const masked = checkTargetUrl(to);
  const folder = join(dataDir, 'db');
  if (!existsSync(join(folder, 'PG_VERSION')))
    throw new MoveRefusal(
      `there is no embedded database in ${folder} (DATA_DIR=${dataDir}); nothing to move`,
    );
  const holder = lockHolder(dataDir);
  if (holder) throw lockedRefusal(dataDir, holder);

  let target: Database;
  try {
    target = await openPostgres(to, { max: 2, onIdleError: () => {} });
  } catch (error) {
    throw new MoveRefusal(`cannot connect to ${masked}: ${(error as Error).message || String(error)}`);
  }
  let source: Database | undefined;
  try {
    const contents = await targetContents(target.db);
    if (contents.tables > 0 || contents.drizzle)
      throw new MoveRefusal(
        `the target database is not empty (${contents.tables > 0 ? plural(contents.tables, 'table') : 'it has a drizzle schema'}); moving needs an empty database`,
      );

    source = await openSource(dataDir);
    const expected = expectedLevel();
    const level = await currentLevel(source.db);
    if (level.unknown || level.level > expected.level || (level.level > 0 && level.tag === null))
      throw new MoveRefusal(
        `the embedded database is at ${describeLevel(level)}, newer than this version's ${describeLevel(expected)}; ` +
          'move it with the version that wrote it',
      );
    const behind = level.level < expected.level;

    if (options.dryRun) return await printDryRun(source, print, { masked, behind, level, expected });

    if (behind) {
      progress(
        `the embedded database is at ${describeLevel(level)}; migrating it to ${describeLevel(expected)} first, as starting the server would`,
      );
      await source.migrate();
    }
    const started = Date.now();
    const copied = await copyInto(source, target, { masked, expected, progress });
    const seconds = (Date.now() - started) / 1000;

    progress('comparing row counts and checksums');
    const verdicts = await verifyCopy(source.db, target.db);
    return printVerdicts(verdicts, copied, print, { masked, to, dataDir, folder, seconds });
  } finally {
    await source?.close();
    await target.close();
  }
};
