import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { payRequestCreateRoute } from '#domain/api/pay-request.ts';
import { sale } from '#server/db/schema/index.ts';
import { dataOf } from '../fixtures/api.ts';
import type { TestApp } from '../fixtures/app.ts';
import { makeCustomer, makeTicket, sellOk } from '../fixtures/customers.ts';
import type { Cookies } from '../fixtures/gyms.ts';
import {
  auditLength,
  describeMatrix,
  itCoversTheDocument,
  type MatrixEndpoint,
  setupIsolationWorld,
} from '../fixtures/isolation.ts';

// The isolation matrix of the staff's payment-request endpoints (docs/architecture.md#tests,
// docs/rules.md#payment-requests): every one against no session (401), another facility's owner (404, and 404
// again for this facility's sale or request named under their own facility), a worker without the flag (403), the
// operator (403) and the callers who may (the flag alone, the owner). A refusal changes no row: the facility's
// audit chain, where every request write leaves a row, keeps its length. The customer's page routes
// (`/web/pay-request/public*`) take no session; their token rules are in pay-request.test.ts.

type Right = 'payHistoryUseYn' | 'payHistorySettingYn';

let t: TestApp;
let A: number;
let B: number;
let ownerA: Cookies;
let ticketA = 0;
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
  const data = dataOf(payRequestCreateRoute, made);
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

const world = setupIsolationWorld({ now: BASE, flags: ['payHistoryUseYn', 'payHistorySettingYn'] });

beforeAll(async () => {
  ({ t, A, B, ownerA } = world());
  ticketA = (await makeTicket(t, ownerA, A)).id;
  const account = { transferBank: '신한은행', transferAccount: '110-123-456789', transferHolder: '에이짐' };
  const saved = await t.app.inject({
    method: 'PUT',
    url: `/web/setting/gym/${A}`,
    cookies: ownerA,
    payload: account,
  });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  sharedSale = await owedSale();
}, 120_000);

type Endpoint = MatrixEndpoint<Right>;

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

describe('the payment-request isolation matrix', () => {
  itCoversTheDocument('covers every staff payment-request endpoint of the OpenAPI document', {
    t: () => t,
    endpoints: ENDPOINTS,
    inScope: (_method, path) =>
      /^\/web\/pay-request(\/|$)/.test(path) && !path.startsWith('/web/pay-request/public'),
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

  describeMatrix({
    world,
    endpoints: ENDPOINTS,
    withRight: (endpoint) => world().only[endpoint.right],
    without: (right) => world().allBut[right],
    unchanged: () => auditLength(t, A),
  });
});
