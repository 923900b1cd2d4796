import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  consultCallRoute,
  consultConvertRoute,
  consultFinishRoute,
  consultFollowUpRoute,
  consultGetRoute,
  consultListRoute,
  consultStageRoute,
  consultWaitingRoute,
  KIOSK_HEADER,
  kioskCreateRoute,
  kioskInfoRoute,
  kioskOpenRoute,
  kioskStatusRoute,
  pipelineRoute,
  surveyGetRoute,
  surveySaveRoute,
} from '#domain/api/consult.ts';
import { hasRight } from '#domain/permissions.ts';
import { consultResource } from '#domain/resources/index.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { AppContext } from '../../context.ts';
import { consult } from '../../db/schema/index.ts';
import { requireMember } from '../../http/auth.ts';
import { type ModuleKit, moduleKit } from '../../http/module.ts';
import { assertGymRight, rightsOf } from '../../http/rights.ts';
import { assertGymWritable, listQuerySchema, listRecords, sendList } from '../../resources/engine.ts';
import {
  addFollowUp,
  callConsult,
  convertConsult,
  finishConsult,
  moveStage,
  saveSurvey,
} from './consult.commands.ts';
import { toConsult } from './consult.mappers.ts';
import {
  activeSurvey,
  assertConsultAddOn,
  consultDetail,
  consultRow,
  waitingCount,
} from './consult.queries.ts';
import { createFromKiosk, openKiosk } from './kiosk.commands.ts';
import { kioskGymOf, kioskInfo, kioskStatus } from './kiosk.queries.ts';
import { kioskStaffRoutes } from './kiosk-staff.routes.ts';
import { pipeline } from './pipeline.queries.ts';

// Consulting (docs/rules.md#consulting): read with consultUseYn, changed with consultSettingYn. The list, a
// consult's record and the survey builder need no add-on (docs/rules.md#access-table); the tablet flow and the CRM
// (pipeline, stages, follow-ups) answer 403 `consultAddOnRequired` while the CONSULT add-on is not APPROVE. The tablet's calls
// take only the `x-kiosk-token` header: no session, no other facility, nothing but its own survey and consults.
// Its staff steps (kiosk-staff.routes.ts) add a staff window that a staff member opens with their password.

type RouteApp = Parameters<FastifyPluginAsyncZod>[0];
const tags = ['consult'];

/** A consult by id, guarded in its own facility (another facility's id answers 404). */
const consultGuard = (ctx: AppContext, kit: ModuleKit) => async (request: FastifyRequest, id: number) => {
  requireMember(request);
  const row = await consultRow(ctx.db, id);
  await kit.guard(request, row.gymId);
  return row;
};

/** The list, a consult's record and its wrap-up, the survey: no add-on needed. */
const registerConsultRecordRoutes = (app: RouteApp, ctx: AppContext, kit: ModuleKit) => {
  const guarded = consultGuard(ctx, kit);

  app.get(
    consultListRoute.path,
    {
      ...kit.right('read'),
      schema: {
        tags,
        summary:
          "A facility's consultations, filtered by date, kind, status, outcome, stage, staff and source",
        params: consultListRoute.params,
        querystring: listQuerySchema(consultResource),
        response: { 200: consultListRoute.response, ...kit.reads },
      },
    },
    async (request, reply) => {
      const gymId = await kit.guard(request, request.params.gymId);
      const where = [eq(consult.gymId, gymId)];
      return sendList(
        reply,
        await listRecords(request, ctx, consultResource, {}, request.query, where, [gymId]),
      );
    },
  );

  app.get(
    consultWaitingRoute.path,
    {
      ...kit.right('read'),
      schema: {
        tags,
        summary: 'Prospects waiting at the tablet: the badge of the consult list',
        params: consultWaitingRoute.params,
        response: { 200: consultWaitingRoute.response, ...kit.reads },
      },
    },
    async (request) => {
      const gymId = await kit.guard(request, request.params.gymId);
      return { data: { count: await waitingCount(ctx.db, gymId) } };
    },
  );

  app.get(
    consultGetRoute.path,
    {
      ...kit.right('read'),
      schema: {
        tags,
        summary: 'One consultation: answers, result, consents and timeline',
        params: consultGetRoute.params,
        response: { 200: consultGetRoute.response, ...kit.reads },
      },
    },
    async (request) => {
      const row = await guarded(request, request.params.id);
      const rights = (await rightsOf(request, ctx.loadRights)).get(row.gymId);
      const mayReadHealth = rights !== undefined && hasRight(rights, 'memberSettingYn');
      return { data: await consultDetail(ctx.db, row, { mayReadHealth }) };
    },
  );
};

/** Taking a prospect, the wrap-up and the prospect's customer. */
const registerConsultWorkRoutes = (app: RouteApp, ctx: AppContext, kit: ModuleKit) => {
  const guarded = consultGuard(ctx, kit);

  app.post(
    consultCallRoute.path,
    {
      ...kit.right('change'),
      schema: {
        tags,
        summary: 'Take a waiting prospect: the tablet moves on to the result',
        params: consultCallRoute.params,
        response: { 200: consultCallRoute.response, ...kit.writes },
      },
    },
    async (request) => {
      const row = await guarded(request, request.params.id);
      const { after } = await ctx.db.transaction((tx) =>
        callConsult(tx, row.id, row.gymId, kit.actor(request)),
      );
      return { data: toConsult(after) };
    },
  );

  app.post(
    consultFinishRoute.path,
    {
      ...kit.right('change'),
      schema: {
        tags,
        summary: 'The wrap-up: registered, follow-up or lost',
        params: consultFinishRoute.params,
        body: consultFinishRoute.body,
        response: { 200: consultFinishRoute.response, ...kit.writes },
      },
    },
    async (request) => {
      const row = await guarded(request, request.params.id);
      const { after } = await ctx.db.transaction((tx) =>
        finishConsult(tx, row.id, row.gymId, request.body, kit.actor(request)),
      );
      return { data: toConsult(after) };
    },
  );

  app.post(
    consultConvertRoute.path,
    {
      ...kit.right('change'),
      schema: {
        tags,
        summary: "The prospect's customer: the one with that phone, or a new one (memberSettingYn too)",
        params: consultConvertRoute.params,
        response: { 200: consultConvertRoute.response, ...kit.writes },
      },
    },
    async (request) => {
      const row = await guarded(request, request.params.id);
      await assertGymRight(request, ctx.loadRights, row.gymId, 'memberSettingYn');
      const data = await ctx.db.transaction((tx) => convertConsult(tx, kit.actor(request), row));
      return { data };
    },
  );
};

/** The survey builder: the active survey, and saving its next version. */
const registerSurveyRoutes = (app: RouteApp, ctx: AppContext, kit: ModuleKit) => {
  app.get(
    surveyGetRoute.path,
    {
      ...kit.right('read'),
      schema: {
        tags,
        summary: "The facility's active survey",
        params: surveyGetRoute.params,
        response: { 200: surveyGetRoute.response, ...kit.reads },
      },
    },
    async (request) => {
      const gymId = await kit.guard(request, request.params.gymId);
      return { data: await activeSurvey(ctx.db, gymId) };
    },
  );

  app.post(
    surveySaveRoute.path,
    {
      ...kit.right('change'),
      schema: {
        tags,
        summary: 'Save the survey as its next version',
        params: surveySaveRoute.params,
        body: surveySaveRoute.body,
        response: { 201: surveySaveRoute.response, ...kit.writes },
      },
    },
    async (request, reply) => {
      const gymId = await kit.guard(request, request.params.gymId);
      const saved = await ctx.db.transaction((tx) => saveSurvey(tx, gymId, request.body, kit.actor(request)));
      return reply.code(201).send({ data: saved });
    },
  );
};

/** The CRM (the pipeline, its moves and follow-ups) and opening the tablet: the CONSULT add-on too. */
const registerConsultCrmRoutes = (app: RouteApp, ctx: AppContext, crm: ModuleKit) => {
  const guarded = consultGuard(ctx, crm);

  app.put(
    consultStageRoute.path,
    {
      ...crm.right('change'),
      schema: {
        tags,
        summary: 'Move a lead in the pipeline (audited)',
        params: consultStageRoute.params,
        body: consultStageRoute.body,
        response: { 200: consultStageRoute.response, ...crm.writes },
      },
    },
    async (request) => {
      const row = await guarded(request, request.params.id);
      const { after } = await ctx.db.transaction((tx) =>
        moveStage(tx, row.id, row.gymId, request.body.stage, crm.actor(request)),
      );
      return { data: toConsult(after) };
    },
  );

  app.post(
    consultFollowUpRoute.path,
    {
      ...crm.right('change'),
      schema: {
        tags,
        summary: 'Plan a follow-up',
        params: consultFollowUpRoute.params,
        body: consultFollowUpRoute.body,
        response: { 200: consultFollowUpRoute.response, ...crm.writes },
      },
    },
    async (request) => {
      const row = await guarded(request, request.params.id);
      const { after } = await ctx.db.transaction((tx) =>
        addFollowUp(tx, row.id, row.gymId, request.body, crm.actor(request)),
      );
      return { data: toConsult(after) };
    },
  );

  app.get(
    pipelineRoute.path,
    {
      ...crm.right('read'),
      schema: {
        tags,
        summary: 'The lead pipeline and the month in figures',
        params: pipelineRoute.params,
        querystring: pipelineRoute.query,
        response: { 200: pipelineRoute.response, ...crm.reads },
      },
    },
    async (request) => {
      const gymId = await crm.guard(request, request.params.gymId);
      const month = request.query.month ?? seoulToday(ctx.clock()).slice(0, 7);
      return { data: await pipeline(ctx.db, gymId, month, ctx.clock()) };
    },
  );

  app.post(
    kioskOpenRoute.path,
    {
      // Only the facility's own staff open its tablet: the operator reads, but never writes walk-ins.
      ...crm.right('change', { flag: 'consultUseYn', operatorReads: false }),
      schema: {
        tags,
        summary: "Open the tablet flow: the tablet's token",
        params: kioskOpenRoute.params,
        response: { 201: kioskOpenRoute.response, ...crm.writes },
      },
    },
    async (request, reply) => {
      const gymId = await crm.guard(request, request.params.gymId);
      return reply.code(201).send({ data: await openKiosk(ctx.db, gymId, crm.actor(request)) });
    },
  );
};

/** The tablet: its token only. */
const registerKioskRoutes = (app: RouteApp, ctx: AppContext, kit: ModuleKit) => {
  // The token is checked in onRequest, before the input is validated: a call without a good token learns
  // nothing, not even what its input should look like (401 first, as a session route does).
  const kioskGyms = new WeakMap<FastifyRequest, number>();
  const kiosk = {
    config: { kiosk: true },
    onRequest: async (request: FastifyRequest) => {
      const header = request.headers[KIOSK_HEADER];
      const gymId = await kioskGymOf(ctx.db, typeof header === 'string' ? header : undefined, ctx.clock());
      await assertConsultAddOn(ctx.db, gymId);
      kioskGyms.set(request, gymId);
    },
  };
  const kioskGym = (request: FastifyRequest) => {
    const gymId = kioskGyms.get(request);
    if (gymId === undefined) throw new Error('a kiosk route without its onRequest check');
    return gymId;
  };

  app.get(
    kioskInfoRoute.path,
    {
      ...kiosk,
      schema: {
        tags,
        summary: "The tablet: the facility's name, its active survey and its products on sale",
        response: { 200: kioskInfoRoute.response, ...kit.reads },
      },
    },
    async (request) => ({ data: await kioskInfo(ctx.db, kioskGym(request), ctx.clock()) }),
  );

  app.post(
    kioskCreateRoute.path,
    {
      ...kiosk,
      schema: {
        tags,
        summary: "The tablet: a prospect's answers and consents",
        body: kioskCreateRoute.body,
        response: { 201: kioskCreateRoute.response, ...kit.writes },
      },
    },
    async (request, reply) => {
      const gymId = kioskGym(request);
      await assertGymWritable(ctx, gymId);
      const made = await ctx.db.transaction((tx) => createFromKiosk(tx, gymId, request.body, ctx.clock()));
      return reply.code(201).send({ data: made });
    },
  );

  app.get(
    kioskStatusRoute.path,
    {
      ...kiosk,
      schema: {
        tags,
        summary: 'The tablet: its own consult, by the token it was given',
        params: kioskStatusRoute.params,
        response: { 200: kioskStatusRoute.response, ...kit.reads },
      },
    },
    async (request) => ({ data: await kioskStatus(ctx.db, kioskGym(request), request.params.token) }),
  );
};

export const consultRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const rights = { read: 'consultUseYn', change: 'consultSettingYn', operatorReads: true } as const;
  const kit = moduleKit(ctx, rights);
  const crm = moduleKit(ctx, { ...rights, addOn: (ctx, gymId) => assertConsultAddOn(ctx.db, gymId) });
  registerConsultRecordRoutes(app, ctx, kit);
  registerConsultWorkRoutes(app, ctx, kit);
  registerSurveyRoutes(app, ctx, kit);
  registerConsultCrmRoutes(app, ctx, crm);
  registerKioskRoutes(app, ctx, kit);
  // The tablet's staff steps: its token and a staff window opened with a staff member's password.
  await app.register(kioskStaffRoutes, { ctx });
};
