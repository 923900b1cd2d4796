import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkout, product } from '#server/db/schema/index.ts';
import type { TestApp } from '../fixtures/app.ts';
import { makeCustomer, makeTicket } from '../fixtures/customers.ts';
import type { Cookies } from '../fixtures/gyms.ts';
import {
  auditLength,
  describeMatrix,
  itCoversTheDocument,
  type MatrixEndpoint,
  setupIsolationWorld,
} from '../fixtures/isolation.ts';

// The isolation matrix of the payment desk (docs/architecture.md#tests, docs/rules.md#the-desk): every endpoint
// against no session (401), another facility's owner (404, and 404 again for this facility's ids — customer, pass
// product, product, checkout — under their own facility), a worker without the flag (403), the operator (403) and
// the callers who may (the flag alone, the owner). A refusal changes no row: the facility's audit chain, where
// every checkout leaves a row, keeps its length, and no checkout is written.

type Right = 'payHistoryUseYn' | 'payHistorySettingYn';

let t: TestApp;
let A: number;
let B: number;
let ownerA: Cookies;
let ownerB: Cookies;
let customerA = 0;
let customerB = 0;
let ticketA = 0;
let ticketB = 0;
let productA = 0;
let productB = 0;
let checkoutA = 0;

const BASE = '2026-11-25T00:00:00Z';
const TODAY = '2026-11-25';

const makeProduct = async (gymId: number) => {
  const [row] = await t.db
    .insert(product)
    .values({ gymId, name: '격리 음료', price: 2_000, stock: 10_000 })
    .returning({ id: product.id });
  return row!.id;
};

const world = setupIsolationWorld({ now: BASE, flags: ['payHistoryUseYn', 'payHistorySettingYn'] });

beforeAll(async () => {
  ({ t, A, B, ownerA, ownerB } = world());
  customerA = (await makeCustomer(t, ownerA, A)).id;
  customerB = (await makeCustomer(t, ownerB, B)).id;
  ticketA = (await makeTicket(t, ownerA, A)).id;
  ticketB = (await makeTicket(t, ownerB, B)).id;
  productA = await makeProduct(A);
  productB = await makeProduct(B);
  const sold = await t.app.inject({
    method: 'POST',
    url: '/web/sales/checkout',
    cookies: ownerA,
    payload: {
      gymId: A,
      memberId: customerA,
      items: [{ type: 'PRODUCT', productId: productA, quantity: 1 }],
      payments: [{ method: 'CASH', amount: 2_000 }],
    },
  });
  if (sold.statusCode !== 201) throw new Error(sold.body);
  checkoutA = sold.json().data.checkoutId;
}, 120_000);

/** `foreign` holds one call per kind of A's id. */
type Endpoint = MatrixEndpoint<Right>;

const checkoutBody = (
  gymId: number,
  memberId: number,
  items: Record<string, unknown>[] = [
    { type: 'PRODUCT', productId: gymId === A ? productA : productB, quantity: 1 },
  ],
) => ({ gymId, memberId, items, payments: [{ method: 'CARD', amount: 1_000 }] });

const ENDPOINTS: Endpoint[] = [
  {
    method: 'GET',
    path: '/web/sales/desk/{gymId}',
    right: 'payHistoryUseYn',
    ok: 200,
    target: () => ({ url: `/web/sales/desk/${A}` }),
  },
  {
    method: 'GET',
    path: '/web/sales/desk/{gymId}/promotion-usage',
    right: 'payHistoryUseYn',
    ok: 200,
    target: () => ({ url: `/web/sales/desk/${A}/promotion-usage?memberId=${customerA}` }),
    foreign: [() => ({ url: `/web/sales/desk/${B}/promotion-usage?memberId=${customerA}` })],
  },
  {
    method: 'POST',
    path: '/web/sales/checkout',
    right: 'payHistorySettingYn',
    ok: 201,
    target: () => ({ url: '/web/sales/checkout', payload: checkoutBody(A, customerA) }),
    foreign: [
      () => ({ url: '/web/sales/checkout', payload: checkoutBody(B, customerA) }),
      () => ({
        url: '/web/sales/checkout',
        payload: checkoutBody(B, customerB, [{ type: 'PRODUCT', productId: productA, quantity: 1 }]),
      }),
      () => ({
        url: '/web/sales/checkout',
        payload: checkoutBody(B, customerB, [{ type: 'PASS', ticketId: ticketA, startDate: TODAY }]),
      }),
    ],
  },
  {
    method: 'GET',
    path: '/web/sales/checkout/{id}',
    right: 'payHistoryUseYn',
    ok: 200,
    target: () => ({ url: `/web/sales/checkout/${checkoutA}?gymId=${A}` }),
    foreign: [() => ({ url: `/web/sales/checkout/${checkoutA}?gymId=${B}` })],
  },
  {
    method: 'GET',
    path: '/web/sales/checkout/{id}/slip.pdf',
    right: 'payHistoryUseYn',
    ok: 200,
    target: () => ({ url: `/web/sales/checkout/${checkoutA}/slip.pdf?gymId=${A}` }),
    foreign: [() => ({ url: `/web/sales/checkout/${checkoutA}/slip.pdf?gymId=${B}&lang=en` })],
  },
];

const checkouts = async () => (await t.db.select({ n: count() }).from(checkout))[0]?.n ?? 0;

describe('the payment desk isolation matrix', () => {
  itCoversTheDocument('covers every desk endpoint of the OpenAPI document', {
    t: () => t,
    endpoints: ENDPOINTS,
    inScope: (_method, path) => /^\/web\/sales\/(desk|checkout)(\/|$)/.test(path),
  });

  it("answers B's ids under A with 404 too: B's ticket and product in A's checkout", async () => {
    for (const items of [
      [{ type: 'PASS', ticketId: ticketB, startDate: TODAY }],
      [{ type: 'PRODUCT', productId: productB, quantity: 1 }],
    ]) {
      const before = await checkouts();
      const response = await t.app.inject({
        method: 'POST',
        url: '/web/sales/checkout',
        cookies: ownerA,
        payload: checkoutBody(A, customerA, items),
      });
      expect(response.statusCode, response.body).toBe(404);
      expect(await checkouts()).toBe(before);
    }
    const checkoutB = await t.app.inject({
      method: 'GET',
      url: `/web/sales/checkout/${checkoutA}?gymId=${A}`,
      cookies: ownerB,
    });
    expect(checkoutB.statusCode).toBe(404);
  });

  describeMatrix({
    world,
    endpoints: ENDPOINTS,
    withRight: (endpoint) => world().only[endpoint.right],
    without: (right) => world().allBut[right],
    unchanged: async () => ({ audit: await auditLength(t, A), checkouts: await checkouts() }),
  });
});
