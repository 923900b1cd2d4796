import { join } from 'node:path';
import dayjs from 'dayjs';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, seoulToday } from '#domain/rules/seoul-time.ts';
import { gym } from '#server/db/schema/index.ts';
import { seedDemo } from '#server/db/seed.ts';
import { verifyAudit } from '#server/modules/audit/audit.service.ts';
import { createMemberRepository } from '#server/modules/member/member.repository.ts';
import { createDiskStorage } from '#server/storage/disk-storage.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { login, randomIp, sessionCookieOf } from '../fixtures/factories.ts';

// The demo's money (server/db/seed-money.ts): every money screen of 핏데스크 강남점 has something true to show
// for six months, read through the API as the web app reads it, and the revenue "as of" today reconciles: paid =
// earned + deferred + refunded.

let t: TestApp;
let sid: string;
let gymId: number;
const today = seoulToday(new Date());
const monthOf = (offset: number) => dayjs.utc(today).startOf('month').add(offset, 'month');
const months = [-5, -4, -3, -2, -1, 0].map((m) => monthOf(m).format('YYYY-MM'));
const first = `${months[0]}-01`;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, createMemberRepository(t.db), createDiskStorage(join(t.dataDir, 'uploads')));
  sid = sessionCookieOf(await login(t.app, 'demo', 'demo1234', randomIp()))!;
  const [gangnam] = await t.db.select({ id: gym.id }).from(gym).where(like(gym.name, '%강남%'));
  gymId = gangnam!.id;
}, 600_000);
afterAll(() => t?.close());

const get = async (url: string) => {
  const response = await t.app.inject({ method: 'GET', url, cookies: { sid } });
  expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
  return response.headers['content-type']?.toString().startsWith('text/csv')
    ? response.body
    : response.json();
};

type Answer = Awaited<ReturnType<typeof get>>;

/** Every row of a paged list (`_start`/`_end`), a page at a time. */
const all = async <T>(url: string, pick: (answer: Answer) => { rows: T[]; total: number }) => {
  const rows: T[] = [];
  for (;;) {
    const page = pick(await get(`${url}&_start=${rows.length}&_end=${rows.length + 200}`));
    rows.push(...page.rows);
    if (page.rows.length === 0 || rows.length >= page.total) return rows;
  }
};

describe('the demo money of 핏데스크 강남점', () => {
  it('fills the payment history of six months with every method, split checkouts and refunds', async () => {
    const { data } = await get(`/web/pay/history?gymId=${gymId}&from=${first}&to=${today}&_end=1`);
    expect(data.total).toBeGreaterThan(500);
    for (const method of ['CARD', 'CASH', 'TRANSFER'] as const)
      expect(data.totals[method].count).toBeGreaterThan(10);
    // Card the most, as at a real desk.
    expect(data.totals.CARD.paid).toBeGreaterThan(data.totals.CASH.paid + data.totals.TRANSFER.paid);
    expect(data.totals.all.refunded).toBeGreaterThan(0);
    for (const month of months) {
      const from = `${month}-01`;
      const to = dayjs.utc(from).endOf('month').format('YYYY-MM-DD');
      const page = (
        await get(`/web/pay/history?gymId=${gymId}&from=${from}&to=${to < today ? to : today}&_end=1`)
      ).data;
      expect(page.total, month).toBeGreaterThan(20);
    }
  });

  it('leaves unpaid balances with a total on top', async () => {
    const { data } = await get(`/web/sales/unpaid?gymId=${gymId}&_end=50`);
    expect(data.totalOwed).toBeGreaterThan(0);
    expect(data.rows.length).toBeGreaterThan(5);
    expect(data.customers).toBeGreaterThan(5);
  });

  it('lists sales with promotions, manual discounts, write-offs, a correction and refunds', async () => {
    type Row = {
      promotionName: string | null;
      priceReason: string | null;
      adjustments: { kind: string; reason: string }[];
      refunds: unknown[];
      itemType: string;
    };
    const rows = await all<Row>(`/web/sales?gymId=${gymId}&from=${first}&to=${today}`, (a) => a.data);
    expect(rows.length).toBeGreaterThan(500);
    const kinds = rows.flatMap((r) => r.adjustments.map((a) => a.kind));
    expect(kinds.filter((k) => k === 'WRITE_OFF')).toHaveLength(2);
    expect(kinds.filter((k) => k === 'CORRECTION')).toHaveLength(1);
    expect(rows.filter((r) => r.refunds.length > 0).length).toBeGreaterThanOrEqual(4);
    expect(new Set(rows.filter((r) => r.promotionName).map((r) => r.promotionName))).toEqual(
      new Set(['장기권·PT 5만원 할인', '재등록 10% 할인']),
    );
    expect(rows.some((r) => r.priceReason === '지인 소개 할인')).toBe(true);
    const types = new Set(rows.map((r) => r.itemType));
    for (const type of ['PASS', 'PRODUCT', 'LOCKER']) expect(types.has(type), type).toBe(true);
  });

  it('has products in groups with stock movements, one low on stock', async () => {
    const products = await get(`/web/product/list/${gymId}?_end=50`);
    expect(products.total).toBe(10);
    const low = await get(`/web/product/list/${gymId}?lowStock=true&_end=50`);
    expect(low.data.map((p: { name: string }) => p.name)).toEqual(['단백질바']);
    const groups = await get(`/web/product-group/list/${gymId}?_end=50`);
    expect(groups.data.map((g: { name: string }) => g.name)).toEqual([
      '음료',
      '보충제',
      '운동복',
      '대여',
      '간식',
    ]);
    const water = products.data.find((p: { name: string }) => p.name === '생수 500ml');
    const moves = (await get(`/web/product/${water.id}/movement?gymId=${gymId}&_end=100`)).data as {
      kind: string;
      note: string | null;
    }[];
    expect(moves.some((m) => m.kind === 'SALE')).toBe(true);
    expect(moves.some((m) => m.kind === 'ADJUST' && m.note)).toBe(true);
    expect(products.data.find((p: { name: string }) => p.name === '바나나').vatMode).toBe('EXEMPT');
  });

  it('runs a promotion now, with one ended last month and one scheduled next month', async () => {
    const state = async (s: string) => (await get(`/web/promotion/list/${gymId}?state=${s}&_end=20`)).data;
    const running = await state('RUNNING');
    expect(running).toHaveLength(1);
    expect(running[0]).toMatchObject({ kind: 'PERCENT', value: 10, perCustomerLimit: 1 });
    expect(running[0].usedCount).toBeGreaterThan(0);
    expect((await state('ENDED'))[0].usedCount).toBeGreaterThan(0);
    expect(await state('SCHEDULED')).toHaveLength(1);
  });

  it('records expenses in each of the six months, a custom category and one reversal', async () => {
    let reversals = 0;
    for (const month of months) {
      const from = `${month}-01`;
      const to = dayjs.utc(from).endOf('month').format('YYYY-MM-DD');
      const list = (await get(`/web/expense?gymId=${gymId}&from=${from}&to=${to}&_end=200`)).data as {
        amount: number;
        categoryCode: string | null;
        reversesExpenseId: number | null;
      }[];
      expect(list.length, month).toBeGreaterThan(0);
      expect(list.some((e) => e.categoryCode === 'RENT')).toBe(true);
      reversals += list.filter((e) => e.reversesExpenseId !== null).length;
    }
    expect(reversals).toBe(1);
    const categories = (await get(`/web/expense/category?gymId=${gymId}`)).data as { name: string }[];
    expect(categories.map((c) => c.name)).toContain('청소 용역');
  });

  it('has cash receipts issued (self-issued and for expense proof), cancelled, due and overdue', async () => {
    const due = await get(`/web/receipt/cash/due?gymId=${gymId}&state=DUE&_end=50`);
    expect(due.total).toBe(3);
    const overdue = await get(`/web/receipt/cash/due?gymId=${gymId}&state=OVERDUE&_end=50`);
    expect(overdue.total).toBe(1);
    const issued = (
      await all<{ receipt: { selfIssued: boolean; purpose: string; identifierType: string } }>(
        `/web/receipt/cash/due?gymId=${gymId}&state=ISSUED`,
        (a) => ({ rows: a.data, total: a.total }),
      )
    ).map((r) => r.receipt);
    expect(issued.length).toBeGreaterThan(50);
    expect(issued.filter((r) => r.selfIssued)).toHaveLength(1);
    expect(
      issued.filter((r) => r.purpose === 'EXPENSE_PROOF' && r.identifierType === 'BUSINESS'),
    ).toHaveLength(1);
    // The accountant's export lists the cancelled receipt (with the cancelled tax invoice).
    let cancelled = 0;
    for (const month of months) {
      const csv = (await get(`/web/receipt/export.csv?gymId=${gymId}&month=${month}`)) as string;
      cancelled += csv
        .split('\n')
        .filter(
          (line) => /(현금영수증|Cash receipt)/.test(line) && /(^|,)"?(취소|Cancelled)"?(,|$)/.test(line),
        ).length;
    }
    expect(cancelled).toBeGreaterThanOrEqual(1);
  });

  it('has two tax invoices to business buyers, one cancelled', async () => {
    const list = (await get(`/web/receipt/tax-invoice?gymId=${gymId}&from=${first}&to=${today}&_end=20`))
      .data as {
      status: string;
      buyerName: string;
    }[];
    expect(list.map((i) => i.status).sort()).toEqual(['CANCELLED', 'ISSUED']);
  });

  it('has payment requests in every state', async () => {
    const list = (await get(`/web/pay-request?gymId=${gymId}&_end=50`)).data as { status: string }[];
    expect(new Set(list.map((r) => r.status))).toEqual(new Set(['FIN', 'WAIT', 'APPROVE', 'EXPIRED']));
  });

  it('fills the statistics and the revenue reports for six months', async () => {
    const range = `gymId=${gymId}&from=${months[0]}&to=${months[5]}`;
    const stats = (await get(`/web/report/statistics?${range}`)).data;
    expect(stats.byMonth).toHaveLength(6);
    for (const m of stats.byMonth) expect(m.received, m.month).toBeGreaterThan(0);
    expect(stats.byMethod.length).toBe(3);
    expect(stats.byStaff.length).toBeGreaterThan(2);
    expect(stats.customers.newCount).toBeGreaterThan(0);
    expect(stats.customers.renewalCount).toBeGreaterThan(0);
    expect(stats.totals.refundCount).toBeGreaterThan(0);
    expect(stats.totals.averageSale).toBeGreaterThan(0);

    const history = (await get(`/web/report/revenue-history?${range}&unit=month`)).data;
    expect(history.rows).toHaveLength(6);
    for (const row of history.rows) {
      expect(row.received, row.period).toBeGreaterThan(0);
      expect(row.expenditure, row.period).toBeGreaterThan(0);
    }
    const chart = (await get(`/web/report/revenue?${range}`)).data;
    expect(chart.months).toHaveLength(6);
    for (const m of chart.months) expect(m.earned, m.month).toBeGreaterThan(0);
    expect(chart.months[5].deferred).toBeGreaterThan(0);
  });

  it('reconciles the revenue as of today: paid = earned + deferred + refunded', async () => {
    const asOf = (await get(`/web/report/revenue/as-of?gymId=${gymId}&date=${today}&_end=5`)).data;
    const { passes, paid, earned, deferred, refunded } = asOf.totals;
    console.info(
      `revenue as of ${today}: ${passes} passes, paid ${paid} = earned ${earned} + deferred ${deferred} + refunded ${refunded}`,
    );
    expect(passes).toBeGreaterThan(200);
    expect(refunded).toBeGreaterThan(0);
    expect(deferred).toBeGreaterThan(0);
    expect(paid).toBe(earned + deferred + refunded);
    expect(asOf.reconciles).toBe(true);
    // A month ago too.
    const before = (await get(`/web/report/revenue/as-of?gymId=${gymId}&date=${addDays(today, -30)}&_end=1`))
      .data;
    expect(before.totals.paid).toBe(before.totals.earned + before.totals.deferred + before.totals.refunded);
  });

  it('leaves an intact audit chain', async () => {
    expect((await verifyAudit(t.db, gymId)).ok).toBe(true);
  });
});
