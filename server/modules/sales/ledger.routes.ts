import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  payHistoryExportRoute,
  payHistoryRoute,
  saleCollectRoute,
  saleCorrectRoute,
  salesExportRoute,
  salesListRoute,
  saleWriteOffRoute,
  unpaidExportRoute,
  unpaidListRoute,
} from '#domain/api/sales.ts';
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
  collectSale,
  correctSale,
  exportPayHistory,
  exportSales,
  exportUnpaid,
  payHistory,
  salesList,
  unpaidList,
  writeOffSale,
} from './ledger.service.ts';

// The ledger (docs/rules.md#money): the payment history, the unpaid balances with their collection and write-off,
// and the sales list with its corrections. Staff read with payHistoryUseYn; collecting and correcting need
// payHistorySettingYn, a write-off the representative. The facility is the query's or the body's `gymId`; a sale,
// customer or staff id of another facility answers 404, as if it did not exist. A closed facility is read-only.

const READ: GymRight = 'payHistoryUseYn';
const WRITE: GymRight = 'payHistorySettingYn';
const reads = errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND');
const writes = errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT');

export const ledgerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  /** The right first (404 without a link, 403 without the flag), then a closed facility for a write. */
  const guard = async (request: FastifyRequest, gymId: number, right: GymRight) => {
    requireMember(request);
    await assertGymRight(request, ctx.loadRights, gymId, right);
    if (right !== READ) await assertGymWritable(ctx, gymId);
    return gymId;
  };
  const tags = ['sales'];
  const csv = (reply: FastifyReply, name: string, body: string) => {
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="${name}-${seoulToday(ctx.clock())}.csv"`);
    return body;
  };

  app.get(
    payHistoryRoute.path,
    {
      schema: {
        tags,
        summary: 'Every payment line of a range (this month by default), paged, with the totals by method',
        querystring: payHistoryRoute.query,
        response: { 200: payHistoryRoute.response, ...reads },
      },
    },
    async (request, reply) => {
      await guard(request, request.query.gymId, READ);
      const page = await payHistory(ctx.db, request.query, ctx.clock());
      reply.header('x-total-count', String(page.total));
      return { data: page };
    },
  );

  app.get(
    payHistoryExportRoute.path,
    {
      schema: {
        tags,
        summary: 'The payment history of a filter as a CSV, whole phone numbers (written to the audit log)',
        querystring: payHistoryExportRoute.query,
        produces: ['text/csv'],
        response: { 200: payHistoryExportRoute.response, ...reads },
      },
    },
    async (request, reply) => {
      await guard(request, request.query.gymId, READ);
      const body = await ctx.db.transaction((tx) =>
        exportPayHistory(tx, actorOf(request, ctx.clock), request.query, requestLanguage(request)),
      );
      return csv(reply, 'payments', body);
    },
  );

  app.get(
    unpaidListRoute.path,
    {
      schema: {
        tags,
        summary: 'Every sale with a balance (customer, item, price, paid, owed, age), with the total owed',
        querystring: unpaidListRoute.query,
        response: { 200: unpaidListRoute.response, ...reads },
      },
    },
    async (request, reply) => {
      await guard(request, request.query.gymId, READ);
      const page = await unpaidList(ctx.db, request.query, ctx.clock());
      reply.header('x-total-count', String(page.total));
      return { data: page };
    },
  );

  app.get(
    unpaidExportRoute.path,
    {
      schema: {
        tags,
        summary: 'The unpaid balances as a CSV, whole phone numbers (written to the audit log)',
        querystring: unpaidExportRoute.query,
        produces: ['text/csv'],
        response: { 200: unpaidExportRoute.response, ...reads },
      },
    },
    async (request, reply) => {
      await guard(request, request.query.gymId, READ);
      const body = await ctx.db.transaction((tx) =>
        exportUnpaid(tx, actorOf(request, ctx.clock), request.query, requestLanguage(request)),
      );
      return csv(reply, 'unpaid', body);
    },
  );

  app.post(
    saleCollectRoute.path,
    {
      schema: {
        tags,
        summary:
          'Collect a balance: a COLLECT checkout of payment lines, never above what is owed (409 nothingOwed)',
        params: saleCollectRoute.params,
        body: saleCollectRoute.body,
        response: { 200: saleCollectRoute.response, ...writes },
      },
    },
    async (request) => {
      const { gymId, payments } = request.body;
      await guard(request, gymId, WRITE);
      const actor = actorOf(request, ctx.clock);
      const result = await ctx.db.transaction((tx) =>
        collectSale(tx, actor, { gymId, saleId: request.params.saleId, payments }),
      );
      return { data: result };
    },
  );

  app.post(
    saleWriteOffRoute.path,
    {
      schema: {
        tags,
        summary: "Write off a sale's whole balance with a reason (the representative only)",
        params: saleWriteOffRoute.params,
        body: saleWriteOffRoute.body,
        response: { 200: saleWriteOffRoute.response, ...writes },
      },
    },
    async (request) => {
      const { gymId, reason } = request.body;
      await guard(request, gymId, 'represent');
      const actor = actorOf(request, ctx.clock);
      const result = await ctx.db.transaction((tx) =>
        writeOffSale(tx, actor, { gymId, saleId: request.params.saleId, reason }),
      );
      return { data: result };
    },
  );

  app.post(
    saleCorrectRoute.path,
    {
      schema: {
        tags,
        summary: "Lower a sale's price by an amount, with a reason; never below what was paid",
        params: saleCorrectRoute.params,
        body: saleCorrectRoute.body,
        response: { 200: saleCorrectRoute.response, ...writes },
      },
    },
    async (request) => {
      const { gymId, amount, reason } = request.body;
      await guard(request, gymId, WRITE);
      const actor = actorOf(request, ctx.clock);
      const result = await ctx.db.transaction((tx) =>
        correctSale(tx, actor, { gymId, saleId: request.params.saleId, amount, reason }),
      );
      return { data: result };
    },
  );

  app.get(
    salesListRoute.path,
    {
      schema: {
        tags,
        summary: 'The sales of a range with their discounts, adjustments and refunds, paged, with totals',
        querystring: salesListRoute.query,
        response: { 200: salesListRoute.response, ...reads },
      },
    },
    async (request, reply) => {
      await guard(request, request.query.gymId, READ);
      const page = await salesList(ctx.db, request.query, ctx.clock());
      reply.header('x-total-count', String(page.total));
      return { data: page };
    },
  );

  app.get(
    salesExportRoute.path,
    {
      schema: {
        tags,
        summary:
          'The sales list as a CSV with its reversing rows, whole phone numbers (written to the audit log)',
        querystring: salesExportRoute.query,
        produces: ['text/csv'],
        response: { 200: salesExportRoute.response, ...reads },
      },
    },
    async (request, reply) => {
      await guard(request, request.query.gymId, READ);
      const body = await ctx.db.transaction((tx) =>
        exportSales(tx, actorOf(request, ctx.clock), request.query, requestLanguage(request)),
      );
      return csv(reply, 'sales', body);
    },
  );
};
