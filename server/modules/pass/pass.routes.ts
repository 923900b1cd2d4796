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
import { assertCustomerReach, assertPassReach, assignedTrainerOf } from '../../http/customer-reach.ts';
import { type ModuleApp, type ModuleKit, moduleKit } from '../../http/module.ts';
import { seesMoney } from '../../http/money-rights.ts';
import { assertGymRight } from '../../http/rights.ts';
import { passPromotions } from '../product/sale-promotion.queries.ts';
import { endHold, holdPass } from './hold.commands.ts';
import { collectPayment, consumeSessions, sellPass, transferPass } from './pass.commands.ts';
import { gymIdOfIssue, issueDetail, issueRow, listIssues, previewRefund } from './pass.queries.ts';
import { refundPass } from './refund.commands.ts';

// Sold passes and their actions (docs/rules.md#passes): read with memberUseYn, changed with memberSettingYn. A
// pass of another facility answers 404, as if it did not exist.

// Taking or giving back money is the money rights' as well (docs/rules.md#permissions): selling, a transfer's fee
// and collecting need payHistorySettingYn, a refund the finance right; reading a refund's figures payHistoryUseYn.
const SELL: GymRight = 'payHistorySettingYn';
const REFUND: GymRight = 'financeUseYn';
const MONEY_READ: GymRight = 'payHistoryUseYn';
const tags = ['ticket-issue'];

/** The routes' shared steps: a pass's guard and a whole pass as the caller may see it. */
const passSteps = (ctx: AppContext, kit: ModuleKit) => {
  const byIssue = kit.guardBy(gymIdOfIssue);
  return {
    /**
     * The pass's facility, then the caller's right in it (404 before 403, as everywhere), then the pass's customer
     * within the caller's reach (docs/rules.md#customer-reach), then the money right an action needs. Answers the
     * facility.
     */
    guardIssue: async (request: FastifyRequest, id: number, money: GymRight | null = null) => {
      const gymId = await byIssue(request, id);
      await assertPassReach(ctx, request, gymId, id);
      if (money) await assertGymRight(request, ctx.loadRights, gymId, money);
      return gymId;
    },
    /** The pass after an action; its payment lines are the payment right's (docs/rules.md#access-table). */
    passAfter: async (request: FastifyRequest, id: number) => {
      const data = await issueDetail(ctx.db, id, ctx.clock());
      return { data: (await seesMoney(request, ctx.loadRights, data.gymId)) ? data : withoutPassMoney(data) };
    },
  };
};

const registerPassReadRoutes = (app: ModuleApp, ctx: AppContext, kit: ModuleKit) => {
  const { guardIssue, passAfter } = passSteps(ctx, kit);

  app.get(
    ticketIssueListRoute.path,
    {
      ...kit.right('read'),
      schema: {
        tags,
        summary: "A facility's sold passes, with filters (status WAIT = on hold today)",
        params: ticketIssueListRoute.params,
        querystring: ticketIssueListRoute.query,
        response: { 200: ticketIssueListRoute.response, ...kit.reads },
      },
    },
    async (request, reply) => {
      const gymId = await kit.guard(request, request.params.gymId);
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
      ...kit.right('read'),
      schema: {
        tags,
        summary: 'One sold pass, whole',
        params: ticketIssueGetRoute.params,
        response: { 200: ticketIssueGetRoute.response, ...kit.reads },
      },
    },
    async (request) => {
      await guardIssue(request, request.params.id);
      return passAfter(request, request.params.id);
    },
  );

  app.get(
    refundPreviewRoute.path,
    {
      ...kit.right('read'),
      schema: {
        tags,
        summary: 'The refund the formula allows today, each line shown (the refund uses the same function)',
        params: refundPreviewRoute.params,
        querystring: refundPreviewRoute.query,
        response: { 200: refundPreviewRoute.response, ...kit.writes },
      },
    },
    async (request) => {
      const id = request.params.id;
      await guardIssue(request, id, MONEY_READ);
      const now = ctx.clock();
      return { data: await previewRefund(ctx.db, await issueRow(ctx.db, id), request.query.fault, now) };
    },
  );
};

const registerPassSaleRoutes = (app: ModuleApp, ctx: AppContext, kit: ModuleKit) => {
  app.get(
    passPromotionsRoute.path,
    {
      ...kit.right('change'),
      schema: {
        tags,
        summary:
          "The promotions running today on pass products, with the customer's uses (for the sale's choice)",
        params: passPromotionsRoute.params,
        querystring: passPromotionsRoute.query,
        response: { 200: passPromotionsRoute.response, ...kit.writes },
      },
    },
    async (request) => {
      // Whoever may sell a pass sees what it may be sold with (docs/rules.md#promotions).
      const gymId = await kit.guard(request, request.params.gymId);
      await assertGymRight(request, ctx.loadRights, gymId, SELL);
      if (request.query.memberId) await assertCustomerReach(ctx, request, gymId, request.query.memberId);
      return { data: await passPromotions(ctx.db, gymId, request.query.memberId, ctx.clock()) };
    },
  );

  app.post(
    sellRoute.path,
    {
      ...kit.right('change'),
      schema: {
        tags,
        summary: 'Sell a pass: the pass, the sale, its payment lines and the audit row in one transaction',
        body: sellRoute.body,
        response: { 201: sellRoute.response, ...kit.writes },
      },
    },
    async (request, reply) => {
      const gymId = await kit.guard(request, request.body.gymId);
      await assertGymRight(request, ctx.loadRights, gymId, SELL);
      await assertCustomerReach(ctx, request, gymId, request.body.memberId);
      const id = await ctx.db.transaction((tx) => sellPass(tx, kit.actor(request), request.body));
      return reply.status(201).send({ data: await issueDetail(ctx.db, id, ctx.clock()) });
    },
  );
};

/** Holds and sessions: the pass's own right. */
const registerPassUseRoutes = (app: ModuleApp, ctx: AppContext, kit: ModuleKit) => {
  const { guardIssue, passAfter } = passSteps(ctx, kit);

  app.post(
    holdRoute.path,
    {
      ...kit.right('change'),
      schema: {
        tags,
        summary: 'Hold the pass (the product limits apply; the end date moves later)',
        params: holdRoute.params,
        body: holdRoute.body,
        response: { 200: holdRoute.response, ...kit.writes },
      },
    },
    async (request) => {
      const id = request.params.id;
      await guardIssue(request, id);
      await ctx.db.transaction((tx) => holdPass(tx, kit.actor(request), id, request.body));
      return passAfter(request, id);
    },
  );

  app.post(
    endHoldRoute.path,
    {
      ...kit.right('change'),
      schema: {
        tags,
        summary: 'End the current or coming hold early',
        params: endHoldRoute.params,
        body: endHoldRoute.body,
        response: { 200: endHoldRoute.response, ...kit.writes },
      },
    },
    async (request) => {
      const id = request.params.id;
      await guardIssue(request, id);
      await ctx.db.transaction((tx) => endHold(tx, kit.actor(request), id, request.body.on));
      return passAfter(request, id);
    },
  );

  app.post(
    adjustRoute.path,
    {
      ...kit.right('change'),
      schema: {
        tags,
        summary: 'Use or give back sessions by hand (a note is required)',
        params: adjustRoute.params,
        body: adjustRoute.body,
        response: { 200: adjustRoute.response, ...kit.writes },
      },
    },
    async (request) => {
      const id = request.params.id;
      await guardIssue(request, id);
      const { sessions, note } = request.body;
      await ctx.db.transaction((tx) =>
        consumeSessions(tx, kit.actor(request), id, { sessions, note, kind: 'ADJUST' }),
      );
      return passAfter(request, id);
    },
  );
};

/** Transfers, collecting and refunds: the pass's right and a money right. */
const registerPassMoneyRoutes = (app: ModuleApp, ctx: AppContext, kit: ModuleKit) => {
  const { guardIssue, passAfter } = passSteps(ctx, kit);

  app.post(
    transferRoute.path,
    {
      ...kit.right('change'),
      schema: {
        tags,
        summary: 'Transfer the pass to another customer of the facility',
        params: transferRoute.params,
        body: transferRoute.body,
        response: { 200: transferRoute.response, ...kit.writes },
      },
    },
    async (request) => {
      const id = request.params.id;
      const gymId = await guardIssue(request, id, SELL);
      // A transfer's receiver must be within the caller's reach as well.
      if (request.body.toMemberId) await assertCustomerReach(ctx, request, gymId, request.body.toMemberId);
      await ctx.db.transaction((tx) => transferPass(tx, kit.actor(request), id, request.body));
      return passAfter(request, id);
    },
  );

  app.post(
    collectRoute.path,
    {
      ...kit.right('change'),
      schema: {
        tags,
        summary: 'Collect the unpaid balance (payment lines)',
        params: collectRoute.params,
        body: collectRoute.body,
        response: { 200: collectRoute.response, ...kit.writes },
      },
    },
    async (request) => {
      const id = request.params.id;
      await guardIssue(request, id, SELL);
      await ctx.db.transaction((tx) => collectPayment(tx, kit.actor(request), id, request.body.payments));
      return passAfter(request, id);
    },
  );

  app.post(
    refundRoute.path,
    {
      ...kit.right('change'),
      schema: {
        tags,
        summary: 'Refund at most what the formula allows',
        params: refundRoute.params,
        body: refundRoute.body,
        response: { 200: refundRoute.response, ...kit.writes },
      },
    },
    async (request) => {
      const id = request.params.id;
      await guardIssue(request, id, REFUND);
      await ctx.db.transaction((tx) => refundPass(tx, kit.actor(request), id, request.body));
      return passAfter(request, id);
    },
  );
};

export const passRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const kit = moduleKit(ctx, { read: 'memberUseYn', change: 'memberSettingYn' });
  registerPassReadRoutes(app, ctx, kit);
  registerPassSaleRoutes(app, ctx, kit);
  registerPassUseRoutes(app, ctx, kit);
  registerPassMoneyRoutes(app, ctx, kit);
};
