// The desk's writes on the demo data (issue 27, item 15): `BENCH_ONLY=desk npm run bench`, `npm run bench:desk`, or
// `node --import tsx bench/desk.ts`.
// PGlite always; PostgreSQL too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server (a scratch database
// is created and dropped). For each database:
//  1. the real server starts on a throwaway database with SEED=demo, as `npm start` does on a new database, and the
//     bench signs in as the demo representative (`demo`/`demo1234`) and finds the facility, a period pass on sale
//     and the free lockers through the API;
//  2. DESK_ROUNDS (default 50) rounds, after DESK_WARMUP (default 3) rounds not counted, each on two fresh
//     customers registered through the API (not timed). Timed, one request at a time:
//       sell a pass (paid in full), check in at the desk, start a hold, end the hold (on its first day), refund
//       the pass; sell a pass leaving a balance, collect the balance; rent a locker, end the rental;
//  3. the server stopped, the bare baseline (bench/desk-baseline.ts: Fastify and the driver, the session lookup and
//     one transaction that locks the customer, inserts a row and upserts a summary) on the same data, as many
//     times, one request at a time.
// Prints p50/p95/max per write, the baseline's, each write's p95 over the baseline's p95, and the issue's targets
// (p95 ≤ 150 ms on PGlite, ≤ 50 ms on PostgreSQL). Exits 1 on a failed write. BENCH_KEEP=1 keeps the PGlite folder
// and the PostgreSQL database.

import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { addDays, seoulToday } from '#domain/rules/seoul-time.ts';
import { Client, percentile, scratchDatabase, uniquePhone } from './proc.ts';
import { startServer, stopServer } from './server.ts';

const ROUNDS = Number(process.env.DESK_ROUNDS ?? 50);
const WARMUP = Number(process.env.DESK_WARMUP ?? 3);
/** Issue 27 item 15's targets for each write's p95, one request at a time. */
const P95_TARGET_MS = { pglite: 150, postgres: 50 } as const;

const loadAverages = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');

const WRITES = [
  'sell a pass',
  'check in',
  'start a hold',
  'end a hold',
  'refund',
  'sell, leaving a balance',
  'collect a balance',
  'rent a locker',
  'end a locker rental',
  'end a demo hold early',
] as const;
type Write = (typeof WRITES)[number];

type Product = {
  id: number;
  name: string;
  salePrice: number;
  saleLabel: string;
  sessionCount: number | null;
  periodAmount: number | null;
  holdMaxCount: number | null;
  holdMaxDays: number | null;
  holdMinDays: number | null;
};

type Desk = {
  gymId: number;
  product: Product;
  holdDays: number;
  freeLockers: number[];
};

/** The demo facility, a period pass on sale that can be held, and the free lockers, all through the API. */
const findDesk = async (demo: Client): Promise<Desk> => {
  const me = await demo.ok<{ id: number }>('GET', '/web/member/validate');
  const gyms = await demo.ok<{ id: number; gymStatus: string }[]>('GET', `/web/member/gym-list/${me.id}`);
  const gym = gyms.find((g) => g.gymStatus === 'ACTIVE');
  if (!gym) throw new Error('the demo representative has no ACTIVE facility: was the demo seeded?');
  const products = await demo.ok<Product[]>('GET', `/web/ticket?gymId=${gym.id}&_start=0&_end=100`);
  const holdable = products.filter(
    (p) =>
      p.saleLabel === 'ON_SALE' &&
      p.sessionCount === null &&
      p.periodAmount !== null &&
      p.holdMaxCount !== 0 &&
      (p.holdMaxDays === null || p.holdMaxDays >= 7),
  );
  const product = holdable.sort((a, b) => a.salePrice - b.salePrice)[0];
  if (!product) throw new Error(`facility ${gym.id} has no period pass on sale that can be held`);
  const map = await demo.ok<{ lockers: { id: number; state: string; broken: boolean }[] }>(
    'GET',
    `/web/locker/map/${gym.id}`,
  );
  const freeLockers = map.lockers.filter((l) => l.state === 'FREE' && !l.broken).map((l) => l.id);
  if (freeLockers.length === 0) throw new Error(`facility ${gym.id} has no free locker`);
  return { gymId: gym.id, product, holdDays: Math.max(product.holdMinDays ?? 1, 7), freeLockers };
};

type Timings = Record<Write, number[]>;

/** Counts what each write sends to PostgreSQL (DESK_STATEMENTS=1): reset before it, read after it. */
type Counter = { before: () => Promise<void>; after: (write: Write) => Promise<void> };

/**
 * `pg_stat_statements` on the scratch database (the server must preload it): the calls of every statement the app
 * sent while one write was in flight (begin and commit are not tracked; the counter's own statements left out).
 */
const statementCounter = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('create extension if not exists pg_stat_statements');
  const counts: Partial<Record<Write, { statements: number; ms: number }>> = {};
  const texts: Partial<Record<Write, string[]>> = {};
  const counter: Counter = {
    before: async () => {
      await client.query('select pg_stat_statements_reset()');
    },
    after: async (write) => {
      const { rows } = await client.query<{ calls: string; ms: number; query: string }>(
        `select s.calls, s.total_exec_time as ms, s.query from pg_stat_statements s join pg_database d on d.oid = s.dbid
          where d.datname = current_database() and s.query not like '%pg_stat_statements%' order by s.calls desc`,
      );
      counts[write] = {
        statements: rows.reduce((sum, r) => sum + Number(r.calls), 0),
        ms: rows.reduce((sum, r) => sum + Number(r.ms), 0),
      };
      texts[write] = rows.map(
        (r) => `${r.calls}× ${Number(r.ms).toFixed(2)} ms ${r.query.replace(/\s+/g, ' ').slice(0, 160)}`,
      );
    },
  };
  return { counter, counts, texts, close: () => client.end() };
};

/** One round of the desk's writes on two fresh customers; each write's time goes into `timings`. */
const round = async (
  demo: Client,
  desk: Desk,
  index: number,
  timings: Timings,
  customers: number[],
  counter?: Counter,
) => {
  const { gymId, product } = desk;
  const today = seoulToday(new Date());
  const timed = async <T>(write: Write, method: string, path: string, body?: unknown): Promise<T> => {
    await counter?.before();
    const answer = await demo.request(method, path, body);
    await counter?.after(write);
    if (answer.status < 200 || answer.status >= 300)
      throw new Error(
        `${write}: ${method} ${path}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 400)}`,
      );
    timings[write].push(answer.ms);
    return (answer.body as { data: T }).data;
  };
  const register = async (name: string) => {
    const { id } = await demo.ok<{ id: number }>('POST', `/web/member/customer?gymId=${gymId}`, {
      name,
      phone: uniquePhone(),
    });
    customers.push(id);
    return id;
  };

  const first = await register(`벤치${index}가`);
  const sold = await timed<{ id: number }>('sell a pass', 'POST', '/web/ticket-issue/sell', {
    gymId,
    memberId: first,
    ticketId: product.id,
    payments: [{ method: 'CARD', amount: product.salePrice }],
  });
  const entry = await timed<{ outcome: string; reason: string | null }>(
    'check in',
    'POST',
    `/web/entry/manual/${gymId}`,
    { memberId: first },
  );
  if (entry.outcome !== 'ALLOWED') throw new Error(`check in: ${entry.outcome} ${entry.reason}`);
  await timed('start a hold', 'POST', `/web/ticket-issue/${sold.id}/hold`, {
    startDate: today,
    endDate: addDays(today, desk.holdDays - 1),
    reason: '출장',
  });
  await timed('end a hold', 'POST', `/web/ticket-issue/${sold.id}/end-hold`, { on: today });
  const preview = await demo.ok<{ refund: number }>(
    'GET',
    `/web/ticket-issue/${sold.id}/refund-preview?fault=MEMBER`,
  );
  if (preview.refund <= 0) throw new Error(`refund: the preview gives ${preview.refund}`);
  await timed('refund', 'POST', `/web/ticket-issue/${sold.id}/refund`, {
    fault: 'MEMBER',
    amount: preview.refund,
  });

  const second = await register(`벤치${index}나`);
  const balance = Math.min(10_000, product.salePrice - 1);
  const owing = await timed<{ payments: { saleId: number }[] }>(
    'sell, leaving a balance',
    'POST',
    '/web/ticket-issue/sell',
    {
      gymId,
      memberId: second,
      ticketId: product.id,
      payments: [{ method: 'CASH', amount: product.salePrice - balance }],
      leaveUnpaid: balance,
    },
  );
  await timed('collect a balance', 'POST', `/web/sales/${owing.payments[0]!.saleId}/collect`, {
    gymId,
    payments: [{ method: 'CARD', amount: balance }],
  });

  const fee = 20_000;
  const deposit = 10_000;
  const rented = await timed<{ rental: { id: number } }>('rent a locker', 'POST', '/web/locker/rental', {
    gymId,
    lockerId: desk.freeLockers[index % desk.freeLockers.length],
    memberId: second,
    startDate: today,
    endDate: addDays(today, 29),
    fee,
    deposit,
    payments: [{ method: 'CARD', amount: fee + deposit }],
  });
  await timed('end a locker rental', 'POST', `/web/locker/rental/${rented.rental.id}/end?gymId=${gymId}`, {
    keyReturned: true,
    depositRefunded: deposit,
  });
};

/**
 * The demo's own holds that began before today (the passes on hold today, `status=WAIT`), ended today: the hold
 * is shortened, not cancelled, and the pass's end comes back by the unused days. As many as the demo has.
 */
const endDemoHolds = async (demo: Client, desk: Desk, timings: Timings) => {
  const today = seoulToday(new Date());
  const held = await demo.ok<{ id: number; holds: { startDate: string; endDate: string }[] }[]>(
    'GET',
    `/web/ticket-issue/list/${desk.gymId}?status=WAIT&_start=0&_end=100`,
  );
  for (const pass of held) {
    const answer = await demo.request('POST', `/web/ticket-issue/${pass.id}/end-hold`, { on: today });
    if (answer.status !== 200)
      throw new Error(`end a demo hold early: ${answer.status} ${JSON.stringify(answer.body).slice(0, 400)}`);
    timings['end a demo hold early'].push(answer.ms);
  }
};

type Figures = { n: number; p50: number; p95: number; max: number };
const figuresOf = (ms: readonly number[]): Figures =>
  ms.length === 0
    ? { n: 0, p50: 0, p95: 0, max: 0 }
    : {
        n: ms.length,
        p50: Math.round(percentile(ms, 50)),
        p95: Math.round(percentile(ms, 95)),
        max: Math.round(Math.max(...ms)),
      };

type Outcome = {
  db: 'pglite' | 'postgres';
  seedSeconds: number;
  desk: Desk;
  writes: Record<Write, Figures>;
  /** Each write's first time, in the first warm-up round (the server's first write of its kind). */
  first: Record<Write, number>;
  /**
   * Statements per write and their execution time in the database (PostgreSQL with DESK_STATEMENTS=1), from one
   * more round. The server's background work in the same moment (the outbox's poll) is counted too.
   */
  statements: Partial<Record<Write, { statements: number; ms: number }>>;
  bare: Figures;
  load: { start: string; end: string };
};

const benchDatabase = async (
  db: 'pglite' | 'postgres',
  env: Record<string, string>,
  bareEnv: Record<string, string>,
): Promise<Outcome> => {
  const loadStart = loadAverages();
  const started = performance.now();
  const timings = Object.fromEntries(WRITES.map((w) => [w, [] as number[]])) as Timings;
  let desk: Desk;
  let sid: string | undefined;
  let seedSeconds: number;
  const customers: number[] = [];
  let first: Record<Write, number>;
  let statements: Outcome['statements'] = {};
  {
    const { child, baseUrl } = await startServer({ ...env, SEED: 'demo' });
    try {
      seedSeconds = Math.round((performance.now() - started) / 1000);
      const demo = await Client.signIn(baseUrl, 'demo', 'demo1234');
      sid = demo.sid;
      desk = await findDesk(demo);
      console.log(
        `  ${db.padEnd(8)} demo seeded and served in ${seedSeconds} s; facility ${desk.gymId}, pass "${desk.product.name}" (${desk.product.salePrice} won), ${desk.freeLockers.length} free lockers (load ${loadAverages()})`,
      );
      const warm = Object.fromEntries(WRITES.map((w) => [w, [] as number[]])) as Timings;
      for (let i = 0; i < WARMUP; i++) await round(demo, desk, i, warm, customers);
      for (let i = 0; i < ROUNDS; i++) await round(demo, desk, WARMUP + i, timings, customers);
      await endDemoHolds(demo, desk, timings);
      if (db === 'postgres' && process.env.DESK_STATEMENTS && env.DATABASE_URL) {
        // One more round, not timed, counting each write's statements.
        const counting = await statementCounter(env.DATABASE_URL);
        try {
          const untimed = Object.fromEntries(WRITES.map((w) => [w, [] as number[]])) as Timings;
          await round(demo, desk, WARMUP + ROUNDS, untimed, customers, counting.counter);
          statements = counting.counts;
          if (process.env.DESK_STATEMENTS === 'sql')
            for (const [write, lines] of Object.entries(counting.texts))
              console.log(`  ${write}:\n    ${lines.join('\n    ')}`);
        } finally {
          await counting.close();
        }
      }
      first = Object.fromEntries(WRITES.map((w) => [w, Math.round(warm[w][0] ?? Number.NaN)])) as Record<
        Write,
        number
      >;
    } finally {
      await stopServer(child);
    }
  }
  const bareMs: number[] = [];
  {
    const { child, baseUrl } = await startServer(bareEnv, 'bench/desk-baseline.ts');
    try {
      const bare = new Client(baseUrl, sid);
      // The customers the timed and warm-up rounds registered, each written to twice.
      const rounded = customers.slice(0, (WARMUP + ROUNDS) * 2);
      for (let i = 0; i < rounded.length * 2; i++) {
        const answer = await bare.request('POST', '/bare/desk-write', {
          memberId: rounded[i % rounded.length],
          amount: 1000,
        });
        if (answer.status !== 201)
          throw new Error(`baseline: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
        if (i >= WARMUP * 4) bareMs.push(answer.ms);
      }
    } finally {
      await stopServer(child);
    }
  }
  return {
    db,
    seedSeconds,
    desk,
    writes: Object.fromEntries(WRITES.map((w) => [w, figuresOf(timings[w])])) as Record<Write, Figures>,
    first: first!,
    statements,
    bare: figuresOf(bareMs),
    load: { start: loadStart, end: loadAverages() },
  };
};

const benchPglite = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fitdesk-bench-desk-'));
  try {
    return await benchDatabase('pglite', { DATA_DIR: dir }, { BASELINE_PGLITE_DIR: join(dir, 'db') });
  } finally {
    if (process.env.BENCH_KEEP) console.log(`  kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
};

const benchPostgres = async (url: string) => {
  const scratch = await scratchDatabase(url, 'fitdesk_bench_desk');
  const dataDir = mkdtempSync(join(tmpdir(), 'fitdesk-bench-desk-files-'));
  try {
    return await benchDatabase(
      'postgres',
      { DATABASE_URL: scratch.url, DATA_DIR: dataDir },
      { BASELINE_DATABASE_URL: scratch.url },
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (process.env.BENCH_KEEP) console.log(`  kept database ${scratch.name}`);
    else await scratch.drop();
  }
};

/** One database's table: each write against the baseline and the target. */
const report = (o: Outcome) => {
  const target = P95_TARGET_MS[o.db];
  console.log(
    `\n${o.db}: load average ${o.load.start} at the start, ${o.load.end} at the end; demo seeded in ${o.seedSeconds} s`,
  );
  console.log(
    '\n| write | n | first ms | p50 ms | p95 ms | max ms | baseline p50 / p95 ms | p50 ÷ baseline | p95 ÷ baseline | target p95 |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const w of WRITES) {
    const f = o.writes[w];
    if (f.n === 0) {
      console.log(`| ${w} | 0 | | | | | | | | (none in the demo) |`);
      continue;
    }
    console.log(
      `| ${w} | ${f.n} | ${Number.isNaN(o.first[w]) ? '–' : o.first[w]} | ${f.p50} | ${f.p95} | ${f.max} | ${o.bare.p50} / ${o.bare.p95} | ${(f.p50 / o.bare.p50).toFixed(1)}× | ${(f.p95 / o.bare.p95).toFixed(1)}× | ≤ ${target}: ${f.p95 <= target ? 'met' : '**missed**'} |`,
    );
  }
  console.log(
    `| baseline: bare Fastify + driver (session, lock, insert, upsert) | ${o.bare.n} | | ${o.bare.p50} | ${o.bare.p95} | ${o.bare.max} | | 1.0× | 1.0× | |`,
  );
  if (Object.keys(o.statements).length > 0)
    console.log(
      `\n${o.db}: statements per write and their execution time in the database, from one more round (begin and commit not counted; the baseline sends 4 besides them): ${Object.entries(
        o.statements,
      )
        .map(([w, n]) => `${w} ${n.statements} (${n.ms.toFixed(1)} ms)`)
        .join(', ')}`,
    );
};

/** Runs the desk's writes on PGlite and, when a server is named, PostgreSQL; returns the exit code. */
export const runDeskBench = async (): Promise<number> => {
  console.log(
    `FitDesk desk writes on the demo data (issue 27 item 15): ${ROUNDS} rounds after ${WARMUP} of warm-up, one request at a time`,
  );
  console.log(`  started ${new Date().toISOString()}, load average ${loadAverages()}`);
  let failed = false;
  // Each database's table as soon as it is measured, so that a failure on one does not lose the other's.
  const run = async (bench: () => Promise<Outcome>) => {
    try {
      report(await bench());
    } catch (error) {
      console.error(error);
      failed = true;
    }
  };
  if (!process.env.BENCH_SKIP_PGLITE) await run(benchPglite);
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgUrl) await run(() => benchPostgres(pgUrl));
  else console.log('  (PostgreSQL skipped: set BENCH_DATABASE_URL to include it)');
  console.log(
    `\nended ${new Date().toISOString()}, load average ${loadAverages()}${failed ? '\nFAILED' : ''}`,
  );
  return failed ? 1 : 0;
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(await runDeskBench());
