import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  productCreateRoute,
  productGetRoute,
  productGroupCreateRoute,
  productGroupListRoute,
  productGroupOrderRoute,
  productListRoute,
  promotionCreateRoute,
  promotionGetRoute,
  promotionListRoute,
} from '#domain/api/product.ts';
import {
  auditLog,
  product,
  productGroup,
  promotion,
  promotionTarget,
  sale,
  stockMovement,
} from '#server/db/schema/index.ts';
import { moveStock } from '#server/modules/product/stock.commands.ts';
import { answerOf, apiClient, type DataOf } from '../fixtures/api.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeCustomer, makeTicket, setNow } from '../fixtures/customers.ts';
import { type Cookies, makeActiveGym, makeStaff } from '../fixtures/gyms.ts';

// Desk products, their groups and stock, and promotions (docs/rules.md#products, docs/rules.md#promotions): the
// stock that never goes below zero and always equals its movements, even under concurrent adjustments; the notes
// an adjustment needs; deleting only what was never sold or applied; the groups' order; the promotions' terms,
// targets, states and usage; read-only staff and a closed facility. The clock starts on 2026-03-10 09:00 KST.

let t: TestApp;
let owner: Cookies;
let gymId: number;
let readOnly: Cookies;
let other: { owner: Cookies; gymId: number };

const NOW = '2026-03-10T00:00:00Z';

const api = apiClient(() => t.app, { cookies: () => owner });

const send = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  cookies: Cookies = owner,
) => t.app.inject({ method, url, cookies, ...(payload === undefined ? {} : { payload: payload as object }) });

const makeProduct = async (body: Record<string, unknown> = {}, gym = gymId, cookies = owner) => {
  const response = await send(
    'POST',
    '/web/product',
    { gymId: gym, name: '생수 500ml', price: 1_000, ...body },
    cookies,
  );
  expect(response.statusCode, response.body).toBe(201);
  return answerOf(productCreateRoute, response).data;
};

const getProduct = async (id: number) =>
  (await api.call(productGetRoute, { params: { id }, query: { gymId } })).data;

const adjust = (id: number, body: Record<string, unknown>, cookies = owner) =>
  send('POST', `/web/product/${id}/stock`, { gymId, ...body }, cookies);

const movementsOf = async (productId: number) =>
  t.db.select().from(stockMovement).where(eq(stockMovement.productId, productId));

const auditLength = async (gym = gymId) =>
  (await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.gymId, gym)))[0]?.n ?? 0;

const lastAudit = async (gym = gymId) =>
  (
    await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.gymId, gym))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1)
  )[0]!;

/** A sale row naming a product and a promotion, as the desk writes it (its money is the desk's business). */
const recordSale = async (values: {
  productId?: number;
  promotionId?: number;
  listPrice: number;
  price: number;
}) => {
  const customer = await makeCustomer(t, owner, gymId);
  const [row] = await t.db
    .insert(sale)
    .values({
      gymId,
      memberId: customer.id,
      itemType: 'PRODUCT',
      itemName: 'test',
      productId: values.productId ?? null,
      promotionId: values.promotionId ?? null,
      listPrice: values.listPrice,
      price: values.price,
    })
    .returning();
  return row!;
};

beforeAll(async () => {
  // Long sessions: one test moves the clock three weeks ahead and back.
  t = await createTestApp({ config: { session: { idleMs: 86_400_000 * 60, absoluteMs: 86_400_000 * 60 } } });
  setNow(t, NOW);
  const a = await makeActiveGym(t);
  owner = a.owner.cookies;
  gymId = a.gym.id;
  readOnly = (await makeStaff(t.app, a.owner, gymId, { payHistoryUseYn: true })).cookies;
  const b = await makeActiveGym(t);
  other = { owner: b.owner.cookies, gymId: b.gym.id };
}, 120_000);
afterAll(() => t?.close());

describe('products', () => {
  it('creates a product with its opening stock as an adjustment with a note, and audits it', async () => {
    const created = await makeProduct({
      name: '프로틴 바',
      price: 3_000,
      initialStock: 12,
      stockNote: '입고',
    });
    expect(created).toMatchObject({ stock: 12, vatMode: 'INCLUDED', status: 'ACTIVE', sold: false });
    const moves = await movementsOf(created.id);
    expect(moves).toEqual([
      expect.objectContaining({ kind: 'ADJUST', change: 12, stockAfter: 12, note: '입고', saleId: null }),
    ]);
    const entry = await lastAudit();
    expect(entry).toMatchObject({
      action: 'product.create',
      entity: 'product',
      entityId: String(created.id),
    });
  });

  it('refuses an opening stock without a note, and bad fields, writing nothing', async () => {
    const before = await auditLength();
    const [{ n: products } = { n: 0 }] = await t.db
      .select({ n: count() })
      .from(product)
      .where(eq(product.gymId, gymId));
    const cases: [Record<string, unknown>, string][] = [
      [{ initialStock: 5 }, 'stockNote'],
      [{ price: -1 }, 'price'],
      [{ price: 1.5 }, 'price'],
      [{ vatMode: 'ZERO' }, 'vatMode'],
      [{ name: ' ' }, 'name'],
      [{ status: 'GONE' }, 'status'],
      [{ lowStockAt: -1 }, 'lowStockAt'],
      [{ stock: 10 }, 'stock'],
    ];
    for (const [body, field] of cases) {
      const response = await send('POST', '/web/product', { gymId, name: '음료', price: 1_000, ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json().errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    const [{ n: after } = { n: 0 }] = await t.db
      .select({ n: count() })
      .from(product)
      .where(eq(product.gymId, gymId));
    expect(after).toBe(products);
    expect(await auditLength()).toBe(before);
  });

  it("refuses another facility's group with 404", async () => {
    const foreign = await send(
      'POST',
      '/web/product-group',
      { gymId: other.gymId, name: '남의 그룹' },
      other.owner,
    );
    const response = await send('POST', '/web/product', {
      gymId,
      name: '음료',
      price: 1_000,
      groupId: foreign.json().data.id,
    });
    expect(response.statusCode).toBe(404);
  });

  it('updates every field and flags low stock at or below the threshold', async () => {
    const group = (await send('POST', '/web/product-group', { gymId, name: '음료' })).json().data;
    const made = await makeProduct({ initialStock: 3, stockNote: '입고' });
    expect(made.lowStock).toBe(false);
    const response = await send('PUT', `/web/product/${made.id}?gymId=${gymId}`, {
      name: '탄산수',
      groupId: group.id,
      price: 1_500,
      vatMode: 'EXEMPT',
      lowStockAt: 3,
      memo: '냉장',
      status: 'ACTIVE',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      name: '탄산수',
      groupId: group.id,
      groupName: '음료',
      price: 1_500,
      vatMode: 'EXEMPT',
      lowStockAt: 3,
      lowStock: true,
      stock: 3,
    });
    expect(await lastAudit()).toMatchObject({ action: 'product.update', entityId: String(made.id) });
    // PUT replaces: the stock is not one of its fields.
    const stock = await send('PUT', `/web/product/${made.id}?gymId=${gymId}`, {
      name: 'x',
      price: 1,
      stock: 99,
    });
    expect(stock.statusCode).toBe(400);
  });

  it('lists a page filtered by group, status, low stock and name', async () => {
    const group = (await send('POST', '/web/product-group', { gymId, name: '보충제' })).json().data;
    const low = await makeProduct({ name: '웨이 프로틴 1kg', groupId: group.id, lowStockAt: 2 });
    const stopped = await makeProduct({ name: '크레아틴', groupId: group.id, status: 'INACTIVE' });
    const list = (query: string) => send('GET', `/web/product/list/${gymId}?${query}`);
    const ids = async (query: string) => {
      const response = await list(query);
      expect(response.statusCode, response.body).toBe(200);
      return answerOf(productListRoute, response).data.map((p) => p.id);
    };
    expect(await ids(`groupId=${group.id}`)).toEqual([stopped.id, low.id]);
    expect(await ids(`groupId=${group.id}&status=ACTIVE`)).toEqual([low.id]);
    expect(await ids(`groupId=${group.id}&lowStock=true`)).toEqual([low.id]);
    expect(await ids('q=웨이프로틴')).toEqual([low.id]);
    expect(await ids('q=%25')).toEqual([]);
    const ungrouped = await list('groupId=0');
    expect(answerOf(productListRoute, ungrouped).data.every((p) => p.groupId === null)).toBe(true);
    const page = await list('_start=0&_end=1');
    expect(page.json().data).toHaveLength(1);
    expect(Number(page.headers['x-total-count'])).toBeGreaterThan(3);
    expect((await list('_start=0&_end=500')).statusCode).toBe(400);
  });

  it('a read-only staff member reads but cannot change', async () => {
    const made = await makeProduct();
    expect((await send('GET', `/web/product/list/${gymId}`, undefined, readOnly)).statusCode).toBe(200);
    const before = await auditLength();
    expect((await adjust(made.id, { change: 1, note: 'x' }, readOnly)).statusCode).toBe(403);
    expect(
      (await send('PUT', `/web/product/${made.id}?gymId=${gymId}`, { name: 'x', price: 1 }, readOnly))
        .statusCode,
    ).toBe(403);
    expect(await auditLength()).toBe(before);
  });
});

describe('stock', () => {
  it('adjusts with a note and audits it; lists the movements newest first with their maker', async () => {
    const made = await makeProduct({ initialStock: 5, stockNote: '입고' });
    const response = await adjust(made.id, { change: -2, note: '파손' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.stock).toBe(3);
    expect(await lastAudit()).toMatchObject({
      action: 'product.stock',
      entityId: String(made.id),
      before: { stock: 5 },
      after: { stock: 3, change: -2, note: '파손' },
    });
    const movements = await send('GET', `/web/product/${made.id}/movement?gymId=${gymId}&_start=0&_end=1`);
    expect(movements.statusCode, movements.body).toBe(200);
    expect(movements.headers['x-total-count']).toBe('2');
    expect(movements.json().data).toEqual([
      expect.objectContaining({
        kind: 'ADJUST',
        change: -2,
        stockAfter: 3,
        note: '파손',
        createdByName: expect.any(String),
      }),
    ]);
  });

  it('refuses an adjustment without a note, or of 0, with 400 and nothing written', async () => {
    const made = await makeProduct({ initialStock: 5, stockNote: '입고' });
    const before = await auditLength();
    for (const body of [
      { change: 1 },
      { change: 1, note: '  ' },
      { change: 0, note: 'x' },
      { change: 1.5, note: 'x' },
    ]) {
      const response = await adjust(made.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await movementsOf(made.id)).toHaveLength(1);
    expect((await getProduct(made.id)).stock).toBe(5);
    expect(await auditLength()).toBe(before);
  });

  it('never goes below zero: an adjustment below zero is 409 stockBelowZero, a sale beyond it 409 outOfStock', async () => {
    const made = await makeProduct({ initialStock: 3, stockNote: '입고' });
    const before = await auditLength();
    const response = await adjust(made.id, { change: -4, note: '분실' });
    expect(response.statusCode).toBe(409);
    expect(response.json().reason).toBe('stockBelowZero');
    const actor = { memberId: null, requestId: null, now: new Date(NOW) };
    await expect(
      t.db.transaction((tx) => moveStock(tx, actor, { gymId, productId: made.id, change: -4, kind: 'SALE' })),
    ).rejects.toMatchObject({ messageKey: 'outOfStock' });
    expect(await movementsOf(made.id)).toHaveLength(1);
    expect((await getProduct(made.id)).stock).toBe(3);
    expect(await auditLength()).toBe(before);
    // Down to exactly zero is allowed.
    expect((await adjust(made.id, { change: -3, note: '폐기' })).json().data.stock).toBe(0);
  });

  it('keeps stock = the sum of its movements under concurrent adjustments', async () => {
    const made = await makeProduct({ initialStock: 3, stockNote: '입고' });
    const changes = [...Array.from({ length: 12 }, () => -1), ...Array.from({ length: 6 }, () => 1)];
    const results = await Promise.all(changes.map((change) => adjust(made.id, { change, note: '동시' })));
    for (const r of results) expect([200, 409], r.body).toContain(r.statusCode);
    const ok = results.filter((r) => r.statusCode === 200).length;
    const moves = await movementsOf(made.id);
    expect(moves).toHaveLength(1 + ok);
    const final = (await getProduct(made.id)).stock;
    expect(final).toBe(moves.reduce((s, m) => s + m.change, 0));
    expect(final).toBeGreaterThanOrEqual(0);
    expect(moves.every((m) => m.stockAfter >= 0)).toBe(true);
    const last = moves.reduce((a, b) => (a.id > b.id ? a : b));
    expect(last.stockAfter).toBe(final);
    // Each movement starts where the one before it ended.
    const ordered = [...moves].sort((a, b) => a.id - b.id);
    for (let i = 1; i < ordered.length; i++)
      expect(ordered[i]!.stockAfter).toBe(ordered[i - 1]!.stockAfter + ordered[i]!.change);
  });

  it("answers 404 for another facility's product, even naming its own facility", async () => {
    const made = await makeProduct({ initialStock: 1, stockNote: '입고' });
    const response = await send(
      'POST',
      `/web/product/${made.id}/stock`,
      { gymId: other.gymId, change: 1, note: 'x' },
      other.owner,
    );
    expect(response.statusCode).toBe(404);
    expect(await movementsOf(made.id)).toHaveLength(1);
  });
});

describe('deleting a product', () => {
  it('removes a product never sold, and audits it', async () => {
    const made = await makeProduct({ initialStock: 2, stockNote: '입고' });
    const response = await send('DELETE', `/web/product/${made.id}?gymId=${gymId}`);
    expect(response.statusCode, response.body).toBe(204);
    expect((await send('GET', `/web/product/${made.id}?gymId=${gymId}`)).statusCode).toBe(404);
    expect(await lastAudit()).toMatchObject({ action: 'product.delete', before: { stock: 2 } });
  });

  it('refuses a sold product with 409 productSold; it can be stopped instead', async () => {
    const made = await makeProduct({ initialStock: 2, stockNote: '입고' });
    const sold = await recordSale({ productId: made.id, listPrice: 1_000, price: 1_000 });
    const actor = { memberId: null, requestId: null, now: new Date(NOW) };
    await t.db.transaction((tx) =>
      moveStock(tx, actor, { gymId, productId: made.id, change: -1, kind: 'SALE', saleId: sold.id }),
    );
    expect((await getProduct(made.id)).sold).toBe(true);
    const before = await auditLength();
    const response = await send('DELETE', `/web/product/${made.id}?gymId=${gymId}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().reason).toBe('productSold');
    expect(await auditLength()).toBe(before);
    const stopped = await send('PUT', `/web/product/${made.id}?gymId=${gymId}`, {
      name: made.name,
      price: made.price,
      status: 'INACTIVE',
    });
    expect(stopped.json().data.status).toBe('INACTIVE');
  });

  it('refuses a product a sale names even without its movement', async () => {
    const made = await makeProduct();
    await recordSale({ productId: made.id, listPrice: 1_000, price: 1_000 });
    expect((await send('DELETE', `/web/product/${made.id}?gymId=${gymId}`)).statusCode).toBe(409);
  });
});

describe('product groups', () => {
  let gym: number;
  let cookies: Cookies;
  beforeAll(async () => {
    const fresh = await makeActiveGym(t);
    gym = fresh.gym.id;
    cookies = fresh.owner.cookies;
  });
  const create = async (name: string) => {
    const response = await send('POST', '/web/product-group', { gymId: gym, name }, cookies);
    expect(response.statusCode, response.body).toBe(201);
    return answerOf(productGroupCreateRoute, response).data;
  };
  const groups = async () =>
    answerOf(productGroupListRoute, await send('GET', `/web/product-group/list/${gym}`, undefined, cookies))
      .data;
  const names = async () => (await groups()).map((g) => g.name);

  it('lists in order, renames, reorders in one call and removes, leaving products without a group', async () => {
    const drinks = await create('음료');
    const wear = await create('의류');
    const food = await create('보충제');
    expect(await names()).toEqual(['음료', '의류', '보충제']);
    const renamed = await send(
      'PUT',
      `/web/product-group/${wear.id}?gymId=${gym}`,
      { name: '운동복' },
      cookies,
    );
    expect(renamed.json().data.name).toBe('운동복');
    const order = await send(
      'PUT',
      '/web/product-group/order',
      { gymId: gym, ids: [food.id, drinks.id, wear.id] },
      cookies,
    );
    expect(order.statusCode, order.body).toBe(200);
    expect(answerOf(productGroupOrderRoute, order).data.map((g) => g.name)).toEqual([
      '보충제',
      '음료',
      '운동복',
    ]);
    expect(await names()).toEqual(['보충제', '음료', '운동복']);

    const inGroup = await makeProduct({ groupId: drinks.id }, gym, cookies);
    const listed = await groups();
    expect(listed.find((g) => g.id === drinks.id)?.productCount).toBe(1);
    expect(
      (await send('DELETE', `/web/product-group/${drinks.id}?gymId=${gym}`, undefined, cookies)).statusCode,
    ).toBe(204);
    expect(await names()).toEqual(['보충제', '운동복']);
    const after = await send('GET', `/web/product/${inGroup.id}?gymId=${gym}`, undefined, cookies);
    expect(after.json().data).toMatchObject({ groupId: null, groupName: null });
    const actions = (
      await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.gymId, gym))
    ).map((r) => r.action);
    expect(actions.filter((a) => a.startsWith('product-group.'))).toEqual([
      'product-group.create',
      'product-group.create',
      'product-group.create',
      'product-group.update',
      'product-group.update',
      'product-group.delete',
    ]);
  });

  it('refuses an order missing a group (409), with a duplicate (400) or a foreign id (404)', async () => {
    const a = await create('A');
    const b = await create('B');
    const all = (await groups()).map((g) => g.id);
    const foreign = (
      await send('POST', '/web/product-group', { gymId: other.gymId, name: 'X' }, other.owner)
    ).json().data.id as number;
    const before = await auditLength(gym);
    const missing = await send('PUT', '/web/product-group/order', { gymId: gym, ids: [a.id, b.id] }, cookies);
    expect(missing.statusCode).toBe(all.length === 2 ? 200 : 409);
    if (all.length !== 2) expect(missing.json().reason).toBe('productGroupOrderIncomplete');
    const dup = await send('PUT', '/web/product-group/order', { gymId: gym, ids: [...all, all[0]] }, cookies);
    expect(dup.statusCode).toBe(400);
    const withForeign = await send(
      'PUT',
      '/web/product-group/order',
      { gymId: gym, ids: [...all, foreign] },
      cookies,
    );
    expect(withForeign.statusCode).toBe(404);
    expect(await auditLength(gym)).toBe(before);
  });

  it('refuses a blank name', async () => {
    expect((await send('POST', '/web/product-group', { gymId: gym, name: '  ' }, cookies)).statusCode).toBe(
      400,
    );
  });
});

describe('promotions', () => {
  let passId: number;
  let drink: DataOf<typeof productCreateRoute>;
  const valid = () => ({
    gymId,
    name: '봄맞이 10%',
    kind: 'PERCENT',
    value: 10,
    startDate: '2026-03-01',
    endDate: '2026-03-31',
    perCustomerLimit: 1,
    targets: [
      { itemType: 'PASS', itemId: passId },
      { itemType: 'PRODUCT', itemId: drink.id },
    ],
  });
  const create = async (body: Record<string, unknown> = {}) => {
    const response = await send('POST', '/web/promotion', { ...valid(), ...body });
    expect(response.statusCode, response.body).toBe(201);
    return answerOf(promotionCreateRoute, response).data;
  };
  const promotionRows = async () =>
    (await t.db.select({ n: count() }).from(promotion).where(eq(promotion.gymId, gymId)))[0]?.n ?? 0;

  beforeAll(async () => {
    passId = (await makeTicket(t, owner, gymId, { name: '헬스 3개월' })).id;
    drink = await makeProduct({ name: '이온음료' });
  });

  it('creates one with its targets named, running today, and audits it', async () => {
    const made = await create();
    expect(made).toMatchObject({ state: 'RUNNING', status: 'ACTIVE', usedCount: 0, discountTotal: 0 });
    expect(made.targets).toEqual([
      { itemType: 'PASS', itemId: passId, name: '헬스 3개월' },
      { itemType: 'PRODUCT', itemId: drink.id, name: '이온음료' },
    ]);
    expect(await lastAudit()).toMatchObject({ action: 'promotion.create', entityId: String(made.id) });
  });

  it('derives the state from today and the status, and filters by it', async () => {
    const scheduled = await create({ name: 'S', startDate: '2026-04-01', endDate: '2026-04-30' });
    const ended = await create({ name: 'E', startDate: '2026-02-01', endDate: '2026-03-09' });
    const stopped = await create({ name: 'X', status: 'INACTIVE' });
    expect([scheduled.state, ended.state, stopped.state]).toEqual(['SCHEDULED', 'ENDED', 'STOPPED']);
    for (const [state, id] of [
      ['SCHEDULED', scheduled.id],
      ['ENDED', ended.id],
      ['STOPPED', stopped.id],
    ] as const) {
      const list = await send('GET', `/web/promotion/list/${gymId}?state=${state}`);
      expect(list.statusCode, list.body).toBe(200);
      const rows = answerOf(promotionListRoute, list).data;
      expect(rows.map((p) => p.id)).toContain(id);
      expect(rows.every((p) => p.state === state)).toBe(true);
    }
    // Tomorrow in Seoul the scheduled one has not begun, on its first day it runs.
    setNow(t, '2026-03-31T15:00:00Z');
    const first = await send('GET', `/web/promotion/${scheduled.id}?gymId=${gymId}`);
    expect(first.json().data.state).toBe('RUNNING');
    setNow(t, NOW);
  });

  it('shows how many sales applied it and what they took off', async () => {
    const made = await create({ name: '사용됨' });
    await recordSale({ promotionId: made.id, listPrice: 10_000, price: 9_000 });
    await recordSale({ promotionId: made.id, listPrice: 3_000, price: 2_700 });
    const response = await send('GET', `/web/promotion/${made.id}?gymId=${gymId}`);
    expect(response.json().data).toMatchObject({ usedCount: 2, discountTotal: 1_300 });
    const listed = answerOf(
      promotionListRoute,
      await send('GET', `/web/promotion/list/${gymId}?_start=0&_end=100`),
    ).data;
    expect(listed.find((p) => p.id === made.id)).toMatchObject({ usedCount: 2, discountTotal: 1_300 });
  });

  it('refuses bad terms with 400 and a foreign target with 404, writing nothing', async () => {
    const foreignPass = (await makeTicket(t, other.owner, other.gymId)).id;
    const foreignProduct = (await makeProduct({}, other.gymId, other.owner)).id;
    const before = { rows: await promotionRows(), audit: await auditLength() };
    const cases: [Record<string, unknown>, number, string?][] = [
      [{ value: 0 }, 400, 'value'],
      [{ kind: 'AMOUNT', value: 0 }, 400, 'value'],
      [{ value: -5 }, 400, 'value'],
      [{ value: 101 }, 400, 'value'],
      [{ startDate: '2026-03-31', endDate: '2026-03-01' }, 400, 'endDate'],
      [{ startDate: '2026-02-30' }, 400, 'startDate'],
      [{ perCustomerLimit: 0 }, 400, 'perCustomerLimit'],
      [{ targets: [] }, 400, 'targets'],
      [{ targets: [{ itemType: 'LOCKER', itemId: 1 }] }, 400],
      [{ kind: 'FREE' }, 400, 'kind'],
      [{ targets: [{ itemType: 'PASS', itemId: foreignPass }] }, 404],
      [
        {
          targets: [
            { itemType: 'PRODUCT', itemId: drink.id },
            { itemType: 'PRODUCT', itemId: foreignProduct },
          ],
        },
        404,
      ],
      [{ targets: [{ itemType: 'PRODUCT', itemId: passId + 1_000_000 }] }, 404],
    ];
    for (const [body, status, field] of cases) {
      const response = await send('POST', '/web/promotion', { ...valid(), ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      if (field) expect(Object.keys(response.json().errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    // An amount above 100 is fine; a percent of 100 too.
    await create({ kind: 'AMOUNT', value: 5_000, name: '5천원' });
    await create({ value: 100, name: '무료' });
    expect(await promotionRows()).toBe(before.rows + 2);
    expect(await auditLength()).toBe(before.audit + 2);
  });

  it('updates the terms and replaces the targets; a bad update writes nothing', async () => {
    const made = await create({ name: '변경 전' });
    const response = await send('PUT', `/web/promotion/${made.id}?gymId=${gymId}`, {
      name: '변경 후',
      kind: 'AMOUNT',
      value: 2_000,
      startDate: '2026-03-01',
      endDate: '2026-03-15',
      perCustomerLimit: null,
      targets: [{ itemType: 'PRODUCT', itemId: drink.id }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      name: '변경 후',
      kind: 'AMOUNT',
      value: 2_000,
      perCustomerLimit: null,
    });
    expect(response.json().data.targets).toEqual([
      { itemType: 'PRODUCT', itemId: drink.id, name: '이온음료' },
    ]);
    const before = await auditLength();
    const bad = await send('PUT', `/web/promotion/${made.id}?gymId=${gymId}`, {
      name: '변경 후',
      kind: 'PERCENT',
      value: 101,
      startDate: '2026-03-01',
      endDate: '2026-03-15',
      targets: [{ itemType: 'PRODUCT', itemId: drink.id }],
    });
    expect(bad.statusCode).toBe(400);
    const targets = await t.db.select().from(promotionTarget).where(eq(promotionTarget.promotionId, made.id));
    expect(targets).toHaveLength(1);
    expect(await auditLength()).toBe(before);
  });

  it('removes an unused promotion, and refuses a used one with 409 promotionUsed', async () => {
    const unused = await create({ name: '미사용' });
    expect((await send('DELETE', `/web/promotion/${unused.id}?gymId=${gymId}`)).statusCode).toBe(204);
    expect(await lastAudit()).toMatchObject({ action: 'promotion.delete', entityId: String(unused.id) });
    expect(
      await t.db.select().from(promotionTarget).where(eq(promotionTarget.promotionId, unused.id)),
    ).toHaveLength(0);
    const used = await create({ name: '사용' });
    await recordSale({ promotionId: used.id, listPrice: 1_000, price: 900 });
    const response = await send('DELETE', `/web/promotion/${used.id}?gymId=${gymId}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().reason).toBe('promotionUsed');
    expect(await t.db.select().from(promotion).where(eq(promotion.id, used.id))).toHaveLength(1);
  });

  it('leaves out a target whose product was removed since', async () => {
    const gone = await makeProduct({ name: '단종' });
    const made = await create({
      targets: [
        { itemType: 'PRODUCT', itemId: gone.id },
        { itemType: 'PASS', itemId: passId },
      ],
    });
    expect(made.targets).toHaveLength(2);
    expect((await send('DELETE', `/web/product/${gone.id}?gymId=${gymId}`)).statusCode).toBe(204);
    const after = answerOf(
      promotionGetRoute,
      await send('GET', `/web/promotion/${made.id}?gymId=${gymId}`),
    ).data;
    expect(after.targets.map((x) => x.itemType)).toEqual(['PASS']);
  });
});

describe('a closed facility', () => {
  it('reads, and refuses every change with 409 facilityClosed', async () => {
    const fresh = await makeActiveGym(t);
    const gym = fresh.gym.id;
    const cookies = fresh.owner.cookies;
    const made = await makeProduct({ initialStock: 1, stockNote: '입고' }, gym, cookies);
    const group = (await send('POST', '/web/product-group', { gymId: gym, name: 'G' }, cookies)).json().data;
    expect((await send('DELETE', `/web/gym/${gym}`, undefined, cookies)).statusCode).toBe(204);
    expect((await send('GET', `/web/product/list/${gym}`, undefined, cookies)).statusCode).toBe(200);
    expect((await send('GET', `/web/promotion/list/${gym}`, undefined, cookies)).statusCode).toBe(200);
    const writes = [
      send('POST', '/web/product', { gymId: gym, name: 'x', price: 1 }, cookies),
      send('POST', `/web/product/${made.id}/stock`, { gymId: gym, change: 1, note: 'x' }, cookies),
      send('DELETE', `/web/product/${made.id}?gymId=${gym}`, undefined, cookies),
      send('PUT', `/web/product-group/${group.id}?gymId=${gym}`, { name: 'H' }, cookies),
      send(
        'POST',
        '/web/promotion',
        {
          gymId: gym,
          name: 'p',
          kind: 'AMOUNT',
          value: 1,
          startDate: '2026-03-01',
          endDate: '2026-03-02',
          targets: [{ itemType: 'PRODUCT', itemId: made.id }],
        },
        cookies,
      ),
    ];
    for (const response of await Promise.all(writes)) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().reason).toBe('facilityClosed');
    }
    const rows = await t.db
      .select({ n: count() })
      .from(productGroup)
      .where(and(eq(productGroup.gymId, gym), eq(productGroup.name, 'H')));
    expect(rows[0]?.n).toBe(0);
  });
});
