import { beforeAll, describe } from 'vitest';
import type { TestApp } from '../fixtures/app.ts';
import { makeTicket } from '../fixtures/customers.ts';
import type { Cookies } from '../fixtures/gyms.ts';
import {
  auditLength,
  describeMatrix,
  itCoversTheDocument,
  type MatrixEndpoint,
  type Method,
  setupIsolationWorld,
} from '../fixtures/isolation.ts';

// The isolation matrix of the product, product-group and promotion endpoints (docs/architecture.md#tests,
// docs/rules.md#products, docs/rules.md#promotions): every one against no session (401), another facility's owner
// (404, and 404 again for this facility's ids under their own facility), a worker without the flag (403), the
// operator (403) and the callers who may (the flag alone, the owner). A refusal changes no row: the facility's
// audit chain, where every write here leaves a row, keeps its length.

type Right = 'payHistoryUseYn' | 'payHistorySettingYn';

let t: TestApp;
let A: number;
let B: number;
let ownerA: Cookies;
let sharedProduct = 0;
let sharedGroup = 0;
let sharedPromotion = 0;
let passA = 0;

const BASE = '2026-11-25T00:00:00Z';

const world = setupIsolationWorld({ now: BASE, flags: ['payHistoryUseYn', 'payHistorySettingYn'] });

beforeAll(async () => {
  ({ t, A, B, ownerA } = world());
  passA = (await makeTicket(t, ownerA, A)).id;
  sharedProduct = await makeProduct();
  sharedGroup = await makeGroup();
  sharedPromotion = await makePromotion();
}, 120_000);

const inject = async (method: Method, url: string, payload?: Record<string, unknown>) => {
  const response = await t.app.inject({ method, url, cookies: ownerA, ...(payload ? { payload } : {}) });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.body}`);
  return response.json().data;
};

const makeProduct = async () =>
  (
    await inject('POST', '/web/product', {
      gymId: A,
      name: '격리 상품',
      price: 1_000,
      initialStock: 50,
      stockNote: '입고',
    })
  ).id as number;
const makeGroup = async () =>
  (await inject('POST', '/web/product-group', { gymId: A, name: '격리 그룹' })).id as number;

const promotionBody = () => ({
  name: '격리 프로모션',
  kind: 'PERCENT',
  value: 10,
  startDate: '2026-11-01',
  endDate: '2026-11-30',
  targets: [
    { itemType: 'PASS', itemId: passA },
    { itemType: 'PRODUCT', itemId: sharedProduct },
  ],
});
const makePromotion = async () =>
  (await inject('POST', '/web/promotion', { gymId: A, ...promotionBody() })).id as number;

/** All of A's groups, in their order. */
const groupOrder = async () =>
  ((await inject('GET', `/web/product-group/list/${A}`)) as { id: number }[]).map((g) => g.id);

type Endpoint = MatrixEndpoint<Right>;

const productBody = { name: '격리 상품', price: 1_000 };

const ENDPOINTS: Endpoint[] = [
  {
    method: 'GET',
    path: '/web/product/list/{gymId}',
    right: 'payHistoryUseYn',
    ok: 200,
    target: async () => ({ url: `/web/product/list/${A}` }),
  },
  {
    method: 'GET',
    path: '/web/product/{id}',
    right: 'payHistoryUseYn',
    ok: 200,
    target: async () => ({ url: `/web/product/${sharedProduct}?gymId=${A}` }),
    foreign: async () => ({ url: `/web/product/${sharedProduct}?gymId=${B}` }),
  },
  {
    method: 'POST',
    path: '/web/product',
    right: 'payHistorySettingYn',
    ok: 201,
    target: async () => ({ url: '/web/product', payload: { gymId: A, ...productBody } }),
    // B's own facility, naming A's group.
    foreign: async () => ({
      url: '/web/product',
      payload: { gymId: B, ...productBody, groupId: sharedGroup },
    }),
  },
  {
    method: 'PUT',
    path: '/web/product/{id}',
    right: 'payHistorySettingYn',
    ok: 200,
    target: async () => ({ url: `/web/product/${sharedProduct}?gymId=${A}`, payload: productBody }),
    foreign: async () => ({ url: `/web/product/${sharedProduct}?gymId=${B}`, payload: productBody }),
  },
  {
    method: 'DELETE',
    path: '/web/product/{id}',
    right: 'payHistorySettingYn',
    ok: 204,
    target: async () => ({ url: `/web/product/${await makeProduct()}?gymId=${A}` }),
    foreign: async () => ({ url: `/web/product/${await makeProduct()}?gymId=${B}` }),
  },
  {
    method: 'POST',
    path: '/web/product/{id}/stock',
    right: 'payHistorySettingYn',
    ok: 200,
    target: async () => ({
      url: `/web/product/${sharedProduct}/stock`,
      payload: { gymId: A, change: 1, note: '격리' },
    }),
    foreign: async () => ({
      url: `/web/product/${sharedProduct}/stock`,
      payload: { gymId: B, change: 1, note: '격리' },
    }),
  },
  {
    method: 'GET',
    path: '/web/product/{id}/movement',
    right: 'payHistoryUseYn',
    ok: 200,
    target: async () => ({ url: `/web/product/${sharedProduct}/movement?gymId=${A}` }),
    foreign: async () => ({ url: `/web/product/${sharedProduct}/movement?gymId=${B}` }),
  },
  {
    method: 'GET',
    path: '/web/product-group/list/{gymId}',
    right: 'payHistoryUseYn',
    ok: 200,
    target: async () => ({ url: `/web/product-group/list/${A}` }),
  },
  {
    method: 'POST',
    path: '/web/product-group',
    right: 'payHistorySettingYn',
    ok: 201,
    target: async () => ({ url: '/web/product-group', payload: { gymId: A, name: '새 그룹' } }),
  },
  {
    method: 'PUT',
    path: '/web/product-group/{id}',
    right: 'payHistorySettingYn',
    ok: 200,
    target: async () => ({
      url: `/web/product-group/${sharedGroup}?gymId=${A}`,
      payload: { name: '격리 그룹' },
    }),
    foreign: async () => ({
      url: `/web/product-group/${sharedGroup}?gymId=${B}`,
      payload: { name: '남의 그룹' },
    }),
  },
  {
    method: 'PUT',
    path: '/web/product-group/order',
    right: 'payHistorySettingYn',
    ok: 200,
    target: async () => ({
      url: '/web/product-group/order',
      payload: { gymId: A, ids: (await groupOrder()).reverse() },
    }),
    foreign: async () => ({
      url: '/web/product-group/order',
      payload: { gymId: B, ids: await groupOrder() },
    }),
  },
  {
    method: 'DELETE',
    path: '/web/product-group/{id}',
    right: 'payHistorySettingYn',
    ok: 204,
    target: async () => ({ url: `/web/product-group/${await makeGroup()}?gymId=${A}` }),
    foreign: async () => ({ url: `/web/product-group/${await makeGroup()}?gymId=${B}` }),
  },
  {
    method: 'GET',
    path: '/web/promotion/list/{gymId}',
    right: 'payHistoryUseYn',
    ok: 200,
    target: async () => ({ url: `/web/promotion/list/${A}` }),
  },
  {
    method: 'GET',
    path: '/web/promotion/{id}',
    right: 'payHistoryUseYn',
    ok: 200,
    target: async () => ({ url: `/web/promotion/${sharedPromotion}?gymId=${A}` }),
    foreign: async () => ({ url: `/web/promotion/${sharedPromotion}?gymId=${B}` }),
  },
  {
    method: 'POST',
    path: '/web/promotion',
    right: 'payHistorySettingYn',
    ok: 201,
    target: async () => ({ url: '/web/promotion', payload: { gymId: A, ...promotionBody() } }),
    // B's own facility, naming A's pass product and desk product as targets.
    foreign: async () => ({ url: '/web/promotion', payload: { gymId: B, ...promotionBody() } }),
  },
  {
    method: 'PUT',
    path: '/web/promotion/{id}',
    right: 'payHistorySettingYn',
    ok: 200,
    target: async () => ({ url: `/web/promotion/${sharedPromotion}?gymId=${A}`, payload: promotionBody() }),
    foreign: async () => ({ url: `/web/promotion/${sharedPromotion}?gymId=${B}`, payload: promotionBody() }),
  },
  {
    method: 'DELETE',
    path: '/web/promotion/{id}',
    right: 'payHistorySettingYn',
    ok: 204,
    target: async () => ({ url: `/web/promotion/${await makePromotion()}?gymId=${A}` }),
    foreign: async () => ({ url: `/web/promotion/${await makePromotion()}?gymId=${B}` }),
  },
];

describe('the products isolation matrix', () => {
  itCoversTheDocument('covers every product, product-group and promotion endpoint of the OpenAPI document', {
    t: () => t,
    endpoints: ENDPOINTS,
    inScope: (_method, path) => /^\/web\/(product|product-group|promotion)(\/|$)/.test(path),
  });

  describeMatrix({
    world,
    endpoints: ENDPOINTS,
    withRight: (endpoint) => world().only[endpoint.right],
    without: (right) => world().allBut[right],
    unchanged: () => auditLength(t, A),
  });
});
