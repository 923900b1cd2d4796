import dayjs from 'dayjs';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Language, PaymentMethod } from '#domain/enums.ts';
import { toCsv } from '#domain/rules/csv.ts';
import { addDays, SEOUL, seoulToday } from '#domain/rules/seoul-time.ts';
import {
  type Expense,
  type ExpenseCategory,
  type ExpenseExportQuery,
  type ExpenseListQuery,
  type ExpenseTotals,
  expenseCategoryCodes,
} from '#domain/schemas/expense.ts';
import type { Executor } from '../../db/client.ts';
import { cappedTotal, countCapped } from '../../db/count.ts';
import { expense, expenseCategory, member } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { builtInCategoryNames, categoryRecord, expenseRecord, isCode } from './expense.mappers.ts';
import { expenseColumns, listWhere, selectExpenses } from './expense.sql.ts';

// Expenditure's reads (docs/rules.md#expenditure): the categories, a range's expenses, their totals and their CSV.

/**
 * The facility's categories in order: the six built-ins first (made on the first read with `insert … on
 * conflict do nothing`, so two first reads at once make them once), then its own.
 */
export const listCategories = async (db: Executor, gymId: number): Promise<ExpenseCategory[]> => {
  const read = () =>
    db
      .select()
      .from(expenseCategory)
      .where(eq(expenseCategory.gymId, gymId))
      .orderBy(asc(expenseCategory.sortOrder), asc(expenseCategory.id));
  let rows = await read();
  if (rows.filter((r) => r.code !== null).length < expenseCategoryCodes.length) {
    const values = expenseCategoryCodes.map(
      (code, i) => sql`(${gymId}, ${code}, ${builtInCategoryNames.ko[code]}, ${i})`,
    );
    await db.execute(
      sql`insert into ${expenseCategory} (gym_id, code, name, sort_order) values ${sql.join(values, sql`, `)} on conflict do nothing`,
    );
    rows = await read();
  }
  return rows.map(categoryRecord);
};

/** The range a list reads: both ends given, or the current Seoul month. */
export const expenseRange = (query: { from?: string | undefined; to?: string | undefined }, now: Date) => {
  const today = seoulToday(now);
  const from = query.from ?? `${today.slice(0, 7)}-01`;
  const to =
    query.to ??
    addDays(
      dayjs
        .utc(`${from.slice(0, 7)}-01`)
        .add(1, 'month')
        .format('YYYY-MM-DD'),
      -1,
    );
  return { from, to };
};

export const expenseById = async (db: Executor, gymId: number, id: number): Promise<Expense> => {
  const [row] = await selectExpenses(db, and(eq(expense.id, id), eq(expense.gymId, gymId))!);
  if (!row) throw notFound();
  return expenseRecord(row);
};

/**
 * The range's totals per month and per category (reversals included, so a reversed expense nets to nothing):
 * one grouped statement on expense_gym_idx, folded here.
 */
const totalsOf = async (
  db: Executor,
  where: SQL,
  range: { from: string; to: string },
): Promise<ExpenseTotals> => {
  const rows = await db
    .select({
      month: sql<string>`to_char(${expense.spentOn}, 'YYYY-MM')`,
      categoryId: expense.categoryId,
      amount: sql<number>`sum(${expense.amount})`.mapWith(Number),
      count: sql<number>`count(*) filter (where ${expense.reversesExpenseId} is null)`.mapWith(Number),
    })
    .from(expense)
    .where(where)
    .groupBy(sql`1`, expense.categoryId);
  const byMonth = new Map<string, { amount: number; count: number }>();
  const byCategory = new Map<number, number>();
  for (const r of rows) {
    const m = byMonth.get(r.month) ?? { amount: 0, count: 0 };
    byMonth.set(r.month, { amount: m.amount + r.amount, count: m.count + r.count });
    byCategory.set(r.categoryId, (byCategory.get(r.categoryId) ?? 0) + r.amount);
  }
  return {
    ...range,
    sum: rows.reduce((s, r) => s + r.amount, 0),
    byMonth: [...byMonth.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([month, v]) => ({ month, ...v })),
    byCategory: [...byCategory.entries()]
      .sort(([, a], [, b]) => b - a)
      .map(([categoryId, amount]) => ({ categoryId, amount })),
  };
};

/** A range's expenses, newest day first: one statement with its capped total. */
export const listExpenses = async (db: Executor, gymId: number, query: ExpenseListQuery, now: Date) => {
  const range = expenseRange(query, now);
  const where = listWhere(gymId, range, query.categoryId);
  const rows = await db
    .select({ ...expenseColumns, total: cappedTotal(expense, where) })
    .from(expense)
    .innerJoin(expenseCategory, eq(expenseCategory.id, expense.categoryId))
    .leftJoin(member, eq(member.id, expense.createdByMemberId))
    .where(where)
    .orderBy(desc(expense.spentOn), desc(expense.id))
    .limit(Math.max(0, query._end - query._start))
    .offset(query._start);
  const total = rows[0]?.total ?? (query._start === 0 ? 0 : await countCapped(db, expense, where));
  return { data: rows.map(expenseRecord), total };
};

/** The range's totals per month and per category, for the same filters as the list. */
export const expenseSummary = async (db: Executor, gymId: number, query: ExpenseExportQuery, now: Date) => {
  const range = expenseRange(query, now);
  return totalsOf(db, listWhere(gymId, range, query.categoryId), range);
};

const EXPORT_MAX = 20_000;

const exportHeaders: Record<Language, string[]> = {
  ko: ['지출일', '분류', '금액', '결제수단', '메모', '취소 대상', '영수증', '등록자', '등록일시'],
  en: ['Date', 'Category', 'Amount', 'Method', 'Memo', 'Reverses', 'Receipt', 'Recorded by', 'Recorded at'],
};

const methodLabels: Record<Language, Record<PaymentMethod, string>> = {
  ko: { CARD: '카드', CASH: '현금', TRANSFER: '계좌이체' },
  en: { CARD: 'Card', CASH: 'Cash', TRANSFER: 'Transfer' },
};

/** A range's expenses as a CSV (UTF-8 with a BOM, so that Excel reads Korean), oldest first. */
export const exportExpenses = async (
  db: Executor,
  gymId: number,
  query: ExpenseExportQuery,
  now: Date,
  language: Language,
): Promise<string> => {
  const range = expenseRange(query, now);
  const rows = await selectExpenses(db, listWhere(gymId, range, query.categoryId))
    .orderBy(asc(expense.spentOn), asc(expense.id))
    .limit(EXPORT_MAX);
  const yes = language === 'ko' ? '예' : 'Yes';
  return toCsv(
    exportHeaders[language],
    rows.map((r) => [
      r.expense.spentOn,
      isCode(r.categoryCode) ? builtInCategoryNames[language][r.categoryCode] : r.categoryName,
      r.expense.amount,
      methodLabels[language][r.expense.method],
      r.expense.memo ?? '',
      r.expense.reversesExpenseId ? `#${r.expense.reversesExpenseId}` : '',
      r.expense.fileId ? yes : '',
      r.createdByName ?? '',
      dayjs(r.expense.createDate).tz(SEOUL).format('YYYY-MM-DD HH:mm'),
    ]),
  );
};
