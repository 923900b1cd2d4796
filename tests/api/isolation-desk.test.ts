import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allFlags } from '#domain/permissions.ts';
import { auditLog, checkout, product } from '#server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeCustomer, makeTicket, setNow } from '../fixtures/customers.ts';
import { type Cookies, makeActiveGym, makeStaff, operatorOf } from '../fixtures/gyms.ts';

// The isolation matrix of the payment desk (docs/architecture.md#tests, docs/rules.md#the-desk): every endpoint
// against no session (401), another facility's owner (404, and 404 again for this facility's ids — customer, pass
// product, product, checkout — under their own facility), a worker without the flag (403), the operator (403) and
// the callers who may (the flag alone, the owner). A refusal changes no row: the facility's audit chain, where
// every checkout leaves a row, keeps its length, and no checkout is written.

type Method = 'GET' | 'POST';
type Right = 'payHistoryUseYn' | 'payHistorySettingYn';
type Who = 'anon' | 'ownerB' | 'ownerB-own' | 'without' | 'operator' | 'with' | 'ownerA';

let t: TestApp;
let A: number;
let B: number;
let ownerA: Cookies;
let ownerB: Cookies;
let operator: Cookies;
const only = {} as Record<Right, Cookies>;
const allBut = {} as Record<Right, Cookies>;
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

beforeAll(async () => {
  t = await createTestApp({ config: { session: { idleMs: 86_400_000, absoluteMs: 86_400_000 } } });
  setNow(t, BASE);
  operator = await operatorOf(t);
  const a = await makeActiveGym(t);
  const b = await makeActiveGym(t);
  A = a.gym.id;
  B = b.gym.id;
  ownerA = a.owner.cookies;
  ownerB = b.owner.cookies;
  for (const flag of ['payHistoryUseYn', 'payHistorySettingYn'] as const) {
    only[flag] = (await makeStaff(t.app, a.owner, A, { [flag]: true })).cookies;
    allBut[flag] = (await makeStaff(t.app, a.owner, A, { ...allFlags(true), [flag]: false })).cookies;
  }
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
beforeEach(() => setNow(t, BASE));
afterAll(() => t?.close());

type Target = { url: string; payload?: Record<string, unknown> };
type Endpoint = {
  method: Method;
  path: string;
  right: Right;
  ok: number;
  target: () => Target;
  /** The same call by B's owner naming B as the facility, with one of A's ids in each: 404. */
  foreign?: (() => Target)[];
};

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

const CASES: [Who, number | 'ok'][] = [
  ['anon', 401],
  ['ownerB', 404],
  ['ownerB-own', 404],
  ['without', 403],
  ['operator', 403],
  ['with', 'ok'],
  ['ownerA', 'ok'],
];

const cookiesOf = (who: Who, right: Right): Cookies | undefined =>
  ({
    anon: undefined,
    ownerB,
    'ownerB-own': ownerB,
    without: allBut[right],
    operator,
    with: only[right],
    ownerA,
  })[who];

const auditLength = async () =>
  (await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.gymId, A)))[0]?.n ?? 0;
const checkouts = async () => (await t.db.select({ n: count() }).from(checkout))[0]?.n ?? 0;

describe('the payment desk isolation matrix', () => {
  it('covers every desk endpoint of the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/web/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths)
      .filter(([path]) => /^\/web\/sales\/(desk|checkout)(\/|$)/.test(path))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    expect(ENDPOINTS.map((e) => `${e.method} ${e.path}`).sort()).toEqual(documented);
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

  for (const endpoint of ENDPOINTS)
    describe(`${endpoint.method} ${endpoint.path}`, () => {
      for (const [who, outcome] of CASES) {
        if (who === 'ownerB-own' && !endpoint.foreign) continue;
        it(`${who} → ${outcome}`, async () => {
          const targets = who === 'ownerB-own' ? endpoint.foreign! : [endpoint.target];
          for (const make of targets) {
            const target = make();
            const before = await auditLength();
            const written = await checkouts();
            const cookies = cookiesOf(who, endpoint.right);
            const response = await t.app.inject({
              method: endpoint.method,
              url: target.url,
              ...(cookies ? { cookies } : {}),
              ...(target.payload ? { payload: target.payload } : {}),
            });
            if (outcome === 'ok') {
              expect(response.statusCode, response.body).toBe(endpoint.ok);
              continue;
            }
            expect(response.statusCode, response.body).toBe(outcome);
            if (endpoint.method !== 'GET') {
              expect(await auditLength()).toBe(before);
              expect(await checkouts()).toBe(written);
            }
          }
        });
      }
    });
});
