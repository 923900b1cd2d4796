// The bare baseline of the desk's writes (`BENCH_ONLY=desk`, bench/desk.ts): Fastify and a driver, no engine, no
// zod, no Drizzle. `POST /bare/desk-write` with `{ memberId, amount }` does what every desk write does at the least:
//   1. the session lookup (the cookie's hash → member), outside the transaction, as the app's auth does;
//   then in one transaction:
//   2. the facility's customer, locked (`for update`), as the app's writes lock the customer or the pass;
//   3. one row inserted (a sale-like row of the baseline's own table);
//   4. one summary row upserted (a list-summary-like row: the customer's running total).
// Statements are prepared (named on `pg`; PGlite has no names). The baseline's two tables are its own, made at
// start-up on the throwaway database; nothing of the app's data is changed.
//   BASELINE_DATABASE_URL=postgres://…  or  BASELINE_PGLITE_DIR=<DATA_DIR>/db   node --import tsx bench/desk-baseline.ts

import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import Fastify from 'fastify';
import pg from 'pg';

type Row = Record<string, unknown>;
type Query = (name: string, text: string, values: unknown[]) => Promise<Row[]>;
type Database = { query: Query; transaction: <T>(work: (query: Query) => Promise<T>) => Promise<T> };

const SESSION_SQL =
  'select s.member_id, m.auth_code from session s inner join member m on m.id = s.member_id where s.token_hash = $1 limit 1';
const LOCK_SQL = 'select id, name from member where id = $1 for update';
const INSERT_SQL =
  'insert into bench_desk_write (member_id, actor_id, amount, created_at) values ($1, $2, $3, now()) returning id';
const SUMMARY_SQL = `insert into bench_desk_total (member_id, total, writes) values ($1, $2, 1)
  on conflict (member_id) do update set total = bench_desk_total.total + excluded.total,
    writes = bench_desk_total.writes + 1 returning total`;

const open = async (): Promise<Database> => {
  const url = process.env.BASELINE_DATABASE_URL;
  if (url) {
    // The app's pool size (server/db/client.ts).
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    return {
      query: async (name, text, values) => (await pool.query({ name, text, values })).rows,
      transaction: async (work) => {
        const client = await pool.connect();
        try {
          await client.query('begin');
          const result = await work(
            async (name, text, values) => (await client.query({ name, text, values })).rows,
          );
          await client.query('commit');
          return result;
        } catch (error) {
          await client.query('rollback').catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      },
    };
  }
  const dir = process.env.BASELINE_PGLITE_DIR;
  if (!dir) throw new Error('set BASELINE_DATABASE_URL or BASELINE_PGLITE_DIR');
  const client = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
  return {
    query: async (_name, text, values) => (await client.query<Row>(text, values)).rows,
    transaction: (work) =>
      client.transaction((tx) =>
        work(async (_name, text, values) => (await tx.query<Row>(text, values)).rows),
      ),
  };
};

const db = await open();
await db.query(
  'dw_table',
  'create table if not exists bench_desk_write (id serial primary key, member_id integer not null, actor_id integer not null, amount integer not null, created_at timestamptz not null)',
  [],
);
await db.query(
  'dw_total',
  'create table if not exists bench_desk_total (member_id integer primary key, total bigint not null, writes integer not null)',
  [],
);

const app = Fastify({ logger: false });

app.get('/web/health', async () => {
  await db.query('dw_health', 'select 1', []);
  return { data: { status: 'ok' } };
});

app.post<{ Body: { memberId: number; amount: number } }>('/bare/desk-write', async (request, reply) => {
  const token = /(?:^|;\s*)sid=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
  if (!token) return reply.status(401).send({ code: 'UNAUTHORIZED' });
  const [me] = await db.query('dw_session', SESSION_SQL, [createHash('sha256').update(token).digest('hex')]);
  if (!me) return reply.status(401).send({ code: 'UNAUTHORIZED' });
  const { memberId, amount } = request.body;
  const data = await db.transaction(async (query) => {
    const [customer] = await query('dw_lock', LOCK_SQL, [memberId]);
    if (!customer) return null;
    const [row] = await query('dw_insert', INSERT_SQL, [memberId, Number(me.member_id), amount]);
    const [summary] = await query('dw_summary', SUMMARY_SQL, [memberId, amount]);
    return { id: Number(row!.id), memberId, total: Number(summary!.total) };
  });
  if (!data) return reply.status(404).send({ code: 'NOT_FOUND' });
  return reply.status(201).send({ data });
});

const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`baseline running at ${address}/`);
