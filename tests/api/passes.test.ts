import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { refundPreviewRoute, ticketIssueGetRoute } from '#domain/api/pass.ts';
import { paymentLine, ticketUsage } from '#server/db/schema/index.ts';
import { dataOf } from '../fixtures/api.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import {
  action,
  makeCustomer,
  makeTicket,
  refundInFull,
  sell,
  sellOk,
  setNow,
} from '../fixtures/customers.ts';
import { type Cookies, makeActiveGym, makeStaff } from '../fixtures/gyms.ts';

// Pass products and sold passes (docs/rules.md#passes, #refunds, #usage-ledger): the sale label, selling with split
// payments, collecting, holds and their limits, transfers, the usage ledger under concurrency, and refunds that
// reproduce DOMAIN's worked examples.

let t: TestApp;
let owner: Cookies;
let gymId: number;
beforeAll(async () => {
  // Sessions that outlive the months these tests move the clock across.
  t = await createTestApp({
    config: { session: { idleMs: 10 * 365 * 86_400_000, absoluteMs: 10 * 365 * 86_400_000 } },
  });
  // 09:00 KST on 2026-03-02.
  setNow(t, '2026-03-02T00:00:00Z');
  const made = await makeActiveGym(t);
  owner = made.owner.cookies;
  gymId = made.gym.id;
});
afterAll(() => t?.close());
afterEach(() => setNow(t, '2026-03-02T00:00:00Z'));

const get = async (id: number) => {
  const response = await t.app.inject({ method: 'GET', url: `/web/ticket-issue/${id}`, cookies: owner });
  expect(response.statusCode, response.body).toBe(200);
  return dataOf(ticketIssueGetRoute, response);
};

describe('pass products', () => {
  it('labels the sale period as the SPEC says and shows the discount', async () => {
    const onSale = await makeTicket(t, owner, gymId);
    expect(onSale).toMatchObject({ saleLabel: 'ON_SALE', discountPercent: 9 });
    const soon = await makeTicket(t, owner, gymId, { saleStartDate: '2026-04-01' });
    expect(soon.saleLabel).toBe('SOON');
    const ended = await makeTicket(t, owner, gymId, { saleEndDate: '2026-03-01' });
    expect(ended.saleLabel).toBe('ENDED');
    const stopped = await makeTicket(t, owner, gymId, { saleState: 'INACTIVE' });
    expect(stopped.saleLabel).toBe('STOPPED');
  });

  it('refuses a product without a period or sessions, and a sale price above the original', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/web/ticket',
      cookies: owner,
      payload: { gymId, name: 'x', originPrice: 100, salePrice: 200 },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(
      expect.arrayContaining(['periodAmount', 'salePrice']),
    );
  });

  it('stops a sold product but never deletes it', async () => {
    const product = await makeTicket(t, owner, gymId);
    const customer = await makeCustomer(t, owner, gymId);
    await sellOk(t, owner, { gymId, memberId: customer.id, ticketId: product.id, startDate: '2026-03-02' });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/web/ticket/${product.id}`,
      cookies: owner,
    });
    expect(removed.statusCode).toBe(409);
    expect(removed.json().reason).toBe('ticketSold');
    const stopped = await t.app.inject({
      method: 'PUT',
      url: `/web/ticket/${product.id}`,
      cookies: owner,
      payload: { saleState: 'INACTIVE' },
    });
    expect(stopped.json().data.saleLabel).toBe('STOPPED');
    const unsold = await makeTicket(t, owner, gymId);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/web/ticket/${unsold.id}`, cookies: owner })).statusCode,
    ).toBe(204);
  });
});

describe('selling and collecting', () => {
  it('sells a pass paid half by card, leaves the rest unpaid, and collects it', async () => {
    const product = await makeTicket(t, owner, gymId);
    const customer = await makeCustomer(t, owner, gymId);
    const pass = await sellOk(t, owner, {
      gymId,
      memberId: customer.id,
      ticketId: product.id,
      startDate: '2026-03-02',
      payments: [{ method: 'CARD', amount: 300_000 }],
    });
    expect(pass).toMatchObject({
      price: 600_000,
      paidAmount: 300_000,
      unpaidAmount: 300_000,
      endDate: '2026-09-01',
    });
    const customerRow = await t.app.inject({
      method: 'GET',
      url: `/web/member/customer/${customer.id}?gymId=${gymId}`,
      cookies: owner,
    });
    expect(customerRow.json().data).toMatchObject({ unpaidAmount: 300_000, passState: 'ACTIVE' });

    const tooMuch = await action(t, owner, pass.id, 'collect', {
      payments: [{ method: 'CASH', amount: 300_001 }],
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors.payments).toBeDefined();
    const collected = await action(t, owner, pass.id, 'collect', {
      payments: [{ method: 'CASH', amount: 300_000 }],
    });
    expect(collected.statusCode, collected.body).toBe(200);
    expect(collected.json().data).toMatchObject({ paidAmount: 600_000, unpaidAmount: 0 });
    const again = await action(t, owner, pass.id, 'collect', { payments: [{ method: 'CASH', amount: 1 }] });
    expect(again.json().reason).toBe('nothingUnpaid');
  });

  it('refuses a product off sale (409), payments above the price or negative (400), and changes nothing', async () => {
    const soon = await makeTicket(t, owner, gymId, { saleStartDate: '2026-05-01' });
    const product = await makeTicket(t, owner, gymId);
    const customer = await makeCustomer(t, owner, gymId);
    const base = { gymId, memberId: customer.id, startDate: '2026-03-02' };
    const offSale = await sell(t, owner, { ...base, ticketId: soon.id });
    expect(offSale.statusCode).toBe(409);
    expect(offSale.json().reason).toBe('ticketNotOnSale');
    const over = await sell(t, owner, {
      ...base,
      ticketId: product.id,
      payments: [{ method: 'CARD', amount: 600_001 }],
    });
    expect(over.statusCode).toBe(400);
    const negative = await sell(t, owner, {
      ...base,
      ticketId: product.id,
      payments: [{ method: 'CARD', amount: -1 }],
    });
    expect(negative.statusCode).toBe(400);
    const discounted = await sell(t, owner, { ...base, ticketId: product.id, price: 500_000 });
    expect(discounted.statusCode).toBe(400);
    expect(discounted.json().errors.priceReason).toBeDefined();
    const passes = await t.app.inject({
      method: 'GET',
      url: `/web/member/ticket-issue-list/${customer.id}?gymId=${gymId}`,
      cookies: owner,
    });
    expect(passes.json().data).toEqual([]);
  });

  it("answers 404 for another facility's customer, product or pass", async () => {
    const other = await makeActiveGym(t);
    const theirCustomer = await makeCustomer(t, other.owner.cookies, other.gym.id);
    const theirProduct = await makeTicket(t, other.owner.cookies, other.gym.id);
    const theirPass = await sellOk(t, other.owner.cookies, {
      gymId: other.gym.id,
      memberId: theirCustomer.id,
      ticketId: theirProduct.id,
      startDate: '2026-03-02',
    });
    const product = await makeTicket(t, owner, gymId);
    expect(
      (
        await sell(t, owner, {
          gymId,
          memberId: theirCustomer.id,
          ticketId: product.id,
          startDate: '2026-03-02',
        })
      ).statusCode,
    ).toBe(404);
    const mine = await makeCustomer(t, owner, gymId);
    expect(
      (await sell(t, owner, { gymId, memberId: mine.id, ticketId: theirProduct.id, startDate: '2026-03-02' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/web/ticket-issue/${theirPass.id}`, cookies: owner }))
        .statusCode,
    ).toBe(404);
    expect((await action(t, owner, theirPass.id, 'adjust', { sessions: 1, note: 'x' })).statusCode).toBe(404);
  });
});

describe('holds', () => {
  it('holds within the limits, moves the end date, refuses beyond them or overlapping, and ends early', async () => {
    const product = await makeTicket(t, owner, gymId, { holdMaxCount: 2, holdMaxDays: 30, holdMinDays: 7 });
    const customer = await makeCustomer(t, owner, gymId);
    const pass = await sellOk(t, owner, {
      gymId,
      memberId: customer.id,
      ticketId: product.id,
      startDate: '2026-03-02',
    });
    const short = await action(t, owner, pass.id, 'hold', { startDate: '2026-03-10', endDate: '2026-03-12' });
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({ reason: 'holdTooShort', details: { min: 7 } });
    const held = await action(t, owner, pass.id, 'hold', { startDate: '2026-03-10', endDate: '2026-03-19' });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json().data.endDate).toBe('2026-09-11');
    const overlap = await action(t, owner, pass.id, 'hold', {
      startDate: '2026-03-15',
      endDate: '2026-03-25',
    });
    expect(overlap.json().reason).toBe('holdOverlap');
    const tooLong = await action(t, owner, pass.id, 'hold', {
      startDate: '2026-04-01',
      endDate: '2026-04-30',
    });
    expect(tooLong.json().reason).toBe('holdTooLong');

    setNow(t, '2026-03-11T03:00:00Z');
    expect((await get(pass.id)).status).toBe('WAIT');
    const ended = await action(t, owner, pass.id, 'end-hold', {});
    expect(ended.statusCode, ended.body).toBe(200);
    // Held on the 10th only: 9 of the 10 days come back.
    expect(ended.json().data).toMatchObject({ endDate: '2026-09-02', status: 'FIN' });
    setNow(t, '2026-03-02T00:00:00Z');
  });

  it('refuses a hold of a refunded pass', async () => {
    const product = await makeTicket(t, owner, gymId);
    const customer = await makeCustomer(t, owner, gymId);
    const pass = await sellOk(t, owner, {
      gymId,
      memberId: customer.id,
      ticketId: product.id,
      startDate: '2026-03-05',
      payments: [{ method: 'CARD', amount: 600_000 }],
    });
    expect((await refundInFull(t, owner, pass.id, { fault: 'MEMBER', method: 'CARD' })).statusCode).toBe(200);
    const held = await action(t, owner, pass.id, 'hold', { startDate: '2026-03-10', endDate: '2026-03-19' });
    expect(held.statusCode).toBe(409);
    expect(held.json().reason).toBe('holdPassRefunded');
  });
});

describe('transfers', () => {
  it('moves the pass with its ledger to another customer, charging the fee to the giver', async () => {
    const product = await makeTicket(t, owner, gymId, { sessionCount: 10, transferFee: 30_000 });
    const from = await makeCustomer(t, owner, gymId, { name: '이서연' });
    const to = await makeCustomer(t, owner, gymId, { name: '박지훈' });
    const pass = await sellOk(t, owner, {
      gymId,
      memberId: from.id,
      ticketId: product.id,
      startDate: '2026-03-02',
    });
    await action(t, owner, pass.id, 'adjust', { sessions: 2, note: '수업 2회' });
    const self = await action(t, owner, pass.id, 'transfer', { toMemberId: from.id });
    expect(self.statusCode).toBe(400);
    const moved = await action(t, owner, pass.id, 'transfer', {
      toMemberId: to.id,
      payments: [{ method: 'CASH', amount: 30_000 }],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ memberId: to.id, sessionsLeft: 8 });
    expect(moved.json().data.transfers).toEqual([
      expect.objectContaining({ fromMemberId: from.id, toMemberId: to.id, fee: 30_000 }),
    ]);
  });
});

describe('the usage ledger', () => {
  it('gives back sessions only as far as they were used, and needs a note', async () => {
    const product = await makeTicket(t, owner, gymId, {
      periodAmount: null,
      periodUnit: null,
      sessionCount: 3,
    });
    const customer = await makeCustomer(t, owner, gymId);
    const pass = await sellOk(t, owner, {
      gymId,
      memberId: customer.id,
      ticketId: product.id,
      startDate: '2026-03-02',
    });
    expect((await action(t, owner, pass.id, 'adjust', { sessions: -1, note: 'x' })).json().reason).toBe(
      'sessionsGiveBackTooMany',
    );
    expect((await action(t, owner, pass.id, 'adjust', { sessions: 1, note: '' })).statusCode).toBe(400);
    expect((await action(t, owner, pass.id, 'adjust', { sessions: 0, note: 'x' })).statusCode).toBe(400);
  });

  it('ends 20 concurrent uses of a pass with 3 sessions left with exactly 3 successes', async () => {
    const product = await makeTicket(t, owner, gymId, { sessionCount: 3 });
    const customer = await makeCustomer(t, owner, gymId);
    const pass = await sellOk(t, owner, {
      gymId,
      memberId: customer.id,
      ticketId: product.id,
      startDate: '2026-03-02',
    });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        action(t, owner, pass.id, 'adjust', { sessions: 1, note: '동시 사용' }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(17);
    const [ledger] = await t.db
      .select({ used: sql<number>`sum(${ticketUsage.sessions})`.mapWith(Number) })
      .from(ticketUsage)
      .where(eq(ticketUsage.ticketIssueId, pass.id));
    expect(ledger?.used).toBe(3);
    expect((await get(pass.id)).sessionsLeft).toBe(0);
  });
});

describe('refunds (DOMAIN worked examples)', () => {
  const sixMonths = async () => {
    const product = await makeTicket(t, owner, gymId, { originPrice: 600_000, salePrice: 600_000 });
    const customer = await makeCustomer(t, owner, gymId);
    return sellOk(t, owner, {
      gymId,
      memberId: customer.id,
      ticketId: product.id,
      startDate: '2026-03-02',
      payments: [{ method: 'CARD', amount: 600_000 }],
    });
  };
  const preview = async (id: number, fault: 'MEMBER' | 'BUSINESS') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/web/ticket-issue/${id}/refund-preview?fault=${fault}`,
      cookies: owner,
    });
    expect(response.statusCode, response.body).toBe(200);
    return dataOf(refundPreviewRoute, response);
  };

  it('6 months, 600,000 won: 540,000 before the start; 406,667 after 40 days; 526,667 at fault', async () => {
    const pass = await sixMonths();
    setNow(t, '2026-03-01T03:00:00Z');
    expect((await preview(pass.id, 'MEMBER')).refund).toBe(540_000);
    setNow(t, '2026-04-11T03:00:00Z');
    expect(await preview(pass.id, 'MEMBER')).toMatchObject({
      usedDays: 40,
      contractDays: 180,
      used: 133_333,
      penalty: 60_000,
      refund: 406_667,
    });
    expect((await preview(pass.id, 'BUSINESS')).refund).toBe(526_667);

    const tooMuch = await action(t, owner, pass.id, 'refund', {
      fault: 'MEMBER',
      method: 'CARD',
      amount: 406_668,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors.amount).toBeDefined();
    const refunded = await action(t, owner, pass.id, 'refund', {
      fault: 'MEMBER',
      method: 'CARD',
      amount: 406_667,
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().data).toMatchObject({ status: 'REFUND', refundedAmount: 406_667 });
    const [line] = await t.db
      .select()
      .from(paymentLine)
      .where(
        sql`${paymentLine.saleId} in (select id from sale where ticket_issue_id = ${pass.id}) and ${paymentLine.status} = 'REFUND'`,
      );
    expect(line).toMatchObject({ amount: -406_667 });
    expect(line?.computation).toMatchObject({ refund: 406_667, usedDays: 40 });
    const twice = await action(t, owner, pass.id, 'refund', { fault: 'MEMBER', method: 'CARD', amount: 1 });
    expect(twice.json().reason).toBe('passRefunded');
    setNow(t, '2026-03-02T00:00:00Z');
  });

  it('PT 20 sessions, 1,210,000 won, 9 used: 544,500', async () => {
    const product = await makeTicket(t, owner, gymId, {
      periodAmount: null,
      periodUnit: null,
      sessionCount: 20,
      originPrice: 1_210_000,
      salePrice: 1_210_000,
    });
    const customer = await makeCustomer(t, owner, gymId);
    const pass = await sellOk(t, owner, {
      gymId,
      memberId: customer.id,
      ticketId: product.id,
      startDate: '2026-03-02',
      payments: [{ method: 'TRANSFER', amount: 1_210_000 }],
    });
    expect((await action(t, owner, pass.id, 'adjust', { sessions: 9, note: 'PT 9회' })).statusCode).toBe(200);
    expect(await preview(pass.id, 'MEMBER')).toMatchObject({
      used: 544_500,
      penalty: 121_000,
      refund: 544_500,
    });
  });

  it('held days never count as used days', async () => {
    const pass = await sixMonths();
    expect(
      (await action(t, owner, pass.id, 'hold', { startDate: '2026-03-12', endDate: '2026-03-21' }))
        .statusCode,
    ).toBe(200);
    setNow(t, '2026-04-21T03:00:00Z');
    // 50 days elapsed, 10 of them held: 40 used, the same refund as above.
    expect(await preview(pass.id, 'MEMBER')).toMatchObject({ usedDays: 40, refund: 406_667 });
    setNow(t, '2026-03-02T00:00:00Z');
  });
});

describe('rights', () => {
  it('lets a reader without memberSettingYn read but not sell (403)', async () => {
    const reader = await makeStaff(t.app, { cookies: owner }, gymId, { memberUseYn: true });
    const product = await makeTicket(t, owner, gymId);
    const customer = await makeCustomer(t, owner, gymId);
    const refused = await sell(t, reader.cookies, {
      gymId,
      memberId: customer.id,
      ticketId: product.id,
      startDate: '2026-03-02',
    });
    expect(refused.statusCode).toBe(403);
    const list = await t.app.inject({
      method: 'GET',
      url: `/web/ticket-issue/list/${gymId}`,
      cookies: reader.cookies,
    });
    expect(list.statusCode).toBe(200);
  });
});
