// Crash durability (docs/operations.md#proofs): the real server under 20 connections of writes (customers, pass
// sales with their payment lines, collections, refunds, manual check-ins, consultations), killed with SIGKILL at a
// random moment, restarted on the same data, and checked: every write that answered 2xx is there, no money row is
// half-written, and the audit chains verify. 10 kills on PGlite, then 10 on PostgreSQL when a server is named.
//
//   node --import tsx bench/crash.ts                                                    PGlite only
//   CRASH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/crash.ts   and PostgreSQL
//   CRASH_KILLS=3 CRASH_CONNECTIONS=10 CRASH_ONLY=postgres CRASH_KEEP=1 …
//
// The PostgreSQL series makes a scratch database on that server and drops it at the end; the database server itself
// is never killed, only the app process.

import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, openPglite, openPostgres } from '#server/db/client.ts';
import { verifyAudit } from '#server/modules/audit/audit.service.ts';
import { queryRows } from '#server/ops/tables.ts';
import {
  Client,
  demoFacility,
  killServer,
  type ServerProcess,
  scratchDatabase,
  startServer,
  stopServer,
} from './proc.ts';
import {
  emptyLedger,
  type Facility,
  KINDS,
  type Kind,
  type Lane,
  type Ledger,
  ledgerSize,
  newLane,
  newTally,
  oneWrite,
  TABLES,
  type Tally,
} from './workload.ts';

const KILLS = Number(process.env.CRASH_KILLS ?? 10);
const CONNECTIONS = Number(process.env.CRASH_CONNECTIONS ?? 20);
const KILL_FROM_MS = 2_000;
const KILL_TO_MS = 8_000;
const pgServer = process.env.CRASH_DATABASE_URL ?? process.env.BENCH_DATABASE_URL;
const only = process.env.CRASH_ONLY as 'pglite' | 'postgres' | undefined;
const keep = process.env.CRASH_KEEP === '1';

// ---- what was acknowledged ---------------------------------------------------------------------------------------

/** The audit row that must stand beside an acknowledged write (its action and entity id). */
const AUDITED: Partial<Record<Kind, string>> = {
  customer: 'customer.create',
  pass: 'pass.sell',
  consult: 'consult.create',
};

type Load = Tally & {
  /** Requests that had no answer when the process died (never acknowledged, so their fate is not checked). */
  inFlight: number;
  /** Requests that failed before the kill (the server must not fail them). */
  failures: string[];
};

/** 20 connections writing until the process is killed at `killAtMs`; resolves once every loop has stopped. */
const loadUntilKilled = async (
  server: ServerProcess,
  lanes: Lane[],
  facility: Facility,
  killAtMs: number,
) => {
  const load: Load = { ...newTally(), inFlight: 0, failures: [] };
  let killed = false;
  const loops = lanes.map(async (lane) => {
    while (!killed) {
      try {
        await oneWrite(lane, facility, load);
      } catch (error) {
        // After the kill, a request without an answer; before it, a real failure (this loop stops).
        if (killed) load.inFlight++;
        else {
          load.failures.push((error as Error).message);
          return;
        }
      }
    }
  });
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, killAtMs));
  killed = true;
  const killedAtMs = performance.now() - started;
  await killServer(server);
  await Promise.all(loops);
  return { ...load, killedAtMs };
};

// ---- the checks --------------------------------------------------------------------------------------------------

const idList = (ids: Iterable<number>) => sql.raw(`'{${[...ids].join(',')}}'::int[]`);

const count = async (db: Db, statement: SQL) =>
  Number((await queryRows<{ n: number | string }>(db, statement))[0]?.n ?? 0);

/** The money invariants, each counted over the whole database (every one must be 0). */
const moneyChecks: [string, SQL][] = [
  [
    'passes without exactly one PASS sale',
    sql`select count(*) as n from ticket_issue t where (select count(*) from sale s where s.ticket_issue_id = t.id and s.item_type = 'PASS') <> 1`,
  ],
  [
    "sales whose price is not the pass's",
    sql`select count(*) as n from ticket_issue t join sale s on s.ticket_issue_id = t.id and s.item_type = 'PASS' where s.price <> t.price`,
  ],
  [
    'passes whose paid amount is not the sum of their APPROVE lines',
    sql`select count(*) as n from ticket_issue t where t.paid_amount <> coalesce((select sum(pl.amount) from payment_line pl join sale s on s.id = pl.sale_id where s.ticket_issue_id = t.id and s.item_type = 'PASS' and pl.status = 'APPROVE'), 0)`,
  ],
  [
    'passes whose refund does not match their REFUND line (amount, status, at most one)',
    sql`select count(*) as n from ticket_issue t
      cross join lateral (select coalesce(sum(pl.amount), 0) as total, count(*) as lines from payment_line pl
        join sale s on s.id = pl.sale_id where s.ticket_issue_id = t.id and s.item_type = 'PASS' and pl.status = 'REFUND') r
      where t.refunded_amount <> -r.total or (t.status = 'REFUND') <> (r.lines = 1) or r.lines > 1`,
  ],
  [
    'sales paid above their price',
    sql`select count(*) as n from sale s where coalesce((select sum(pl.amount) from payment_line pl where pl.sale_id = s.id and pl.status = 'APPROVE'), 0) > s.price`,
  ],
  [
    "passes refunded above the formula's ceiling (paid + the 10% penalty when the business is at fault)",
    sql`select count(*) as n from ticket_issue t where t.refunded_amount > t.paid_amount + floor(t.paid_amount * 10 / 100)`,
  ],
  [
    "refund lines computed on another paid amount than the pass's",
    sql`select count(*) as n from payment_line pl join sale s on s.id = pl.sale_id and s.item_type = 'PASS'
      join ticket_issue t on t.id = s.ticket_issue_id where pl.status = 'REFUND' and (pl.computation->>'paid')::int <> t.paid_amount`,
  ],
  [
    'check-ins that used a session without exactly one ENTRY usage row (or the reverse)',
    sql`select (select count(*) from entry_log e where e.session_used and (select count(*) from ticket_usage u where u.entry_log_id = e.id and u.kind = 'ENTRY') <> 1)
      + (select count(*) from ticket_usage u where u.kind = 'ENTRY' and not exists (select 1 from entry_log e where e.id = u.entry_log_id and e.session_used)) as n`,
  ],
];

type Check = {
  found: Record<Kind, number>;
  lost: Record<Kind, number[]>;
  unaudited: number;
  money: { name: string; n: number }[];
  audit: { chains: number; rows: number; broken: string[] };
};

/** Opens the stopped server's database directly and checks every acknowledged id and every invariant. */
const checkDatabase = async (db: Db, ledger: Ledger): Promise<Check> => {
  const found = {} as Record<Kind, number>;
  const lost = {} as Record<Kind, number[]>;
  for (const kind of KINDS) {
    const ids = ledger[kind];
    const rows =
      ids.size === 0
        ? []
        : await queryRows<{ id: number }>(
            db,
            sql`select id from ${sql.identifier(TABLES[kind])} where id = any(${idList(ids)})`,
          );
    const present = new Set(rows.map((r) => Number(r.id)));
    found[kind] = present.size;
    lost[kind] = [...ids].filter((id) => !present.has(id));
  }
  let unaudited = 0;
  for (const [kind, action] of Object.entries(AUDITED) as [Kind, string][]) {
    if (ledger[kind].size === 0) continue;
    unaudited += await count(
      db,
      sql`select count(*) as n from unnest(${idList(ledger[kind])}) as w(id)
        where not exists (select 1 from audit_log a where a.action = ${action} and a.entity_id = w.id::text)`,
    );
  }
  const money = [];
  for (const [name, statement] of moneyChecks) money.push({ name, n: await count(db, statement) });
  const gyms = await queryRows<{ gym_id: number | null }>(db, sql`select distinct gym_id from audit_log`);
  const audit = { chains: gyms.length, rows: 0, broken: [] as string[] };
  for (const { gym_id } of gyms) {
    const result = await verifyAudit(db, gym_id === null ? null : Number(gym_id));
    audit.rows += result.checked;
    if (!result.ok) audit.broken.push(`chain ${gym_id ?? 'platform'} breaks at row ${result.brokenAt}`);
  }
  return { found, lost, unaudited, money, audit };
};

/**
 * The check of the check, inside a transaction that is rolled back: one acknowledged consultation deleted, one
 * payment line added behind a pass's back, one audit row edited. The checks must see all three.
 */
const checkTheCheck = async (db: Db, ledger: Ledger): Promise<string | undefined> => {
  const consultId = [...ledger.consult][0];
  const passId = [...ledger.pass][0];
  if (consultId === undefined || passId === undefined)
    return 'skipped (no consultation or pass acknowledged yet)';
  let seen: Check | undefined;
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`delete from consult_event where consult_id = ${consultId}`);
      await tx.execute(sql`delete from consult where id = ${consultId}`);
      await tx.execute(sql`insert into payment_line (gym_id, sale_id, member_id, method, amount, status)
        select s.gym_id, s.id, s.member_id, 'CASH', 1, 'APPROVE' from sale s where s.ticket_issue_id = ${passId} and s.item_type = 'PASS'`);
      await tx.execute(
        sql`update audit_log set after = '{"edited":true}' where id = (select max(id) from audit_log where gym_id is not null)`,
      );
      seen = await checkDatabase(tx as unknown as Db, ledger);
      tx.rollback();
    })
    .catch((error) => {
      if (!seen) throw error;
    });
  const lost = seen!.lost.consult.length;
  const money = seen!.money.reduce((n, m) => n + m.n, 0);
  const broken = seen!.audit.broken.length;
  if (lost !== 1 || money < 1 || broken !== 1)
    throw new Error(
      `the checks missed a planted fault: ${lost} lost (1 planted), ${money} money anomalies, ${broken} broken chains`,
    );
  return `saw the planted faults: ${lost} lost consultation, ${money} money anomalies, ${broken} broken chain`;
};

// ---- one series of kills -----------------------------------------------------------------------------------------

type RoundFigure = {
  round: number;
  killAtMs: number;
  acked: number;
  byKind: Record<Kind, number>;
  inFlight: number;
  writes: number;
  refused: number;
  restartMs: number;
  totalAcked: number;
  found: number;
  lost: number;
  moneyBad: number;
  unaudited: number;
  auditRows: number;
  auditBroken: number;
};

type Series = { kind: 'pglite' | 'postgres'; rounds: RoundFigure[]; problems: string[] };

const runSeries = async (kind: 'pglite' | 'postgres'): Promise<Series> => {
  const dataDir = mkdtempSync(join(tmpdir(), `fitdesk-crash-${kind}-`));
  const scratch = kind === 'postgres' ? await scratchDatabase(pgServer!, 'fitdesk_crash') : undefined;
  const env = { DATA_DIR: dataDir, DATABASE_URL: scratch?.url };
  const openDirect = () => (scratch ? openPostgres(scratch.url, { max: 2 }) : openPglite({ dataDir }));
  const series: Series = { kind, rounds: [], problems: [] };
  const ledger = emptyLedger();
  console.log(`\n== ${kind}: ${KILLS} kills, ${CONNECTIONS} connections (data ${scratch?.name ?? dataDir})`);
  try {
    let server: ServerProcess | undefined = await startServer({ ...env, SEED: 'demo' });
    const facility = await demoFacility(await Client.signIn(server.baseUrl, 'demo', 'demo1234'));
    let lastSession: string | undefined;
    for (let round = 1; round <= KILLS; round++) {
      server ??= await startServer({ ...env, SEED: 'none' });
      const lanes: Lane[] = await Promise.all(
        Array.from({ length: CONNECTIONS }, async () =>
          newLane(await Client.signIn(server!.baseUrl, 'demo', 'demo1234')),
        ),
      );
      const killAtMs = KILL_FROM_MS + Math.random() * (KILL_TO_MS - KILL_FROM_MS);
      const load = await loadUntilKilled(server, lanes, facility, killAtMs);
      for (const k of KINDS) for (const id of load.acked[k]) ledger[k].add(id);
      for (const failure of load.failures)
        series.problems.push(`round ${round}: failed before the kill: ${failure}`);

      // Restart on the same data: it must come up (recovery, migrations), keep the sessions and verify its chain.
      const restartStarted = performance.now();
      const restarted = await startServer({ ...env, SEED: 'none' });
      const restartMs = performance.now() - restartStarted;
      const previous = lastSession ? new Client(restarted.baseUrl, lastSession) : undefined;
      if (previous && (await previous.request('GET', '/web/member/validate')).status !== 200)
        series.problems.push(`round ${round}: a session signed in before the kill was not valid after it`);
      const owner = new Client(restarted.baseUrl, lanes[0]!.client.sid);
      const verify = await owner.ok<{ ok: boolean; checked: number }>(
        'GET',
        `/web/audit/verify?gymId=${facility.gymId}`,
      );
      if (!verify.ok)
        series.problems.push(`round ${round}: GET /web/audit/verify answered ${JSON.stringify(verify)}`);
      // A sample read back through the API: the last passes this round acknowledged.
      for (const id of [...load.acked.pass].slice(-5)) {
        const answer = await owner.request('GET', `/web/ticket-issue/${id}`);
        if (answer.status !== 200)
          series.problems.push(`round ${round}: GET /web/ticket-issue/${id} → ${answer.status}`);
      }
      lastSession = lanes[1]?.client.sid;
      const stopped = await stopServer(restarted);
      if (stopped !== 0)
        series.problems.push(`round ${round}: the restarted server exited ${stopped} on SIGTERM`);
      server = undefined;

      const database = await openDirect();
      let check: Check;
      try {
        if (round === 1) console.log(`check of the check: ${await checkTheCheck(database.db, ledger)}`);
        check = await checkDatabase(database.db, ledger);
      } finally {
        await database.close();
      }
      const lost = KINDS.reduce((n, k) => n + check.lost[k].length, 0);
      const moneyBad = check.money.reduce((n, m) => n + m.n, 0);
      for (const k of KINDS)
        if (check.lost[k].length > 0)
          series.problems.push(
            `round ${round}: ${check.lost[k].length} acknowledged ${k} rows lost: ${check.lost[k].slice(0, 10).join(', ')}`,
          );
      for (const m of check.money) if (m.n > 0) series.problems.push(`round ${round}: ${m.n} ${m.name}`);
      if (check.unaudited > 0)
        series.problems.push(
          `round ${round}: ${check.unaudited} acknowledged writes without their audit row`,
        );
      for (const b of check.audit.broken) series.problems.push(`round ${round}: ${b}`);
      const figure: RoundFigure = {
        round,
        killAtMs: load.killedAtMs,
        acked: ledgerSize(load.acked),
        byKind: Object.fromEntries(KINDS.map((k) => [k, load.acked[k].size])) as Record<Kind, number>,
        inFlight: load.inFlight,
        writes: load.requests,
        refused: [...load.refused.values()].reduce((a, b) => a + b, 0),
        restartMs,
        totalAcked: ledgerSize(ledger),
        found: KINDS.reduce((n, k) => n + check.found[k], 0),
        lost,
        moneyBad,
        unaudited: check.unaudited,
        auditRows: check.audit.rows,
        auditBroken: check.audit.broken.length,
      };
      series.rounds.push(figure);
      console.log(
        `round ${String(round).padStart(2)}: killed at ${(figure.killAtMs / 1000).toFixed(2)} s after ${figure.acked} acknowledged ` +
          `(${KINDS.map((k) => `${k} ${figure.byKind[k]}`).join(', ')}), ${figure.inFlight} in flight; ` +
          `restart ${(restartMs / 1000).toFixed(1)} s; all rounds: ${figure.found}/${figure.totalAcked} found, ${lost} lost, ` +
          `money anomalies ${moneyBad}, unaudited ${check.unaudited}, audit ${check.audit.rows} rows in ${check.audit.chains} chains ` +
          `${check.audit.broken.length === 0 ? 'verify' : 'BROKEN'}; load ${loadavg()[0]!.toFixed(1)}`,
      );
      if (load.refused.size > 0)
        console.log(`          non-2xx: ${[...load.refused].map(([k, n]) => `${k} ×${n}`).join('; ')}`);
    }
  } finally {
    if (!keep) {
      rmSync(dataDir, { recursive: true, force: true });
      await scratch?.drop();
    } else console.log(`kept: ${scratch?.url ?? dataDir}`);
  }
  return series;
};

// ---- the run -----------------------------------------------------------------------------------------------------

const kinds = (['pglite', 'postgres'] as const).filter(
  (k) => (!only || only === k) && (k === 'pglite' || pgServer !== undefined),
);
if (kinds.length === 0) {
  console.error('fitdesk crash: nothing to run (CRASH_ONLY=postgres needs CRASH_DATABASE_URL)');
  process.exit(1);
}
const startedAt = new Date();
console.log(
  `crash durability, ${startedAt.toISOString()}, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
const results: Series[] = [];
for (const kind of kinds) results.push(await runSeries(kind));

console.log(
  '\n| database | kills | writes acknowledged | found | lost | in flight at the kill (unacknowledged) | money anomalies | audit |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---|');
for (const s of results) {
  const last = s.rounds.at(-1);
  const inFlight = s.rounds.reduce((n, r) => n + r.inFlight, 0);
  const money = s.rounds.reduce((n, r) => Math.max(n, r.moneyBad), 0);
  const broken = s.rounds.some((r) => r.auditBroken > 0);
  console.log(
    `| ${s.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} | ${s.rounds.length} | ${last?.totalAcked ?? 0} | ${last?.found ?? 0} | ` +
      `${last ? last.totalAcked - last.found : 0} | ${inFlight} | ${money} | ${broken ? '**broken**' : `verifies (${last?.auditRows ?? 0} rows)`} |`,
  );
}
for (const s of results) {
  console.log(
    `\n${s.kind}: kill times (s after the load began): ${s.rounds.map((r) => (r.killAtMs / 1000).toFixed(2)).join(', ')}`,
  );
  console.log(
    `${s.kind}: acknowledged per round: ${s.rounds.map((r) => r.acked).join(', ')}; restart s: ${s.rounds.map((r) => (r.restartMs / 1000).toFixed(1)).join(', ')}`,
  );
}
const problems = results.flatMap((s) => s.problems.map((p) => `${s.kind}: ${p}`));
console.log(
  `\nended ${new Date().toISOString()}, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
if (problems.length > 0) {
  console.log(`\n${problems.length} problem(s):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('no acknowledged write lost, no money row half-written, every audit chain verifies');
process.exit(0);
