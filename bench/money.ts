// The money set (issue 15): `BENCH_ONLY=money npm run bench`, or `node --import tsx bench/money.ts`.
// HOME's day and the money reports over a facility of 100,000 customers with three years of money history
// (bench/members-setup.ts, then bench/money-data.ts: ~150,000 pass sales and ~13,000 desk sales, ~250,000
// payment lines, collections, write-offs, refunds, expenses, check-ins, lessons and consultations).
// PGlite always; PostgreSQL too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server (a scratch database
// is created and dropped). For each database:
//  1. the real server starts on a throwaway database and the owner and the facility are made through the API;
//  2. the server stopped, the members fill and the money fill run with bulk SQL, then the books are checked
//     (`moneyChecks`: every count 0, or the run exits 1);
//  3. the server starts again and each scenario gets 2 s of warm-up and BENCH_SECONDS (default 10) of autocannon
//     at BENCH_CONNECTIONS (default 10), the owner's session on every request:
//     - `GET /web/health`: the floor (three small statements), the baseline the table divides by;
//     - `GET /web/home/today/{gymId}` (target p95 ≤ 150 ms on PostgreSQL);
//     - the reports over the last 12 months, when their routes exist (target p95 ≤ 300 ms on PostgreSQL):
//       statistics, revenue history by month and by day, revenue (earned and deferred), and revenue as of today
//       (the first page of 20);
//  4. the bare baseline: this script again with MONEY_BARE=1, Fastify and the driver alone (no engine, no zod,
//     no Drizzle per request), answering `GET /web/home/today/{gymId}` with the session and rights lookups and the
//     app's own HOME statement (`homeTodayQuery(…).toSQL()`, built once a day), on the same data.
// The table gives req/s, p50/p95/p99 and each scenario's p95 and req/s against `/web/health`'s (and HOME's
// against the bare handler's). BENCH_EXPLAIN=1 prints EXPLAIN ANALYZE of the HOME statement on each database.
// BENCH_KEEP=1 keeps the PGlite folder and the PostgreSQL database; BENCH_VERBOSE=1 prints each step of the fill;
// BENCH_SKIP_PGLITE=1 runs PostgreSQL alone.

import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import { homeFigureKeys } from '#domain/schemas/home.ts';
import { openPglite } from '#server/db/client.ts';
import * as schema from '#server/db/schema/index.ts';
import { homeTodayOf } from '#server/modules/home/home.mappers.ts';
import { homeTodayQuery } from '#server/modules/home/home.queries.ts';
import { fillMembers } from './members-setup.ts';
import { fillMoney, moneyChecks } from './money-data.ts';
import { startServer, stopServer } from './server.ts';

type Run = (text: string) => Promise<Record<string, unknown>[]>;

/** The HOME statement as the app builds it, on a Drizzle that only renders SQL. */
const homeStatement = (gymId: number, now: Date) => {
  const db = drizzle.mock({ schema, casing: 'snake_case' });
  const built = homeTodayQuery(db as never, gymId, homeFigureKeys, now).toSQL();
  return { text: built.sql, params: built.params };
};

// ---------------------------------------------------------------------------------------------------------
// The bare handler (MONEY_BARE=1)

const runBare = async () => {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { default: Fastify } = await import('fastify');
  const SESSION_SQL =
    'select s.member_id, m.auth_code from session s inner join member m on m.id = s.member_id where s.token_hash = $1 limit 1';
  const RIGHTS_SQL =
    "select gm.gym_id, ga.represent_yn from gym_member gm inner join gym_auth ga on ga.id = gm.gym_auth_id where gm.member_id = $1 and gm.status = 'ACTIVE'";
  type Query = (
    name: string | undefined,
    text: string,
    values: unknown[],
  ) => Promise<Record<string, unknown>[]>;
  /** Rows as arrays: Drizzle names no column of the HOME statement, it reads them by position. */
  type QueryArrays = (text: string, values: unknown[]) => Promise<unknown[][]>;
  let query: Query;
  let queryArrays: QueryArrays;
  const url = process.env.BASELINE_DATABASE_URL;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    query = async (name, text, values) => (await pool.query({ name, text, values })).rows;
    queryArrays = async (text, values) => (await pool.query({ text, values, rowMode: 'array' })).rows;
  } else {
    const dir = process.env.BASELINE_PGLITE_DIR;
    if (!dir) throw new Error('set BASELINE_DATABASE_URL or BASELINE_PGLITE_DIR');
    const client = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
    query = async (_name, text, values) => (await client.query<Record<string, unknown>>(text, values)).rows;
    queryArrays = async (text, values) =>
      (await client.query<unknown[]>(text, values, { rowMode: 'array' })).rows;
  }
  const statements = new Map<string, { text: string; params: unknown[] }>();
  const app = Fastify({ logger: false });
  app.get<{ Params: { gymId: string } }>('/web/home/today/:gymId', async (request, reply) => {
    const token = /(?:^|;\s*)sid=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
    if (!token) return reply.status(401).send({ error: 'UNAUTHENTICATED' });
    const [me] = await query('b_session', SESSION_SQL, [createHash('sha256').update(token).digest('hex')]);
    if (!me) return reply.status(401).send({ error: 'UNAUTHENTICATED' });
    const gymId = Number(request.params.gymId);
    const rights = await query('b_rights', RIGHTS_SQL, [me.member_id]);
    if (!rights.some((r) => r.gym_id === gymId)) return reply.status(404).send({ error: 'NOT_FOUND' });
    const now = new Date();
    const today = seoulToday(now);
    const key = `${gymId} ${today}`;
    let statement = statements.get(key);
    if (!statement) {
      statement = homeStatement(gymId, now);
      statements.set(key, statement);
    }
    // Unnamed, as the app sends it (its values differ by facility and day).
    const [row] = await queryArrays(statement.text, statement.params);
    const named = row && Object.fromEntries(homeFigureKeys.map((key, i) => [key, row[i]]));
    return { data: homeTodayOf(named, homeFigureKeys, today) };
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`baseline running at ${address}/`);
};

if (process.env.MONEY_BARE) {
  await runBare();
} else {
  process.exit(await runMoneyBench());
}

// ---------------------------------------------------------------------------------------------------------
// The run

async function runMoneyBench(): Promise<number> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
  const WARMUP_SECONDS = 2;
  const TARGETS = { home: 150, report: 300 } as const;
  const loadAverage = () => loadavg()[0]!.toFixed(1);
  let addressCounter = 0;
  const nextAddress = () => `10.81.${Math.floor(++addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;

  const call = async (
    baseUrl: string,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    cookie?: string,
  ) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        'x-forwarded-for': nextAddress(),
        ...(cookie ? { cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, text, headers: response.headers };
  };

  type Ctx = { gymId: number; ownerId: number; cookie: string };

  /** The owner and the facility, through the API. */
  const prepare = async (baseUrl: string): Promise<Omit<Ctx, 'cookie'>> => {
    const userId = `bench_${randomBytes(5).toString('hex')}`;
    const password = 'bench12345';
    const joined = await call(baseUrl, 'POST', '/web/member', {
      userId,
      password,
      name: `Bench ${userId.slice(-4)}`,
      phone: `010${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      authCode: 'ADMIN',
      consents: { terms: true, privacy: true },
    });
    if (joined.status !== 201) throw new Error(`join: ${joined.status} ${joined.text}`);
    const ownerId = JSON.parse(joined.text).data.id as number;
    const cookie = await signIn(baseUrl, userId, password);
    const gym = await call(baseUrl, 'POST', '/web/gym', { name: '벤치 피트니스' }, cookie);
    if (gym.status !== 201) throw new Error(`gym: ${gym.status} ${gym.text}`);
    credentials.set(ownerId, { userId, password });
    return { gymId: JSON.parse(gym.text).data.id as number, ownerId };
  };
  const credentials = new Map<number, { userId: string; password: string }>();
  const signIn = async (baseUrl: string, userId: string, password: string) => {
    const login = await call(baseUrl, 'POST', '/web/member/login', { userId, password });
    const sid = login.headers.get('set-cookie')?.match(/sid=([^;]+)/)?.[1];
    if (!sid) throw new Error(`login: ${login.status} ${login.text}`);
    return `sid=${sid}`;
  };

  const percentile = (sorted: readonly number[], p: number) =>
    sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!) : 0;

  type Row = {
    db: 'pglite' | 'postgres';
    scenario: string;
    rps: number;
    p50: number;
    p95: number;
    p99: number;
    failed: number;
    target?: number;
    load: string;
    bytes: number;
    /** 2xx answers within the run (a report slower than the run has none). */
    answered: number;
    /** The median of three requests on their own, in ms. */
    serial: number;
    /**
     * The scenario's first request on its own, in ms: for the revenue reports, which remember their answer until
     * the facility's passes or money change (docs/rules.md#revenue-recognition), the cost of computing it.
     */
    first: number;
  };

  /** One autocannon run; the percentiles from every 2xx answer's latency. */
  const load = async (baseUrl: string, path: string, cookie: string, duration: number) => {
    const instance = autocannon({
      url: `${baseUrl}${path}`,
      headers: { cookie },
      connections,
      duration,
      timeout: 30,
    }) as unknown as Promise<autocannon.Result> & Pick<autocannon.Instance, 'on'>;
    const latencies: number[] = [];
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) latencies.push(ms);
    });
    const result = await instance;
    latencies.sort((a, b) => a - b);
    return {
      rps: Math.round(result.requests.average),
      p50: percentile(latencies, 0.5),
      p95: percentile(latencies, 0.95),
      p99: percentile(latencies, 0.99),
      failed: result.errors + result.non2xx + result.timeouts + (latencies.length === 0 ? 1 : 0),
      answered: latencies.length,
      bytes: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
    };
  };

  const months = (() => {
    const now = seoulToday(new Date()).slice(0, 7);
    const [y, m] = now.split('-').map(Number) as [number, number];
    const i = y * 12 + m - 1 - 11;
    return { from: `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`, to: now };
  })();

  const scenarios = (ctx: Ctx) => {
    const range = `gymId=${ctx.gymId}&from=${months.from}&to=${months.to}`;
    return [
      { name: 'GET /web/health (baseline)', path: '/web/health' },
      {
        name: 'HOME: GET /web/home/today/{gymId}',
        path: `/web/home/today/${ctx.gymId}`,
        target: TARGETS.home,
      },
      {
        name: 'statistics, 12 months',
        path: `/web/report/statistics?${range}`,
        target: TARGETS.report,
        report: true,
      },
      {
        name: 'revenue history by month, 12 months',
        path: `/web/report/revenue-history?${range}&unit=month`,
        target: TARGETS.report,
        report: true,
      },
      {
        name: 'revenue history by day, 12 months',
        path: `/web/report/revenue-history?${range}&unit=day`,
        target: TARGETS.report,
        report: true,
      },
      {
        name: 'revenue (earned/deferred), 12 months',
        path: `/web/report/revenue?${range}`,
        target: TARGETS.report,
        report: true,
      },
      {
        name: 'revenue as of today, page of 20',
        path: `/web/report/revenue/as-of?gymId=${ctx.gymId}&date=${seoulToday(new Date())}&_start=0&_end=20`,
        target: TARGETS.report,
        report: true,
      },
    ];
  };

  /** Waits until the server has worked off what a run left in flight. */
  /**
   * Waits until the server has worked off what a run left in flight (autocannon stops waiting, the server does
   * not): `/web/health` answers within 100 ms twice running, or 5 minutes have passed.
   */
  const drain = async (baseUrl: string) => {
    const until = performance.now() + 300_000;
    let fast = 0;
    while (fast < 2 && performance.now() < until) {
      const started = performance.now();
      await fetch(`${baseUrl}/web/health`, { signal: AbortSignal.timeout(300_000) })
        .then((r) => r.text())
        .catch(() => '');
      fast = performance.now() - started < 100 ? fast + 1 : 0;
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  /** One request on its own: its status and time, or the error (a time-out of 10 minutes). */
  const alone = async (baseUrl: string, path: string, cookie: string) => {
    const started = performance.now();
    try {
      const response = await fetch(`${baseUrl}${path}`, {
        headers: { cookie },
        signal: AbortSignal.timeout(600_000),
      });
      const text = await response.text();
      return { status: response.status, text, ms: Math.round(performance.now() - started) };
    } catch (error) {
      return { status: 0, text: String(error), ms: Math.round(performance.now() - started) };
    }
  };

  const measure = async (
    db: Row['db'],
    baseUrl: string,
    ctx: Ctx,
    list: ReturnType<typeof scenarios>,
    rows: Row[],
    prefix = '',
  ) => {
    for (const scenario of list) {
      const name = `${prefix}${scenario.name}`;
      const startLoad = loadAverage();
      // A report route not built yet answers 404: skipped, and said so.
      const probe = await alone(baseUrl, scenario.path, ctx.cookie);
      if (probe.status !== 200) {
        console.log(`  ${db.padEnd(8)} ${name}: skipped (${probe.status} ${probe.text.slice(0, 160)})`);
        continue;
      }
      // Three alone (the probe first): the median is the request's own cost on this machine now.
      const times = [probe.ms, (await alone(baseUrl, scenario.path, ctx.cookie)).ms];
      times.push((await alone(baseUrl, scenario.path, ctx.cookie)).ms);
      const serial = times.sort((a, b) => a - b)[1]!;
      const base = {
        db,
        scenario: name,
        serial,
        first: probe.ms,
        ...(scenario.target ? { target: scenario.target } : {}),
        bytes: probe.text.length,
      };
      // A request that alone takes a third of the run cannot give percentiles at 10 connections in it.
      if (serial > (seconds * 1000) / 3) {
        rows.push({ ...base, rps: 0, p50: 0, p95: 0, p99: 0, failed: 0, answered: 0, load: startLoad });
        console.log(
          `  ${db.padEnd(8)} ${name}: one alone ${serial} ms (${times.join(', ')}): no load run (load ${startLoad})`,
        );
        continue;
      }
      await load(baseUrl, scenario.path, ctx.cookie, WARMUP_SECONDS);
      await drain(baseUrl);
      const result = await load(baseUrl, scenario.path, ctx.cookie, seconds);
      const row: Row = { ...base, ...result, load: `${startLoad}–${loadAverage()}` };
      await drain(baseUrl);
      rows.push(row);
      console.log(
        `  ${db.padEnd(8)} ${row.scenario}: ${row.rps} req/s, p50 ${row.p50} ms, p95 ${row.p95} ms, p99 ${row.p99} ms, ${row.bytes} B, first ${probe.ms} ms, one alone ${serial} ms (load ${row.load})`,
      );
    }
  };

  const fill = async (run: Run, ctx: Omit<Ctx, 'cookie'>) => {
    const today = seoulToday(new Date());
    const members = await fillMembers(run, { gymId: ctx.gymId, ownerId: ctx.ownerId, today });
    console.log(
      `  members fill: ${members.customers} customers, ${members.passes} passes in ${members.seconds} s`,
    );
    const money = await fillMoney(run, { gymId: ctx.gymId, ownerId: ctx.ownerId, today });
    console.log(
      `  money fill in ${money.seconds} s (load ${loadAverage()}): ${JSON.stringify(money.counts)}`,
    );
    const checks = await moneyChecks(run, ctx.gymId);
    console.log(`  books: ${JSON.stringify(checks)}`);
    if (process.env.BENCH_EXPLAIN) {
      const { text, params } = homeStatement(ctx.gymId, new Date());
      let inlined = text;
      // Only for the printout: the values in place of their placeholders (numbers and ISO strings).
      for (let i = params.length; i >= 1; i--)
        inlined = inlined.replaceAll(
          `$${i}`,
          typeof params[i - 1] === 'number' ? String(params[i - 1]) : `'${params[i - 1]}'`,
        );
      const plan = await run(`explain (analyze, buffers) ${inlined}`);
      console.log(plan.map((r) => Object.values(r)[0]).join('\n'));
    }
    return { members, money, checks };
  };

  const one = async (
    db: Row['db'],
    env: Record<string, string>,
    runOn: <T>(f: (run: Run) => Promise<T>) => Promise<T>,
    bare: Record<string, string>,
    rows: Row[],
  ) => {
    let base: Omit<Ctx, 'cookie'>;
    {
      const { child, baseUrl } = await startServer(env);
      try {
        base = await prepare(baseUrl);
      } finally {
        await stopServer(child);
      }
    }
    const filled = await runOn((run) => fill(run, base));
    const broken = Object.entries(filled.checks).filter(([, n]) => n !== 0);
    let ctx: Ctx;
    {
      const { child, baseUrl } = await startServer(env);
      try {
        const { userId, password } = credentials.get(base.ownerId)!;
        ctx = { ...base, cookie: await signIn(baseUrl, userId, password) };
        await measure(db, baseUrl, ctx, scenarios(ctx), rows);
      } finally {
        await stopServer(child);
      }
    }
    {
      const { child, baseUrl } = await startServer({ ...bare, MONEY_BARE: '1' }, 'bench/money.ts');
      try {
        await measure(
          db,
          baseUrl,
          ctx,
          scenarios(ctx).filter((s) => s.path.startsWith('/web/home/')),
          rows,
          'bare Fastify + driver, same SQL: ',
        );
      } finally {
        await stopServer(child);
      }
    }
    return broken;
  };

  const rows: Row[] = [];
  const broken: [string, number][] = [];
  console.log(
    `FitDesk money benchmark: ${connections} connections, ${seconds} s per scenario, months ${months.from} to ${months.to} (load ${loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')})`,
  );

  if (!process.env.BENCH_SKIP_PGLITE) {
    const dir = mkdtempSync(join(tmpdir(), 'fitdesk-money-'));
    try {
      broken.push(
        ...(await one(
          'pglite',
          { DATA_DIR: dir, TRUST_PROXY: 'true' },
          async (f) => {
            const database = await openPglite({ dataDir: dir });
            try {
              const client = (database.db as unknown as { $client: import('@electric-sql/pglite').PGlite })
                .$client;
              return await f(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
            } finally {
              await database.close();
            }
          },
          { BASELINE_PGLITE_DIR: join(dir, 'db') },
          rows,
        )),
      );
    } finally {
      if (process.env.BENCH_KEEP) console.log(`  kept ${dir}`);
      else rmSync(dir, { recursive: true, force: true });
    }
  }

  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const name = `fitdesk_money_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const dbUrl = new URL(pgUrl);
    dbUrl.pathname = `/${name}`;
    try {
      broken.push(
        ...(await one(
          'postgres',
          { DATABASE_URL: dbUrl.toString(), DATA_DIR: tmpdir(), TRUST_PROXY: 'true' },
          async (f) => {
            const client = new pg.Client({ connectionString: dbUrl.toString() });
            await client.connect();
            try {
              return await f(async (text) => (await client.query(text)).rows);
            } finally {
              await client.end();
            }
          },
          { BASELINE_DATABASE_URL: dbUrl.toString() },
          rows,
        )),
      );
    } finally {
      if (process.env.BENCH_KEEP) console.log(`  kept database ${name}`);
      else await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  } else console.log('  (PostgreSQL skipped: set BENCH_DATABASE_URL to include it)');

  console.log(
    `\nload average at the end: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')}`,
  );
  console.log(
    '\n| database | scenario | first ms | one alone ms | req/s | p50 ms | p95 ms | p99 ms | p95 ÷ health p95 | req/s ÷ health req/s | failed | load | target (PostgreSQL p95) |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|');
  for (const r of rows) {
    const health = rows.find((x) => x.db === r.db && x.scenario.startsWith('GET /web/health'));
    const ratio = (a: number, b: number | undefined) => (b ? `${(a / b).toFixed(1)}×` : '');
    const verdict =
      r.target && r.db === 'postgres'
        ? `≤ ${r.target}: ${r.answered === 0 ? '**missed** (alone already over)' : r.p95 <= r.target ? 'met' : '**missed**'}`
        : '';
    console.log(
      r.answered === 0
        ? `| ${r.db} | ${r.scenario} | ${r.first} | ${r.serial} | – | – | – | – | – | – | – | ${r.load} | ${verdict} |`
        : `| ${r.db} | ${r.scenario} | ${r.first} | ${r.serial} | ${r.rps} | ${r.p50} | ${r.p95} | ${r.p99} | ${ratio(r.p95, health?.p95)} | ${health ? `${Math.round((100 * r.rps) / health.rps)}%` : ''} | ${r.failed} | ${r.load} | ${verdict} |`,
    );
  }
  for (const db of ['pglite', 'postgres'] as const) {
    const app = rows.find((r) => r.db === db && r.scenario.startsWith('HOME'));
    const bare = rows.find((r) => r.db === db && r.scenario.startsWith('bare'));
    if (app && bare)
      console.log(
        `${db}: HOME at ${Math.round((100 * app.rps) / bare.rps)}% of the bare handler's req/s, p95 ${app.p95} ms against ${bare.p95} ms`,
      );
  }
  let code = 0;
  if (broken.length > 0) {
    console.error(`\nThe books do not hold: ${JSON.stringify(broken)}`);
    code = 1;
  }
  const failed = rows.filter((r) => r.failed > 0);
  if (failed.length > 0) {
    console.error(`\n${failed.length} scenario(s) had failed requests.`);
    code = 1;
  }
  return code;
}
