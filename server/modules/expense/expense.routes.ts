import type { FastifyRequest } from 'fastify';
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
import type { GymRight } from '#domain/permissions.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { AppContext } from '../../context.ts';
import { requireMember } from '../../http/auth.ts';
import { requestLanguage } from '../../http/language.ts';
import { errorResponses } from '../../http/responses.ts';
import { assertGymRight } from '../../http/rights.ts';
import { actorOf } from '../../kernel/actor.ts';
import { assertGymWritable } from '../../resources/engine.ts';
import {
  createCategory,
  createExpense,
  expenseById,
  expenseSummary,
  exportExpenses,
  listCategories,
  listExpenses,
  renameCategory,
  reverseExpense,
} from './expense.service.ts';

// Expenditure (docs/rules.md#expenditure): read with the finance right (financeUseYn), written with it and
// payHistorySettingYn. The
// facility is the query's or the body's `gymId`; a category or expense of another facility answers 404.

const FINANCE: GymRight = 'financeUseYn';
const READ: GymRight = 'financeUseYn';
const WRITE: GymRight = 'payHistorySettingYn';
const reads = errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND');
const writes = errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT');

export const expenseRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  /** The right first (404 without a link, 403 without the flag), then a closed facility for a write. */
  const guard = async (request: FastifyRequest, gymId: number, right: GymRight) => {
    requireMember(request);
    // Expenditure (payroll included) and the net profit are the business's finances (docs/rules.md#access-table).
    await assertGymRight(request, ctx.loadRights, gymId, FINANCE);
    await assertGymRight(request, ctx.loadRights, gymId, right);
    if (right !== READ) await assertGymWritable(ctx, gymId);
    return gymId;
  };
  const tags = ['expense'];

  app.get(
    expenseCategoryListRoute.path,
    {
      schema: {
        tags,
        summary: 'The expense categories: the six built-ins (made on the first read) and the facility’s own',
        querystring: expenseCategoryListRoute.query,
        response: { 200: expenseCategoryListRoute.response, ...reads },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.query.gymId, READ);
      return { data: await listCategories(ctx.db, gymId) };
    },
  );

  app.post(
    expenseCategoryCreateRoute.path,
    {
      schema: {
        tags,
        summary: 'Add a category of the facility’s own (409 expenseCategoryNameTaken)',
        body: expenseCategoryCreateRoute.body,
        response: { 201: expenseCategoryCreateRoute.response, ...writes },
      },
    },
    async (request, reply) => {
      const gymId = await guard(request, request.body.gymId, WRITE);
      const row = await ctx.db.transaction((tx) =>
        createCategory(tx, actorOf(request, ctx.clock), gymId, request.body.name),
      );
      return reply.status(201).send({ data: row });
    },
  );

  app.put(
    expenseCategoryUpdateRoute.path,
    {
      schema: {
        tags,
        summary: 'Rename one of the facility’s own categories (409 expenseCategoryBuiltIn for a built-in)',
        params: expenseCategoryUpdateRoute.params,
        querystring: expenseCategoryUpdateRoute.query,
        body: expenseCategoryUpdateRoute.body,
        response: { 200: expenseCategoryUpdateRoute.response, ...writes },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.query.gymId, WRITE);
      const row = await ctx.db.transaction((tx) =>
        renameCategory(tx, actorOf(request, ctx.clock), gymId, request.params.id, request.body.name),
      );
      return { data: row };
    },
  );

  app.get(
    expenseListRoute.path,
    {
      schema: {
        tags,
        summary: 'Expenses of a range (the current month by default), newest day first',
        querystring: expenseListRoute.query,
        response: { 200: expenseListRoute.response, ...reads },
      },
    },
    async (request, reply) => {
      const gymId = await guard(request, request.query.gymId, READ);
      const page = await listExpenses(ctx.db, gymId, request.query, ctx.clock());
      reply.header('x-total-count', String(page.total));
      return page;
    },
  );

  app.get(
    expenseSummaryRoute.path,
    {
      schema: {
        tags,
        summary: "The range's totals per month and per category (reversals net out)",
        querystring: expenseSummaryRoute.query,
        response: { 200: expenseSummaryRoute.response, ...reads },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.query.gymId, READ);
      return { data: await expenseSummary(ctx.db, gymId, request.query, ctx.clock()) };
    },
  );

  app.post(
    expenseCreateRoute.path,
    {
      schema: {
        tags,
        summary: 'Record an expense, optionally with an uploaded receipt (upload type ETC)',
        body: expenseCreateRoute.body,
        response: { 201: expenseCreateRoute.response, ...writes },
      },
    },
    async (request, reply) => {
      const gymId = await guard(request, request.body.gymId, WRITE);
      const id = await ctx.db.transaction((tx) =>
        createExpense(tx, actorOf(request, ctx.clock), request.body),
      );
      return reply.status(201).send({ data: await expenseById(ctx.db, gymId, id) });
    },
  );

  app.post(
    expenseReverseRoute.path,
    {
      schema: {
        tags,
        summary: 'Reverse an expense: a negative row referencing it, once (409 expenseAlreadyReversed)',
        params: expenseReverseRoute.params,
        body: expenseReverseRoute.body,
        response: { 201: expenseReverseRoute.response, ...writes },
      },
    },
    async (request, reply) => {
      const gymId = await guard(request, request.body.gymId, WRITE);
      const id = await ctx.db.transaction((tx) =>
        reverseExpense(tx, actorOf(request, ctx.clock), gymId, request.params.id, request.body.reason),
      );
      return reply.status(201).send({ data: await expenseById(ctx.db, gymId, id) });
    },
  );

  app.get(
    expenseExportRoute.path,
    {
      schema: {
        tags,
        summary: 'A range’s expenses as a CSV (UTF-8 with a BOM)',
        querystring: expenseExportRoute.query,
        produces: ['text/csv'],
        response: { 200: expenseExportRoute.response, ...reads },
      },
    },
    async (request, reply) => {
      const gymId = await guard(request, request.query.gymId, READ);
      const csv = await exportExpenses(ctx.db, gymId, request.query, ctx.clock(), requestLanguage(request));
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="expenses-${seoulToday(ctx.clock())}.csv"`);
      return csv;
    },
  );
};
