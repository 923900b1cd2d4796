import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  revenueAsOfExportRoute,
  revenueAsOfRoute,
  revenueChartRoute,
  revenueHistoryExportRoute,
  revenueHistoryRoute,
  statisticsRoute,
} from '#domain/api/report.ts';
import type { GymRight } from '#domain/permissions.ts';
import type { AppContext } from '../../context.ts';
import { requireMember } from '../../http/auth.ts';
import { requestLanguage } from '../../http/language.ts';
import { errorResponses } from '../../http/responses.ts';
import { assertGymRight } from '../../http/rights.ts';
import { actorOf } from '../../kernel/actor.ts';
import {
  exportRevenueAsOf,
  revenueAsOf,
  revenueChart,
  revenueHistory,
  revenueHistoryCsv,
  salesStatistics,
} from './report.service.ts';

// The reports (docs/rules.md#reports, #revenue-recognition): read-only, with the finance right (financeUseYn,
// docs/rules.md#access-table) on the facility named by the query's `gymId` (404 without a link to it, 403 without
// the flag). A closed facility's reports still read.

const READ: GymRight = 'financeUseYn';
const reads = errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND');

export const reportRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const guard = async (request: FastifyRequest, gymId: number) => {
    requireMember(request);
    await assertGymRight(request, ctx.loadRights, gymId, READ);
    return gymId;
  };
  const tags = ['report'];

  app.get(
    statisticsRoute.path,
    {
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

  app.get(
    revenueChartRoute.path,
    {
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
        exportRevenueAsOf(tx, actorOf(request, ctx.clock), gymId, request.query, requestLanguage(request)),
      );
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="revenue-as-of-${request.query.date}.csv"`);
      return csv;
    },
  );
};
