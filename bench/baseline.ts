// The bare baseline for `npm run bench`: Fastify and a driver, no engine, no zod, no drizzle. It answers the staff
// list with the same SQL the app sends for `GET /web/gym-member/worker/list/{gymId}` (session lookup, rights
// lookup, one page statement with the summaries joined and the capped total as a scalar subquery), as prepared statements, so the app's
// req/s divided by this one's is the engine's overhead.
//   BASELINE_DATABASE_URL=postgres://…  or  BASELINE_PGLITE_DIR=<DATA_DIR>/db   node --import tsx bench/baseline.ts

import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import Fastify from 'fastify';
import pg from 'pg';

const SESSION_SQL =
  'select s.member_id, m.auth_code from session s inner join member m on m.id = s.member_id where s.token_hash = $1 limit 1';
const RIGHTS_SQL =
  "select gm.gym_id, ga.represent_yn from gym_member gm inner join gym_auth ga on ga.id = gm.gym_auth_id where gm.member_id = $1 and gm.status = 'ACTIVE'";
const PAGE_SQL = `select gm.id, gm.gym_id, gm.member_id, gm.status, gm.worker_yn, gm.gym_auth_id, gm.create_date,
  gm.modified_date, m.id as m_id, m.user_id, m.name as m_name, m.phone, g.id as g_id, g.name as g_name, g.gym_status,
  (select count(*) from (select 1 from gym_member c where c.gym_id = $1 and c.worker_yn = true limit 10001) capped)
    as total
  from gym_member gm inner join member m on m.id = gm.member_id inner join gym g on g.id = gm.gym_id
  where gm.gym_id = $1 and gm.worker_yn = true order by gm.id asc, gm.id asc limit $2 offset $3`;

type Query = (name: string, text: string, values: unknown[]) => Promise<Record<string, unknown>[]>;

const open = async (): Promise<Query> => {
  const url = process.env.BASELINE_DATABASE_URL;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    return async (name, text, values) => (await pool.query({ name, text, values })).rows;
  }
  const dir = process.env.BASELINE_PGLITE_DIR;
  if (!dir) throw new Error('set BASELINE_DATABASE_URL or BASELINE_PGLITE_DIR');
  const client = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
  return async (_name, text, values) => (await client.query<Record<string, unknown>>(text, values)).rows;
};

const query = await open();
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
    const rows = await query('b_page', PAGE_SQL, [gymId, end - start, start]);
    const total = rows.length > 0 ? Number(rows[0]!.total) : start;
    reply.header('x-total-count', String(total));
    return {
      data: rows.map((r) => ({
        id: r.id,
        gymId: r.gym_id,
        memberId: r.member_id,
        status: r.status,
        workerYn: r.worker_yn,
        gymAuthId: r.gym_auth_id,
        createDate: (r.create_date as Date | null)?.toISOString() ?? null,
        modifiedDate: (r.modified_date as Date | null)?.toISOString() ?? null,
        member: { id: r.m_id, userId: r.user_id, name: r.m_name, phone: r.phone },
        gym: { id: r.g_id, name: r.g_name, gymStatus: r.gym_status },
      })),
      total,
    };
  },
);

const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`baseline running at ${address}/`);
