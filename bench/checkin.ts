// The check-in set (issue 14): `BENCH_ONLY=checkin npm run bench`, or `node --import tsx bench/checkin.ts`.
// A morning rush: BENCH_CONNECTIONS (default 20) connections check in 2,000 different customers, by card, at one
// kiosk of a facility of 100,000 customers (the members bench data, bench/members-setup.ts).
// PGlite always; PostgreSQL too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server (a scratch database
// is created and dropped). For each database:
//  1. the real server starts on a throwaway database (with a platform operator from ADMIN_USER_ID/ADMIN_PASSWORD)
//     and the set-up goes through the API: an owner, a facility, its ENTER add-on requested by the owner and
//     approved by the operator, and two kiosks opened by the owner (`POST /web/entry-kiosk/{gymId}`), one for the
//     app and one for the bare baseline;
//  2. the server stopped, the members fill and then bench/checkin-sql.ts's `setupCheckin`: 5,000 customers without
//     a pass in force get a card number `C<id>` and a pass of 30 sessions whose product uses a session per entry;
//  3. the server started again, 2 s of warm-up on 500 other cards, then BENCH_SECONDS (default 10) of autocannon
//     on `POST /web/entry/kiosk/check` with `x-entry-token`, the body `{ method: 'CARD', code }` going round the
//     2,000 cards, one per request. A card that comes round again within 60 s is a double tap: answered as a
//     repeat, nothing written (counted apart);
//  4. the bare baseline (bench/checkin-baseline.ts: Fastify and the driver running the core statements in one
//     transaction) on its own 2,000 cards (and 500 for its warm-up), same data, same load;
//  5. the server stopped, the ledger counted (bench/checkin-sql.ts's `ledgerChecks`): every entry that used a
//     session has exactly one ENTRY usage row and no other entry has any, the ENTRY rows are as many as those
//     entries, no pass has more sessions used than it has, no customer has two entries.
// Exits 1 on a failed request (non-2xx, an error or a time-out), an answer other than a check-in or a repeat, a
// 429, or a ledger check that fails. BENCH_KEEP=1 keeps the PGlite folder and the PostgreSQL database;
// BENCH_VERBOSE=1 prints each step of the set-up.

import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import { openPglite } from '#server/db/client.ts';
import {
  CHECKIN_GROUPS,
  CHECKIN_PRODUCT,
  type CheckinCards,
  type LedgerChecks,
  ledgerChecks,
  ledgerFailures,
  setupCheckin,
} from './checkin-sql.ts';
import { fillMembers } from './members-setup.ts';
import { startServer, stopServer } from './server.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const WARMUP_SECONDS = 2;
/** Issue 14's targets for the p95 of a check-in at 20 connections. */
const P95_TARGET_MS = { pglite: 150, postgres: 50 } as const;
/** The double tap's window (domain/rules/entry.ts): a run this long sees a card again outside it. */
const REPEAT_WINDOW_S = 60;

const loadAverage = () => loadavg()[0]!.toFixed(1);
const loadAverages = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let addressCounter = 0;
const nextAddress = () => `10.79.${Math.floor(++addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;

// ---------------------------------------------------------------------------------------------------------
// Set-up through the API

const OPERATOR = { userId: 'benchoperator', password: `op${randomBytes(9).toString('base64url')}9a` };

type Answer<T> = { status: number; body: T; headers: Headers };

/** One API call; an answer of 300 or more throws. */
const call = async <T>(
  baseUrl: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  options: { body?: unknown; cookie?: string } = {},
): Promise<Answer<T>> => {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      // A POST without a body (opening a kiosk) must not claim JSON: an empty JSON body is refused.
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      'x-forwarded-for': nextAddress(),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T, headers: response.headers };
};

const signIn = async (baseUrl: string, userId: string, password: string) => {
  const login = await call(baseUrl, 'POST', '/web/member/login', { body: { userId, password } });
  const sid = login.headers.get('set-cookie')?.match(/sid=([^;]+)/)?.[1];
  if (!sid) throw new Error(`${userId}: login gave no session`);
  return `sid=${sid}`;
};

type CheckinContext = {
  gymId: number;
  ownerId: number;
  appToken: string;
  bareToken: string;
};

/** The owner, the facility, its ENTER add-on (requested, approved by the operator) and the two kiosks. */
const prepare = async (baseUrl: string): Promise<CheckinContext> => {
  const userId = `bench_${randomBytes(5).toString('hex')}`;
  const password = 'bench12345';
  const owner = await call<{ data: { id: number } }>(baseUrl, 'POST', '/web/member', {
    body: {
      userId,
      password,
      name: `Bench ${userId.slice(-4)}`,
      phone: `010${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      authCode: 'ADMIN',
      consents: { terms: true, privacy: true },
    },
  });
  const cookie = await signIn(baseUrl, userId, password);
  const gymId = (
    await call<{ data: { id: number } }>(baseUrl, 'POST', '/web/gym', { cookie, body: { name: 'Bench Gym' } })
  ).body.data.id;
  const catalogue = await call<{ data: { id: number; gymSubServiceType: string }[] }>(
    baseUrl,
    'GET',
    '/web/sub-service/list',
    { cookie },
  );
  const enter = catalogue.body.data.find((s) => s.gymSubServiceType === 'ENTER');
  if (!enter) throw new Error('no ENTER add-on in the catalogue');
  const requested = await call<{ data: { id: number } }>(baseUrl, 'POST', '/web/gym-sub-service', {
    cookie,
    body: { gymId, subServiceId: enter.id },
  });
  const operator = await signIn(baseUrl, OPERATOR.userId, OPERATOR.password);
  await call(baseUrl, 'PUT', `/web/gym-sub-service/${requested.body.data.id}`, {
    cookie: operator,
    body: { gymSubServiceStatus: 'APPROVE' },
  });
  const kiosk = async () =>
    (await call<{ data: { token: string } }>(baseUrl, 'POST', `/web/entry-kiosk/${gymId}`, { cookie })).body
      .data.token;
  return { gymId, ownerId: owner.body.data.id, appToken: await kiosk(), bareToken: await kiosk() };
};

type Run = (text: string) => Promise<Record<string, unknown>[]>;

type Filled = CheckinCards & {
  members: { customers: number; passes: number; seconds: number };
  appKioskId: number;
  bareKioskId: number;
};

/** The members fill, then the check-in data, then the kiosks' ids (from their tokens' hashes). */
const fill = async (run: Run, ctx: CheckinContext): Promise<Filled> => {
  const today = seoulToday(new Date());
  const members = await fillMembers(run, { gymId: ctx.gymId, ownerId: ctx.ownerId, today });
  const cards = await setupCheckin(run, { gymId: ctx.gymId, ownerId: ctx.ownerId, today });
  const kioskId = async (token: string) => {
    const hash = createHash('sha256').update(token).digest('hex');
    const [row] = await run(`select id from entry_kiosk where token_hash = '${hash}'`);
    if (!row) throw new Error('a kiosk token the database does not know');
    return Number(row.id);
  };
  return {
    ...cards,
    members: { customers: members.customers, passes: members.passes, seconds: members.seconds },
    appKioskId: await kioskId(ctx.appToken),
    bareKioskId: await kioskId(ctx.bareToken),
  };
};

// ---------------------------------------------------------------------------------------------------------
// Load

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!) : 0;

type Stats = { answered: number; p50: number; p95: number; p99: number };
const statsOf = (latencies: number[]): Stats => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    answered: latencies.length,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
  };
};

type LoadResult = {
  rps: number;
  /**
   * First taps a second: the first taps over the time until the last of them was answered. Once every card has
   * come round, the rest of a run is repeats, which write nothing and cost less; this rate is the one to compare.
   */
  freshRps: number;
  /** Every 2xx answer. */
  all: Stats;
  /** First taps: the check-ins that wrote an entry (not a repeat). */
  fresh: Stats;
  /** Repeats within the double-tap window: answered from the earlier entry, nothing written. */
  repeats: Stats;
  /** Answers by kind: `ALLOWED session`, `ALLOWED repeat`, `REFUSED noSessions`, `429 …`, … */
  counts: Record<string, number>;
  failed: number;
  timeouts: number;
};

/** How an answer is counted: a check-in by outcome (a repeat apart), anything else by status and reason. */
const kindOf = (status: number, body: string) => {
  let parsed: {
    data?: { outcome?: string; repeat?: boolean; sessionUsed?: boolean; reason?: string | null };
    reason?: string;
  } = {};
  try {
    parsed = JSON.parse(body);
  } catch {}
  const d = parsed.data;
  if (status === 200 && d?.outcome) {
    if (d.repeat) return `${d.outcome} repeat`;
    if (d.outcome === 'REFUSED') return `REFUSED ${d.reason}`;
    if (d.outcome === 'ALLOWED') return d.sessionUsed ? 'ALLOWED session' : 'ALLOWED no session';
    return d.outcome;
  }
  return `${status}${parsed.reason ? ` ${parsed.reason}` : ''}`;
};
/** Answers that are a check-in, a first tap or a repeat; anything else fails the run. */
const expected = (kind: string) => kind.startsWith('ALLOWED') || kind.startsWith('REFUSED');

/** One autocannon run on the kiosk's check-in, the body going round `cards`, one card per request. */
const checkIns = async (baseUrl: string, token: string, cards: readonly string[], duration: number) => {
  let turn = 0;
  let lastKind = '';
  const latencies = { all: [] as number[], fresh: [] as number[], repeats: [] as number[] };
  const counts: Record<string, number> = {};
  const started = performance.now();
  let lastFreshAt = started;
  // Without a callback autocannon returns its event emitter, made thenable (its types say only the promise).
  const instance = autocannon({
    url: `${baseUrl}/web/entry/kiosk/check`,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-entry-token': token },
    connections,
    duration,
    // PGlite's tail under 20 connections can pass autocannon's default 10 s; a time-out fails the run anyway.
    timeout: 30,
    requests: [
      {
        setupRequest: (req: autocannon.Request) => {
          req.body = JSON.stringify({ method: 'CARD', code: cards[turn++ % cards.length] });
          return req;
        },
        // Called just before the client's 'response' event for the same answer, which reads `lastKind`.
        onResponse: (status: number, body: string) => {
          lastKind = kindOf(status, body);
        },
      },
    ],
  }) as unknown as Promise<autocannon.Result> & Pick<autocannon.Instance, 'on'>;
  instance.on('response', (_client, status, _bytes, ms) => {
    counts[lastKind] = (counts[lastKind] ?? 0) + 1;
    if (status < 200 || status >= 300) return;
    latencies.all.push(ms);
    if (lastKind.endsWith(' repeat')) latencies.repeats.push(ms);
    else {
      latencies.fresh.push(ms);
      lastFreshAt = performance.now();
    }
  });
  const result = await instance;
  const unexpected = Object.entries(counts)
    .filter(([kind]) => !expected(kind))
    .reduce((sum, [, n]) => sum + n, 0);
  const rps = Math.round(result.requests.average);
  return {
    rps,
    freshRps:
      latencies.repeats.length > 0
        ? Math.round(latencies.fresh.length / ((lastFreshAt - started) / 1000))
        : Math.min(rps, Math.round(latencies.fresh.length / duration)),
    all: statsOf(latencies.all),
    fresh: statsOf(latencies.fresh),
    repeats: statsOf(latencies.repeats),
    counts,
    failed: result.errors + result.non2xx + unexpected,
    timeouts: result.timeouts,
  } satisfies LoadResult;
};

/**
 * Waits until the server has worked off what a run left in flight (autocannon stops waiting, the server does
 * not): `/web/health` answers within 100 ms twice running, or a minute has passed.
 */
const drain = async (baseUrl: string) => {
  const until = performance.now() + 60_000;
  let fast = 0;
  while (fast < 2 && performance.now() < until) {
    const started = performance.now();
    await fetch(`${baseUrl}/web/health`).then((r) => r.text());
    fast = performance.now() - started < 100 ? fast + 1 : 0;
    await sleep(100);
  }
};

/** Warm-up on its own cards, then the measured run on the 2,000. */
const rush = async (
  db: string,
  label: string,
  baseUrl: string,
  token: string,
  warmCards: readonly string[],
  cards: readonly string[],
) => {
  await checkIns(baseUrl, token, warmCards, WARMUP_SECONDS);
  await drain(baseUrl);
  const result = await checkIns(baseUrl, token, cards, seconds);
  await drain(baseUrl);
  console.log(
    `  ${db.padEnd(8)} ${label}: ${result.rps} req/s, p50 ${result.all.p50} ms, p95 ${result.all.p95} ms, p99 ${result.all.p99} ms; first taps ${result.fresh.answered} (${result.freshRps}/s, p95 ${result.fresh.p95} ms), repeats ${result.repeats.answered} ${JSON.stringify(result.counts)} (load ${loadAverage()})`,
  );
  return result;
};

// ---------------------------------------------------------------------------------------------------------
// One database

type Outcome = {
  db: 'pglite' | 'postgres';
  filled: Filled;
  app: LoadResult;
  bare: LoadResult;
  checks: LedgerChecks;
  load: { start: string; end: string };
};

const benchDatabase = async (
  db: 'pglite' | 'postgres',
  env: Record<string, string>,
  bareEnv: Record<string, string>,
  withDatabase: <T>(work: (run: Run) => Promise<T>) => Promise<T>,
): Promise<Outcome> => {
  const loadStart = loadAverage();
  const serverEnv = { ...env, ADMIN_USER_ID: OPERATOR.userId, ADMIN_PASSWORD: OPERATOR.password };
  let ctx: CheckinContext;
  {
    const { child, baseUrl } = await startServer(serverEnv);
    try {
      ctx = await prepare(baseUrl);
    } finally {
      await stopServer(child);
    }
  }
  const filled = await withDatabase((run) => fill(run, ctx));
  console.log(
    `  ${db.padEnd(8)} filled ${filled.members.customers} customers and ${filled.members.passes} passes in ${filled.members.seconds} s, then ${filled.app.length + filled.bare.length + filled.appWarmup.length + filled.bareWarmup.length} cards in ${filled.seconds} s: ${JSON.stringify(filled.shape)} (load ${loadAverage()})`,
  );
  let app: LoadResult;
  {
    const { child, baseUrl } = await startServer(serverEnv);
    try {
      app = await rush(db, 'check-in: app', baseUrl, ctx.appToken, filled.appWarmup, filled.app);
    } finally {
      await stopServer(child);
    }
  }
  let bare: LoadResult;
  {
    const { child, baseUrl } = await startServer(bareEnv, 'bench/checkin-baseline.ts');
    try {
      bare = await rush(db, 'check-in: bare', baseUrl, ctx.bareToken, filled.bareWarmup, filled.bare);
    } finally {
      await stopServer(child);
    }
  }
  const checks = await withDatabase((run) =>
    ledgerChecks(run, { gymId: ctx.gymId, appKioskId: filled.appKioskId, bareKioskId: filled.bareKioskId }),
  );
  return { db, filled, app, bare, checks, load: { start: loadStart, end: loadAverage() } };
};

const benchPglite = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fitdesk-bench-checkin-'));
  try {
    return await benchDatabase(
      'pglite',
      { DATA_DIR: dir, TRUST_PROXY: 'true' },
      { BASELINE_PGLITE_DIR: join(dir, 'db') },
      async (work) => {
        const database = await openPglite({ dataDir: dir });
        try {
          const client = (database.db as unknown as { $client: import('@electric-sql/pglite').PGlite })
            .$client;
          return await work(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
        } finally {
          await database.close();
        }
      },
    );
  } finally {
    if (process.env.BENCH_KEEP) console.log(`  kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
};

const benchPostgres = async (url: string) => {
  const name = `fitdesk_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'fitdesk-bench-checkin-files-'));
  try {
    return await benchDatabase(
      'postgres',
      { DATABASE_URL: dbUrl.toString(), DATA_DIR: dataDir, TRUST_PROXY: 'true' },
      { BASELINE_DATABASE_URL: dbUrl.toString() },
      async (work) => {
        const client = new pg.Client({ connectionString: dbUrl.toString() });
        await client.connect();
        try {
          return await work(async (text) => (await client.query(text)).rows);
        } finally {
          await client.end();
        }
      },
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (process.env.BENCH_KEEP) console.log(`  kept database ${name}`);
    else await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
};

// ---------------------------------------------------------------------------------------------------------
// The report

/** Runs the check-in set on PGlite and, when a server is named, PostgreSQL; returns the exit code. */
export const runCheckinBench = async (): Promise<number> => {
  console.log(
    `FitDesk check-in benchmark (issue 14): ${connections} connections, ${seconds} s after ${WARMUP_SECONDS} s of warm-up, ${CHECKIN_GROUPS.app} cards (${CHECKIN_PRODUCT.name} passes) per run`,
  );
  console.log(`  started ${new Date().toISOString()}, load average ${loadAverages()}`);
  const outcomes: Outcome[] = [await benchPglite()];
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgUrl) outcomes.push(await benchPostgres(pgUrl));
  else console.log('  (PostgreSQL skipped: set BENCH_DATABASE_URL to include it)');
  console.log(`\nended ${new Date().toISOString()}, load average ${loadAverages()}`);

  console.log(
    '\n| database | scenario | req/s | p50 ms | p95 ms | p99 ms | first taps | first taps/s | p95 first taps ms | repeats | failed | target |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const o of outcomes) {
    const target = P95_TARGET_MS[o.db];
    for (const [label, r] of [
      ['check-in: app', o.app],
      ['check-in: bare Fastify + driver, core SQL', o.bare],
    ] as const) {
      const note =
        r === o.app
          ? `p95 ≤ ${target}: ${r.all.p95 <= target && r.fresh.p95 <= target ? 'met' : '**missed**'}; first taps/s ${Math.round((100 * o.app.freshRps) / o.bare.freshRps)}% of bare`
          : '';
      console.log(
        `| ${o.db} | ${label} | ${r.rps} | ${r.all.p50} | ${r.all.p95} | ${r.all.p99} | ${r.fresh.answered} | ${r.freshRps} | ${r.fresh.p95} | ${r.repeats.answered} | ${r.failed} | ${note} |`,
      );
    }
  }

  let failed = false;
  console.log('');
  for (const o of outcomes) {
    const k = o.checks;
    console.log(
      `${o.db}: app answers ${JSON.stringify(o.app.counts)}; bare answers ${JSON.stringify(o.bare.counts)}`,
    );
    console.log(
      `${o.db}: entry rows ${k.byKiosk.map((r) => `${r.kiosk} ${r.result} ${r.rows} (${r.sessionUsed} with a session, ${r.customers} customers)`).join('; ')}`,
    );
    console.log(
      `${o.db}: ledger: ${k.sessionEntries} entries used a session, ${k.entryUsageRows} ENTRY usage rows; ${k.sessionEntriesNotOne} such entries without exactly one; ${k.freeEntriesWithUsage} other entries with usage; ${k.orphanEntryUsage} ENTRY rows without their entry; ${k.passesOver} passes over their sessions; ${k.customersWithTwoEntries} customers with two entries; ${k.appSummaryMismatch} app summaries off the ledger; load ${o.load.start} → ${o.load.end}`,
    );
    const broken = ledgerFailures(k, seconds >= REPEAT_WINDOW_S);
    if (broken.length > 0) {
      console.error(`${o.db}: the ledger does not match: ${broken.join('; ')}`);
      failed = true;
    }
    for (const [label, r] of [
      ['app', o.app],
      ['bare', o.bare],
    ] as const) {
      if (r.failed > 0 || r.timeouts > 0) {
        console.error(`${o.db}: ${label} had ${r.failed} failed answers and ${r.timeouts} time-outs`);
        failed = true;
      }
    }
  }
  console.log(failed ? '\nFAILED' : '\nall checks passed');
  return failed ? 1 : 0;
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(await runCheckinBench());
