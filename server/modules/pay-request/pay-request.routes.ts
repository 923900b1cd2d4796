import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  payRequestConfirmRoute,
  payRequestCreateRoute,
  payRequestListRoute,
  payRequestPublicCardRoute,
  payRequestPublicGetRoute,
  payRequestPublicTransferRoute,
  payRequestRevokeRoute,
} from '#domain/api/pay-request.ts';
import type { AppContext } from '../../context.ts';
import { type ModuleApp, type ModuleKit, moduleKit } from '../../http/module.ts';
import { errorResponses } from '../../http/responses.ts';
import { assertGymWritable } from '../../resources/engine.ts';
import {
  claimTransfer,
  confirmPayRequest,
  createPayRequest,
  payByCard,
  revokePayRequest,
} from './pay-request.commands.ts';
import { listPayRequests, payRequestDetail, publicView, requestOfToken } from './pay-request.queries.ts';

// Payment requests (docs/rules.md#payment-requests). Staff read with payHistoryUseYn and change with
// payHistorySettingYn; another facility's sale or request answers 404. The customer's page calls the public
// routes with no session: the token, in the query or the body, is the only key, and every bad token answers the
// same 404 `payRequestInvalid`. Those routes are rate-limited per address, so guessing is slowed on top of being
// infeasible (256-bit tokens).

const publicReads = errorResponses('VALIDATION_FAILED', 'NOT_FOUND', 'RATE_LIMITED');
const publicWrites = errorResponses(
  'VALIDATION_FAILED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
);

/** Per address and route, a minute: the page needs a handful; a guesser gets nowhere. */
export const PAY_REQUEST_PUBLIC_READS_PER_MINUTE = 60;
export const PAY_REQUEST_PUBLIC_WRITES_PER_MINUTE = 20;

const tags = ['pay-request'];

/** Staff's routes: send, list, revoke and confirm. */
const registerStaffRoutes = (app: ModuleApp, ctx: AppContext, kit: ModuleKit) => {
  const { right, guard, actor: actorOf, reads, writes } = kit;

  app.post(
    payRequestCreateRoute.path,
    {
      ...right('change'),
      schema: {
        tags,
        summary: "Send a payment request for a sale's balance (a link texted through the outbox)",
        body: payRequestCreateRoute.body,
        response: { 201: payRequestCreateRoute.response, ...writes },
      },
    },
    async (request, reply) => {
      await guard(request, request.body.gymId);
      const data = await ctx.db.transaction((tx) => createPayRequest(tx, actorOf(request), request.body));
      return reply.status(201).send({ data });
    },
  );

  app.get(
    payRequestListRoute.path,
    {
      ...right('read'),
      schema: {
        tags,
        summary: "A sale's or the facility's payment requests, newest first, with their status",
        querystring: payRequestListRoute.query,
        response: { 200: payRequestListRoute.response, ...reads },
      },
    },
    async (request, reply) => {
      const gymId = await guard(request, request.query.gymId);
      const page = await listPayRequests(ctx.db, gymId, request.query, ctx.clock());
      reply.header('x-total-count', String(page.total));
      return page;
    },
  );

  app.post(
    payRequestRevokeRoute.path,
    {
      ...right('change'),
      schema: {
        tags,
        summary: 'Revoke an open or waiting payment request: its link stops working',
        params: payRequestRevokeRoute.params,
        body: payRequestRevokeRoute.body,
        response: { 200: payRequestRevokeRoute.response, ...writes },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.body.gymId);
      await ctx.db.transaction((tx) => revokePayRequest(tx, actorOf(request), gymId, request.params.id));
      return { data: await payRequestDetail(ctx.db, request.params.id, ctx.clock()) };
    },
  );

  app.post(
    payRequestConfirmRoute.path,
    {
      ...right('change'),
      schema: {
        tags,
        summary: 'Confirm a reported bank transfer: writes the TRANSFER payment (status APPROVE)',
        params: payRequestConfirmRoute.params,
        body: payRequestConfirmRoute.body,
        response: { 200: payRequestConfirmRoute.response, ...writes },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.body.gymId);
      await ctx.db.transaction((tx) => confirmPayRequest(tx, actorOf(request), gymId, request.params.id));
      return { data: await payRequestDetail(ctx.db, request.params.id, ctx.clock()) };
    },
  );
};

/** The customer's page: no session, the token the only key. */
const registerPublicRoutes = (app: ModuleApp, ctx: AppContext) => {
  // The card provider comes from the context (buildApp's `paymentProvider`); the test mode's page says TEST MODE.
  const provider = ctx.paymentProvider;
  const publicActor = (request: FastifyRequest) => ({
    memberId: null,
    requestId: request.id,
    now: ctx.clock(),
  });
  const readLimit = {
    public: true,
    rateLimit: { max: PAY_REQUEST_PUBLIC_READS_PER_MINUTE, timeWindow: 60_000 },
  };
  const writeLimit = {
    public: true,
    rateLimit: { max: PAY_REQUEST_PUBLIC_WRITES_PER_MINUTE, timeWindow: 60_000 },
  };

  app.get(
    payRequestPublicGetRoute.path,
    {
      config: readLimit,
      schema: {
        tags,
        summary:
          'The payment-request page: the facility, the item, the amount, the status, the transfer account',
        querystring: payRequestPublicGetRoute.query,
        response: { 200: payRequestPublicGetRoute.response, ...publicReads },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const now = ctx.clock();
      const row = await requestOfToken(ctx.db, request.query.token, now);
      return { data: await publicView(ctx.db, row, now, provider) };
    },
  );

  app.post(
    payRequestPublicTransferRoute.path,
    {
      config: writeLimit,
      schema: {
        tags,
        summary: 'The payment-request page: the customer reports a bank transfer (status WAIT)',
        body: payRequestPublicTransferRoute.body,
        response: { 200: payRequestPublicTransferRoute.response, ...publicWrites },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const actor = publicActor(request);
      const found = await requestOfToken(ctx.db, request.body.token, actor.now);
      await assertGymWritable(ctx, found.gymId);
      const row = await ctx.db.transaction((tx) => claimTransfer(tx, actor, request.body));
      return { data: await publicView(ctx.db, row, actor.now, provider) };
    },
  );

  app.post(
    payRequestPublicCardRoute.path,
    {
      config: writeLimit,
      schema: {
        tags,
        summary: 'The payment-request page: pay by card through the payment provider (status APPROVE)',
        body: payRequestPublicCardRoute.body,
        response: { 200: payRequestPublicCardRoute.response, ...publicWrites },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const actor = publicActor(request);
      const found = await requestOfToken(ctx.db, request.body.token, actor.now);
      await assertGymWritable(ctx, found.gymId);
      const row = await ctx.db.transaction((tx) => payByCard(tx, actor, provider, request.body));
      return { data: await publicView(ctx.db, row, actor.now, provider) };
    },
  );
};

export const payRequestRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  registerStaffRoutes(app, ctx, moduleKit(ctx, { read: 'payHistoryUseYn', change: 'payHistorySettingYn' }));
  registerPublicRoutes(app, ctx);
};
