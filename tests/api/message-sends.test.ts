import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messageAudienceRoute, messageSendCreateRoute } from '#domain/api/message.ts';
import { messageSender, outbox } from '#server/db/schema/index.ts';
import { dataOf } from '../fixtures/api.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { setNow, uniqueMobile } from '../fixtures/customers.ts';
import { jpegBytes, pngBytes, uploadFile } from '../fixtures/files.ts';
import { type Cookies, makeActiveGym, makeStaff } from '../fixtures/gyms.ts';
import {
  balanceOf,
  consent,
  ledgerOf,
  type MessagingGym,
  makeCustomers,
  makeMessagingGym,
  messageRowCounts,
  recipientsOf,
} from '../fixtures/messages.ts';

// Group sends (docs/rules.md#messaging): the audience and its exclusions, the advertising frame and consent, the
// night window's edges (21:00:00 and 08:00:00 KST) on the injected clock, one charge per recipient, the credit
// shortfall, cancel, the test send, isolation, and bad input answered 400 with nothing written. The clock starts
// on Monday 2026-03-02 at 12:00 KST. Sends go out after the commit (the outbox's after-commit mode, test provider).

let t: TestApp;
let g: MessagingGym;
let customers: { id: number; phone: string; name: string }[];

const NOON = '2026-03-02T03:00:00Z';

const post = (url: string, payload: object, cookies: Cookies = g.owner) =>
  t.app.inject({ method: 'POST', url, cookies, payload });
const get = (url: string, cookies: Cookies = g.owner) => t.app.inject({ method: 'GET', url, cookies });

const compose = (body: Record<string, unknown> = {}, gym: MessagingGym = g) =>
  post(
    '/web/message/send',
    {
      gymId: gym.gymId,
      senderId: gym.senderId,
      content: '#{이름}님, 이번 주 운영 시간 안내입니다.',
      audience: { type: 'segment', segment: 'all' },
      ...body,
    },
    gym.owner,
  );

const composeOk = async (body: Record<string, unknown> = {}) => {
  const response = await compose(body);
  expect(response.statusCode, response.body).toBe(201);
  return dataOf(messageSendCreateRoute, response);
};

const count = async (body: Record<string, unknown>) => {
  const response = await post('/web/message/audience', { gymId: g.gymId, ...body });
  expect(response.statusCode, response.body).toBe(200);
  return dataOf(messageAudienceRoute, response);
};

beforeAll(async () => {
  // The night tests move the clock by hours: the sessions outlive them.
  t = await createTestApp({ config: { session: { idleMs: 7 * 86_400_000, absoluteMs: 30 * 86_400_000 } } });
  setNow(t, NOON);
  g = await makeMessagingGym(t);
  customers = await makeCustomers(t, g, 4);
  // Consents: 0 SMS and night, 1 SMS only, 2 opted out, 3 nothing.
  await consent(t, g.gymId, customers[0]!.id, 'SMS');
  await consent(t, g.gymId, customers[0]!.id, 'NIGHT');
  await consent(t, g.gymId, customers[1]!.id, 'SMS');
  await consent(t, g.gymId, customers[2]!.id, 'SMS', false, 'OPT_OUT');
}, 60_000);
beforeEach(() => setNow(t, NOON));
afterAll(() => t?.close());

describe('an informational send', () => {
  it('reaches every customer of the segment, renders their values, charges each once and goes out', async () => {
    const before = await balanceOf(t, g.gymId);
    const counted = await count({ audience: { type: 'segment', segment: 'all' } });
    expect(counted).toMatchObject({ total: 4, recipients: 4, night: false });
    expect(counted.sample?.values.시설명).toBe(g.gymName);
    const send = await composeOk();
    expect(send).toMatchObject({ kind: 'SMS', recipientCount: 4, excludedCount: 0, unitPrice: 20, cost: 80 });
    const detail = dataOf(messageSendCreateRoute, await get(`/web/message/send/${send.id}?gymId=${g.gymId}`));
    expect(detail).toMatchObject({ state: 'PROCESS', sentCount: 4, cost: 80, cancellable: false });
    const rows = await recipientsOf(t, send.id);
    expect(rows.map((r) => r.state)).toEqual(['SENT', 'SENT', 'SENT', 'SENT']);
    expect(rows[0]!.text).toBe('고객0님, 이번 주 운영 시간 안내입니다.');
    const { charges, refunds } = await ledgerOf(t, send.id);
    expect(charges).toHaveLength(4);
    expect(new Set(charges.map((c) => c.recipientId)).size).toBe(4);
    expect(refunds).toHaveLength(0);
    expect(await balanceOf(t, g.gymId)).toBe(before - 80);
    const listed = await get(`/web/message/send/${send.id}/recipient?gymId=${g.gymId}`);
    expect(listed.json().data[0].address).toMatch(/^010-\*\*\*\*-\d{4}$/);
  });

  it('switches to LMS past 90 bytes, and a CSV audience marks duplicates and strangers', async () => {
    const stranger = uniqueMobile();
    const phones = [
      customers[0]!.phone,
      `${customers[0]!.phone.slice(0, 3)}-${customers[0]!.phone.slice(3, 7)}-${customers[0]!.phone.slice(7)}`,
      stranger,
    ];
    const send = await composeOk({ content: '가'.repeat(46), audience: { type: 'phones', phones } });
    expect(send).toMatchObject({ kind: 'LMS', unitPrice: 50, recipientCount: 2, excludedCount: 1 });
    const rows = await recipientsOf(t, send.id);
    expect(rows.map((r) => [r.memberId, r.exclusion])).toEqual([
      [customers[0]!.id, null],
      [customers[0]!.id, 'DUPLICATE'],
      [null, null],
    ]);
  });

  it('an MMS carries an uploaded JPG of this facility', async () => {
    const url = await uploadFile(t.app, g.owner, { name: 'promo.jpg', content: jpegBytes() });
    const send = await composeOk({ imageFileId: url.split('/').at(-1), subject: '3월 안내' });
    expect(send).toMatchObject({ kind: 'MMS', unitPrice: 150, subject: '3월 안내' });
  });
});

describe('an advertising send', () => {
  it('gets the locked frame and reaches only consenting customers, with why the others are left out', async () => {
    const counted = await count({ audience: { type: 'segment', segment: 'all' }, advertising: true });
    expect(counted.excluded).toMatchObject({ NO_CONSENT: 1, OPTED_OUT: 1, NIGHT: 0 });
    const send = await composeOk({ advertising: true, content: '3월 PT 20% 할인!' });
    expect(send.content).toBe(
      `(광고) ${g.gymName}\n3월 PT 20% 할인!\n문의 02-1234-5678\n무료수신거부 080-000-0000`,
    );
    expect(send).toMatchObject({ recipientCount: 2, excludedCount: 2 });
    const rows = await recipientsOf(t, send.id);
    expect(rows.map((r) => r.exclusion)).toEqual([null, null, 'OPTED_OUT', 'NO_CONSENT']);
    expect((await ledgerOf(t, send.id)).charges).toHaveLength(2);
  });

  it('a CSV phone with no customer has no consent', async () => {
    const send = await composeOk({
      advertising: true,
      audience: { type: 'phones', phones: [customers[1]!.phone, uniqueMobile()] },
    });
    expect((await recipientsOf(t, send.id)).map((r) => r.exclusion)).toEqual([null, 'NO_CONSENT']);
  });

  it('at 20:59:59 KST goes as it is; at 21:00:00 KST it asks, then excludes or defers to 08:00', async () => {
    setNow(t, '2026-03-02T11:59:59Z');
    expect((await composeOk({ advertising: true })).recipientCount).toBe(2);
    setNow(t, '2026-03-02T12:00:00Z');
    const asked = await compose({ advertising: true });
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({
      reason: 'messageNightChoiceNeeded',
      details: { morning: '2026-03-02T23:00:00.000Z' },
    });
    expect((await count({ audience: { type: 'segment', segment: 'all' }, advertising: true })).night).toBe(
      true,
    );
    const excluded = await composeOk({ advertising: true, nightChoice: 'EXCLUDE' });
    const rows = await recipientsOf(t, excluded.id);
    expect(rows.map((r) => r.exclusion)).toEqual([null, 'NIGHT', 'OPTED_OUT', 'NO_CONSENT']);
    const deferred = await composeOk({ advertising: true, nightChoice: 'DEFER' });
    expect(deferred).toMatchObject({
      state: 'WAIT',
      scheduledAt: '2026-03-02T23:00:00.000Z',
      recipientCount: 2,
    });
    expect(deferred.deferredFrom?.slice(0, 18)).toBe('2026-03-02T12:00:0');
  });

  it('at 07:59:59 KST it is still night; at 08:00:00 KST it is not', async () => {
    setNow(t, '2026-03-02T22:59:59Z');
    expect((await compose({ advertising: true })).statusCode).toBe(409);
    setNow(t, '2026-03-02T23:00:00Z');
    expect((await compose({ advertising: true })).statusCode).toBe(201);
  });

  it('an informational send at night needs no choice', async () => {
    setNow(t, '2026-03-02T14:00:00Z');
    expect((await compose()).statusCode).toBe(201);
  });
});

describe('credits, cancel and the test send', () => {
  it('refuses a send the balance cannot pay, with the shortfall, writing nothing', async () => {
    const poor = await makeMessagingGym(t, 30);
    await makeCustomers(t, poor, 2);
    const before = await messageRowCounts(t, poor.gymId);
    const response = await compose({}, poor);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      reason: 'messageCreditsShort',
      details: { cost: 40, balance: 30, shortfall: 10 },
    });
    expect(await messageRowCounts(t, poor.gymId)).toEqual(before);
  });

  it('cancels a scheduled send before it starts: refunds once, drops its outbox rows; then 409', async () => {
    const before = await balanceOf(t, g.gymId);
    const send = await composeOk({ scheduledAt: '2026-03-03T03:00:00Z' });
    expect(send).toMatchObject({ state: 'WAIT', cancellable: true });
    expect(await balanceOf(t, g.gymId)).toBe(before - 80);
    const cancelled = await post(`/web/message/send/${send.id}/cancel`, { gymId: g.gymId });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ state: 'CANCEL', cost: 0, cancellable: false });
    const rows = await recipientsOf(t, send.id);
    expect(rows.every((r) => r.state === 'EXCLUDED' && r.exclusion === 'CANCELLED')).toBe(true);
    expect(await balanceOf(t, g.gymId)).toBe(before);
    const again = await post(`/web/message/send/${send.id}/cancel`, { gymId: g.gymId });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      reason: 'messageSendStarted',
      details: { from: 'CANCEL', to: 'CANCEL' },
    });
    expect((await ledgerOf(t, send.id)).refunds).toHaveLength(4);
    const ids = rows.map((r) => r.outboxId!);
    const left = await t.db.select().from(outbox).where(eq(outbox.id, ids[0]!));
    expect(left).toHaveLength(0);
    const sent = await composeOk();
    const late = await post(`/web/message/send/${sent.id}/cancel`, { gymId: g.gymId });
    expect(late.json()).toMatchObject({
      reason: 'messageSendStarted',
      details: { from: 'PROCESS', to: 'CANCEL' },
    });
  });

  it("a test send goes to the staff member's own phone with the first recipient's values, charged", async () => {
    const response = await post('/web/message/test', {
      gymId: g.gymId,
      senderId: g.senderId,
      content: '#{이름}님 테스트',
      audience: { type: 'customers', memberIds: [customers[1]!.id] },
    });
    expect(response.statusCode, response.body).toBe(201);
    const send = response.json().data;
    expect(send).toMatchObject({ origin: 'TEST', recipientCount: 1, cost: 20 });
    const [row] = await recipientsOf(t, send.id);
    expect(row).toMatchObject({ address: '01012345678', text: '고객1님 테스트', memberId: null });
  });

  it('lists sends by origin and state, and the ledger', async () => {
    const tests = await get(`/web/message/send?gymId=${g.gymId}&origin=TEST`);
    expect(tests.json().data.every((s: { origin: string }) => s.origin === 'TEST')).toBe(true);
    const cancelled = await get(
      `/web/message/send?gymId=${g.gymId}&state=CANCEL&from=2026-03-03&to=2026-03-03`,
    );
    expect(cancelled.json().total).toBe(1);
    const ledger = await get(`/web/message/credit?gymId=${g.gymId}`);
    expect(ledger.statusCode).toBe(200);
    expect(ledger.json().data.some((c: { kind: string }) => c.kind === 'TOPUP')).toBe(true);
    const overview = await get(`/web/message/overview?gymId=${g.gymId}`);
    expect(overview.json().data).toMatchObject({
      testMode: true,
      optOutNumber: '080-000-0000',
      gymName: g.gymName,
    });
    expect(overview.json().data.balance).toBe(await balanceOf(t, g.gymId));
  });
});

describe('isolation and rights', () => {
  it("another facility's sends, recipients and credits answer 404; picked customers of another facility too", async () => {
    const other = await makeMessagingGym(t);
    const [theirs] = await makeCustomers(t, other, 1);
    const send = await composeOk();
    expect((await get(`/web/message/send/${send.id}?gymId=${other.gymId}`, other.owner)).statusCode).toBe(
      404,
    );
    expect(
      (await get(`/web/message/send/${send.id}/recipient?gymId=${other.gymId}`, other.owner)).statusCode,
    ).toBe(404);
    expect(
      (await post(`/web/message/send/${send.id}/cancel`, { gymId: other.gymId }, other.owner)).statusCode,
    ).toBe(404);
    expect((await get(`/web/message/credit?gymId=${g.gymId}`, other.owner)).statusCode).toBe(404);
    expect((await get(`/web/message/send/${send.id}?gymId=${g.gymId}`, other.owner)).statusCode).toBe(404);
    const picked = await compose({
      audience: { type: 'customers', memberIds: [customers[0]!.id, theirs!.id] },
    });
    expect(picked.statusCode).toBe(404);
    const theirSender = await compose({ senderId: other.senderId });
    expect(theirSender.statusCode).toBe(400);
    expect(theirSender.json().errors).toHaveProperty('senderId');
  });

  it('without the add-on 403 messageAddOnRequired; without adMessageUseYn 403', async () => {
    const bare = await makeActiveGym(t);
    const response = await get(`/web/message/overview?gymId=${bare.gym.id}`, bare.owner.cookies);
    expect(response.statusCode).toBe(403);
    expect(response.json().reason).toBe('messageAddOnRequired');
    const staff = await makeStaff(t.app, { cookies: g.owner }, g.gymId, { memberUseYn: true });
    const denied = await get(`/web/message/overview?gymId=${g.gymId}`, staff.cookies);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().reason).not.toBe('messageAddOnRequired');
    expect((await compose({}, { ...g, owner: staff.cookies })).statusCode).toBe(403);
  });
});

describe('bad input answers 400 with field errors and writes nothing', () => {
  const refusedWith = async (body: Record<string, unknown>, field: string, key?: string) => {
    const before = await messageRowCounts(t, g.gymId);
    const response = await compose(body);
    expect(response.statusCode, response.body).toBe(400);
    const errors = response.json().errors as Record<string, string>;
    expect(Object.keys(errors)).toContain(field);
    if (key) expect(response.json().reason ?? '').toBeDefined();
    expect(await messageRowCounts(t, g.gymId)).toEqual(before);
    return response.json();
  };

  it('an unregistered or unapproved sender', async () => {
    const [pending] = await t.db
      .insert(messageSender)
      .values({ gymId: g.gymId, phone: '0311234567', status: 'REQUEST' })
      .returning();
    await refusedWith({ senderId: pending!.id }, 'senderId');
    await refusedWith({ senderId: 999_999 }, 'senderId');
    await refusedWith({ senderId: undefined }, 'senderId');
  });

  it('an empty, oversize or emoji text, and an unknown variable', async () => {
    await refusedWith({ content: '' }, 'content');
    await refusedWith({ content: 'a'.repeat(2001) }, 'content');
    await refusedWith({ content: '가'.repeat(1001) }, 'content');
    const emoji = await refusedWith({ content: '안녕 😀 하세요' }, 'content');
    expect(emoji.details).toMatchObject({ positions: '3', characters: '😀' });
    const unknown = await refusedWith({ content: '#{나이}세 #{이름}님' }, 'content');
    expect(unknown.details).toMatchObject({ variables: '나이' });
    await refusedWith({ subject: '가'.repeat(21), content: '가'.repeat(50) }, 'subject');
  });

  it('an MMS image over 300 KB or not a JPG', async () => {
    const png = await uploadFile(t.app, g.owner, { name: 'x.png', content: pngBytes() });
    await refusedWith({ imageFileId: png.split('/').at(-1) }, 'imageFileId');
    const big = Buffer.concat([jpegBytes(), Buffer.alloc(310 * 1024)]);
    const large = await uploadFile(t.app, g.owner, { name: 'big.jpg', content: big });
    await refusedWith({ imageFileId: large.split('/').at(-1) }, 'imageFileId');
    await refusedWith({ imageFileId: 'f'.repeat(32) }, 'imageFileId');
  });

  it('a schedule in the past', async () => {
    await refusedWith({ scheduledAt: '2026-03-02T02:00:00Z' }, 'scheduledAt');
  });

  it('a CSV with bad phones, every bad line listed', async () => {
    const body = await refusedWith(
      { audience: { type: 'phones', phones: [uniqueMobile(), '02-123-4567', uniqueMobile(), 'abc'] } },
      'audience.phones.1',
    );
    expect(Object.keys(body.errors).sort()).toEqual(['audience.phones.1', 'audience.phones.3']);
  });
});
