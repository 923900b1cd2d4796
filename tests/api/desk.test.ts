import { and, count, eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkoutCreateRoute, deskPromotionUsageRoute } from '#domain/api/sales.ts';
import {
  auditLog,
  checkout,
  member,
  paymentLine,
  product,
  promotion,
  promotionTarget,
  sale,
  saleAdjustment,
  stockMovement,
  ticketIssue,
} from '#server/db/schema/index.ts';
import { refreshCustomerSummary } from '#server/kernel/customer-summary.ts';
import { refreshPassMoney } from '#server/kernel/money-lines.ts';
import { dataOf } from '../fixtures/api.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeCustomer, makeTicket, sellOk, setNow } from '../fixtures/customers.ts';
import { approveAddOn, type Cookies, makeActiveGym, makeStaff } from '../fixtures/gyms.ts';

// The payment desk (docs/rules.md#the-desk, #promotions, #cash-receipts): one checkout of a pass, products and a
// locker with promotions and manual discounts, split payments allocated per sale and the rest owed, stock lowered,
// every refusal writing nothing, the last item sold once under concurrency, the slip, and the other writers
// (pass sale, collection, locker rental) paying through checkouts. The clock is Monday 2026-03-02 09:00 KST.

let t: TestApp;
let owner: Cookies;
let gymId: number;
let seller: { id: number; cookies: Cookies };
let readOnly: Cookies;

const NOW = '2026-03-02T00:00:00Z';
const TODAY = '2026-03-02';

const send = (method: 'GET' | 'POST', url: string, payload?: unknown, cookies: Cookies = owner) =>
  t.app.inject({ method, url, cookies, ...(payload === undefined ? {} : { payload: payload as object }) });

const pay = (body: Record<string, unknown>, cookies: Cookies = owner) =>
  send('POST', '/web/sales/checkout', { gymId, ...body }, cookies);

const payOk = async (body: Record<string, unknown>) => {
  const response = await pay(body);
  expect(response.statusCode, response.body).toBe(201);
  return dataOf(checkoutCreateRoute, response);
};

let productCounter = 0;
const makeProduct = async (values: Partial<typeof product.$inferInsert> = {}, gym = gymId) => {
  const [row] = await t.db
    .insert(product)
    .values({ gymId: gym, name: `음료 ${++productCounter}`, price: 3_000, stock: 10, ...values })
    .returning();
  return row!;
};

const makePromotion = async (
  targets: { itemType: 'PASS' | 'PRODUCT'; itemId: number }[],
  values: Partial<typeof promotion.$inferInsert> = {},
  gym = gymId,
) => {
  const [row] = await t.db
    .insert(promotion)
    .values({
      gymId: gym,
      name: '봄맞이',
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

/** Rows of every table a checkout writes, to prove a refusal wrote nothing. */
const rows = async () => {
  const n = async (
    table:
      | typeof sale
      | typeof paymentLine
      | typeof checkout
      | typeof stockMovement
      | typeof auditLog
      | typeof ticketIssue,
  ) => (await t.db.select({ n: count() }).from(table))[0]!.n;
  return {
    sales: await n(sale),
    lines: await n(paymentLine),
    checkouts: await n(checkout),
    movements: await n(stockMovement),
    audit: await n(auditLog),
    passes: await n(ticketIssue),
  };
};

const stockOf = async (id: number) =>
  (await t.db.select({ stock: product.stock }).from(product).where(eq(product.id, id)))[0]!.stock;

beforeAll(async () => {
  t = await createTestApp({
    config: { session: { idleMs: 10 * 365 * 86_400_000, absoluteMs: 10 * 365 * 86_400_000 } },
  });
  setNow(t, NOW);
  const made = await makeActiveGym(t);
  owner = made.owner.cookies;
  gymId = made.gym.id;
  const staff = await makeStaff(t.app, made.owner, gymId, {
    payHistoryUseYn: true,
    payHistorySettingYn: true,
  });
  seller = { id: staff.member.id, cookies: staff.cookies };
  readOnly = (await makeStaff(t.app, made.owner, gymId, { payHistoryUseYn: true })).cookies;
}, 120_000);
afterAll(() => t?.close());
afterEach(() => setNow(t, NOW));

describe('a desk sale', () => {
  it('sells a product and a pass with promotions, splits card and cash over the sales, and leaves the rest owed', async () => {
    const pass = await makeTicket(t, owner, gymId, { originPrice: 600_000, salePrice: 600_000 });
    const drink = await makeProduct({ price: 3_000, stock: 5 });
    const drinkPromo = await makePromotion([{ itemType: 'PRODUCT', itemId: drink.id }]);
    const passPromo = await makePromotion([{ itemType: 'PASS', itemId: pass.id }], {
      name: '신규 5만원',
      kind: 'AMOUNT',
      value: 50_000,
      perCustomerLimit: 1,
    });
    const customer = await makeCustomer(t, owner, gymId);
    const result = await payOk({
      memberId: customer.id,
      items: [
        { type: 'PRODUCT', productId: drink.id, quantity: 2, promotionId: drinkPromo.id },
        { type: 'PASS', ticketId: pass.id, startDate: TODAY, promotionId: passPromo.id },
      ],
      payments: [
        { method: 'CARD', amount: 300_000 },
        { method: 'CASH', amount: 100_000 },
      ],
      soldByMemberId: seller.id,
    });
    // 6,000 − 10% = 5,400; 600,000 − 50,000 = 550,000.
    expect(result).toMatchObject({ total: 555_400, paid: 400_000, owed: 155_400, cashPaid: 100_000 });
    expect(result.cashReceiptDue).toBe(true);
    const [drinkSale, passSale] = result.saleIds;

    // The product's sale is filled first (card), then the pass takes the rest of the card and the cash.
    const lines = await t.db
      .select({ saleId: paymentLine.saleId, method: paymentLine.method, amount: paymentLine.amount })
      .from(paymentLine)
      .where(eq(paymentLine.checkoutId, result.checkoutId))
      .orderBy(paymentLine.id);
    expect(lines).toEqual([
      { saleId: drinkSale, method: 'CARD', amount: 5_400 },
      { saleId: passSale, method: 'CARD', amount: 294_600 },
      { saleId: passSale, method: 'CASH', amount: 100_000 },
    ]);
    const sales = await t.db
      .select()
      .from(sale)
      .where(eq(sale.checkoutId, result.checkoutId))
      .orderBy(sale.id);
    expect(
      sales.map((s) => [s.itemType, s.listPrice, s.price, s.promotionId, s.quantity, s.soldByMemberId]),
    ).toEqual([
      ['PRODUCT', 6_000, 5_400, drinkPromo.id, 2, seller.id],
      ['PASS', 600_000, 550_000, passPromo.id, 1, seller.id],
    ]);
    expect(sales[0]!.productId).toBe(drink.id);
    expect(await stockOf(drink.id)).toBe(3);
    const [issue] = await t.db.select().from(ticketIssue).where(eq(ticketIssue.id, sales[1]!.ticketIssueId!));
    expect(issue).toMatchObject({ price: 550_000, paidAmount: 394_600, unpaidAmount: 155_400 });
    const [head] = await t.db.select().from(checkout).where(eq(checkout.id, result.checkoutId));
    expect(head).toMatchObject({ kind: 'DESK', total: 555_400, paid: 400_000, cashPaid: 100_000 });
    const [summary] = await t.db
      .select({ unpaid: member.unpaidAmount })
      .from(member)
      .where(eq(member.id, customer.id));
    expect(summary?.unpaid).toBe(155_400);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'checkout.create'), eq(auditLog.entityId, String(result.checkoutId))));
    expect(audits).toHaveLength(1);

    // Read back: the sales with their discounts and promotion names, and what is owed.
    const detail = await send(
      'GET',
      `/web/sales/checkout/${result.checkoutId}?gymId=${gymId}`,
      undefined,
      readOnly,
    );
    expect(detail.statusCode, detail.body).toBe(200);
    const data = detail.json().data;
    expect(data).toMatchObject({ total: 555_400, paid: 400_000, owed: 155_400, cashReceiptDue: true });
    expect(
      data.sales.map((s: { discount: number; promotionName: string; owed: number }) => [
        s.discount,
        s.promotionName,
        s.owed,
      ]),
    ).toEqual([
      [600, '봄맞이', 0],
      [50_000, '신규 5만원', 155_400],
    ]);
    expect(data.soldBy.memberId).toBe(seller.id);
    expect(data.customer.phone).toMatch(/\*/);
    expect(data.cashReceipt).toBeNull();

    // The usage counts per promotion; the pass promotion's limit (1) is now reached.
    const usage = await send('GET', `/web/sales/desk/${gymId}/promotion-usage?memberId=${customer.id}`);
    expect(usage.statusCode, usage.body).toBe(200);
    expect(dataOf(deskPromotionUsageRoute, usage).sort((a, b) => a.promotionId - b.promotionId)).toEqual([
      { promotionId: drinkPromo.id, used: 1 },
      { promotionId: passPromo.id, used: 1 },
    ]);

    // The slip: a one-page PDF, in both languages.
    for (const lang of ['ko', 'en']) {
      const slip = await send(
        'GET',
        `/web/sales/checkout/${result.checkoutId}/slip.pdf?gymId=${gymId}&lang=${lang}`,
      );
      expect(slip.statusCode, slip.body).toBe(200);
      expect(slip.headers['content-type']).toBe('application/pdf');
      expect(slip.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const doc = await PDFDocument.load(slip.rawPayload);
      expect(doc.getPageCount()).toBe(1);
      const { width } = doc.getPage(0).getSize();
      expect(Math.round(width)).toBe(227);
    }

    // A write-off lowers what is owed (saleOwed) in the summary, and a collection cannot exceed the rest.
    await t.db.insert(saleAdjustment).values({
      gymId,
      saleId: passSale!,
      memberId: customer.id,
      kind: 'WRITE_OFF',
      amount: 55_400,
      reason: '테스트',
    });
    await refreshPassMoney(t.db, issue!.id);
    await refreshCustomerSummary(t.db, customer.id, TODAY);
    const [after] = await t.db
      .select({ unpaid: member.unpaidAmount })
      .from(member)
      .where(eq(member.id, customer.id));
    expect(after?.unpaid).toBe(100_000);
    const tooMuch = await send('POST', `/web/ticket-issue/${issue!.id}/collect`, {
      payments: [{ method: 'CARD', amount: 100_001 }],
    });
    expect(tooMuch.statusCode, tooMuch.body).toBe(400);
    const collected = await send('POST', `/web/ticket-issue/${issue!.id}/collect`, {
      payments: [{ method: 'CARD', amount: 100_000 }],
    });
    expect(collected.statusCode, collected.body).toBe(200);
    const [collect] = await t.db
      .select()
      .from(checkout)
      .where(and(eq(checkout.memberId, customer.id), eq(checkout.kind, 'COLLECT')));
    expect(collect).toMatchObject({ total: 0, paid: 100_000 });
  });

  it('says a cash receipt is due from 100,000 won in cash or transfer, not below', async () => {
    const drink = await makeProduct({ price: 100_000, stock: 10 });
    const customer = await makeCustomer(t, owner, gymId);
    const at = await payOk({
      memberId: customer.id,
      items: [{ type: 'PRODUCT', productId: drink.id, quantity: 1 }],
      payments: [
        { method: 'CASH', amount: 60_000 },
        { method: 'TRANSFER', amount: 40_000 },
      ],
    });
    expect(at).toMatchObject({ cashPaid: 100_000, cashReceiptDue: true, owed: 0 });
    const below = await payOk({
      memberId: customer.id,
      items: [{ type: 'PRODUCT', productId: drink.id, quantity: 1 }],
      payments: [
        { method: 'CASH', amount: 99_999 },
        { method: 'CARD', amount: 1 },
      ],
    });
    expect(below).toMatchObject({ cashPaid: 99_999, cashReceiptDue: false });
  });

  it('takes a manual discount only with its reason, and keeps the reason on the sale', async () => {
    const drink = await makeProduct({ price: 10_000 });
    const customer = await makeCustomer(t, owner, gymId);
    const before = await rows();
    const refused = await pay({
      memberId: customer.id,
      items: [{ type: 'PRODUCT', productId: drink.id, quantity: 1, manualDiscount: 2_000 }],
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().reason).toBe('discountReasonRequired');
    expect(await rows()).toEqual(before);
    const tooMuch = await pay({
      memberId: customer.id,
      items: [{ type: 'PRODUCT', productId: drink.id, quantity: 1, manualDiscount: 10_001 }],
      discountReason: '단골',
    });
    expect(tooMuch.statusCode, tooMuch.body).toBe(400);
    expect(tooMuch.json().reason).toBe('discountAbovePrice');
    const done = await payOk({
      memberId: customer.id,
      items: [{ type: 'PRODUCT', productId: drink.id, quantity: 1, manualDiscount: 2_000 }],
      discountReason: '단골 할인',
    });
    expect(done.total).toBe(8_000);
    const [row] = await t.db.select().from(sale).where(eq(sale.id, done.saleIds[0]!));
    expect(row).toMatchObject({ listPrice: 10_000, price: 8_000, priceReason: '단골 할인' });
  });

  it('rents a locker inside the checkout, with its fee and deposit as one sale', async () => {
    await approveAddOn(t, gymId, 'LOCKER');
    const room = await send('POST', '/web/locker/room', { gymId, name: '룸' });
    const bank = await send('POST', '/web/locker/bank', {
      gymId,
      roomId: room.json().data.id,
      name: 'A',
      rows: 1,
      cols: 2,
      startNumber: 1,
      prefix: 'D-',
    });
    expect(bank.statusCode, bank.body).toBe(201);
    const catalog = await send('GET', `/web/sales/desk/${gymId}`);
    const lockers = catalog.json().data.lockers as { id: number; label: string }[];
    expect(catalog.json().data.lockerAddOn).toBe(true);
    const target = lockers.find((l) => l.label.startsWith('D-'))!;
    const customer = await makeCustomer(t, owner, gymId);
    const result = await payOk({
      memberId: customer.id,
      items: [
        {
          type: 'LOCKER',
          lockerId: target.id,
          startDate: TODAY,
          endDate: '2026-03-31',
          fee: 20_000,
          deposit: 10_000,
        },
      ],
      payments: [{ method: 'CARD', amount: 30_000 }],
    });
    expect(result).toMatchObject({ total: 30_000, owed: 0 });
    const [row] = await t.db.select().from(sale).where(eq(sale.id, result.saleIds[0]!));
    expect(row).toMatchObject({ itemType: 'LOCKER', price: 30_000, checkoutId: result.checkoutId });
    const again = await send('GET', `/web/sales/desk/${gymId}`);
    expect((again.json().data.lockers as { id: number }[]).some((l) => l.id === target.id)).toBe(false);

    // A rental from the locker screen pays through a LOCKER checkout of its own.
    const other = lockers.find((l) => l.label.startsWith('D-') && l.id !== target.id)!;
    const rented = await send('POST', '/web/locker/rental', {
      gymId,
      lockerId: other.id,
      memberId: (await makeCustomer(t, owner, gymId)).id,
      startDate: TODAY,
      endDate: '2026-03-31',
      fee: 20_000,
      payments: [{ method: 'CASH', amount: 5_000 }],
    });
    expect(rented.statusCode, rented.body).toBe(201);
    const [rentalSale] = await t.db.select().from(sale).where(eq(sale.id, rented.json().data.rental.saleId));
    const [head] = await t.db.select().from(checkout).where(eq(checkout.id, rentalSale!.checkoutId!));
    expect(head).toMatchObject({ kind: 'LOCKER', total: 20_000, paid: 5_000, cashPaid: 5_000 });
  });
});

describe('what the desk offers', () => {
  it('lists the passes on sale, the ACTIVE products, the promotions valid today and the staff', async () => {
    const onSale = await makeTicket(t, owner, gymId, { name: '판매중' });
    const later = await makeTicket(t, owner, gymId, { name: '예정', saleStartDate: '2026-04-01' });
    const active = await makeProduct({ name: '판매 상품' });
    const stopped = await makeProduct({ name: '중지 상품', status: 'INACTIVE' });
    const valid = await makePromotion([{ itemType: 'PRODUCT', itemId: active.id }], { name: '유효' });
    const past = await makePromotion([], { name: '지난', startDate: '2026-02-01', endDate: '2026-02-28' });
    const off = await makePromotion([], { name: '중지', status: 'INACTIVE' });
    const response = await send('GET', `/web/sales/desk/${gymId}`, undefined, readOnly);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.today).toBe(TODAY);
    const ids = (list: { id: number }[]) => list.map((x) => x.id);
    expect(ids(data.passes)).toContain(onSale.id);
    expect(ids(data.passes)).not.toContain(later.id);
    expect(ids(data.products)).toContain(active.id);
    expect(ids(data.products)).not.toContain(stopped.id);
    expect(ids(data.promotions)).toContain(valid.id);
    expect(ids(data.promotions)).not.toContain(past.id);
    expect(ids(data.promotions)).not.toContain(off.id);
    expect(data.promotions.find((p: { id: number }) => p.id === valid.id).targets).toEqual([
      { itemType: 'PRODUCT', itemId: active.id },
    ]);
    expect((data.staff as { memberId: number }[]).map((s) => s.memberId)).toContain(seller.id);
  });
});

describe('refusals write nothing', () => {
  it('refuses a promotion outside its period, for another item, or over its limit (also within one checkout)', async () => {
    const drink = await makeProduct({ price: 5_000 });
    const other = await makeProduct({ price: 5_000 });
    const customer = await makeCustomer(t, owner, gymId);
    const past = await makePromotion([{ itemType: 'PRODUCT', itemId: drink.id }], {
      startDate: '2026-02-01',
      endDate: '2026-03-01',
    });
    const forOther = await makePromotion([{ itemType: 'PRODUCT', itemId: other.id }]);
    const once = await makePromotion([{ itemType: 'PRODUCT', itemId: drink.id }], { perCustomerLimit: 1 });
    await payOk({
      memberId: customer.id,
      items: [{ type: 'PRODUCT', productId: drink.id, quantity: 1, promotionId: once.id }],
    });
    const fresh = await makeCustomer(t, owner, gymId);
    const cases: [number, Record<string, unknown>[], string][] = [
      [
        customer.id,
        [{ type: 'PRODUCT', productId: drink.id, quantity: 1, promotionId: past.id }],
        'promotionNotActive',
      ],
      [
        customer.id,
        [{ type: 'PRODUCT', productId: drink.id, quantity: 1, promotionId: forOther.id }],
        'promotionNotForItem',
      ],
      [
        customer.id,
        [{ type: 'PRODUCT', productId: drink.id, quantity: 1, promotionId: once.id }],
        'promotionLimitReached',
      ],
      [
        fresh.id,
        [
          { type: 'PRODUCT', productId: drink.id, quantity: 1, promotionId: once.id },
          { type: 'PRODUCT', productId: drink.id, quantity: 1, promotionId: once.id },
        ],
        'promotionLimitReached',
      ],
    ];
    for (const [memberId, items, reason] of cases) {
      const before = await rows();
      const stock = await stockOf(drink.id);
      const response = await pay({ memberId, items, payments: [{ method: 'CARD', amount: 1_000 }] });
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().reason).toBe(reason);
      expect(await rows()).toEqual(before);
      expect(await stockOf(drink.id)).toBe(stock);
    }
  });

  it('refuses payments above the total, negative amounts, unknown methods and unknown fields with 400', async () => {
    const drink = await makeProduct({ price: 5_000 });
    const customer = await makeCustomer(t, owner, gymId);
    const item = { type: 'PRODUCT', productId: drink.id, quantity: 1 };
    const before = await rows();
    const above = await pay({
      memberId: customer.id,
      items: [item],
      payments: [{ method: 'CASH', amount: 5_001 }],
    });
    expect(above.statusCode, above.body).toBe(400);
    expect(above.json().reason).toBe('paymentsAboveTotal');
    for (const body of [
      { memberId: customer.id, items: [item], payments: [{ method: 'CASH', amount: -1 }] },
      { memberId: customer.id, items: [item], payments: [{ method: 'COUPON', amount: 1_000 }] },
      { memberId: customer.id, items: [{ ...item, manualDiscount: -500 }], discountReason: 'x' },
      { memberId: customer.id, items: [{ ...item, price: 1 }] },
      { memberId: customer.id, items: [item], discount: 1 },
      { memberId: customer.id, items: [] },
    ]) {
      const response = await pay(body);
      expect(response.statusCode, response.body).toBe(400);
    }
    expect(await rows()).toEqual(before);
  });

  it('refuses a pass product that is not on sale and a stopped product with 409, writing nothing', async () => {
    const later = await makeTicket(t, owner, gymId, { saleStartDate: '2026-04-01' });
    const stopped = await makeProduct({ status: 'INACTIVE' });
    const drink = await makeProduct();
    const customer = await makeCustomer(t, owner, gymId);
    const before = await rows();
    const notOnSale = await pay({
      memberId: customer.id,
      items: [
        { type: 'PRODUCT', productId: drink.id, quantity: 1 },
        { type: 'PASS', ticketId: later.id, startDate: TODAY },
      ],
    });
    expect(notOnSale.statusCode, notOnSale.body).toBe(409);
    expect(notOnSale.json().reason).toBe('ticketNotOnSale');
    const stop = await pay({
      memberId: customer.id,
      items: [{ type: 'PRODUCT', productId: stopped.id, quantity: 1 }],
    });
    expect(stop.statusCode, stop.body).toBe(409);
    expect(stop.json().reason).toBe('productNotOnSale');
    expect(await rows()).toEqual(before);
  });

  it('sells the last item once when two checkouts take it at the same time', async () => {
    const last = await makeProduct({ price: 2_000, stock: 1 });
    const [a, b] = [await makeCustomer(t, owner, gymId), await makeCustomer(t, owner, gymId)];
    const before = await rows();
    const results = await Promise.all(
      [a, b].map((c) =>
        pay({
          memberId: c.id,
          items: [{ type: 'PRODUCT', productId: last.id, quantity: 1 }],
          payments: [{ method: 'CARD', amount: 2_000 }],
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().reason).toBe('outOfStock');
    expect(await stockOf(last.id)).toBe(0);
    const after = await rows();
    expect(after.checkouts - before.checkouts).toBe(1);
    expect(after.movements - before.movements).toBe(1);
    expect(after.lines - before.lines).toBe(1);
  });

  it('lets read-only staff read the desk but not sell', async () => {
    const drink = await makeProduct();
    const customer = await makeCustomer(t, owner, gymId);
    const response = await pay(
      { memberId: customer.id, items: [{ type: 'PRODUCT', productId: drink.id, quantity: 1 }] },
      readOnly,
    );
    expect(response.statusCode, response.body).toBe(403);
  });
});

describe('the other writers pay through checkouts', () => {
  it('gives a pass sold on its own screen a PASS checkout and its lines the checkout', async () => {
    const pass = await makeTicket(t, owner, gymId);
    const customer = await makeCustomer(t, owner, gymId);
    const sold = await sellOk(t, owner, {
      gymId,
      memberId: customer.id,
      ticketId: pass.id,
      startDate: TODAY,
      payments: [{ method: 'CARD', amount: 100_000 }],
    });
    const [row] = await t.db.select().from(sale).where(eq(sale.ticketIssueId, sold.id));
    expect(row!.checkoutId).not.toBeNull();
    const [head] = await t.db.select().from(checkout).where(eq(checkout.id, row!.checkoutId!));
    expect(head).toMatchObject({ kind: 'PASS', total: 600_000, paid: 100_000 });
    const lines = await t.db.select().from(paymentLine).where(eq(paymentLine.saleId, row!.id));
    expect(lines.map((l) => l.checkoutId)).toEqual([head!.id]);
    const orphan = await t.db
      .select({ n: count() })
      .from(paymentLine)
      .where(sql`${paymentLine.checkoutId} is null and ${paymentLine.status} = 'APPROVE'`);
    expect(orphan[0]!.n).toBe(0);
  });
});
