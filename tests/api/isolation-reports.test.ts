import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allFlags } from '#domain/permissions.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeCustomer, makeTicket, sellOk, setNow } from '../fixtures/customers.ts';
import { type Cookies, makeActiveGym, makeStaff, operatorOf } from '../fixtures/gyms.ts';

// The isolation matrix of the report endpoints (docs/architecture.md#tests, docs/rules.md#reports): every one
// against no session (401), another facility's owner naming this facility (404), a worker without
// the finance right financeUseYn (403, though it holds every other flag), the operator (403), and the callers who
// may (the flag alone, the owner). The reports
// take no id but the facility's, so "another facility's ids under its own facility" has no case here; instead,
// B's owner reading B sees none of A's money.

type Who = 'anon' | 'ownerB' | 'without' | 'operator' | 'with' | 'ownerA';

let t: TestApp;
let A: number;
let B: number;
let ownerA: Cookies;
let ownerB: Cookies;
let operator: Cookies;
let withFlag: Cookies;
let without: Cookies;

beforeAll(async () => {
  t = await createTestApp();
  setNow(t, '2026-03-10T01:00:00Z');
  operator = await operatorOf(t);
  const a = await makeActiveGym(t);
  const b = await makeActiveGym(t);
  A = a.gym.id;
  B = b.gym.id;
  ownerA = a.owner.cookies;
  ownerB = b.owner.cookies;
  withFlag = (await makeStaff(t.app, a.owner, A, { financeUseYn: true })).cookies;
  without = (await makeStaff(t.app, a.owner, A, { ...allFlags(true), financeUseYn: false })).cookies;
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
afterAll(() => t?.close());

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

const CASES: [Who, number][] = [
  ['anon', 401],
  ['ownerB', 404],
  ['without', 403],
  ['operator', 403],
  ['with', 200],
  ['ownerA', 200],
];

const cookiesOf = (who: Who): Cookies | undefined =>
  ({ anon: undefined, ownerB, without, operator, with: withFlag, ownerA })[who];

describe('the reports isolation matrix', () => {
  it('covers every report endpoint of the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/web/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths)
      .filter(([path]) => /^\/web\/report(\/|$)/.test(path))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    expect(ENDPOINTS.map((e) => `GET ${e.path}`).sort()).toEqual(documented);
  });

  for (const endpoint of ENDPOINTS)
    describe(`GET ${endpoint.path}`, () => {
      for (const [who, status] of CASES)
        it(`${who} → ${status}`, async () => {
          const cookies = cookiesOf(who);
          const response = await t.app.inject({
            method: 'GET',
            url: endpoint.url(A),
            ...(cookies ? { cookies } : {}),
          });
          expect(response.statusCode, response.body).toBe(status);
        });
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
