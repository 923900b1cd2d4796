import { count, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { TOTAL_CAP } from '#domain/resources/define.ts';
import type { Executor } from './client.ts';

/**
 * A list's total, capped at TOTAL_CAP + 1 matching rows (docs/architecture.md#request-path): never a count over a
 * whole table. As a field of the page statement it is an uncorrelated scalar subquery, which PostgreSQL runs once
 * per statement; `count(*) over ()` instead made the statement keep every matching row for the window and doubled
 * its time on PGlite (bench/README.md). `where` may name only `table`'s own columns, which the subquery's
 * `from` then resolves to its own rows.
 */
export const cappedTotal = (table: PgTable, where: SQL | undefined) =>
  sql<number>`(select count(*) from (select 1 from ${table}${where ? sql` where ${where}` : sql``} limit ${TOTAL_CAP + 1}) capped)`.mapWith(
    Number,
  );

/** The capped total on its own, for a page read without it. */
export const countCapped = async (db: Executor, table: PgTable, where: SQL | undefined) => {
  const capped = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(TOTAL_CAP + 1)
    .as('capped');
  const [row] = await db.select({ n: count() }).from(capped);
  return Number(row?.n ?? 0);
};
