import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messageSendCreateRoute } from '#domain/api/message.ts';
import { openPostgres } from '#server/db/client.ts';
import {
  customerConsent,
  customerConsentEvent,
  messageRecipient,
  messageSend,
  outbox,
} from '#server/db/schema/index.ts';
import { pollDeliveryReports } from '#server/modules/message/message.reports.ts';
import { createDispatcher } from '#server/modules/outbox/dispatcher.ts';
import { createTestModeProvider } from '#server/modules/outbox/message-provider.ts';
import { outboxHandlersWith } from '#server/modules/outbox/topics.ts';
import {
  createTestGroupProvider,
  type GroupMessage,
  type GroupMessageProvider,
} from '#server/providers/message/group-message.ts';
import { signWebhook } from '#server/providers/message/webhook.ts';
import { dataOf } from '../fixtures/api.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { setNow } from '../fixtures/customers.ts';
import { adminUrl, testDbKind } from '../fixtures/database.ts';
import {
  consent,
  ledgerOf,
  type MessagingGym,
  makeCustomers,
  makeMessagingGym,
  makeTemplate,
  recipientsOf,
} from '../fixtures/messages.ts';

// Delivering group sends (docs/rules.md#sends-and-charges): through the outbox's dispatcher and the group provider
// in test mode. A failure is refunded once, consent withdrawn after scheduling excludes at send time, a crash after
// the provider took a message resends under the same key without a second message, reports (signed webhook or
// polling) and the 080 opt-out are idempotent, an 알림톡 falls back, and two dispatchers on one PostgreSQL deliver
// each recipient once.

const SECRET = 'test-webhook-secret-0123456789';
const NOON = '2026-03-02T03:00:00Z';

/** Fails every message to a phone ending in 9; after `crashOnce`, throws once after the provider took the message. */
const provider = (() => {
  const inner = createTestGroupProvider({
    failWhen: (m) => (m.to.endsWith('9') ? 'unreachable' : undefined),
  });
  const calls: GroupMessage[] = [];
  let crash = false;
  const wrapped: GroupMessageProvider & {
    calls: GroupMessage[];
    crashOnce: () => void;
    inner: typeof inner;
  } = {
    name: inner.name,
    testMode: true,
    calls,
    inner,
    crashOnce: () => {
      crash = true;
    },
    send: async (message) => {
      calls.push(message);
      const outcome = await inner.send(message);
      if (crash) {
        crash = false;
        throw new Error('the process died after the provider took the message');
      }
      return outcome;
    },
    reports: (ids) => inner.reports?.(ids) ?? Promise.resolve([]),
  };
  return wrapped;
})();

let t: TestApp;
let g: MessagingGym;
let customers: { id: number; phone: string }[];

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, cookies: g.owner, payload });
const composeOk = async (body: Record<string, unknown> = {}) => {
  const response = await post('/web/message/send', {
    gymId: g.gymId,
    senderId: g.senderId,
    content: '#{이름}님 안내입니다.',
    audience: { type: 'customers', memberIds: customers.map((c) => c.id) },
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return dataOf(messageSendCreateRoute, response);
};
const sendRow = async (id: number) =>
  (await t.db.select().from(messageSend).where(eq(messageSend.id, id)))[0]!;

const signed = (path: string, body: unknown, secret = SECRET) => {
  const raw = JSON.stringify(body);
  const timestamp = Math.floor(t.clock.now().getTime() / 1000);
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/json',
      'x-fitdesk-timestamp': String(timestamp),
      'x-fitdesk-signature': `sha256=${signWebhook(secret, raw, timestamp)}`,
    },
    payload: raw,
  });
};

beforeAll(async () => {
  t = await createTestApp({
    groupMessageProvider: provider,
    config: {
      messageWebhookSecret: SECRET,
      session: { idleMs: 7 * 86_400_000, absoluteMs: 30 * 86_400_000 },
    },
    outbox: { baseDelayMs: 1000 },
  });
  setNow(t, NOON);
  g = await makeMessagingGym(t);
  // Two customers the provider reaches (their phones end in 1 and 2, never a random 9), and a third whose phone
  // ends in 9: the provider fails it.
  customers = [];
  for (const [i, phone] of ['01055550001', '01055550002', '01055550009'].entries())
    customers.push(...(await makeCustomers(t, g, 1, { name: `고객${i}`, phone })));
  for (const c of customers) await consent(t, g.gymId, c.id, 'SMS');
}, 60_000);
beforeEach(() => setNow(t, NOON));
afterAll(() => t?.close());

describe('delivery', () => {
  it('a final failure is FAILED with the reason and refunded once; the resend is a new send, charged anew', async () => {
    const send = await composeOk();
    const row = await sendRow(send.id);
    expect(row).toMatchObject({ state: 'PROCESS', sentCount: 2, failedCount: 1, cost: 40 });
    const rows = await recipientsOf(t, send.id);
    expect(rows.map((r) => r.state)).toEqual(['SENT', 'SENT', 'FAILED']);
    expect(rows[2]).toMatchObject({ failReason: 'unreachable', charge: 20 });
    const { charges, refunds } = await ledgerOf(t, send.id);
    expect(charges).toHaveLength(3);
    expect(refunds.map((r) => r.recipientId)).toEqual([rows[2]!.id]);
    // The idempotency key is the outbox id.
    expect(provider.calls.filter((c) => c.idempotencyKey === String(rows[0]!.outboxId))).toHaveLength(1);
    const resent = await post(`/web/message/send/${send.id}/resend`, { gymId: g.gymId });
    expect(resent.statusCode, resent.body).toBe(201);
    const again = resent.json().data;
    expect(again).toMatchObject({ recipientCount: 1, cost: 20, content: send.content });
    expect((await sendRow(again.id)).state).toBe('FAIL');
    expect((await ledgerOf(t, again.id)).refunds).toHaveLength(1);
  });

  it('consent withdrawn after scheduling excludes that person when it goes out, refunded once', async () => {
    const send = await composeOk({
      advertising: true,
      content: '봄맞이 할인',
      scheduledAt: '2026-03-02T05:00:00Z',
    });
    expect(send).toMatchObject({ state: 'WAIT', recipientCount: 3 });
    await consent(t, g.gymId, customers[1]!.id, 'SMS', false, 'OPT_OUT');
    setNow(t, '2026-03-02T05:00:01Z');
    await t.app.outbox.drain();
    const rows = await recipientsOf(t, send.id);
    expect(rows.map((r) => [r.state, r.exclusion])).toEqual([
      ['SENT', null],
      ['EXCLUDED', 'OPTED_OUT'],
      ['FAILED', null],
    ]);
    expect(await sendRow(send.id)).toMatchObject({
      state: 'PROCESS',
      recipientCount: 2,
      excludedCount: 1,
      cost: 20,
    });
    expect((await ledgerOf(t, send.id)).refunds).toHaveLength(2);
    await t.app.outbox.drain();
    expect((await ledgerOf(t, send.id)).refunds).toHaveLength(2);
    await consent(t, g.gymId, customers[1]!.id, 'SMS', true);
  });

  it('a crash after the provider took a message resends under the same key: one message, one charge', async () => {
    const before = provider.inner.delivered.length;
    provider.crashOnce();
    const send = await composeOk({ audience: { type: 'customers', memberIds: [customers[0]!.id] } });
    const [first] = await recipientsOf(t, send.id);
    expect(first!.state).toBe('QUEUED');
    setNow(t, '2026-03-02T03:10:00Z');
    await t.app.outbox.drain();
    const [after] = await recipientsOf(t, send.id);
    expect(after!.state).toBe('SENT');
    const keys = provider.calls.filter((c) => c.idempotencyKey === String(after!.outboxId));
    expect(keys).toHaveLength(2);
    expect(provider.inner.delivered.length - before).toBe(1);
    expect((await ledgerOf(t, send.id)).charges).toHaveLength(1);
    expect(await sendRow(send.id)).toMatchObject({ state: 'PROCESS', sentCount: 1, cost: 20 });
  });

  it('an 알림톡 whose template fails falls back to its SMS', async () => {
    const template = await makeTemplate(t, g.gymId);
    const send = await composeOk({
      channel: 'KAKAO',
      templateId: template.id,
      content: template.content,
      audience: { type: 'customers', memberIds: [customers[0]!.id] },
    });
    expect(send.unitPrice).toBe(15);
    const [row] = await recipientsOf(t, send.id);
    expect(row).toMatchObject({ state: 'SENT', sentAs: 'ALIMTALK' });
    const call = provider.calls.at(-1)!;
    expect(call).toMatchObject({
      kind: 'ALIMTALK',
      kakao: { profileKey: 'pf-test', fallback: { kind: 'SMS' } },
    });
    // The fallback carries this person's values, not the template's variables.
    expect(call.kakao?.fallback?.text).toBe('고객0님, 이용권이 곧 끝납니다.');
  });
});

describe('batches (the dispatcher hands the topic over a few hundred rows at a time)', () => {
  /** A dispatcher of its own over the test's database, its clock at `at`, and a provider that takes batches. */
  const batchDispatcher = (group: GroupMessageProvider, at: string) => {
    const clock = () => new Date(at);
    return createDispatcher({
      db: t.db,
      dbKind: testDbKind(),
      clock,
      provider: createTestModeProvider(),
      handlers: outboxHandlersWith({ provider: group, clock, maxAttempts: 5 }),
    });
  };
  const outboxOf = async (id: number) => (await t.db.select().from(outbox).where(eq(outbox.id, id)))[0]!;

  it('one batch mixing a success, a final failure, a retryable failure and a withdrawn consent writes each state, the counts, the cost and the ledger', async () => {
    const mixed = [
      ...(await makeCustomers(t, g, 1, { name: '보냄', phone: '01066660001' })),
      ...(await makeCustomers(t, g, 1, { name: '철회', phone: '01066660002' })),
      ...(await makeCustomers(t, g, 1, { name: '실패', phone: '01066660009' })),
      ...(await makeCustomers(t, g, 1, { name: '재시도', phone: '01066660008' })),
    ];
    for (const c of mixed) await consent(t, g.gymId, c.id, 'SMS');
    const send = await composeOk({
      advertising: true,
      content: '봄맞이 할인',
      audience: { type: 'customers', memberIds: mixed.map((c) => c.id) },
      scheduledAt: '2026-03-02T07:00:00Z',
    });
    expect(send).toMatchObject({ state: 'WAIT', recipientCount: 4, cost: 80 });
    await consent(t, g.gymId, mixed[1]!.id, 'SMS', false, 'OPT_OUT');
    const inner = createTestGroupProvider({
      failWhen: (m) => (m.to.endsWith('9') ? 'unreachable' : undefined),
    });
    const batches: GroupMessage[][] = [];
    let busy = true;
    const group: GroupMessageProvider = {
      name: 'batch',
      testMode: true,
      send: inner.send,
      sendMany: async (messages) => {
        batches.push(messages);
        return Promise.all(
          messages.map((m) =>
            busy && m.to.endsWith('8')
              ? { status: 'FAILED' as const, reason: 'busy', retryable: true }
              : inner.send(m),
          ),
        );
      },
    };
    const first = await batchDispatcher(group, '2026-03-02T07:00:01Z').drain();
    expect(first).toEqual({ claimed: 4, sent: 3, failed: 1, dead: 0 });
    // The withdrawn person is never handed over; the other three go in one call.
    expect(batches.map((b) => b.map((m) => m.to))).toEqual([['01066660001', '01066660009', '01066660008']]);
    let rows = await recipientsOf(t, send.id);
    expect(rows.map((r) => [r.state, r.exclusion, r.failReason, r.charge])).toEqual([
      ['SENT', null, null, 20],
      ['EXCLUDED', 'OPTED_OUT', null, 0],
      ['FAILED', null, 'unreachable', 20],
      ['QUEUED', null, null, 20],
    ]);
    expect(rows[0]).toMatchObject({ sentAs: 'SMS', providerMessageId: `test-${rows[0]!.outboxId}` });
    expect(await sendRow(send.id)).toMatchObject({
      state: 'REQUEST',
      recipientCount: 3,
      excludedCount: 1,
      sentCount: 1,
      failedCount: 1,
      cost: 40,
    });
    expect(await outboxOf(rows[3]!.outboxId!)).toMatchObject({
      status: 'FAILED',
      attempts: 1,
      lastError: 'busy',
    });
    expect((await outboxOf(rows[0]!.outboxId!)).status).toBe('SENT');
    let ledger = await ledgerOf(t, send.id);
    expect(ledger.charges).toHaveLength(4);
    expect(ledger.refunds.map((r) => r.recipientId).sort()).toEqual([rows[1]!.id, rows[2]!.id].sort());
    // The retry, once the backoff has passed: only the waiting one goes, and the send is done.
    busy = false;
    const second = await batchDispatcher(group, '2026-03-02T07:10:00Z').drain();
    expect(second).toEqual({ claimed: 1, sent: 1, failed: 0, dead: 0 });
    expect(batches.at(-1)!.map((m) => m.to)).toEqual(['01066660008']);
    rows = await recipientsOf(t, send.id);
    expect(rows.map((r) => r.state)).toEqual(['SENT', 'EXCLUDED', 'FAILED', 'SENT']);
    expect(await sendRow(send.id)).toMatchObject({
      state: 'PROCESS',
      recipientCount: 3,
      excludedCount: 1,
      sentCount: 2,
      failedCount: 1,
      cost: 40,
    });
    ledger = await ledgerOf(t, send.id);
    expect([ledger.charges.length, ledger.refunds.length]).toEqual([4, 2]);
    for (const c of mixed) await consent(t, g.gymId, c.id, 'SMS', false);
  });

  it('a crash after the provider took a batch resends it under the same keys: one message each, one charge each', async () => {
    const send = await composeOk({
      audience: { type: 'customers', memberIds: [customers[0]!.id, customers[1]!.id] },
      scheduledAt: '2026-03-02T08:00:00Z',
    });
    const inner = createTestGroupProvider();
    const batches: GroupMessage[][] = [];
    let crash = true;
    const group: GroupMessageProvider = {
      name: 'batch',
      testMode: true,
      send: inner.send,
      sendMany: async (messages) => {
        batches.push(messages);
        const outcomes = await inner.sendMany!(messages);
        if (crash) {
          crash = false;
          throw new Error('the process died after the provider took the batch');
        }
        return outcomes;
      },
    };
    const first = await batchDispatcher(group, '2026-03-02T08:00:01Z').drain();
    expect(first).toEqual({ claimed: 2, sent: 0, failed: 2, dead: 0 });
    expect((await recipientsOf(t, send.id)).map((r) => r.state)).toEqual(['QUEUED', 'QUEUED']);
    expect(inner.delivered).toHaveLength(2);
    const second = await batchDispatcher(group, '2026-03-02T08:10:00Z').drain();
    expect(second).toEqual({ claimed: 2, sent: 2, failed: 0, dead: 0 });
    const rows = await recipientsOf(t, send.id);
    expect(rows.map((r) => r.state)).toEqual(['SENT', 'SENT']);
    const keys = rows.map((r) => String(r.outboxId));
    expect(batches.map((b) => b.map((m) => m.idempotencyKey))).toEqual([keys, keys]);
    // The provider's idempotency: the second hand-over sent nothing again.
    expect(inner.delivered.map((d) => d.message.idempotencyKey)).toEqual(keys);
    expect((await ledgerOf(t, send.id)).charges).toHaveLength(2);
    expect((await ledgerOf(t, send.id)).refunds).toHaveLength(0);
    expect(await sendRow(send.id)).toMatchObject({ state: 'PROCESS', sentCount: 2, cost: 40 });
  });
});

describe('reports and the 080 opt-out', () => {
  it('signed reports set DELIVERED or FAILED once; a FAILED after SENT refunds once', async () => {
    const send = await composeOk({
      audience: { type: 'customers', memberIds: [customers[0]!.id, customers[1]!.id] },
    });
    const [a, b] = await recipientsOf(t, send.id);
    const at = t.clock.now().toISOString();
    const body = {
      reports: [
        { providerMessageId: a!.providerMessageId, status: 'DELIVERED', at },
        { providerMessageId: b!.providerMessageId, status: 'FAILED', reason: 'blocked', at },
      ],
    };
    const first = await signed('/web/message/webhook/report', body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.changed).toBe(2);
    const second = await signed('/web/message/webhook/report', body);
    expect(second.json().data.changed).toBe(0);
    const rows = await recipientsOf(t, send.id);
    expect(rows.map((r) => r.state)).toEqual(['DELIVERED', 'FAILED']);
    expect((await ledgerOf(t, send.id)).refunds).toHaveLength(1);
    expect(await sendRow(send.id)).toMatchObject({
      sentCount: 1,
      deliveredCount: 1,
      failedCount: 1,
      cost: 20,
    });
    const forged = await signed('/web/message/webhook/report', body, 'another-secret-0123456789');
    expect(forged.statusCode).toBe(401);
  });

  it('polling asks the provider for what was sent and not yet reported', async () => {
    const send = await composeOk({ audience: { type: 'customers', memberIds: [customers[0]!.id] } });
    expect(await pollDeliveryReports(t.db, provider)).toBeGreaterThan(0);
    expect((await recipientsOf(t, send.id))[0]!.state).toBe('DELIVERED');
  });

  it("the opt-out withdraws that phone's marketing consent with source OPT_OUT, once", async () => {
    const phone = customers[0]!.phone;
    const body = { phone, optOutNumber: '080-000-0000', at: t.clock.now().toISOString() };
    const first = await signed('/web/message/webhook/opt-out', body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.changed).toBe(1);
    expect((await signed('/web/message/webhook/opt-out', body)).json().data.changed).toBe(0);
    const rows = await t.db
      .select()
      .from(customerConsent)
      .where(eq(customerConsent.memberId, customers[0]!.id));
    expect(rows.every((r) => !r.agreed && r.source === 'OPT_OUT')).toBe(true);
    const events = await t.db
      .select()
      .from(customerConsentEvent)
      .where(eq(customerConsentEvent.memberId, customers[0]!.id));
    expect(events).toHaveLength(4);
    const other = await signed('/web/message/webhook/opt-out', { ...body, optOutNumber: '0801112222' });
    expect(other.json().data.changed).toBe(0);
  });

  it('without a secret configured the callbacks answer 404', async () => {
    const bare = await createTestApp();
    try {
      const response = await bare.app.inject({
        method: 'POST',
        url: '/web/message/webhook/report',
        payload: {},
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

describe.skipIf(testDbKind() !== 'postgres')(
  'two dispatchers on one PostgreSQL (needs TEST_DB=postgres and TEST_DATABASE_URL: PGlite is one process with one connection)',
  () => {
    it('deliver each recipient once', async () => {
      const many = await makeCustomers(t, g, 30);
      const send = await composeOk({
        audience: { type: 'customers', memberIds: many.map((c) => c.id) },
        scheduledAt: '2026-03-02T06:00:00Z',
      });
      const result = (await t.db.execute(sql`select current_database() as name`)) as {
        rows: { name: string }[];
      };
      const other = await openPostgres(adminUrl(String(result.rows[0]?.name)), { max: 5 });
      try {
        const group = createTestGroupProvider();
        const clock = () => new Date('2026-03-02T06:00:01Z');
        const options = {
          clock,
          batchSize: 4,
          dbKind: 'postgres' as const,
          provider: createTestModeProvider(),
          handlers: outboxHandlersWith({ provider: group, clock, maxAttempts: 5, batchSize: 4 }),
        };
        const one = createDispatcher({ ...options, db: t.db });
        const two = createDispatcher({ ...options, db: other.db });
        await Promise.all([one.drain(), two.drain(), one.drain(), two.drain()]);
        const keys = group.delivered.map((d) => d.message.idempotencyKey);
        expect(keys).toHaveLength(30);
        expect(new Set(keys).size).toBe(30);
        const rows = await t.db.select().from(messageRecipient).where(eq(messageRecipient.sendId, send.id));
        expect(rows.every((r) => r.state === 'SENT')).toBe(true);
        expect(await sendRow(send.id)).toMatchObject({ state: 'PROCESS', sentCount: 30 });
        expect((await ledgerOf(t, send.id)).charges).toHaveLength(30);
      } finally {
        await other.close();
      }
    });
  },
);
