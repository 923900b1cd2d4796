import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEntrySchema } from '#domain/api/outbox.ts';
import type { Db } from '#server/db/client.ts';
import { openPostgres } from '#server/db/client.ts';
import { outbox } from '#server/db/schema/index.ts';
import { enqueue } from '#server/kernel/outbox.ts';
import { backoffMs, createDispatcher } from '#server/modules/outbox/dispatcher.ts';
import type { MessageProvider, OutboundMessage } from '#server/modules/outbox/message-provider.ts';
import { dataAs } from '../fixtures/api.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { adminUrl } from '../fixtures/database.ts';
import { type Cookies, makeActiveGym, operatorOf } from '../fixtures/gyms.ts';

// The outbox (docs/architecture.md#outbox): written in the change's transaction, delivered by one dispatcher,
// retried with backoff, dead-lettered, and retried by the operator.

let t: TestApp;
let operator: Cookies;
beforeAll(async () => {
  t = await createTestApp();
  operator = await operatorOf(t);
});
afterAll(() => t?.close());

let topicCounter = 0;
const uniqueTopic = () => `message-${++topicCounter}-${Date.now()}`;

const recordingProvider = (options: { fail?: boolean; delayMs?: number } = {}) => {
  const delivered: OutboundMessage[] = [];
  const provider: MessageProvider = {
    name: 'recording',
    testMode: true,
    deliver: async (message) => {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      if (options.fail) throw new Error('provider unavailable');
      delivered.push(message);
      return { deliveredBy: 'recording' };
    },
  };
  return { provider, delivered };
};

/** A clock of the test's own, so rows of other tests never fall due under it. */
const ownClock = () => {
  let now = t.clock.now().getTime();
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
};

const rowsOf = (topic: string) =>
  t.db.select().from(outbox).where(eq(outbox.topic, topic)).orderBy(outbox.id);
const get = (url: string, cookies?: Cookies) =>
  t.app.inject({ method: 'GET', url, ...(cookies ? { cookies } : {}) });
const post = (url: string, cookies?: Cookies) =>
  t.app.inject({ method: 'POST', url, ...(cookies ? { cookies } : {}) });

describe('the outbox', () => {
  it('a message enqueued in a rolled-back transaction is never sent', async () => {
    const topic = uniqueTopic();
    const clock = ownClock();
    await expect(
      t.db.transaction(async (trx) => {
        await enqueue(trx as unknown as Db, { topic, payload: { text: '안녕하세요' }, now: clock.now() });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const { provider, delivered } = recordingProvider();
    const dispatcher = createDispatcher({ db: t.db, dbKind: t.dbKind, clock: clock.now, provider });
    clock.advance(60_000);
    await dispatcher.drain();
    expect(await rowsOf(topic)).toEqual([]);
    expect(delivered.filter((m) => m.topic === topic)).toEqual([]);
  });

  it("an operator's decision enqueues the notice, and the notice handler delivers it", async () => {
    const { owner, gym } = await makeActiveGym(t);
    const [row] = (await t.db.select().from(outbox).where(eq(outbox.topic, 'notice'))).filter(
      (r) => (r.payload as { gymId: number }).gymId === gym.id,
    );
    expect(row).toMatchObject({ status: 'SENT', attempts: 1, deliveredBy: 'notice', lastError: null });
    expect(row!.payload).toMatchObject({ gymId: gym.id, kind: 'GYM_APPROVED' });
    const notices = await get('/web/notification/list', owner.cookies);
    expect(notices.json().data).toEqual([expect.objectContaining({ gymId: gym.id, kind: 'GYM_APPROVED' })]);
  });

  it('a failing provider is retried with exponential backoff, then the message is dead', async () => {
    const topic = uniqueTopic();
    const clock = ownClock();
    await enqueue(t.db, { topic, payload: { to: '01012345678' }, now: clock.now() });
    const { provider } = recordingProvider({ fail: true });
    const dispatcher = createDispatcher({
      db: t.db,
      dbKind: t.dbKind,
      clock: clock.now,
      provider,
      maxAttempts: 3,
      baseDelayMs: 1_000,
    });
    const ofTopic = async () => (await rowsOf(topic))[0]!;

    expect((await dispatcher.dispatchOnce()).failed).toBe(1);
    expect(await ofTopic()).toMatchObject({
      status: 'FAILED',
      attempts: 1,
      lastError: 'provider unavailable',
    });
    expect((await ofTopic()).nextAttemptAt.getTime()).toBe(clock.now().getTime() + 1_000);
    // Not due before its time.
    clock.advance(999);
    expect((await dispatcher.dispatchOnce()).claimed).toBe(0);
    clock.advance(1);
    expect((await dispatcher.dispatchOnce()).failed).toBe(1);
    expect((await ofTopic()).nextAttemptAt.getTime()).toBe(clock.now().getTime() + 2_000);
    clock.advance(2_000);
    expect((await dispatcher.dispatchOnce()).dead).toBe(1);
    expect(await ofTopic()).toMatchObject({ status: 'DEAD', attempts: 3, sentDate: null });
    clock.advance(24 * 60 * 60_000);
    expect((await dispatcher.dispatchOnce()).claimed).toBe(0);
    expect(backoffMs(1, 30_000, 3_600_000)).toBe(30_000);
    expect(backoffMs(4, 30_000, 3_600_000)).toBe(240_000);
    expect(backoffMs(20, 30_000, 3_600_000)).toBe(3_600_000);

    // The operator sees the dead letter, and retries it: the app's test-mode provider records it as sent.
    const dead = await get('/web/outbox?status=DEAD&_end=100', operator);
    expect(dead.statusCode).toBe(200);
    expect(dead.headers['x-provider-test-mode']).toBe('true');
    const letter = dataAs(outboxEntrySchema.array(), dead).find((m) => m.topic === topic);
    expect(letter).toMatchObject({ status: 'DEAD', attempts: 3, lastError: 'provider unavailable' });
    const retried = await post(`/web/outbox/${letter!.id}/retry`, operator);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data).toMatchObject({ status: 'PENDING', attempts: 0 });
    expect(await ofTopic()).toMatchObject({ status: 'SENT', deliveredBy: 'test-mode', attempts: 1 });
    expect((await post(`/web/outbox/${letter!.id}/retry`, operator)).statusCode).toBe(409);
    expect((await post('/web/outbox/2147483647/retry', operator)).statusCode).toBe(404);
  });

  it('only the operator reads the outbox and retries', async () => {
    const { owner } = await makeActiveGym(t);
    expect((await get('/web/outbox?status=DEAD')).statusCode).toBe(401);
    expect((await get('/web/outbox?status=DEAD', owner.cookies)).statusCode).toBe(403);
    expect((await post('/web/outbox/1/retry', owner.cookies)).statusCode).toBe(403);
    expect((await post('/web/outbox/1/retry')).statusCode).toBe(401);
    for (const query of ['status=LOST', '_start=0&_end=101', 'other=1']) {
      expect((await get(`/web/outbox?${query}`, operator)).statusCode, query).toBe(400);
    }
    const sent = await get('/web/outbox?status=SENT&_start=0&_end=1', operator);
    expect(sent.json().data).toHaveLength(1);
    expect(Number(sent.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
  });

  it('the loop delivers without being asked, and stops cleanly', async () => {
    const topic = uniqueTopic();
    const { provider, delivered } = recordingProvider();
    const dispatcher = createDispatcher({
      db: t.db,
      dbKind: t.dbKind,
      clock: t.clock.now,
      provider,
      intervalMs: 20,
    });
    dispatcher.start();
    await enqueue(t.db, { topic, payload: {}, now: t.clock.now() });
    for (let i = 0; i < 100 && !delivered.some((m) => m.topic === topic); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await dispatcher.stop();
    expect(delivered.filter((m) => m.topic === topic)).toHaveLength(1);
    expect((await rowsOf(topic))[0]).toMatchObject({ status: 'SENT', deliveredBy: 'recording' });
  });
});

// Several processes on one PostgreSQL: needs TEST_DB=postgres (PGlite is one process with one connection).
describe.runIf(process.env.TEST_DB === 'postgres')('two dispatchers on PostgreSQL', () => {
  const secondDatabase = async () => {
    const result = (await t.db.execute(sql`select current_database() as name`)) as {
      rows: { name: string }[];
    };
    const name = String(result.rows[0]?.name);
    return openPostgres(adminUrl(name), { max: 5 });
  };

  it('never deliver a row twice', async () => {
    const topic = uniqueTopic();
    const clock = ownClock();
    for (let i = 0; i < 60; i++) await enqueue(t.db, { topic, payload: { i }, now: clock.now() });
    const other = await secondDatabase();
    try {
      const first = recordingProvider({ delayMs: 2 });
      const second = recordingProvider({ delayMs: 2 });
      const options = { clock: clock.now, batchSize: 5, dbKind: 'postgres' as const };
      const one = createDispatcher({ ...options, db: t.db, provider: first.provider });
      const two = createDispatcher({ ...options, db: other.db, provider: second.provider });
      await Promise.all([one.drain(), two.drain(), one.drain(), two.drain()]);
      const ids = [...first.delivered, ...second.delivered].filter((m) => m.topic === topic).map((m) => m.id);
      expect(ids).toHaveLength(60);
      expect(new Set(ids).size).toBe(60);
      // Both took part: the rows were shared, not delivered by one while the other waited.
      expect(first.delivered.length).toBeGreaterThan(0);
      expect(second.delivered.length).toBeGreaterThan(0);
      expect((await rowsOf(topic)).every((r) => r.status === 'SENT' && r.attempts === 1)).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('an advisory lock elects one loop; when it stops, the other takes over', async () => {
    const other = await secondDatabase();
    try {
      const options = { clock: t.clock.now, dbKind: 'postgres' as const, intervalMs: 20 };
      const one = createDispatcher({ ...options, db: t.db, provider: recordingProvider().provider });
      const two = createDispatcher({ ...options, db: other.db, provider: recordingProvider().provider });
      one.start();
      two.start();
      const settle = async (check: () => boolean) => {
        for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
      };
      await settle(() => one.isLeader() || two.isLeader());
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect([one.isLeader(), two.isLeader()].filter(Boolean)).toHaveLength(1);
      const [leader, follower] = one.isLeader() ? [one, two] : [two, one];
      await leader.stop();
      await settle(() => follower.isLeader());
      expect(follower.isLeader()).toBe(true);
      await follower.stop();
    } finally {
      await other.close();
    }
  });
});
