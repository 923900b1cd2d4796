import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkout, member, paymentLine, product, sale } from '#server/db/schema/index.ts';
import { errorOf } from '../fixtures/api.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeCustomer, setNow } from '../fixtures/customers.ts';
import { type Cookies, makeActiveGym } from '../fixtures/gyms.ts';

// docs/rules.md#money-limits: money columns are 32-bit, so the contracts bound every amount, every line (100,000,000
// won) and every checkout (1,000,000,000 won), with a field error naming the line; sums are 64-bit: a customer's
// unpaid total (bigint) and the reports' sums, so a customer who owes a great deal still buys, and a report over
// billions of won adds up. The clock is Monday 2026-03-02 09:00 KST.

let t: TestApp;
let owner: Cookies;
let gymId: number;

const NOW = '2026-03-02T00:00:00Z';
const LIMIT = 100_000_000;

const send = (method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url,
    cookies: owner,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const makeProduct = async (price: number, stock = 100_000) => {
  const [row] = await t.db
    .insert(product)
    .values({ gymId, name: `고가 장비 ${price}`, price, stock })
    .returning();
  return row!;
};

const rowsOf = async (gym: number) => ({
  checkouts: (await t.db.select({ n: count() }).from(checkout).where(eq(checkout.gymId, gym)))[0]!.n,
  sales: (await t.db.select({ n: count() }).from(sale).where(eq(sale.gymId, gym)))[0]!.n,
  lines: (await t.db.select({ n: count() }).from(paymentLine).where(eq(paymentLine.gymId, gym)))[0]!.n,
});

const expectField = (
  response: { statusCode: number; body: string; json: () => unknown },
  field: string,
  text: string,
) => {
  expect(response.statusCode, response.body).toBe(400);
  const body = errorOf(response);
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(body.errors?.[field], response.body).toEqual([text]);
};

beforeAll(async () => {
  t = await createTestApp({
    config: { session: { idleMs: 10 * 365 * 86_400_000, absoluteMs: 10 * 365 * 86_400_000 } },
  });
  setNow(t, NOW);
  const made = await makeActiveGym(t);
  owner = made.owner.cookies;
  gymId = made.gym.id;
});
afterAll(() => t?.close());

describe('a checkout past the 32-bit limit', () => {
  it('100,000,000 won × 999 × 20 lines is refused on the first line, naming it, and writes nothing', async () => {
    const dear = await makeProduct(LIMIT);
    const customer = await makeCustomer(t, owner, gymId);
    const before = await rowsOf(gymId);
    const items = Array.from({ length: 20 }, () => ({ type: 'PRODUCT', productId: dear.id, quantity: 999 }));
    for (const [language, text] of [
      ['en', 'One line can come to at most 100,000,000 won: lower its quantity or amount.'],
      ['ko', '한 항목의 금액은 1억 원을 넘을 수 없습니다. 수량이나 금액을 줄여 주세요.'],
    ] as const) {
      const response = await send(
        'POST',
        '/web/sales/checkout',
        { gymId, memberId: customer.id, items },
        { 'accept-language': language },
      );
      expectField(response, 'items.0.quantity', text);
      expect(response.json().reason).toBe('lineTooLarge');
    }
    expect(await rowsOf(gymId)).toEqual(before);
    const [stock] = await t.db.select({ stock: product.stock }).from(product).where(eq(product.id, dear.id));
    expect(stock!.stock).toBe(100_000);
  });

  it('a line of its own within the limit, but past 1,000,000,000 won in all: the line that crosses is named', async () => {
    const dear = await makeProduct(LIMIT);
    const customer = await makeCustomer(t, owner, gymId);
    const before = await rowsOf(gymId);
    const items = Array.from({ length: 20 }, () => ({ type: 'PRODUCT', productId: dear.id, quantity: 1 }));
    const response = await send('POST', '/web/sales/checkout', { gymId, memberId: customer.id, items });
    // Ten lines make exactly 1,000,000,000 won; the eleventh (index 10) crosses it.
    expectField(
      response,
      'items.10.quantity',
      'One checkout can come to at most 1,000,000,000 won: split it into several.',
    );
    expect(response.json().reason).toBe('checkoutTooLarge');
    expect(await rowsOf(gymId)).toEqual(before);
  });

  it('a locker line whose fee and deposit together pass the line limit is refused by the contract', async () => {
    const customer = await makeCustomer(t, owner, gymId);
    const response = await send('POST', '/web/sales/checkout', {
      gymId,
      memberId: customer.id,
      items: [
        {
          type: 'LOCKER',
          lockerId: 1,
          startDate: '2026-03-02',
          endDate: '2026-03-31',
          fee: LIMIT,
          deposit: 1,
        },
      ],
    });
    expectField(
      response,
      'items.0.fee',
      'One line can come to at most 100,000,000 won: lower its quantity or amount.',
    );
  });
});

describe('64-bit sums', () => {
  it('a customer who owes more than 2,147,483,647 won can still buy, and the unpaid totals add up', async () => {
    const dear = await makeProduct(LIMIT);
    const cheap = await makeProduct(1_000);
    const customer = await makeCustomer(t, owner, gymId);
    const items = Array.from({ length: 10 }, () => ({ type: 'PRODUCT', productId: dear.id, quantity: 1 }));
    // Three checkouts of 1,000,000,000 won each, nothing paid: 3,000,000,000 won owed.
    for (let i = 0; i < 3; i++) {
      const response = await send('POST', '/web/sales/checkout', { gymId, memberId: customer.id, items });
      expect(response.statusCode, response.body).toBe(201);
    }
    const bought = await send('POST', '/web/sales/checkout', {
      gymId,
      memberId: customer.id,
      items: [{ type: 'PRODUCT', productId: cheap.id, quantity: 1 }],
      payments: [{ method: 'CASH', amount: 1_000 }],
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const [row] = await t.db
      .select({ unpaid: member.unpaidAmount })
      .from(member)
      .where(eq(member.id, customer.id));
    expect(row!.unpaid).toBe(3_000_000_000);
    const detail = await send('GET', `/web/member/customer/${customer.id}?gymId=${gymId}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.unpaidAmount).toBe(3_000_000_000);
    const list = await send('GET', `/web/member/total-list?gymId=${gymId}&segment=unpaid`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.find((c: { id: number }) => c.id === customer.id).unpaidAmount).toBe(
      3_000_000_000,
    );
    const home = await send('GET', `/web/home/today/${gymId}`);
    expect(home.statusCode, home.body).toBe(200);
    expect(home.json().data.unpaid.total).toBeGreaterThanOrEqual(3_000_000_000);
  });

  it('a report over billions of won received adds up without overflow', async () => {
    const gym = await makeActiveGym(t);
    const [own] = await t.db
      .insert(product)
      .values({ gymId: gym.gym.id, name: '고가 장비', price: LIMIT, stock: 1_000 })
      .returning();
    const customer = await makeCustomer(t, gym.owner.cookies, gym.gym.id);
    const items = Array.from({ length: 10 }, () => ({ type: 'PRODUCT', productId: own!.id, quantity: 1 }));
    const payments = Array.from({ length: 10 }, () => ({ method: 'CARD', amount: LIMIT }));
    for (let i = 0; i < 3; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/web/sales/checkout',
        cookies: gym.owner.cookies,
        payload: { gymId: gym.gym.id, memberId: customer.id, items, payments },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const get = (url: string) => t.app.inject({ method: 'GET', url, cookies: gym.owner.cookies });
    const stats = await get(`/web/report/statistics?gymId=${gym.gym.id}&from=2026-03&to=2026-03`);
    expect(stats.statusCode, stats.body).toBe(200);
    expect(stats.json().data.totals.received).toBe(3_000_000_000);
    expect(stats.json().data.totals.salesAmount).toBe(3_000_000_000);
    const history = await get(`/web/report/revenue-history?gymId=${gym.gym.id}&from=2026-03&to=2026-03`);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().data.totals.received).toBe(3_000_000_000);
    const paid = await get(`/web/pay/history?gymId=${gym.gym.id}&from=2026-03-01&to=2026-03-02`);
    expect(paid.statusCode, paid.body).toBe(200);
    const home = await get(`/web/home/today/${gym.gym.id}`);
    expect(home.json().data.sales.received).toBe(3_000_000_000);
  });
});
