import { createHash } from 'node:crypto';
import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';
import pg from 'pg';

/*
 * Named (prepared) statements for the app's queries (docs/architecture.md#named-statements). Drizzle sends each
 * query as an unnamed statement, so PostgreSQL parses, analyses and plans its text on every call. The app sends
 * the same few hundred texts over and over with new values, so here each text is prepared once per connection and
 * then only bound and executed: the cost that a prepared statement saves is the planning, which on PGlite (one
 * WASM engine on the event loop) was most of a list's statement (bench/README.md).
 *
 * A text is not named when its plan hinges on a value: a LIKE or ILIKE pattern. PostgreSQL switches a prepared
 * statement to a generic plan after five runs when that plan looks no dearer, and a generic plan does not know
 * the pattern; for `%김%` on the trigram index that read the whole index (twice the time). COPY and texts with
 * more than 100 parameters (long IN lists, each length its own text) are not named either.
 */

/** How many texts a process names; later ones run unnamed (each connection holds one plan per name). */
export const NAMED_STATEMENTS_MAX = 500;
const PARAMS_MAX = 100;

/**
 * PGlite runs on the event loop, and its queue hands each statement to the next in a microtask: under load the
 * loop reads no socket until the queue is empty, and a connection that arrives then can wait seconds. A statement
 * that finds the engine busy for this long without a break first lets the loop turn once.
 */
const YIELD_AFTER_MS = 10;

export const shouldName = (text: string, paramCount: number): boolean =>
  paramCount <= PARAMS_MAX && !/\b(?:i?like|similar\s+to)\b/i.test(text) && !/^\s*copy\b/i.test(text);

/** The SQLSTATEs that say a named statement went stale: its result type changed, or it is gone. */
const STALE = new Set(['0A000', '26000']);
const isStale = (error: unknown) =>
  typeof error === 'object' && error !== null && STALE.has(String((error as { code?: unknown }).code));

/** The name the app gives a text on PostgreSQL (`fd_` and the start of its SHA-1), also for Drizzle's `.prepare`. */
export const statementName = (text: string, prefix = 'fd_') =>
  `${prefix}${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;

/** A process-wide register of texts to names, bounded; a text that went stale is never named again. */
const createRegister = (prefix: string, max: number) => {
  const names = new Map<string, string>();
  const refused = new Set<string>();
  return {
    nameOf(text: string, paramCount: number): string | undefined {
      const known = names.get(text);
      if (known) return known;
      if (names.size >= max || refused.has(text) || !shouldName(text, paramCount)) return undefined;
      const name = statementName(text, prefix);
      names.set(text, name);
      return name;
    },
    refuse(text: string) {
      names.delete(text);
      refused.add(text);
    },
  };
};

// ---- node-postgres ---------------------------------------------------------------------------------------------

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown };
const register = createRegister('fd_', NAMED_STATEMENTS_MAX);

/**
 * A `pg.Client` that names the statements Drizzle sends (a query config object, answered by a promise).
 * node-postgres then parses each text once per connection (`Pool({ Client: NamingClient })`).
 */
export class NamingClient extends pg.Client {
  // node-postgres overloads `query` many ways and this forwards them all. Each of its overloads is an instance of
  // this one (R is the answer the caller's overload names), so the override stands in for all of them; the body
  // returns what `super.query` returns for the same arguments, or for a named config the same promise or callback.
  override query<R>(...args: unknown[]): R;
  override query(...args: unknown[]): unknown {
    // Safe: every field of QueryConfig is `unknown`, and each is checked below before it is used.
    const [config, second, third] = args as [QueryConfig, unknown, unknown];
    const text = typeof config === 'object' && config !== null ? config.text : undefined;
    // `pool.query(config, values)` reaches here as `(config, values, callback)`; a transaction's client as
    // `(config, values)`, answered by a promise.
    const values = typeof second === 'function' ? undefined : second;
    const callback = typeof second === 'function' ? second : third;
    // Safe (both forwards): the caller's own arguments, unchanged, to the overloaded method it called.
    if (typeof text !== 'string' || config.name !== undefined || (callback && typeof callback !== 'function'))
      return super.query(...(args as Parameters<pg.Client['query']>));
    const name = register.nameOf(text, Array.isArray(values) ? values.length : 0);
    if (!name) return super.query(...(args as Parameters<pg.Client['query']>));
    // Safe: a config with a string text (checked above) and the caller's values, which node-postgres checks itself.
    const send = (query: pg.QueryConfig) =>
      values === undefined ? super.query(query) : super.query(query, values as unknown[]);
    const answer = send({ ...(config as pg.QueryConfig), name }).catch((error: unknown) => {
      if (!isStale(error)) throw error;
      register.refuse(text);
      return send(config as pg.QueryConfig);
    });
    if (!callback) return answer;
    // Safe: a function (checked above), node-postgres's callback shape.
    const done = callback as (error: unknown, result?: unknown) => void;
    answer.then(
      (result) => done(undefined, result),
      (error: unknown) => done(error),
    );
    return undefined;
  }
}

// ---- PGlite ----------------------------------------------------------------------------------------------------

/** The parts of PGlite used here that its types mark internal (PGlite 0.5's `BasePGlite`). */
type PgliteInternals = {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  serializers: Record<number, (value: unknown) => string>;
  parsers: Record<number, (value: string, typeId?: number) => unknown>;
};

const join = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/**
 * Makes `client.query` (outside a transaction) prepare each text once, then send bind, describe, execute and
 * sync in one call into the engine. Options it does not handle (a blob, parameter types, serializers) and
 * transactions take PGlite's own path. Returns the number of texts named so far, for tests.
 */
export const nameStatements = (client: PGlite, max = NAMED_STATEMENTS_MAX): (() => number) => {
  // Safe: PGlite keeps these members private, not absent; `PgliteInternals` names the few this file calls, and
  // tests/api/named-statements.test.ts fails if a PGlite upgrade renames one.
  const inner = client as unknown as PgliteInternals;
  const original = client.query.bind(client);
  const { serialize } = protocol;
  /** Name and parameter types by text, oldest first (a Map keeps insertion order). */
  const prepared = new Map<string, { name: string; types: number[] }>();
  const refused = new Set<string>();
  let next = 0;
  let yielded = 0;

  const annotate = (error: unknown, text: string, params: unknown[] | undefined, options?: QueryOptions) => {
    if (typeof error === 'object' && error !== null)
      Object.assign(error, { query: text, params, queryOptions: options });
    return error;
  };

  const run = async <T>(text: string, params: unknown[], options: QueryOptions | undefined) => {
    if (performance.now() - yielded > YIELD_AFTER_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      yielded = performance.now();
    }
    let statement = prepared.get(text);
    if (statement) {
      prepared.delete(text);
      prepared.set(text, statement);
    } else {
      if (prepared.size >= max) {
        // Safe: the map holds `max` (at least one) entries here, so the first is there.
        const [oldestText, oldest] = prepared.entries().next().value as [string, { name: string }];
        prepared.delete(oldestText);
        await client.execProtocol(
          join([serialize.close({ type: 'S', name: oldest.name }), serialize.sync()]),
          {
            syncToFs: false,
          },
        );
      }
      const name = `fd_${++next}`;
      const described = await client.execProtocol(
        join([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
        { syncToFs: false },
      );
      statement = { name, types: parse.parseDescribeStatementResults(described.messages) };
      prepared.set(text, statement);
    }
    const types = statement.types;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = inner.serializers[types[i] ?? 0];
      return serializer ? serializer(value) : String(value);
    });
    const result = await client.execProtocol(
      join([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    await client.syncToFs();
    // parseResults merges `options.parsers` into the defaults by copying all of them (some hundred types) on every
    // call, which was 8% of a list's CPU: a few own keys over the defaults as prototype read the same.
    // Safe (both returns): one statement gives one result, whose rows the caller types as T, as PGlite's own query does.
    if (!options?.parsers)
      return parse.parseResults(result.messages, inner.parsers, options)[0] as Results<T>;
    const { parsers, ...rest } = options;
    const merged: Parameters<typeof parse.parseResults>[1] = Object.assign(
      Object.create(inner.parsers),
      parsers,
    );
    return parse.parseResults(result.messages, merged, rest)[0] as Results<T>;
  };

  const query = async <T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> => {
    if (
      refused.has(text) ||
      !shouldName(text, params?.length ?? 0) ||
      options?.blob ||
      options?.paramTypes ||
      options?.serializers ||
      options?.onNotice
    )
      return original<T>(text, params, options);
    try {
      return await inner._runExclusiveTransaction(() =>
        inner._runExclusiveQuery(() => run<T>(text, params ?? [], options)),
      );
    } catch (error) {
      if (!isStale(error)) throw annotate(error, text, params, options);
      // The stale plan stays prepared in the session (one per such text, which is rare: a column's type changed).
      prepared.delete(text);
      refused.add(text);
      return original<T>(text, params, options);
    }
  };
  client.query = query;
  return () => next;
};
