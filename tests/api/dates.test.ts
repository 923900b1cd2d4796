import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expenseCategoryListRoute } from '#domain/api/expense.ts';
import { expense, member, ticketIssue } from '#server/db/schema/index.ts';
import { dataOf, errorOf } from '#tests/fixtures/api.ts';
import { setupTestApp } from '#tests/fixtures/app.ts';
import { makeCustomer, makeTicket, sell, sellOk, uniqueMobile } from '#tests/fixtures/customers.ts';
import { approveAddOn, makeActiveGym } from '#tests/fixtures/gyms.ts';
import { injectAs } from '#tests/fixtures/inject.ts';

// docs/rules.md#dates: one date type and one month type in every request contract. A date is a real calendar date
// from 2000-01-01 to 2099-12-31 (a birth date from 1900-01-01 to today), a month YYYY-MM from 2000-01 to 2099-12;
// anything else is the same 400 field error, on a body, a query range or a month alike, and writes nothing.

const app = setupTestApp();

const DATE = {
  en: 'Enter a real date from 2000-01-01 to 2099-12-31, as YYYY-MM-DD.',
  ko: '2000-01-01부터 2099-12-31 사이의 실제 날짜를 YYYY-MM-DD 형식으로 입력해 주세요.',
};
const BIRTH = {
  en: 'Enter a real birth date from 1900-01-01 to today, as YYYY-MM-DD.',
  ko: '1900-01-01부터 오늘 사이의 실제 생년월일을 YYYY-MM-DD 형식으로 입력해 주세요.',
};
const MONTH = {
  en: 'Enter a month from 2000-01 to 2099-12, as YYYY-MM.',
  ko: '2000-01부터 2099-12 사이의 월을 YYYY-MM 형식으로 입력해 주세요.',
};

type Response = { statusCode: number; body: string; json: () => unknown };
const expectFieldError = (response: Response, field: string, message: string) => {
  expect(response.statusCode, response.body).toBe(400);
  const body = errorOf(response);
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(body.errors?.[field], response.body).toEqual([message]);
};

const BAD_DATES = [
  '9999-12-31',
  '1900-01-01',
  '1999-12-31',
  '2100-01-01',
  '2026-02-30',
  '2026-13-01',
  '2026-2-3',
];
const BAD_MONTHS = ['2026-00', '2026-13', '1999-12', '2100-01', '2026-1', '2026-01-01'];

describe('dates in a request body', () => {
  it('a pass sold from 9999-12-31 (or any date out of range) is refused on startDate, and no pass is written', async () => {
    const made = await makeActiveGym(app());
    const gymId = made.gym.id;
    const customer = await makeCustomer(app(), made.owner.cookies, gymId);
    const ticket = await makeTicket(app(), made.owner.cookies, gymId, { periodAmount: 1 });
    for (const startDate of BAD_DATES)
      expectFieldError(
        await sell(app(), made.owner.cookies, {
          gymId,
          memberId: customer.id,
          ticketId: ticket.id,
          startDate,
        }),
        'startDate',
        DATE.en,
      );
    const [passes] = await app()
      .db.select({ n: count() })
      .from(ticketIssue)
      .where(eq(ticketIssue.memberId, customer.id));
    expect(passes!.n).toBe(0);
    // The last day of the range still sells, and its end may fall in 2100.
    const last = await sellOk(app(), made.owner.cookies, {
      gymId,
      memberId: customer.id,
      ticketId: ticket.id,
      startDate: '2099-12-31',
    });
    expect(last).toBeTruthy();
  });

  it('an expense on 2026-02-30 is refused on spentOn, in both languages', async () => {
    const made = await makeActiveGym(app());
    const owner = await injectAs(app().app, made.owner);
    const categories = dataOf(
      expenseCategoryListRoute,
      await owner.get(`/web/expense/category?gymId=${made.gym.id}`),
    );
    for (const language of ['en', 'ko'] as const)
      expectFieldError(
        await owner.post(
          '/web/expense',
          {
            gymId: made.gym.id,
            spentOn: '2026-02-30',
            categoryId: categories[0]!.id,
            amount: 1000,
            method: 'CASH',
          },
          { headers: { 'accept-language': language } },
        ),
        'spentOn',
        DATE[language],
      );
    const [rows] = await app().db.select({ n: count() }).from(expense).where(eq(expense.gymId, made.gym.id));
    expect(rows!.n).toBe(0);
  });

  it('a birth date takes 1900-01-01 to today, and refuses 1899, the future and a date that does not exist', async () => {
    const made = await makeActiveGym(app());
    const owner = await injectAs(app().app, made.owner);
    const url = `/web/member/customer?gymId=${made.gym.id}`;
    for (const birthDate of ['1899-12-31', '2099-01-01', '1990-02-29', '1990-13-01', '19900131'])
      expectFieldError(
        await owner.post(url, { name: '김민수', phone: uniqueMobile(), birthDate }),
        'birthDate',
        BIRTH.en,
      );
    const [rows] = await app()
      .db.select({ n: count() })
      .from(member)
      .where(eq(member.ownerGymId, made.gym.id));
    expect(rows!.n).toBe(0);
    const old = await owner.post(url, { name: '김민수', phone: uniqueMobile(), birthDate: '1900-01-01' });
    expect(old.statusCode, old.body).toBe(201);
  });
});

describe('dates in a query range', () => {
  it.each([
    [
      'the payment history',
      (gymId: number, d: string) => `/web/pay/history?gymId=${gymId}&from=${d}`,
      'from',
    ],
    [
      'the lessons',
      (gymId: number, d: string) => `/web/lesson/list/${gymId}?from=${d}&to=2026-03-07`,
      'from',
    ],
    ['the reservations', (gymId: number, d: string) => `/web/reservation/list/${gymId}?to=${d}`, 'to'],
    ['the entry log', (gymId: number, d: string) => `/web/entry/list/${gymId}?from=${d}`, 'from'],
    [
      'the sold passes',
      (gymId: number, d: string) => `/web/ticket-issue/list/${gymId}?startFrom=${d}`,
      'startFrom',
    ],
    [
      'the consultations',
      (gymId: number, d: string) => `/web/consult?gymId=${gymId}&consultDate_gte=${d}`,
      'consultDate_gte',
    ],
  ] as const)('%s refuses every bad date with the same message', async (_label, url, field) => {
    const made = await makeActiveGym(app());
    await approveAddOn(app(), made.gym.id, 'ENTER');
    await approveAddOn(app(), made.gym.id, 'CONSULT');
    const owner = await injectAs(app().app, made.owner);
    for (const d of BAD_DATES) expectFieldError(await owner.get(url(made.gym.id, d)), field, DATE.en);
    const ko = await owner.get(url(made.gym.id, '2026-02-30'), { headers: { 'accept-language': 'ko' } });
    expectFieldError(ko, field, DATE.ko);
  });
});

describe('months', () => {
  it.each([
    [
      'the statistics',
      (gymId: number, m: string) => `/web/report/statistics?gymId=${gymId}&from=${m}&to=2026-03`,
      'from',
    ],
    ['the pipeline', (gymId: number, m: string) => `/web/consult/pipeline/${gymId}?month=${m}`, 'month'],
    [
      'the receipt export',
      (gymId: number, m: string) => `/web/receipt/export.csv?gymId=${gymId}&month=${m}`,
      'month',
    ],
  ] as const)(
    '%s refuses month 00, 13 and other bad months with the same message',
    async (_label, url, field) => {
      const made = await makeActiveGym(app());
      await approveAddOn(app(), made.gym.id, 'CONSULT');
      const owner = await injectAs(app().app, made.owner);
      for (const m of BAD_MONTHS) expectFieldError(await owner.get(url(made.gym.id, m)), field, MONTH.en);
      const ko = await owner.get(url(made.gym.id, '2026-00'), { headers: { 'accept-language': 'ko' } });
      expectFieldError(ko, field, MONTH.ko);
    },
  );
});
