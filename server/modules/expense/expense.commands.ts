import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { fileIdOfUrl } from '#domain/rules/files.ts';
import type { ExpenseCategory, ExpenseCreate } from '#domain/schemas/expense.ts';
import type { Executor } from '../../db/client.ts';
import { expense, expenseCategory, file } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import type { Actor } from '../../kernel/actor.ts';
import { audited } from '../../kernel/audit.ts';
import { categoryRecord } from './expense.mappers.ts';
import { badField, refused } from './expense.refusals.ts';

// Expenditure's writes (docs/rules.md#expenditure): the facility's own categories and the expenses. An expense row
// is never updated or deleted: a mistake is undone by a reversing row (negative, referencing it, once). Every write
// takes the caller's transaction and leaves its audit row in it.

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
  await audited(tx, actor, {
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
  await audited(tx, actor, {
    gymId,
    action: 'expense-category.update',
    entity: 'expense-category',
    entityId: id,
    before: { name: row.name },
    after: { name },
  });
  return categoryRecord(updated!);
};

/**
 * The receipt an expense names: an uploaded file of type ETC that the caller uploaded and no facility has taken
 * yet, or one this facility already holds. Anything else is 400 `documentNotUploaded` on `fileId`.
 */
const usableFile = async (tx: Executor, gymId: number, callerId: number | null, value: string) => {
  const id = fileIdOfUrl(value) ?? value;
  const refusedFile = badField('fileId', 'documentNotUploaded');
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
      method: input.method,
      memo: input.memo || null,
      fileId: receipt?.id ?? null,
      createdByMemberId: actor.memberId,
      createDate: actor.now,
    })
    .returning({ id: expense.id });
  await audited(tx, actor, {
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
  await audited(tx, actor, {
    gymId,
    action: 'expense.reverse',
    entity: 'expense',
    entityId: row!.id,
    before: { id: original.id, amount: original.amount, spentOn: original.spentOn },
    after: { reversesExpenseId: original.id, amount: -original.amount, reason },
  });
  return row!.id;
};
