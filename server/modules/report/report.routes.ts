import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  revenueAsOfExportRoute,
  revenueAsOfRoute,
  revenueChartRoute,
  revenueHistoryExportRoute,
  revenueHistoryRoute,
  statisticsRoute,
} from '#domain/api/report.ts';
import type { AppContext } from '../../context.ts';
import { requestLanguage } from '../../http/language.ts';
import { type ModuleApp, type ModuleKit, moduleKit } from '../../http/module.ts';
import { exportRevenueAsOf } from './report.commands.ts';
import { revenueHistoryCsv } from './report.mappers.ts';
import { revenueHistory, salesStatistics } from './report.queries.ts';
import { revenueAsOf, revenueChart } from './revenue.queries.ts';

// The reports (docs/rules.md#reports, #revenue-recognition): read-only, with the finance right (financeUseYn,
// docs/rules.md#access-table) on the facility named by the query's `gymId` (404 without a link to it, 403 without
// the flag). A closed facility's reports still read.

const tags = ['report'];

export const reportRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Reads only: the finance flag is the one right (there is no finance change flag), and no add-on.
  const kit = moduleKit(ctx, { read: 'financeUseYn', change: 'financeUseYn' });
  registerSalesRoutes(app, ctx, kit);
  registerRevenueRoutes(app, ctx, kit);
};

/** The statistics and the revenue history (docs/rules.md#reports). */
const registerSalesRoutes = (app: ModuleApp, ctx: AppContext, { right, guard, reads }: ModuleKit) => {
  app.get(
    statisticsRoute.path,
    {
      ...right('read'),
      schema: {
        tags,
        summary: 'Sales statistics of a range of months: by day, item, staff and method; new and renewals',
        querystring: statisticsRoute.query,
        response: { 200: statisticsRoute.response, ...reads },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.query.gymId);
      return { data: await salesStatistics(ctx.db, gymId, request.query, ctx.clock()) };
    },
  );

  app.get(
    revenueHistoryRoute.path,
    {
      ...right('read'),
      schema: {
        tags,
        summary: 'Received, refunds, expenditure and net by day or month',
        querystring: revenueHistoryRoute.query,
        response: { 200: revenueHistoryRoute.response, ...reads },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.query.gymId);
      return { data: await revenueHistory(ctx.db, gymId, request.query, ctx.clock()) };
    },
  );

  app.get(
    revenueHistoryExportRoute.path,
    {
      ...right('read'),
      schema: {
        tags,
        summary: 'The revenue history as a CSV (UTF-8 with a BOM)',
        querystring: revenueHistoryExportRoute.query,
        produces: ['text/csv'],
        response: { 200: revenueHistoryExportRoute.response, ...reads },
      },
    },
    async (request, reply) => {
      const gymId = await guard(request, request.query.gymId);
      const history = await revenueHistory(ctx.db, gymId, request.query, ctx.clock());
      const { from, to, unit } = request.query;
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="revenue-${unit}-${from}-${to}.csv"`);
      return revenueHistoryCsv(history, requestLanguage(request));
    },
  );
};

/** Earned and deferred revenue, and the passes as of a day (docs/rules.md#revenue-recognition). */
const registerRevenueRoutes = (
  app: ModuleApp,
  ctx: AppContext,
  { right, guard, actor, reads }: ModuleKit,
) => {
  app.get(
    revenueChartRoute.path,
    {
      ...right('read'),
      schema: {
        tags,
        summary: 'Earned and deferred revenue at the end of each month of a range',
        querystring: revenueChartRoute.query,
        response: { 200: revenueChartRoute.response, ...reads },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.query.gymId);
      return { data: await revenueChart(ctx.db, ctx.revenueMemory, gymId, request.query, ctx.clock()) };
    },
  );

  app.get(
    revenueAsOfRoute.path,
    {
      ...right('read'),
      schema: {
        tags,
        summary: 'Each pass sold by a day with paid, earned, deferred and refunded, and the reconciliation',
        querystring: revenueAsOfRoute.query,
        response: { 200: revenueAsOfRoute.response, ...reads },
      },
    },
    async (request, reply) => {
      const gymId = await guard(request, request.query.gymId);
      const data = await revenueAsOf(ctx.db, ctx.revenueMemory, gymId, request.query, ctx.clock());
      reply.header('x-total-count', String(data.total));
      return { data };
    },
  );

  app.get(
    revenueAsOfExportRoute.path,
    {
      ...right('read'),
      schema: {
        tags,
        summary: 'Every pass of the view as of a day, as a CSV (written to the audit log)',
        querystring: revenueAsOfExportRoute.query,
        produces: ['text/csv'],
        response: { 200: revenueAsOfExportRoute.response, ...reads },
      },
    },
    async (request, reply) => {
      const gymId = await guard(request, request.query.gymId);
      const csv = await ctx.db.transaction((tx) =>
        exportRevenueAsOf(tx, actor(request), gymId, request.query, requestLanguage(request)),
      );
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="revenue-as-of-${request.query.date}.csv"`);
      return csv;
    },
  );
};
