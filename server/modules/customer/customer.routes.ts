import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activeListRoute,
  batchCreateRoute,
  customerCreateRoute,
  customerEraseRoute,
  customerExportRoute,
  customerGetRoute,
  customerListRoute,
  customerLookupRoute,
  customerMemoCreateRoute,
  customerMemosRoute,
  customerPassesRoute,
  customerRemoveRoute,
  customerUpdateRoute,
  customerUsageRoute,
  inactiveListRoute,
  memberStopRoute,
  segmentCountsRoute,
  stopListRoute,
  willInactiveListRoute,
} from '#domain/api/customer.ts';
import type { GymRight } from '#domain/permissions.ts';
import { withoutCustomerMoney, withoutPassMoney } from '#domain/rules/money-fields.ts';
import type { CustomerSegment } from '#domain/rules/passes.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { AppContext } from '../../context.ts';
import { ticketIssue } from '../../db/schema/index.ts';
import { requireMember } from '../../http/auth.ts';
import { assertCustomerReach, assignedTrainerOf, trainerWithinReach } from '../../http/customer-reach.ts';
import { AppError, forbidden } from '../../http/errors.ts';
import { requestLanguage } from '../../http/language.ts';
import { seesMoney } from '../../http/money-rights.ts';
import { errorResponses } from '../../http/responses.ts';
import { assertGymRight } from '../../http/rights.ts';
import { actorOf } from '../../kernel/actor.ts';
import { assertGymWritable } from '../../resources/engine.ts';
import { customerPassDetails, holdPass, issueDetails, liveCustomer } from '../pass/pass.service.ts';
import {
  addMemo,
  createCustomer,
  eraseCustomer,
  exportCustomers,
  findByPhone,
  getCustomer,
  importCustomers,
  listCustomers,
  listMemos,
  listUsage,
  removeCustomer,
  segmentCounts,
  updateCustomer,
} from './customer.service.ts';

// A facility's customers (docs/rules.md#customers): read with memberUseYn, changed with memberSettingYn, erased by
// the representative. Another facility's customer answers 404; a closed facility is read-only. A set that reaches
// assigned customers only (docs/rules.md#customer-reach) lists, counts and exports those, and any other answers 404.

const READ: GymRight = 'memberUseYn';
const WRITE: GymRight = 'memberSettingYn';

const reads = errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND');
const writes = errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT');

export const customerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const guard = async (request: FastifyRequest, gymId: number, right: GymRight) => {
    requireMember(request);
    await assertGymRight(request, ctx.loadRights, gymId, right);
    if (right !== READ) await assertGymWritable(ctx, gymId);
  };
  /** The guard, then the customer within the caller's reach (404 otherwise). */
  const guardCustomer = async (request: FastifyRequest, gymId: number, right: GymRight, id: number) => {
    await guard(request, gymId, right);
    await assertCustomerReach(ctx, request, gymId, id);
  };

  const sendPage = <T>(reply: FastifyReply, page: { data: T[]; total: number; capped: boolean }) => {
    reply.header('x-total-count', String(page.total));
    if (page.capped) reply.header('x-total-count-capped', 'true');
    return { data: page.data, total: page.total };
  };

  // The SPEC's five list calls are one list: the path names the segment, `segment` refines total-list.
  type ListRoute = Pick<typeof customerListRoute, 'query' | 'response'> & { path: string };
  const lists: [ListRoute, CustomerSegment | null, string][] = [
    [customerListRoute, null, 'The customer list: one call for every segment tab (segment=)'],
    [activeListRoute, 'active', 'Customers with a pass in force today'],
    [stopListRoute, 'hold', 'Customers on hold today'],
    [
      willInactiveListRoute,
      'expiring',
      'Customers whose pass ends within `days` or has 2 sessions or fewer left',
    ],
    [inactiveListRoute, 'expired', 'Customers whose pass has ended or is used up'],
  ];
  for (const [route, segment, summary] of lists)
    app.get(
      route.path,
      {
        schema: {
          tags: ['customer'],
          summary,
          querystring: route.query,
          response: { 200: route.response, ...reads },
        },
      },
      async (request, reply) => {
        const query = request.query;
        await guard(request, query.gymId, READ);
        const money = await seesMoney(request, ctx.loadRights, query.gymId);
        // Who owes is a money field too: the unpaid tab and the sort by balance need the payment right.
        if (!money && ((segment ?? query.segment) === 'unpaid' || query._sort === 'unpaidAmount'))
          throw forbidden();
        const trainer = await assignedTrainerOf(request, ctx.loadRights, query.gymId);
        // A narrowed caller asking for a colleague's customers has none of them to see.
        if (trainer !== null && query.trainerMemberId && query.trainerMemberId !== trainer)
          return sendPage(reply, { data: [], total: 0, capped: false });
        const page = await listCustomers(
          ctx.db,
          { ...query, segment: segment ?? query.segment, trainerMemberId: trainer ?? query.trainerMemberId },
          ctx.clock(),
        );
        if (money) return sendPage(reply, page);
        return sendPage(reply, { ...page, data: page.data.map(withoutCustomerMoney) });
      },
    );

  app.get(
    segmentCountsRoute.path,
    {
      schema: {
        tags: ['customer'],
        summary: "Every segment tab's count, in one statement",
        querystring: segmentCountsRoute.query,
        response: { 200: segmentCountsRoute.response, ...reads },
      },
    },
    async (request) => {
      const { gymId } = request.query;
      await guard(request, gymId, READ);
      const trainer = await assignedTrainerOf(request, ctx.loadRights, gymId);
      const counts = await segmentCounts(ctx.db, gymId, request.query.days, ctx.clock(), trainer);
      if (await seesMoney(request, ctx.loadRights, request.query.gymId)) return { data: counts };
      return { data: { ...counts, counts: { ...counts.counts, unpaid: 0 }, moneyHidden: true } };
    },
  );

  app.get(
    customerExportRoute.path,
    {
      schema: {
        tags: ['customer'],
        summary: 'A CSV of a segment or of the selected customers (written to the audit log)',
        querystring: customerExportRoute.query,
        produces: ['text/csv'],
        response: { 200: customerExportRoute.response, ...reads },
      },
    },
    async (request, reply) => {
      const { gymId, ids, ...rest } = request.query;
      await guard(request, gymId, READ);
      const money = await seesMoney(request, ctx.loadRights, gymId);
      if (!money && rest.segment === 'unpaid') throw forbidden();
      const trainer = await assignedTrainerOf(request, ctx.loadRights, gymId);
      const csv = await ctx.db.transaction((tx) =>
        exportCustomers(
          tx,
          actorOf(request, ctx.clock),
          {
            gymId,
            ...rest,
            ids: ids ? ids.split(',').map(Number).slice(0, 1000) : undefined,
            trainerMemberId: trainer ?? undefined,
          },
          requestLanguage(request),
          money,
        ),
      );
      const name = `customers-${seoulToday(ctx.clock())}.csv`;
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="${name}"`);
      return csv;
    },
  );

  app.get(
    customerLookupRoute.path,
    {
      schema: {
        tags: ['customer'],
        summary: 'The customer with this phone, if any',
        querystring: customerLookupRoute.query,
        response: { 200: customerLookupRoute.response, ...reads },
      },
    },
    async (request) => {
      const { gymId, phone } = request.query;
      await guard(request, gymId, READ);
      const trainer = await assignedTrainerOf(request, ctx.loadRights, gymId);
      return { data: await findByPhone(ctx.db, gymId, phone, ctx.clock(), trainer) };
    },
  );

  app.post(
    customerCreateRoute.path,
    {
      schema: {
        tags: ['customer'],
        summary: 'Register a customer (409 duplicatePhone names the existing one in details.existingId)',
        querystring: customerCreateRoute.query,
        body: customerCreateRoute.body,
        response: { 201: customerCreateRoute.response, ...writes },
      },
    },
    async (request, reply) => {
      const { gymId } = request.query;
      await guard(request, gymId, WRITE);
      // A narrowed caller's new customer is assigned to them, so it stays within their reach.
      const trainerMemberId = await trainerWithinReach(
        request,
        ctx.loadRights,
        gymId,
        request.body.trainerMemberId,
      );
      const data = await ctx.db.transaction((tx) =>
        createCustomer(tx, actorOf(request, ctx.clock), gymId, { ...request.body, trainerMemberId }),
      );
      return reply.status(201).send({ data });
    },
  );

  app.get(
    customerGetRoute.path,
    {
      schema: {
        tags: ['customer'],
        summary: 'One customer, with the whole phone number',
        params: customerGetRoute.params,
        querystring: customerGetRoute.query,
        response: { 200: customerGetRoute.response, ...reads },
      },
    },
    async (request) => {
      const { gymId } = request.query;
      await guardCustomer(request, gymId, READ, request.params.id);
      const data = await getCustomer(ctx.db, gymId, request.params.id, ctx.clock());
      return { data: (await seesMoney(request, ctx.loadRights, gymId)) ? data : withoutCustomerMoney(data) };
    },
  );

  app.put(
    customerUpdateRoute.path,
    {
      schema: {
        tags: ['customer'],
        summary: "Edit a customer's profile",
        params: customerUpdateRoute.params,
        querystring: customerUpdateRoute.query,
        body: customerUpdateRoute.body,
        response: { 200: customerUpdateRoute.response, ...writes },
      },
    },
    async (request) => {
      const { gymId } = request.query;
      await guardCustomer(request, gymId, WRITE, request.params.id);
      const patch =
        request.body.trainerMemberId === undefined
          ? request.body
          : {
              ...request.body,
              trainerMemberId: await trainerWithinReach(
                request,
                ctx.loadRights,
                gymId,
                request.body.trainerMemberId,
              ),
            };
      const data = await ctx.db.transaction((tx) =>
        updateCustomer(tx, actorOf(request, ctx.clock), gymId, request.params.id, patch),
      );
      return { data };
    },
  );

  app.post(
    batchCreateRoute.path,
    {
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags: ['customer'],
        summary: 'Import customers: a dry run answers per row; the import adds all valid rows or none',
        querystring: batchCreateRoute.query,
        body: batchCreateRoute.body,
        response: { 200: batchCreateRoute.response, ...writes },
      },
    },
    async (request) => {
      const { gymId, dryRun } = request.query;
      await guard(request, gymId, dryRun ? READ : WRITE);
      // An import matches phones across the whole facility: a narrowed set does not import.
      if ((await assignedTrainerOf(request, ctx.loadRights, gymId)) !== null) throw forbidden();
      const data = await ctx.db.transaction((tx) =>
        importCustomers(tx, actorOf(request, ctx.clock), gymId, request.body.rows, dryRun),
      );
      return { data };
    },
  );

  app.post(
    memberStopRoute.path,
    {
      schema: {
        tags: ['customer'],
        summary: "Hold every pass of the customer in force (each product's limits apply)",
        params: memberStopRoute.params,
        body: memberStopRoute.body,
        response: { 200: memberStopRoute.response, ...writes },
      },
    },
    async (request) => {
      const { gymId, ...hold } = request.body;
      const memberId = request.params.memberId;
      await guardCustomer(request, gymId, WRITE, memberId);
      const actor = actorOf(request, ctx.clock);
      const today = seoulToday(actor.now);
      await ctx.db.transaction(async (tx) => {
        await liveCustomer(tx, gymId, memberId);
        const passes = await tx
          .select({ id: ticketIssue.id })
          .from(ticketIssue)
          .where(
            and(
              eq(ticketIssue.gymId, gymId),
              eq(ticketIssue.memberId, memberId),
              eq(ticketIssue.status, 'FIN'),
              sql`(${ticketIssue.endDate} is null or ${ticketIssue.endDate} >= ${today})`,
            ),
          );
        if (passes.length === 0) throw new AppError('CONFLICT', 'noCurrentPass');
        for (const pass of passes) await holdPass(tx, actor, pass.id, hold);
      });
      const data = await issueDetails(ctx.db, { gymId, memberId }, ctx.clock());
      return { data: (await seesMoney(request, ctx.loadRights, gymId)) ? data : data.map(withoutPassMoney) };
    },
  );

  app.delete(
    customerRemoveRoute.path,
    {
      schema: {
        tags: ['customer'],
        summary: 'Remove the customer from the facility (history kept)',
        params: customerRemoveRoute.params,
        querystring: customerRemoveRoute.query,
        response: { 200: customerRemoveRoute.response, ...writes },
      },
    },
    async (request) => {
      const { gymId } = request.query;
      await guardCustomer(request, gymId, WRITE, request.params.id);
      const data = await ctx.db.transaction((tx) =>
        removeCustomer(tx, actorOf(request, ctx.clock), gymId, request.params.id),
      );
      return { data };
    },
  );

  app.delete(
    customerEraseRoute.path,
    {
      schema: {
        tags: ['customer'],
        summary: "Erase the customer's personal data on request (representative; money rows kept)",
        params: customerEraseRoute.params,
        querystring: customerEraseRoute.query,
        body: customerEraseRoute.body,
        response: { 200: customerEraseRoute.response, ...writes },
      },
    },
    async (request) => {
      const { gymId } = request.query;
      await guard(request, gymId, 'represent');
      const data = await ctx.db.transaction((tx) =>
        eraseCustomer(tx, actorOf(request, ctx.clock), gymId, request.params.id, request.body.confirmName),
      );
      return { data };
    },
  );

  app.get(
    customerPassesRoute.path,
    {
      schema: {
        tags: ['customer'],
        summary: "A customer's passes, whole, newest first",
        params: customerPassesRoute.params,
        querystring: customerPassesRoute.query,
        response: { 200: customerPassesRoute.response, ...reads },
      },
    },
    async (request) => {
      const { gymId } = request.query;
      await guardCustomer(request, gymId, READ, request.params.id);
      const data = await customerPassDetails(ctx.db, gymId, request.params.id, ctx.clock());
      if (data.length === 0) await getCustomer(ctx.db, gymId, request.params.id, ctx.clock());
      // The customer page's payments are the payment right's (docs/rules.md#access-table).
      return { data: (await seesMoney(request, ctx.loadRights, gymId)) ? data : data.map(withoutPassMoney) };
    },
  );

  app.get(
    customerMemosRoute.path,
    {
      schema: {
        tags: ['customer'],
        summary: "The customer's memo timeline",
        params: customerMemosRoute.params,
        querystring: customerMemosRoute.query,
        response: { 200: customerMemosRoute.response, ...reads },
      },
    },
    async (request) => {
      await guardCustomer(request, request.query.gymId, READ, request.params.id);
      return { data: await listMemos(ctx.db, request.query.gymId, request.params.id) };
    },
  );

  app.post(
    customerMemoCreateRoute.path,
    {
      schema: {
        tags: ['customer'],
        summary: 'Add a memo to the timeline',
        params: customerMemoCreateRoute.params,
        querystring: customerMemoCreateRoute.query,
        body: customerMemoCreateRoute.body,
        response: { 201: customerMemoCreateRoute.response, ...writes },
      },
    },
    async (request, reply) => {
      const { gymId } = request.query;
      await guardCustomer(request, gymId, WRITE, request.params.id);
      const data = await ctx.db.transaction((tx) =>
        addMemo(tx, actorOf(request, ctx.clock), gymId, request.params.id, request.body.content),
      );
      return reply.status(201).send({ data });
    },
  );

  app.get(
    customerUsageRoute.path,
    {
      schema: {
        tags: ['customer'],
        summary: "The usage ledger across the customer's passes",
        params: customerUsageRoute.params,
        querystring: customerUsageRoute.query,
        response: { 200: customerUsageRoute.response, ...reads },
      },
    },
    async (request) => {
      await guardCustomer(request, request.query.gymId, READ, request.params.id);
      return { data: await listUsage(ctx.db, request.query.gymId, request.params.id) };
    },
  );
};
