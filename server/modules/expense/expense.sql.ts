import { and, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { expense, expenseCategory, member } from '../../db/schema/index.ts';

// Expenditure's statements (docs/rules.md#expenditure): a range's filter, and an expense with its category, its
// recorder and its reversal, in one statement.

export const listWhere = (gymId: number, range: { from: string; to: string }, categoryId?: number): SQL =>
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

export const expenseColumns = {
  expense,
  categoryCode: expenseCategory.code,
  categoryName: expenseCategory.name,
  createdByName: member.name,
  reversedById: reversedBySql,
};

export const selectExpenses = (db: Executor, where: SQL) =>
  db
    .select(expenseColumns)
    .from(expense)
    .innerJoin(expenseCategory, eq(expenseCategory.id, expense.categoryId))
    .leftJoin(member, eq(member.id, expense.createdByMemberId))
    .where(where);
