import type { FastifyReply } from 'fastify';
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
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { AppContext } from '../../context.ts';
import { requestLanguage } from '../../http/language.ts';
import { type ModuleApp, type ModuleKit, moduleKit } from '../../http/module.ts';
import { collectSale, correctSale, writeOffSale } from './ledger.commands.ts';
import { payHistory, salesList, unpaidList } from './ledger.queries.ts';
import { exportPayHistory, exportSales, exportUnpaid } from './ledger-export.commands.ts';

// The ledger (docs/rules.md#money): the payment history, the unpaid balances with their collection and write-off,
// and the sales list with its corrections. Staff read with payHistoryUseYn; collecting and correcting need
// payHistorySettingYn, a write-off the representative. The facility is the query's or the body's `gymId`; a sale,
// customer or staff id of another facility answers 404, as if it did not exist. A closed facility is read-only.

const tags = ['sales'];

/** A CSV answer, named for the list and today (Asia/Seoul). */
const csvOf = (ctx: AppContext) => (reply: FastifyReply, name: string, body: string) => {
  reply.header('content-type', 'text/csv; charset=utf-8');
  reply.header('content-disposition', `attachment; filename="${name}-${seoulToday(ctx.clock())}.csv"`);
  return body;
};

/** The payment history and the unpaid balances, with their CSVs. */
const registerLedgerListRoutes = (app: ModuleApp, ctx: AppContext, kit: ModuleKit) => {
  const { right, guard, actor: actorOf, reads } = kit;
  const csv = csvOf(ctx);

  app.get(
    payHistoryRoute.path,
    {
      ...right('read'),
      schema: {
        tags,
        summary: 'Every payment line of a range (this month by default), paged, with the totals by method',
        querystring: payHistoryRoute.query,
        response: { 200: payHistoryRoute.response, ...reads },
      },
    },
    async (request, reply) => {
      await guard(request, request.query.gymId);
      const page = await payHistory(ctx.db, request.query, ctx.clock());
      reply.header('x-total-count', String(page.total));
      return { data: page };
    },
  );

  app.get(
    payHistoryExportRoute.path,
    {
      ...right('read'),
      schema: {
        tags,
        summary: 'The payment history of a filter as a CSV, whole phone numbers (written to the audit log)',
        querystring: payHistoryExportRoute.query,
        produces: ['text/csv'],
        response: { 200: payHistoryExportRoute.response, ...reads },
      },
    },
    async (request, reply) => {
      await guard(request, request.query.gymId);
      const body = await ctx.db.transaction((tx) =>
        exportPayHistory(tx, actorOf(request), request.query, requestLanguage(request)),
      );
      return csv(reply, 'payments', body);
    },
  );

  app.get(
    unpaidListRoute.path,
    {
      ...right('read'),
      schema: {
        tags,
        summary: 'Every sale with a balance (customer, item, price, paid, owed, age), with the total owed',
        querystring: unpaidListRoute.query,
        response: { 200: unpaidListRoute.response, ...reads },
      },
    },
    async (request, reply) => {
      await guard(request, request.query.gymId);
      const page = await unpaidList(ctx.db, request.query, ctx.clock());
      reply.header('x-total-count', String(page.total));
      return { data: page };
    },
  );

  app.get(
    unpaidExportRoute.path,
    {
      ...right('read'),
      schema: {
        tags,
        summary: 'The unpaid balances as a CSV, whole phone numbers (written to the audit log)',
        querystring: unpaidExportRoute.query,
        produces: ['text/csv'],
        response: { 200: unpaidExportRoute.response, ...reads },
      },
    },
    async (request, reply) => {
      await guard(request, request.query.gymId);
      const body = await ctx.db.transaction((tx) =>
        exportUnpaid(tx, actorOf(request), request.query, requestLanguage(request)),
      );
      return csv(reply, 'unpaid', body);
    },
  );
};

/** Collecting, writing off and correcting a sale's balance. */
const registerLedgerChangeRoutes = (app: ModuleApp, ctx: AppContext, kit: ModuleKit) => {
  const { right, guard, actor: actorOf, writes } = kit;

  app.post(
    saleCollectRoute.path,
    {
      ...right('change'),
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
      await guard(request, gymId);
      const actor = actorOf(request);
      const result = await ctx.db.transaction((tx) =>
        collectSale(tx, actor, { gymId, saleId: request.params.saleId, payments }),
      );
      return { data: result };
    },
  );

  app.post(
    saleWriteOffRoute.path,
    {
      ...right('change', { flag: 'represent' }),
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
      await guard(request, gymId);
      const actor = actorOf(request);
      const result = await ctx.db.transaction((tx) =>
        writeOffSale(tx, actor, { gymId, saleId: request.params.saleId, reason }),
      );
      return { data: result };
    },
  );

  app.post(
    saleCorrectRoute.path,
    {
      ...right('change'),
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
      await guard(request, gymId);
      const actor = actorOf(request);
      const result = await ctx.db.transaction((tx) =>
        correctSale(tx, actor, { gymId, saleId: request.params.saleId, amount, reason }),
      );
      return { data: result };
    },
  );
};

/** The sales list and its CSV. */
const registerSalesListRoutes = (app: ModuleApp, ctx: AppContext, kit: ModuleKit) => {
  const { right, guard, actor: actorOf, reads } = kit;
  const csv = csvOf(ctx);

  app.get(
    salesListRoute.path,
    {
      ...right('read'),
      schema: {
        tags,
        summary: 'The sales of a range with their discounts, adjustments and refunds, paged, with totals',
        querystring: salesListRoute.query,
        response: { 200: salesListRoute.response, ...reads },
      },
    },
    async (request, reply) => {
      await guard(request, request.query.gymId);
      const page = await salesList(ctx.db, request.query, ctx.clock());
      reply.header('x-total-count', String(page.total));
      return { data: page };
    },
  );

  app.get(
    salesExportRoute.path,
    {
      ...right('read'),
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
      await guard(request, request.query.gymId);
      const body = await ctx.db.transaction((tx) =>
        exportSales(tx, actorOf(request), request.query, requestLanguage(request)),
      );
      return csv(reply, 'sales', body);
    },
  );
};

export const ledgerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The right first (404 without a link, 403 without the flag), then a closed facility for a write.
  const kit = moduleKit(ctx, { read: 'payHistoryUseYn', change: 'payHistorySettingYn' });
  registerLedgerListRoutes(app, ctx, kit);
  registerLedgerChangeRoutes(app, ctx, kit);
  registerSalesListRoutes(app, ctx, kit);
};
