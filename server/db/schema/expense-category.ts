import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { created } from './columns.ts';
import { gym } from './gym.ts';

/**
 * An expense category (docs/rules.md#expenditure). The six built-in ones (RENT, PAYROLL, EQUIPMENT, UTILITIES,
 * MARKETING, OTHER) carry a `code` and are named by the web app in the reader's language; the facility adds and
 * renames its own (code null).
 */
export const expenseCategory = pgTable(
  'expense_category',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer()
      .notNull()
      .references(() => gym.id, { onDelete: 'cascade' }),
    code: text(),
    name: text().notNull(),
    sortOrder: integer().notNull().default(0),
    createDate: created(),
  },
  (t) => [
    index('expense_category_gym_idx').on(t.gymId, t.sortOrder),
    uniqueIndex('expense_category_code_idx').on(t.gymId, t.code).where(sql`${t.code} is not null`),
  ],
);

export type ExpenseCategoryRow = typeof expenseCategory.$inferSelect;
