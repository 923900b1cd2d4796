import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect, type PgPreparedQuery, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import { drizzleOptions, type Executor } from './client.ts';
import { shouldName, statementName } from './named-statements.ts';

/*
 * Statements compiled once per shape (docs/architecture.md#named-statements). Drizzle turns its query tree into
 * text on every call; for a list page with joins and a JSON select that walk was 10% of the request's CPU on
 * PostgreSQL. A list's dynamic parts (its filters and its order) are small: they are compiled alone, their values
 * become placeholders, and the whole statement is built and prepared once for that text. Later calls with the same
 * filters only fill the placeholders.
 */

// Compiles as the app's database does (same casing), so a fragment's text is the one the whole statement holds.
const dialect = new PgDialect({ casing: drizzleOptions.casing });
const PARAM = /\$(\d+)/g;

export type Shape = {
  /** The fragment's text, the key of its shape. */
  text: string;
  /** The same fragment with each value a placeholder `<prefix><n>`. */
  template: SQL;
  values: Record<string, unknown>;
  /**
   * Whether the text's `$n` are exactly its values, once each and in order. Raw text holding `$` and a digit (a
   * literal, say) would be read as a value: such a shape is never prepared.
   */
  exact: boolean;
};

/** A fragment with its values lifted out as placeholders named `<prefix>1…`. */
export const shapeOf = (fragment: SQL, prefix: string): Shape => {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  const chunks: SQL[] = [];
  let last = 0;
  let seen = 0;
  let exact = true;
  for (const match of text.matchAll(PARAM)) {
    seen++;
    if (Number(match[1]) !== seen) exact = false;
    chunks.push(sql.raw(text.slice(last, match.index)), sql`${sql.placeholder(`${prefix}${match[1]}`)}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  const values: Record<string, unknown> = {};
  params.forEach((value, i) => {
    values[`${prefix}${i + 1}`] = value;
  });
  return { text, template: sql.join(chunks), values, exact: exact && seen === params.length };
};

type Prepared<T> = PgPreparedQuery<PreparedQueryConfig & { execute: T }>;
/** A statement Drizzle can run (it is thenable) or prepare. */
type PageStatement<T> = PromiseLike<T> & { toSQL(): { sql: string }; prepare(name: string): Prepared<T> };

/** A list page as the engine asks for it. */
export type PageRequest = { where: SQL | undefined; orderBy: SQL[]; limit: number; offset: number };
/** The parts a page statement is built from: fragments and values, or templates and placeholders. */
export type PageParts = {
  where: SQL | undefined;
  orderBy: SQL;
  limit: number | Placeholder;
  offset: number | Placeholder;
};

const SHAPES_MAX = 200;

/**
 * A page statement prepared once per shape of its filters and its order, per executor (a transaction gets its own,
 * short-lived cache). `build` makes the statement from its parts. A shape the named statements would not name (a
 * LIKE pattern, over 100 values: docs/architecture.md#named-statements), or one whose text is not exactly its values,
 * is built from the values and run as it is.
 */
export const preparedPages = <T>(build: (db: Executor, parts: PageParts) => PageStatement<T>) => {
  const byExecutor = new WeakMap<Executor, Map<string, Prepared<T>>>();
  return async (db: Executor, page: PageRequest): Promise<T> => {
    const orderBy = sql.join(page.orderBy, sql`, `);
    const where = shapeOf(page.where ?? sql`true`, 'w');
    const order = shapeOf(orderBy, 'o');
    const values = { ...where.values, ...order.values, limit: page.limit, offset: page.offset };
    const key = `${where.text}\u0000${order.text}`;
    if (!where.exact || !order.exact || !shouldName(key, Object.keys(values).length))
      return build(db, { ...page, orderBy });
    let cache = byExecutor.get(db);
    if (!cache) {
      cache = new Map();
      byExecutor.set(db, cache);
    }
    let prepared = cache.get(key);
    if (!prepared) {
      const statement = build(db, {
        where: where.template,
        orderBy: order.template,
        limit: sql.placeholder('limit'),
        offset: sql.placeholder('offset'),
      });
      prepared = statement.prepare(statementName(statement.toSQL().sql));
      if (cache.size >= SHAPES_MAX) cache.clear();
      cache.set(key, prepared);
    }
    return prepared.execute(values);
  };
};
