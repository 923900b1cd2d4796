import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe } from 'vitest';
import { checkout, sale } from '#server/db/schema/index.ts';
import type { TestApp } from '../fixtures/app.ts';
import { makeCustomer, makeTicket, sellOk } from '../fixtures/customers.ts';
import { type Cookies, makeStaff } from '../fixtures/gyms.ts';
import {
  auditLength,
  describeMatrix,
  itCoversTheDocument,
  type MatrixEndpoint,
  setupIsolationWorld,
} from '../fixtures/isolation.ts';

// The isolation matrix of the receipt and expense endpoints (docs/architecture.md#tests,
// docs/rules.md#cash-receipts, docs/rules.md#expenditure): every one against no session (401), another
// facility's owner (404, and 404 again for this facility's ids under their own facility), a worker without the
// flag (403), the operator (403) and the callers who may (the flag alone, the owner). A refusal changes no row:
// the facility's audit chain, where every receipt and expense write leaves a row, keeps its length.

type Method = 'GET' | 'POST' | 'PUT';
// Expenditure is the finance right's (docs/rules.md#access-table): read with financeUseYn, written with it and
// payHistorySettingYn (`expenseWrite`).
type Right = 'payHistoryUseYn' | 'payHistorySettingYn' | 'financeUseYn' | 'expenseWrite';

let t: TestApp;
let A: number;
let B: number;
let ownerA: Cookies;
let ownerB: Cookies;
const only = {} as Record<Right, Cookies>;
const allBut = {} as Record<Right, Cookies>;
let ticketA = 0;
let categoryA = 0;
let ownCategoryA = 0;
let customerA = 0;

const BASE = '2026-11-25T00:00:00Z';

const world = setupIsolationWorld({
  now: BASE,
  flags: ['payHistoryUseYn', 'payHistorySettingYn', 'financeUseYn'],
  // The setting flag goes with the reading one, as the permission screen sets them.
  grant: { payHistorySettingYn: { payHistoryUseYn: true } },
});

beforeAll(async () => {
  ({ t, A, B, ownerA, ownerB } = world());
  Object.assign(only, world().only);
  Object.assign(allBut, world().allBut);
  only.expenseWrite = (
    await makeStaff(t.app, world().a.owner, A, {
      financeUseYn: true,
      payHistoryUseYn: true,
      payHistorySettingYn: true,
    })
  ).cookies;
  allBut.expenseWrite = allBut.financeUseYn;
  ticketA = (await makeTicket(t, ownerA, A)).id;
  customerA = (await makeCustomer(t, ownerA, A)).id;
  const categories = await inject('GET', `/web/expense/category?gymId=${A}`);
  categoryA = categories[0].id;
  await inject('GET', `/web/expense/category?gymId=${B}`, undefined, ownerB);
  ownCategoryA = (await inject('POST', '/web/expense/category', { gymId: A, name: '격리 분류' })).id;
}, 120_000);

const inject = async (method: Method, url: string, payload?: Record<string, unknown>, cookies = ownerA) => {
  const response = await t.app.inject({ method, url, cookies, ...(payload ? { payload } : {}) });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.body}`);
  return response.json().data;
};

/** A's customer pays 150,000 won in cash for a pass: the checkout and the sale. */
const paidCash = async () => {
  await sellOk(t, ownerA, {
    gymId: A,
    memberId: customerA,
    ticketId: ticketA,
    startDate: '2026-11-25',
    // Every call sells the same pass again to the same customer (docs/rules.md#renewals).
    allowOverlap: true,
    payments: [{ method: 'CASH', amount: 150_000 }],
  });
  const [head] = await t.db
    .select()
    .from(checkout)
    .where(eq(checkout.memberId, customerA))
    .orderBy(desc(checkout.id))
    .limit(1);
  const [row] = await t.db.select().from(sale).where(eq(sale.checkoutId, head!.id));
  return { checkoutId: head!.id, saleId: row!.id };
};

const issuedReceipt = async () =>
  (
    await inject('POST', '/web/receipt/cash', {
      gymId: A,
      checkoutId: (await paidCash()).checkoutId,
      purpose: 'INCOME_DEDUCTION',
      identifierType: 'PHONE',
      selfIssue: true,
    })
  ).id as number;

const issuedInvoice = async () =>
  (
    await inject('POST', '/web/receipt/tax-invoice', {
      gymId: A,
      saleId: (await paidCash()).saleId,
      buyerBusinessNumber: '123-45-67890',
      buyerName: '구매자',
    })
  ).id as number;

const anExpense = async () =>
  (
    await inject('POST', '/web/expense', {
      gymId: A,
      spentOn: '2026-11-25',
      categoryId: categoryA,
      amount: 10_000,
      method: 'CASH',
    })
  ).id as number;

type Endpoint = MatrixEndpoint<Right>;

const ENDPOINTS: Endpoint[] = [
  {
    method: 'GET',
    path: '/web/receipt/settings',
    right: 'payHistoryUseYn',
    ok: 200,
    target: async () => ({ url: `/web/receipt/settings?gymId=${A}` }),
  },
  {
    method: 'GET',
    path: '/web/receipt/cash/due',
    right: 'payHistoryUseYn',
    ok: 200,
    target: async () => ({ url: `/web/receipt/cash/due?gymId=${A}&state=DUE` }),
  },
  {
    method: 'POST',
    path: '/web/receipt/cash',
    right: 'payHistorySettingYn',
    ok: 201,
    target: async () => ({
      url: '/web/receipt/cash',
      payload: {
        gymId: A,
        checkoutId: (await paidCash()).checkoutId,
        purpose: 'INCOME_DEDUCTION',
        identifierType: 'PHONE',
        identifier: '01012345678',
      },
    }),
    foreign: async () => ({
      url: '/web/receipt/cash',
      payload: {
        gymId: B,
        checkoutId: (await paidCash()).checkoutId,
        purpose: 'INCOME_DEDUCTION',
        identifierType: 'PHONE',
        identifier: '01012345678',
      },
    }),
  },
  {
    method: 'POST',
    path: '/web/receipt/cash/{id}/cancel',
    right: 'payHistorySettingYn',
    ok: 200,
    target: async () => ({
      url: `/web/receipt/cash/${await issuedReceipt()}/cancel`,
      payload: { gymId: A, reason: '취소' },
    }),
    foreign: async () => ({
      url: `/web/receipt/cash/${await issuedReceipt()}/cancel`,
      payload: { gymId: B, reason: '취소' },
    }),
  },
  {
    method: 'GET',
    path: '/web/receipt/tax-invoice',
    right: 'payHistoryUseYn',
    ok: 200,
    target: async () => ({ url: `/web/receipt/tax-invoice?gymId=${A}` }),
  },
  {
    method: 'GET',
    path: '/web/receipt/tax-invoice/candidates',
    right: 'payHistoryUseYn',
    ok: 200,
    target: async () => ({ url: `/web/receipt/tax-invoice/candidates?gymId=${A}&memberId=${customerA}` }),
  },
  {
    method: 'POST',
    path: '/web/receipt/tax-invoice',
    right: 'payHistorySettingYn',
    ok: 201,
    target: async () => ({
      url: '/web/receipt/tax-invoice',
      payload: {
        gymId: A,
        saleId: (await paidCash()).saleId,
        buyerBusinessNumber: '1234567890',
        buyerName: '구매자',
      },
    }),
    foreign: async () => ({
      url: '/web/receipt/tax-invoice',
      payload: {
        gymId: B,
        saleId: (await paidCash()).saleId,
        buyerBusinessNumber: '1234567890',
        buyerName: '구매자',
      },
    }),
  },
  {
    method: 'POST',
    path: '/web/receipt/tax-invoice/{id}/cancel',
    right: 'payHistorySettingYn',
    ok: 200,
    target: async () => ({
      url: `/web/receipt/tax-invoice/${await issuedInvoice()}/cancel`,
      payload: { gymId: A, reason: '취소' },
    }),
    foreign: async () => ({
      url: `/web/receipt/tax-invoice/${await issuedInvoice()}/cancel`,
      payload: { gymId: B, reason: '취소' },
    }),
  },
  {
    method: 'GET',
    path: '/web/receipt/export.csv',
    right: 'payHistoryUseYn',
    ok: 200,
    target: async () => ({ url: `/web/receipt/export.csv?gymId=${A}&month=2026-11` }),
  },
  {
    method: 'GET',
    path: '/web/expense/category',
    right: 'financeUseYn',
    ok: 200,
    target: async () => ({ url: `/web/expense/category?gymId=${A}` }),
  },
  {
    method: 'POST',
    path: '/web/expense/category',
    right: 'expenseWrite',
    ok: 201,
    target: async () => ({
      url: '/web/expense/category',
      payload: { gymId: A, name: `분류 ${Math.random()}` },
    }),
  },
  {
    method: 'PUT',
    path: '/web/expense/category/{id}',
    right: 'expenseWrite',
    ok: 200,
    target: async () => ({
      url: `/web/expense/category/${ownCategoryA}?gymId=${A}`,
      payload: { name: `분류 ${Math.random()}` },
    }),
    foreign: async () => ({
      url: `/web/expense/category/${ownCategoryA}?gymId=${B}`,
      payload: { name: '남의 분류' },
    }),
  },
  {
    method: 'GET',
    path: '/web/expense',
    right: 'financeUseYn',
    ok: 200,
    target: async () => ({ url: `/web/expense?gymId=${A}` }),
  },
  {
    method: 'POST',
    path: '/web/expense',
    right: 'expenseWrite',
    ok: 201,
    target: async () => ({
      url: '/web/expense',
      payload: { gymId: A, spentOn: '2026-11-25', categoryId: categoryA, amount: 10_000, method: 'CASH' },
    }),
    foreign: async () => ({
      url: '/web/expense',
      payload: { gymId: B, spentOn: '2026-11-25', categoryId: categoryA, amount: 10_000, method: 'CASH' },
    }),
  },
  {
    method: 'POST',
    path: '/web/expense/{id}/reverse',
    right: 'expenseWrite',
    ok: 201,
    target: async () => ({
      url: `/web/expense/${await anExpense()}/reverse`,
      payload: { gymId: A, reason: '취소' },
    }),
    foreign: async () => ({
      url: `/web/expense/${await anExpense()}/reverse`,
      payload: { gymId: B, reason: '취소' },
    }),
  },
  {
    method: 'GET',
    path: '/web/expense/summary',
    right: 'financeUseYn',
    ok: 200,
    target: async () => ({ url: `/web/expense/summary?gymId=${A}&from=2026-11-01&to=2026-11-30` }),
  },
  {
    method: 'GET',
    path: '/web/expense/export.csv',
    right: 'financeUseYn',
    ok: 200,
    target: async () => ({ url: `/web/expense/export.csv?gymId=${A}` }),
  },
];

describe('the receipts and expenses isolation matrix', () => {
  itCoversTheDocument('covers every receipt and expense endpoint of the OpenAPI document', {
    t: () => t,
    endpoints: ENDPOINTS,
    inScope: (_method, path) => /^\/web\/(receipt|expense)(\/|$)/.test(path),
  });

  describeMatrix({
    world,
    endpoints: ENDPOINTS,
    withRight: (endpoint) => only[endpoint.right],
    without: (right) => allBut[right],
    unchanged: () => auditLength(t, A),
    readsToo: true,
  });
});
