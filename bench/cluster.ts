// Two processes, one PostgreSQL (docs/operations.md#several-processes, docs/operations.md#proofs): two real servers
// on one scratch database, requests alternated between them, a session made on one used on the other, outbox
// messages queued through both and counted in the test-mode provider's delivery record (OUTBOX_TEST_LOG), then the
// dispatching process killed with SIGKILL and the other seen taking over.
//
//   CLUSTER_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/cluster.ts
//   CLUSTER_MESSAGES=1000 CLUSTER_AFTER_KILL=100 …   (the defaults)
//
// tests/api/cluster.test.ts runs the same with 100 messages.

import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import type { TestDeliveryRecord } from '#server/modules/outbox/message-provider.ts';
import {
  Client,
  demoFacility,
  killServer,
  type ServerProcess,
  scratchDatabase,
  sleep,
  startServer,
  uniquePhone,
} from './proc.ts';

/** The topic of `POST /web/member/qr/{id}/send`: delivered by the provider, not by an in-process handler. */
const TOPIC = 'membership-qr';

export type ClusterOptions = {
  /** A PostgreSQL server; a scratch database is made on it and dropped at the end. */
  serverUrl: string;
  /** Messages queued through both processes before the kill. */
  messages: number;
  /** Messages queued through the survivor after the kill. */
  afterKill: number;
  concurrency?: number;
  /** How long to wait for deliveries before giving up. */
  deliveryTimeoutMs?: number;
  log?: (line: string) => void;
};

export type ClusterResult = {
  pids: { first: number; second: number };
  /** Requests sent alternately to the two processes, and how many answered 2xx. */
  alternated: { sent: number; ok: number };
  /** A session made on one process, used on the other: the status each answered. */
  sessionAcross: { firstToSecond: number; secondToFirst: number };
  before: Phase;
  takeover: {
    killedPid: number;
    survivorPid: number;
    /**
     * From the SIGKILL to the survivor's first delivery: a message inserted straight into the outbox, so no request
     * wakes the survivor and this times the election alone.
     */
    secondsToFirstDelivery: number;
  };
  after: Phase;
  /** Over the whole run: outbox rows of the topic, and how many are SENT. */
  rows: { total: number; sent: number };
  /** Ids of the topic recorded more than once in the whole record, and rows of the topic never recorded. */
  duplicates: number[];
  missing: number[];
};

type Phase = {
  queued: number;
  delivered: number;
  distinct: number;
  /** Distinct pids that delivered this phase's messages. */
  byPid: Record<number, number>;
  seconds: number;
};

const readRecord = (file: string): TestDeliveryRecord[] => {
  if (!existsSync(file)) return [];
  const records: TestDeliveryRecord[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue;
    try {
      records.push(JSON.parse(line) as TestDeliveryRecord);
    } catch {
      // A line being appended right now: read again on the next poll.
    }
  }
  return records.filter((r) => r.topic === TOPIC);
};

/** Runs `count` calls, `concurrency` at a time; each gets its index. */
const inParallel = async (count: number, concurrency: number, run: (i: number) => Promise<void>) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) await run(next++);
    }),
  );
};

export const runCluster = async (options: ClusterOptions): Promise<ClusterResult> => {
  const log = options.log ?? (() => {});
  const concurrency = options.concurrency ?? 10;
  const timeoutMs = options.deliveryTimeoutMs ?? 180_000;
  const dataDir = mkdtempSync(join(tmpdir(), 'fitdesk-cluster-'));
  const recordFile = join(dataDir, 'deliveries.jsonl');
  const scratch = await scratchDatabase(options.serverUrl, 'fitdesk_cluster');
  const env = { DATA_DIR: dataDir, DATABASE_URL: scratch.url, OUTBOX_TEST_LOG: recordFile };
  const servers: ServerProcess[] = [];
  const direct = new pg.Client({ connectionString: scratch.url });
  try {
    // The first process migrates and loads the demo; the second starts on the migrated database.
    const first = await startServer({ ...env, SEED: 'demo' });
    servers.push(first);
    const second = await startServer({ ...env, SEED: 'none' });
    servers.push(second);
    log(`two servers: pid ${first.pid} (${first.baseUrl}) and pid ${second.pid} (${second.baseUrl})`);
    await direct.connect();

    const onFirst = await Client.signIn(first.baseUrl, 'demo', 'demo1234');
    const onSecond = await Client.signIn(second.baseUrl, 'demo', 'demo1234');
    const sessionAcross = {
      firstToSecond: (await onFirst.on(second.baseUrl).request('GET', '/web/member/validate')).status,
      secondToFirst: (await onSecond.on(first.baseUrl).request('GET', '/web/member/validate')).status,
    };
    // One session, its requests alternated: a customer made on one process is read and checked in on the other.
    const owner = [onFirst, onFirst.on(second.baseUrl)] as const;
    const facility = await demoFacility(owner[0]);
    const alternated = { sent: 0, ok: 0 };
    const customers: number[] = [];
    for (let i = 0; i < 20; i++) {
      const [write, read] = i % 2 === 0 ? owner : [owner[1], owner[0]];
      const made = await write.request('POST', `/web/member/customer?gymId=${facility.gymId}`, {
        name: `클러스터${i}`,
        phone: uniquePhone(),
      });
      const id = (made.body as { data?: { id: number } }).data?.id;
      const seen = id
        ? await read.request('GET', `/web/member/customer/${id}?gymId=${facility.gymId}`)
        : made;
      const entered = id
        ? await write.request('POST', `/web/entry/manual/${facility.gymId}`, { memberId: id })
        : made;
      for (const answer of [made, seen, entered]) {
        alternated.sent++;
        if (answer.status >= 200 && answer.status < 300) alternated.ok++;
      }
      if (id) customers.push(id);
    }
    log(`alternated ${alternated.sent} requests, ${alternated.ok} answered 2xx`);

    const send = async (client: Client, i: number) => {
      const answer = await client.request('POST', `/web/member/qr/${customers[i % customers.length]}/send`, {
        gymId: facility.gymId,
      });
      if (answer.status !== 204)
        throw new Error(`send ${i}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
    };
    const waitFor = async (total: number) => {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const records = readRecord(recordFile);
        if (records.length >= total || Date.now() > until) return records;
        await sleep(100);
      }
    };
    const phaseOf = (records: TestDeliveryRecord[], queued: number, startedAt: number): Phase => {
      const byPid: Record<number, number> = {};
      for (const r of records) byPid[r.pid] = (byPid[r.pid] ?? 0) + 1;
      const last = Math.max(...records.map((r) => Date.parse(r.at)));
      return {
        queued,
        delivered: records.length,
        distinct: new Set(records.map((r) => r.id)).size,
        byPid,
        seconds: records.length ? (last - startedAt) / 1000 : Number.NaN,
      };
    };

    // Before the kill: queued through both processes in turn.
    const startedAt = Date.now();
    await inParallel(options.messages, concurrency, (i) => send(owner[i % 2]!, i));
    const delivered = await waitFor(options.messages);
    const before = phaseOf(delivered, options.messages, startedAt);
    log(
      `queued ${options.messages} through both, ${before.delivered} delivered (${before.distinct} distinct ids) in ` +
        `${before.seconds.toFixed(1)} s, by pid ${JSON.stringify(before.byPid)}`,
    );

    // The dispatching process is the one whose pid the record carries.
    const dispatcherPid = Number(
      Object.entries(before.byPid).sort((a, b) => b[1] - a[1])[0]?.[0] ?? first.pid,
    );
    const [killed, survivor] = dispatcherPid === second.pid ? [second, first] : [first, second];
    const survivorClient = survivor === first ? owner[0] : owner[1];
    const killedAt = Date.now();
    await killServer(killed);
    // First a message written straight into the outbox: no request wakes the survivor, so this times the election
    // alone (the survivor asks for the lock every few seconds).
    await direct.query(
      `insert into outbox (topic, payload, status, attempts, next_attempt_at, create_date)
       values ($1, '{"kind":"membershipQr","note":"queued after the kill, no request"}', 'PENDING', 0, now(), now())`,
      [TOPIC],
    );
    const unwoken = await waitFor(options.messages + 1);
    const firstUnwoken = unwoken.find((r) => r.pid === survivor.pid);
    const electedAfter = firstUnwoken ? (Date.parse(firstUnwoken.at) - killedAt) / 1000 : Number.NaN;
    log(
      `killed the dispatcher, pid ${killed.pid}; pid ${survivor.pid} delivered a message nobody woke it for ` +
        `${electedAfter.toFixed(2)} s later; queuing ${options.afterKill} through it`,
    );
    await inParallel(options.afterKill, concurrency, (i) => send(survivorClient, options.messages + i));
    const all = await waitFor(options.messages + 1 + options.afterKill);
    const beforeIds = new Set(delivered.map((r) => r.id));
    const afterRecords = all.filter((r) => !beforeIds.has(r.id));
    const bySurvivor = all.filter((r) => r.pid === survivor.pid).map((r) => Date.parse(r.at));
    const firstBySurvivor = bySurvivor.length > 0 ? Math.min(...bySurvivor) : Number.NaN;
    const after = phaseOf(afterRecords, options.afterKill + 1, killedAt);
    const takeover = {
      killedPid: killed.pid,
      survivorPid: survivor.pid,
      secondsToFirstDelivery: (firstBySurvivor - killedAt) / 1000,
    };
    log(
      `pid ${survivor.pid} delivered its first message ${takeover.secondsToFirstDelivery.toFixed(2)} s after the kill; ` +
        `${after.delivered} delivered after the kill, by pid ${JSON.stringify(after.byPid)}`,
    );

    const counts = new Map<number, number>();
    for (const r of all) counts.set(r.id, (counts.get(r.id) ?? 0) + 1);
    const rows = await direct.query<{ id: string; status: string }>(
      'select id, status from outbox where topic = $1 order by id',
      [TOPIC],
    );
    const duplicates = [...counts].filter(([, n]) => n > 1).map(([id]) => id);
    const missing = rows.rows.map((r) => Number(r.id)).filter((id) => !counts.has(id));
    const result: ClusterResult = {
      pids: { first: first.pid, second: second.pid },
      alternated,
      sessionAcross,
      before,
      takeover,
      after,
      rows: { total: rows.rows.length, sent: rows.rows.filter((r) => r.status === 'SENT').length },
      duplicates,
      missing,
    };
    log(
      `outbox rows of ${TOPIC}: ${result.rows.total}, ${result.rows.sent} SENT; ids recorded twice: ${duplicates.length}; ` +
        `rows never recorded: ${missing.length}`,
    );
    return result;
  } finally {
    await direct.end().catch(() => {});
    for (const server of servers) await killServer(server);
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

// ---- run directly ------------------------------------------------------------------------------------------------

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const serverUrl =
    process.env.CLUSTER_DATABASE_URL ?? process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    console.error(
      'fitdesk cluster: set CLUSTER_DATABASE_URL to a PostgreSQL server (a scratch database is made on it)',
    );
    process.exit(1);
  }
  const messages = Number(process.env.CLUSTER_MESSAGES ?? 1000);
  const afterKill = Number(process.env.CLUSTER_AFTER_KILL ?? 100);
  console.log(
    `two processes, one PostgreSQL, ${new Date().toISOString()}, load average ${loadavg()[0]!.toFixed(1)}`,
  );
  const r = await runCluster({ serverUrl, messages, afterKill, log: (line) => console.log(line) });
  const exactlyOnce = r.duplicates.length === 0 && r.missing.length === 0 && r.rows.sent === r.rows.total;
  const checks: [string, string, boolean][] = [
    [
      'requests alternated between the processes',
      `${r.alternated.ok}/${r.alternated.sent} answered 2xx`,
      r.alternated.ok === r.alternated.sent,
    ],
    [
      'a session made on one process, used on the other',
      `first → second ${r.sessionAcross.firstToSecond}, second → first ${r.sessionAcross.secondToFirst}`,
      r.sessionAcross.firstToSecond === 200 && r.sessionAcross.secondToFirst === 200,
    ],
    [
      `${messages} messages queued through both, delivered`,
      `${r.before.delivered} records, ${r.before.distinct} distinct ids, in ${r.before.seconds.toFixed(1)} s, by ${Object.keys(r.before.byPid).length} pid(s)`,
      r.before.delivered === messages &&
        r.before.distinct === messages &&
        Object.keys(r.before.byPid).length === 1,
    ],
    [
      'the dispatcher killed: the other delivers',
      `first delivery ${r.takeover.secondsToFirstDelivery.toFixed(2)} s after the kill, with no request waking it (target ≤ 30 s)`,
      r.takeover.secondsToFirstDelivery <= 30,
    ],
    [
      `1 + ${afterKill} messages queued after the kill (straight into the table, then through the API), delivered`,
      `${r.after.delivered} records, ${r.after.distinct} distinct ids, by pid(s) ${Object.keys(r.after.byPid).join(', ')}`,
      r.after.distinct === afterKill + 1 &&
        Object.keys(r.after.byPid)
          .map(Number)
          .every((p) => p === r.takeover.survivorPid),
    ],
    [
      'each message exactly once',
      `${r.rows.sent}/${r.rows.total} rows SENT, ${r.duplicates.length} ids recorded twice, ${r.missing.length} never recorded`,
      exactlyOnce,
    ],
  ];
  console.log('\n| check | measured | |\n|---|---|---|');
  for (const [name, measured, ok] of checks)
    console.log(`| ${name} | ${measured} | ${ok ? 'ok' : '**failed**'} |`);
  console.log(`\nended ${new Date().toISOString()}, load average ${loadavg()[0]!.toFixed(1)}`);
  process.exit(checks.every(([, , ok]) => ok) ? 0 : 1);
}
