// Soak (docs/operations.md#proofs): the real server under 50 connections of mixed reads and writes for SOAK_MINUTES
// (default 30), with `npm run backup` taken in the middle while it runs. It reports the errors (target 0), the p95
// of each minute, and the server's RSS at the start, after the warm-up and at the end (target: under 10% growth
// after the warm-up). CI does not run it.
//
//   node --import tsx bench/soak.ts                                       30 minutes on PGlite
//   SOAK_MINUTES=2 node --import tsx bench/soak.ts                        a short check of the script itself
//   SOAK_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres …      then the same on PostgreSQL (a scratch database)
//   SOAK_CONNECTIONS=50 SOAK_WRITE_SHARE=0.3 SOAK_WARMUP_MINUTES=2 SOAK_ONLY=pglite|postgres SOAK_KEEP=1

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Client,
  demoFacility,
  percentile,
  root,
  rssMiB,
  type ServerProcess,
  scratchDatabase,
  sleep,
  startServer,
  stopServer,
} from './proc.ts';
import { type Facility, type Lane, newLane, newTally, oneRead, oneWrite, type Tally } from './workload.ts';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 50);
const WRITE_SHARE = Number(process.env.SOAK_WRITE_SHARE ?? 0.3);
// The warm-up ends after minute 2, or halfway through a run too short for that.
const WARMUP_MINUTES = Math.min(Number(process.env.SOAK_WARMUP_MINUTES ?? 2), MINUTES / 2);
// The login route allows 30 sign-ins a minute from one address: the connections share 10 sessions.
const SESSIONS = Math.min(10, CONNECTIONS);
const pgServer = process.env.SOAK_DATABASE_URL ?? process.env.DATABASE_URL;
const only = process.env.SOAK_ONLY as 'pglite' | 'postgres' | undefined;
const keep = process.env.SOAK_KEEP === '1';

type Minute = { latencies: number[]; requests: number; errors: number; rssEnd?: number };
type Backup = { atMinute: number; seconds: number; code: number | null; output: string };

type Soak = {
  kind: 'pglite' | 'postgres';
  minutes: Minute[];
  rss: { start: number; warm: number; end: number; max: number };
  requests: number;
  errors: number;
  failures: number;
  refused: Map<string, number>;
  backup?: Backup;
  stopCode: number | null;
};

/** `npm run backup` against the same settings, while the server runs. */
const runBackup = (env: Record<string, string | undefined>) =>
  new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'backup'], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', (error) => resolve({ code: null, output: `${output}${error.message}` }));
    child.on('exit', (code) => resolve({ code, output }));
  });

const runSoak = async (kind: 'pglite' | 'postgres'): Promise<Soak> => {
  const dataDir = mkdtempSync(join(tmpdir(), `fitdesk-soak-${kind}-`));
  const scratch = kind === 'postgres' ? await scratchDatabase(pgServer!, 'fitdesk_soak') : undefined;
  const env = { DATA_DIR: dataDir, DATABASE_URL: scratch?.url };
  console.log(
    `\n== ${kind}: ${MINUTES} min, ${CONNECTIONS} connections, ${Math.round(WRITE_SHARE * 100)}% writes`,
  );
  let server: ServerProcess | undefined;
  try {
    server = await startServer({ ...env, SEED: 'demo' });
    const pid = server.pid;
    const rssStart = rssMiB(pid);
    const owner = await Client.signIn(server.baseUrl, 'demo', 'demo1234');
    const facility: Facility = await demoFacility(owner);
    const sessions = [owner];
    for (let i = 1; i < SESSIONS; i++) sessions.push(await Client.signIn(server.baseUrl, 'demo', 'demo1234'));
    const lanes: Lane[] = Array.from({ length: CONNECTIONS }, (_, i) =>
      newLane(new Client(server!.baseUrl, sessions[i % SESSIONS]!.sid)),
    );

    const minutes: Minute[] = Array.from({ length: MINUTES }, () => ({
      latencies: [],
      requests: 0,
      errors: 0,
    }));
    const started = Date.now();
    const endsAt = started + MINUTES * 60_000;
    const minuteNow = () => Math.min(MINUTES - 1, Math.floor((Date.now() - started) / 60_000));
    const tally: Tally = newTally((ms, ok) => {
      const m = minutes[minuteNow()]!;
      m.requests++;
      m.latencies.push(ms);
      if (!ok) m.errors++;
    });
    let failures = 0;
    const loops = lanes.map(async (lane) => {
      while (Date.now() < endsAt) {
        try {
          if (Math.random() < WRITE_SHARE || lane.customers.length === 0)
            await oneWrite(lane, facility, tally);
          else await oneRead(lane, facility, tally);
        } catch (error) {
          // No answer at all (a reset connection): an error like any other.
          failures++;
          minutes[minuteNow()]!.errors++;
          if (failures <= 5) console.log(`  request failed: ${(error as Error).message}`);
        }
      }
    });

    // RSS every 5 s; the marks are the end of the warm-up and the last sample.
    let rssWarm = Number.NaN;
    let rssMax = rssStart;
    let rssLast = rssStart;
    const sampler = (async () => {
      while (Date.now() < endsAt) {
        await sleep(5_000);
        rssLast = rssMiB(pid);
        rssMax = Math.max(rssMax, rssLast);
        const minute = (Date.now() - started) / 60_000;
        if (Number.isNaN(rssWarm) && minute >= WARMUP_MINUTES) rssWarm = rssLast;
        const m = minutes[minuteNow()];
        if (m) m.rssEnd = rssLast;
      }
    })();

    // The backup, halfway through, while the connections keep going.
    const backup = (async (): Promise<Backup> => {
      await sleep((MINUTES * 60_000) / 2);
      const atMinute = (Date.now() - started) / 60_000;
      const from = performance.now();
      const result = await runBackup(env);
      const seconds = (performance.now() - from) / 1000;
      console.log(
        `  backup at minute ${atMinute.toFixed(1)}: exit ${result.code} after ${seconds.toFixed(1)} s; ` +
          `${result.output.trim().split('\n').slice(-1)[0] ?? ''}`,
      );
      return { atMinute, seconds, code: result.code, output: result.output };
    })();

    // A line per minute as the run goes.
    const reporter = (async () => {
      for (let m = 0; m < MINUTES; m++) {
        await sleep(Math.max(0, started + (m + 1) * 60_000 - Date.now()));
        const row = minutes[m]!;
        console.log(
          `  minute ${String(m + 1).padStart(2)}: ${row.requests} requests, ${row.errors} errors, ` +
            `p95 ${percentile(row.latencies, 95).toFixed(0)} ms, RSS ${rssLast.toFixed(0)} MiB, load ${loadavg()[0]!.toFixed(1)}`,
        );
      }
    })();

    await Promise.all(loops);
    await Promise.all([sampler, reporter]);
    const backupResult = await backup;
    const rssEnd = rssMiB(pid);
    const stopCode = await stopServer(server);
    server = undefined;
    return {
      kind,
      minutes,
      rss: { start: rssStart, warm: rssWarm, end: rssEnd, max: Math.max(rssMax, rssEnd) },
      requests: tally.requests,
      errors: minutes.reduce((n, m) => n + m.errors, 0),
      failures,
      refused: tally.refused,
      backup: backupResult,
      stopCode,
    };
  } finally {
    if (server) await stopServer(server);
    if (!keep) {
      rmSync(dataDir, { recursive: true, force: true });
      await scratch?.drop();
    } else console.log(`kept: ${scratch?.url ?? dataDir}`);
  }
};

// ---- the run -----------------------------------------------------------------------------------------------------

const kinds = (['pglite', 'postgres'] as const).filter(
  (k) => (!only || only === k) && (k === 'pglite' || pgServer !== undefined),
);
if (kinds.length === 0 || !(MINUTES >= 1)) {
  console.error(
    'fitdesk soak: nothing to run (SOAK_MINUTES ≥ 1; SOAK_ONLY=postgres needs SOAK_DATABASE_URL)',
  );
  process.exit(1);
}
console.log(
  `soak, ${new Date().toISOString()}, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
const results: Soak[] = [];
for (const kind of kinds) results.push(await runSoak(kind));

let failed = false;
for (const s of results) {
  const name = s.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  console.log(
    `\n${name}, per minute:\n\n| minute | requests | errors | p50 ms | p95 ms | p99 ms | RSS MiB |`,
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|');
  s.minutes.forEach((m, i) => {
    console.log(
      `| ${i + 1} | ${m.requests} | ${m.errors} | ${percentile(m.latencies, 50).toFixed(0)} | ` +
        `${percentile(m.latencies, 95).toFixed(0)} | ${percentile(m.latencies, 99).toFixed(0)} | ${m.rssEnd?.toFixed(0) ?? '–'} |`,
    );
  });
  const growth = (s.rss.end - s.rss.warm) / s.rss.warm;
  const backupOk = s.backup?.code === 0;
  console.log(
    `\n${name}: ${s.requests} requests, ${s.errors} errors (${s.failures} without an answer); ` +
      `RSS ${s.rss.start.toFixed(0)} MiB at the start, ${s.rss.warm.toFixed(0)} after minute ${WARMUP_MINUTES}, ` +
      `${s.rss.end.toFixed(0)} at the end (max ${s.rss.max.toFixed(0)}): ${(growth * 100).toFixed(1)}% after the warm-up ` +
      `(target < 10%); backup ${backupOk ? `exit 0 in ${s.backup!.seconds.toFixed(1)} s` : `**failed** (exit ${s.backup?.code})`}; ` +
      `the server stopped with exit ${s.stopCode}`,
  );
  if (s.refused.size > 0) console.log(`non-2xx: ${[...s.refused].map(([k, n]) => `${k} ×${n}`).join('; ')}`);
  if (!backupOk && s.backup) console.log(`backup output:\n${s.backup.output.trim()}`);
  if (s.errors > 0 || !(growth < 0.1) || !backupOk || s.stopCode !== 0) failed = true;
}
console.log(
  `\nended ${new Date().toISOString()}, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
process.exit(failed ? 1 : 0);
