import { z } from 'zod';
import { paymentMethods } from '../enums.ts';
import { calendarDate, idSchema, isoDateTime } from './common.ts';
import { text } from './text.ts';

// Expenditure (docs/rules.md#expenditure): categories (six built-in, plus the facility's own) and expenses, which
// are never changed: a mistake is undone by a reversing row.

const day = calendarDate;
const gymIdQuery = z.coerce.number().int().positive().max(2_147_483_647);

/** The built-in categories, named by the web app in the reader's language. */
export const expenseCategoryCodes = [
  'RENT',
  'PAYROLL',
  'EQUIPMENT',
  'UTILITIES',
  'MARKETING',
  'OTHER',
] as const;
export type ExpenseCategoryCode = (typeof expenseCategoryCodes)[number];

/** The largest single expense (a typo guard, not a rule of the trade). */
export const EXPENSE_MAX = 1_000_000_000;

export const expenseCategorySchema = z
  .object({
    id: z.number().int(),
    gymId: z.number().int(),
    /** A built-in's code (the web app names it); null for the facility's own. */
    code: z.enum(expenseCategoryCodes).nullable(),
    name: z.string(),
    sortOrder: z.number().int(),
  })
  .meta({ id: 'ExpenseCategory' });
export type ExpenseCategory = z.infer<typeof expenseCategorySchema>;

export const expenseCategoryCreateSchema = z
  .strictObject({ gymId: idSchema, name: text({ min: 1, max: 40, minMessage: 'nameRequired' }) })
  .meta({ id: 'ExpenseCategoryCreate' });
export type ExpenseCategoryCreate = z.output<typeof expenseCategoryCreateSchema>;

export const expenseCategoryUpdateSchema = z
  .strictObject({ name: text({ min: 1, max: 40, minMessage: 'nameRequired' }) })
  .meta({ id: 'ExpenseCategoryUpdate' });

export const expenseSchema = z
  .object({
    id: z.number().int(),
    gymId: z.number().int(),
    spentOn: z.string(),
    categoryId: z.number().int(),
    categoryCode: z.enum(expenseCategoryCodes).nullable(),
    categoryName: z.string(),
    /** Positive; a reversing row is negative and names the expense it reverses. */
    amount: z.number().int(),
    method: z.enum(paymentMethods),
    memo: z.string().nullable(),
    /** The receipt's file id (served at `/web/file/{id}`), when one was uploaded. */
    fileId: z.string().nullable(),
    reversesExpenseId: z.number().int().nullable(),
    /** The row that reversed this one, if any. */
    reversedById: z.number().int().nullable(),
    createdByName: z.string().nullable(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'Expense' });
export type Expense = z.infer<typeof expenseSchema>;

export const expenseCreateSchema = z
  .strictObject({
    gymId: idSchema,
    spentOn: day,
    categoryId: idSchema,
    amount: z.number('invalidType').int('wholeWon').min(1, 'positiveAmount').max(EXPENSE_MAX, 'tooLarge'),
    method: z.enum(paymentMethods, 'invalidValue'),
    memo: text({ max: 500, multiline: true }).optional(),
    /** An uploaded receipt (upload type ETC): its id, or its `/web/file/{id}` URL. */
    fileId: z.string().max(200).optional(),
  })
  .meta({ id: 'ExpenseCreate' });
export type ExpenseCreate = z.output<typeof expenseCreateSchema>;
export type ExpenseCreateInput = z.input<typeof expenseCreateSchema>;

export const expenseReverseSchema = z
  .strictObject({ gymId: idSchema, reason: text({ min: 1, max: 200 }) })
  .meta({ id: 'ExpenseReverse' });

export const expenseListQuerySchema = z.strictObject({
  gymId: gymIdQuery,
  /** Both ends included; the current Seoul month when left out. */
  from: day.optional(),
  to: day.optional(),
  categoryId: gymIdQuery.optional(),
  _start: z.coerce.number().int().min(0).max(1_000_000).default(0),
  _end: z.coerce.number().int().min(1).max(10_000).default(50),
});
export type ExpenseListQuery = z.output<typeof expenseListQuerySchema>;

/** The CSV and the summary read the list's filters without its page. */
export const expenseExportQuerySchema = expenseListQuerySchema.omit({ _start: true, _end: true });
export type ExpenseExportQuery = z.output<typeof expenseExportQuerySchema>;

/** The range's totals (reversals included, so a reversed expense counts nothing). */
export const expenseTotalsSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    sum: z.number().int(),
    byMonth: z.array(z.object({ month: z.string(), amount: z.number().int(), count: z.number().int() })),
    byCategory: z.array(z.object({ categoryId: z.number().int(), amount: z.number().int() })),
  })
  .meta({ id: 'ExpenseTotals' });
export type ExpenseTotals = z.infer<typeof expenseTotalsSchema>;
