import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultListRoute } from '#domain/api/consult.ts';
import { checkout, sale } from '#server/db/schema/index.ts';
import { dataOf } from '../fixtures/api.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeTicket, sellOk, setNow, uniqueMobile } from '../fixtures/customers.ts';
import { approveAddOn, type Cookies, makeActiveGym } from '../fixtures/gyms.ts';

// Spreadsheet formulas in exports (docs/rules.md#exports): walk-ins type formulas for their names on the public
// consulting tablet; staff make them customers, sell, collect, refund, correct, check them in and issue a cash
// receipt; then every server export reads those names back as text behind a single quote, never as a formula,
// while amounts stay numbers (the refunds and corrections negative) that a spreadsheet sums.

let t: TestApp;
let owner: Cookies;
let gymId: number;
let ticketId: number;

const NOW = '2026-03-02T01:00:00Z'; // 10:00 KST, a Monday
const LONG = 30 * 86_400_000;
const KIOSK = 'x-kiosk-token';

/** What an attacker types where a name goes: a link, a function, and sums that start with + and -. */
const LINK = '=HYPERLINK("http://x","y")';
const SUM = '@SUM(1+1)';
const PLUS = '+1';
const MINUS = '-1+1';
const NAMES = [LINK, SUM, PLUS, MINUS] as const;
/** Texts staff type: a correction's reason, an expense category, memo and reversal reason. */
const REASON = '=1+1';
const CATEGORY = '+cmd';
const MEMO = '@memo';
const REVERSAL = '-reason';

const send = (method: 'GET' | 'POST', url: string, options: { payload?: unknown; headers?: object } = {}) =>
  t.app.inject({
    method,
    url,
    cookies: owner,
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    ...(options.headers ? { headers: options.headers as Record<string, string> } : {}),
  });
const ok = (response: LightMyRequestResponse, status = 200) => {
  expect(response.statusCode, response.body).toBe(status);
  return response;
};

/** A walk-in on the tablet (the same flow as tests/api/consult.test.ts), then made a customer by staff. */
const walkInCustomer = async (token: string, name: string): Promise<number> => {
  const info = ok(
    await t.app.inject({ method: 'GET', url: '/web/kiosk/consult', headers: { [KIOSK]: token } }),
  );
  const phone = uniqueMobile();
  ok(
    await t.app.inject({
      method: 'POST',
      url: '/web/kiosk/consult',
      headers: { [KIOSK]: token },
      payload: {
        surveyId: info.json().data.survey.id,
        name,
        phone,
        answers: {
          goals: ['WEIGHT_LOSS'],
          level: 'BEGINNER',
          height: 175,
          weight: 70,
          ...Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`parq${i + 1}`, false])),
        },
        consents: { personal: true, health: true, marketing: false, night: false },
      },
    }),
    201,
  );
  const list = ok(await send('GET', `/web/consult/list/${gymId}?_start=0&_end=100`));
  const consult = dataOf(consultListRoute, list).find((c) => c.phone === phone);
  expect(consult?.name).toBe(name);
  const converted = ok(await send('POST', `/web/consult/${consult!.id}/customer`));
  return converted.json().data.customerId as number;
};

/** Sells the 600,000-won pass today with these payments: the pass, its sale and its checkout. */
const sellTo = async (memberId: number, payments: { method: string; amount: number }[]) => {
  const pass = await sellOk(t, owner, { gymId, memberId, ticketId, startDate: '2026-03-02', payments });
  const [row] = await t.db.select({ id: sale.id }).from(sale).where(eq(sale.ticketIssueId, pass.id));
  const [head] = await t.db.select({ id: checkout.id }).from(checkout).where(eq(checkout.memberId, memberId));
  return { passId: pass.id, saleId: row!.id, checkoutId: head!.id };
};

/** An export's cells, one array a line, after checking its type and its byte order mark. */
const exported = async (url: string, language = 'ko'): Promise<string[][]> => {
  const response = ok(await send('GET', url, { headers: { 'accept-language': language } }));
  expect(response.headers['content-type']).toContain('text/csv');
  expect(response.body.charCodeAt(0)).toBe(0xfeff);
  return Papa.parse<string[]>(response.body.slice(1)).data;
};

/** No cell starts like a formula but a plain negative number; each planted text is there behind its quote. */
const expectNeutral = (lines: string[][], planted: readonly string[]) => {
  const cells = lines.flat();
  const formulas = cells.filter((cell) => /^[=+\-@\t\r]/.test(cell) && !/^-\d+$/.test(cell));
  expect(formulas).toEqual([]);
  for (const text of planted) expect(cells, text).toContain(`'${text}`);
  return cells;
};

beforeAll(async () => {
  t = await createTestApp({ config: { session: { idleMs: LONG, absoluteMs: LONG } } });
  setNow(t, NOW);
  const made = await makeActiveGym(t);
  owner = made.owner.cookies;
  gymId = made.gym.id;
  await approveAddOn(t, gymId, 'CONSULT');
  await approveAddOn(t, gymId, 'ENTER');
  ticketId = (await makeTicket(t, owner, gymId)).id;
}, 60_000);
afterAll(() => t?.close());

describe('a formula typed on the consulting tablet', () => {
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const token = ok(await send('POST', `/web/consult/kiosk/${gymId}`), 201).json().data.token as string;
    for (const name of NAMES) ids[name] = await walkInCustomer(token, name);

    // LINK pays 150,000 in cash (a balance, a cash receipt, a check-in); SUM pays by card and is refunded;
    // PLUS owes a balance that staff lower by 100,000 with a reason; MINUS pays part and staff collect some of the rest.
    const link = await sellTo(ids[LINK]!, [{ method: 'CASH', amount: 150_000 }]);
    ok(
      await send('POST', '/web/receipt/cash', {
        payload: {
          gymId,
          checkoutId: link.checkoutId,
          purpose: 'INCOME_DEDUCTION',
          identifierType: 'PHONE',
          identifier: '01012345678',
        },
      }),
      201,
    );
    ok(await send('POST', `/web/entry/manual/${gymId}`, { payload: { memberId: ids[LINK] } }));
    const sum = await sellTo(ids[SUM]!, [{ method: 'CARD', amount: 600_000 }]);
    ok(
      await send('POST', `/web/ticket-issue/${sum.passId}/refund`, {
        payload: { fault: 'MEMBER', method: 'CARD', amount: 540_000 },
      }),
    );
    const plus = await sellTo(ids[PLUS]!, [{ method: 'TRANSFER', amount: 100_000 }]);
    ok(
      await send('POST', `/web/sales/${plus.saleId}/correct`, {
        payload: { gymId, amount: 100_000, reason: REASON },
      }),
    );
    const minus = await sellTo(ids[MINUS]!, [{ method: 'CARD', amount: 300_000 }]);
    ok(
      await send('POST', `/web/sales/${minus.saleId}/collect`, {
        payload: { gymId, payments: [{ method: 'CASH', amount: 100_000 }] },
      }),
    );

    // An expense in a category of the facility's own, with a memo, reversed with a reason.
    ok(await send('GET', `/web/expense/category?gymId=${gymId}`));
    const category = ok(
      await send('POST', '/web/expense/category', { payload: { gymId, name: CATEGORY } }),
      201,
    );
    const expense = ok(
      await send('POST', '/web/expense', {
        payload: {
          gymId,
          spentOn: '2026-03-02',
          method: 'TRANSFER',
          categoryId: category.json().data.id,
          amount: 300_000,
          memo: MEMO,
        },
      }),
      201,
    );
    ok(
      await send('POST', `/web/expense/${expense.json().data.id}/reverse`, {
        payload: { gymId, reason: REVERSAL },
      }),
      201,
    );
  }, 60_000);

  it('reaches the customer as typed (only the export neutralises it)', async () => {
    for (const name of NAMES) {
      const customer = ok(await send('GET', `/web/member/customer/${ids[name]}?gymId=${gymId}`));
      expect(customer.json().data.name).toBe(name);
    }
  });

  it('is text in the customers CSV, in both languages', async () => {
    for (const language of ['ko', 'en']) {
      const lines = await exported(`/web/member/customer-export?gymId=${gymId}&segment=all`, language);
      expectNeutral(lines, NAMES);
      // The cell is quoted so that the quote and the formula stay one cell: a comma inside does not split it.
      expect(lines.find((line) => line[1] === `'${LINK}`)).toHaveLength(lines[0]!.length);
    }
  });

  it('is text in the payment history CSV, whose refund line and totals stay numbers', async () => {
    const lines = await exported(`/web/pay/history/export.csv?gymId=${gymId}&from=2026-03-01&to=2026-03-31`);
    const cells = expectNeutral(lines, NAMES);
    // The member's choice keeps 10 % of the 600,000 won (docs/rules.md#refunds).
    expect(cells).toContain('-540000');
    // Total · net: 150,000 + 600,000 − 540,000 + 100,000 + 300,000 + 100,000.
    expect(lines.at(-1)?.[6]).toBe('710000');
  });

  it('is text in the unpaid CSV', async () => {
    const lines = await exported(`/web/sales/unpaid/export.csv?gymId=${gymId}`);
    expectNeutral(lines, [LINK, PLUS, MINUS]);
  });

  it('is text in the sales CSV, with the correction and the refund as negative numbers', async () => {
    const lines = await exported(`/web/sales/export.csv?gymId=${gymId}&from=2026-03-01&to=2026-03-31`);
    expectNeutral(lines, [...NAMES, REASON]);
    expect(lines.find((line) => line[9] === `'${REASON}`)?.[10]).toBe('-100000');
    expect(lines.some((line) => line[2] === `'${SUM}` && line[10] === '-540000')).toBe(true);
  });

  it('is text in the entry log CSV', async () => {
    const lines = await exported(`/web/entry/export/${gymId}`);
    expectNeutral(lines, [LINK]);
  });

  it('is text in the "as of" revenue CSV', async () => {
    const lines = await exported(`/web/report/revenue/as-of/export.csv?gymId=${gymId}&date=2026-03-02`);
    expectNeutral(lines, NAMES);
  });

  it('is text in the receipts CSV', async () => {
    const lines = await exported(`/web/receipt/export.csv?gymId=${gymId}&month=2026-03`);
    expectNeutral(lines, [LINK]);
  });

  it("leaves no formula in the expenses CSV, the reversal's amount a negative number", async () => {
    const lines = await exported(`/web/expense/export.csv?gymId=${gymId}&from=2026-03-01&to=2026-03-31`);
    expectNeutral(lines, [CATEGORY, MEMO, REVERSAL]);
    expect(lines.find((line) => line[4] === `'${REVERSAL}`)?.[2]).toBe('-300000');
  });

  it('leaves no formula in the revenue history CSV, its refunds and net numbers', async () => {
    const lines = await exported(
      `/web/report/revenue-history/export.csv?gymId=${gymId}&from=2026-03&to=2026-03&unit=month`,
    );
    expectNeutral(lines, []);
    expect(lines[1]).toEqual(['2026-03', '1250000', '-540000', '0', '710000']);
  });
});
