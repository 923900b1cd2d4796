// The bare baseline for `npm run bench`: Fastify and a driver, no engine, no zod, no drizzle. It answers the staff
// list with the same SQL the app sends for `GET /web/gym-member/worker/list/{gymId}` (session lookup, rights
// lookup, one page statement that builds the page as JSON with the summaries and the capped total), as prepared
// statements, so the app's req/s divided by this one's is the engine's overhead.
// The members set (`BENCH_ONLY=members`) adds the customer list (`total-list`, `will-inactive-list`) and a
// customer's passes (`ticket-issue-list/{id}`), each as session, rights and one page statement. Their page SQL is
// the app's own (bench/members-sql.ts), built once per request shape (the first request), so no Drizzle work
// happens per request here; the passes' statement is prepared, the lists' are not (see `statement`).
//   BASELINE_DATABASE_URL=postgres://…  or  BASELINE_PGLITE_DIR=<DATA_DIR>/db   node --import tsx bench/baseline.ts

import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import Fastify from 'fastify';
import pg from 'pg';
import type { CustomerSegment } from '#domain/rules/passes.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import { nameStatements } from '#server/db/named-statements.ts';
import type { customerSorts } from '#server/modules/customer/customer.sql.ts';
import { customerListStatement, customerPassesStatement, type Statement } from './members-sql.ts';

const SESSION_SQL =
  'select s.member_id, m.auth_code from session s inner join member m on m.id = s.member_id where s.token_hash = $1 limit 1';
const RIGHTS_SQL =
  "select gm.gym_id, ga.represent_yn from gym_member gm inner join gym_auth ga on ga.id = gm.gym_auth_id where gm.member_id = $1 and gm.status = 'ACTIVE'";
const PAGE_SQL = `select
  (select count(*) from (select 1 from gym_member c where c.gym_id = $1 and c.worker_yn = true limit 10001) capped)
    as total,
  coalesce(json_agg(links.link), '[]'::json) as links
  from (select json_build_array(gm.id, gm.gym_id, gm.member_id, gm.status, gm.worker_yn, gm.gym_auth_id, m.user_id,
      m.name, m.phone, g.name, g.gym_status, gm.create_date, gm.modified_date) as link
    from gym_member gm inner join member m on m.id = gm.member_id inner join gym g on g.id = gm.gym_id
    where gm.gym_id = $1 and gm.worker_yn = true order by gm.id asc, gm.id asc limit $2 offset $3) links`;

type Query = (name: string, text: string, values: unknown[]) => Promise<Record<string, unknown>[]>;
/** Rows as arrays, with the column names (Drizzle's selections repeat names such as `id`). */
type QueryArrays = (
  name: string | undefined,
  text: string,
  values: unknown[],
) => Promise<{ fields: { name: string }[]; rows: unknown[][] }>;

const open = async (): Promise<{ query: Query; queryArrays: QueryArrays }> => {
  const url = process.env.BASELINE_DATABASE_URL;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    return {
      query: async (name, text, values) => (await pool.query({ name, text, values })).rows,
      queryArrays: async (name, text, values) => pool.query({ name, text, values, rowMode: 'array' }),
    };
  }
  const dir = process.env.BASELINE_PGLITE_DIR;
  if (!dir) throw new Error('set BASELINE_DATABASE_URL or BASELINE_PGLITE_DIR');
  const client = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
  // Prepared as the app prepares them (docs/architecture.md#named-statements), as `pg` prepares them by name above.
  nameStatements(client);
  return {
    query: async (_name, text, values) => (await client.query<Record<string, unknown>>(text, values)).rows,
    queryArrays: async (_name, text, values) => client.query<unknown[]>(text, values, { rowMode: 'array' }),
  };
};

const { query, queryArrays } = await open();
const app = Fastify({ logger: false });

app.get<{ Params: { gymId: string }; Querystring: { _start?: string; _end?: string } }>(
  '/web/gym-member/worker/list/:gymId',
  async (request, reply) => {
    const token = /(?:^|;\s*)sid=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
    if (!token) return reply.status(401).send({ error: 'UNAUTHENTICATED' });
    const [me] = await query('b_session', SESSION_SQL, [createHash('sha256').update(token).digest('hex')]);
    if (!me) return reply.status(401).send({ error: 'UNAUTHENTICATED' });
    const gymId = Number(request.params.gymId);
    const rights = await query('b_rights', RIGHTS_SQL, [me.member_id]);
    if (!rights.some((r) => r.gym_id === gymId)) return reply.status(404).send({ error: 'NOT_FOUND' });
    const start = Number(request.query._start ?? 0);
    const end = Number(request.query._end ?? start + 10);
    const [page] = await query('b_page', PAGE_SQL, [gymId, end - start, start]);
    const total = Number(page?.total ?? 0);
    reply.header('x-total-count', String(total));
    return {
      data: ((page?.links ?? []) as unknown[][]).map(
        ([
          id,
          gymId,
          memberId,
          status,
          workerYn,
          gymAuthId,
          userId,
          name,
          phone,
          gymName,
          gymStatus,
          c,
          m,
        ]) => ({
          id,
          gymId,
          memberId,
          status,
          workerYn,
          gymAuthId,
          member: { id: memberId, userId, name, phone },
          gym: { id: gymId, name: gymName, gymStatus },
          createDate: new Date(c as string).toISOString(),
          modifiedDate: new Date(m as string).toISOString(),
        }),
      ),
      total,
    };
  },
);

// ---------------------------------------------------------------------------------------------------------
// The members set

const statements = new Map<string, Statement>();
/**
 * A list's page statement, built on the first request of its shape. It is sent unnamed, as the app sends it, so
 * PostgreSQL plans it with the values: prepared, it switches to a generic plan after five runs, which does not know
 * the search pattern and reads the whole trigram index for `%김%` (twice the time, bench/README.md).
 */
const statement = (key: string, build: () => Statement) => {
  let found = statements.get(key);
  if (!found) {
    found = build();
    statements.set(key, found);
  }
  return found;
};

/** Rows as objects keyed by column name (a repeated name gets its position appended). */
const keyed = (fields: { name: string }[], rows: unknown[][]) => {
  const keys = fields.map((f, i) =>
    fields.findIndex((g) => g.name === f.name) === i ? f.name : `${f.name}_${i}`,
  );
  return rows.map((row) => Object.fromEntries(keys.map((k, i) => [k, row[i]])));
};

/** The session and rights lookups of the staff list, for the members routes. */
const signedInWithGym = async (cookie: string | undefined, gymId: number) => {
  const token = /(?:^|;\s*)sid=([^;]+)/.exec(cookie ?? '')?.[1];
  if (!token) return 401;
  const [me] = await query('b_session', SESSION_SQL, [createHash('sha256').update(token).digest('hex')]);
  if (!me) return 401;
  const rights = await query('b_rights', RIGHTS_SQL, [me.member_id]);
  return rights.some((r) => r.gym_id === gymId) ? 200 : 404;
};

type ListQuerystring = {
  gymId: string;
  segment?: CustomerSegment;
  days?: string;
  q?: string;
  _start?: string;
  _end?: string;
  _sort?: keyof typeof customerSorts;
  _order?: string;
};

for (const [path, segment] of [
  ['/web/member/total-list', null],
  ['/web/member/will-inactive-list', 'expiring'],
] as const)
  app.get<{ Querystring: ListQuerystring }>(path, async (request, reply) => {
    const q = request.query;
    const gymId = Number(q.gymId);
    const status = await signedInWithGym(request.headers.cookie, gymId);
    if (status !== 200) return reply.status(status).send({ error: status });
    const today = seoulToday(new Date());
    const { text, params } = statement(`${request.url} ${today}`, () =>
      customerListStatement(
        {
          gymId,
          segment: segment ?? q.segment ?? 'all',
          days: q.days === undefined ? undefined : Number(q.days),
          q: q.q,
          _start: q._start === undefined ? undefined : Number(q._start),
          _end: q._end === undefined ? undefined : Number(q._end),
          _sort: q._sort,
          _order: q._order?.toLowerCase() as 'asc' | 'desc' | undefined,
        },
        today,
      ),
    );
    const result = await queryArrays(undefined, text, params);
    const data = keyed(result.fields, result.rows);
    // The capped total is the selection's last column (an unnamed scalar subquery).
    const total = result.rows.length > 0 ? Number(result.rows[0]!.at(-1)) : 0;
    reply.header('x-total-count', String(total));
    return { data, total };
  });

const passStatements = new Map<number, Awaited<ReturnType<typeof customerPassesStatement>>>();
app.get<{ Params: { id: string }; Querystring: { gymId: string } }>(
  '/web/member/ticket-issue-list/:id',
  async (request, reply) => {
    const gymId = Number(request.query.gymId);
    const status = await signedInWithGym(request.headers.cookie, gymId);
    if (status !== 200) return reply.status(status).send({ error: status });
    let passes = passStatements.get(gymId);
    if (!passes) {
      passes = await customerPassesStatement(gymId);
      passStatements.set(gymId, passes);
    }
    const result = await queryArrays(
      `b_p${gymId}`,
      passes.text,
      passes.withMember(Number(request.params.id)),
    );
    return { data: keyed(result.fields, result.rows) };
  },
);

const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`baseline running at ${address}/`);
