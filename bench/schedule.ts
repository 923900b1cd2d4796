// The schedule set (issue 13): `BENCH_ONLY=schedule npm run bench`, or `node --import tsx bench/schedule.ts`.
// PGlite always; PostgreSQL too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server (a scratch database
// is created and dropped). For each database the real server starts on a throwaway database and everything is
// set up through the API: an owner, a facility, 40 ACTIVE staff with trainer profiles, a PT product, 200
// customers with a pass of 500 sessions each, 2,000 lessons in next week (each trainer: 7 weekly slots from
// Sunday to Saturday and one more lesson), about 600 bookings on them, and one group lesson of 20 places outside
// that week. Then, each after 2 s of warm-up, BENCH_SECONDS (default 10) of:
//  1. the week view: `GET /web/lesson/list/{gymId}?from=<Sunday>&to=<Saturday>` (2,000 lessons) at
//     BENCH_WEEK_CONNECTIONS (default 20), against the app and against the bare baseline
//     (bench/schedule-baseline.ts: Fastify and the driver running the app's two statements) on the same data;
//  2. booking churn: BENCH_CONNECTIONS (default 50) connections book (`POST /web/reservation`), cancel
//     (`POST /web/reservation/{id}/cancel`) and rebook the 200 customers on the one lesson. Then, the server
//     stopped, the rows are counted: no lesson with more COMPLETE + DELAY than its capacity, WAITING only on a
//     full lesson, no pass with more sessions used (ticket_usage) and held (live COMPLETE/DELAY without
//     attendance) than it has.
// Exits 1 on a failed request, an unexpected answer in the churn or a broken invariant. BENCH_KEEP=1 keeps the
// PGlite folder and the PostgreSQL database; BENCH_VERBOSE=1 prints each step of the set-up.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { weekStart } from '#domain/rules/schedule.ts';
import { addDays, seoulToday } from '#domain/rules/seoul-time.ts';
import { openPglite } from '#server/db/client.ts';
import { startServer, stopServer } from './server.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const churnConnections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const weekConnections = Number(process.env.BENCH_WEEK_CONNECTIONS ?? 20);
const verbose = Boolean(process.env.BENCH_VERBOSE);

const TRAINERS = 40;
/** The most user ids one invitation call takes (docs/rules.md#permissions). */
const INVITE_BATCH = 20;
/** Each trainer's weekly slots (one lesson a day, Sunday to Saturday) and one extra lesson: 50 a trainer. */
const SLOTS = ['06:00', '07:00', '08:00', '09:00', '10:00', '19:00', '20:00'];
const EXTRA_SLOT = '21:00';
const WEEK_LESSONS = TRAINERS * (SLOTS.length * 7 + 1);
const CUSTOMERS = 200;
const SESSIONS = 500;
const WEEK_BOOKINGS = 600;
const CHURN_CAPACITY = 20;
const WARMUP_SECONDS = 2;
/** The week view's target on PostgreSQL (issue 13). */
const WEEK_P95_TARGET_MS = 100;
const COLORS = ['#1677ff', '#fa541c', '#722ed1', '#13c2c2', '#52c41a', '#eb2f96', '#faad14', '#2f54eb'];

const loadAverage = () => loadavg()[0]!.toFixed(1);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (text: string) => {
  if (verbose) console.log(`    ${text}`);
};

// ---------------------------------------------------------------------------------------------------------
// The API

let addressCounter = 0;
const nextAddress = () => `10.78.${Math.floor(++addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;

type Answer<T> = { status: number; body: T; headers: Headers };
type ErrorBody = { reason?: string; code?: string };

/** One API call; an answer of 300 or more throws unless its status is in `accept`. */
const call = async <T>(
  baseUrl: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  options: { body?: unknown; cookie?: string; accept?: number[] } = {},
): Promise<Answer<T>> => {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': nextAddress(),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  if (response.status >= 300 && !options.accept?.includes(response.status))
    throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T, headers: response.headers };
};

/** Runs `work` over `items`, `width` at a time, and keeps the results in order. */
const inPool = async <I, O>(
  width: number,
  items: readonly I[],
  work: (item: I, index: number) => Promise<O>,
) => {
  const results: O[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!, index);
      }
    }),
  );
  return results;
};

const joinAccount = async (baseUrl: string, authCode: 'ADMIN' | 'MEMBER') => {
  const userId = `bench_${randomBytes(5).toString('hex')}`;
  const password = 'bench12345';
  const phone = `010${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const joined = await call<{ data: { id: number } }>(baseUrl, 'POST', '/web/member', {
    body: {
      userId,
      password,
      name: `Bench ${userId.slice(-4)}`,
      phone,
      authCode,
      consents: { terms: true, privacy: true },
    },
  });
  return { userId, password, id: joined.body.data.id };
};

type ScheduleContext = {
  baseUrl: string;
  cookie: string;
  gymId: number;
  /** The measured week, Sunday to Saturday (Seoul). */
  from: string;
  to: string;
  weekLessons: number;
  churnLessonId: number;
  churnDay: string;
  customerIds: number[];
  weekBookings: Record<string, number>;
  setupSeconds: number;
};

/** The days: next week (the Sunday after today at the earliest) and, outside it, the churn lesson's day. */
const days = () => {
  const today = seoulToday(new Date());
  const from = weekStart(addDays(today, 7));
  const to = addDays(from, 6);
  // Within the default 14-day booking window, at least a day ahead (the waitlist closes 2 hours before).
  const churnDay = addDays(from, -1) > today ? addDays(from, -1) : addDays(from, 7);
  return { today, from, to, churnDay };
};

/** The facility, its staff, trainers, customers, passes and lessons, all through the real API. */
const prepare = async (baseUrl: string): Promise<ScheduleContext> => {
  const started = performance.now();
  const { today, from, to, churnDay } = days();
  const owner = await joinAccount(baseUrl, 'ADMIN');
  const login = await call(baseUrl, 'POST', '/web/member/login', {
    body: { userId: owner.userId, password: owner.password },
  });
  const sid = login.headers.get('set-cookie')?.match(/sid=([^;]+)/)?.[1];
  if (!sid) throw new Error('login gave no session');
  const cookie = `sid=${sid}`;
  const as = { cookie };
  const gymId = (
    await call<{ data: { id: number } }>(baseUrl, 'POST', '/web/gym', { ...as, body: { name: 'Bench Gym' } })
  ).body.data.id;

  // Staff join as people do (docs/rules.md#permissions): invited by user id, 20 to a call, each accepting, which
  // gives the facility's default set.
  let t0 = performance.now();
  const workers = await inPool(4, [...Array(TRAINERS).keys()], () => joinAccount(baseUrl, 'MEMBER'));
  for (let i = 0; i < workers.length; i += INVITE_BATCH) {
    const targetList = workers.slice(i, i + INVITE_BATCH).map((w) => w.userId);
    const sent = await call<{ data: { userId: string; sent: boolean }[] }>(
      baseUrl,
      'POST',
      '/web/gym-member/invite-member',
      { ...as, body: { gymId, targetList } },
    );
    const unsent = sent.body.data.filter((r) => !r.sent);
    if (unsent.length > 0) throw new Error(`invitations not sent: ${JSON.stringify(unsent)}`);
  }
  const trainerIds = await inPool(4, workers, async (worker, i) => {
    const signedIn = await call(baseUrl, 'POST', '/web/member/login', {
      body: { userId: worker.userId, password: worker.password },
    });
    const sid = signedIn.headers.get('set-cookie')?.match(/sid=([^;]+)/)?.[1];
    if (!sid) throw new Error(`login gave ${worker.userId} no session`);
    const own = { cookie: `sid=${sid}` };
    const links = await call<{ data: { id: number; gymId: number; invited: boolean }[] }>(
      baseUrl,
      'GET',
      `/web/gym-member/member/${worker.id}`,
      own,
    );
    const invitation = links.body.data.find((l) => l.gymId === gymId && l.invited);
    if (!invitation) throw new Error(`no invitation for ${worker.userId}`);
    await call(baseUrl, 'POST', `/web/gym-member/invite/${invitation.id}/accept`, { ...own, body: {} });
    await call(baseUrl, 'POST', '/web/trainer', {
      ...as,
      body: {
        gymId,
        memberId: worker.id,
        color: COLORS[i % COLORS.length],
        payKind: 'PER_SESSION',
        payRate: 30000,
      },
    });
    return worker.id;
  });
  log(`${TRAINERS} staff with trainer profiles: ${Math.round(performance.now() - t0)} ms`);

  t0 = performance.now();
  const product = await call<{ data: { id: number } }>(baseUrl, 'POST', '/web/ticket', {
    ...as,
    body: {
      gymId,
      name: `PT ${SESSIONS}회`,
      periodAmount: 6,
      periodUnit: 'MONTH',
      sessionCount: SESSIONS,
      originPrice: 9_000_000,
      salePrice: 9_000_000,
    },
  });
  const family = ['김', '이', '박', '최', '정', '강', '조', '윤'];
  const given = ['민', '서', '지', '현', '준', '영', '수', '우', '진', '하'];
  const customerIds = await inPool(4, [...Array(CUSTOMERS).keys()], async (i) => {
    const made = await call<{ data: { id: number } }>(
      baseUrl,
      'POST',
      `/web/member/customer?gymId=${gymId}`,
      {
        ...as,
        body: {
          name: `${family[i % family.length]}${given[i % given.length]}${given[Math.floor(i / 10) % given.length]}`,
          phone: `010${String(30_000_000 + i).padStart(8, '0')}`,
        },
      },
    );
    await call(baseUrl, 'POST', '/web/ticket-issue/sell', {
      ...as,
      body: { gymId, memberId: made.body.data.id, ticketId: product.body.data.id, startDate: today },
    });
    return made.body.data.id;
  });
  log(`${CUSTOMERS} customers with a pass: ${Math.round(performance.now() - t0)} ms`);

  // Even trainers teach group classes of 12, odd ones 1:1 PT.
  t0 = performance.now();
  const creates = trainerIds.flatMap((trainerMemberId, t) => {
    const group = t % 2 === 0;
    const base = {
      gymId,
      title: group ? `GX ${t}` : `PT ${t}`,
      lessonType: group ? 'GROUP' : 'PT',
      trainerMemberId,
      room: group ? `GX${(t / 2) % 4}` : 'PT',
      capacity: group ? 12 : 1,
    };
    const end = (start: string) => `${start.slice(0, 3)}50`;
    return [
      ...SLOTS.map((startTime) => ({
        ...base,
        date: from,
        startTime,
        endTime: end(startTime),
        repeat: { weekdays: [0, 1, 2, 3, 4, 5, 6], untilDate: to },
      })),
      { ...base, date: addDays(from, 3), startTime: EXTRA_SLOT, endTime: end(EXTRA_SLOT) },
    ];
  });
  await inPool(4, creates, (body) => call(baseUrl, 'POST', '/web/lesson', { ...as, body }));
  const week = await call<{ data: { id: number; startAt: string }[] }>(
    baseUrl,
    'GET',
    `/web/lesson/list/${gymId}?from=${from}&to=${to}`,
    as,
  );
  if (week.body.data.length !== WEEK_LESSONS)
    throw new Error(`the week holds ${week.body.data.length} lessons, not ${WEEK_LESSONS}`);
  log(`${WEEK_LESSONS} lessons (${creates.length} creates): ${Math.round(performance.now() - t0)} ms`);

  // A few bookings: 600 on 500 of the lessons (one of every four by time, group classes and PT slots alike), so 100
  // of them get two (on a PT slot of one place the second waits).
  t0 = performance.now();
  const weekBookings: Record<string, number> = {};
  await inPool(4, [...Array(WEEK_BOOKINGS).keys()], async (k) => {
    const made = await call<{ data: { status: string } } & ErrorBody>(baseUrl, 'POST', '/web/reservation', {
      ...as,
      body: {
        lessonId: week.body.data[((k * 37) % (WEEK_LESSONS / 4)) * 4 + (k % 2)]!.id,
        memberId: customerIds[k % CUSTOMERS],
      },
      accept: [409],
    });
    const key = made.status === 201 ? made.body.data.status : `409 ${made.body.reason}`;
    weekBookings[key] = (weekBookings[key] ?? 0) + 1;
  });
  log(
    `${WEEK_BOOKINGS} bookings on the week: ${Math.round(performance.now() - t0)} ms ${JSON.stringify(weekBookings)}`,
  );

  const churn = await call<{ data: { ids: number[] } }>(baseUrl, 'POST', '/web/lesson', {
    ...as,
    body: {
      gymId,
      title: '스피닝 (churn)',
      lessonType: 'GROUP',
      room: 'GX9',
      capacity: CHURN_CAPACITY,
      date: churnDay,
      startTime: '12:00',
      endTime: '12:50',
    },
  });
  return {
    baseUrl,
    cookie,
    gymId,
    from,
    to,
    weekLessons: week.body.data.length,
    churnLessonId: churn.body.data.ids[0]!,
    churnDay,
    customerIds,
    weekBookings,
    setupSeconds: Math.round((performance.now() - started) / 100) / 10,
  };
};

// ---------------------------------------------------------------------------------------------------------
// Load

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!) : 0;

type Stats = { rps: number; p50: number; p95: number; p99: number; answered: number };
const statsOf = (latencies: number[], duration: number): Stats => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    rps: Math.round(latencies.length / duration),
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    answered: latencies.length,
  };
};

type Cannon = Promise<autocannon.Result> & Pick<autocannon.Instance, 'on'>;

/** One autocannon run; every answer's latency goes to `onAnswer`. */
const cannon = (
  options: autocannon.Options,
  onAnswer: (status: number, ms: number) => void,
): Promise<autocannon.Result> => {
  // Without a callback autocannon returns its event emitter, made thenable (its types say only the promise).
  const instance = autocannon(options) as unknown as Cannon;
  instance.on('response', (_client, status, _bytes, ms) => onAnswer(status, ms));
  return instance;
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

type Row = Stats & { db: string; scenario: string; failed: number; target: string };

/** The week view: 2 s of warm-up, then the measured run; the p95 is of the 2xx answers. */
const weekView = async (db: string, label: string, ctx: ScheduleContext, baseUrl: string): Promise<Row> => {
  const options = {
    url: `${baseUrl}/web/lesson/list/${ctx.gymId}?from=${ctx.from}&to=${ctx.to}`,
    headers: { cookie: ctx.cookie },
    connections: weekConnections,
    // PGlite serves one statement at a time and unevenly: at 20 connections some answers take over autocannon's
    // default 10 s. Wait 30 s so the tail is measured rather than counted as time-outs.
    timeout: 30,
  };
  await cannon({ ...options, duration: WARMUP_SECONDS }, () => {});
  const latencies: number[] = [];
  const result = await cannon({ ...options, duration: seconds }, (status, ms) => {
    if (status >= 200 && status < 300) latencies.push(ms);
  });
  const stats = statsOf(latencies, seconds);
  const row: Row = {
    db,
    scenario: `${label} (${ctx.weekLessons} lessons, ${weekConnections} conn.)`,
    ...stats,
    rps: Math.round(result.requests.average),
    failed: result.errors + result.non2xx,
    target: '',
  };
  console.log(
    `  ${db.padEnd(8)} ${row.scenario}: ${row.rps} req/s, p50 ${row.p50} ms, p95 ${row.p95} ms, p99 ${row.p99} ms (load ${loadAverage()})`,
  );
  return row;
};

type Connection = { customers: number[]; turn: number; booked: { id: number; customer: number } | null };

/**
 * The churn's driver: `churnConnections` loops, each a keep-alive connection of its own (fetch), each cycling over
 * its own customers (connection k has customers k, k + n, k + 2n, …): book the next one, cancel that booking, book
 * the next. A loop finishes the request it is in when the time is up, so nothing is lost between the warm-up and
 * the measured run. A 409 `alreadyBooked` (a booking this loop did not see) is counted and the booking is looked up
 * and cancelled. autocannon is not used here: it drops the answers in flight when a run stops, and with them which
 * customers are booked.
 */
class Churn {
  readonly connections: Connection[];
  /** Answers by kind and status (a 409 by its reason, a booking by the state it got). */
  counts: Record<string, number> = {};
  latencies: Record<'book' | 'cancel' | 'all', number[]> = { book: [], cancel: [], all: [] };
  elapsed = 0;

  constructor(
    private readonly ctx: ScheduleContext,
    private readonly baseUrl: string,
  ) {
    this.connections = Array.from({ length: churnConnections }, (_, k) => ({
      customers: ctx.customerIds.filter((_, i) => i % churnConnections === k),
      turn: 0,
      booked: null,
    }));
  }

  private async send(path: string, body: unknown) {
    const started = performance.now();
    const response = await fetch(`${this.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: this.ctx.cookie },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    const ms = performance.now() - started;
    let parsed: { data?: { id: number; status: string } } & ErrorBody = {};
    try {
      parsed = JSON.parse(text);
    } catch {}
    return { status: response.status, parsed, ms };
  }

  /** The customer's live booking on the lesson, through the API (after an `alreadyBooked`). */
  private async liveBookingOf(customer: number) {
    for (const status of ['COMPLETE', 'DELAY', 'WAITING']) {
      const found = await call<{ data: { id: number }[] }>(
        this.baseUrl,
        'GET',
        `/web/reservation/list/${this.ctx.gymId}?lessonId=${this.ctx.churnLessonId}&memberId=${customer}&status=${status}`,
        { cookie: this.ctx.cookie },
      );
      if (found.body.data[0]) return found.body.data[0].id;
    }
    return null;
  }

  async run(duration: number, measured: boolean) {
    const count = (key: string) => {
      if (measured) this.counts[key] = (this.counts[key] ?? 0) + 1;
    };
    const time = (kind: 'book' | 'cancel', ms: number) => {
      if (!measured) return;
      this.latencies[kind].push(ms);
      this.latencies.all.push(ms);
    };
    const started = performance.now();
    const end = started + duration * 1000;
    await Promise.all(
      this.connections.map(async (c) => {
        while (performance.now() < end && c.customers.length > 0) {
          try {
            if (c.booked) {
              const answer = await this.send(`/web/reservation/${c.booked.id}/cancel`, {});
              time('cancel', answer.ms);
              count(`cancel ${answer.status}${answer.parsed.reason ? ` ${answer.parsed.reason}` : ''}`);
              c.booked = null;
              c.turn += 1;
            } else {
              const customer = c.customers[c.turn % c.customers.length]!;
              const answer = await this.send('/web/reservation', {
                lessonId: this.ctx.churnLessonId,
                memberId: customer,
              });
              time('book', answer.ms);
              if (answer.status === 201 && answer.parsed.data) {
                count(`book 201 ${answer.parsed.data.status}`);
                c.booked = { id: answer.parsed.data.id, customer };
              } else {
                count(`book ${answer.status}${answer.parsed.reason ? ` ${answer.parsed.reason}` : ''}`);
                const id =
                  answer.parsed.reason === 'alreadyBooked' ? await this.liveBookingOf(customer) : null;
                if (id !== null) c.booked = { id, customer };
                else c.turn += 1;
              }
            }
          } catch (error) {
            count(`error ${(error as Error).message}`);
          }
        }
      }),
    );
    if (measured) this.elapsed = (performance.now() - started) / 1000;
  }
}

/** Expected answers in the churn: a booking (201), a cancel (200), and 409 for an already-booked customer. */
const expectedChurnAnswer = (key: string) =>
  key.startsWith('book 201 ') || key === 'cancel 200' || key === 'book 409 alreadyBooked';

type Invariants = {
  lessons: number;
  overbooked: number;
  waitingWithRoom: number;
  passes: number;
  passesOver: number;
  churn: { complete: number; waiting: number; cancelled: number; promoted: number; capacity: number };
};

type Run = (text: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;

/** Counts the rows (the server stopped) and checks the schedule's invariants for the facility. */
const invariants = async (run: Run, gymId: number, churnLessonId: number): Promise<Invariants> => {
  const lessons = await run(
    `select l.id, l.capacity,
       count(r.id) filter (where r.status in ('COMPLETE', 'DELAY'))::int as booked,
       count(r.id) filter (where r.status = 'WAITING')::int as waiting,
       count(r.id) filter (where r.status = 'CANCEL')::int as cancelled
     from lesson l left join reservation r on r.lesson_id = l.id
     where l.gym_id = $1 group by l.id, l.capacity`,
    [gymId],
  );
  const passes = await run(
    `select i.id, i.session_count,
       coalesce((select sum(u.sessions) from ticket_usage u where u.ticket_issue_id = i.id), 0)::int as used,
       (select count(*) from reservation r where r.ticket_issue_id = i.id and r.status in ('COMPLETE', 'DELAY')
         and r.attendance is null and r.usage_id is null)::int as held
     from ticket_issue i where i.gym_id = $1 and i.session_count is not null`,
    [gymId],
  );
  const [promoted] = await run(
    `select count(*)::int as n from reservation_event e join reservation r on r.id = e.reservation_id
     where r.lesson_id = $1 and e.action = 'PROMOTE'`,
    [churnLessonId],
  );
  const n = (v: unknown) => Number(v);
  const churnRow = lessons.find((l) => n(l.id) === churnLessonId)!;
  return {
    lessons: lessons.length,
    overbooked: lessons.filter((l) => n(l.booked) > n(l.capacity)).length,
    waitingWithRoom: lessons.filter((l) => n(l.waiting) > 0 && n(l.booked) !== n(l.capacity)).length,
    passes: passes.length,
    passesOver: passes.filter((p) => n(p.used) + n(p.held) > n(p.session_count)).length,
    churn: {
      complete: n(churnRow.booked),
      waiting: n(churnRow.waiting),
      cancelled: n(churnRow.cancelled),
      promoted: n(promoted?.n),
      capacity: n(churnRow.capacity),
    },
  };
};

// ---------------------------------------------------------------------------------------------------------
// One database

type Outcome = {
  db: 'pglite' | 'postgres';
  ctx: ScheduleContext;
  rows: Row[];
  churn: { stats: Stats; book: Stats; cancel: Stats; counts: Record<string, number> };
  checks: Invariants;
  load: { start: string; end: string };
};

const benchDatabase = async (
  db: 'pglite' | 'postgres',
  env: Record<string, string>,
  baselineEnv: Record<string, string>,
  withDatabase: <T>(work: (run: Run) => Promise<T>) => Promise<T>,
): Promise<Outcome> => {
  const loadStart = loadAverage();
  const rows: Row[] = [];
  let ctx: ScheduleContext;
  let churn: Churn;
  const { child, baseUrl } = await startServer(env);
  try {
    ctx = await prepare(baseUrl);
    console.log(
      `  ${db.padEnd(8)} set up in ${ctx.setupSeconds} s: week ${ctx.from}..${ctx.to} (${ctx.weekLessons} lessons, bookings ${JSON.stringify(ctx.weekBookings)}), churn lesson on ${ctx.churnDay} (load ${loadAverage()})`,
    );
    // PostgreSQL's autovacuum analyses the new rows within a minute or so; do it now so every run plans alike.
    // PGlite has no autovacuum and the app never analyses, so it plans without statistics, as in use.
    if (db === 'postgres') await withDatabase((run) => run('analyze'));
    rows.push(await weekView(db, 'week view: app', ctx, baseUrl));
    await drain(baseUrl);
    churn = new Churn(ctx, baseUrl);
    await churn.run(WARMUP_SECONDS, false);
    await churn.run(seconds, true);
  } finally {
    await stopServer(child);
  }
  const bare = await startServer(baselineEnv, 'bench/schedule-baseline.ts');
  try {
    rows.push(await weekView(db, 'week view: bare Fastify + driver, same SQL', ctx, bare.baseUrl));
  } finally {
    await stopServer(bare.child);
  }
  const checks = await withDatabase((run) => invariants(run, ctx.gymId, ctx.churnLessonId));
  const result = {
    stats: statsOf(churn.latencies.all, churn.elapsed),
    book: statsOf(churn.latencies.book, churn.elapsed),
    cancel: statsOf(churn.latencies.cancel, churn.elapsed),
    counts: churn.counts,
  };
  console.log(
    `  ${db.padEnd(8)} booking churn (${churnConnections} conn.): ${result.stats.rps} req/s, p95 ${result.stats.p95} ms (book ${result.book.p95}, cancel ${result.cancel.p95}) ${JSON.stringify(result.counts)} (load ${loadAverage()})`,
  );
  return { db, ctx, rows, churn: result, checks, load: { start: loadStart, end: loadAverage() } };
};

const benchPglite = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fitdesk-bench-schedule-'));
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
          return await work(
            async (text, values) => (await client.query<Record<string, unknown>>(text, values)).rows,
          );
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
  const dataDir = mkdtempSync(join(tmpdir(), 'fitdesk-bench-schedule-files-'));
  try {
    return await benchDatabase(
      'postgres',
      { DATABASE_URL: dbUrl.toString(), DATA_DIR: dataDir, TRUST_PROXY: 'true' },
      { BASELINE_DATABASE_URL: dbUrl.toString() },
      async (work) => {
        const client = new pg.Client({ connectionString: dbUrl.toString() });
        await client.connect();
        try {
          return await work(async (text, values) => (await client.query(text, values)).rows);
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

/** Runs the schedule set on PGlite and, when a server is named, PostgreSQL; returns the exit code. */
export const runScheduleBench = async (): Promise<number> => {
  console.log(
    `FitDesk schedule benchmark (issue 13): ${seconds} s per scenario after ${WARMUP_SECONDS} s of warm-up; week view at ${weekConnections} connections, churn at ${churnConnections}`,
  );
  console.log(
    `  started ${new Date().toISOString()}, load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')}`,
  );
  const outcomes: Outcome[] = [await benchPglite()];
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgUrl) outcomes.push(await benchPostgres(pgUrl));
  else console.log('  (PostgreSQL skipped: set BENCH_DATABASE_URL to include it)');
  console.log(
    `\nended ${new Date().toISOString()}, load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')}`,
  );

  console.log('\n| database | scenario | req/s | p50 ms | p95 ms | p99 ms | failed | target |');
  console.log('|---|---|---:|---:|---:|---:|---:|---|');
  for (const o of outcomes) {
    const [app, bare] = o.rows;
    for (const r of o.rows) {
      let target = '';
      if (r === app && o.db === 'postgres')
        target = `p95 ≤ ${WEEK_P95_TARGET_MS}: ${r.p95 <= WEEK_P95_TARGET_MS ? 'met' : '**missed**'}`;
      if (r === app && bare)
        target += `${target ? '; ' : ''}${Math.round((100 * r.rps) / bare.rps)}% of bare`;
      console.log(
        `| ${o.db} | ${r.scenario} | ${r.rps} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.failed} | ${target} |`,
      );
    }
    const c = o.churn;
    const unexpected = Object.entries(c.counts)
      .filter(([k]) => !expectedChurnAnswer(k))
      .reduce((sum, [, v]) => sum + v, 0);
    console.log(
      `| ${o.db} | booking churn: book + cancel (${churnConnections} conn.) | ${c.stats.rps} | ${c.stats.p50} | ${c.stats.p95} | ${c.stats.p99} | ${unexpected} | |`,
    );
    console.log(
      `| ${o.db} | – of which bookings | ${c.book.rps} | ${c.book.p50} | ${c.book.p95} | ${c.book.p99} | | |`,
    );
    console.log(
      `| ${o.db} | – of which cancels | ${c.cancel.rps} | ${c.cancel.p50} | ${c.cancel.p95} | ${c.cancel.p99} | | |`,
    );
  }

  let failed = false;
  console.log('');
  for (const o of outcomes) {
    const k = o.checks;
    const counts = Object.entries(o.churn.counts)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, n]) => `${key}: ${n}`)
      .join(', ');
    console.log(`${o.db}: churn answers ${counts}`);
    console.log(
      `${o.db}: churn lesson after the run: ${k.churn.complete} COMPLETE of ${k.churn.capacity}, ${k.churn.waiting} WAITING, ${k.churn.cancelled} CANCEL, ${k.churn.promoted} promoted from the waitlist`,
    );
    console.log(
      `${o.db}: ${k.overbooked} overbooked lessons (of ${k.lessons}), ${k.waitingWithRoom} lessons with WAITING and a free place, ${k.passesOver} passes over their sessions (of ${k.passes}); load ${o.load.start} → ${o.load.end}`,
    );
    if (k.overbooked > 0 || k.waitingWithRoom > 0 || k.passesOver > 0) {
      console.error(`${o.db}: an invariant is broken`);
      failed = true;
    }
    const unexpected = Object.entries(o.churn.counts).filter(([key]) => !expectedChurnAnswer(key));
    if (unexpected.length > 0) {
      console.error(`${o.db}: unexpected churn answers ${JSON.stringify(Object.fromEntries(unexpected))}`);
      failed = true;
    }
    if (o.rows.some((r) => r.failed > 0)) {
      console.error(`${o.db}: the week view had failed requests`);
      failed = true;
    }
  }
  return failed ? 1 : 0;
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(await runScheduleBench());
