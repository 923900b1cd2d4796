import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  messageAudienceRoute,
  messageCreditListRoute,
  messageOverviewRoute,
  messageRecipientListRoute,
  messageSendCancelRoute,
  messageSendCreateRoute,
  messageSendDetailRoute,
  messageSendListRoute,
  messageSendResendRoute,
  messageTestSendRoute,
} from '#domain/api/message.ts';
import { isNightTime } from '#domain/rules/message.ts';
import type { AppContext } from '../../context.ts';
import { assignedTrainerOf } from '../../http/customer-reach.ts';
import { type ModuleApp, type ModuleKit, moduleKit } from '../../http/module.ts';
import type { GroupMessageProvider } from '../../providers/message/group-message.ts';
import { audienceCount, firstRecipient } from './message.audience.ts';
import { cancelSend, createSend, resendFailed, testSend } from './message.commands.ts';
import { messageSettingsOf } from './message.content.ts';
import {
  assertMessageAddOn,
  listCredits,
  listRecipients,
  listSends,
  messageOverview,
  sendById,
} from './message.queries.ts';
import { registerMessageWebhooks } from './message.webhooks.ts';

// Group messages (docs/rules.md#messaging): every route reads and sends with adMessageUseYn while the facility's
// MESSAGE add-on is APPROVE (403 `messageAddOnRequired`); a send of another facility answers 404. The provider's
// callbacks (delivery reports, the 080 opt-out) are public and signed (message.webhooks.ts).

const tags = ['message'];

export type MessageRouteOptions = {
  ctx: AppContext;
  provider: GroupMessageProvider;
  /** MESSAGE_WEBHOOK_SECRET: without it the callbacks answer 404. */
  webhookSecret?: string | undefined;
};

const registerReadRoutes = (
  app: ModuleApp,
  ctx: AppContext,
  kit: ModuleKit,
  provider: GroupMessageProvider,
) => {
  app.get(
    messageOverviewRoute.path,
    {
      ...kit.right('read'),
      schema: {
        tags,
        summary: 'The credit balance, prices, test mode, approved senders and templates',
        querystring: messageOverviewRoute.query,
        response: { 200: messageOverviewRoute.response, ...kit.reads },
      },
    },
    async (request) => {
      const gymId = await kit.guard(request, request.query.gymId);
      return { data: await messageOverview(ctx.db, gymId, request.member?.id ?? null, provider) };
    },
  );

  app.get(
    messageSendListRoute.path,
    {
      ...kit.right('read'),
      schema: {
        tags,
        summary: 'The sends, newest first, filtered by state, channel, Seoul dates, staff and origin',
        querystring: messageSendListRoute.query,
        response: { 200: messageSendListRoute.response, ...kit.reads },
      },
    },
    async (request, reply) => {
      const gymId = await kit.guard(request, request.query.gymId);
      const page = await listSends(ctx.db, { ...request.query, gymId });
      reply.header('x-total-count', String(page.total));
      return page;
    },
  );

  app.get(
    messageSendDetailRoute.path,
    {
      ...kit.right('read'),
      schema: {
        tags,
        summary: 'One send with its counts and cost',
        params: messageSendDetailRoute.params,
        querystring: messageSendDetailRoute.query,
        response: { 200: messageSendDetailRoute.response, ...kit.reads },
      },
    },
    async (request) => {
      const gymId = await kit.guard(request, request.query.gymId);
      return { data: await sendById(ctx.db, gymId, request.params.id) };
    },
  );

  app.get(
    messageRecipientListRoute.path,
    {
      ...kit.right('read'),
      schema: {
        tags,
        summary: 'The recipients of a send (phones masked), with their state or exclusion',
        params: messageRecipientListRoute.params,
        querystring: messageRecipientListRoute.query,
        response: { 200: messageRecipientListRoute.response, ...kit.reads },
      },
    },
    async (request, reply) => {
      const gymId = await kit.guard(request, request.query.gymId);
      const page = await listRecipients(ctx.db, gymId, request.params.id, request.query);
      reply.header('x-total-count', String(page.total));
      return page;
    },
  );

  app.get(
    messageCreditListRoute.path,
    {
      ...kit.right('read'),
      schema: {
        tags,
        summary: 'The credit ledger: top-ups, charges and refunds, newest first',
        querystring: messageCreditListRoute.query,
        response: { 200: messageCreditListRoute.response, ...kit.reads },
      },
    },
    async (request, reply) => {
      const gymId = await kit.guard(request, request.query.gymId);
      const page = await listCredits(ctx.db, gymId, request.query);
      reply.header('x-total-count', String(page.total));
      return page;
    },
  );
};

const registerComposeRoutes = (app: ModuleApp, ctx: AppContext, kit: ModuleKit) => {
  app.post(
    messageAudienceRoute.path,
    {
      ...kit.right('read'),
      schema: {
        tags,
        summary: 'The live count of an audience: who receives it, who is excluded and why',
        body: messageAudienceRoute.body,
        response: { 200: messageAudienceRoute.response, ...kit.reads },
      },
    },
    async (request) => {
      const body = request.body;
      const gymId = await kit.guard(request, body.gymId);
      const now = ctx.clock();
      const at = body.scheduledAt ? new Date(body.scheduledAt) : now;
      const night = body.advertising && isNightTime(at);
      const { gymName } = await messageSettingsOf(ctx.db, gymId);
      const data = await audienceCount(ctx.db, body.audience, {
        gymId,
        channel: body.channel,
        advertising: body.advertising,
        nightExclude: night,
        night,
        gymName,
        trainerMemberId: await assignedTrainerOf(request, ctx.loadRights, gymId),
        now,
      });
      return { data };
    },
  );

  app.post(
    messageSendCreateRoute.path,
    {
      ...kit.right('change'),
      schema: {
        tags,
        summary:
          'Build a send: recipients, exclusions, texts, one charge each and the outbox rows, in one transaction',
        body: messageSendCreateRoute.body,
        response: { 201: messageSendCreateRoute.response, ...kit.writes },
      },
    },
    async (request, reply) => {
      const gymId = await kit.guard(request, request.body.gymId);
      const trainer = await assignedTrainerOf(request, ctx.loadRights, gymId);
      const id = await ctx.db.transaction((tx) => createSend(tx, kit.actor(request), request.body, trainer));
      return reply.status(201).send({ data: await sendById(ctx.db, gymId, id) });
    },
  );

  app.post(
    messageTestSendRoute.path,
    {
      ...kit.right('change'),
      schema: {
        tags,
        summary: "A test send to the staff member's own phone, with the first recipient's values, charged",
        body: messageTestSendRoute.body,
        response: { 201: messageTestSendRoute.response, ...kit.writes },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const gymId = await kit.guard(request, body.gymId);
      const actor = kit.actor(request);
      const context = {
        gymId,
        channel: body.channel,
        advertising: false,
        nightExclude: false,
        trainerMemberId: await assignedTrainerOf(request, ctx.loadRights, gymId),
        now: actor.now,
      };
      const first = body.audience ? await firstRecipient(ctx.db, body.audience, context) : undefined;
      const id = await ctx.db.transaction((tx) => testSend(tx, actor, body, first));
      return reply.status(201).send({ data: await sendById(ctx.db, gymId, id) });
    },
  );
};

const registerSendActionRoutes = (app: ModuleApp, ctx: AppContext, kit: ModuleKit) => {
  app.post(
    messageSendCancelRoute.path,
    {
      ...kit.right('change'),
      schema: {
        tags,
        summary:
          'Cancel a scheduled send before it starts; its charges are refunded (409 messageSendStarted)',
        params: messageSendCancelRoute.params,
        body: messageSendCancelRoute.body,
        response: { 200: messageSendCancelRoute.response, ...kit.writes },
      },
    },
    async (request) => {
      const gymId = await kit.guard(request, request.body.gymId);
      await ctx.db.transaction((tx) => cancelSend(tx, kit.actor(request), gymId, request.params.id));
      return { data: await sendById(ctx.db, gymId, request.params.id) };
    },
  );

  app.post(
    messageSendResendRoute.path,
    {
      ...kit.right('change'),
      schema: {
        tags,
        summary: 'A new send to the failed recipients of this one, charged anew (409 messageNothingToResend)',
        params: messageSendResendRoute.params,
        body: messageSendResendRoute.body,
        response: { 201: messageSendResendRoute.response, ...kit.writes },
      },
    },
    async (request, reply) => {
      const gymId = await kit.guard(request, request.body.gymId);
      const id = await ctx.db.transaction((tx) =>
        resendFailed(tx, kit.actor(request), gymId, request.params.id),
      );
      return reply.status(201).send({ data: await sendById(ctx.db, gymId, id) });
    },
  );
};

export const messageRoutes: FastifyPluginAsyncZod<MessageRouteOptions> = async (app, options) => {
  const { ctx, provider } = options;
  const kit = moduleKit(ctx, {
    read: 'adMessageUseYn',
    change: 'adMessageUseYn',
    addOn: (context, gymId) => assertMessageAddOn(context.db, gymId),
  });
  registerReadRoutes(app, ctx, kit, provider);
  registerComposeRoutes(app, ctx, kit);
  registerSendActionRoutes(app, ctx, kit);
  await app.register(registerMessageWebhooks, { ctx, webhookSecret: options.webhookSecret });
};
