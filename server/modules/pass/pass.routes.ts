import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adjustRoute,
  collectRoute,
  endHoldRoute,
  holdRoute,
  passPromotionsRoute,
  refundPreviewRoute,
  refundRoute,
  sellRoute,
  ticketIssueGetRoute,
  ticketIssueListRoute,
  transferRoute,
} from '#domain/api/pass.ts';
import type { GymRight } from '#domain/permissions.ts';
import { withoutPassMoney } from '#domain/rules/money-fields.ts';
import type { AppContext } from '../../context.ts';
import { requireMember } from '../../http/auth.ts';
import { assertCustomerReach, assertPassReach, assignedTrainerOf } from '../../http/customer-reach.ts';
import { seesMoney } from '../../http/money-rights.ts';
import { errorResponses } from '../../http/responses.ts';
import { assertGymRight } from '../../http/rights.ts';
import { actorOf } from '../../kernel/actor.ts';
import { assertGymWritable } from '../../resources/engine.ts';
import { passPromotions } from '../product/sale-promotion.ts';
import {
  collectPayment,
  consumeSessions,
  endHold,
  gymIdOfIssue,
  holdPass,
  issueDetail,
  issueRow,
  listIssues,
  previewRefund,
  refundPass,
  sellPass,
  transferPass,
} from './pass.service.ts';

// Sold passes and their actions (docs/rules.md#passes): read with memberUseYn, changed with memberSettingYn. A
// pass of another facility answers 404, as if it did not exist.

const READ: GymRight = 'memberUseYn';
const WRITE: GymRight = 'memberSettingYn';
// Taking or giving back money is the money rights' as well (docs/rules.md#permissions): selling, a transfer's fee
// and collecting need payHistorySettingYn, a refund the finance right; reading a refund's figures payHistoryUseYn.
const SELL: GymRight = 'payHistorySettingYn';
const REFUND: GymRight = 'financeUseYn';
const MONEY_READ: GymRight = 'payHistoryUseYn';
const reads = errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND');
const writes = errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT');

export const passRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const guard = async (request: FastifyRequest, gymId: number, right: GymRight) => {
    requireMember(request);
    await assertGymRight(request, ctx.loadRights, gymId, right);
    if (right !== READ) await assertGymWritable(ctx, gymId);
  };
  /**
   * The pass's facility, then the caller's right in it (404 before 403, as everywhere), then the pass's customer
   * within the caller's reach (docs/rules.md#customer-reach). Answers the facility.
   */
  const guardIssue = async (request: FastifyRequest, id: number, right: GymRight) => {
    requireMember(request);
    const gymId = await gymIdOfIssue(ctx.db, id);
    await guard(request, gymId, right);
    await assertPassReach(ctx, request, gymId, id);
    return gymId;
  };

  app.get(
    ticketIssueListRoute.path,
    {
      schema: {
        tags: ['ticket-issue'],
        summary: "A facility's sold passes, with filters (status WAIT = on hold today)",
        params: ticketIssueListRoute.params,
        querystring: ticketIssueListRoute.query,
        response: { 200: ticketIssueListRoute.response, ...reads },
      },
    },
    async (request, reply) => {
      const { gymId } = request.params;
      await guard(request, gymId, READ);
      const trainer = await assignedTrainerOf(request, ctx.loadRights, gymId);
      const page = await listIssues(ctx.db, gymId, request.query, ctx.clock(), trainer);
      reply.header('x-total-count', String(page.total));
      if (page.capped) reply.header('x-total-count-capped', 'true');
      const money = await seesMoney(request, ctx.loadRights, request.params.gymId);
      return { data: money ? page.data : page.data.map(withoutPassMoney), total: page.total };
    },
  );

  app.get(
    ticketIssueGetRoute.path,
    {
      schema: {
        tags: ['ticket-issue'],
        summary: 'One sold pass, whole',
        params: ticketIssueGetRoute.params,
        response: { 200: ticketIssueGetRoute.response, ...reads },
      },
    },
    async (request) => {
      await guardIssue(request, request.params.id, READ);
      const data = await issueDetail(ctx.db, request.params.id, ctx.clock());
      // The pass's payment lines are the payment right's (docs/rules.md#access-table).
      return { data: (await seesMoney(request, ctx.loadRights, data.gymId)) ? data : withoutPassMoney(data) };
    },
  );

  app.get(
    passPromotionsRoute.path,
    {
      schema: {
        tags: ['ticket-issue'],
        summary:
          "The promotions running today on pass products, with the customer's uses (for the sale's choice)",
        params: passPromotionsRoute.params,
        querystring: passPromotionsRoute.query,
        response: { 200: passPromotionsRoute.response, ...writes },
      },
    },
    async (request) => {
      // Whoever may sell a pass sees what it may be sold with (docs/rules.md#promotions).
      await guard(request, request.params.gymId, WRITE);
      await assertGymRight(request, ctx.loadRights, request.params.gymId, SELL);
      if (request.query.memberId)
        await assertCustomerReach(ctx, request, request.params.gymId, request.query.memberId);
      return {
        data: await passPromotions(ctx.db, request.params.gymId, request.query.memberId, ctx.clock()),
      };
    },
  );

  app.post(
    sellRoute.path,
    {
      schema: {
        tags: ['ticket-issue'],
        summary: 'Sell a pass: the pass, the sale, its payment lines and the audit row in one transaction',
        body: sellRoute.body,
        response: { 201: sellRoute.response, ...writes },
      },
    },
    async (request, reply) => {
      await guard(request, request.body.gymId, WRITE);
      await assertGymRight(request, ctx.loadRights, request.body.gymId, SELL);
      await assertCustomerReach(ctx, request, request.body.gymId, request.body.memberId);
      const id = await ctx.db.transaction((tx) => sellPass(tx, actorOf(request, ctx.clock), request.body));
      return reply.status(201).send({ data: await issueDetail(ctx.db, id, ctx.clock()) });
    },
  );

  const actions = [
    [
      holdRoute,
      'Hold the pass (the product limits apply; the end date moves later)',
      (tx, actor, id, body) => holdPass(tx, actor, id, body),
      null,
    ],
    [
      endHoldRoute,
      'End the current or coming hold early',
      (tx, actor, id, body) => endHold(tx, actor, id, body.on),
      null,
    ],
    [
      transferRoute,
      'Transfer the pass to another customer of the facility',
      (tx, actor, id, body) => transferPass(tx, actor, id, body),
      SELL,
    ],
    [
      adjustRoute,
      'Use or give back sessions by hand (a note is required)',
      (tx, actor, id, body) =>
        consumeSessions(tx, actor, id, { sessions: body.sessions, note: body.note, kind: 'ADJUST' }),
      null,
    ],
    [
      collectRoute,
      'Collect the unpaid balance (payment lines)',
      (tx, actor, id, body) => collectPayment(tx, actor, id, body.payments),
      SELL,
    ],
    [
      refundRoute,
      'Refund at most what the formula allows',
      (tx, actor, id, body) => refundPass(tx, actor, id, body),
      REFUND,
    ],
  ] as const satisfies readonly (readonly [
    { path: string; params: unknown; body: unknown; response: unknown },
    string,
    // biome-ignore lint/suspicious/noExplicitAny: each action's body is typed by its own route contract below.
    (tx: any, actor: any, id: number, body: any) => Promise<void>,
    GymRight | null,
  ])[];

  for (const [route, summary, run, money] of actions)
    app.post(
      route.path,
      {
        schema: {
          tags: ['ticket-issue'],
          summary,
          params: route.params,
          body: route.body,
          response: { 200: route.response, ...writes },
        },
      },
      async (request) => {
        const id = (request.params as { id: number }).id;
        const gymId = await guardIssue(request, id, WRITE);
        if (money) await assertGymRight(request, ctx.loadRights, gymId, money);
        // A transfer's receiver must be within the caller's reach as well.
        const to = (request.body as { toMemberId?: number }).toMemberId;
        if (route === transferRoute && to) await assertCustomerReach(ctx, request, gymId, to);
        await ctx.db.transaction((tx) => run(tx, actorOf(request, ctx.clock), id, request.body as never));
        const data = await issueDetail(ctx.db, id, ctx.clock());
        return {
          data: (await seesMoney(request, ctx.loadRights, data.gymId)) ? data : withoutPassMoney(data),
        };
      },
    );

  app.get(
    refundPreviewRoute.path,
    {
      schema: {
        tags: ['ticket-issue'],
        summary: 'The refund the formula allows today, each line shown (the refund uses the same function)',
        params: refundPreviewRoute.params,
        querystring: refundPreviewRoute.query,
        response: { 200: refundPreviewRoute.response, ...writes },
      },
    },
    async (request) => {
      const id = request.params.id;
      const gymId = await guardIssue(request, id, READ);
      await assertGymRight(request, ctx.loadRights, gymId, MONEY_READ);
      const now = ctx.clock();
      return { data: await previewRefund(ctx.db, await issueRow(ctx.db, id), request.query.fault, now) };
    },
  );
};
