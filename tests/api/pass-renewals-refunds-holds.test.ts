import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { customerGetRoute } from '#domain/api/customer.ts';
import { ticketIssueGetRoute } from '#domain/api/pass.ts';
import { auditLog, paymentLine, ticketHold, ticketIssue } from '#server/db/schema/index.ts';
import { dataOf } from '../fixtures/api.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { action, makeCustomer, makeTicket, sellOk, setNow } from '../fixtures/customers.ts';
import { type Cookies, makeActiveGym } from '../fixtures/gyms.ts';

// Issue 27, items 3-5 (docs/rules.md#renewals, #refunds, #holds): a renewal starts after the current pass of its
// kind and an overlap is a choice; a refund goes back through the original payment lines, its amount required and
// above 0; a hold ended on its first day leaves no trace; the customer's header follows the pass that admits them.
// The clock is Monday 2026-03-02 09:00 KST.

const NOW = '2026-03-02T00:00:00Z';
const TODAY = '2026-03-02';

let t: TestApp;
let owner: Cookies;
let gymId: number;
let month3: number;
let month6: number;
let pt10: number;
beforeAll(async () => {
  // Sessions that outlive the days these tests move the clock across.
  t = await createTestApp({
    config: { session: { idleMs: 10 * 365 * 86_400_000, absoluteMs: 10 * 365 * 86_400_000 } },
  });
  setNow(t, NOW);
  const made = await makeActiveGym(t);
  owner = made.owner.cookies;
  gymId = made.gym.id;
  const product = (values: Record<string, unknown>) => makeTicket(t, owner, gymId, values);
  month3 = (await product({ name: '헬스 3개월', periodAmount: 3, originPrice: 483_000, salePrice: 483_000 }))
    .id;
  month6 = (await product({ name: '헬스 6개월', periodAmount: 6, originPrice: 600_000, salePrice: 600_000 }))
    .id;
  pt10 = (
    await product({
      name: 'PT 10회',
      periodAmount: null,
      periodUnit: null,
      sessionCount: 10,
      originPrice: 700_000,
      salePrice: 700_000,
    })
  ).id;
});
afterAll(() => t?.close());
afterEach(() => setNow(t, NOW));

const sell = (body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/web/ticket-issue/sell',
    cookies: owner,
    payload: { gymId, ...body },
  });
const passesOf = async (memberId: number) =>
  (await t.db.select().from(ticketIssue).where(eq(ticketIssue.memberId, memberId))).length;
const detail = async (id: number) =>
  dataOf(
    ticketIssueGetRoute,
    await t.app.inject({ method: 'GET', url: `/web/ticket-issue/${id}`, cookies: owner }),
  );
const customerOf = async (id: number) =>
  dataOf(
    customerGetRoute,
    await t.app.inject({ method: 'GET', url: `/web/member/customer/${id}?gymId=${gymId}`, cookies: owner }),
  );

describe('renewals (docs/rules.md#renewals)', () => {
  it('starts a renewal of the same kind the day after the current pass ends, when no start is given', async () => {
    const c = await makeCustomer(t, owner, gymId);
    const current = await sellOk(t, owner, { gymId, memberId: c.id, ticketId: month3, startDate: TODAY });
    expect(current.endDate).toBe('2026-06-01');
    const renewal = await sell({ memberId: c.id, ticketId: month6 });
    expect(renewal.statusCode, renewal.body).toBe(201);
    expect(renewal.json().data).toMatchObject({
      startDate: '2026-06-02',
      endDate: '2026-12-01',
      state: 'UPCOMING',
    });
    // A third one follows the second.
    const third = await sell({ memberId: c.id, ticketId: month3 });
    expect(third.json().data.startDate).toBe('2026-12-02');
  });

  it('refuses an overlapping start (409 passOverlap naming the pass) and writes nothing, unless the request chooses it', async () => {
    const c = await makeCustomer(t, owner, gymId);
    const current = await sellOk(t, owner, { gymId, memberId: c.id, ticketId: month3, startDate: TODAY });
    const before = await passesOf(c.id);
    const refused = await sell({
      memberId: c.id,
      ticketId: month6,
      startDate: TODAY,
      payments: [{ method: 'CARD', amount: 600_000 }],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      reason: 'passOverlap',
      details: { overlapPassId: current.id, name: '헬스 3개월', end: '2026-06-01', next: '2026-06-02' },
    });
    expect(refused.json().message).toContain('헬스 3개월');
    expect(await passesOf(c.id)).toBe(before);
    const lines = await t.db.select({ n: count() }).from(paymentLine).where(eq(paymentLine.memberId, c.id));
    expect(lines[0]!.n).toBe(0);

    const chosen = await sell({ memberId: c.id, ticketId: month6, startDate: TODAY, allowOverlap: true });
    expect(chosen.statusCode, chosen.body).toBe(201);
    expect(chosen.json().data.startDate).toBe(TODAY);
  });

  it('lets session passes run side by side, and an expired or refunded pass overlaps nothing', async () => {
    const c = await makeCustomer(t, owner, gymId);
    await sellOk(t, owner, { gymId, memberId: c.id, ticketId: pt10, startDate: TODAY });
    expect((await sell({ memberId: c.id, ticketId: pt10, startDate: TODAY })).statusCode).toBe(201);
    expect((await sell({ memberId: c.id, ticketId: month3, startDate: TODAY })).statusCode).toBe(201);
    const d = await makeCustomer(t, owner, gymId);
    await sellOk(t, owner, { gymId, memberId: d.id, ticketId: month3, startDate: '2025-11-01' });
    const refunded = await sellOk(t, owner, {
      gymId,
      memberId: d.id,
      ticketId: month3,
      startDate: '2026-03-01',
      payments: [{ method: 'CASH', amount: 483_000 }],
    });
    const gone = await action(t, owner, refunded.id, 'refund', { fault: 'BUSINESS', amount: 10_000 });
    expect(gone.statusCode, gone.body).toBe(200);
    const fresh = await sell({ memberId: d.id, ticketId: month6 });
    expect(fresh.json().data.startDate).toBe(TODAY);
  });

  it('holds the desk checkout to the same rule: the default start, and 409 passOverlap without the choice', async () => {
    const c = await makeCustomer(t, owner, gymId);
    await sellOk(t, owner, { gymId, memberId: c.id, ticketId: month3, startDate: TODAY });
    const checkout = (item: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/web/sales/checkout',
        cookies: owner,
        payload: {
          gymId,
          memberId: c.id,
          items: [{ type: 'PASS', ticketId: month6, ...item }],
          payments: [],
        },
      });
    const refused = await checkout({ startDate: TODAY });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().reason).toBe('passOverlap');
    expect(await passesOf(c.id)).toBe(1);
    const renewed = await checkout({});
    expect(renewed.statusCode, renewed.body).toBe(201);
    const [row] = await t.db
      .select({ startDate: ticketIssue.startDate })
      .from(ticketIssue)
      .where(and(eq(ticketIssue.memberId, c.id), eq(ticketIssue.ticketId, month6)));
    expect(row?.startDate).toBe('2026-06-02');
    expect((await checkout({ startDate: TODAY, allowOverlap: true })).statusCode).toBe(201);
  });
});

describe('refunds (docs/rules.md#refunds)', () => {
  const refundLines = async (issueId: number) =>
    t.db
      .select({
        method: paymentLine.method,
        amount: paymentLine.amount,
        computation: paymentLine.computation,
      })
      .from(paymentLine)
      .where(
        sql`${paymentLine.saleId} in (select id from sale where ticket_issue_id = ${issueId}) and ${paymentLine.status} = 'REFUND'`,
      )
      .orderBy(paymentLine.id);

  const splitPass = async () => {
    const c = await makeCustomer(t, owner, gymId);
    return sellOk(t, owner, {
      gymId,
      memberId: c.id,
      ticketId: month3,
      startDate: '2026-03-03',
      payments: [
        { method: 'CARD', amount: 300_000 },
        { method: 'TRANSFER', amount: 183_000 },
      ],
    });
  };

  it('requires an amount above 0 (400 on amount) and writes nothing', async () => {
    const pass = await splitPass();
    for (const body of [
      { fault: 'MEMBER' },
      { fault: 'MEMBER', amount: 0 },
      { fault: 'MEMBER', amount: -5 },
    ]) {
      const response = await action(t, owner, pass.id, 'refund', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.amount).toBeDefined();
    }
    expect(await refundLines(pass.id)).toEqual([]);
    expect((await detail(pass.id)).status).toBe('FIN');
  });

  it('goes back through the original lines by default: card against its card line, the rest by transfer', async () => {
    const pass = await splitPass();
    const [cardLine] = await t.db
      .select({ id: paymentLine.id })
      .from(paymentLine)
      .where(
        sql`${paymentLine.saleId} in (select id from sale where ticket_issue_id = ${pass.id}) and ${paymentLine.method} = 'CARD'`,
      );
    // Before the start: 483,000 − 48,300 = 434,700.
    const done = await action(t, owner, pass.id, 'refund', { fault: 'MEMBER', amount: 434_700 });
    expect(done.statusCode, done.body).toBe(200);
    const lines = await refundLines(pass.id);
    expect(lines.map((l) => [l.method, l.amount])).toEqual([
      ['CARD', -300_000],
      ['TRANSFER', -134_700],
    ]);
    expect(lines[0]!.computation).toMatchObject({
      refund: 434_700,
      amount: 434_700,
      refundOfLineId: cardLine!.id,
    });
    expect(done.json().data).toMatchObject({ status: 'REFUND', refundedAmount: 434_700 });
  });

  it('takes chosen lines that add up to the amount, and refuses a card refund above the card paid', async () => {
    const pass = await splitPass();
    const unequal = await action(t, owner, pass.id, 'refund', {
      fault: 'MEMBER',
      amount: 100_000,
      lines: [{ method: 'CASH', amount: 90_000 }],
    });
    expect(unequal.statusCode).toBe(400);
    expect(unequal.json().errors.lines).toBeDefined();
    const card = await action(t, owner, pass.id, 'refund', {
      fault: 'MEMBER',
      amount: 400_000,
      lines: [{ method: 'CARD', amount: 400_000 }],
    });
    expect(card.statusCode).toBe(400);
    expect(card.json().errors.lines).toBeDefined();
    expect(await refundLines(pass.id)).toEqual([]);
    const c = await makeCustomer(t, owner, gymId);
    const byTransfer = await sellOk(t, owner, {
      gymId,
      memberId: c.id,
      ticketId: month3,
      startDate: '2026-03-03',
      payments: [{ method: 'TRANSFER', amount: 483_000 }],
    });
    const cardForTransfer = await action(t, owner, byTransfer.id, 'refund', {
      fault: 'MEMBER',
      amount: 10_000,
      method: 'CARD',
    });
    expect(cardForTransfer.statusCode).toBe(400);
    const ok = await action(t, owner, pass.id, 'refund', {
      fault: 'MEMBER',
      amount: 100_000,
      lines: [
        { method: 'CARD', amount: 60_000 },
        { method: 'CASH', amount: 40_000 },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await refundLines(pass.id)).map((l) => [l.method, l.amount])).toEqual([
      ['CARD', -60_000],
      ['CASH', -40_000],
    ]);
  });
});

describe('holds (docs/rules.md#holds)', () => {
  it('cancels a hold ended on its first day: no hold on the pass, the end as before, only the audit row', async () => {
    const c = await makeCustomer(t, owner, gymId);
    const pass = await sellOk(t, owner, { gymId, memberId: c.id, ticketId: month3, startDate: '2026-02-20' });
    const held = await action(t, owner, pass.id, 'hold', { startDate: TODAY, endDate: '2026-03-11' });
    expect(held.json().data.endDate).toBe('2026-05-29');
    const ended = await action(t, owner, pass.id, 'end-hold', {});
    expect(ended.statusCode, ended.body).toBe(200);
    const after = await detail(pass.id);
    expect(after.holds).toEqual([]);
    expect(after).toMatchObject({ endDate: pass.endDate, state: 'ACTIVE' });
    const rows = await t.db.select().from(ticketHold).where(eq(ticketHold.ticketIssueId, pass.id));
    expect(rows).toEqual([]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'pass.end-hold'), eq(auditLog.entityId, String(pass.id))));
    expect(audit?.after).toMatchObject({ cancelled: true, returnedDays: 10, passEndDate: pass.endDate });
    expect((await customerOf(c.id)).passState).toBe('ACTIVE');
    // The pass may be held again, as if the cancelled hold had never been.
    expect(
      (await action(t, owner, pass.id, 'hold', { startDate: TODAY, endDate: '2026-03-03' })).statusCode,
    ).toBe(200);
  });

  it('keeps a hold ended later, shortened to the day before', async () => {
    const c = await makeCustomer(t, owner, gymId);
    const pass = await sellOk(t, owner, { gymId, memberId: c.id, ticketId: month3, startDate: '2026-02-20' });
    await action(t, owner, pass.id, 'hold', { startDate: TODAY, endDate: '2026-03-11' });
    setNow(t, '2026-03-05T00:00:00Z');
    await action(t, owner, pass.id, 'end-hold', {});
    expect((await detail(pass.id)).holds).toMatchObject([{ startDate: TODAY, endDate: '2026-03-04' }]);
  });

  it('shows the pass that admits the customer in the header: a running pass wins over a held one', async () => {
    const c = await makeCustomer(t, owner, gymId);
    const held = await sellOk(t, owner, { gymId, memberId: c.id, ticketId: pt10, startDate: '2026-02-20' });
    await sellOk(t, owner, { gymId, memberId: c.id, ticketId: month3, startDate: '2026-02-25' });
    expect(
      (await action(t, owner, held.id, 'hold', { startDate: TODAY, endDate: '2026-03-11' })).statusCode,
    ).toBe(200);
    expect(await customerOf(c.id)).toMatchObject({
      passState: 'ACTIVE',
      holdStartDate: null,
      holdEndDate: null,
    });
    const alone = await makeCustomer(t, owner, gymId);
    const only = await sellOk(t, owner, {
      gymId,
      memberId: alone.id,
      ticketId: month3,
      startDate: '2026-02-25',
    });
    await action(t, owner, only.id, 'hold', { startDate: TODAY, endDate: '2026-03-11' });
    expect(await customerOf(alone.id)).toMatchObject({ passState: 'HOLD', holdEndDate: '2026-03-11' });
  });
});
