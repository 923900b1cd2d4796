import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { passPromotionsRoute, sellRoute } from '#domain/api/pass.ts';
import {
  auditLog,
  checkout,
  paymentLine,
  promotion,
  promotionTarget,
  sale,
  ticketIssue,
} from '#server/db/schema/index.ts';
import { dataOf } from '../fixtures/api.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeCustomer, makeTicket, sell, setNow } from '../fixtures/customers.ts';
import { type Cookies, makeActiveGym, makeStaff } from '../fixtures/gyms.ts';

// The running promotions in every sale screen (docs/rules.md#promotions, issue 27 item 4): the customer page's pass
// sale offers the promotions running today on pass products, with the customer's uses; a sale with `promotionId`
// is checked as the desk's checkout checks a line (the facility's own, RUNNING today, naming the pass product,
// under the customer's limit), starts from the promoted price (`quoteDesk`), names the promotion on its sale and
// counts as a use. Each refusal is a 4xx envelope in Korean and English and writes nothing. The clock is Monday
// 2026-03-02 09:00 KST.

let t: TestApp;
let owner: Cookies;
let gymId: number;
let ticketId: number;
let otherTicketId: number;
let otherGym: { gymId: number; ticketId: number; owner: Cookies };

const NOW = '2026-03-02T00:00:00Z';
const TODAY = '2026-03-02';
const PRICE = 600_000;

const makePromotion = async (
  targets: { itemType: 'PASS' | 'PRODUCT'; itemId: number }[],
  values: Partial<typeof promotion.$inferInsert> = {},
  gym = gymId,
) => {
  const [row] = await t.db
    .insert(promotion)
    .values({
      gymId: gym,
      name: '재등록 10% 할인',
      kind: 'PERCENT',
      value: 10,
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      ...values,
    })
    .returning();
  if (targets.length)
    await t.db.insert(promotionTarget).values(targets.map((x) => ({ promotionId: row!.id, ...x })));
  return row!;
};

/** Rows of every table a sale writes, to prove a refusal wrote nothing. */
const rows = async () => {
  const n = async (
    table: typeof sale | typeof paymentLine | typeof checkout | typeof auditLog | typeof ticketIssue,
  ) => (await t.db.select({ n: count() }).from(table))[0]!.n;
  return {
    sales: await n(sale),
    lines: await n(paymentLine),
    checkouts: await n(checkout),
    audit: await n(auditLog),
    passes: await n(ticketIssue),
  };
};

const offered = async (memberId: number, cookies: Cookies = owner) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/web/ticket-issue/promotions/${gymId}?memberId=${memberId}`,
    cookies,
  });
  return response;
};

beforeAll(async () => {
  // Every balance here is chosen by the request itself (docs/rules.md#leave-unpaid).
  t = await createTestApp({
    chooseBalances: false,
    config: { session: { idleMs: 10 * 365 * 86_400_000, absoluteMs: 10 * 365 * 86_400_000 } },
  });
  setNow(t, NOW);
  const made = await makeActiveGym(t);
  owner = made.owner.cookies;
  gymId = made.gym.id;
  ticketId = (await makeTicket(t, owner, gymId, { salePrice: PRICE })).id;
  otherTicketId = (
    await makeTicket(t, owner, gymId, { name: '헬스 1개월', periodAmount: 1, salePrice: 150_000 })
  ).id;
  const other = await makeActiveGym(t);
  otherGym = {
    owner: other.owner.cookies,
    gymId: other.gym.id,
    ticketId: (await makeTicket(t, other.owner.cookies, other.gym.id)).id,
  };
}, 120_000);
afterAll(() => t?.close());
afterEach(() => setNow(t, NOW));

describe("the customer page's pass sale with a promotion", () => {
  it("offers the promotions running today on pass products, with the customer's uses, to whoever may sell", async () => {
    const running = await makePromotion([{ itemType: 'PASS', itemId: ticketId }], { name: '봄 이용권' });
    const ended = await makePromotion([{ itemType: 'PASS', itemId: ticketId }], {
      startDate: '2026-02-01',
      endDate: '2026-03-01',
    });
    const scheduled = await makePromotion([{ itemType: 'PASS', itemId: ticketId }], {
      startDate: '2026-03-03',
    });
    const stopped = await makePromotion([{ itemType: 'PASS', itemId: ticketId }], { status: 'INACTIVE' });
    const productOnly = await makePromotion([{ itemType: 'PRODUCT', itemId: 1 }]);
    const customer = await makeCustomer(t, owner, gymId);

    const response = await offered(customer.id);
    expect(response.statusCode, response.body).toBe(200);
    const data = dataOf(passPromotionsRoute, response);
    expect(data.today).toBe(TODAY);
    const ids = data.promotions.map((p) => p.id);
    expect(ids).toContain(running.id);
    for (const gone of [ended, scheduled, stopped, productOnly]) expect(ids).not.toContain(gone.id);
    expect(data.promotions.find((p) => p.id === running.id)!.targets).toEqual([
      { itemType: 'PASS', itemId: ticketId },
    ]);
    expect(data.used).toEqual([]);

    // A customer of another facility is 404; a staff member who may not sell passes is 403.
    const stranger = await makeCustomer(t, otherGym.owner, otherGym.gymId);
    expect((await offered(stranger.id)).statusCode).toBe(404);
    const reader = await makeStaff(t.app, { cookies: owner }, gymId, { memberUseYn: true });
    const refused = await offered(customer.id, reader.cookies);
    expect(refused.statusCode, refused.body).toBe(403);
    // Selling takes money: the member right and the payment right (docs/rules.md#permissions).
    const trainer = await makeStaff(t.app, { cookies: owner }, gymId, {
      memberUseYn: true,
      memberSettingYn: true,
    });
    expect((await offered(customer.id, trainer.cookies)).statusCode).toBe(403);
    const seller = await makeStaff(t.app, { cookies: owner }, gymId, {
      memberUseYn: true,
      memberSettingYn: true,
      payHistorySettingYn: true,
    });
    expect((await offered(customer.id, seller.cookies)).statusCode).toBe(200);
  });

  it('sells at the promoted price, names the promotion on the sale, counts the use and refuses the next over the limit', async () => {
    const promo = await makePromotion([{ itemType: 'PASS', itemId: ticketId }], { perCustomerLimit: 1 });
    const customer = await makeCustomer(t, owner, gymId);
    const response = await sell(t, owner, {
      gymId,
      memberId: customer.id,
      ticketId,
      startDate: TODAY,
      promotionId: promo.id,
      payments: [{ method: 'CARD', amount: 540_000 }],
    });
    expect(response.statusCode, response.body).toBe(201);
    const pass = dataOf(sellRoute, response);
    expect(pass).toMatchObject({ price: 540_000, paidAmount: 540_000, unpaidAmount: 0 });
    const [row] = await t.db.select().from(sale).where(eq(sale.ticketIssueId, pass.id));
    expect(row).toMatchObject({ promotionId: promo.id, listPrice: PRICE, price: 540_000, priceReason: null });

    // The sales list shows the promotion and its discount, as it does for the desk's.
    const list = await t.app.inject({
      method: 'GET',
      url: `/web/sales?gymId=${gymId}&from=${TODAY}&to=${TODAY}&memberId=${customer.id}`,
      cookies: owner,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.rows).toEqual([
      expect.objectContaining({
        itemName: '헬스 6개월',
        listPrice: PRICE,
        discount: 60_000,
        price: 540_000,
        promotionName: '재등록 10% 할인',
        owed: 0,
      }),
    ]);

    // The use counts, for this screen and the desk alike.
    expect((await offered(customer.id)).json().data.used).toEqual([{ promotionId: promo.id, used: 1 }]);
    const usage = await t.app.inject({
      method: 'GET',
      url: `/web/sales/desk/${gymId}/promotion-usage?memberId=${customer.id}`,
      cookies: owner,
    });
    expect(usage.json().data).toEqual([{ promotionId: promo.id, used: 1 }]);

    // The next sale with it is over the limit: 409 in both languages, nothing written.
    const before = await rows();
    for (const [language, text] of [
      ['ko', '허용 횟수(1회)'],
      ['en', 'as often as it allows (1)'],
    ] as const) {
      const again = await t.app.inject({
        method: 'POST',
        url: '/web/ticket-issue/sell',
        cookies: owner,
        headers: { 'accept-language': language },
        payload: {
          gymId,
          memberId: customer.id,
          ticketId,
          startDate: TODAY,
          allowOverlap: true,
          promotionId: promo.id,
          payments: [{ method: 'CARD', amount: 540_000 }],
        },
      });
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json()).toMatchObject({ code: 'CONFLICT', reason: 'promotionLimitReached' });
      expect(again.json().message).toContain(text);
    }
    expect(await rows()).toEqual(before);
  });

  it("refuses another facility's, an ended, a stopped, a coming or another item's promotion, writing nothing", async () => {
    const customer = await makeCustomer(t, owner, gymId);
    const cases: [number, number, string, string, string][] = [];
    const foreign = await makePromotion(
      [{ itemType: 'PASS', itemId: otherGym.ticketId }],
      {},
      otherGym.gymId,
    );
    cases.push([foreign.id, 404, 'NOT_FOUND', '', '']);
    const ended = await makePromotion([{ itemType: 'PASS', itemId: ticketId }], {
      name: '지난 할인',
      startDate: '2026-02-01',
      endDate: '2026-03-01',
    });
    cases.push([
      ended.id,
      409,
      'promotionNotActive',
      '지난 할인 프로모션은 오늘',
      'The promotion 지난 할인 is not valid today',
    ]);
    const stopped = await makePromotion([{ itemType: 'PASS', itemId: ticketId }], {
      name: '멈춘 할인',
      status: 'INACTIVE',
    });
    cases.push([stopped.id, 409, 'promotionNotActive', '멈춘 할인', 'not valid today']);
    const coming = await makePromotion([{ itemType: 'PASS', itemId: ticketId }], {
      name: '다음 할인',
      startDate: '2026-03-03',
    });
    cases.push([coming.id, 409, 'promotionNotActive', '다음 할인', 'not valid today']);
    const elsewhere = await makePromotion([{ itemType: 'PASS', itemId: otherTicketId }], {
      name: '1개월 할인',
    });
    cases.push([
      elsewhere.id,
      409,
      'promotionNotForItem',
      '1개월 할인 프로모션은 헬스 6개월에 적용되지 않습니다',
      'The promotion 1개월 할인 does not apply to 헬스 6개월',
    ]);
    for (const [promotionId, status, reason, ko, en] of cases) {
      const before = await rows();
      for (const [language, text] of [
        ['ko', ko],
        ['en', en],
      ] as const) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/web/ticket-issue/sell',
          cookies: owner,
          headers: { 'accept-language': language },
          payload: {
            gymId,
            memberId: customer.id,
            ticketId,
            startDate: TODAY,
            promotionId,
            payments: [{ method: 'CARD', amount: 540_000 }],
          },
        });
        expect(response.statusCode, response.body).toBe(status);
        expect(response.json().reason, response.body).toBe(reason);
        expect(response.json().message).toMatch(/\S/);
        if (text) expect(response.json().message).toContain(text);
      }
      expect(await rows()).toEqual(before);
    }
  });

  it('takes the payments and the balance left unpaid against the promoted price, and a changed price needs a reason', async () => {
    const promo = await makePromotion([{ itemType: 'PASS', itemId: ticketId }], {
      kind: 'AMOUNT',
      value: 100_000,
    });
    const customer = await makeCustomer(t, owner, gymId);
    const body = { gymId, memberId: customer.id, ticketId, startDate: TODAY, promotionId: promo.id };
    const before = await rows();
    // [the body's change, the field refused, its message in English]
    const refusals: [Record<string, unknown>, string, string][] = [
      // The list price is above the promoted one: paying it is paying too much.
      [
        { payments: [{ method: 'CARD', amount: PRICE }] },
        'payments',
        'The payments cannot exceed the price.',
      ],
      // A balance must be chosen, for what the promoted price leaves.
      [{ payments: [{ method: 'CARD', amount: 400_000 }] }, 'leaveUnpaid', '100,000'],
      [{ payments: [{ method: 'CARD', amount: 400_000 }], leaveUnpaid: 200_000 }, 'leaveUnpaid', '100,000'],
      [{ price: 450_000, payments: [], leaveUnpaid: 450_000 }, 'priceReason', 'reason'],
    ];
    for (const [extra, field, text] of refusals) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/web/ticket-issue/sell',
        cookies: owner,
        headers: { 'accept-language': 'en' },
        payload: { ...body, ...extra },
      });
      expect(response.statusCode, response.body).toBe(400);
      const errors = (response.json().errors ?? {}) as Record<string, string[]>;
      expect(Object.keys(errors), response.body).toEqual([field]);
      expect(response.json().message + JSON.stringify(errors[field]), response.body).toContain(text);
    }
    expect(await rows()).toEqual(before);

    const sold = await sell(t, owner, {
      ...body,
      payments: [{ method: 'CARD', amount: 400_000 }],
      leaveUnpaid: 100_000,
    });
    expect(sold.statusCode, sold.body).toBe(201);
    expect(sold.json().data).toMatchObject({ price: 500_000, paidAmount: 400_000, unpaidAmount: 100_000 });
    const [row] = await t.db.select().from(sale).where(eq(sale.ticketIssueId, sold.json().data.id));
    expect(row).toMatchObject({ promotionId: promo.id, listPrice: PRICE, price: 500_000 });
  });
});
