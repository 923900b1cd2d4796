import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { KIOSK_HEADER } from '#domain/api/consult.ts';
import {
  KIOSK_STAFF_HEADER,
  kioskCloseRoute,
  kioskStaffCallRoute,
  kioskStaffConsultRoute,
  kioskStaffCustomerRoute,
  kioskStaffEndRoute,
  kioskStaffFinishRoute,
  kioskStaffOpenRoute,
  kioskStaffPromotionsRoute,
  kioskStaffSellRoute,
} from '#domain/api/consult-kiosk.ts';
import { type GymRight, hasRight } from '#domain/permissions.ts';
import type { AppContext } from '../../context.ts';
import type { ConsultKioskRow } from '../../db/schema/index.ts';
import { AppError, notFound, unauthenticated } from '../../http/errors.ts';
import { errorResponses } from '../../http/responses.ts';
import type { Actor } from '../../kernel/actor.ts';
import { assertGymWritable } from '../../resources/engine.ts';
import { staffSignIn } from '../auth/staff-sign-in.ts';
import { sellPass } from '../pass/pass.commands.ts';
import { passPromotions } from '../product/sale-promotion.queries.ts';
import { callConsult, convertConsult, finishConsult } from './consult.commands.ts';
import { toConsult } from './consult.mappers.ts';
import { assertConsultAddOn, consultRow, customerOfConsult } from './consult.queries.ts';
import { refused } from './consult.refusals.ts';
import { kioskOf } from './kiosk.queries.ts';
import { closeKiosk, endStaffWindow, openStaffWindow } from './kiosk-staff.commands.ts';
import { staffMember, staffOfWindow, wrapUpView } from './kiosk-staff.queries.ts';

// The consulting tablet's staff steps (docs/rules.md#consulting). The tablet holds its token and nothing else; a
// staff step also needs a staff window, which a staff member opens at the tablet with their sign-in id and
// password (the sign-in's throttle and answers). Every step checks that staff member's rights in the tablet's
// facility again and writes its audit rows in their name. A session cookie sent along is ignored: nothing here
// reads `request.member`.

const READ: GymRight = 'consultUseYn';
const WRITE: GymRight = 'consultSettingYn';
const SELL: GymRight = 'memberSettingYn';
// The sale itself takes payments: the right to sell and collect as well (docs/rules.md#permissions).
const PAY: GymRight = 'payHistorySettingYn';

const tags = ['consult'];
const answers = errorResponses(
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
);

const headerOf = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

/** The tablet's checks: its token, its staff window, the staff member acting and a consult of its facility. */
const kioskSteps = (ctx: AppContext) => {
  // The tokens are checked in onRequest, before the input is validated: a call without them learns nothing, not
  // even what its input should look like.
  const tablets = new WeakMap<FastifyRequest, ConsultKioskRow>();
  const windows = new WeakMap<FastifyRequest, number>();
  const tablet = async (request: FastifyRequest) => {
    const row = await kioskOf(ctx.db, headerOf(request, KIOSK_HEADER), ctx.clock());
    await assertConsultAddOn(ctx.db, row.gymId);
    tablets.set(request, row);
  };
  const staffWindow = async (request: FastifyRequest) => {
    windows.set(
      request,
      staffOfWindow(tabletOf(request), headerOf(request, KIOSK_STAFF_HEADER), ctx.clock()),
    );
  };
  const tabletOnly = { config: { kiosk: true }, onRequest: tablet };
  const staffStep = { config: { kiosk: true }, onRequest: [tablet, staffWindow] };
  const tabletOf = (request: FastifyRequest) => {
    const row = tablets.get(request);
    if (!row) throw new Error('a tablet route without its onRequest check');
    return row;
  };

  /** A staff member's sign-in at the tablet, with their rights in the tablet's facility. */
  const signIn = (request: FastifyRequest, userId: string, password: string) =>
    staffSignIn(ctx, request, tabletOf(request).gymId, userId, password);

  /**
   * The staff member of the window, acting now: still an account that can sign in, still holding the consulting
   * right in the facility (403 `kioskStaffForbidden` once it is gone) and every right this step needs (403
   * `kioskStepForbidden`).
   */
  const acting = async (request: FastifyRequest, ...needs: GymRight[]) => {
    const kiosk = tabletOf(request);
    const memberId = windows.get(request);
    if (memberId === undefined) throw new Error('a staff step without its onRequest check');
    const account = await staffMember(ctx.db, memberId);
    if (!account || account.status === 'QUIT') throw unauthenticated('kioskStaffRequired');
    const rights = (await ctx.loadRights(memberId)).get(kiosk.gymId);
    if (!rights || !hasRight(rights, READ)) throw new AppError('FORBIDDEN', 'kioskStaffForbidden');
    if (needs.some((right) => !hasRight(rights, right)))
      throw new AppError('FORBIDDEN', 'kioskStepForbidden');
    if (needs.length > 0) await assertGymWritable(ctx, kiosk.gymId);
    return { memberId, gymId: kiosk.gymId, requestId: request.id, now: ctx.clock() };
  };

  /** A consult of the tablet's facility; another facility's id answers 404, as one that does not exist. */
  const consultOf = async (request: FastifyRequest, id: number) => {
    const row = await consultRow(ctx.db, id);
    if (row.gymId !== tabletOf(request).gymId) throw notFound();
    return row;
  };

  return { tabletOnly, staffStep, tabletOf, signIn, acting, consultOf };
};

/** Opening, ending and closing: a staff member's sign-in at the tablet. */
const registerStaffWindowRoutes = (app: RouteApp, ctx: AppContext, steps: ReturnType<typeof kioskSteps>) => {
  const { tabletOnly, tabletOf, signIn } = steps;
  app.post(
    kioskStaffOpenRoute.path,
    {
      ...tabletOnly,
      schema: {
        tags,
        summary: "The tablet: a staff member's sign-in id and password open a staff window of 10 minutes",
        description:
          "The staff member needs consultUseYn in the tablet's facility (403 `kioskStaffForbidden`). The answer " +
          'says what they may do: the wrap-up (consultSettingYn) and the customer and sale (memberSettingYn too).',
        body: kioskStaffOpenRoute.body,
        response: { 201: kioskStaffOpenRoute.response, ...answers },
      },
    },
    async (request, reply) => {
      const kiosk = tabletOf(request);
      const who = await signIn(request, request.body.userId, request.body.password);
      if (!who.rights || !hasRight(who.rights, READ)) throw new AppError('FORBIDDEN', 'kioskStaffForbidden');
      const actor = { memberId: who.memberId, requestId: request.id, now: ctx.clock() };
      const opened = await ctx.db.transaction((tx) => openStaffWindow(tx, actor, kiosk));
      return reply.code(201).send({
        data: {
          ...opened,
          memberId: who.memberId,
          name: who.name,
          mayWrapUp: hasRight(who.rights, WRITE),
          maySell: hasRight(who.rights, WRITE) && hasRight(who.rights, SELL) && hasRight(who.rights, PAY),
        },
      });
    },
  );

  app.delete(
    kioskStaffEndRoute.path,
    {
      ...tabletOnly,
      schema: {
        tags,
        summary: "The tablet: the staff member is done; the window's token reaches nothing after",
        response: { 204: kioskStaffEndRoute.response, ...answers },
      },
    },
    async (request, reply) => {
      await endStaffWindow(ctx.db, tabletOf(request).id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    kioskCloseRoute.path,
    {
      ...tabletOnly,
      schema: {
        tags,
        summary:
          "The tablet: a staff member's sign-in id and password close it; its token reaches nothing after",
        body: kioskCloseRoute.body,
        response: { 204: kioskCloseRoute.response, ...answers },
      },
    },
    async (request, reply) => {
      const kiosk = tabletOf(request);
      const who = await signIn(request, request.body.userId, request.body.password);
      if (!who.rights || !hasRight(who.rights, READ)) throw new AppError('FORBIDDEN', 'kioskCloseForbidden');
      const actor: Actor = { memberId: who.memberId, requestId: request.id, now: ctx.clock() };
      await ctx.db.transaction((tx) => closeKiosk(tx, actor, kiosk));
      return reply.code(204).send(null);
    },
  );
};

/** The staff steps: the staff window too, and each step's rights in the tablet's facility. */
const registerStaffStepRoutes = (app: RouteApp, ctx: AppContext, steps: ReturnType<typeof kioskSteps>) => {
  const { staffStep, acting, consultOf } = steps;

  app.get(
    kioskStaffConsultRoute.path,
    {
      ...staffStep,
      schema: {
        tags,
        summary:
          "The tablet's staff window: one consult for the wrap-up, the facility's staff and its products",
        params: kioskStaffConsultRoute.params,
        response: { 200: kioskStaffConsultRoute.response, ...answers },
      },
    },
    async (request) => {
      await acting(request);
      const row = await consultOf(request, request.params.id);
      return { data: await wrapUpView(ctx.db, row, ctx.clock()) };
    },
  );

  app.post(
    kioskStaffCallRoute.path,
    {
      ...staffStep,
      schema: {
        tags,
        summary: "The tablet's staff window: take the waiting prospect (their result shows on the tablet)",
        params: kioskStaffCallRoute.params,
        response: { 200: kioskStaffCallRoute.response, ...answers },
      },
    },
    async (request) => {
      const who = await acting(request, WRITE);
      const row = await consultOf(request, request.params.id);
      const { after } = await ctx.db.transaction((tx) => callConsult(tx, row.id, row.gymId, who));
      return { data: toConsult(after) };
    },
  );

  app.post(
    kioskStaffFinishRoute.path,
    {
      ...staffStep,
      schema: {
        tags,
        summary:
          "The tablet's staff window: the wrap-up (registered, follow-up or lost), audited in their name",
        params: kioskStaffFinishRoute.params,
        body: kioskStaffFinishRoute.body,
        response: { 200: kioskStaffFinishRoute.response, ...answers },
      },
    },
    async (request) => {
      const who = await acting(request, WRITE);
      const row = await consultOf(request, request.params.id);
      // Audited in the staff member's name.
      const { after } = await ctx.db.transaction((tx) =>
        finishConsult(tx, row.id, row.gymId, request.body, who),
      );
      return { data: toConsult(after) };
    },
  );
};

/** The sale at the tablet: the prospect's customer, the promotions and the pass sold. */
const registerStaffSaleRoutes = (app: RouteApp, ctx: AppContext, steps: ReturnType<typeof kioskSteps>) => {
  const { staffStep, acting, consultOf } = steps;

  app.post(
    kioskStaffCustomerRoute.path,
    {
      ...staffStep,
      schema: {
        tags,
        summary: "The tablet's staff window: the prospect's customer, the one with that phone or a new one",
        params: kioskStaffCustomerRoute.params,
        response: { 200: kioskStaffCustomerRoute.response, ...answers },
      },
    },
    async (request) => {
      const who = await acting(request, WRITE, SELL);
      const row = await consultOf(request, request.params.id);
      // A new customer is audited in the staff member's name.
      const data = await ctx.db.transaction((tx) => convertConsult(tx, who, row));
      return { data };
    },
  );

  app.get(
    kioskStaffPromotionsRoute.path,
    {
      ...staffStep,
      schema: {
        tags,
        summary: "The tablet's staff window: the promotions the sale may apply, with the customer's uses",
        params: kioskStaffPromotionsRoute.params,
        response: { 200: kioskStaffPromotionsRoute.response, ...answers },
      },
    },
    async (request) => {
      await acting(request, SELL, PAY);
      const row = await consultOf(request, request.params.id);
      const customerId = row.customerId ?? (await customerOfConsult(ctx.db, row))?.customerId ?? null;
      return { data: await passPromotions(ctx.db, row.gymId, customerId, ctx.clock()) };
    },
  );

  app.post(
    kioskStaffSellRoute.path,
    {
      ...staffStep,
      schema: {
        tags,
        summary: "The tablet's staff window: sell a pass to the consult's customer, and no one else",
        description:
          "The buyer is the customer the consult registered, or the facility's customer with its phone (409 " +
          "`kioskConsultNoCustomer` before there is one). The sale is the customer page's (docs/rules.md#passes).",
        params: kioskStaffSellRoute.params,
        body: kioskStaffSellRoute.body,
        response: { 201: kioskStaffSellRoute.response, ...answers },
      },
    },
    async (request, reply) => {
      const who = await acting(request, WRITE, SELL, PAY);
      const row = await consultOf(request, request.params.id);
      const data = await ctx.db.transaction(async (tx) => {
        const customerId = row.customerId ?? (await customerOfConsult(tx, row))?.customerId;
        if (!customerId) throw refused('kioskConsultNoCustomer');
        const issueId = await sellPass(tx, who, { ...request.body, gymId: row.gymId, memberId: customerId });
        return { issueId, customerId };
      });
      return reply.code(201).send({ data });
    },
  );
};

export const kioskStaffRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const steps = kioskSteps(ctx);
  registerStaffWindowRoutes(app, ctx, steps);
  registerStaffStepRoutes(app, ctx, steps);
  registerStaffSaleRoutes(app, ctx, steps);
};
