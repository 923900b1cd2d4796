import type { FastifyRequest } from 'fastify';
import {
  platformCreditTopupRoute,
  platformMessageSettingsRoute,
  platformMessageSettingsUpdateRoute,
  platformSenderListRoute,
  platformSenderReviewRoute,
  platformTemplateListRoute,
  platformTemplateReviewRoute,
} from '#domain/api/message-settings.ts';
import type { AppContext } from '../../context.ts';
import { requireMember } from '../../http/auth.ts';
import { forbidden } from '../../http/errors.ts';
import type { ModuleApp } from '../../http/module.ts';
import { errorResponses } from '../../http/responses.ts';
import { isSuperadmin } from '../../http/rights.ts';
import { actorOf } from '../../kernel/actor.ts';
import { reviewTemplate } from './message-kakao.commands.ts';
import { platformSettings, topUpCredits, updatePlatformSettings } from './message-platform.commands.ts';
import { reviewSender } from './message-sender.commands.ts';
import {
  platformSender,
  platformSenders,
  platformTemplate,
  platformTemplates,
} from './message-settings.queries.ts';

// The operator's messaging (docs/rules.md#sender-numbers-and-templates), under /platform like the backups:
// SUPERADMIN only (403 otherwise). The review of sender numbers and, standing in for Kakao's in test mode, of 알림톡
// templates; the prices and the opt-out number; credit top-ups until platform billing exists.

const tags = ['message-settings'];
const reads = errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN');
const writes = errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT');

const operatorOnly = (request: FastifyRequest) => {
  requireMember(request);
  if (!isSuperadmin(request)) throw forbidden();
};

const registerReviewRoutes = (app: ModuleApp, ctx: AppContext) => {
  app.get(
    platformSenderListRoute.path,
    {
      schema: {
        tags,
        summary: 'Sender numbers of every facility by review state, oldest first (SUPERADMIN only)',
        querystring: platformSenderListRoute.query,
        response: { 200: platformSenderListRoute.response, ...reads },
      },
    },
    async (request, reply) => {
      operatorOnly(request);
      const page = await platformSenders(ctx.db, request.query);
      reply.header('x-total-count', String(page.total));
      return page;
    },
  );

  app.post(
    platformSenderReviewRoute.path,
    {
      schema: {
        tags,
        summary: 'Decide a REQUEST number: APPROVE, or DENY / NEED with the note (SUPERADMIN only)',
        params: platformSenderReviewRoute.params,
        body: platformSenderReviewRoute.body,
        response: { 200: platformSenderReviewRoute.response, ...writes },
      },
    },
    async (request) => {
      operatorOnly(request);
      const id = request.params.id;
      await ctx.db.transaction((tx) => reviewSender(tx, actorOf(request, ctx.clock), id, request.body));
      return { data: await platformSender(ctx.db, id) };
    },
  );

  app.get(
    platformTemplateListRoute.path,
    {
      schema: {
        tags,
        summary: '알림톡 templates of every facility by review state, oldest first (SUPERADMIN only)',
        querystring: platformTemplateListRoute.query,
        response: { 200: platformTemplateListRoute.response, ...reads },
      },
    },
    async (request, reply) => {
      operatorOnly(request);
      const page = await platformTemplates(ctx.db, request.query);
      reply.header('x-total-count', String(page.total));
      return page;
    },
  );

  app.post(
    platformTemplateReviewRoute.path,
    {
      schema: {
        tags,
        summary: 'Kakao’s review in test mode: APPROVE, or DENY / NEED with the reason (SUPERADMIN only)',
        params: platformTemplateReviewRoute.params,
        body: platformTemplateReviewRoute.body,
        response: { 200: platformTemplateReviewRoute.response, ...writes },
      },
    },
    async (request) => {
      operatorOnly(request);
      const id = request.params.id;
      await ctx.db.transaction((tx) => reviewTemplate(tx, actorOf(request, ctx.clock), id, request.body));
      return { data: await platformTemplate(ctx.db, id) };
    },
  );
};

const registerBillingRoutes = (app: ModuleApp, ctx: AppContext) => {
  app.get(
    platformMessageSettingsRoute.path,
    {
      schema: {
        tags,
        summary: 'The price per message kind and the 080 opt-out number (SUPERADMIN only)',
        response: { 200: platformMessageSettingsRoute.response, ...reads },
      },
    },
    async (request) => {
      operatorOnly(request);
      return { data: await platformSettings(ctx.db) };
    },
  );

  app.put(
    platformMessageSettingsUpdateRoute.path,
    {
      schema: {
        tags,
        summary: 'Set the prices and the opt-out number (SUPERADMIN only)',
        body: platformMessageSettingsUpdateRoute.body,
        response: { 200: platformMessageSettingsUpdateRoute.response, ...writes },
      },
    },
    async (request) => {
      operatorOnly(request);
      const data = await ctx.db.transaction((tx) =>
        updatePlatformSettings(tx, actorOf(request, ctx.clock), request.body),
      );
      return { data };
    },
  );

  app.post(
    platformCreditTopupRoute.path,
    {
      schema: {
        tags,
        summary: 'Top up a facility’s message credits, with a note (SUPERADMIN only)',
        body: platformCreditTopupRoute.body,
        response: { 201: platformCreditTopupRoute.response, ...writes },
      },
    },
    async (request, reply) => {
      operatorOnly(request);
      const data = await ctx.db.transaction((tx) =>
        topUpCredits(tx, actorOf(request, ctx.clock), request.body),
      );
      return reply.status(201).send({ data });
    },
  );
};

export const platformMessageRoutes = (app: ModuleApp, ctx: AppContext) => {
  registerReviewRoutes(app, ctx);
  registerBillingRoutes(app, ctx);
};
