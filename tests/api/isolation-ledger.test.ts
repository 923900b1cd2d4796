import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allFlags } from '#domain/permissions.ts';
import { auditLog, paymentLine, sale, saleAdjustment } from '#server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeCustomer, makeTicket, sellOk, setNow } from '../fixtures/customers.ts';
import { type Cookies, makeActiveGym, makeStaff, operatorOf } from '../fixtures/gyms.ts';

// The isolation matrix of the ledger's endpoints (docs/architecture.md#tests, docs/rules.md#money): every one
// against no session (401), another facility's owner naming this facility (404) or naming their own with this
// facility's sale, customer or staff ids (404), a worker without the right (403: payHistoryUseYn to read,
// payHistorySettingYn to collect or correct, the representative to write off, so a worker with every flag is
// refused a write-off), the operator (403) and the callers who may (the right alone, the owner). A refusal writes
// nothing: the facility's payment lines, adjustments and audit chain keep their counts.

type Method = 'GET' | 'POST';
type Right = 'payHistoryUseYn' | 'payHistorySettingYn' | 'represent';
type Who = 'anon' | 'ownerB' | 'ownerB-own' | 'without' | 'operator' | 'with' | 'ownerA';

let t: TestApp;
let A: number;
let B: number;
let ownerA: Cookies;
let ownerB: Cookies;
let operator: Cookies;
let ticketA: number;
let customerA: number;
let staffA: number;
const only = {} as Record<Exclude<Right, 'represent'>, Cookies>;
const allBut = {} as Record<Right, Cookies>;

const BASE = '2026-11-25T03:00:00Z';
const LONG = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ config: { session: { idleMs: LONG, absoluteMs: LONG } } });
  setNow(t, BASE);
  operator = await operatorOf(t);
  const a = await makeActiveGym(t);
  const b = await makeActiveGym(t);
  A = a.gym.id;
  B = b.gym.id;
  ownerA = a.owner.cookies;
  ownerB = b.owner.cookies;
  for (const flag of ['payHistoryUseYn', 'payHistorySettingYn'] as const) {
    const made = await makeStaff(t.app, a.owner, A, { [flag]: true });
    only[flag] = made.cookies;
    allBut[flag] = (await makeStaff(t.app, a.owner, A, { ...allFlags(true), [flag]: false })).cookies;
    if (flag === 'payHistorySettingYn') staffA = made.member.id;
  }
  // A worker with every flag is still not the representative.
  allBut.represent = (await makeStaff(t.app, a.owner, A, allFlags(true))).cookies;
  ticketA = (await makeTicket(t, ownerA, A)).id;
  customerA = (await makeCustomer(t, ownerA, A)).id;
}, 120_000);
beforeEach(() => setNow(t, BASE));
afterAll(() => t?.close());

/** A fresh sale of A's that owes 100,000 won. */
const owingSale = async () => {
  const pass = await sellOk(t, ownerA, {
    gymId: A,
    memberId: customerA,
    ticketId: ticketA,
    startDate: '2026-11-25',
    // Every call sells the same pass again to the same customer (docs/rules.md#renewals).
    allowOverlap: true,
    payments: [{ method: 'CARD', amount: 500_000 }],
  });
  const [row] = await t.db.select({ id: sale.id }).from(sale).where(eq(sale.ticketIssueId, pass.id));
  return row!.id;
};

type Target = { url: string; payload?: Record<string, unknown> };
type Endpoint = {
  method: Method;
  path: string;
  right: Right;
  ok: number;
  target: () => Promise<Target>;
  /** B's owner naming B, with A's ids: 404. */
  foreign?: () => Promise<Target>;
};

const gets = (path: string, url: string, filters: boolean): Endpoint[] => [
  {
    method: 'GET',
    path,
    right: 'payHistoryUseYn',
    ok: 200,
    target: async () => ({ url: `${url}?gymId=${A}` }),
    ...(filters ? { foreign: async () => ({ url: `${url}?gymId=${B}&memberId=${customerA}` }) } : {}),
  },
  ...(filters
    ? [
        {
          method: 'GET' as const,
          // The same route with a staff filter: A's worker named under B answers 404 too.
          path: `${path} (staffId)`,
          right: 'payHistoryUseYn' as const,
          ok: 200,
          target: async () => ({ url: `${url}?gymId=${A}&staffId=${staffA}` }),
          foreign: async () => ({ url: `${url}?gymId=${B}&staffId=${staffA}` }),
        },
      ]
    : []),
];

const ENDPOINTS: Endpoint[] = [
  ...gets('/web/pay/history', '/web/pay/history', true),
  ...gets('/web/pay/history/export.csv', '/web/pay/history/export.csv', true),
  ...gets('/web/sales/unpaid', '/web/sales/unpaid', false),
  ...gets('/web/sales/unpaid/export.csv', '/web/sales/unpaid/export.csv', false),
  ...gets('/web/sales', '/web/sales', true),
  ...gets('/web/sales/export.csv', '/web/sales/export.csv', true),
  {
    method: 'POST',
    path: '/web/sales/{saleId}/collect',
    right: 'payHistorySettingYn',
    ok: 200,
    target: async () => ({
      url: `/web/sales/${await owingSale()}/collect`,
      payload: { gymId: A, payments: [{ method: 'CASH', amount: 10_000 }] },
    }),
    foreign: async () => ({
      url: `/web/sales/${await owingSale()}/collect`,
      payload: { gymId: B, payments: [{ method: 'CASH', amount: 10_000 }] },
    }),
  },
  {
    method: 'POST',
    path: '/web/sales/{saleId}/write-off',
    right: 'represent',
    ok: 200,
    target: async () => ({
      url: `/web/sales/${await owingSale()}/write-off`,
      payload: { gymId: A, reason: '탕감' },
    }),
    foreign: async () => ({
      url: `/web/sales/${await owingSale()}/write-off`,
      payload: { gymId: B, reason: '탕감' },
    }),
  },
  {
    method: 'POST',
    path: '/web/sales/{saleId}/correct',
    right: 'payHistorySettingYn',
    ok: 200,
    target: async () => ({
      url: `/web/sales/${await owingSale()}/correct`,
      payload: { gymId: A, amount: 10_000, reason: '정정' },
    }),
    foreign: async () => ({
      url: `/web/sales/${await owingSale()}/correct`,
      payload: { gymId: B, amount: 10_000, reason: '정정' },
    }),
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
    // The representative's right is held by the owner alone.
    with: right === 'represent' ? ownerA : only[right],
    ownerA,
  })[who];

const rowCounts = async () => {
  const n = async (table: typeof paymentLine | typeof saleAdjustment | typeof auditLog) =>
    (await t.db.select({ n: count() }).from(table).where(eq(table.gymId, A)))[0]?.n ?? 0;
  return { lines: await n(paymentLine), adjustments: await n(saleAdjustment), audit: await n(auditLog) };
};

/** The ledger's paths: the sales module's, less the desk's (`/sales/desk`, `/sales/checkout`). */
const isLedgerPath = (path: string) =>
  /^\/web\/(pay\/history|sales)(\/|$)/.test(path) && !/^\/web\/sales\/(desk|checkout)(\/|$)/.test(path);

describe('the ledger isolation matrix', () => {
  it('covers every ledger endpoint of the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/web/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths)
      .filter(([path]) => isLedgerPath(path))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    const covered = [
      ...new Set(ENDPOINTS.map((e) => `${e.method} ${e.path.replace(/ \(.*\)$/, '')}`)),
    ].sort();
    expect(covered).toEqual(documented);
  });

  for (const endpoint of ENDPOINTS)
    describe(`${endpoint.method} ${endpoint.path}`, () => {
      for (const [who, outcome] of CASES) {
        if (who === 'ownerB-own' && !endpoint.foreign) continue;
        it(`${who} → ${outcome}`, async () => {
          const target = who === 'ownerB-own' ? await endpoint.foreign!() : await endpoint.target();
          const before = await rowCounts();
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
          expect(await rowCounts()).toEqual(before);
        });
      }
    });
});
