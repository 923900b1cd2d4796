import { type SQL, sql } from 'drizzle-orm';
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
};

/** A fragment with its values lifted out as placeholders named `<prefix>1…`. */
export const shapeOf = (fragment: SQL, prefix: string): Shape => {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(PARAM)) {
    chunks.push(sql.raw(text.slice(last, match.index)), sql`${sql.placeholder(`${prefix}${match[1]}`)}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  const values: Record<string, unknown> = {};
  params.forEach((value, i) => {
    values[`${prefix}${i + 1}`] = value;
  });
  return { text, template: sql.join(chunks), values };
};

type Prepared<T> = PgPreparedQuery<PreparedQueryConfig & { execute: T }>;
type Preparable<T> = { toSQL(): { sql: string }; prepare(name: string): Prepared<T> };

const SHAPES_MAX = 200;

/**
 * A cache of one statement's prepared forms, by the shape of its dynamic parts, per executor (a transaction gets
 * its own, short-lived). `build` makes the statement from templates; `undefined` from `run` means the shape is
 * not worth preparing (a LIKE pattern: docs/architecture.md#named-statements) and the caller runs it as it is.
 */
export const preparedByShape = <T>() => {
  const byExecutor = new WeakMap<Executor, Map<string, Prepared<T>>>();
  return {
    async run(
      db: Executor,
      shapes: Shape[],
      build: (templates: SQL[]) => Preparable<T>,
      values: Record<string, unknown>,
    ): Promise<T | undefined> {
      const key = shapes.map((shape) => shape.text).join('\u0000');
      if (!shouldName(key, 0)) return undefined;
      let cache = byExecutor.get(db);
      if (!cache) {
        cache = new Map();
        byExecutor.set(db, cache);
      }
      let prepared = cache.get(key);
      if (!prepared) {
        const query = build(shapes.map((shape) => shape.template));
        prepared = query.prepare(statementName(query.toSQL().sql));
        if (cache.size >= SHAPES_MAX) cache.clear();
        cache.set(key, prepared);
      }
      return prepared.execute(Object.assign({}, ...shapes.map((shape) => shape.values), values));
    },
  };
};
