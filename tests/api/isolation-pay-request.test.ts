import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allFlags } from '#domain/permissions.ts';
import { auditLog, sale } from '#server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeCustomer, makeTicket, sellOk, setNow } from '../fixtures/customers.ts';
import { type Cookies, makeActiveGym, makeStaff, operatorOf } from '../fixtures/gyms.ts';

// The isolation matrix of the staff's payment-request endpoints (docs/architecture.md#tests,
// docs/rules.md#payment-requests): every one against no session (401), another facility's owner (404, and 404
// again for this facility's sale or request named under their own facility), a worker without the flag (403), the
// operator (403) and the callers who may (the flag alone, the owner). A refusal changes no row: the facility's
// audit chain, where every request write leaves a row, keeps its length. The customer's page routes
// (`/web/pay-request/public*`) take no session; their token rules are in pay-request.test.ts.

type Method = 'GET' | 'POST';
type Right = 'payHistoryUseYn' | 'payHistorySettingYn';
type Who = 'anon' | 'ownerB' | 'ownerB-own' | 'without' | 'operator' | 'with' | 'ownerA';

let t: TestApp;
let A: number;
let B: number;
let ownerA: Cookies;
let ownerB: Cookies;
let operator: Cookies;
let ticketA = 0;
const only = {} as Record<Right, Cookies>;
const allBut = {} as Record<Right, Cookies>;
let sharedSale = 0;

const BASE = '2026-11-25T00:00:00Z';

/** A fresh sale of A with 500,000 won owed. */
const owedSale = async () => {
  const customer = await makeCustomer(t, ownerA, A);
  const pass = await sellOk(t, ownerA, {
    gymId: A,
    memberId: customer.id,
    ticketId: ticketA,
    startDate: '2026-11-25',
    payments: [{ method: 'CARD', amount: 100_000 }],
  });
  const [row] = await t.db.select({ id: sale.id }).from(sale).where(eq(sale.ticketIssueId, pass.id));
  return row!.id;
};

/** A request of A's, open (FIN), or with a reported transfer (WAIT). */
const request = async (wait = false) => {
  const made = await t.app.inject({
    method: 'POST',
    url: '/web/pay-request',
    cookies: ownerA,
    payload: { gymId: A, saleId: await owedSale() },
  });
  if (made.statusCode !== 201) throw new Error(made.body);
  const data = made.json().data as { id: number; url: string };
  if (wait) {
    const token = new URL(data.url, 'http://x').searchParams.get('token');
    const claimed = await t.app.inject({
      method: 'POST',
      url: '/web/pay-request/public/transfer',
      payload: { token, depositorName: '김민수' },
    });
    if (claimed.statusCode !== 200) throw new Error(claimed.body);
  }
  return data.id;
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
  ticketA = (await makeTicket(t, ownerA, A)).id;
  const account = { transferBank: '신한은행', transferAccount: '110-123-456789', transferHolder: '에이짐' };
  const saved = await t.app.inject({
    method: 'PUT',
    url: `/web/setting/gym/${A}`,
    cookies: ownerA,
    payload: account,
  });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  for (const flag of ['payHistoryUseYn', 'payHistorySettingYn'] as const) {
    only[flag] = (await makeStaff(t.app, a.owner, A, { [flag]: true })).cookies;
    allBut[flag] = (await makeStaff(t.app, a.owner, A, { ...allFlags(true), [flag]: false })).cookies;
  }
  sharedSale = await owedSale();
}, 120_000);
beforeEach(() => setNow(t, BASE));
afterAll(() => t?.close());

type Target = { url: string; payload?: Record<string, unknown> };
type Endpoint = {
  method: Method;
  path: string;
  right: Right;
  ok: number;
  target: () => Promise<Target>;
  /** The same call by B's owner naming B as the facility, with A's ids: 404. */
  foreign?: () => Promise<Target>;
};

const ENDPOINTS: Endpoint[] = [
  {
    method: 'POST',
    path: '/web/pay-request',
    right: 'payHistorySettingYn',
    ok: 201,
    target: async () => ({ url: '/web/pay-request', payload: { gymId: A, saleId: await owedSale() } }),
    foreign: async () => ({ url: '/web/pay-request', payload: { gymId: B, saleId: await owedSale() } }),
  },
  {
    method: 'GET',
    path: '/web/pay-request',
    right: 'payHistoryUseYn',
    ok: 200,
    target: async () => ({ url: `/web/pay-request?gymId=${A}&saleId=${sharedSale}` }),
    foreign: async () => ({ url: `/web/pay-request?gymId=${B}&saleId=${sharedSale}` }),
  },
  {
    method: 'POST',
    path: '/web/pay-request/{id}/revoke',
    right: 'payHistorySettingYn',
    ok: 200,
    target: async () => ({ url: `/web/pay-request/${await request()}/revoke`, payload: { gymId: A } }),
    foreign: async () => ({ url: `/web/pay-request/${await request()}/revoke`, payload: { gymId: B } }),
  },
  {
    method: 'POST',
    path: '/web/pay-request/{id}/confirm',
    right: 'payHistorySettingYn',
    ok: 200,
    target: async () => ({ url: `/web/pay-request/${await request(true)}/confirm`, payload: { gymId: A } }),
    foreign: async () => ({ url: `/web/pay-request/${await request(true)}/confirm`, payload: { gymId: B } }),
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

describe('the payment-request isolation matrix', () => {
  it('covers every staff payment-request endpoint of the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/web/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths)
      .filter(
        ([path]) => /^\/web\/pay-request(\/|$)/.test(path) && !path.startsWith('/web/pay-request/public'),
      )
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    expect(ENDPOINTS.map((e) => `${e.method} ${e.path}`).sort()).toEqual(documented);
  });

  it('documents the customer’s page routes as taking no session', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/web/docs/json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    const publicOps = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/web/pay-request/public'))
      .flatMap(([, ops]) => Object.values(ops));
    expect(publicOps).toHaveLength(3);
    for (const op of publicOps) expect(op.security).toEqual([]);
  });

  for (const endpoint of ENDPOINTS)
    describe(`${endpoint.method} ${endpoint.path}`, () => {
      for (const [who, outcome] of CASES) {
        if (who === 'ownerB-own' && !endpoint.foreign) continue;
        it(`${who} → ${outcome}`, async () => {
          const target = who === 'ownerB-own' ? await endpoint.foreign!() : await endpoint.target();
          const before = await auditLength();
          const cookies = cookiesOf(who, endpoint.right);
          const response = await t.app.inject({
            method: endpoint.method,
            url: target.url,
            ...(cookies ? { cookies } : {}),
            ...(target.payload ? { payload: target.payload } : {}),
          });
          if (outcome === 'ok') {
            expect(response.statusCode, response.body).toBe(endpoint.ok);
            return;
          }
          expect(response.statusCode, response.body).toBe(outcome);
          if (endpoint.method !== 'GET') expect(await auditLength()).toBe(before);
        });
      }
    });
});
