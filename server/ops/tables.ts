import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';

/**
 * The database's own description of its tables (docs/operations.md#tables), read from the catalog so that backup,
 * restore and the move follow every migration without a list to keep up to date.
 */
export type TableInfo = {
  name: string;
  /** Columns that take a value on insert, in table order (stored generated columns are left out). */
  columns: string[];
  /** The primary key's columns: rows are read and checksummed in this order. */
  primaryKey: string[];
  /** Columns backed by an identity or a serial sequence, reset after a copy to continue after the highest id. */
  identity: string[];
  /** Tables this one references (its foreign keys), itself excluded. */
  references: string[];
};

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const quoteIdent = quote;

/**
 * Tables that describe this database's own workings, not the product's data: backup, restore and the move leave
 * them out. `revenue_change` names transaction ids, which mean nothing in another database (docs/operations.md#tables).
 */
export const DERIVED_TABLES = ['revenue_change'] as const;

/**
 * Every table of the `public` schema but the derived ones (with them when `derived`), parents before children (a
 * table comes after the tables it references).
 */
export const listTables = async (db: Executor, options: { derived?: boolean } = {}): Promise<TableInfo[]> => {
  const rows = await queryRows<{
    name: string;
    columns: string[] | null;
    primary_key: string[] | null;
    identity: string[] | null;
    refs: string[] | null;
  }>(
    db,
    sql`
    select c.relname as name,
      (select array_agg(a.attname::text order by a.attnum) from pg_attribute a
        where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '') as columns,
      (select array_agg(a.attname::text order by array_position(i.indkey::int2[], a.attnum)) from pg_index i
        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = c.oid and i.indisprimary) as primary_key,
      (select array_agg(a.attname::text order by a.attnum) from pg_attribute a
        where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
          and (a.attidentity <> '' or pg_get_serial_sequence(quote_ident(c.relname), a.attname) is not null)) as identity,
      (select array_agg(distinct f.relname::text) from pg_constraint k join pg_class f on f.oid = k.confrelid
        where k.conrelid = c.oid and k.contype = 'f' and k.confrelid <> c.oid) as refs
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')
      and (${options.derived === true} or c.relname not in (${sql.join(
        DERIVED_TABLES.map((name) => sql`${name}`),
        sql`, `,
      )}))
    order by c.relname`,
  );
  const tables = rows.map((row) => ({
    name: row.name,
    columns: row.columns ?? [],
    primaryKey: row.primary_key ?? [],
    identity: row.identity ?? [],
    references: row.refs ?? [],
  }));
  return parentsFirst(tables);
};

/** A stable topological order; a cycle (none today) falls back to name order for the tables in it. */
const parentsFirst = (tables: TableInfo[]): TableInfo[] => {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const done = new Set<string>();
  const visiting = new Set<string>();
  const ordered: TableInfo[] = [];
  const visit = (table: TableInfo) => {
    if (done.has(table.name) || visiting.has(table.name)) return;
    visiting.add(table.name);
    for (const ref of [...table.references].sort()) {
      const parent = byName.get(ref);
      if (parent) visit(parent);
    }
    visiting.delete(table.name);
    done.add(table.name);
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
};

/** The order rows are read in: the primary key, or every column for a table without one. */
export const orderBy = (table: TableInfo): string =>
  (table.primaryKey.length > 0 ? table.primaryKey : table.columns).map(quote).join(', ');

/** Exact row counts per table, in one statement. */
export const rowCounts = async (db: Executor, tables?: TableInfo[]): Promise<Record<string, number>> => {
  const list = tables ?? (await listTables(db));
  if (list.length === 0) return {};
  const rows = await queryRows<{ name: string; rows: string | number }>(
    db,
    sql.raw(
      list
        .map(
          (table) =>
            `select '${table.name.replaceAll("'", "''")}' as name, count(*) as rows from ${quote(table.name)}`,
        )
        .join(' union all '),
    ),
  );
  return Object.fromEntries(rows.map((row) => [row.name, Number(row.rows)]));
};

/**
 * A SHA-256 over a table's rows in primary-key order, each row as PostgreSQL's text form of its non-generated
 * columns. The session is set to UTC and ISO dates first, so the same rows give the same checksum on PGlite
 * and on PostgreSQL. Read in batches, so a large table is never held at once.
 */
export const tableChecksum = (db: Executor, table: TableInfo, batchSize = 5_000): Promise<string> =>
  db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local timezone to 'UTC'`));
    await tx.execute(sql.raw(`set local datestyle to 'ISO, YMD'`));
    await tx.execute(sql.raw('set local extra_float_digits to 1'));
    const hash = createHash('sha256');
    const columns = table.columns.map(quote).join(', ');
    for (let offset = 0; ; offset += batchSize) {
      const rows = await queryRows<{ row: string }>(
        tx,
        sql.raw(
          `select (t.*)::text as row from (select ${columns} from ${quote(table.name)} order by ${orderBy(table)} limit ${batchSize} offset ${offset}) t`,
        ),
      );
      for (const row of rows) hash.update(`${row.row}\n`);
      if (rows.length < batchSize) break;
    }
    return hash.digest('hex');
  });

/**
 * Runs a raw statement and returns its rows. Both drivers answer `{ rows }`; the shared `Db` type cannot say so, so
 * the answer is checked rather than cast.
 */
export const queryRows = async <T>(db: Executor, statement: SQL): Promise<T[]> => {
  const result: unknown = await db.execute(statement);
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows))
    return result.rows;
  throw new Error('The driver answered a statement without rows');
};
