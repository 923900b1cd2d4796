import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkoutCreateRoute,
  checkoutGetRoute,
  checkoutSlipRoute,
  deskCatalogRoute,
  deskPromotionUsageRoute,
} from '#domain/api/sales.ts';
import type { AppContext } from '../../context.ts';
import { type ModuleApp, type ModuleKit, moduleKit } from '../../http/module.ts';
import { createCheckout } from './desk.commands.ts';
import { checkoutDetail, deskCatalog, promotionUsage } from './desk.queries.ts';
import { ledgerRoutes } from './ledger.routes.ts';
import { renderSlip } from './slip.ts';

// Money (docs/rules.md#money): the sales module's routes. The desk's routes are here (docs/rules.md#the-desk);
// the ledger's are in ledger.routes.ts. Money screens read with payHistoryUseYn and change with
// payHistorySettingYn; another facility's ids answer 404; a closed facility is read-only.

const tags = ['sales'];

/** What the desk sells, a customer's promotion uses, and one checkout. */
const registerDeskRoutes = (app: ModuleApp, ctx: AppContext, kit: ModuleKit) => {
  const { right, guard, actor: actorOf, reads, writes } = kit;

  app.get(
    deskCatalogRoute.path,
    {
      ...right('read'),
      schema: {
        tags,
        summary:
          'What the desk sells today: pass products on sale, ACTIVE products, promotions valid today, free ' +
          'lockers (with the LOCKER add-on) and the staff',
        params: deskCatalogRoute.params,
        response: { 200: deskCatalogRoute.response, ...reads },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.params.gymId);
      return { data: await deskCatalog(ctx.db, gymId, ctx.clock()) };
    },
  );

  app.get(
    deskPromotionUsageRoute.path,
    {
      ...right('read'),
      schema: {
        tags,
        summary: "How many of the customer's sales used each promotion (its per-customer limit counts these)",
        params: deskPromotionUsageRoute.params,
        querystring: deskPromotionUsageRoute.query,
        response: { 200: deskPromotionUsageRoute.response, ...reads },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.params.gymId);
      return { data: await promotionUsage(ctx.db, gymId, request.query.memberId) };
    },
  );

  app.post(
    checkoutCreateRoute.path,
    {
      ...right('change'),
      schema: {
        tags,
        summary:
          'One desk checkout: passes, products and locker rentals with promotions and manual discounts, split ' +
          'payments, the rest owed; one transaction, and a refusal writes nothing',
        body: checkoutCreateRoute.body,
        response: { 201: checkoutCreateRoute.response, ...writes },
      },
    },
    async (request, reply) => {
      await guard(request, request.body.gymId);
      const actor = actorOf(request);
      const result = await ctx.db.transaction((tx) => createCheckout(tx, actor, request.body));
      return reply.status(201).send({ data: result });
    },
  );
};

/** A checkout read back: its detail and its slip. */
const registerCheckoutRoutes = (app: ModuleApp, ctx: AppContext, kit: ModuleKit) => {
  const { right, guard, reads } = kit;

  app.get(
    checkoutGetRoute.path,
    {
      ...right('read'),
      schema: {
        tags,
        summary:
          'A checkout with its sales, lines, what is owed, the facility, the staff and its cash receipt',
        params: checkoutGetRoute.params,
        querystring: checkoutGetRoute.query,
        response: { 200: checkoutGetRoute.response, ...reads },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.query.gymId);
      return { data: await checkoutDetail(ctx.db, gymId, request.params.id) };
    },
  );

  app.get(
    checkoutSlipRoute.path,
    {
      ...right('read'),
      schema: {
        tags,
        summary: "A checkout's receipt slip: an 80 mm wide PDF in Korean or English",
        params: checkoutSlipRoute.params,
        querystring: checkoutSlipRoute.query,
        response: {
          200: {
            description: 'The slip',
            content: { 'application/pdf': { schema: z.file().meta({ description: 'The slip (PDF).' }) } },
          },
          ...reads,
        },
      },
    },
    async (request, reply) => {
      const gymId = await guard(request, request.query.gymId);
      const detail = await checkoutDetail(ctx.db, gymId, request.params.id);
      const bytes = await renderSlip(detail, request.query.lang);
      reply.header('content-type', 'application/pdf');
      reply.header('content-disposition', `inline; filename="slip-${detail.id}.pdf"`);
      reply.header('cache-control', 'private, no-store');
      reply.header('x-content-type-options', 'nosniff');
      // The reply as Fastify's own (a widening): the documented type is the file, what goes out is its bytes.
      return (reply as FastifyReply).send(Buffer.from(bytes));
    },
  );
};

export const salesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const kit = moduleKit(ctx, { read: 'payHistoryUseYn', change: 'payHistorySettingYn' });
  registerDeskRoutes(app, ctx, kit);
  registerCheckoutRoutes(app, ctx, kit);
  await app.register(ledgerRoutes, { ctx });
};
