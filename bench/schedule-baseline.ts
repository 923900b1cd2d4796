// The bare baseline of the schedule set (`BENCH_ONLY=schedule`, bench/schedule.ts): Fastify and a driver, no
// engine, no zod, no Drizzle per request. It answers the week view `GET /web/lesson/list/{gymId}?from&to` with the
// session and rights lookups of bench/baseline.ts and then the app's own two statements (bench/schedule-sql.ts:
// the page, and the live counts of its lessons with one parameter per lesson), sent unnamed as the app sends them,
// and maps the rows to the same JSON as `toLesson`. The statements are built once per range and number of lessons.
//   BASELINE_DATABASE_URL=postgres://…  or  BASELINE_PGLITE_DIR=<DATA_DIR>/db   node --import tsx bench/schedule-baseline.ts

import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import Fastify from 'fastify';
import pg from 'pg';
import { lessonListStatements } from './schedule-sql.ts';

const SESSION_SQL =
  'select s.member_id, m.auth_code from session s inner join member m on m.id = s.member_id where s.token_hash = $1 limit 1';
const RIGHTS_SQL =
  "select gm.gym_id, ga.represent_yn from gym_member gm inner join gym_auth ga on ga.id = gm.gym_auth_id where gm.member_id = $1 and gm.status = 'ACTIVE'";

type Query = (name: string | undefined, text: string, values: unknown[]) => Promise<{ rows: unknown[][] }>;

const open = async (): Promise<Query> => {
  const url = process.env.BASELINE_DATABASE_URL;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    return (name, text, values) => pool.query({ name, text, values, rowMode: 'array' });
  }
  const dir = process.env.BASELINE_PGLITE_DIR;
  if (!dir) throw new Error('set BASELINE_DATABASE_URL or BASELINE_PGLITE_DIR');
  const client = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
  return (_name, text, values) => client.query<unknown[]>(text, values, { rowMode: 'array' });
};

const query = await open();
const app = Fastify({ logger: false });

type Statements = Awaited<ReturnType<typeof lessonListStatements>>;
const built = new Map<string, Statements>();
/** The statements for a range and a number of lessons, built on first use (the page's text does not depend on n). */
const statementsFor = async (gymId: number, from: string, to: string, n: number) => {
  const key = `${gymId} ${from} ${to} ${n}`;
  let found = built.get(key);
  if (!found) {
    found = await lessonListStatements(gymId, { from, to }, n);
    built.set(key, found);
  }
  return found;
};

const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();

app.get<{ Params: { gymId: string }; Querystring: { from: string; to: string } }>(
  '/web/lesson/list/:gymId',
  async (request, reply) => {
    const token = /(?:^|;\s*)sid=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
    if (!token) return reply.status(401).send({ error: 'UNAUTHENTICATED' });
    const [me] = (await query('b_session', SESSION_SQL, [createHash('sha256').update(token).digest('hex')]))
      .rows;
    if (!me) return reply.status(401).send({ error: 'UNAUTHENTICATED' });
    const gymId = Number(request.params.gymId);
    const rights = (await query('b_rights', RIGHTS_SQL, [me[0]])).rows;
    if (!rights.some((r) => r[0] === gymId)) return reply.status(404).send({ error: 'NOT_FOUND' });
    const { from, to } = request.query;
    const { page } = await statementsFor(gymId, from, to, 0);
    const rows = (await query(undefined, page.text, page.params)).rows;
    const { counts } = await statementsFor(gymId, from, to, rows.length);
    const live = new Map<number, [number, number]>();
    if (rows.length > 0) {
      const countRows = (await query(undefined, counts.text, counts.withIds(rows.map((r) => r[0] as number))))
        .rows;
      for (const c of countRows) live.set(c[0] as number, [Number(c[1]), Number(c[2])]);
    }
    // The page's columns: the lesson's 18 in table order, then the trainer's name and colour.
    const data = rows.map((r) => ({
      id: r[0],
      gymId: r[1],
      seriesId: r[2],
      title: r[3],
      lessonType: r[4],
      trainerMemberId: r[5],
      trainerName: r[18],
      room: r[6],
      startAt: iso(r[7]),
      endAt: iso(r[8]),
      capacity: r[9],
      ticketIds: r[10],
      openDaysAhead: r[11],
      closeMinutesBefore: r[12],
      status: r[13],
      cancelReason: r[14],
      color: r[19] ?? '#0958d9',
      booked: live.get(r[0] as number)?.[0] ?? 0,
      waiting: live.get(r[0] as number)?.[1] ?? 0,
    }));
    reply.header('x-total-count', String(data.length));
    return { data, total: data.length };
  },
);

const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`baseline running at ${address}/`);
