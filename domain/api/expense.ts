import { z } from 'zod';
import { dataOf, idParamsSchema, listOf } from '../schemas/common.ts';
import {
  expenseCategoryCreateSchema,
  expenseCategorySchema,
  expenseCategoryUpdateSchema,
  expenseCreateSchema,
  expenseExportQuerySchema,
  expenseListQuerySchema,
  expenseReverseSchema,
  expenseSchema,
  expenseTotalsSchema,
} from '../schemas/expense.ts';
import { defineRoute } from './define.ts';

// Expenditure (docs/rules.md#expenditure). Read with payHistoryUseYn, written with payHistorySettingYn. A category,
// expense or file of another facility answers 404 (a file: 400 `documentNotUploaded`).

const gymQuery = z.strictObject({ gymId: z.coerce.number().int().positive() });

/** `GET /web/expense/category`: the six built-ins (made on first read) and the facility's own, in order. */
export const expenseCategoryListRoute = defineRoute({
  method: 'GET',
  path: '/expense/category',
  query: gymQuery,
  status: 200,
  response: dataOf(z.array(expenseCategorySchema)),
});

export const expenseCategoryCreateRoute = defineRoute({
  method: 'POST',
  path: '/expense/category',
  body: expenseCategoryCreateSchema,
  status: 201,
  response: dataOf(expenseCategorySchema),
});

/** Renames one of the facility's own categories (a built-in is named by the app: 409 `expenseCategoryBuiltIn`). */
export const expenseCategoryUpdateRoute = defineRoute({
  method: 'PUT',
  path: '/expense/category/:id',
  params: idParamsSchema,
  query: gymQuery,
  body: expenseCategoryUpdateSchema,
  status: 200,
  response: dataOf(expenseCategorySchema),
});

/** `GET /web/expense`: a range's expenses (the current month by default), newest day first, paged. */
export const expenseListRoute = defineRoute({
  method: 'GET',
  path: '/expense',
  query: expenseListQuerySchema,
  status: 200,
  response: listOf(expenseSchema),
});

/** `GET /web/expense/summary`: the same range's totals per month and per category (reversals net out). */
export const expenseSummaryRoute = defineRoute({
  method: 'GET',
  path: '/expense/summary',
  query: expenseExportQuerySchema,
  status: 200,
  response: dataOf(expenseTotalsSchema),
});

export const expenseCreateRoute = defineRoute({
  method: 'POST',
  path: '/expense',
  body: expenseCreateSchema,
  status: 201,
  response: dataOf(expenseSchema),
});

/** `POST /web/expense/{id}/reverse`: a negative row referencing it, once (409 `expenseAlreadyReversed`). */
export const expenseReverseRoute = defineRoute({
  method: 'POST',
  path: '/expense/:id/reverse',
  params: idParamsSchema,
  body: expenseReverseSchema,
  status: 201,
  response: dataOf(expenseSchema),
});

/** `GET /web/expense/export.csv`: the range's expenses as a CSV (UTF-8 with a BOM). */
export const expenseExportRoute = defineRoute({
  method: 'GET',
  path: '/expense/export.csv',
  query: expenseExportQuerySchema,
  status: 200,
  response: z.string().meta({ description: 'text/csv' }),
});
