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
import { type GymRight, hasRight } from '#domain/permissions.ts';
import { consultResource } from '#domain/resources/index.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { AppContext } from '../../context.ts';
import { consult } from '../../db/schema/index.ts';
import { requireMember } from '../../http/auth.ts';
import { errorResponses } from '../../http/responses.ts';
import { assertGymRight, rightsOf } from '../../http/rights.ts';
import { type Actor, actorOf } from '../../kernel/actor.ts';
import { recordAudit } from '../../kernel/audit.ts';
import { assertGymWritable, listQuerySchema, listRecords, sendList } from '../../resources/engine.ts';
import { createCustomer } from '../customer/customer.service.ts';
import {
  activeSurvey,
  addFollowUp,
  assertConsultAddOn,
  callConsult,
  consultDetail,
  consultRow,
  createFromKiosk,
  customerOfConsult,
  finishConsult,
  kioskGymOf,
  kioskInfo,
  kioskStatus,
  moveStage,
  openKiosk,
  pipeline,
  saveSurvey,
  toConsult,
  waitingCount,
} from './consult.service.ts';
import { kioskStaffRoutes } from './kiosk-staff.routes.ts';

// Consulting (docs/rules.md#consulting): read with consultUseYn, changed with consultSettingYn. The list, a
// consult's record and the survey builder need no add-on (docs/rules.md#access-table); the tablet flow and the CRM
// (pipeline, stages, follow-ups) answer 403 `consultAddOnRequired` while the CONSULT add-on is not APPROVE. The tablet's calls
// take only the `x-kiosk-token` header: no session, no other facility, nothing but its own survey and consults.
// Its staff steps (kiosk-staff.routes.ts) add a staff window that a staff member opens with their password.

const READ: GymRight = 'consultUseYn';
const WRITE: GymRight = 'consultSettingYn';

const reads = errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND');
const writes = errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT');
const tags = ['consult'];

export const consultRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  /** The right in the facility, then (the tablet flow and the CRM) the add-on; a write also needs it open. */
  const guard = async (
    request: FastifyRequest,
    gymId: number,
    right: GymRight,
    operatorReads = true,
    addOn = false,
  ) => {
    requireMember(request);
    await assertGymRight(request, ctx.loadRights, gymId, right, {
      superadmin: operatorReads && right === READ,
    });
    if (addOn) await assertConsultAddOn(ctx.db, gymId);
    if (right !== READ) await assertGymWritable(ctx, gymId);
  };

  /** A consult by id, guarded in its own facility (another facility's id answers 404). */
  const guarded = async (request: FastifyRequest, id: number, right: GymRight, addOn = false) => {
    requireMember(request);
    const row = await consultRow(ctx.db, id);
    await guard(request, row.gymId, right, true, addOn);
    return row;
  };

  app.get(
    consultListRoute.path,
    {
      schema: {
        tags,
        summary:
          "A facility's consultations, filtered by date, kind, status, outcome, stage, staff and source",
        params: consultListRoute.params,
        querystring: listQuerySchema(consultResource),
        response: { 200: consultListRoute.response, ...reads },
      },
    },
    async (request, reply) => {
      const { gymId } = request.params;
      await guard(request, gymId, READ);
      return sendList(
        reply,
        await listRecords(
          request,
          ctx,
          consultResource,
          {},
          request.query,
          [eq(consult.gymId, gymId)],
          [gymId],
        ),
      );
    },
  );

  app.get(
    consultWaitingRoute.path,
    {
      schema: {
        tags,
        summary: 'Prospects waiting at the tablet: the badge of the consult list',
        params: consultWaitingRoute.params,
        response: { 200: consultWaitingRoute.response, ...reads },
      },
    },
    async (request) => {
      await guard(request, request.params.gymId, READ);
      return { data: { count: await waitingCount(ctx.db, request.params.gymId) } };
    },
  );

  app.get(
    consultGetRoute.path,
    {
      schema: {
        tags,
        summary: 'One consultation: answers, result, consents and timeline',
        params: consultGetRoute.params,
        response: { 200: consultGetRoute.response, ...reads },
      },
    },
    async (request) => {
      const row = await guarded(request, request.params.id, READ);
      const rights = (await rightsOf(request, ctx.loadRights)).get(row.gymId);
      const mayReadHealth = rights !== undefined && hasRight(rights, 'memberSettingYn');
      return { data: await consultDetail(ctx.db, row, { mayReadHealth }) };
    },
  );

  app.post(
    consultCallRoute.path,
    {
      schema: {
        tags,
        summary: 'Take a waiting prospect: the tablet moves on to the result',
        params: consultCallRoute.params,
        response: { 200: consultCallRoute.response, ...writes },
      },
    },
    async (request) => {
      const row = await guarded(request, request.params.id, WRITE);
      const { after } = await ctx.db.transaction((tx) =>
        callConsult(tx, row.id, row.gymId, actorOf(request, ctx.clock)),
      );
      return { data: toConsult(after) };
    },
  );

  app.post(
    consultFinishRoute.path,
    {
      schema: {
        tags,
        summary: 'The wrap-up: registered, follow-up or lost',
        params: consultFinishRoute.params,
        body: consultFinishRoute.body,
        response: { 200: consultFinishRoute.response, ...writes },
      },
    },
    async (request) => {
      const row = await guarded(request, request.params.id, WRITE);
      const { after } = await ctx.db.transaction(async (tx) => {
        const done = await finishConsult(tx, row.id, row.gymId, request.body, actorOf(request, ctx.clock));
        await recordAudit(tx, request, ctx, {
          gymId: row.gymId,
          action: 'consult.finish',
          entity: 'consult',
          entityId: row.id,
          before: { outcome: done.before.outcome, stage: done.before.stage },
          after: { outcome: done.after.outcome, stage: done.after.stage, lostReason: done.after.lostReason },
        });
        return done;
      });
      return { data: toConsult(after) };
    },
  );

  app.post(
    consultConvertRoute.path,
    {
      schema: {
        tags,
        summary: "The prospect's customer: the one with that phone, or a new one (memberSettingYn too)",
        params: consultConvertRoute.params,
        response: { 200: consultConvertRoute.response, ...writes },
      },
    },
    async (request) => {
      const row = await guarded(request, request.params.id, WRITE);
      await assertGymRight(request, ctx.loadRights, row.gymId, 'memberSettingYn');
      const data = await ctx.db.transaction(async (tx) => {
        const found = await customerOfConsult(tx, row);
        if (found) return found;
        const created = await createCustomer(
          tx,
          { memberId: request.member?.id ?? null, requestId: request.id, now: ctx.clock() },
          row.gymId,
          {
            name: row.name,
            phone: row.phone,
            gender: 'NONE',
            leadSource: 'CONSULT',
            memo: row.content,
          },
        );
        // createCustomer records its own audit entry.
        return { customerId: created.id, created: true };
      });
      return { data };
    },
  );

  app.put(
    consultStageRoute.path,
    {
      schema: {
        tags,
        summary: 'Move a lead in the pipeline (audited)',
        params: consultStageRoute.params,
        body: consultStageRoute.body,
        response: { 200: consultStageRoute.response, ...writes },
      },
    },
    async (request) => {
      const row = await guarded(request, request.params.id, WRITE, true);
      const { after } = await ctx.db.transaction(async (tx) => {
        const moved = await moveStage(tx, row.id, row.gymId, request.body.stage, actorOf(request, ctx.clock));
        await recordAudit(tx, request, ctx, {
          gymId: row.gymId,
          action: 'consult.stage',
          entity: 'consult',
          entityId: row.id,
          before: { stage: moved.before.stage },
          after: { stage: moved.after.stage },
        });
        return moved;
      });
      return { data: toConsult(after) };
    },
  );

  app.post(
    consultFollowUpRoute.path,
    {
      schema: {
        tags,
        summary: 'Plan a follow-up',
        params: consultFollowUpRoute.params,
        body: consultFollowUpRoute.body,
        response: { 200: consultFollowUpRoute.response, ...writes },
      },
    },
    async (request) => {
      const row = await guarded(request, request.params.id, WRITE, true);
      const { after } = await ctx.db.transaction((tx) =>
        addFollowUp(tx, row.id, row.gymId, request.body, actorOf(request, ctx.clock)),
      );
      return { data: toConsult(after) };
    },
  );

  app.get(
    surveyGetRoute.path,
    {
      schema: {
        tags,
        summary: "The facility's active survey",
        params: surveyGetRoute.params,
        response: { 200: surveyGetRoute.response, ...reads },
      },
    },
    async (request) => {
      await guard(request, request.params.gymId, READ);
      return { data: await activeSurvey(ctx.db, request.params.gymId) };
    },
  );

  app.post(
    surveySaveRoute.path,
    {
      schema: {
        tags,
        summary: 'Save the survey as its next version',
        params: surveySaveRoute.params,
        body: surveySaveRoute.body,
        response: { 201: surveySaveRoute.response, ...writes },
      },
    },
    async (request, reply) => {
      const { gymId } = request.params;
      await guard(request, gymId, WRITE);
      const saved = await ctx.db.transaction(async (tx) => {
        const survey = await saveSurvey(tx, gymId, request.body, actorOf(request, ctx.clock));
        await recordAudit(tx, request, ctx, {
          gymId,
          action: 'consult.survey',
          entity: 'consult-survey',
          entityId: survey.id,
          after: { version: survey.version, questions: survey.definition.questions.length },
        });
        return survey;
      });
      return reply.code(201).send({ data: saved });
    },
  );

  app.get(
    pipelineRoute.path,
    {
      schema: {
        tags,
        summary: 'The lead pipeline and the month in figures',
        params: pipelineRoute.params,
        querystring: pipelineRoute.query,
        response: { 200: pipelineRoute.response, ...reads },
      },
    },
    async (request) => {
      const { gymId } = request.params;
      await guard(request, gymId, READ, true, true);
      const month = request.query.month ?? seoulToday(ctx.clock()).slice(0, 7);
      return { data: await pipeline(ctx.db, gymId, month, ctx.clock()) };
    },
  );

  app.post(
    kioskOpenRoute.path,
    {
      schema: {
        tags,
        summary: "Open the tablet flow: the tablet's token",
        params: kioskOpenRoute.params,
        response: { 201: kioskOpenRoute.response, ...writes },
      },
    },
    async (request, reply) => {
      const { gymId } = request.params;
      // Only the facility's own staff open its tablet: the operator reads, but never writes walk-ins.
      await guard(request, gymId, READ, false, true);
      await assertGymWritable(ctx, gymId);
      return reply.code(201).send({ data: await openKiosk(ctx.db, gymId, actorOf(request, ctx.clock)) });
    },
  );

  // ---- The tablet: the token only ----

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
        response: { 200: kioskInfoRoute.response, ...reads },
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
        response: { 201: kioskCreateRoute.response, ...writes },
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
        response: { 200: kioskStatusRoute.response, ...reads },
      },
    },
    async (request) => ({ data: await kioskStatus(ctx.db, kioskGym(request), request.params.token) }),
  );

  // The tablet's staff steps: its token and a staff window opened with a staff member's password.
  await app.register(kioskStaffRoutes, { ctx });
};
