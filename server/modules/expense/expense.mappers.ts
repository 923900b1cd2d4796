import type { Language } from '#domain/enums.ts';
import {
  type Expense,
  type ExpenseCategory,
  type ExpenseCategoryCode,
  expenseCategoryCodes,
} from '#domain/schemas/expense.ts';
import type { ExpenseCategoryRow, expense } from '../../db/schema/index.ts';

// Expenditure's rows as the API returns them (docs/rules.md#expenditure).

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

export const isCode = (code: string | null): code is ExpenseCategoryCode =>
  code !== null && (expenseCategoryCodes as readonly string[]).includes(code);

export const categoryRecord = (row: ExpenseCategoryRow): ExpenseCategory => ({
  id: row.id,
  gymId: row.gymId,
  code: isCode(row.code) ? row.code : null,
  name: row.name,
  sortOrder: row.sortOrder,
});

export type ExpenseJoined = {
  expense: typeof expense.$inferSelect;
  categoryCode: string | null;
  categoryName: string;
  createdByName: string | null;
  reversedById: number | null;
};

export const expenseRecord = (r: ExpenseJoined): Expense => ({
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
