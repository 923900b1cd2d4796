// `npm run bench`: starts the real server on a temporary database and loads it with autocannon.
// PGlite always; PostgreSQL too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server to use.
//   npm run bench                         all scenarios, 10 s each, 50 connections
//   BENCH_SECONDS=5 BENCH_CONNECTIONS=20 npm run bench
//   BENCH_KEEP=1 keeps the PGlite data folder (to replay its SQL by hand); BENCH_CPU_PROF=<dir> profiles the servers

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { type BenchContext, baselineScenario, type Scenario, scenarios } from './scenarios.ts';
import { startServer, stopServer } from './server.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const only = process.env.BENCH_ONLY;

type Row = {
  db: string;
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  budget: number;
};

const STAFF = 60;
const staffListName = scenarios.find((s) => s.name.includes('worker/list'))!.name;
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

/** An owner with a facility of STAFF active staff, all made through the real API. */
const prepare = async (baseUrl: string): Promise<BenchContext> => {
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
  const sets = await (
    await api(baseUrl, 'GET', `/web/gym-auth/list?gymId=${gymId}&defaultYn=true`, undefined, cookie)
  ).json();
  for (let i = 0; i < STAFF; i++) {
    const worker = await joinAccount(baseUrl, 'MEMBER');
    await api(
      baseUrl,
      'POST',
      '/web/gym-member',
      { gymId, memberId: worker.id, status: 'ACTIVE', workerYn: true, gymAuthId: sets.data[0].id },
      cookie,
    );
  }
  return { baseUrl, cookie, memberId: owner.id, gymId, staffCount: STAFF };
};

// TRUST_PROXY lets the set-up join its many staff accounts from distinct forwarded addresses, as separate
// people would, instead of tripping the per-address join limit.
const runScenarios = async (
  db: 'pglite' | 'postgres',
  baseUrl: string,
  rows: Row[],
  given?: BenchContext,
  list: readonly Scenario[] = scenarios,
) => {
  const ctx = given ?? (await prepare(baseUrl));
  for (const scenario of list) {
    if (only && !scenario.name.includes(only) && !list.includes(baselineScenario)) continue;
    const request = scenario.request({ ...ctx, baseUrl });
    // Warm the JIT, the prepared statements and the page cache before measuring.
    await autocannon({
      url: `${baseUrl}${request.path}`,
      method: request.method ?? 'GET',
      headers: request.headers,
      body: request.body,
      connections,
      duration: 2,
    });
    const result = await autocannon({
      url: `${baseUrl}${request.path}`,
      method: request.method ?? 'GET',
      headers: request.headers,
      body: request.body,
      connections,
      duration: seconds,
    });
    rows.push({
      db,
      scenario: scenario.name,
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx,
      budget: scenario.p99BudgetMs[db],
    });
    console.log(
      `  ${db.padEnd(8)} ${scenario.name}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms`,
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
    await runScenarios(db, baseUrl, rows, ctx, [baselineScenario]);
  } finally {
    await stopServer(child);
  }
};

const benchPglite = async (rows: Row[]) => {
  const dir = mkdtempSync(join(tmpdir(), 'fitdesk-bench-'));
  const { child, baseUrl } = await startServer({ DATA_DIR: dir, TRUST_PROXY: 'true' });
  let ctx: BenchContext;
  try {
    ctx = await runScenarios('pglite', baseUrl, rows);
  } finally {
    await stopServer(child);
  }
  try {
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
  const { child, baseUrl } = await startServer({
    DATABASE_URL: dbUrl.toString(),
    DATA_DIR: tmpdir(),
    TRUST_PROXY: 'true',
  });
  try {
    let ctx: BenchContext;
    try {
      ctx = await runScenarios('postgres', baseUrl, rows);
    } finally {
      await stopServer(child);
    }
    await runBaseline('postgres', { BASELINE_DATABASE_URL: dbUrl.toString() }, ctx, rows);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
};

const rows: Row[] = [];
console.log(`FitDesk benchmark: ${connections} connections, ${seconds} s per scenario`);
await benchPglite(rows);
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pgUrl) await benchPostgres(pgUrl, rows);
else console.log('  (PostgreSQL skipped: set BENCH_DATABASE_URL to include it)');

console.log('\n| database | scenario | req/s | p50 ms | p99 ms | p99 budget | non-2xx/errors |');
console.log('|---|---|---:|---:|---:|---:|---:|');
for (const r of rows) {
  const over = r.p99 > r.budget ? ' **over**' : '';
  console.log(
    `| ${r.db} | ${r.scenario} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.budget}${over} | ${r.errors} |`,
  );
}
// The engine's overhead as a ratio: the app's staff list against the bare handler running the same SQL.
for (const db of ['pglite', 'postgres'] as const) {
  const app = rows.find((r) => r.db === db && r.scenario === staffListName);
  const bare = rows.find((r) => r.db === db && r.scenario === baselineScenario.name);
  if (app && bare)
    console.log(
      `${db}: staff list at ${Math.round((100 * app.rps) / bare.rps)}% of the bare handler's req/s`,
    );
}
const bad = rows.filter((r) => r.errors > 0);
if (bad.length > 0) {
  console.error(`\n${bad.length} scenario(s) had failed requests.`);
  process.exit(1);
}
