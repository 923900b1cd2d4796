import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expenseCreateRoute } from '#domain/api/expense.ts';
import { auditLog, expense, expenseCategory, file } from '#server/db/schema/index.ts';
import { dataOf } from '../fixtures/api.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { setNow } from '../fixtures/customers.ts';
import { uploadFile } from '../fixtures/files.ts';
import { type Cookies, makeActiveGym, makeStaff } from '../fixtures/gyms.ts';

// Expenditure (docs/rules.md#expenditure): the six built-in categories made once on the first read, the
// facility's own (create, rename, never a built-in), expenses with an optional receipt file, the month's totals,
// reversal by a negative row (once), bad input refused with nothing written, and the CSV. The clock starts on
// Monday 2026-03-02 at 09:00 KST.

let t: TestApp;
let owner: Cookies;
let gymId: number;
let other: { owner: Cookies; gymId: number };
let categories: { id: number; code: string | null; name: string }[];

const NOW = '2026-03-02T00:00:00Z';

const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, cookies: Cookies = owner) =>
  t.app.inject({ method, url, cookies, ...(payload === undefined ? {} : { payload: payload as object }) });

const categoryOf = (code: string) => categories.find((c) => c.code === code)!.id;

const create = (body: Record<string, unknown>, cookies: Cookies = owner) =>
  send('POST', '/web/expense', { gymId, spentOn: '2026-03-02', method: 'TRANSFER', ...body }, cookies);

const createOk = async (body: Record<string, unknown>) => {
  const response = await create(body);
  expect(response.statusCode, response.body).toBe(201);
  return dataOf(expenseCreateRoute, response);
};

const expensesOf = async (gym: number) =>
  (await t.db.select({ n: count() }).from(expense).where(eq(expense.gymId, gym)))[0]!.n;

const auditCount = async (action: string) =>
  (
    await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.gymId, gymId), eq(auditLog.action, action as never)))
  )[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  setNow(t, NOW);
  const a = await makeActiveGym(t);
  owner = a.owner.cookies;
  gymId = a.gym.id;
  const b = await makeActiveGym(t);
  other = { owner: b.owner.cookies, gymId: b.gym.id };
}, 60_000);
beforeEach(() => setNow(t, NOW));
afterAll(() => t?.close());

describe('expense categories', () => {
  it('makes the six built-ins on the first read, once, even when read twice at once', async () => {
    const [first, second] = await Promise.all([
      send('GET', `/web/expense/category?gymId=${gymId}`),
      send('GET', `/web/expense/category?gymId=${gymId}`),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    categories = first.json().data;
    expect(categories.map((c) => c.code)).toEqual([
      'RENT',
      'PAYROLL',
      'EQUIPMENT',
      'UTILITIES',
      'MARKETING',
      'OTHER',
    ]);
    const rows = await t.db
      .select({ n: count() })
      .from(expenseCategory)
      .where(eq(expenseCategory.gymId, gymId));
    expect(rows[0]!.n).toBe(6);
  });

  it("adds and renames the facility's own, never a built-in, and refuses a name in use", async () => {
    const made = await send('POST', '/web/expense/category', { gymId, name: '청소 용역' });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.id;
    expect(made.json().data).toMatchObject({ code: null, name: '청소 용역' });
    const taken = await send('POST', '/web/expense/category', { gymId, name: '청소 용역' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().reason).toBe('expenseCategoryNameTaken');
    const renamed = await send('PUT', `/web/expense/category/${id}?gymId=${gymId}`, { name: '청소' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.name).toBe('청소');
    const builtIn = await send('PUT', `/web/expense/category/${categoryOf('RENT')}?gymId=${gymId}`, {
      name: '월세',
    });
    expect(builtIn.statusCode).toBe(409);
    expect(builtIn.json().reason).toBe('expenseCategoryBuiltIn');
    expect(await auditCount('expense-category.create')).toBe(1);
    expect(await auditCount('expense-category.update')).toBe(1);
    categories = (await send('GET', `/web/expense/category?gymId=${gymId}`)).json().data;
    expect(categories.at(-1)).toMatchObject({ id, name: '청소' });
  });
});

describe('expenses', () => {
  it('records an expense with its uploaded receipt, which the facility then holds', async () => {
    const url = await uploadFile(t.app, owner, { name: 'receipt.png' });
    const made = await createOk({
      categoryId: categoryOf('RENT'),
      amount: 2_000_000,
      memo: '3월 임대료',
      fileId: url,
    });
    const id = url.split('/').at(-1)!;
    expect(made).toMatchObject({ amount: 2_000_000, fileId: id });
    const [row] = await t.db.select({ gymId: file.gymId }).from(file).where(eq(file.id, id));
    expect(row?.gymId).toBe(gymId);
    expect(await auditCount('expense.create')).toBeGreaterThanOrEqual(1);
  });

  it('refuses bad input with nothing written', async () => {
    const before = await expensesOf(gymId);
    const rent = categoryOf('RENT');
    const bad: [Record<string, unknown>, number][] = [
      [{ categoryId: rent, amount: -1000 }, 400],
      [{ categoryId: rent, amount: 0 }, 400],
      [{ categoryId: rent, amount: 10.5 }, 400],
      [{ categoryId: rent, amount: 1000, method: 'BITCOIN' }, 400],
      [{ categoryId: rent, amount: 1000, spentOn: '2026-02-30' }, 400],
      [{ categoryId: rent, amount: 1000, extra: true }, 400],
      [{ categoryId: rent, amount: 1000, fileId: 'not-a-file' }, 400],
      [{ categoryId: 999_999, amount: 1000 }, 404],
    ];
    for (const [body, status] of bad) {
      const response = await create(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
    }
    // Another facility's category: 404; another person's or another facility's file: 400 on the field.
    const theirs = (
      await send('GET', `/web/expense/category?gymId=${other.gymId}`, undefined, other.owner)
    ).json().data[0].id;
    expect((await create({ categoryId: theirs, amount: 1000 })).statusCode).toBe(404);
    const theirFile = await uploadFile(t.app, other.owner);
    const foreignFile = await create({ categoryId: rent, amount: 1000, fileId: theirFile });
    expect(foreignFile.statusCode).toBe(400);
    expect(Object.keys(foreignFile.json().errors)).toEqual(['fileId']);
    const notEtc = await uploadFile(t.app, owner, { type: 'INBODY' });
    expect((await create({ categoryId: rent, amount: 1000, fileId: notEtc })).statusCode).toBe(400);
    expect(await expensesOf(gymId)).toBe(before);
  });

  it('lists a month with totals per month and category, and reverses an expense once', async () => {
    const utilities = categoryOf('UTILITIES');
    const power = await createOk({
      categoryId: utilities,
      amount: 300_000,
      spentOn: '2026-03-10',
      method: 'CARD',
    });
    await createOk({
      categoryId: categoryOf('MARKETING'),
      amount: 150_000,
      spentOn: '2026-03-11',
      method: 'CASH',
    });
    await createOk({ categoryId: utilities, amount: 70_000, spentOn: '2026-04-01' });

    const march = await send('GET', `/web/expense?gymId=${gymId}`);
    expect(march.statusCode, march.body).toBe(200);
    const body = march.json();
    const summary = await send('GET', `/web/expense/summary?gymId=${gymId}`);
    expect(summary.statusCode, summary.body).toBe(200);
    body.totals = summary.json().data;
    expect(body.totals).toMatchObject({ from: '2026-03-01', to: '2026-03-31', sum: 2_450_000 });
    expect(body.totals.byMonth).toEqual([{ month: '2026-03', amount: 2_450_000, count: 3 }]);
    expect(body.totals.byCategory).toContainEqual({ categoryId: utilities, amount: 300_000 });
    expect(body.data.map((r: { spentOn: string }) => r.spentOn)).toEqual([
      '2026-03-11',
      '2026-03-10',
      '2026-03-02',
    ]);

    const reversed = await send('POST', `/web/expense/${power.id}/reverse`, { gymId, reason: '중복 입력' });
    expect(reversed.statusCode, reversed.body).toBe(201);
    expect(reversed.json().data).toMatchObject({
      amount: -300_000,
      reversesExpenseId: power.id,
      spentOn: '2026-03-10',
      memo: '중복 입력',
      method: 'CARD',
    });
    const twice = await send('POST', `/web/expense/${power.id}/reverse`, { gymId, reason: '다시' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().reason).toBe('expenseAlreadyReversed');
    const ofReversal = await send('POST', `/web/expense/${reversed.json().data.id}/reverse`, {
      gymId,
      reason: '되돌리기',
    });
    expect(ofReversal.statusCode).toBe(409);
    expect(ofReversal.json().reason).toBe('expenseIsReversal');
    expect((await send('POST', `/web/expense/${power.id}/reverse`, { gymId })).statusCode).toBe(400);

    const filter = `gymId=${gymId}&from=2026-03-01&to=2026-04-30&categoryId=${utilities}`;
    const range = await send('GET', `/web/expense?${filter}`);
    const totals = (await send('GET', `/web/expense/summary?${filter}`)).json().data;
    expect(totals.sum).toBe(70_000);
    expect(totals.byMonth).toEqual([
      { month: '2026-03', amount: 0, count: 1 },
      { month: '2026-04', amount: 70_000, count: 1 },
    ]);
    const original = range.json().data.find((r: { id: number }) => r.id === power.id);
    expect(original.reversedById).toBe(reversed.json().data.id);
    expect(await auditCount('expense.reverse')).toBe(1);
  });

  it('reverses once when two staff reverse at the same moment', async () => {
    const made = await createOk({ categoryId: categoryOf('OTHER'), amount: 5_000 });
    const answers = await Promise.all(
      [1, 2, 3].map(() => send('POST', `/web/expense/${made.id}/reverse`, { gymId, reason: '취소' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it('pages with the total in the header', async () => {
    const page = await send('GET', `/web/expense?gymId=${gymId}&_start=0&_end=2`);
    expect(page.json().data).toHaveLength(2);
    expect(Number(page.headers['x-total-count'])).toBe(page.json().total);
    expect(page.json().total).toBeGreaterThan(2);
  });

  it('exports the range as a CSV with a BOM, built-ins named in the language', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/web/expense/export.csv?gymId=${gymId}&from=2026-03-01&to=2026-03-31`,
      cookies: owner,
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body.charCodeAt(0)).toBe(0xfeff);
    const lines = response.body.trim().split(/\r?\n/);
    expect(lines[0]).toContain('Category');
    expect(response.body).toContain('Rent');
    expect(response.body).toContain('-300000');
    expect(lines.length).toBe(1 + 6);
  });

  it('is read-only for staff without the setting flag', async () => {
    const reader = await makeStaff(t.app, { cookies: owner }, gymId, {
      payHistoryUseYn: true,
      financeUseYn: true,
    });
    expect((await send('GET', `/web/expense?gymId=${gymId}`, undefined, reader.cookies)).statusCode).toBe(
      200,
    );
    const before = await expensesOf(gymId);
    const refused = await create({ categoryId: categoryOf('OTHER'), amount: 1000 }, reader.cookies);
    expect(refused.statusCode).toBe(403);
    expect(await expensesOf(gymId)).toBe(before);
  });
});
