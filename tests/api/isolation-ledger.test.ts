import { count, eq } from 'drizzle-orm';
import { beforeAll, describe } from 'vitest';
import { allFlags } from '#domain/permissions.ts';
import { auditLog, paymentLine, sale, saleAdjustment } from '#server/db/schema/index.ts';
import type { TestApp } from '../fixtures/app.ts';
import { makeCustomer, makeTicket, sellOk } from '../fixtures/customers.ts';
import { type Cookies, makeStaff } from '../fixtures/gyms.ts';
import {
  describeMatrix,
  itCoversTheDocument,
  type MatrixEndpoint,
  setupIsolationWorld,
} from '../fixtures/isolation.ts';

// The isolation matrix of the ledger's endpoints (docs/architecture.md#tests, docs/rules.md#money): every one
// against no session (401), another facility's owner naming this facility (404) or naming their own with this
// facility's sale, customer or staff ids (404), a worker without the right (403: payHistoryUseYn to read,
// payHistorySettingYn to collect or correct, the representative to write off, so a worker with every flag is
// refused a write-off), the operator (403) and the callers who may (the right alone, the owner). A refusal writes
// nothing: the facility's payment lines, adjustments and audit chain keep their counts.

type Right = 'payHistoryUseYn' | 'payHistorySettingYn' | 'represent';

let t: TestApp;
let A: number;
let B: number;
let ownerA: Cookies;
let ticketA: number;
let customerA: number;
let staffA: number;
/** A worker with every flag: still not the representative. */
let allFlagsHolder: Cookies;

const BASE = '2026-11-25T03:00:00Z';

const world = setupIsolationWorld({ now: BASE, flags: ['payHistoryUseYn', 'payHistorySettingYn'] });

beforeAll(async () => {
  ({ t, A, B, ownerA } = world());
  staffA = world().onlyIds.payHistorySettingYn;
  allFlagsHolder = (await makeStaff(t.app, world().a.owner, A, allFlags(true))).cookies;
  ticketA = (await makeTicket(t, ownerA, A)).id;
  customerA = (await makeCustomer(t, ownerA, A)).id;
}, 120_000);

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

type Endpoint = MatrixEndpoint<Right>;

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

const rowCounts = async () => {
  const n = async (table: typeof paymentLine | typeof saleAdjustment | typeof auditLog) =>
    (await t.db.select({ n: count() }).from(table).where(eq(table.gymId, A)))[0]?.n ?? 0;
  return { lines: await n(paymentLine), adjustments: await n(saleAdjustment), audit: await n(auditLog) };
};

/** The ledger's paths: the sales module's, less the desk's (`/sales/desk`, `/sales/checkout`). */
const isLedgerPath = (path: string) =>
  /^\/web\/(pay\/history|sales)(\/|$)/.test(path) && !/^\/web\/sales\/(desk|checkout)(\/|$)/.test(path);

describe('the ledger isolation matrix', () => {
  itCoversTheDocument('covers every ledger endpoint of the OpenAPI document', {
    t: () => t,
    endpoints: ENDPOINTS,
    inScope: (_method, path) => isLedgerPath(path),
  });

  describeMatrix({
    world,
    endpoints: ENDPOINTS,
    // The representative's right is held by the owner alone.
    withRight: (endpoint) => (endpoint.right === 'represent' ? ownerA : world().only[endpoint.right]),
    without: (right) => (right === 'represent' ? allFlagsHolder : world().allBut[right]),
    unchanged: rowCounts,
    readsToo: true,
  });
});
