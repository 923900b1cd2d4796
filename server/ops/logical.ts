import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { currentLevel, describeLevel, type MigrationLevel } from './levels.ts';
import {
  listTables,
  orderBy,
  queryRows,
  quoteIdent,
  rowCounts,
  type TableInfo,
  tableChecksum,
} from './tables.ts';

/**
 * The logical copy engine (docs/operations.md#move and #tables): rows read as JSON in primary-key order,
 * written through `json_populate_recordset`, on PGlite and PostgreSQL alike. `db:move` copies database to
 * database; the backup of a PostgreSQL database without `pg_dump` goes through a file
 * (`exportLogical`/`importLogical`).
 */

export type CopyProgress = (event: { table: string; done: number; total: number }) => void;

/** A refusal: one line naming what was wrong; nothing was written. */
export class LogicalRefusal extends Error {}

export const LOGICAL_FORMAT = 'fitdesk-logical';
export const LOGICAL_VERSION = 1;
export const DEFAULT_BATCH = 1_000;

/** The file's first line (docs/operations.md#backup). */
export type LogicalHeader = {
  format: typeof LOGICAL_FORMAT;
  version: number;
  createdAt: string;
  level: MigrationLevel;
  tables: {
    name: string;
    columns: string[];
    /**
     * json/jsonb columns, written inside a one-element array so that a JSON `null` and an SQL NULL stay apart
     * (a json value as a string of its text).
     */
    wrapped: string[];
    rows: number;
    /** The value each identity column's sequence would hand out next, so that no id is ever handed out twice. */
    next: Record<string, string | null>;
  }[];
};

const q = quoteIdent;
const list = (names: string[], prefix = '') => names.map((name) => `${prefix}${q(name)}`).join(', ');

/** Text forms that do not depend on the session, for the JSON the rows are read as. */
export const readingSession = async (tx: Executor) => {
  for (const setting of [
    `set local timezone to 'UTC'`,
    `set local datestyle to 'ISO, YMD'`,
    `set local intervalstyle to 'postgres'`,
    `set local bytea_output to 'hex'`,
    'set local extra_float_digits to 1',
  ])
    await tx.execute(sql.raw(setting));
};

/**
 * json and jsonb columns per table, with their type: populating one from JSON `null` would give SQL NULL, so
 * their values travel inside a one-element array (a json value as its text, which may hold line breaks).
 */
export const jsonColumns = async (db: Executor): Promise<Map<string, Map<string, 'json' | 'jsonb'>>> => {
  const rows = await queryRows<{ table: string; column: string; type: 'json' | 'jsonb' }>(
    db,
    sql`select c.relname as table, a.attname::text as column, format_type(a.atttypid, null) as type
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and a.attnum > 0 and not a.attisdropped
        and a.atttypid in ('json'::regtype, 'jsonb'::regtype)`,
  );
  const byTable = new Map<string, Map<string, 'json' | 'jsonb'>>();
  for (const row of rows)
    byTable.set(row.table, (byTable.get(row.table) ?? new Map()).set(row.column, row.type));
  return byTable;
};

type JsonColumns = Map<string, 'json' | 'jsonb'>;
export const noJson: JsonColumns = new Map();

/** The next value of each identity column's sequence (null when the column has none). */
export const sequencePositions = async (
  db: Executor,
  table: TableInfo,
): Promise<Record<string, string | null>> => {
  const next: Record<string, string | null> = {};
  for (const column of table.identity) {
    const [found] = await queryRows<{ seq: string | null }>(
      db,
      sql`select pg_get_serial_sequence(${q(table.name)}, ${column}) as seq`,
    );
    const seq = found?.seq;
    if (!seq) {
      next[column] = null;
      continue;
    }
    const [row] = await queryRows<{ next: string }>(
      db,
      sql.raw(
        `select (case when s.is_called then s.last_value + p.seqincrement else s.last_value end)::text as next
         from ${seq} s, pg_sequence p where p.seqrelid = '${seq.replaceAll("'", "''")}'::regclass`,
      ),
    );
    next[column] = row?.next ?? null;
  }
  return next;
};

/**
 * A table's rows in primary-key order, in batches: each batch is one text of JSON objects joined by
 * `separator` (aggregated on the database side: one value per batch crosses the driver, not one per row).
 * Keyset pagination on the primary key (offset for a table without one), inside the caller's transaction so
 * every batch sees one snapshot.
 */
export async function* readBatches(
  db: Executor,
  table: TableInfo,
  wrapped: JsonColumns,
  batchSize: number,
  separator: string,
): AsyncGenerator<{ text: string; rows: number }> {
  const name = q(table.name);
  const columns = table.columns
    .map((column) =>
      wrapped.has(column)
        ? `case when ${q(column)} is null then null else json_build_array(${q(column)}${wrapped.get(column) === 'json' ? '::text' : ''}) end as ${q(column)}`
        : q(column),
    )
    .join(', ');
  const keyset = table.primaryKey.length > 0 && table.primaryKey.every((column) => !wrapped.has(column));
  const inOrder = keyset ? ` order by ${list(table.primaryKey, 'r.')}` : '';
  const lastKey = keyset
    ? `(array_agg(json_build_object(${table.primaryKey.map((c) => `'${c.replaceAll("'", "''")}', r.${q(c)}`).join(', ')})
        order by ${table.primaryKey.map((c) => `r.${q(c)} desc`).join(', ')}))[1]::text`
    : 'null';
  let last: string | undefined;
  for (let offset = 0; ; offset += batchSize) {
    let where: SQL = sql``;
    if (keyset && last !== undefined) {
      // One scalar subselect per key column: a row comparison of parameters, served by the primary key.
      const key = table.primaryKey.map(
        (column) =>
          sql`(select k.${sql.raw(q(column))} from json_populate_record(null::${sql.raw(name)}, ${last}::json) k)`,
      );
      where = sql` where (${sql.raw(list(table.primaryKey))}) > (${sql.join(key, sql`, `)})`;
    }
    const page = keyset ? '' : ` offset ${offset}`;
    const [batch] = await queryRows<{ text: string | null; rows: number; last: string | null }>(
      db,
      sql`select string_agg(row_to_json(r.*)::text, ${separator}${sql.raw(inOrder)}) as text, count(*)::int as rows,
          ${sql.raw(lastKey)} as last
        from (select ${sql.raw(columns)} from ${sql.raw(name)}${where}
          order by ${sql.raw(orderBy(table))} limit ${sql.raw(String(batchSize))}${sql.raw(page)}) r`,
    );
    if (!batch || batch.rows === 0 || batch.text === null) return;
    yield { text: batch.text, rows: batch.rows };
    if (batch.rows < batchSize) return;
    last = batch.last ?? undefined;
  }
}

type ForeignKey = { table: string; ref: string; columns: string[]; nullable: boolean; deferred: boolean };

const foreignKeys = (db: Executor) =>
  queryRows<ForeignKey>(
    db,
    sql`select c.relname as table, f.relname as ref, k.condeferred as deferred,
      (select array_agg(a.attname::text order by a.attnum) from pg_attribute a
        where a.attrelid = k.conrelid and a.attnum = any(k.conkey)) as columns,
      (select bool_and(not a.attnotnull) from pg_attribute a
        where a.attrelid = k.conrelid and a.attnum = any(k.conkey)) as nullable
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class f on f.oid = k.confrelid
      join pg_namespace n on n.oid = c.relnamespace
    where k.contype = 'f' and n.nspname = 'public'`,
  );

type Section = {
  table: TableInfo;
  columns: string[];
  wrapped: JsonColumns;
  deferred: string[];
  pending?: string;
};

/**
 * Writes rows into empty tables of one transaction, in the order given (parents first). A foreign key to the
 * table itself or to a table not written yet (member.trainer_member_id: a customer may name a trainer added
 * after them) is written as NULL, kept aside in a temporary table, and set once every row is in.
 */
export const createWriter = async (
  tx: Executor,
  order: { table: TableInfo; columns: string[]; wrapped: JsonColumns }[],
) => {
  const position = new Map(order.map((entry, index) => [entry.table.name, index]));
  const keys = await foreignKeys(tx);
  const sections: Section[] = [];
  for (const [index, entry] of order.entries()) {
    const deferred = new Set<string>();
    for (const key of keys) {
      if (key.table !== entry.table.name || key.deferred) continue;
      const ref = position.get(key.ref);
      const forward = ref === undefined || ref >= index;
      if (forward && key.nullable && entry.table.primaryKey.length > 0)
        for (const column of key.columns) deferred.add(column);
    }
    const section: Section = { ...entry, deferred: [...deferred] };
    if (section.deferred.length > 0) {
      section.pending = q(`fitdesk_pending_${index}`);
      await tx.execute(
        sql.raw(
          `create temp table ${section.pending} on commit drop as
           select ${list([...entry.table.primaryKey, ...section.deferred])} from ${q(entry.table.name)} with no data`,
        ),
      );
    }
    sections.push(section);
  }
  const byName = new Map(sections.map((section) => [section.table.name, section]));

  const insert = async (tableName: string, rowsJson: string) => {
    try {
      await insertRows(byName.get(tableName)!, rowsJson);
    } catch (error) {
      // The driver's message quotes the statement and its parameter, a whole batch of rows: name the table.
      const cause =
        (error as Error).cause instanceof Error ? ((error as Error).cause as Error) : (error as Error);
      throw new Error(`writing the rows of ${tableName} failed: ${cause.message}`, { cause: error });
    }
  };

  const insertRows = async (section: Section, rowsJson: string) => {
    const tableName = section.table.name;
    const name = q(tableName);
    const values = section.columns
      .map((column) => {
        if (section.deferred.includes(column)) return 'null';
        const json = section.wrapped.get(column);
        if (json === 'jsonb') return `s.${q(column)} -> 0`;
        if (json === 'json') return `(s.${q(column)} ->> 0)::json`;
        return `s.${q(column)}`;
      })
      .join(', ');
    const source = sql`json_populate_recordset(null::${sql.raw(name)}, ${rowsJson}::json)`;
    const into = `insert into ${name} (${list(section.columns)}) overriding system value select ${values} from s`;
    if (!section.pending) {
      await tx.execute(sql`with s as (select * from ${source}) ${sql.raw(into)}`);
      return;
    }
    const kept = [...section.table.primaryKey, ...section.deferred];
    const anySet = section.deferred.map((column) => `s.${q(column)} is not null`).join(' or ');
    await tx.execute(
      sql`with s as materialized (select * from ${source}), written as (${sql.raw(into)})
        insert into ${sql.raw(section.pending)} select ${sql.raw(list(kept, 's.'))} from s where ${sql.raw(anySet)}`,
    );
  };

  /** Sets the kept references, then moves each identity past the highest id and the source's own position. */
  const finish = async (next: Map<string, Record<string, string | null>>) => {
    for (const section of sections) {
      if (!section.pending) continue;
      const name = q(section.table.name);
      const set = section.deferred.map((column) => `${q(column)} = p.${q(column)}`).join(', ');
      const match = section.table.primaryKey.map((column) => `t.${q(column)} = p.${q(column)}`).join(' and ');
      await tx.execute(sql.raw(`update ${name} t set ${set} from ${section.pending} p where ${match}`));
      await tx.execute(sql.raw(`drop table ${section.pending}`));
    }
    for (const section of sections) {
      for (const column of section.table.identity) {
        const after = next.get(section.table.name)?.[column] ?? '1';
        await tx.execute(
          sql`select setval(pg_get_serial_sequence(${q(section.table.name)}, ${column}),
            greatest(coalesce(max(${sql.raw(q(column))}), 0) + 1, ${after}::bigint), false)
            from ${sql.raw(q(section.table.name))}`,
        );
      }
    }
  };
  return { insert, finish };
};

/** The target's tables for the source's, checked: same names and columns, every one empty. */
export const matchTables = async (target: Executor, wanted: { name: string; columns: string[] }[]) => {
  const tables = await listTables(target);
  const byName = new Map(tables.map((table) => [table.name, table]));
  const missing = wanted.filter((table) => !byName.has(table.name)).map((table) => table.name);
  if (missing.length > 0)
    throw new LogicalRefusal(
      `the target has no table ${missing.join(', ')}: it is not at the source's level`,
    );
  const extra = tables
    .filter((table) => !wanted.some((w) => w.name === table.name))
    .map((table) => table.name);
  if (extra.length > 0)
    throw new LogicalRefusal(
      `the target has tables the source lacks (${extra.join(', ')}): the levels differ`,
    );
  for (const table of wanted) {
    const own = byName.get(table.name)!;
    const absent = table.columns.filter((column) => !own.columns.includes(column));
    if (absent.length > 0)
      throw new LogicalRefusal(`the target's table ${table.name} has no column ${absent.join(', ')}`);
  }
  const counts = await rowCounts(target, tables);
  const full = Object.entries(counts).filter(([, rows]) => rows > 0);
  if (full.length > 0)
    throw new LogicalRefusal(
      `the target is not empty (${full.map(([name, rows]) => `${name}: ${rows} ${rows === 1 ? 'row' : 'rows'}`).join(', ')}); the copy needs empty tables`,
    );
  return byName;
};

/**
 * Copies every public table of `source` into `target` (migrated to the same level, every table empty):
 * parents first, in primary-key order, in batches, inside one target transaction so that a failure leaves the
 * target empty. The source is read in one repeatable-read snapshot. Returns the rows copied per table.
 */
export const copyDatabase = async (
  source: Executor,
  target: Executor,
  options: { batchSize?: number; onProgress?: CopyProgress } = {},
): Promise<Record<string, number>> => {
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const [sourceLevel, targetLevel] = await Promise.all([currentLevel(source), currentLevel(target)]);
  if (sourceLevel.level !== targetLevel.level || sourceLevel.tag !== targetLevel.tag)
    throw new LogicalRefusal(
      `the source is at ${describeLevel(sourceLevel)} and the target at ${describeLevel(targetLevel)}; both must be at one level`,
    );
  return source.transaction(
    async (read) => {
      await readingSession(read);
      const tables = await listTables(read);
      const wrapped = await jsonColumns(read);
      const totals = await rowCounts(read, tables);
      return target.transaction(async (write) => {
        const own = await matchTables(write, tables);
        const writer = await createWriter(
          write,
          tables.map((table) => ({
            table: own.get(table.name)!,
            columns: table.columns,
            wrapped: wrapped.get(table.name) ?? noJson,
          })),
        );
        const copied: Record<string, number> = {};
        const positions = new Map<string, Record<string, string | null>>();
        for (const table of tables) {
          const total = totals[table.name] ?? 0;
          let done = 0;
          options.onProgress?.({ table: table.name, done, total });
          positions.set(table.name, await sequencePositions(read, table));
          // The next batch is read while this one is written: the two databases work side by side.
          const batches = readBatches(read, table, wrapped.get(table.name) ?? noJson, batchSize, ',');
          const ahead = () => {
            const promise = batches.next();
            // Marked handled at once: a read that fails during a write is rethrown by the await below, not
            // the process.
            promise.catch(() => {});
            return promise;
          };
          let next = ahead();
          try {
            for (let batch = await next; !batch.done; batch = await next) {
              next = ahead();
              await writer.insert(table.name, `[${batch.value.text}]`);
              done += batch.value.rows;
              options.onProgress?.({ table: table.name, done, total });
            }
          } catch (error) {
            // A read still in flight must settle before the source's transaction ends.
            await next.catch(() => {});
            throw error;
          }
          copied[table.name] = done;
        }
        await writer.finish(positions);
        return copied;
      });
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
};

export type TableVerdict = {
  table: string;
  sourceRows: number;
  targetRows: number;
  sourceSha256: string;
  targetSha256: string;
  ok: boolean;
};

/** Row counts and SHA-256 checksums per table on both sides (docs/operations.md#tables); a table on one side only fails. */
export const verifyCopy = async (source: Executor, target: Executor): Promise<TableVerdict[]> => {
  const [sourceTables, targetTables] = await Promise.all([listTables(source), listTables(target)]);
  const [sourceCounts, targetCounts] = await Promise.all([
    rowCounts(source, sourceTables),
    rowCounts(target, targetTables),
  ]);
  const ofTarget = new Map(targetTables.map((table) => [table.name, table]));
  const ofSource = new Map(sourceTables.map((table) => [table.name, table]));
  const names = [
    ...sourceTables.map((table) => table.name),
    ...targetTables.filter((table) => !ofSource.has(table.name)).map((table) => table.name),
  ];
  const verdicts: TableVerdict[] = [];
  for (const name of names) {
    const [sourceSha256, targetSha256] = await Promise.all([
      ofSource.has(name) ? tableChecksum(source, ofSource.get(name)!) : '',
      ofTarget.has(name) ? tableChecksum(target, ofTarget.get(name)!) : '',
    ]);
    const sourceRows = sourceCounts[name] ?? 0;
    const targetRows = targetCounts[name] ?? 0;
    const ok =
      ofSource.has(name) && ofTarget.has(name) && sourceRows === targetRows && sourceSha256 === targetSha256;
    verdicts.push({ table: name, sourceRows, targetRows, sourceSha256, targetSha256, ok });
  }
  return verdicts;
};
