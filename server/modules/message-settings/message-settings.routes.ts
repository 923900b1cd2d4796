import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  autoMessageListRoute,
  autoMessageUpdateRoute,
  kakaoChannelConnectRoute,
  kakaoChannelDisconnectRoute,
  kakaoChannelRoute,
  kakaoTemplateCreateRoute,
  kakaoTemplateListRoute,
  kakaoTemplateSubmitRoute,
  kakaoTemplateUpdateRoute,
  messageSenderCreateRoute,
  messageSenderDeleteRoute,
  messageSenderListRoute,
  messageSenderResubmitRoute,
  messageSettingsStatusRoute,
} from '#domain/api/message-settings.ts';
import type { AppContext } from '../../context.ts';
import { type ModuleApp, type ModuleKit, moduleKit } from '../../http/module.ts';
import type { GroupMessageProvider } from '../../providers/message/group-message.ts';
import { listAutoSettings, updateAutoSetting } from './message-auto.settings.ts';
import { consentRoutes } from './message-consent.routes.ts';
import {
  connectChannel,
  createTemplate,
  disconnectChannel,
  submitTemplate,
  updateTemplate,
} from './message-kakao.commands.ts';
import { platformMessageRoutes } from './message-platform.routes.ts';
import { createSender, deleteSender, resubmitSender } from './message-sender.commands.ts';
import { toTemplate } from './message-settings.mappers.ts';
import {
  channelOf,
  listSenders,
  listTemplates,
  providerStatus,
  senderRecord,
} from './message-settings.queries.ts';

// The messaging settings (docs/rules.md#sender-numbers-and-templates): sender numbers, the Kakao channel and its
// templates, the automatic messages. Read with adMessageUseYn, changed with adMessageSettingYn; no add-on is needed
// to set them up (sending needs MESSAGE). The facility is the query's or the body's `gymId`; another facility's
// number or template answers 404.

const tags = ['message-settings'];

const registerSenderRoutes = (app: ModuleApp, ctx: AppContext, kit: ModuleKit) => {
  app.get(
    messageSenderListRoute.path,
    {
      ...kit.right('read'),
      schema: {
        tags,
        summary: 'The facility’s sender numbers with their review state and note',
        querystring: messageSenderListRoute.query,
        response: { 200: messageSenderListRoute.response, ...kit.reads },
      },
    },
    async (request) => {
      const gymId = await kit.guard(request, request.query.gymId);
      return { data: await listSenders(ctx.db, gymId) };
    },
  );

  app.post(
    messageSenderCreateRoute.path,
    {
      ...kit.right('change'),
      schema: {
        tags,
        summary: 'Register a sender number with its proof documents (REQUEST); 409 messageSenderTaken',
        body: messageSenderCreateRoute.body,
        response: { 201: messageSenderCreateRoute.response, ...kit.writes },
      },
    },
    async (request, reply) => {
      await kit.guard(request, request.body.gymId);
      const data = await ctx.db.transaction(async (tx) =>
        senderRecord(tx, await createSender(tx, kit.actor(request), request.body)),
      );
      return reply.status(201).send({ data });
    },
  );

  app.post(
    messageSenderResubmitRoute.path,
    {
      ...kit.right('change'),
      schema: {
        tags,
        summary: 'After DENY or NEED: new documents, back to REQUEST (409 illegalTransition otherwise)',
        params: messageSenderResubmitRoute.params,
        body: messageSenderResubmitRoute.body,
        response: { 200: messageSenderResubmitRoute.response, ...kit.writes },
      },
    },
    async (request) => {
      const gymId = await kit.guard(request, request.body.gymId);
      const data = await ctx.db.transaction(async (tx) =>
        senderRecord(
          tx,
          await resubmitSender(tx, kit.actor(request), gymId, request.params.id, request.body),
        ),
      );
      return { data };
    },
  );

  app.delete(
    messageSenderDeleteRoute.path,
    {
      ...kit.right('change'),
      schema: {
        tags,
        summary: 'Remove a sender number (409 messageSenderInUse while a scheduled send uses it)',
        params: messageSenderDeleteRoute.params,
        querystring: messageSenderDeleteRoute.query,
        response: { 204: messageSenderDeleteRoute.response, ...kit.writes },
      },
    },
    async (request, reply) => {
      const gymId = await kit.guard(request, request.query.gymId);
      await ctx.db.transaction((tx) => deleteSender(tx, kit.actor(request), gymId, request.params.id));
      return reply.status(204).send(null);
    },
  );
};

const registerChannelRoutes = (app: ModuleApp, ctx: AppContext, kit: ModuleKit) => {
  app.get(
    kakaoChannelRoute.path,
    {
      ...kit.right('read'),
      schema: {
        tags,
        summary: 'The Kakao channel: connected or not, its search id, the profile key masked',
        querystring: kakaoChannelRoute.query,
        response: { 200: kakaoChannelRoute.response, ...kit.reads },
      },
    },
    async (request) => {
      const gymId = await kit.guard(request, request.query.gymId);
      return { data: await channelOf(ctx.db, gymId) };
    },
  );

  app.put(
    kakaoChannelConnectRoute.path,
    {
      ...kit.right('change'),
      schema: {
        tags,
        summary: 'Connect (or reconnect) the Kakao channel with its search id and profile key',
        body: kakaoChannelConnectRoute.body,
        response: { 200: kakaoChannelConnectRoute.response, ...kit.writes },
      },
    },
    async (request) => {
      const gymId = await kit.guard(request, request.body.gymId);
      await ctx.db.transaction((tx) => connectChannel(tx, kit.actor(request), request.body));
      return { data: await channelOf(ctx.db, gymId) };
    },
  );

  app.delete(
    kakaoChannelDisconnectRoute.path,
    {
      ...kit.right('change'),
      schema: {
        tags,
        summary: 'Disconnect the Kakao channel: automatic messages go as SMS/LMS',
        querystring: kakaoChannelDisconnectRoute.query,
        response: { 200: kakaoChannelDisconnectRoute.response, ...kit.writes },
      },
    },
    async (request) => {
      const gymId = await kit.guard(request, request.query.gymId);
      await ctx.db.transaction((tx) => disconnectChannel(tx, kit.actor(request), gymId));
      return { data: await channelOf(ctx.db, gymId) };
    },
  );
};

const registerTemplateRoutes = (app: ModuleApp, ctx: AppContext, kit: ModuleKit) => {
  app.get(
    kakaoTemplateListRoute.path,
    {
      ...kit.right('read'),
      schema: {
        tags,
        summary: 'The facility’s 알림톡 templates with their review state and reason',
        querystring: kakaoTemplateListRoute.query,
        response: { 200: kakaoTemplateListRoute.response, ...kit.reads },
      },
    },
    async (request) => {
      const gymId = await kit.guard(request, request.query.gymId);
      return { data: await listTemplates(ctx.db, gymId) };
    },
  );

  app.post(
    kakaoTemplateCreateRoute.path,
    {
      ...kit.right('change'),
      schema: {
        tags,
        summary:
          'Write a template (to review at once); 400 for an unknown variable or a fallback SMS cannot carry',
        body: kakaoTemplateCreateRoute.body,
        response: { 201: kakaoTemplateCreateRoute.response, ...kit.writes },
      },
    },
    async (request, reply) => {
      await kit.guard(request, request.body.gymId);
      const row = await ctx.db.transaction((tx) => createTemplate(tx, kit.actor(request), request.body));
      return reply.status(201).send({ data: toTemplate(row) });
    },
  );

  app.put(
    kakaoTemplateUpdateRoute.path,
    {
      ...kit.right('change'),
      schema: {
        tags,
        summary: 'Edit a template while not APPROVE (409 messageTemplateApproved)',
        params: kakaoTemplateUpdateRoute.params,
        body: kakaoTemplateUpdateRoute.body,
        response: { 200: kakaoTemplateUpdateRoute.response, ...kit.writes },
      },
    },
    async (request) => {
      const gymId = await kit.guard(request, request.body.gymId);
      const row = await ctx.db.transaction((tx) =>
        updateTemplate(tx, kit.actor(request), gymId, request.params.id, request.body),
      );
      return { data: toTemplate(row) };
    },
  );

  app.post(
    kakaoTemplateSubmitRoute.path,
    {
      ...kit.right('change'),
      schema: {
        tags,
        summary: 'Send a DENY or NEED template back to review (409 illegalTransition otherwise)',
        params: kakaoTemplateSubmitRoute.params,
        body: kakaoTemplateSubmitRoute.body,
        response: { 200: kakaoTemplateSubmitRoute.response, ...kit.writes },
      },
    },
    async (request) => {
      const gymId = await kit.guard(request, request.body.gymId);
      const row = await ctx.db.transaction((tx) =>
        submitTemplate(tx, kit.actor(request), gymId, request.params.id),
      );
      return { data: toTemplate(row) };
    },
  );
};

const registerAutoRoutes = (app: ModuleApp, ctx: AppContext, kit: ModuleKit) => {
  app.get(
    autoMessageListRoute.path,
    {
      ...kit.right('read'),
      schema: {
        tags,
        summary: 'The 12 automatic messages, the defaults for those never saved',
        querystring: autoMessageListRoute.query,
        response: { 200: autoMessageListRoute.response, ...kit.reads },
      },
    },
    async (request) => {
      const gymId = await kit.guard(request, request.query.gymId);
      return { data: await listAutoSettings(ctx.db, gymId) };
    },
  );

  app.put(
    autoMessageUpdateRoute.path,
    {
      ...kit.right('change'),
      schema: {
        tags,
        summary: 'Save one automatic message: on or off, text, approved template, Seoul send hour, numbers',
        params: autoMessageUpdateRoute.params,
        body: autoMessageUpdateRoute.body,
        response: { 200: autoMessageUpdateRoute.response, ...kit.writes },
      },
    },
    async (request) => {
      const gymId = await kit.guard(request, request.body.gymId);
      const data = await ctx.db.transaction((tx) =>
        updateAutoSetting(tx, kit.actor(request), gymId, request.params.kind, request.body),
      );
      return { data };
    },
  );
};

const registerStatusRoute = (app: ModuleApp, kit: ModuleKit, provider: GroupMessageProvider) => {
  app.get(
    messageSettingsStatusRoute.path,
    {
      ...kit.right('read'),
      schema: {
        tags,
        summary: 'Whether the configured provider is in test mode (shown on every messaging screen)',
        querystring: messageSettingsStatusRoute.query,
        response: { 200: messageSettingsStatusRoute.response, ...kit.reads },
      },
    },
    async (request) => {
      await kit.guard(request, request.query.gymId);
      return { data: providerStatus(provider) };
    },
  );
};

/** Registers the settings, the consents and the operator's routes (one line in server/app.ts). */
export const messageSettingsRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  /** The configured provider: its test mode is shown on the settings pages. */
  provider: GroupMessageProvider;
}> = async (app, { ctx, provider }) => {
  const kit = moduleKit(ctx, { read: 'adMessageUseYn', change: 'adMessageSettingYn' });
  registerStatusRoute(app, kit, provider);
  registerSenderRoutes(app, ctx, kit);
  registerChannelRoutes(app, ctx, kit);
  registerTemplateRoutes(app, ctx, kit);
  registerAutoRoutes(app, ctx, kit);
  consentRoutes(app, ctx);
  platformMessageRoutes(app, ctx);
};
