import dayjs from 'dayjs';
import { and, asc, desc, eq, gte, isNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Language, PaymentMethod } from '#domain/enums.ts';
import { toCsv } from '#domain/rules/csv.ts';
import { fileIdOfUrl } from '#domain/rules/files.ts';
import { addDays, SEOUL, seoulToday } from '#domain/rules/seoul-time.ts';
import {
  type Expense,
  type ExpenseCategory,
  type ExpenseCategoryCode,
  type ExpenseCreate,
  type ExpenseExportQuery,
  type ExpenseListQuery,
  type ExpenseTotals,
  expenseCategoryCodes,
} from '#domain/schemas/expense.ts';
import type { Executor } from '../../db/client.ts';
import { cappedTotal, countCapped } from '../../db/count.ts';
import { type ExpenseCategoryRow, expense, expenseCategory, file, member } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { expenseMessages } from '../../http/messages/expense.ts';
import type { Actor } from '../../kernel/actor.ts';
import { type AuditEvent, writeAudit } from '../../kernel/audit.ts';

// Expenditure (docs/rules.md#expenditure): the categories (six built-in ones made on first read, plus the
// facility's own) and the expenses. An expense row is never updated or deleted: a mistake is undone by a
// reversing row (negative, referencing it, once). Every write leaves its audit row in its transaction.

type ExpenseReason = keyof (typeof expenseMessages)['en'];

const audit = (tx: Executor, actor: Actor, event: AuditEvent) =>
  writeAudit(tx, {
    ...event,
    actorMemberId: actor.memberId,
    requestId: actor.requestId,
    now: actor.now,
  });

const refused = (reason: ExpenseReason) => new AppError('CONFLICT', reason);

/** The built-ins' stored names (the web app names them by code in the reader's language; the CSV does too). */
export const builtInCategoryNames: Record<Language, Record<ExpenseCategoryCode, string>> = {
  ko: {
    RENT: '임대료',
    PAYROLL: '급여',
    EQUIPMENT: '장비',
    UTILITIES: '공과금',
    MARKETING: '마케팅',
    OTHER: '기타',
  },
  en: {
    RENT: 'Rent',
    PAYROLL: 'Payroll',
    EQUIPMENT: 'Equipment',
    UTILITIES: 'Utilities',
    MARKETING: 'Marketing',
    OTHER: 'Other',
  },
};

const isCode = (code: string | null): code is ExpenseCategoryCode =>
  code !== null && (expenseCategoryCodes as readonly string[]).includes(code);

export const categoryRecord = (row: ExpenseCategoryRow): ExpenseCategory => ({
  id: row.id,
  gymId: row.gymId,
  code: isCode(row.code) ? row.code : null,
  name: row.name,
  sortOrder: row.sortOrder,
});

// ---------------------------------------------------------------------------------------------------------
// Categories

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

const assertNameFree = async (tx: Executor, gymId: number, name: string, exceptId?: number) => {
  const [taken] = await tx
    .select({ id: expenseCategory.id })
    .from(expenseCategory)
    .where(
      and(
        eq(expenseCategory.gymId, gymId),
        sql`lower(${expenseCategory.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(expenseCategory.id, exceptId),
      ),
    )
    .limit(1);
  if (taken) throw refused('expenseCategoryNameTaken');
};

/** Locks the facility's categories while a name is checked and written (two same names at once make one). */
const lockCategories = (tx: Executor, gymId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`expense-category:${gymId}`}))`);

export const createCategory = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  name: string,
): Promise<ExpenseCategory> => {
  await lockCategories(tx, gymId);
  await assertNameFree(tx, gymId, name);
  const [last] = await tx
    .select({ max: sql<number>`coalesce(max(${expenseCategory.sortOrder}), 0)`.mapWith(Number) })
    .from(expenseCategory)
    .where(eq(expenseCategory.gymId, gymId));
  const [row] = await tx
    .insert(expenseCategory)
    .values({ gymId, code: null, name, sortOrder: Math.max(100, (last?.max ?? 0) + 1) })
    .returning();
  await audit(tx, actor, {
    gymId,
    action: 'expense-category.create',
    entity: 'expense-category',
    entityId: row!.id,
    after: { name },
  });
  return categoryRecord(row!);
};

export const renameCategory = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  id: number,
  name: string,
): Promise<ExpenseCategory> => {
  await lockCategories(tx, gymId);
  const [row] = await tx
    .select()
    .from(expenseCategory)
    .where(and(eq(expenseCategory.id, id), eq(expenseCategory.gymId, gymId)));
  if (!row) throw notFound();
  if (row.code !== null) throw refused('expenseCategoryBuiltIn');
  await assertNameFree(tx, gymId, name, id);
  const [updated] = await tx
    .update(expenseCategory)
    .set({ name })
    .where(eq(expenseCategory.id, id))
    .returning();
  await audit(tx, actor, {
    gymId,
    action: 'expense-category.update',
    entity: 'expense-category',
    entityId: id,
    before: { name: row.name },
    after: { name },
  });
  return categoryRecord(updated!);
};

// ---------------------------------------------------------------------------------------------------------
// Expenses

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

const listWhere = (gymId: number, range: { from: string; to: string }, categoryId?: number): SQL =>
  and(
    eq(expense.gymId, gymId),
    gte(expense.spentOn, range.from),
    lte(expense.spentOn, range.to),
    categoryId === undefined ? undefined : eq(expense.categoryId, categoryId),
  )!;

/** The reversing row of an expense, if any: a reversal carries its original's day, so the index finds it. */
const reversedBySql = sql<
  number | null
>`(select r.id from ${expense} r where r.gym_id = ${expense.gymId} and r.spent_on = ${expense.spentOn} and r.reverses_expense_id = ${expense.id} limit 1)`;

const expenseColumns = {
  expense,
  categoryCode: expenseCategory.code,
  categoryName: expenseCategory.name,
  createdByName: member.name,
  reversedById: reversedBySql,
};

type ExpenseJoined = {
  expense: typeof expense.$inferSelect;
  categoryCode: string | null;
  categoryName: string;
  createdByName: string | null;
  reversedById: number | null;
};

const expenseRecord = (r: ExpenseJoined): Expense => ({
  id: r.expense.id,
  gymId: r.expense.gymId,
  spentOn: r.expense.spentOn,
  categoryId: r.expense.categoryId,
  categoryCode: isCode(r.categoryCode) ? r.categoryCode : null,
  categoryName: r.categoryName,
  amount: r.expense.amount,
  method: r.expense.method,
  memo: r.expense.memo,
  fileId: r.expense.fileId,
  reversesExpenseId: r.expense.reversesExpenseId,
  reversedById: r.reversedById === null ? null : Number(r.reversedById),
  createdByName: r.createdByName,
  createdAt: r.expense.createDate.toISOString(),
});

const selectExpenses = (db: Executor, where: SQL) =>
  db
    .select(expenseColumns)
    .from(expense)
    .innerJoin(expenseCategory, eq(expenseCategory.id, expense.categoryId))
    .leftJoin(member, eq(member.id, expense.createdByMemberId))
    .where(where);

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

/**
 * The receipt an expense names: an uploaded file of type ETC that the caller uploaded and no facility has taken
 * yet, or one this facility already holds. Anything else is 400 `documentNotUploaded` on `fileId`.
 */
const usableFile = async (tx: Executor, gymId: number, callerId: number | null, value: string) => {
  const id = fileIdOfUrl(value) ?? value;
  const refusedFile = new AppError(
    'VALIDATION_FAILED',
    'VALIDATION_FAILED',
    {},
    { fileId: 'documentNotUploaded' },
  );
  if (!/^[0-9a-f]{32}$/.test(id)) throw refusedFile;
  const [row] = await tx
    .select({
      id: file.id,
      ownerMemberId: file.ownerMemberId,
      gymId: file.gymId,
      uploadType: file.uploadType,
    })
    .from(file)
    .where(eq(file.id, id))
    .for('update');
  const usable =
    row?.uploadType === 'ETC' &&
    (row.gymId === gymId || (row.gymId === null && callerId !== null && row.ownerMemberId === callerId));
  if (!usable) throw refusedFile;
  return row;
};

/** Records an expense (docs/rules.md#expenditure); its receipt, if any, is adopted by the facility. */
export const createExpense = async (tx: Executor, actor: Actor, input: ExpenseCreate): Promise<number> => {
  const [category] = await tx
    .select({ id: expenseCategory.id, name: expenseCategory.name })
    .from(expenseCategory)
    .where(and(eq(expenseCategory.id, input.categoryId), eq(expenseCategory.gymId, input.gymId)));
  if (!category) throw notFound();
  const receipt = input.fileId ? await usableFile(tx, input.gymId, actor.memberId, input.fileId) : undefined;
  if (receipt && receipt.gymId === null)
    await tx
      .update(file)
      .set({ gymId: input.gymId })
      .where(and(eq(file.id, receipt.id), isNull(file.gymId)));
  const [row] = await tx
    .insert(expense)
    .values({
      gymId: input.gymId,
      spentOn: input.spentOn,
      categoryId: category.id,
      amount: input.amount,
      method: input.method as PaymentMethod,
      memo: input.memo || null,
      fileId: receipt?.id ?? null,
      createdByMemberId: actor.memberId,
      createDate: actor.now,
    })
    .returning({ id: expense.id });
  await audit(tx, actor, {
    gymId: input.gymId,
    action: 'expense.create',
    entity: 'expense',
    entityId: row!.id,
    after: {
      spentOn: input.spentOn,
      category: category.name,
      amount: input.amount,
      method: input.method,
      memo: input.memo ?? null,
      fileId: receipt?.id ?? null,
    },
  });
  return row!.id;
};

/**
 * Reverses an expense: a negative row of the same day, category and method that references it, with the reason
 * as its memo, so the month's totals net to nothing. Once only (409 `expenseAlreadyReversed`, the original locked
 * while it is checked); a reversal is not reversed again (409 `expenseIsReversal`).
 */
export const reverseExpense = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  id: number,
  reason: string,
): Promise<number> => {
  const [original] = await tx
    .select()
    .from(expense)
    .where(and(eq(expense.id, id), eq(expense.gymId, gymId)))
    .for('update');
  if (!original) throw notFound();
  if (original.reversesExpenseId !== null) throw refused('expenseIsReversal');
  const [already] = await tx
    .select({ id: expense.id })
    .from(expense)
    .where(
      and(eq(expense.gymId, gymId), eq(expense.spentOn, original.spentOn), eq(expense.reversesExpenseId, id)),
    );
  if (already) throw refused('expenseAlreadyReversed');
  const [row] = await tx
    .insert(expense)
    .values({
      gymId,
      spentOn: original.spentOn,
      categoryId: original.categoryId,
      amount: -original.amount,
      method: original.method,
      memo: reason,
      reversesExpenseId: original.id,
      createdByMemberId: actor.memberId,
      createDate: actor.now,
    })
    .returning({ id: expense.id });
  await audit(tx, actor, {
    gymId,
    action: 'expense.reverse',
    entity: 'expense',
    entityId: row!.id,
    before: { id: original.id, amount: original.amount, spentOn: original.spentOn },
    after: { reversesExpenseId: original.id, amount: -original.amount, reason },
  });
  return row!.id;
};

// ---------------------------------------------------------------------------------------------------------
// CSV

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
