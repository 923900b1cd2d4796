import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  expenseCategoryCreateRoute,
  expenseCategoryListRoute,
  expenseCategoryUpdateRoute,
  expenseCreateRoute,
  expenseExportRoute,
  expenseListRoute,
  expenseReverseRoute,
  expenseSummaryRoute,
} from '#domain/api/expense.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { AppContext } from '../../context.ts';
import { requestLanguage } from '../../http/language.ts';
import { type ModuleKit, moduleKit } from '../../http/module.ts';
import { assertGymRight } from '../../http/rights.ts';
import { createCategory, createExpense, renameCategory, reverseExpense } from './expense.commands.ts';
import {
  expenseById,
  expenseSummary,
  exportExpenses,
  listCategories,
  listExpenses,
} from './expense.queries.ts';

// Expenditure (docs/rules.md#expenditure): read with the finance right (financeUseYn), written with it and
// payHistorySettingYn. The
// facility is the query's or the body's `gymId`; a category or expense of another facility answers 404.

type RouteApp = Parameters<FastifyPluginAsyncZod>[0];
const tags = ['expense'];

const registerCategoryRoutes = (app: RouteApp, ctx: AppContext, kit: ModuleKit) => {
  app.get(
    expenseCategoryListRoute.path,
    {
      ...kit.right('read'),
      schema: {
        tags,
        summary: 'The expense categories: the six built-ins (made on the first read) and the facility’s own',
        querystring: expenseCategoryListRoute.query,
        response: { 200: expenseCategoryListRoute.response, ...kit.reads },
      },
    },
    async (request) => {
      const gymId = await kit.guard(request, request.query.gymId);
      return { data: await listCategories(ctx.db, gymId) };
    },
  );

  app.post(
    expenseCategoryCreateRoute.path,
    {
      ...kit.right('change'),
      schema: {
        tags,
        summary: 'Add a category of the facility’s own (409 expenseCategoryNameTaken)',
        body: expenseCategoryCreateRoute.body,
        response: { 201: expenseCategoryCreateRoute.response, ...kit.writes },
      },
    },
    async (request, reply) => {
      const gymId = await kit.guard(request, request.body.gymId);
      const row = await ctx.db.transaction((tx) =>
        createCategory(tx, kit.actor(request), gymId, request.body.name),
      );
      return reply.status(201).send({ data: row });
    },
  );

  app.put(
    expenseCategoryUpdateRoute.path,
    {
      ...kit.right('change'),
      schema: {
        tags,
        summary: 'Rename one of the facility’s own categories (409 expenseCategoryBuiltIn for a built-in)',
        params: expenseCategoryUpdateRoute.params,
        querystring: expenseCategoryUpdateRoute.query,
        body: expenseCategoryUpdateRoute.body,
        response: { 200: expenseCategoryUpdateRoute.response, ...kit.writes },
      },
    },
    async (request) => {
      const gymId = await kit.guard(request, request.query.gymId);
      const row = await ctx.db.transaction((tx) =>
        renameCategory(tx, kit.actor(request), gymId, request.params.id, request.body.name),
      );
      return { data: row };
    },
  );
};

const registerExpenseRoutes = (app: RouteApp, ctx: AppContext, kit: ModuleKit) => {
  app.get(
    expenseListRoute.path,
    {
      ...kit.right('read'),
      schema: {
        tags,
        summary: 'Expenses of a range (the current month by default), newest day first',
        querystring: expenseListRoute.query,
        response: { 200: expenseListRoute.response, ...kit.reads },
      },
    },
    async (request, reply) => {
      const gymId = await kit.guard(request, request.query.gymId);
      const page = await listExpenses(ctx.db, gymId, request.query, ctx.clock());
      reply.header('x-total-count', String(page.total));
      return page;
    },
  );

  app.get(
    expenseSummaryRoute.path,
    {
      ...kit.right('read'),
      schema: {
        tags,
        summary: "The range's totals per month and per category (reversals net out)",
        querystring: expenseSummaryRoute.query,
        response: { 200: expenseSummaryRoute.response, ...kit.reads },
      },
    },
    async (request) => {
      const gymId = await kit.guard(request, request.query.gymId);
      return { data: await expenseSummary(ctx.db, gymId, request.query, ctx.clock()) };
    },
  );

  app.post(
    expenseCreateRoute.path,
    {
      ...kit.right('change'),
      schema: {
        tags,
        summary: 'Record an expense, optionally with an uploaded receipt (upload type ETC)',
        body: expenseCreateRoute.body,
        response: { 201: expenseCreateRoute.response, ...kit.writes },
      },
    },
    async (request, reply) => {
      const gymId = await kit.guard(request, request.body.gymId);
      const id = await ctx.db.transaction((tx) => createExpense(tx, kit.actor(request), request.body));
      return reply.status(201).send({ data: await expenseById(ctx.db, gymId, id) });
    },
  );

  app.post(
    expenseReverseRoute.path,
    {
      ...kit.right('change'),
      schema: {
        tags,
        summary: 'Reverse an expense: a negative row referencing it, once (409 expenseAlreadyReversed)',
        params: expenseReverseRoute.params,
        body: expenseReverseRoute.body,
        response: { 201: expenseReverseRoute.response, ...kit.writes },
      },
    },
    async (request, reply) => {
      const gymId = await kit.guard(request, request.body.gymId);
      const id = await ctx.db.transaction((tx) =>
        reverseExpense(tx, kit.actor(request), gymId, request.params.id, request.body.reason),
      );
      return reply.status(201).send({ data: await expenseById(ctx.db, gymId, id) });
    },
  );

  app.get(
    expenseExportRoute.path,
    {
      ...kit.right('read'),
      schema: {
        tags,
        summary: 'A range’s expenses as a CSV (UTF-8 with a BOM)',
        querystring: expenseExportRoute.query,
        produces: ['text/csv'],
        response: { 200: expenseExportRoute.response, ...kit.reads },
      },
    },
    async (request, reply) => {
      const gymId = await kit.guard(request, request.query.gymId);
      const csv = await exportExpenses(ctx.db, gymId, request.query, ctx.clock(), requestLanguage(request));
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="expenses-${seoulToday(ctx.clock())}.csv"`);
      return csv;
    },
  );
};

export const expenseRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The right first (404 without a link, 403 without the flag), then a closed facility for a write. Expenditure
  // (payroll included) and the net profit are the business's finances (docs/rules.md#access-table): every route
  // needs the finance right too, checked in the toolkit's module check (either missing answers 403, as before).
  const kit = moduleKit(ctx, {
    read: 'financeUseYn',
    change: 'payHistorySettingYn',
    addOn: (ctx, gymId, request) => assertGymRight(request, ctx.loadRights, gymId, 'financeUseYn'),
  });
  registerCategoryRoutes(app, ctx, kit);
  registerExpenseRoutes(app, ctx, kit);
};
