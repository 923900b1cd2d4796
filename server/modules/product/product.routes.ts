import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  productCreateRoute,
  productDeleteRoute,
  productGetRoute,
  productGroupCreateRoute,
  productGroupDeleteRoute,
  productGroupListRoute,
  productGroupOrderRoute,
  productGroupRenameRoute,
  productListRoute,
  productMovementListRoute,
  productStockRoute,
  productUpdateRoute,
  promotionCreateRoute,
  promotionDeleteRoute,
  promotionGetRoute,
  promotionListRoute,
  promotionUpdateRoute,
} from '#domain/api/product.ts';
import type { AppContext } from '../../context.ts';
import { type ModuleApp, type ModuleKit, moduleKit } from '../../http/module.ts';
import {
  adjustStock,
  createGroup,
  createProduct,
  deleteGroup,
  deleteProduct,
  renameGroup,
  reorderGroups,
  updateProduct,
} from './product.commands.ts';
import { groupRecord, listGroups, listMovements, listProducts, productRecord } from './product.queries.ts';
import { createPromotion, deletePromotion, updatePromotion } from './promotion.commands.ts';
import { listPromotions, promotionRecord } from './promotion.queries.ts';

// Desk products, their groups and stock, and promotions (docs/rules.md#products, docs/rules.md#promotions). Staff
// read with payHistoryUseYn and change with payHistorySettingYn; a closed facility is read-only. The facility is
// the path's or the `gymId` of the query or body; another facility's product, group or promotion answers 404.

const sendPage = <T>(reply: FastifyReply, page: { data: T[]; total: number }) => {
  reply.header('x-total-count', String(page.total));
  return page;
};

/** Desk products: the list, one, added, changed and removed. */
const registerProductRoutes = (app: ModuleApp, ctx: AppContext, kit: ModuleKit) => {
  const { right, guard, actor: actorOf, reads, writes } = kit;
  const tags = ['product'];

  app.get(
    productListRoute.path,
    {
      ...right('read'),
      schema: {
        tags,
        summary: "The facility's desk products, newest first: by group, status, low stock or name",
        params: productListRoute.params,
        querystring: productListRoute.query,
        response: { 200: productListRoute.response, ...reads },
      },
    },
    async (request, reply) => {
      const gymId = await guard(request, request.params.gymId);
      return sendPage(reply, await listProducts(ctx.db, gymId, request.query));
    },
  );

  app.get(
    productGetRoute.path,
    {
      ...right('read'),
      schema: {
        tags,
        summary: 'One desk product, with whether it was ever sold',
        params: productGetRoute.params,
        querystring: productGetRoute.query,
        response: { 200: productGetRoute.response, ...reads },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.query.gymId);
      return { data: await productRecord(ctx.db, gymId, request.params.id) };
    },
  );

  app.post(
    productCreateRoute.path,
    {
      ...right('change'),
      schema: {
        tags,
        summary: 'Add a desk product; an opening stock is its first movement (an adjustment with its note)',
        body: productCreateRoute.body,
        response: { 201: productCreateRoute.response, ...writes },
      },
    },
    async (request, reply) => {
      const { gymId, ...body } = request.body;
      await guard(request, gymId);
      const id = await ctx.db.transaction((tx) => createProduct(tx, actorOf(request), gymId, body));
      return reply.status(201).send({ data: await productRecord(ctx.db, gymId, id) });
    },
  );

  app.put(
    productUpdateRoute.path,
    {
      ...right('change'),
      schema: {
        tags,
        summary: "Change a product's name, group, price, VAT, low-stock threshold, memo or status",
        params: productUpdateRoute.params,
        querystring: productUpdateRoute.query,
        body: productUpdateRoute.body,
        response: { 200: productUpdateRoute.response, ...writes },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.query.gymId);
      await ctx.db.transaction((tx) =>
        updateProduct(tx, actorOf(request), gymId, request.params.id, request.body),
      );
      return { data: await productRecord(ctx.db, gymId, request.params.id) };
    },
  );

  app.delete(
    productDeleteRoute.path,
    {
      ...right('change'),
      schema: {
        tags,
        summary: 'Remove a product never sold (409 productSold once sold: stop it instead)',
        params: productDeleteRoute.params,
        querystring: productDeleteRoute.query,
        response: { 204: productDeleteRoute.response, ...writes },
      },
    },
    async (request, reply) => {
      const gymId = await guard(request, request.query.gymId);
      await ctx.db.transaction((tx) => deleteProduct(tx, actorOf(request), gymId, request.params.id));
      return reply.status(204).send(null);
    },
  );
};

/** A product's stock: adjusted by hand, and its movements. */
const registerStockRoutes = (app: ModuleApp, ctx: AppContext, kit: ModuleKit) => {
  const { right, guard, actor: actorOf, reads, writes } = kit;
  const tags = ['product'];
  app.post(
    productStockRoute.path,
    {
      ...right('change'),
      schema: {
        tags,
        summary: 'Adjust the stock by a change other than 0, with a note (409 stockBelowZero)',
        params: productStockRoute.params,
        body: productStockRoute.body,
        response: { 200: productStockRoute.response, ...writes },
      },
    },
    async (request) => {
      const { gymId, ...body } = request.body;
      await guard(request, gymId);
      await ctx.db.transaction((tx) => adjustStock(tx, actorOf(request), gymId, request.params.id, body));
      return { data: await productRecord(ctx.db, gymId, request.params.id) };
    },
  );

  app.get(
    productMovementListRoute.path,
    {
      ...right('read'),
      schema: {
        tags,
        summary: "A product's stock movements, newest first: sales and adjustments with their notes",
        params: productMovementListRoute.params,
        querystring: productMovementListRoute.query,
        response: { 200: productMovementListRoute.response, ...reads },
      },
    },
    async (request, reply) => {
      const { gymId, ...page } = request.query;
      await guard(request, gymId);
      return sendPage(reply, await listMovements(ctx.db, gymId, request.params.id, page));
    },
  );
};

/** Product groups: listed in their order, added, ordered, renamed and removed. */
const registerGroupRoutes = (app: ModuleApp, ctx: AppContext, kit: ModuleKit) => {
  const { right, guard, actor: actorOf, reads, writes } = kit;
  const groupTags = ['product-group'];

  app.get(
    productGroupListRoute.path,
    {
      ...right('read'),
      schema: {
        tags: groupTags,
        summary: "The facility's product groups in their order, with their product counts",
        params: productGroupListRoute.params,
        response: { 200: productGroupListRoute.response, ...reads },
      },
    },
    async (request, reply) => {
      const gymId = await guard(request, request.params.gymId);
      const data = await listGroups(ctx.db, gymId);
      return sendPage(reply, { data, total: data.length });
    },
  );

  app.post(
    productGroupCreateRoute.path,
    {
      ...right('change'),
      schema: {
        tags: groupTags,
        summary: 'Add a product group, last in the order (409 productGroupLimit past 100)',
        body: productGroupCreateRoute.body,
        response: { 201: productGroupCreateRoute.response, ...writes },
      },
    },
    async (request, reply) => {
      const { gymId, name } = request.body;
      await guard(request, gymId);
      const id = await ctx.db.transaction((tx) => createGroup(tx, actorOf(request), gymId, name));
      return reply.status(201).send({ data: await groupRecord(ctx.db, gymId, id) });
    },
  );

  app.put(
    productGroupOrderRoute.path,
    {
      ...right('change'),
      schema: {
        tags: groupTags,
        summary: "Put all the facility's groups in a new order in one call",
        body: productGroupOrderRoute.body,
        response: { 200: productGroupOrderRoute.response, ...writes },
      },
    },
    async (request, reply) => {
      const { gymId, ids } = request.body;
      await guard(request, gymId);
      await ctx.db.transaction((tx) => reorderGroups(tx, actorOf(request), gymId, ids));
      const data = await listGroups(ctx.db, gymId);
      return sendPage(reply, { data, total: data.length });
    },
  );

  app.put(
    productGroupRenameRoute.path,
    {
      ...right('change'),
      schema: {
        tags: groupTags,
        summary: 'Rename a product group',
        params: productGroupRenameRoute.params,
        querystring: productGroupRenameRoute.query,
        body: productGroupRenameRoute.body,
        response: { 200: productGroupRenameRoute.response, ...writes },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.query.gymId);
      await ctx.db.transaction((tx) =>
        renameGroup(tx, actorOf(request), gymId, request.params.id, request.body.name),
      );
      return { data: await groupRecord(ctx.db, gymId, request.params.id) };
    },
  );

  app.delete(
    productGroupDeleteRoute.path,
    {
      ...right('change'),
      schema: {
        tags: groupTags,
        summary: 'Remove a product group; its products stay, without a group',
        params: productGroupDeleteRoute.params,
        querystring: productGroupDeleteRoute.query,
        response: { 204: productGroupDeleteRoute.response, ...writes },
      },
    },
    async (request, reply) => {
      const gymId = await guard(request, request.query.gymId);
      await ctx.db.transaction((tx) => deleteGroup(tx, actorOf(request), gymId, request.params.id));
      return reply.status(204).send(null);
    },
  );
};

/** Promotions: listed with their states, one, added, changed and removed. */
const registerPromotionRoutes = (app: ModuleApp, ctx: AppContext, kit: ModuleKit) => {
  const { right, guard, actor: actorOf, reads, writes } = kit;
  const promotionTags = ['promotion'];

  app.get(
    promotionListRoute.path,
    {
      ...right('read'),
      schema: {
        tags: promotionTags,
        summary:
          "The facility's promotions, latest end first, with their state (from today), targets and usage",
        params: promotionListRoute.params,
        querystring: promotionListRoute.query,
        response: { 200: promotionListRoute.response, ...reads },
      },
    },
    async (request, reply) => {
      const gymId = await guard(request, request.params.gymId);
      return sendPage(reply, await listPromotions(ctx.db, gymId, request.query, ctx.clock()));
    },
  );

  app.get(
    promotionGetRoute.path,
    {
      ...right('read'),
      schema: {
        tags: promotionTags,
        summary: 'One promotion with its state, targets and usage',
        params: promotionGetRoute.params,
        querystring: promotionGetRoute.query,
        response: { 200: promotionGetRoute.response, ...reads },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.query.gymId);
      return { data: await promotionRecord(ctx.db, gymId, request.params.id, ctx.clock()) };
    },
  );

  app.post(
    promotionCreateRoute.path,
    {
      ...right('change'),
      schema: {
        tags: promotionTags,
        summary: "Add a promotion on the facility's pass products and desk products",
        body: promotionCreateRoute.body,
        response: { 201: promotionCreateRoute.response, ...writes },
      },
    },
    async (request, reply) => {
      const { gymId, ...body } = request.body;
      await guard(request, gymId);
      const actor = actorOf(request);
      const id = await ctx.db.transaction((tx) => createPromotion(tx, actor, gymId, body));
      return reply.status(201).send({ data: await promotionRecord(ctx.db, gymId, id, actor.now) });
    },
  );

  app.put(
    promotionUpdateRoute.path,
    {
      ...right('change'),
      schema: {
        tags: promotionTags,
        summary: "Change a promotion's terms and targets (sales that applied it keep their prices)",
        params: promotionUpdateRoute.params,
        querystring: promotionUpdateRoute.query,
        body: promotionUpdateRoute.body,
        response: { 200: promotionUpdateRoute.response, ...writes },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.query.gymId);
      const actor = actorOf(request);
      await ctx.db.transaction((tx) => updatePromotion(tx, actor, gymId, request.params.id, request.body));
      return { data: await promotionRecord(ctx.db, gymId, request.params.id, actor.now) };
    },
  );

  app.delete(
    promotionDeleteRoute.path,
    {
      ...right('change'),
      schema: {
        tags: promotionTags,
        summary: 'Remove a promotion never applied (409 promotionUsed once applied: stop it instead)',
        params: promotionDeleteRoute.params,
        querystring: promotionDeleteRoute.query,
        response: { 204: promotionDeleteRoute.response, ...writes },
      },
    },
    async (request, reply) => {
      const gymId = await guard(request, request.query.gymId);
      await ctx.db.transaction((tx) => deletePromotion(tx, actorOf(request), gymId, request.params.id));
      return reply.status(204).send(null);
    },
  );
};

export const productRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The right first (404 without a link, 403 without the flag), then a closed facility for a change.
  const kit = moduleKit(ctx, { read: 'payHistoryUseYn', change: 'payHistorySettingYn' });
  registerProductRoutes(app, ctx, kit);
  registerStockRoutes(app, ctx, kit);
  registerGroupRoutes(app, ctx, kit);
  registerPromotionRoutes(app, ctx, kit);
};
