import { createHash } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ticketIssueGetRoute } from '#domain/api/pass.ts';
import {
  payRequestCreateRoute,
  payRequestListRoute,
  payRequestPublicGetRoute,
} from '#domain/api/pay-request.ts';
import { auditLog, checkout, outbox, paymentLine, payRequest, sale } from '#server/db/schema/index.ts';
import type { MessageProvider, OutboundMessage } from '#server/modules/outbox/message-provider.ts';
import { dataOf } from '../fixtures/api.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { action, makeCustomer, makeTicket, sellOk, setNow } from '../fixtures/customers.ts';
import { type Cookies, makeActiveGym, makeStaff } from '../fixtures/gyms.ts';

// Payment requests (docs/rules.md#payment-requests): the link's token (256 random bits, only its hash stored), the
// amount rule, a newer request revoking the older, the customer's page without a session (one 404 for every bad
// token, the transfer that waits for staff, the test-mode card), replay refused after payment, expiry on the
// injected clock, the owed amount changing underneath, two card payments at once, and the guessing limit. The
// clock starts on Monday 2026-03-02 at 09:00 KST.

let t: TestApp;
let owner: Cookies;
let gymId: number;
let gymName: string;
let ticketId: number;

const NOW = '2026-03-02T00:00:00Z';
const PUBLIC_URL = 'https://gym.example.com';
const ACCOUNT = { transferBank: '국민은행', transferAccount: '123-456-789012', transferHolder: '핏데스크' };

let address = 0;
/** A fresh client address per public call: the rate limit counts per address, and only one test is about it. */
const nextAddress = () => `10.9.${Math.floor(++address / 250) % 250}.${(address % 250) + 1}`;

const staff = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, cookies: Cookies = owner) =>
  t.app.inject({ method, url, cookies, ...(payload === undefined ? {} : { payload: payload as object }) });

const publicGet = (token: string | undefined, remoteAddress = nextAddress()) =>
  t.app.inject({
    method: 'GET',
    url: `/web/pay-request/public${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`,
    remoteAddress,
  });
const publicPost = (path: 'transfer' | 'card', payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/web/pay-request/public/${path}`,
    payload,
    remoteAddress: nextAddress(),
  });

/** A fresh customer with a 600,000-won pass of which 100,000 is paid: 500,000 owed. */
const owedSale = async (name = '김민수') => {
  const customer = await makeCustomer(t, owner, gymId, { name });
  const pass = await sellOk(t, owner, {
    gymId,
    memberId: customer.id,
    ticketId,
    startDate: '2026-03-02',
    payments: [{ method: 'CARD', amount: 100_000 }],
  });
  const [row] = await t.db.select({ id: sale.id }).from(sale).where(eq(sale.ticketIssueId, pass.id));
  return { customer, passId: pass.id, saleId: row!.id };
};

const create = (body: Record<string, unknown>, cookies: Cookies = owner) =>
  staff('POST', '/web/pay-request', { gymId, ...body }, cookies);

const createOk = async (body: Record<string, unknown>) => {
  const response = await create(body);
  expect(response.statusCode, response.body).toBe(201);
  const data = dataOf(payRequestCreateRoute, response);
  return { ...data, token: new URL(data.url, 'http://x').searchParams.get('token')! };
};

const viewOf = async (token: string) => {
  const response = await publicGet(token);
  expect(response.statusCode, response.body).toBe(200);
  return dataOf(payRequestPublicGetRoute, response);
};

const linesOf = (saleId: number) =>
  t.db
    .select({ method: paymentLine.method, amount: paymentLine.amount, checkoutId: paymentLine.checkoutId })
    .from(paymentLine)
    .where(eq(paymentLine.saleId, saleId))
    .orderBy(paymentLine.id);

const auditOf = async (action: string, entityId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))));

const passOf = async (id: number) => {
  const response = await staff('GET', `/web/ticket-issue/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return dataOf(ticketIssueGetRoute, response);
};

const requestsOf = async (saleId: number) => {
  const response = await staff('GET', `/web/pay-request?gymId=${gymId}&saleId=${saleId}`);
  expect(response.statusCode, response.body).toBe(200);
  return dataOf(payRequestListRoute, response);
};

beforeAll(async () => {
  t = await createTestApp({
    config: {
      session: { idleMs: 10 * 365 * 86_400_000, absoluteMs: 10 * 365 * 86_400_000 },
      publicUrl: PUBLIC_URL,
    },
  });
  setNow(t, NOW);
  const made = await makeActiveGym(t);
  owner = made.owner.cookies;
  gymId = made.gym.id;
  gymName = made.gym.name;
  ticketId = (await makeTicket(t, owner, gymId)).id;
  const saved = await staff('PUT', `/web/setting/gym/${gymId}`, ACCOUNT);
  expect(saved.statusCode, saved.body).toBe(200);
}, 120_000);
afterAll(() => t?.close());
afterEach(() => setNow(t, NOW));

describe('the transfer account', () => {
  it('is the representative’s setting, audited, and refused in a wrong shape', async () => {
    const read = await staff('GET', `/web/setting/gym/${gymId}`);
    expect(read.json().data).toMatchObject(ACCOUNT);
    const bad = await staff('PUT', `/web/setting/gym/${gymId}`, { transferAccount: '계좌번호' });
    expect(bad.statusCode).toBe(400);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.gymId, gymId), eq(auditLog.action, 'gym-setting.update')));
    expect(rows.at(-1)?.after).toMatchObject({ transferAccount: ACCOUNT.transferAccount });
    const worker = await makeStaff(t.app, { cookies: owner }, gymId, { payHistorySettingYn: true });
    const refused = await staff('PUT', `/web/setting/gym/${gymId}`, ACCOUNT, worker.cookies);
    expect(refused.statusCode).toBe(403);
  });
});

describe('sending a request', () => {
  it('makes a 256-bit link, stores only its hash, expires in 7 days, texts it, audits it', async () => {
    const { saleId, customer } = await owedSale();
    const made = await createOk({ saleId });
    expect(made.status).toBe('FIN');
    expect(made.sent).toBe(true);
    expect(made.url).toMatch(/^\/pay\/req\?token=[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(made.token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    const [row] = await t.db.select().from(payRequest).where(eq(payRequest.id, made.id));
    expect(new Date(made.expiresAt).getTime() - row!.createDate.getTime()).toBe(7 * 86_400_000);
    expect(row!.amount).toBe(500_000);
    expect(row!.reference).toBe(`FD-${made.id}`);
    expect(row!.tokenHash).toBe(createHash('sha256').update(made.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(made.token);
    // The outbox row keeps no token (docs/architecture.md#outbox); the text delivered carries the absolute link
    // from PUBLIC_URL and the facility's name.
    const texts = await t.db.select().from(outbox).where(eq(outbox.topic, 'pay-request'));
    const text = texts.find((m) => (m.payload as { payRequestId?: number }).payRequestId === made.id);
    expect(text?.payload).toMatchObject({
      to: customer.phone.replace(/\D/g, ''),
      link: '/pay/req',
      kind: 'payRequest',
    });
    expect(JSON.stringify(text)).not.toContain(made.token);
    const provider = t.app.outbox.provider as MessageProvider & { delivered: OutboundMessage[] };
    const delivered = provider.delivered.find((m) => m.id === text!.id)!.payload as {
      url: string;
      text: { ko: string; en: string };
    };
    expect(delivered.url).toBe(`${PUBLIC_URL}${made.url}`);
    expect(delivered.text.ko.startsWith(`[${gymName}] `)).toBe(true);
    expect(delivered.text.ko).toContain('결제 요청 500,000원입니다');
    expect(delivered.text.ko.endsWith(`(7일간 유효): ${PUBLIC_URL}${made.url}`)).toBe(true);
    expect(delivered.text.en).toContain(`[${gymName}] Payment request`);
    expect(delivered.text.en).toContain(`${PUBLIC_URL}/pay/req?token=${made.token}`);
    const [audited] = await auditOf('pay-request.create', made.id);
    expect(audited?.after).toMatchObject({ saleId, amount: 500_000 });
    expect(JSON.stringify(audited)).not.toContain(made.token);
    const again = await createOk({ saleId });
    expect(again.token).not.toBe(made.token);
  });

  it('asks for part of the balance, never more than is owed, and nothing for a paid sale', async () => {
    const { saleId } = await owedSale();
    const before = (await t.db.select({ n: count() }).from(payRequest))[0]!.n;
    const above = await create({ saleId, amount: 500_001 });
    expect(above.statusCode).toBe(400);
    expect(above.json().reason).toBe('payRequestAmountAboveOwed');
    expect(above.json().details).toEqual({ owed: 500_000 });
    for (const amount of [0, -1000, 1.5]) expect((await create({ saleId, amount })).statusCode).toBe(400);
    expect((await t.db.select({ n: count() }).from(payRequest))[0]!.n).toBe(before);
    const part = await createOk({ saleId, amount: 200_000 });
    expect(((await viewOf(part.token)) as { amount: number }).amount).toBe(200_000);

    const customer = await makeCustomer(t, owner, gymId);
    const paid = await sellOk(t, owner, {
      gymId,
      memberId: customer.id,
      ticketId,
      startDate: '2026-03-02',
      payments: [{ method: 'CASH', amount: 600_000 }],
    });
    const [paidSale] = await t.db.select({ id: sale.id }).from(sale).where(eq(sale.ticketIssueId, paid.id));
    const nothing = await create({ saleId: paidSale!.id });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().reason).toBe('payRequestNothingOwed');
  });

  it('revokes the open older request when a newer one is sent', async () => {
    const { saleId } = await owedSale();
    const older = await createOk({ saleId });
    const newer = await createOk({ saleId, amount: 300_000 });
    expect((await publicGet(older.token)).statusCode).toBe(404);
    expect((await publicGet(newer.token)).statusCode).toBe(200);
    const list = await requestsOf(saleId);
    expect(list.map((r) => [r.id, r.status])).toEqual([
      [newer.id, 'FIN'],
      [older.id, 'EXPIRED'],
    ]);
    expect(list[1]!.revokedAt).not.toBeNull();
  });
});

describe('the customer’s page', () => {
  it('shows the facility, the masked first name, the item, the amount, the account and the reference', async () => {
    const { saleId, customer } = await owedSale('김민수');
    const made = await createOk({ saleId });
    const response = await publicGet(made.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json().data).toEqual({
      gymName,
      customerName: '김*수',
      itemName: '헬스 6개월',
      amount: 500_000,
      status: 'FIN',
      payable: true,
      expiresAt: made.expiresAt,
      reference: `FD-${made.id}`,
      transfer: { bank: '국민은행', account: '123-456-789012', holder: '핏데스크' },
      depositorName: null,
      paidAt: null,
      testMode: true,
    });
    expect(response.body).not.toContain(customer.phone.replace(/\D/g, '').slice(-4));
    expect(response.body).not.toContain('김민수');
  });

  it('answers one and the same 404 for a missing, malformed, forged, expired or revoked token', async () => {
    const { saleId } = await owedSale();
    const revoked = await createOk({ saleId });
    const revoke = await staff('POST', `/web/pay-request/${revoked.id}/revoke`, { gymId });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect(revoke.json().data.status).toBe('EXPIRED');
    expect((await auditOf('pay-request.revoke', revoked.id)).length).toBe(1);
    const again = await staff('POST', `/web/pay-request/${revoked.id}/revoke`, { gymId });
    expect(again.json().reason).toBe('payRequestClosed');

    const { saleId: other } = await owedSale();
    const expiring = await createOk({ saleId: other });
    const forged = Buffer.alloc(32, 7).toString('base64url');
    // The injected clock, moved to the link's expiry: from that instant on it is refused.
    setNow(t, expiring.expiresAt);
    const answers = await Promise.all(
      [undefined, '', 'short', `${expiring.token}x`, forged, expiring.token, revoked.token].map((token) =>
        publicGet(token),
      ),
    );
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(404);
      const { requestId: _requestId, ...body } = answer.json();
      expect(body).toEqual({
        statusCode: 404,
        code: 'NOT_FOUND',
        message: expect.any(String),
        reason: 'payRequestInvalid',
      });
    }
    // The writes answer the same for the expired token, and write nothing.
    const lines = (await linesOf(other)).length;
    expect((await publicPost('card', { token: expiring.token })).json().reason).toBe('payRequestInvalid');
    expect(
      (await publicPost('transfer', { token: expiring.token, depositorName: '김민수' })).json().reason,
    ).toBe('payRequestInvalid');
    expect((await linesOf(other)).length).toBe(lines);
    // A second before the end it still opened.
    setNow(t, new Date(new Date(expiring.expiresAt).getTime() - 1000).toISOString());
    expect((await publicGet(expiring.token)).statusCode).toBe(200);
  });

  it('reports a transfer (WAIT), refuses paying again, and staff confirmation writes the TRANSFER payment', async () => {
    const { saleId, passId } = await owedSale();
    const made = await createOk({ saleId, amount: 300_000 });
    const claimed = await publicPost('transfer', { token: made.token, depositorName: ' 김민수 ' });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().data).toMatchObject({ status: 'WAIT', depositorName: '김민수', payable: false });
    expect((await auditOf('pay-request.claim', made.id))[0]?.actorMemberId).toBeNull();
    expect((await linesOf(saleId)).length).toBe(1);
    for (const replay of [
      await publicPost('transfer', { token: made.token, depositorName: '김민수' }),
      await publicPost('card', { token: made.token }),
    ]) {
      expect(replay.statusCode).toBe(409);
      expect(replay.json().reason).toBe('payRequestClosed');
    }
    // While the transfer waits, a new request for the sale is refused.
    expect((await create({ saleId })).json().reason).toBe('payRequestWaiting');
    expect((await requestsOf(saleId))[0]).toMatchObject({ status: 'WAIT', depositorName: '김민수' });

    setNow(t, '2026-03-03T01:00:00Z');
    const confirmed = await staff('POST', `/web/pay-request/${made.id}/confirm`, { gymId });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toMatchObject({ status: 'APPROVE', method: 'TRANSFER' });
    const lines = await linesOf(saleId);
    expect(lines.map((l) => [l.method, l.amount])).toEqual([
      ['CARD', 100_000],
      ['TRANSFER', 300_000],
    ]);
    const [paying] = await t.db.select().from(checkout).where(eq(checkout.id, lines[1]!.checkoutId!));
    expect(paying).toMatchObject({ kind: 'REQUEST', paid: 300_000, cashPaid: 300_000, total: 0 });
    expect(await passOf(passId)).toMatchObject({ paidAmount: 400_000, unpaidAmount: 200_000 });
    expect((await auditOf('pay-request.confirm', made.id)).length).toBe(1);
    expect((await viewOf(made.token)).status).toBe('APPROVE');
    const twice = await staff('POST', `/web/pay-request/${made.id}/confirm`, { gymId });
    expect(twice.json().reason).toBe('payRequestNotWaiting');
    expect((await linesOf(saleId)).length).toBe(2);
  });

  it('pays by test-mode card at once, on its sale and for its amount, and cannot be replayed', async () => {
    const { saleId, passId } = await owedSale();
    const made = await createOk({ saleId, amount: 150_000 });
    const paid = await publicPost('card', { token: made.token });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'APPROVE', payable: false, testMode: true });
    expect((await linesOf(saleId)).map((l) => [l.method, l.amount])).toEqual([
      ['CARD', 100_000],
      ['CARD', 150_000],
    ]);
    expect(await passOf(passId)).toMatchObject({ paidAmount: 250_000, unpaidAmount: 350_000 });
    const [audited] = await auditOf('pay-request.pay', made.id);
    expect(audited?.after).toMatchObject({ method: 'CARD', amount: 150_000, testMode: true });
    for (const replay of [
      await publicPost('card', { token: made.token }),
      await publicPost('transfer', { token: made.token, depositorName: '김민수' }),
    ]) {
      expect(replay.statusCode).toBe(409);
      expect(replay.json().reason).toBe('payRequestClosed');
    }
    expect((await linesOf(saleId)).length).toBe(2);
    // Paid stays visible as paid, even after the link's expiry; it cannot be revoked.
    setNow(t, '2026-03-20T00:00:00Z');
    expect((await viewOf(made.token)).status).toBe('APPROVE');
    expect((await staff('POST', `/web/pay-request/${made.id}/revoke`, { gymId })).statusCode).toBe(409);
  });

  it('writes nothing when the sale now owes less than the request asks', async () => {
    const { saleId, passId } = await owedSale();
    const byCard = await createOk({ saleId });
    const collected = await action(t, owner, passId, 'collect', {
      payments: [{ method: 'CASH', amount: 50_000 }],
    });
    expect(collected.statusCode, collected.body).toBe(200);
    expect((await viewOf(byCard.token)).payable).toBe(false);
    const card = await publicPost('card', { token: byCard.token });
    expect(card.statusCode).toBe(409);
    expect(card.json()).toMatchObject({ reason: 'payRequestOwedChanged', details: { owed: 450_000 } });

    const { saleId: other, passId: otherPass } = await owedSale();
    const byTransfer = await createOk({ saleId: other });
    expect((await publicPost('transfer', { token: byTransfer.token, depositorName: '박' })).statusCode).toBe(
      200,
    );
    await action(t, owner, otherPass, 'collect', { payments: [{ method: 'CARD', amount: 1_000 }] });
    const lines = (await linesOf(other)).length;
    const confirm = await staff('POST', `/web/pay-request/${byTransfer.id}/confirm`, { gymId });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().reason).toBe('payRequestOwedChanged');
    expect((await linesOf(other)).length).toBe(lines);
    expect((await requestsOf(other))[0]!.status).toBe('WAIT');
  });

  it('gives two card payments of one request at the same time exactly one success', async () => {
    const { saleId } = await owedSale();
    const made = await createOk({ saleId });
    const results = await Promise.all([
      publicPost('card', { token: made.token }),
      publicPost('card', { token: made.token }),
      publicPost('card', { token: made.token }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await linesOf(saleId)).map((l) => l.amount)).toEqual([100_000, 500_000]);
  });

  it('refuses a transfer report while the facility has no account, and offers none', async () => {
    const { saleId } = await owedSale();
    const made = await createOk({ saleId });
    const cleared = { transferBank: null, transferAccount: null, transferHolder: null };
    expect((await staff('PUT', `/web/setting/gym/${gymId}`, cleared)).statusCode).toBe(200);
    try {
      expect((await viewOf(made.token)).transfer).toBeNull();
      const claim = await publicPost('transfer', { token: made.token, depositorName: '김민수' });
      expect(claim.json().reason).toBe('payRequestNoAccount');
    } finally {
      await staff('PUT', `/web/setting/gym/${gymId}`, ACCOUNT);
    }
  });

  it('limits guesses per address', async () => {
    const forged = Buffer.alloc(32, 9).toString('base64url');
    const answers = [];
    for (let i = 0; i < 61; i += 1) answers.push((await publicGet(forged, '10.200.0.1')).statusCode);
    expect(answers.slice(0, 60).every((s) => s === 404)).toBe(true);
    expect(answers[60]).toBe(429);
    expect((await publicGet(forged, '10.200.0.2')).statusCode).toBe(404);
  });
});
