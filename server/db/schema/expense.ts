import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { PaymentMethod } from '#domain/enums.ts';
import { created } from './columns.ts';
import { expenseCategory } from './expense-category.ts';
import { file } from './file.ts';
import { member } from './member.ts';

/**
 * Money spent (docs/rules.md#expenditure). Never updated or deleted: a mistake is undone by a reversing row
 * (negative amount, `reversesExpenseId` set, a memo saying why). An optional receipt is an uploaded file (ETC).
 */
export const expense = pgTable(
  'expense',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer().notNull(),
    spentOn: date({ mode: 'string' }).notNull(),
    categoryId: integer()
      .notNull()
      .references(() => expenseCategory.id, { onDelete: 'restrict' }),
    amount: integer().notNull(),
    method: text().$type<PaymentMethod>().notNull(),
    memo: text(),
    fileId: text().references(() => file.id, { onDelete: 'set null' }),
    reversesExpenseId: integer(),
    createdByMemberId: integer().references(() => member.id, { onDelete: 'set null' }),
    createDate: created(),
  },
  (t) => [
    index('expense_gym_idx').on(t.gymId, t.spentOn),
    check('expense_method_check', sql`${t.method} in ('CARD', 'CASH', 'TRANSFER')`),
    check(
      'expense_amount_check',
      sql`(${t.reversesExpenseId} is null and ${t.amount} > 0) or (${t.reversesExpenseId} is not null and ${t.amount} < 0)`,
    ),
  ],
);

export type ExpenseRow = typeof expense.$inferSelect;
