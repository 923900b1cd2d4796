// `npm run bench`: starts the real server on a temporary database and loads it with autocannon.
// PGlite always; PostgreSQL too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server to use.
//   npm run bench                         all scenarios, 10 s each, 50 connections
//   BENCH_SECONDS=5 BENCH_CONNECTIONS=20 npm run bench
//   BENCH_KEEP=1 keeps the PGlite data folder (to replay its SQL by hand); BENCH_CPU_PROF=<dir> profiles the servers
//   BENCH_ONLY=members: the members set instead (bench/members-setup.ts: 100,000 customers, 150,000 passes)
//   BENCH_ONLY=schedule: the schedule set instead (bench/schedule.ts: booking churn and the week view)
//   BENCH_ONLY=checkin: the check-in set instead (bench/checkin.ts: a morning rush of 2,000 card check-ins)
//   BENCH_ONLY=money: the money set instead (bench/money.ts: HOME's day and the reports over 3 years of sales)
//   BENCH_ONLY=desk: the desk's writes on the demo data instead (bench/desk.ts: sell, collect, hold, refund, …)
//   BENCH_ONLY=message: the messaging set instead (bench/message.ts: a send to 10,000, dispatch, the live count)

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { fillMembersPglite, fillMembersPostgres, type MembersFill } from './members-setup.ts';
import {
  type BenchContext,
  baselineScenario,
  memberScenarios,
  type Scenario,
  scenarios,
} from './scenarios.ts';
import { startServer, stopServer } from './server.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const only = process.env.BENCH_ONLY;
if (only === 'schedule') {
  const { runScheduleBench } = await import('./schedule.ts');
  process.exit(await runScheduleBench());
}
if (only === 'checkin') {
  const { runCheckinBench } = await import('./checkin.ts');
  process.exit(await runCheckinBench());
}
if (only === 'money') await import('./money.ts'); // exits when done
if (only === 'desk') {
  const { runDeskBench } = await import('./desk.ts');
  process.exit(await runDeskBench());
}
if (only === 'message') {
  const { runMessageBench } = await import('./message.ts');
  process.exit(await runMessageBench());
}
const membersSet = only === 'members';

type Row = {
  db: string;
  scenario: string;
  rps: number;
  p50: number;
  p90: number;
  /** Not in autocannon's result: computed here from every 2xx response's latency. */
  p95: number;
  p97_5: number;
  p99: number;
  errors: number;
  budget: number;
};

const STAFF = 60;
const BASELINE = 'baseline (bare Fastify + driver, same SQL): ';
const staffListName = scenarios.find((s) => s.name.includes('worker/list'))!.name;
const loadAverage = () => loadavg()[0]!.toFixed(1);
let addressCounter = 0;
const nextAddress = () => `10.77.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

const api = async (baseUrl: string, method: string, path: string, body?: unknown, cookie?: string) => {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': nextAddress(),
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status >= 300)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response;
};

const joinAccount = async (baseUrl: string, authCode: 'ADMIN' | 'MEMBER') => {
  const userId = `bench_${randomBytes(5).toString('hex')}`;
  const password = 'bench12345';
  const phone = `010${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const joined = await api(baseUrl, 'POST', '/web/member', {
    userId,
    password,
    name: `Bench ${userId.slice(-4)}`,
    phone,
    authCode,
    consents: { terms: true, privacy: true },
  });
  return { userId, password, id: (await joined.json()).data.id as number };
};

/** An owner with a facility of `staff` active staff, all made through the real API. */
const prepare = async (baseUrl: string, staff = STAFF): Promise<BenchContext> => {
  const owner = await joinAccount(baseUrl, 'ADMIN');
  const login = await api(baseUrl, 'POST', '/web/member/login', {
    userId: owner.userId,
    password: owner.password,
  });
  const sid = login.headers.get('set-cookie')?.match(/sid=([^;]+)/)?.[1];
  if (!sid) throw new Error('login gave no session');
  const cookie = `sid=${sid}`;
  const gym = await (await api(baseUrl, 'POST', '/web/gym', { name: 'Bench Gym' }, cookie)).json();
  const gymId = gym.data.id as number;
  const workers = [];
  for (let i = 0; i < staff; i++) workers.push(await joinAccount(baseUrl, 'MEMBER'));
  await hireStaff(baseUrl, cookie, gymId, workers);
  return { baseUrl, cookie, memberId: owner.id, gymId, staffCount: staff };
};

/** The most user ids one invitation call takes (docs/rules.md#permissions). */
const INVITE_BATCH = 20;

/**
 * Workers join the facility's staff as people do (docs/rules.md#permissions): the owner invites their user ids,
 * INVITE_BATCH to a call, and each worker signs in and accepts, which gives them the facility's default set.
 */
const hireStaff = async (
  baseUrl: string,
  cookie: string,
  gymId: number,
  workers: { userId: string; password: string; id: number }[],
) => {
  for (let i = 0; i < workers.length; i += INVITE_BATCH) {
    const targetList = workers.slice(i, i + INVITE_BATCH).map((w) => w.userId);
    const sent = (await (
      await api(baseUrl, 'POST', '/web/gym-member/invite-member', { gymId, targetList }, cookie)
    ).json()) as { data: { userId: string; sent: boolean }[] };
    const unsent = sent.data.filter((r) => !r.sent);
    if (unsent.length > 0) throw new Error(`invitations not sent: ${JSON.stringify(unsent)}`);
  }
  for (const worker of workers) {
    const login = await api(baseUrl, 'POST', '/web/member/login', {
      userId: worker.userId,
      password: worker.password,
    });
    const sid = login.headers.get('set-cookie')?.match(/sid=([^;]+)/)?.[1];
    if (!sid) throw new Error(`login gave ${worker.userId} no session`);
    const own = `sid=${sid}`;
    const links = (await (
      await api(baseUrl, 'GET', `/web/gym-member/member/${worker.id}`, undefined, own)
    ).json()) as { data: { id: number; gymId: number; invited: boolean }[] };
    const invitation = links.data.find((l) => l.gymId === gymId && l.invited);
    if (!invitation) throw new Error(`no invitation for ${worker.userId}`);
    await api(baseUrl, 'POST', `/web/gym-member/invite/${invitation.id}/accept`, {}, own);
  }
};

/** One autocannon run of a scenario's request; `paths` go round one per request. */
const load = async (baseUrl: string, request: ReturnType<Scenario['request']>, duration: number) => {
  const paths = request.paths;
  let turn = 0;
  // Without a callback autocannon returns its event emitter, made thenable (its types say only the promise).
  const instance = autocannon({
    url: `${baseUrl}${request.path}`,
    method: request.method ?? 'GET',
    headers: request.headers,
    body: request.body,
    connections,
    duration,
    ...(paths?.length
      ? {
          requests: [
            {
              setupRequest: (req: { path?: string }) => {
                req.path = paths[turn++ % paths.length];
                return req;
              },
            },
          ],
        }
      : {}),
  }) as unknown as Promise<autocannon.Result> & Pick<autocannon.Instance, 'on'>;
  const latencies: number[] = [];
  instance.on('response', (_client, status, _bytes, ms) => {
    if (status >= 200 && status < 300) latencies.push(ms);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const p95 = latencies.length
    ? latencies[Math.min(latencies.length - 1, Math.ceil(0.95 * latencies.length) - 1)]!
    : 0;
  return { result, p95: Math.round(p95) };
};

// TRUST_PROXY lets the set-up join its many staff accounts from distinct forwarded addresses, as separate
// people would, instead of tripping the per-address join limit.
const runScenarios = async (
  db: 'pglite' | 'postgres',
  baseUrl: string,
  rows: Row[],
  given?: BenchContext,
  list: readonly Scenario[] = scenarios,
  prefix = '',
) => {
  const ctx = given ?? (await prepare(baseUrl));
  for (const scenario of list) {
    if (only && !membersSet && !scenario.name.includes(only) && !list.includes(baselineScenario)) continue;
    const request = scenario.request({ ...ctx, baseUrl });
    // Warm the JIT, the prepared statements and the page cache before measuring.
    await load(baseUrl, request, 2);
    const { result, p95 } = await load(baseUrl, request, seconds);
    rows.push({
      db,
      scenario: `${prefix}${scenario.name}`,
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p90: result.latency.p90,
      p95,
      p97_5: result.latency.p97_5,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx,
      budget: scenario.p99BudgetMs[db],
    });
    console.log(
      `  ${db.padEnd(8)} ${prefix}${scenario.name}: ${Math.round(result.requests.average)} req/s, p95 ${p95} ms, p99 ${result.latency.p99} ms (load ${loadAverage()})`,
    );
  }
  return ctx;
};

/** The bare Fastify + driver handler (bench/baseline.ts) on the same data, loaded with the staff list request. */
const runBaseline = async (
  db: 'pglite' | 'postgres',
  env: Record<string, string>,
  ctx: BenchContext,
  rows: Row[],
) => {
  const { child, baseUrl } = await startServer(env, 'bench/baseline.ts');
  try {
    if (membersSet) await runScenarios(db, baseUrl, rows, ctx, memberScenarios, BASELINE);
    else await runScenarios(db, baseUrl, rows, ctx, [baselineScenario]);
  } finally {
    await stopServer(child);
  }
};

/**
 * The members set: the owner and the facility through the API, then (server stopped) the bulk fill, then the
 * scenarios on a fresh server start.
 */
const membersContext = async (
  env: Record<string, string>,
  fill: (ctx: BenchContext) => Promise<MembersFill>,
): Promise<BenchContext> => {
  const { child, baseUrl } = await startServer(env);
  let ctx: BenchContext;
  try {
    ctx = await prepare(baseUrl, 0);
  } finally {
    await stopServer(child);
  }
  const filled = await fill(ctx);
  console.log(
    `  filled ${filled.customers} customers and ${filled.passes} passes in ${filled.seconds} s (load ${loadAverage()}): ${JSON.stringify(filled.shape)}`,
  );
  return { ...ctx, customerIds: filled.multiPassIds };
};

const benchPglite = async (rows: Row[]) => {
  const dir = mkdtempSync(join(tmpdir(), 'fitdesk-bench-'));
  const env = { DATA_DIR: dir, TRUST_PROXY: 'true' };
  let ctx: BenchContext | undefined;
  try {
    if (membersSet)
      ctx = await membersContext(env, (c) => fillMembersPglite(dir, { gymId: c.gymId, ownerId: c.memberId }));
    const { child, baseUrl } = await startServer(env);
    try {
      ctx = await runScenarios('pglite', baseUrl, rows, ctx, membersSet ? memberScenarios : scenarios);
    } finally {
      await stopServer(child);
    }
    await runBaseline('pglite', { BASELINE_PGLITE_DIR: join(dir, 'db') }, ctx, rows);
  } finally {
    if (process.env.BENCH_KEEP) console.log(`  kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
};

const benchPostgres = async (url: string, rows: Row[]) => {
  const name = `fitdesk_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const env = { DATABASE_URL: dbUrl.toString(), DATA_DIR: tmpdir(), TRUST_PROXY: 'true' };
  try {
    let ctx: BenchContext | undefined;
    if (membersSet)
      ctx = await membersContext(env, (c) =>
        fillMembersPostgres(dbUrl.toString(), { gymId: c.gymId, ownerId: c.memberId }),
      );
    const { child, baseUrl } = await startServer(env);
    try {
      ctx = await runScenarios('postgres', baseUrl, rows, ctx, membersSet ? memberScenarios : scenarios);
    } finally {
      await stopServer(child);
    }
    await runBaseline('postgres', { BASELINE_DATABASE_URL: dbUrl.toString() }, ctx, rows);
  } finally {
    if (process.env.BENCH_KEEP) console.log(`  kept database ${name}`);
    else await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
};

const rows: Row[] = [];
console.log(`FitDesk benchmark: ${connections} connections, ${seconds} s per scenario`);
await benchPglite(rows);
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pgUrl) await benchPostgres(pgUrl, rows);
else console.log('  (PostgreSQL skipped: set BENCH_DATABASE_URL to include it)');

console.log(
  `\nload average at the end: ${loadavg()
    .map((n) => n.toFixed(1))
    .join(', ')}`,
);
console.log(
  '\n| database | scenario | req/s | p50 ms | p90 ms | p95 ms | p97.5 ms | p99 ms | p99 budget | non-2xx/errors |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  const over = r.p99 > r.budget ? ' **over**' : '';
  console.log(
    `| ${r.db} | ${r.scenario} | ${r.rps} | ${r.p50} | ${r.p90} | ${r.p95} | ${r.p97_5} | ${r.p99} | ${r.budget}${over} | ${r.errors} |`,
  );
}
// The engine's overhead as a ratio: the app's list against the bare handler running the same SQL.
for (const db of ['pglite', 'postgres'] as const) {
  const pairs = membersSet
    ? memberScenarios.map((s) => [s.name, `${BASELINE}${s.name}`] as const)
    : [[staffListName, baselineScenario.name] as const];
  for (const [appName, bareName] of pairs) {
    const app = rows.find((r) => r.db === db && r.scenario === appName);
    const bare = rows.find((r) => r.db === db && r.scenario === bareName);
    if (app && bare)
      console.log(
        `${db}: ${appName} at ${Math.round((100 * app.rps) / bare.rps)}% of the bare handler's req/s` +
          (membersSet && db === 'postgres' ? ` (target ≥ 50%), p95 ${app.p95} ms (target ≤ 50)` : ''),
      );
  }
}
const bad = rows.filter((r) => r.errors > 0);
if (bad.length > 0) {
  console.error(`\n${bad.length} scenario(s) had failed requests.`);
  process.exit(1);
}
