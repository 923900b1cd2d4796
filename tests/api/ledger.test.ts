import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RouteContract } from '#domain/api/define.ts';
import {
  payHistoryRoute,
  saleCollectRoute,
  salesListRoute,
  saleWriteOffRoute,
  unpaidListRoute,
} from '#domain/api/sales.ts';
import { formatPhone } from '#domain/rules/text.ts';
import {
  auditLog,
  checkout,
  member,
  paymentLine,
  sale,
  saleAdjustment,
  ticketIssue,
} from '#server/db/schema/index.ts';
import { dataOf } from '../fixtures/api.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { action, makeCustomer, makeTicket, refundInFull, sellOk, setNow } from '../fixtures/customers.ts';
import { type Cookies, makeActiveGym, makeStaff } from '../fixtures/gyms.ts';

// The ledger (docs/rules.md#money): the payment history with its Seoul-day range, filters, totals by method and
// CSV; the unpaid balances with their age, total and latest payment request; collecting (a COLLECT checkout, never
// above owed, one of two concurrent collections of the last won refused), writing off (the representative's, with
// a reason) and correcting (never below what was paid); and the sales list with its discounts and reversing rows.
// Every refusal writes nothing. Data is made through the API: passes are sold with the pass-sell route.

let t: TestApp;
const NOW = '2026-03-10T03:00:00Z'; // 12:00 KST, Tuesday 2026-03-10
const LONG = 10 * 365 * 86_400_000;

type Gym = {
  gymId: number;
  owner: Cookies;
  ownerId: number;
  ticketId: number;
  /** payHistoryUseYn only. */
  reader: Cookies;
  /** payHistoryUseYn and payHistorySettingYn, not the representative. */
  clerk: Cookies;
  clerkId: number;
};

const makeLedgerGym = async (): Promise<Gym> => {
  const made = await makeActiveGym(t);
  const gymId = made.gym.id;
  const reader = await makeStaff(t.app, made.owner, gymId, { payHistoryUseYn: true });
  const clerk = await makeStaff(t.app, made.owner, gymId, {
    payHistoryUseYn: true,
    payHistorySettingYn: true,
    memberUseYn: true,
    memberSettingYn: true,
  });
  const ticket = await makeTicket(t, made.owner.cookies, gymId);
  return {
    gymId,
    owner: made.owner.cookies,
    ownerId: made.owner.member.id,
    ticketId: ticket.id,
    reader: reader.cookies,
    clerk: clerk.cookies,
    clerkId: clerk.member.id,
  };
};

beforeAll(async () => {
  t = await createTestApp({ config: { session: { idleMs: LONG, absoluteMs: LONG } } });
  setNow(t, NOW);
}, 60_000);
afterAll(() => t?.close());
afterEach(() => setNow(t, NOW));

const inject = (
  method: 'GET' | 'POST',
  url: string,
  cookies: Cookies,
  payload?: Record<string, unknown>,
  headers?: Record<string, string>,
) => t.app.inject({ method, url, cookies, ...(payload ? { payload } : {}), ...(headers ? { headers } : {}) });

/** The route's answer to a GET of this URL (its query as the test writes it). */
const getData = async <R extends RouteContract>(route: R, url: string, cookies: Cookies) => {
  const response = await inject('GET', url, cookies);
  expect(response.statusCode, response.body).toBe(200);
  return dataOf(route, response);
};

/** Sells the gym's 600,000-won pass (or at `price`, with a reason) and answers its pass and sale ids. */
const sellPass = async (
  g: Gym,
  memberId: number,
  payments: { method: string; amount: number }[],
  extra: Record<string, unknown> = {},
  cookies: Cookies = g.owner,
) => {
  const pass = await sellOk(t, cookies, {
    gymId: g.gymId,
    memberId,
    ticketId: g.ticketId,
    startDate: '2026-03-01',
    payments,
    ...extra,
  });
  const [row] = await t.db.select({ id: sale.id }).from(sale).where(eq(sale.ticketIssueId, pass.id));
  return { issueId: pass.id, saleId: row!.id };
};

/** The money rows and the facility's audit chain: a refusal must leave every count as it was. */
const rowCounts = async (gymId: number) => {
  const n = async (table: typeof paymentLine | typeof saleAdjustment | typeof checkout | typeof auditLog) =>
    (await t.db.select({ n: count() }).from(table).where(eq(table.gymId, gymId)))[0]!.n;
  return {
    lines: await n(paymentLine),
    adjustments: await n(saleAdjustment),
    checkouts: await n(checkout),
    audit: await n(auditLog),
  };
};

const digits = (phone: string) => phone.replace(/\D/g, '');

const unpaidOf = async (memberId: number) =>
  (await t.db.select({ u: member.unpaidAmount }).from(member).where(eq(member.id, memberId)))[0]!.u;

describe('the payment history', () => {
  let g: Gym;
  let kim: { id: number; phone: string };
  let lee: { id: number; phone: string };
  let leeIssue: number;
  const history = (query: string, cookies: Cookies = g.owner) =>
    getData(payHistoryRoute, `/web/pay/history?gymId=${g.gymId}${query}`, cookies);

  beforeAll(async () => {
    g = await makeLedgerGym();
    kim = await makeCustomer(t, g.owner, g.gymId, { name: '김하늘' });
    lee = await makeCustomer(t, g.owner, g.gymId, { name: '이바다' });
    // 23:30 KST on 2026-03-31: March's last day.
    setNow(t, '2026-03-31T14:30:00Z');
    await sellPass(g, kim.id, [
      { method: 'CARD', amount: 300_000 },
      { method: 'CASH', amount: 100_000 },
    ]);
    // 00:10 KST on 2026-04-01: April's first, though still March 31 in UTC. Sold by the clerk.
    setNow(t, '2026-03-31T15:10:00Z');
    leeIssue = (await sellPass(g, lee.id, [{ method: 'TRANSFER', amount: 200_000 }], {}, g.clerk)).issueId;
    // A refund on April 2: a REFUND line (negative).
    setNow(t, '2026-04-02T01:00:00Z');
    const refund = await refundInFull(t, g.owner, leeIssue, { fault: 'BUSINESS', method: 'CASH' });
    expect(refund.statusCode, refund.body).toBe(200);
  }, 60_000);

  it('reads this month so far by default, by Seoul days, with masked phones and the staff', async () => {
    setNow(t, '2026-04-02T05:00:00Z');
    const page = await history('');
    expect(page).toMatchObject({ from: '2026-04-01', to: '2026-04-02', total: 2 });
    // Newest first: the refund, then Lee's transfer at 00:10 KST on April 1.
    expect(page.rows.map((r) => [r.memberId, r.method, r.status])).toEqual([
      [lee.id, 'CASH', 'REFUND'],
      [lee.id, 'TRANSFER', 'APPROVE'],
    ]);
    const transfer = page.rows[1]!;
    expect(transfer).toMatchObject({
      amount: 200_000,
      itemType: 'PASS',
      itemName: '헬스 6개월',
      memberName: '이바다',
    });
    expect(transfer.staffId).toBe(g.clerkId);
    expect(transfer.phone).toMatch(/^010-\*{4}-\d{4}$/);
    expect(transfer.phone.replace(/\D/g, '')).not.toContain(digits(lee.phone).slice(3, 7));
    expect(page.rows[0]!.amount).toBeLessThan(0);
  });

  it('totals every method over the whole range, not the page', async () => {
    const page = await history('&from=2026-03-01&to=2026-04-30&_start=0&_end=1');
    expect(page.rows).toHaveLength(1);
    expect(page.total).toBe(4);
    const refunded = -page.rows[0]!.amount;
    expect(refunded).toBeGreaterThan(0);
    expect(page.totals.CARD).toEqual({ paid: 300_000, refunded: 0, net: 300_000, count: 1 });
    expect(page.totals.TRANSFER).toEqual({ paid: 200_000, refunded: 0, net: 200_000, count: 1 });
    expect(page.totals.CASH).toEqual({ paid: 100_000, refunded, net: 100_000 - refunded, count: 2 });
    expect(page.totals.all).toEqual({ paid: 600_000, refunded, net: 600_000 - refunded, count: 4 });
  });

  it('puts 23:30 KST on March 31 in March, and 00:10 KST on April 1 in April', async () => {
    const march = await history('&from=2026-03-01&to=2026-03-31');
    expect(march.rows.map((r) => [r.memberId, r.method])).toEqual([
      [kim.id, 'CASH'],
      [kim.id, 'CARD'],
    ]);
    expect(march.totals.all.net).toBe(400_000);
  });

  it('filters by method, status, staff, customer and item type', async () => {
    const range = '&from=2026-03-01&to=2026-04-30';
    expect((await history(`${range}&method=CARD`)).rows.map((r) => r.amount)).toEqual([300_000]);
    expect((await history(`${range}&status=REFUND`)).rows.map((r) => r.status)).toEqual(['REFUND']);
    const byStaff = await history(`${range}&staffId=${g.clerkId}`);
    expect(byStaff.rows.map((r) => r.method)).toEqual(['TRANSFER']);
    expect(byStaff.totals.all.net).toBe(200_000);
    expect((await history(`${range}&memberId=${kim.id}`)).total).toBe(2);
    const products = await history(`${range}&itemType=PRODUCT`);
    expect(products).toMatchObject({ total: 0, rows: [] });
    expect(products.totals.all.net).toBe(0);
  });

  it('lets a worker with payHistoryUseYn read', async () => {
    expect((await history('&from=2026-03-01&to=2026-03-31', g.reader)).total).toBe(2);
  });

  it('refuses a backwards range or one longer than 366 days (400), and an unknown method', async () => {
    for (const query of ['&from=2026-04-02&to=2026-04-01', '&from=2025-01-01&to=2026-03-01']) {
      const response = await inject('GET', `/web/pay/history?gymId=${g.gymId}${query}`, g.owner);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().reason).toBe('ledgerRangeTooLong');
    }
    const bad = await inject('GET', `/web/pay/history?gymId=${g.gymId}&method=BITCOIN`, g.owner);
    expect(bad.statusCode).toBe(400);
    const unknown = await inject('GET', `/web/pay/history?gymId=${g.gymId}&color=red`, g.owner);
    expect(unknown.statusCode).toBe(400);
  });

  it('exports the filter as a CSV with a BOM, whole phones and the totals, and audits it', async () => {
    const before = await rowCounts(g.gymId);
    const response = await inject(
      'GET',
      `/web/pay/history/export.csv?gymId=${g.gymId}&from=2026-03-01&to=2026-03-31`,
      g.owner,
      undefined,
      { 'accept-language': 'ko' },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const body = response.body;
    expect(body.charCodeAt(0)).toBe(0xfeff);
    const lines = body.slice(1).split(/\r?\n/);
    expect(lines[0]).toBe('일시,회원,휴대폰,항목,구분,결제수단,금액(원),상태,담당,결제 묶음');
    expect(lines[1]).toContain('2026-03-31 23:30');
    expect(body).toContain(formatPhone(digits(kim.phone)));
    expect(body).toContain('합계,,,,,,400000');
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.gymId, g.gymId), eq(auditLog.action, 'sales.export')))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(audit?.after).toMatchObject({ list: 'payments', from: '2026-03-01', to: '2026-03-31', rows: 2 });
    expect((await rowCounts(g.gymId)).audit).toBe(before.audit + 1);
  });
});

describe('unpaid balances', () => {
  let g: Gym;
  const unpaid = (query = '', cookies: Cookies = g.owner) =>
    getData(unpaidListRoute, `/web/sales/unpaid?gymId=${g.gymId}${query}`, cookies);

  beforeAll(async () => {
    g = await makeLedgerGym();
  }, 60_000);

  it('lists each sale with a balance, its age from the sale day, and the total owed on top', async () => {
    const old = await makeCustomer(t, g.owner, g.gymId, { name: '박오래' });
    const fresh = await makeCustomer(t, g.owner, g.gymId, { name: '최새로' });
    const paidUp = await makeCustomer(t, g.owner, g.gymId, { name: '정완납' });
    // 23:50 KST on 2026-01-29: 40 Seoul days before March 10.
    setNow(t, '2026-01-29T14:50:00Z');
    const oldSale = await sellPass(g, old.id, [{ method: 'CARD', amount: 100_000 }], {
      startDate: '2026-01-29',
    });
    setNow(t, NOW);
    const freshSale = await sellPass(g, fresh.id, [{ method: 'CASH', amount: 500_000 }]);
    await sellPass(g, paidUp.id, [{ method: 'CARD', amount: 600_000 }]);

    const page = await unpaid();
    expect(page).toMatchObject({ total: 2, totalOwed: 600_000, customers: 2 });
    expect(page.rows.map((r) => [r.saleId, r.saleDay, r.ageDays, r.price, r.paid, r.owed])).toEqual([
      [oldSale.saleId, '2026-01-29', 40, 600_000, 100_000, 500_000],
      [freshSale.saleId, '2026-03-10', 0, 600_000, 500_000, 100_000],
    ]);
    expect(page.rows[0]!.phone).toMatch(/^010-\*{4}-\d{4}$/);
    expect(page.rows.every((r) => r.request === null)).toBe(true);

    expect((await unpaid('&sort=owed')).rows.map((r) => r.owed)).toEqual([500_000, 100_000]);
    expect((await unpaid('&sort=newest')).rows[0]!.saleId).toBe(freshSale.saleId);
    const searched = await unpaid(`&q=${encodeURIComponent('새로')}`);
    expect(searched).toMatchObject({ total: 1, totalOwed: 100_000 });
    const paged = await unpaid('&_start=1&_end=2');
    expect(paged.rows.map((r) => r.saleId)).toEqual([freshSale.saleId]);
    expect(paged.totalOwed).toBe(600_000);
    expect((await unpaid('', g.reader)).total).toBe(2);
  });

  it("shows the latest payment request's state, EXPIRED once past its expiry", async () => {
    const c = await makeCustomer(t, g.owner, g.gymId, { name: '한요청' });
    const { saleId } = await sellPass(g, c.id, [{ method: 'CARD', amount: 590_000 }]);
    const sent = await inject('POST', '/web/pay-request', g.owner, { gymId: g.gymId, saleId });
    expect(sent.statusCode, sent.body).toBe(201);
    const rowOf = async () => (await unpaid('&sort=newest')).rows.find((r) => r.saleId === saleId)!;
    expect((await rowOf()).request).toMatchObject({ id: sent.json().data.id, status: 'FIN', amount: 10_000 });
    setNow(t, '2026-03-25T03:00:00Z');
    expect((await rowOf()).request?.status).toBe('EXPIRED');
  });

  it('exports the balances as a CSV and audits it', async () => {
    const response = await inject(
      'GET',
      `/web/sales/unpaid/export.csv?gymId=${g.gymId}`,
      g.reader,
      undefined,
      {
        'accept-language': 'en',
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body.charCodeAt(0)).toBe(0xfeff);
    expect(response.body.slice(1).split(/\r?\n/)[0]).toBe(
      'Sold on,Age (days),Customer,Phone,Item,Item type,Price,Adjusted,Paid,Owed,Staff,Payment request',
    );
    expect(response.body).toContain('2026-01-29,40,박오래');
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.gymId, g.gymId), eq(auditLog.action, 'sales.export')));
    expect(audit?.after).toMatchObject({ list: 'unpaid', sort: 'oldest' });
  });
});

describe('collecting a balance', () => {
  let g: Gym;
  beforeAll(async () => {
    g = await makeLedgerGym();
  }, 60_000);

  const collect = (saleId: number, payments: unknown, cookies: Cookies = g.clerk) =>
    inject('POST', `/web/sales/${saleId}/collect`, cookies, { gymId: g.gymId, payments });

  it('writes a COLLECT checkout and its lines, refreshes the pass and the customer, and audits', async () => {
    const c = await makeCustomer(t, g.owner, g.gymId);
    const { saleId, issueId } = await sellPass(g, c.id, [{ method: 'CARD', amount: 200_000 }]);
    expect(await unpaidOf(c.id)).toBe(400_000);
    const response = await collect(saleId, [
      { method: 'CASH', amount: 150_000 },
      { method: 'TRANSFER', amount: 50_000 },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const { checkoutId, owed } = dataOf(saleCollectRoute, response);
    expect(owed).toBe(200_000);
    const [head] = await t.db.select().from(checkout).where(eq(checkout.id, checkoutId));
    expect(head).toMatchObject({
      kind: 'COLLECT',
      total: 0,
      paid: 200_000,
      cashPaid: 200_000,
      memberId: c.id,
    });
    const lines = await t.db.select().from(paymentLine).where(eq(paymentLine.checkoutId, checkoutId));
    expect(lines.map((l) => [l.saleId, l.method, l.amount, l.status])).toEqual([
      [saleId, 'CASH', 150_000, 'APPROVE'],
      [saleId, 'TRANSFER', 50_000, 'APPROVE'],
    ]);
    const [pass] = await t.db.select().from(ticketIssue).where(eq(ticketIssue.id, issueId));
    expect(pass).toMatchObject({ paidAmount: 400_000, unpaidAmount: 200_000 });
    expect(await unpaidOf(c.id)).toBe(200_000);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.gymId, g.gymId), eq(auditLog.action, 'sale.collect')));
    expect(audit).toMatchObject({ entity: 'sale', entityId: String(saleId) });
    expect(audit?.after).toMatchObject({ owed: 200_000, checkoutId });

    // The history shows the lines, taken by the clerk.
    const history = await getData(
      payHistoryRoute,
      `/web/pay/history?gymId=${g.gymId}&method=TRANSFER`,
      g.owner,
    );
    expect(history.rows[0]).toMatchObject({ amount: 50_000, checkoutId, staffName: expect.any(String) });

    // What is left can be collected; then nothing is owed (409), and nothing is written.
    expect((await collect(saleId, [{ method: 'CARD', amount: 200_000 }])).json().data.owed).toBe(0);
    expect(await unpaidOf(c.id)).toBe(0);
    const before = await rowCounts(g.gymId);
    const again = await collect(saleId, [{ method: 'CARD', amount: 1 }]);
    expect(again.statusCode).toBe(409);
    expect(again.json().reason).toBe('nothingOwed');
    expect(await rowCounts(g.gymId)).toEqual(before);
  });

  it('refuses payments above what is owed (400 paymentsAboveOwed) and bad amounts, writing nothing', async () => {
    const c = await makeCustomer(t, g.owner, g.gymId);
    const { saleId } = await sellPass(g, c.id, [{ method: 'CARD', amount: 500_000 }]);
    const before = await rowCounts(g.gymId);
    const above = await collect(saleId, [
      { method: 'CARD', amount: 60_000 },
      { method: 'CASH', amount: 40_001 },
    ]);
    expect(above.statusCode).toBe(400);
    expect(above.json()).toMatchObject({ reason: 'paymentsAboveOwed', details: { owed: 100_000 } });
    expect(above.json().errors.payments).toHaveLength(1);
    for (const payments of [
      [],
      [{ method: 'CARD', amount: -5 }],
      [{ method: 'CARD', amount: 0 }],
      [{ method: 'COUPON', amount: 10 }],
      [{ method: 'CARD', amount: 1.5 }],
    ]) {
      const response = await collect(saleId, payments);
      expect(response.statusCode, JSON.stringify(payments)).toBe(400);
    }
    expect(await rowCounts(g.gymId)).toEqual(before);
  });

  it('refuses a refunded pass (409 passRefunded) and a reader (403), writing nothing', async () => {
    const c = await makeCustomer(t, g.owner, g.gymId);
    const refunded = await sellPass(g, c.id, [{ method: 'CARD', amount: 100_000 }]);
    // At fault: 110,000 back, by the card line and the penalty in cash (docs/rules.md#refunds).
    const refund = await refundInFull(t, g.owner, refunded.issueId, { fault: 'BUSINESS' });
    expect(refund.statusCode, refund.body).toBe(200);
    const other = await sellPass(g, c.id, [{ method: 'CARD', amount: 100_000 }]);
    const before = await rowCounts(g.gymId);
    const closed = await collect(refunded.saleId, [{ method: 'CASH', amount: 1_000 }]);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().reason).toBe('passRefunded');
    expect((await collect(other.saleId, [{ method: 'CASH', amount: 1_000 }], g.reader)).statusCode).toBe(403);
    expect(await rowCounts(g.gymId)).toEqual(before);
  });

  it('gives two concurrent collections of the last won one success and one refusal', async () => {
    const c = await makeCustomer(t, g.owner, g.gymId);
    const { saleId } = await sellPass(g, c.id, [{ method: 'CARD', amount: 599_999 }]);
    const results = await Promise.all([
      collect(saleId, [{ method: 'CASH', amount: 1 }]),
      collect(saleId, [{ method: 'CARD', amount: 1 }], g.owner),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().reason).toBe('nothingOwed');
    const [paid] = await t.db
      .select({ n: count(), sum: sql<number>`sum(${paymentLine.amount})`.mapWith(Number) })
      .from(paymentLine)
      .where(eq(paymentLine.saleId, saleId));
    expect(paid).toEqual({ n: 2, sum: 600_000 });
    expect(await unpaidOf(c.id)).toBe(0);
  });
});

describe('write-offs and corrections', () => {
  let g: Gym;
  beforeAll(async () => {
    g = await makeLedgerGym();
  }, 60_000);

  const writeOff = (saleId: number, body: Record<string, unknown>, cookies: Cookies = g.owner) =>
    inject('POST', `/web/sales/${saleId}/write-off`, cookies, { gymId: g.gymId, ...body });
  const correct = (saleId: number, body: Record<string, unknown>, cookies: Cookies = g.clerk) =>
    inject('POST', `/web/sales/${saleId}/correct`, cookies, { gymId: g.gymId, ...body });

  it('writes off the whole balance as a WRITE_OFF row: the representative only, with a reason', async () => {
    const c = await makeCustomer(t, g.owner, g.gymId);
    const { saleId, issueId } = await sellPass(g, c.id, [{ method: 'CARD', amount: 450_000 }]);
    const before = await rowCounts(g.gymId);
    // A worker holding payHistorySettingYn is not the representative.
    expect((await writeOff(saleId, { reason: '연락 두절' }, g.clerk)).statusCode).toBe(403);
    for (const body of [{}, { reason: '' }, { reason: '   ' }]) {
      const response = await writeOff(saleId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors.reason).toBeDefined();
    }
    expect(await rowCounts(g.gymId)).toEqual(before);

    const response = await writeOff(saleId, { reason: '연락 두절' });
    expect(response.statusCode, response.body).toBe(200);
    const { adjustmentId, owed } = dataOf(saleWriteOffRoute, response);
    expect(owed).toBe(0);
    const [row] = await t.db.select().from(saleAdjustment).where(eq(saleAdjustment.id, adjustmentId));
    expect(row).toMatchObject({
      saleId,
      kind: 'WRITE_OFF',
      amount: 150_000,
      reason: '연락 두절',
      memberId: c.id,
    });
    const [pass] = await t.db.select().from(ticketIssue).where(eq(ticketIssue.id, issueId));
    expect(pass).toMatchObject({ adjustedAmount: 150_000, unpaidAmount: 0, price: 600_000 });
    // The sale is never updated.
    const [sold] = await t.db.select().from(sale).where(eq(sale.id, saleId));
    expect(sold?.price).toBe(600_000);
    expect(await unpaidOf(c.id)).toBe(0);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.gymId, g.gymId), eq(auditLog.action, 'sale.write-off')));
    expect(audit?.after).toMatchObject({ owed: 0, adjustmentId, reason: '연락 두절' });
    const unpaid = await getData(unpaidListRoute, `/web/sales/unpaid?gymId=${g.gymId}`, g.owner);
    expect(unpaid.rows.some((r) => r.saleId === saleId)).toBe(false);

    const after = await rowCounts(g.gymId);
    const again = await writeOff(saleId, { reason: '다시' });
    expect(again.statusCode).toBe(409);
    expect(again.json().reason).toBe('nothingOwed');
    const more = await correct(saleId, { amount: 1, reason: '정정' });
    expect(more.statusCode).toBe(409);
    expect(more.json()).toMatchObject({ reason: 'correctionBelowPaid', details: { max: '0' } });
    expect(await rowCounts(g.gymId)).toEqual(after);
  });

  it('corrects a price down to what was paid, never below, with payHistorySettingYn', async () => {
    const c = await makeCustomer(t, g.owner, g.gymId);
    const { saleId, issueId } = await sellPass(g, c.id, [{ method: 'CARD', amount: 500_000 }]);
    const before = await rowCounts(g.gymId);
    const below = await correct(saleId, { amount: 100_001, reason: '가격 오기' });
    expect(below.statusCode).toBe(409);
    expect(below.json()).toMatchObject({ reason: 'correctionBelowPaid', details: { max: '100,000' } });
    expect((await correct(saleId, { amount: 10_000, reason: '가격 오기' }, g.reader)).statusCode).toBe(403);
    for (const body of [
      { amount: 0, reason: 'x' },
      { amount: -1, reason: 'x' },
      { amount: 10_000 },
      { amount: 10_000, reason: '' },
    ])
      expect((await correct(saleId, body)).statusCode, JSON.stringify(body)).toBe(400);
    expect(await rowCounts(g.gymId)).toEqual(before);

    const response = await correct(saleId, { amount: 30_000, reason: '가격 오기' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.owed).toBe(70_000);
    const [row] = await t.db.select().from(saleAdjustment).where(eq(saleAdjustment.saleId, saleId));
    expect(row).toMatchObject({ kind: 'CORRECTION', amount: 30_000, reason: '가격 오기' });
    const [pass] = await t.db.select().from(ticketIssue).where(eq(ticketIssue.id, issueId));
    expect(pass).toMatchObject({ adjustedAmount: 30_000, unpaidAmount: 70_000 });
    expect(await unpaidOf(c.id)).toBe(70_000);
    // Collecting is now capped at the corrected balance.
    const over = await inject('POST', `/web/sales/${saleId}/collect`, g.clerk, {
      gymId: g.gymId,
      payments: [{ method: 'CARD', amount: 70_001 }],
    });
    expect(over.json().reason).toBe('paymentsAboveOwed');
    // Down to exactly what was paid is allowed.
    expect((await correct(saleId, { amount: 70_000, reason: '잔액 정정' })).json().data.owed).toBe(0);
  });

  it('refuses a correction or a write-off of a refunded pass (409 passRefunded)', async () => {
    const c = await makeCustomer(t, g.owner, g.gymId);
    const { saleId, issueId } = await sellPass(g, c.id, [{ method: 'CARD', amount: 100_000 }]);
    expect((await refundInFull(t, g.owner, issueId, { fault: 'BUSINESS' })).statusCode).toBe(200);
    const before = await rowCounts(g.gymId);
    for (const response of [
      await writeOff(saleId, { reason: '환불됨' }),
      await correct(saleId, { amount: 1_000, reason: '환불됨' }),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json().reason).toBe('passRefunded');
    }
    expect(await rowCounts(g.gymId)).toEqual(before);
  });
});

describe('the sales list', () => {
  let g: Gym;
  let discounted: { saleId: number; issueId: number };
  let refunded: { saleId: number; issueId: number };
  let buyer: { id: number };
  const list = (query = '', cookies: Cookies = g.owner) =>
    getData(salesListRoute, `/web/sales?gymId=${g.gymId}${query}`, cookies);

  beforeAll(async () => {
    g = await makeLedgerGym();
    buyer = await makeCustomer(t, g.owner, g.gymId, { name: '윤할인' });
    const other = await makeCustomer(t, g.owner, g.gymId, { name: '서환불' });
    discounted = await sellPass(
      g,
      buyer.id,
      [{ method: 'CARD', amount: 400_000 }],
      { price: 550_000, priceReason: '지인 할인' },
      g.clerk,
    );
    const fix = await inject('POST', `/web/sales/${discounted.saleId}/correct`, g.owner, {
      gymId: g.gymId,
      amount: 50_000,
      reason: '가격 오기',
    });
    expect(fix.statusCode, fix.body).toBe(200);
    refunded = await sellPass(g, other.id, [{ method: 'CASH', amount: 600_000 }]);
    setNow(t, '2026-03-11T03:00:00Z');
    const refund = await action(t, g.owner, refunded.issueId, 'refund', {
      fault: 'BUSINESS',
      method: 'CASH',
      amount: 300_000,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    setNow(t, NOW);
  }, 60_000);

  it('shows each sale with its discount, adjustments and refunds as reversing rows, paid, owed and staff', async () => {
    setNow(t, '2026-03-11T05:00:00Z');
    const page = await list();
    expect(page).toMatchObject({ from: '2026-03-01', to: '2026-03-11', total: 2 });
    const one = page.rows.find((r) => r.id === discounted.saleId)!;
    expect(one).toMatchObject({
      memberId: buyer.id,
      itemType: 'PASS',
      quantity: 1,
      listPrice: 600_000,
      price: 550_000,
      discount: 50_000,
      priceReason: '지인 할인',
      promotionName: null,
      paid: 400_000,
      refunded: 0,
      owed: 100_000,
      closed: false,
      staffId: g.clerkId,
    });
    expect(one.adjustments).toEqual([
      expect.objectContaining({ kind: 'CORRECTION', amount: 50_000, reason: '가격 오기' }),
    ]);
    expect(one.phone).toMatch(/^010-\*{4}-\d{4}$/);
    const [stored] = await t.db
      .select({ c: sale.checkoutId })
      .from(sale)
      .where(eq(sale.id, discounted.saleId));
    expect(one.checkoutId).toBe(stored!.c);

    const two = page.rows.find((r) => r.id === refunded.saleId)!;
    expect(two).toMatchObject({ paid: 600_000, refunded: 300_000, owed: 0, closed: true });
    expect(two.refunds).toEqual([expect.objectContaining({ method: 'CASH', amount: -300_000 })]);
    expect(page.totals).toMatchObject({
      count: 2,
      listPrice: 1_200_000,
      price: 1_150_000,
      discount: 50_000,
      adjusted: 50_000,
      paid: 1_000_000,
      refunded: 300_000,
    });
  });

  it('filters by item type, staff and customer, and pages', async () => {
    expect((await list(`&staffId=${g.clerkId}`)).rows.map((r) => r.id)).toEqual([discounted.saleId]);
    expect((await list(`&memberId=${buyer.id}`)).total).toBe(1);
    expect((await list('&itemType=LOCKER')).total).toBe(0);
    const first = await list('&_start=0&_end=1');
    expect(first.rows).toHaveLength(1);
    expect(first.total).toBe(2);
    expect((await list('&from=2026-02-01&to=2026-02-28')).total).toBe(0);
    expect((await list('', g.reader)).total).toBe(2);
  });

  it('exports the list as a CSV with the reversing rows negative, and audits it', async () => {
    const response = await inject('GET', `/web/sales/export.csv?gymId=${g.gymId}`, g.owner, undefined, {
      'accept-language': 'ko',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body.charCodeAt(0)).toBe(0xfeff);
    const lines = response.body.slice(1).split(/\r?\n/);
    expect(lines[0]).toContain('판매번호,일시,회원');
    expect(lines.some((l) => l.includes('금액 정정') && l.includes(',가격 오기,-50000,'))).toBe(true);
    expect(lines.some((l) => l.includes('환불') && l.includes(',현금,-300000,'))).toBe(true);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.gymId, g.gymId), eq(auditLog.action, 'sales.export')));
    expect(audit?.after).toMatchObject({ list: 'sales', rows: 2 });
  });
});
