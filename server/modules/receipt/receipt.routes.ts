import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cashReceiptCancelRoute,
  cashReceiptDueRoute,
  cashReceiptIssueRoute,
  receiptExportRoute,
  receiptSettingsRoute,
  taxInvoiceCancelRoute,
  taxInvoiceCandidatesRoute,
  taxInvoiceIssueRoute,
  taxInvoiceListRoute,
} from '#domain/api/receipt.ts';
import type { AppContext } from '../../context.ts';
import { requestLanguage } from '../../http/language.ts';
import { type ModuleApp, moduleKit } from '../../http/module.ts';
import { cancelCashReceipt, inReceiptTransaction, issueCashReceipt } from './cash-receipt.commands.ts';
import { cashReceiptRecord } from './receipt.mappers.ts';
import {
  listCashReceiptDue,
  listTaxInvoices,
  receiptSettings,
  taxInvoiceById,
  taxInvoiceCandidates,
} from './receipt.queries.ts';
import { exportReceipts } from './receipt-export.queries.ts';
import { cancelTaxInvoice, issueTaxInvoice } from './tax-invoice.commands.ts';

// Cash receipts and tax invoices (docs/rules.md#cash-receipts, docs/rules.md#tax-invoices): read with
// payHistoryUseYn, issued and cancelled with payHistorySettingYn. The facility is the query's or the body's
// `gymId`; a checkout, sale or receipt of another facility answers 404, as if it did not exist.

/** The receipt module's rights, declared once: each route names `read` or `change`. */
const receiptKit = (ctx: AppContext) => ({
  ...moduleKit(ctx, { read: 'payHistoryUseYn', change: 'payHistorySettingYn' }),
  provider: ctx.receiptProvider,
  tags: ['receipt'],
});
type ReceiptKit = ReturnType<typeof receiptKit>;

/** The settings, what cash receipts are due, and issuing and cancelling one. */
const registerCashReceiptRoutes = (app: ModuleApp, ctx: AppContext, kit: ReceiptKit) => {
  const { right, guard, actor: actorOf, reads, writes, provider, tags } = kit;

  app.get(
    receiptSettingsRoute.path,
    {
      ...right('read'),
      schema: {
        tags,
        summary: 'The receipt provider (test mode or not) and the supplier details a tax invoice carries',
        querystring: receiptSettingsRoute.query,
        response: { 200: receiptSettingsRoute.response, ...reads },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.query.gymId);
      return { data: await receiptSettings(ctx.db, provider, gymId) };
    },
  );

  app.get(
    cashReceiptDueRoute.path,
    {
      ...right('read'),
      schema: {
        tags,
        summary:
          'Checkouts with cash or transfer paid: mandatory ones (≥ 100,000 won) with the 5-day deadline, overdue, issued',
        querystring: cashReceiptDueRoute.query,
        response: { 200: cashReceiptDueRoute.response, ...reads },
      },
    },
    async (request, reply) => {
      const gymId = await guard(request, request.query.gymId);
      const page = await listCashReceiptDue(ctx.db, gymId, request.query, ctx.clock());
      reply.header('x-total-count', String(page.total));
      return page;
    },
  );

  app.post(
    cashReceiptIssueRoute.path,
    {
      ...right('change'),
      schema: {
        tags,
        summary:
          "Issue the cash receipt of a checkout's cash and transfer part (409 receiptAlreadyIssued when one is issued)",
        body: cashReceiptIssueRoute.body,
        response: { 201: cashReceiptIssueRoute.response, ...writes },
      },
    },
    async (request, reply) => {
      await guard(request, request.body.gymId);
      const actor = actorOf(request);
      const row = await inReceiptTransaction(
        ctx.db,
        (tx) => issueCashReceipt(tx, provider, actor, request.body),
        'receiptAlreadyIssued',
      );
      return reply.status(201).send({ data: cashReceiptRecord(row) });
    },
  );

  app.post(
    cashReceiptCancelRoute.path,
    {
      ...right('change'),
      schema: {
        tags,
        summary: 'Cancel an issued cash receipt with a reason (a new one may then be issued)',
        params: cashReceiptCancelRoute.params,
        body: cashReceiptCancelRoute.body,
        response: { 200: cashReceiptCancelRoute.response, ...writes },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.body.gymId);
      const row = await ctx.db.transaction((tx) =>
        cancelCashReceipt(tx, provider, actorOf(request), gymId, request.params.id, request.body.reason),
      );
      return { data: cashReceiptRecord(row) };
    },
  );
};

/** Tax invoices (the list, the candidates, issuing and cancelling) and the accountant's export. */
const registerTaxInvoiceRoutes = (app: ModuleApp, ctx: AppContext, kit: ReceiptKit) => {
  const { right, guard, actor: actorOf, reads, writes, provider, tags } = kit;

  app.get(
    taxInvoiceListRoute.path,
    {
      ...right('read'),
      schema: {
        tags,
        summary: "The facility's tax invoices, newest first",
        querystring: taxInvoiceListRoute.query,
        response: { 200: taxInvoiceListRoute.response, ...reads },
      },
    },
    async (request, reply) => {
      const gymId = await guard(request, request.query.gymId);
      const page = await listTaxInvoices(ctx.db, gymId, request.query);
      reply.header('x-total-count', String(page.total));
      return page;
    },
  );

  app.get(
    taxInvoiceCandidatesRoute.path,
    {
      ...right('read'),
      schema: {
        tags,
        summary: "A customer's latest sales, each with why it can or cannot get a tax invoice",
        querystring: taxInvoiceCandidatesRoute.query,
        response: { 200: taxInvoiceCandidatesRoute.response, ...reads },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.query.gymId);
      return { data: await taxInvoiceCandidates(ctx.db, gymId, request.query.memberId) };
    },
  );

  app.post(
    taxInvoiceIssueRoute.path,
    {
      ...right('change'),
      schema: {
        tags,
        summary:
          'Issue a tax invoice for what was paid on a sale (409 taxInvoiceCardSale for a card-paid sale, taxInvoiceUnpaid)',
        body: taxInvoiceIssueRoute.body,
        response: { 201: taxInvoiceIssueRoute.response, ...writes },
      },
    },
    async (request, reply) => {
      const gymId = await guard(request, request.body.gymId);
      const actor = actorOf(request);
      const id = await inReceiptTransaction(
        ctx.db,
        (tx) => issueTaxInvoice(tx, provider, actor, request.body),
        'taxInvoiceAlreadyIssued',
      );
      return reply.status(201).send({ data: await taxInvoiceById(ctx.db, gymId, id) });
    },
  );

  app.post(
    taxInvoiceCancelRoute.path,
    {
      ...right('change'),
      schema: {
        tags,
        summary: 'Cancel an issued tax invoice with a reason',
        params: taxInvoiceCancelRoute.params,
        body: taxInvoiceCancelRoute.body,
        response: { 200: taxInvoiceCancelRoute.response, ...writes },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.body.gymId);
      await ctx.db.transaction((tx) =>
        cancelTaxInvoice(tx, provider, actorOf(request), gymId, request.params.id, request.body.reason),
      );
      return { data: await taxInvoiceById(ctx.db, gymId, request.params.id) };
    },
  );

  app.get(
    receiptExportRoute.path,
    {
      ...right('read'),
      schema: {
        tags,
        summary:
          "A month's cash receipts and tax invoices as a CSV for the accountant (written to the audit log)",
        querystring: receiptExportRoute.query,
        produces: ['text/csv'],
        response: { 200: receiptExportRoute.response, ...reads },
      },
    },
    async (request, reply) => {
      const gymId = await guard(request, request.query.gymId);
      const csv = await ctx.db.transaction((tx) =>
        exportReceipts(tx, actorOf(request), gymId, request.query.month, requestLanguage(request)),
      );
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="receipts-${request.query.month}.csv"`);
      return csv;
    },
  );
};

export const receiptRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The right first (404 without a link, 403 without the flag), then a closed facility for a change.
  const kit = receiptKit(ctx);
  registerCashReceiptRoutes(app, ctx, kit);
  registerTaxInvoiceRoutes(app, ctx, kit);
};
