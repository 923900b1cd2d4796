// The messaging set (issue 29): `BENCH_ONLY=message npm run bench`, or `node --import tsx bench/message.ts`.
// PGlite always; PostgreSQL too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server (a scratch database
// is created and dropped). For each database:
//  1. the real server starts on a throwaway database (a platform operator from ADMIN_USER_ID/ADMIN_PASSWORD) and
//     an owner and a facility are made through the API;
//  2. the server stopped, the members fill (bench/members-setup.ts: 100,000 customers, 150,000 passes) and then the
//     messaging data, set-based: the MESSAGE add-on APPROVE, an approved sender number, 100,000,000 won of credits,
//     and consents like the demo's (SMS marketing 70%, night 20%, from `hashint4` of the id);
//  3. the server started again (its outbox loop running, the test provider): the live audience count of the whole
//     segment `all` (100,000 customers), advertising (the consent and night joins) and informational, BENCH_COUNT_RUNS
//     (default 30) requests one after another after 3 of warm-up; then `POST /web/message/send` to 10,000 picked
//     customers, advertising and scheduled for tomorrow 11:00 (so it stays WAIT), and to 10,000 others,
//     informational and now, whose delivery is then followed (`GET /web/message/send/{id}` every 250 ms) until
//     every recipient is sent or failed (or BENCH_DISPATCH_TIMEOUT seconds, default 600, have passed; on PGlite,
//     which has no dispatch target, BENCH_PGLITE_DISPATCH_TIMEOUT, default 60: the rate over that minute);
//  4. the server stopped: queue→sent of each recipient (its outbox row's creation to its `sent_at`), and the bare
//     baselines on the same data, the server's SQL run by the driver in this process: the count's statement
//     (`countQuery` over `segmentWhere`, built by the sends module's own functions) and the floor of a send (the
//     recipients, charges and outbox rows of 10,000 people as three INSERT … SELECT, no rendering, rolled back).
// BENCH_DISPATCH_ONLY=1 skips the live counts and the bare count (the sends, the dispatch and the send's floor only).
// Exits 1 when a request fails or the PostgreSQL dispatch does not finish.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { seoulInstant } from '#domain/rules/schedule.ts';
import { addDays, seoulToday } from '#domain/rules/seoul-time.ts';
import { openPglite } from '#server/db/client.ts';
import { segmentWhere } from '#server/modules/customer/customer.queries.ts';
import { classifiedQuery, countQuery, peopleQuery } from '#server/modules/message/message.sql.ts';
import { fillMembers } from './members-setup.ts';
import { startServer, stopServer } from './server.ts';

const COUNT_RUNS = Number(process.env.BENCH_COUNT_RUNS ?? 30);
/** BENCH_DISPATCH_ONLY=1: the sends and their dispatch only (the live counts and the bare count not measured). */
const DISPATCH_ONLY = Boolean(process.env.BENCH_DISPATCH_ONLY);
const notMeasured = () => ({ p50: Number.NaN, p95: Number.NaN, answer: undefined, load: load() });
const DISPATCH_TIMEOUT_S = Number(process.env.BENCH_DISPATCH_TIMEOUT ?? 600);
/** PGlite has no dispatch target: its rate is taken over a minute unless asked for longer. */
const PGLITE_DISPATCH_TIMEOUT_S = Number(process.env.BENCH_PGLITE_DISPATCH_TIMEOUT ?? 60);
const SEND_SIZE = 10_000;
/** Issue 29's targets. */
const TARGETS = { sendMs: { postgres: 3_000, pglite: 10_000 }, dispatchPerS: 500, countP95Ms: 200 } as const;
const OPERATOR = { userId: 'benchoperator', password: `op${randomBytes(9).toString('base64url')}9a` };

const load = () => loadavg()[0]!.toFixed(1);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]! : 0;
};
let addressCounter = 0;
const nextAddress = () => `10.81.${Math.floor(++addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;

type Run = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

const call = async <T>(baseUrl: string, method: string, path: string, body?: unknown, cookie?: string) => {
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
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 500)}`);
  return { body: (text ? JSON.parse(text) : null) as T, headers: response.headers };
};

type Context = { gymId: number; ownerId: number; cookie: string };

/** The owner and the facility, through the API. */
const prepare = async (baseUrl: string): Promise<Context> => {
  const userId = `bench_${randomBytes(5).toString('hex')}`;
  const password = 'bench12345';
  const owner = await call<{ data: { id: number } }>(baseUrl, 'POST', '/web/member', {
    userId,
    password,
    name: `Bench ${userId.slice(-4)}`,
    phone: `010${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    authCode: 'ADMIN',
    consents: { terms: true, privacy: true },
  });
  const login = await call(baseUrl, 'POST', '/web/member/login', { userId, password });
  const sid = login.headers.get('set-cookie')?.match(/sid=([^;]+)/)?.[1];
  if (!sid) throw new Error('login gave no session');
  const cookie = `sid=${sid}`;
  const gym = await call<{ data: { id: number } }>(
    baseUrl,
    'POST',
    '/web/gym',
    { name: 'Bench Gym' },
    cookie,
  );
  return { gymId: gym.body.data.id, ownerId: owner.body.data.id, cookie };
};

/** The add-on, a sender, credits and the customers' consents, set-based (the server stopped). */
const fillMessaging = async (run: Run, ctx: Context) => {
  const started = performance.now();
  const g = Math.trunc(ctx.gymId);
  await run('begin');
  await run(`insert into gym_sub_service (gym_id, sub_service_id, gym_sub_service_status)
    select ${g}, id, 'APPROVE' from sub_service where gym_sub_service_type = 'MESSAGE'`);
  const [sender] = await run(`insert into message_sender (gym_id, phone, label, owner, status, reviewed_at)
    values (${g}, '025550123', 'bench', 'GYM', 'APPROVE', now()) returning id`);
  await run(
    `insert into message_credit (gym_id, kind, amount, note) values (${g}, 'TOPUP', 100000000, 'bench')`,
  );
  const consents = `select ${g}, id, ch.channel, (hashint4(id * 4 + ch.salt) & 2147483647) % 100 < ch.share,
      (array['DESK', 'CONSULT', 'IMPORT'])[1 + (id % 3)], create_date, create_date
    from member cross join (values ('SMS', 1, 70), ('KAKAO', 2, 60), ('NIGHT', 3, 20)) as ch(channel, salt, share)
    where owner_gym_id = ${g}`;
  await run(
    `insert into customer_consent (gym_id, member_id, channel, agreed, source, at, confirmed_at) ${consents}`,
  );
  await run('commit');
  await run('analyze customer_consent');
  await run('analyze message_credit');
  const [shape] = await run(`select count(*) filter (where channel = 'SMS' and agreed)::int as sms,
    count(*) filter (where channel = 'NIGHT' and agreed)::int as night from customer_consent where gym_id = ${g}`);
  return {
    senderId: Number(sender!.id),
    seconds: Math.round((performance.now() - started) / 100) / 10,
    shape,
  };
};

/** Tomorrow 11:00 in Seoul: daytime, so the night rule never applies whenever the bench runs. */
const tomorrowMorning = () => seoulInstant(addDays(seoulToday(new Date()), 1), '11:00').toISOString();

const countBody = (gymId: number, advertising: boolean) => ({
  gymId,
  audience: { type: 'segment', segment: 'all', days: 7 },
  channel: 'SMS',
  advertising,
  scheduledAt: tomorrowMorning(),
});

/** The live count, one request after another. */
const liveCounts = async (baseUrl: string, ctx: Context, advertising: boolean) => {
  const times: number[] = [];
  let answer: { total: number; recipients: number } | undefined;
  for (let i = 0; i < COUNT_RUNS + 3; i++) {
    const t0 = performance.now();
    const r = await call<{ data: typeof answer }>(
      baseUrl,
      'POST',
      '/web/message/audience',
      countBody(ctx.gymId, advertising),
      ctx.cookie,
    );
    if (i >= 3) times.push(performance.now() - t0);
    answer = r.body.data;
  }
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), answer, load: load() };
};

const TEXT =
  '[#{시설명}] #{이름}님, #{이용권} 이용권이 #{종료일}에 종료됩니다. 잔여 #{잔여횟수}회, 미수금 #{미수금}원.';

/** The picked customers `id % 10 = k`, the first 10,000 (the set the bare floor reads too). */
const pickedIds = async (run: Run, gymId: number, k: number) =>
  (
    await run(
      `select id from member where owner_gym_id = ${Math.trunc(gymId)} and id % 10 = ${k} order by id limit ${SEND_SIZE}`,
    )
  ).map((r) => Number(r.id));

type SendAnswer = {
  id: number;
  recipientCount: number;
  excludedCount: number;
  sentCount: number;
  failedCount: number;
  state: string;
};

const timedSend = async (baseUrl: string, ctx: Context, body: Record<string, unknown>) => {
  const t0 = performance.now();
  const r = await call<{ data: SendAnswer }>(baseUrl, 'POST', '/web/message/send', body, ctx.cookie);
  return { ms: Math.round(performance.now() - t0), send: r.body.data, load: load() };
};

/** Follows a send until every recipient is sent or failed: the rate over that time. */
const followDispatch = async (baseUrl: string, ctx: Context, send: SendAnswer, timeoutS: number) => {
  const t0 = performance.now();
  let last = send;
  const loads: string[] = [];
  while (performance.now() - t0 < timeoutS * 1000) {
    await sleep(250);
    last = (
      await call<{ data: SendAnswer }>(
        baseUrl,
        'GET',
        `/web/message/send/${send.id}?gymId=${ctx.gymId}`,
        undefined,
        ctx.cookie,
      )
    ).body.data;
    if (loads.length === 0 || performance.now() - t0 > loads.length * 5_000) loads.push(load());
    if (last.sentCount + last.failedCount >= last.recipientCount) break;
  }
  const seconds = (performance.now() - t0) / 1000;
  const done = last.sentCount + last.failedCount;
  return {
    seconds: Math.round(seconds * 10) / 10,
    done,
    perSecond: Math.round(done / seconds),
    finished: done >= last.recipientCount,
    loads,
  };
};

type Outcome = Awaited<ReturnType<typeof benchDatabase>>;

/** Queue→sent per recipient (its outbox row's creation to its sent_at), and the delivery window. */
const queueToSent = async (run: Run, sendId: number) => {
  const [row] = await run(`select
      percentile_cont(0.5) within group (order by extract(epoch from r.sent_at - o.create_date)) * 1000 as p50,
      percentile_cont(0.95) within group (order by extract(epoch from r.sent_at - o.create_date)) * 1000 as p95,
      extract(epoch from max(r.sent_at) - min(r.sent_at)) as window_s, count(r.sent_at)::int as sent
    from message_recipient r join outbox o on o.id = r.outbox_id where r.send_id = ${Math.trunc(sendId)}`);
  return {
    p50: Math.round(Number(row!.p50)),
    p95: Math.round(Number(row!.p95)),
    windowS: Number(row!.window_s),
    sent: Number(row!.sent),
  };
};

/** The count's statement as the server builds it, run by the driver. */
const bareCount = async (run: Run, gymId: number) => {
  const where = segmentWhere({ gymId, segment: 'all', days: 7 }, new Date(tomorrowMorning()));
  const rules = { gymId, channel: 'SMS' as const, advertising: true, nightExclude: false, duplicates: false };
  const query = new PgDialect({ casing: 'snake_case' }).sqlToQuery(
    countQuery(classifiedQuery(peopleQuery({ type: 'members', where }, 'SMS'), rules)),
  );
  const times: number[] = [];
  for (let i = 0; i < COUNT_RUNS + 3; i++) {
    const t0 = performance.now();
    await run(query.sql, query.params);
    if (i >= 3) times.push(performance.now() - t0);
  }
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
};

/** The floor of a send: 10,000 recipients, their charges and outbox rows as three INSERT … SELECT, rolled back. */
const bareSend = async (run: Run, ctx: Context, senderId: number) => {
  const g = Math.trunc(ctx.gymId);
  const t0 = performance.now();
  await run('begin');
  const [send] =
    await run(`insert into message_send (gym_id, channel, kind, content, audience, state, scheduled_at, unit_price, sender_id)
    values (${g}, 'SMS', 'LMS', 'bare', '{}'::jsonb, 'REQUEST', now() + interval '1 day', 50, ${Math.trunc(senderId)}) returning id`);
  const id = Number(send!.id);
  await run(`insert into message_recipient (send_id, gym_id, member_id, name, address, text, state, charge)
    select ${id}, ${g}, m.id, m.name, m.phone, m.name || '님, ' || coalesce(m.pass_name, ''), 'QUEUED', 50
    from member m where m.owner_gym_id = ${g} and m.id % 10 = 2 order by m.id limit ${SEND_SIZE}`);
  await run(`insert into message_credit (gym_id, kind, amount, send_id, recipient_id)
    select gym_id, 'CHARGE', -charge, send_id, id from message_recipient where send_id = ${id} order by id`);
  await run(`with queued as (insert into outbox (topic, payload, status, attempts, next_attempt_at, create_date)
      select 'bench-bare', jsonb_build_object('recipientId', id), 'PENDING', 0, now() + interval '1 day', now()
      from message_recipient where send_id = ${id} order by id returning id, (payload->>'recipientId')::bigint as rid)
    update message_recipient r set outbox_id = queued.id from queued where r.id = queued.rid`);
  await run('rollback');
  return Math.round(performance.now() - t0);
};

const benchDatabase = async (
  db: 'pglite' | 'postgres',
  env: Record<string, string>,
  withDatabase: <T>(work: (run: Run) => Promise<T>) => Promise<T>,
) => {
  const serverEnv = {
    ...env,
    ADMIN_USER_ID: OPERATOR.userId,
    ADMIN_PASSWORD: OPERATOR.password,
    TRUST_PROXY: 'true',
  };
  let ctx: Context;
  {
    const { child, baseUrl } = await startServer(serverEnv);
    try {
      ctx = await prepare(baseUrl);
    } finally {
      await stopServer(child);
    }
  }
  const filled = await withDatabase(async (run) => {
    const members = await fillMembers(run, { gymId: ctx.gymId, ownerId: ctx.ownerId });
    const messaging = await fillMessaging(run, ctx);
    return {
      members,
      messaging,
      adIds: await pickedIds(run, ctx.gymId, 0),
      infoIds: await pickedIds(run, ctx.gymId, 1),
    };
  });
  console.log(
    `  ${db.padEnd(8)} filled ${filled.members.customers} customers in ${filled.members.seconds} s, messaging in ${filled.messaging.seconds} s ${JSON.stringify(filled.messaging.shape)} (load ${load()})`,
  );
  const { child, baseUrl } = await startServer(serverEnv);
  let measured: Awaited<ReturnType<typeof measure>>;
  try {
    measured = await measure(db, baseUrl, ctx, filled);
  } finally {
    await stopServer(child);
  }
  const after = await withDatabase(async (run) => ({
    queue: await queueToSent(run, measured.info.send.id),
    bareCount: DISPATCH_ONLY ? notMeasured() : await bareCount(run, ctx.gymId),
    bareSendMs: await bareSend(run, ctx, filled.messaging.senderId),
    load: load(),
  }));
  return { db, filled, ...measured, ...after };
};

const measure = async (
  db: string,
  baseUrl: string,
  ctx: Context,
  filled: { messaging: { senderId: number }; adIds: number[]; infoIds: number[] },
) => {
  const countAd = DISPATCH_ONLY ? notMeasured() : await liveCounts(baseUrl, ctx, true);
  const countInfo = DISPATCH_ONLY ? notMeasured() : await liveCounts(baseUrl, ctx, false);
  console.log(
    `  ${db.padEnd(8)} live count: advertising p95 ${countAd.p95.toFixed(0)} ms ${JSON.stringify(countAd.answer)}; informational p95 ${countInfo.p95.toFixed(0)} ms (load ${load()})`,
  );
  const content = {
    gymId: ctx.gymId,
    channel: 'SMS',
    senderId: filled.messaging.senderId,
    subject: '이용권 안내',
    content: TEXT,
  };
  const ad = await timedSend(baseUrl, ctx, {
    ...content,
    advertising: true,
    nightChoice: 'EXCLUDE',
    scheduledAt: tomorrowMorning(),
    audience: { type: 'customers', memberIds: filled.adIds },
  });
  const info = await timedSend(baseUrl, ctx, {
    ...content,
    advertising: false,
    audience: { type: 'customers', memberIds: filled.infoIds },
  });
  console.log(
    `  ${db.padEnd(8)} send of ${SEND_SIZE}: advertising ${ad.ms} ms (${ad.send.recipientCount} + ${ad.send.excludedCount} excluded), informational ${info.ms} ms (load ${load()})`,
  );
  // BENCH_SKIP_DISPATCH=1: the counts and the sends only (the dispatch not followed, reported as not measured).
  const dispatch = process.env.BENCH_SKIP_DISPATCH
    ? { seconds: 0, done: 0, perSecond: 0, finished: true, loads: [load()] }
    : await followDispatch(
        baseUrl,
        ctx,
        info.send,
        db === 'postgres' ? DISPATCH_TIMEOUT_S : PGLITE_DISPATCH_TIMEOUT_S,
      );
  console.log(
    `  ${db.padEnd(8)} dispatch: ${dispatch.done} in ${dispatch.seconds} s, ${dispatch.perSecond}/s, loads ${dispatch.loads.join(' ')}`,
  );
  return { countAd, countInfo, ad, info, dispatch };
};

const benchPglite = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fitdesk-bench-message-'));
  try {
    return await benchDatabase('pglite', { DATA_DIR: dir }, async (work) => {
      const database = await openPglite({ dataDir: dir });
      try {
        const client = (database.db as unknown as { $client: import('@electric-sql/pglite').PGlite }).$client;
        return await work(
          async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows,
        );
      } finally {
        await database.close();
      }
    });
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
  const dataDir = mkdtempSync(join(tmpdir(), 'fitdesk-bench-message-files-'));
  try {
    return await benchDatabase(
      'postgres',
      { DATABASE_URL: dbUrl.toString(), DATA_DIR: dataDir },
      async (work) => {
        const client = new pg.Client({ connectionString: dbUrl.toString() });
        await client.connect();
        try {
          return await work(async (text, params) => (await client.query(text, params as unknown[])).rows);
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

const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');

const report = (outcomes: Outcome[]) => {
  console.log('\n| database | scenario | figure | bare | ratio | load | target |');
  console.log('|---|---|---:|---:|---:|---:|---|');
  for (const o of outcomes) {
    const sendTarget = TARGETS.sendMs[o.db];
    const row = (scenario: string, figure: string, bare: string, ratio: string, at: string, target: string) =>
      console.log(`| ${o.db} | ${scenario} | ${figure} | ${bare} | ${ratio} | ${at} | ${target} |`);
    const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(1)}×` : '');
    row(
      'live count, 100,000, advertising: p50 / p95 ms',
      `${o.countAd.p50.toFixed(0)} / ${o.countAd.p95.toFixed(0)}`,
      `${o.bareCount.p50.toFixed(0)} / ${o.bareCount.p95.toFixed(0)}`,
      ratio(o.countAd.p95, o.bareCount.p95),
      o.countAd.load,
      o.db === 'postgres'
        ? `p95 ≤ ${TARGETS.countP95Ms}: ${verdict(o.countAd.p95 <= TARGETS.countP95Ms)}`
        : '',
    );
    row(
      'live count, 100,000, informational: p50 / p95 ms',
      `${o.countInfo.p50.toFixed(0)} / ${o.countInfo.p95.toFixed(0)}`,
      '',
      '',
      o.countInfo.load,
      '',
    );
    row(
      `send to ${SEND_SIZE}, advertising, scheduled: ms`,
      String(o.ad.ms),
      String(o.bareSendMs),
      ratio(o.ad.ms, o.bareSendMs),
      o.ad.load,
      `≤ ${sendTarget}: ${verdict(o.ad.ms <= sendTarget)}`,
    );
    row(
      `send to ${SEND_SIZE}, informational, now: ms`,
      String(o.info.ms),
      String(o.bareSendMs),
      ratio(o.info.ms, o.bareSendMs),
      o.info.load,
      `≤ ${sendTarget}: ${verdict(o.info.ms <= sendTarget)}`,
    );
    row(
      'dispatch, test provider: messages/s',
      String(o.dispatch.perSecond),
      '',
      '',
      `${Math.min(...o.dispatch.loads.map(Number))}–${Math.max(...o.dispatch.loads.map(Number))}`,
      o.db === 'postgres'
        ? `≥ ${TARGETS.dispatchPerS}: ${verdict(o.dispatch.perSecond >= TARGETS.dispatchPerS)}`
        : '',
    );
    row(
      'queue→sent: p50 / p95 ms',
      `${o.queue.p50} / ${o.queue.p95}`,
      '',
      '',
      o.load,
      `${o.queue.sent} sent over ${o.queue.windowS.toFixed(1)} s`,
    );
  }
};

/** Runs the messaging set on PGlite and, when a server is named, PostgreSQL; returns the exit code. */
export const runMessageBench = async (): Promise<number> => {
  console.log(
    `FitDesk messaging benchmark (issue 29): ${COUNT_RUNS} live counts each, sends of ${SEND_SIZE}`,
  );
  console.log(
    `  started ${new Date().toISOString()}, load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')}`,
  );
  const outcomes: Outcome[] = [];
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (process.env.BENCH_MESSAGE_DB !== 'postgres') outcomes.push(await benchPglite());
  if (pgUrl && process.env.BENCH_MESSAGE_DB !== 'pglite') outcomes.push(await benchPostgres(pgUrl));
  else if (!pgUrl) console.log('  (PostgreSQL skipped: set BENCH_DATABASE_URL to include it)');
  console.log(
    `\nended ${new Date().toISOString()}, load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')}`,
  );
  report(outcomes);
  const failed = outcomes.some((o) => o.db === 'postgres' && !o.dispatch.finished);
  console.log(failed ? '\nFAILED: the PostgreSQL dispatch did not finish' : '\ndone');
  return failed ? 1 : 0;
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(await runMessageBench());
