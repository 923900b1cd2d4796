import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../fixtures/app.ts';
import { makeCustomer, makeTicket, sellOk } from '../fixtures/customers.ts';
import type { Cookies } from '../fixtures/gyms.ts';
import {
  describeMatrix,
  itCoversTheDocument,
  type MatrixEndpoint,
  type Outcome,
  setupIsolationWorld,
  type Who,
} from '../fixtures/isolation.ts';

// The isolation matrix of the report endpoints (docs/architecture.md#tests, docs/rules.md#reports): every one
// against no session (401), another facility's owner naming this facility (404), a worker without
// the finance right financeUseYn (403, though it holds every other flag), the operator (403), and the callers who
// may (the flag alone, the owner). The reports
// take no id but the facility's, so "another facility's ids under its own facility" has no case here; instead,
// B's owner reading B sees none of A's money.

let t: TestApp;
let A: number;
let B: number;
let ownerA: Cookies;
let ownerB: Cookies;

const world = setupIsolationWorld({ now: '2026-03-10T01:00:00Z', flags: ['financeUseYn'], app: {} });

beforeAll(async () => {
  ({ t, A, B, ownerA, ownerB } = world());
  const ticket = await makeTicket(t, ownerA, A);
  const customer = await makeCustomer(t, ownerA, A);
  await sellOk(t, ownerA, {
    gymId: A,
    memberId: customer.id,
    ticketId: ticket.id,
    startDate: '2026-03-10',
    payments: [{ method: 'CARD', amount: 600_000 }],
  });
}, 120_000);

const ENDPOINTS: { path: string; url: (gymId: number) => string }[] = [
  { path: '/web/report/statistics', url: (g) => `/web/report/statistics?gymId=${g}&from=2026-03&to=2026-03` },
  {
    path: '/web/report/revenue-history',
    url: (g) => `/web/report/revenue-history?gymId=${g}&from=2026-03&to=2026-03&unit=day`,
  },
  {
    path: '/web/report/revenue-history/export.csv',
    url: (g) => `/web/report/revenue-history/export.csv?gymId=${g}&from=2026-03&to=2026-03`,
  },
  { path: '/web/report/revenue', url: (g) => `/web/report/revenue?gymId=${g}&from=2026-01&to=2026-03` },
  { path: '/web/report/revenue/as-of', url: (g) => `/web/report/revenue/as-of?gymId=${g}&date=2026-03-10` },
  {
    path: '/web/report/revenue/as-of/export.csv',
    url: (g) => `/web/report/revenue/as-of/export.csv?gymId=${g}&date=2026-03-10`,
  },
];

const CASES: [Who, Outcome][] = [
  ['anon', 401],
  ['ownerB', 404],
  ['without', 403],
  ['operator', 403],
  ['with', 200],
  ['ownerA', 200],
];

const MATRIX: MatrixEndpoint<'financeUseYn'>[] = ENDPOINTS.map((endpoint) => ({
  method: 'GET',
  path: endpoint.path,
  right: 'financeUseYn',
  ok: 200,
  target: () => ({ url: endpoint.url(A) }),
}));

describe('the reports isolation matrix', () => {
  itCoversTheDocument('covers every report endpoint of the OpenAPI document', {
    t: () => t,
    endpoints: MATRIX,
    inScope: (_method, path) => /^\/web\/report(\/|$)/.test(path),
  });

  describeMatrix({
    world,
    endpoints: MATRIX,
    cases: CASES,
    withRight: (endpoint) => world().only[endpoint.right],
    without: (right) => world().allBut[right],
  });

  it("B's owner reading B sees none of A's money", async () => {
    const own = (url: string) => t.app.inject({ method: 'GET', url, cookies: ownerB });
    const stats = (await own(ENDPOINTS[0]!.url(B))).json().data;
    expect(stats.totals).toMatchObject({ received: 0, sales: 0 });
    const asOf = (await own(ENDPOINTS[4]!.url(B))).json().data;
    expect(asOf).toMatchObject({ total: 0, rows: [], totals: { passes: 0, paid: 0 } });
    const chart = (await own(ENDPOINTS[3]!.url(B))).json().data;
    expect(chart.months.map((m: { deferred: number }) => m.deferred)).toEqual([0, 0, 0]);
    // A's own figures are there, for contrast.
    const mine = (await t.app.inject({ method: 'GET', url: ENDPOINTS[0]!.url(A), cookies: ownerA })).json()
      .data;
    expect(mine.totals).toMatchObject({ received: 600_000, sales: 1 });
  });
});
