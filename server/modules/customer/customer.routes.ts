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
import { withoutCustomerMoney, withoutPassMoney } from '#domain/rules/money-fields.ts';
import type { CustomerSegment } from '#domain/rules/passes.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { AppContext } from '../../context.ts';
import { assertCustomerReach, assignedTrainerOf, trainerWithinReach } from '../../http/customer-reach.ts';
import { forbidden } from '../../http/errors.ts';
import { requestLanguage } from '../../http/language.ts';
import { type ModuleKit, moduleKit } from '../../http/module.ts';
import { seesMoney } from '../../http/money-rights.ts';
import { customerPassDetails, issueDetails } from '../pass/pass.queries.ts';
import {
  addMemo,
  createCustomer,
  eraseCustomer,
  exportCustomers,
  holdCustomer,
  removeCustomer,
  updateCustomer,
} from './customer.commands.ts';
import {
  findByPhone,
  getCustomer,
  listCustomers,
  listMemos,
  listUsage,
  segmentCounts,
} from './customer.queries.ts';
import { importCustomers } from './customer-import.commands.ts';

// A facility's customers (docs/rules.md#customers): read with memberUseYn, changed with memberSettingYn, erased by
// the representative. Another facility's customer answers 404; a closed facility is read-only. A set that reaches
// assigned customers only (docs/rules.md#customer-reach) lists, counts and exports those, and any other answers 404.

type RouteApp = Parameters<FastifyPluginAsyncZod>[0];
const tags = ['customer'];

const sendPage = <T>(reply: FastifyReply, page: { data: T[]; total: number; capped: boolean }) => {
  reply.header('x-total-count', String(page.total));
  if (page.capped) reply.header('x-total-count-capped', 'true');
  return { data: page.data, total: page.total };
};

/** The guard, then the customer within the caller's reach (404 otherwise). */
const customerGuard =
  (ctx: AppContext, kit: ModuleKit) => async (request: FastifyRequest, gymId: number, id: number) => {
    await kit.guard(request, gymId);
    await assertCustomerReach(ctx, request, gymId, id);
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

const registerCustomerListRoutes = (app: RouteApp, ctx: AppContext, kit: ModuleKit) => {
  for (const [route, segment, summary] of lists)
    app.get(
      route.path,
      {
        ...kit.right('read'),
        schema: { tags, summary, querystring: route.query, response: { 200: route.response, ...kit.reads } },
      },
      async (request, reply) => {
        const query = request.query;
        await kit.guard(request, query.gymId);
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
      ...kit.right('read'),
      schema: {
        tags,
        summary: "Every segment tab's count, in one statement",
        querystring: segmentCountsRoute.query,
        response: { 200: segmentCountsRoute.response, ...kit.reads },
      },
    },
    async (request) => {
      const { gymId } = request.query;
      await kit.guard(request, gymId);
      const trainer = await assignedTrainerOf(request, ctx.loadRights, gymId);
      const counts = await segmentCounts(ctx.db, gymId, request.query.days, ctx.clock(), trainer);
      if (await seesMoney(request, ctx.loadRights, request.query.gymId)) return { data: counts };
      return { data: { ...counts, counts: { ...counts.counts, unpaid: 0 }, moneyHidden: true } };
    },
  );

  app.get(
    customerExportRoute.path,
    {
      ...kit.right('read'),
      schema: {
        tags,
        summary: 'A CSV of a segment or of the selected customers (written to the audit log)',
        querystring: customerExportRoute.query,
        produces: ['text/csv'],
        response: { 200: customerExportRoute.response, ...kit.reads },
      },
    },
    async (request, reply) => {
      const { gymId, ids, ...rest } = request.query;
      await kit.guard(request, gymId);
      const money = await seesMoney(request, ctx.loadRights, gymId);
      if (!money && rest.segment === 'unpaid') throw forbidden();
      const trainer = await assignedTrainerOf(request, ctx.loadRights, gymId);
      const input = {
        gymId,
        ...rest,
        ids: ids ? ids.split(',').map(Number).slice(0, 1000) : undefined,
        trainerMemberId: trainer ?? undefined,
      };
      const csv = await ctx.db.transaction((tx) =>
        exportCustomers(tx, kit.actor(request), input, requestLanguage(request), money),
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
      ...kit.right('read'),
      schema: {
        tags,
        summary: 'The customer with this phone, if any',
        querystring: customerLookupRoute.query,
        response: { 200: customerLookupRoute.response, ...kit.reads },
      },
    },
    async (request) => {
      const { gymId, phone } = request.query;
      await kit.guard(request, gymId);
      const trainer = await assignedTrainerOf(request, ctx.loadRights, gymId);
      return { data: await findByPhone(ctx.db, gymId, phone, ctx.clock(), trainer) };
    },
  );
};

const registerCustomerRecordRoutes = (app: RouteApp, ctx: AppContext, kit: ModuleKit) => {
  const guardCustomer = customerGuard(ctx, kit);

  app.post(
    customerCreateRoute.path,
    {
      ...kit.right('change'),
      schema: {
        tags,
        summary: 'Register a customer (409 duplicatePhone names the existing one in details.existingId)',
        querystring: customerCreateRoute.query,
        body: customerCreateRoute.body,
        response: { 201: customerCreateRoute.response, ...kit.writes },
      },
    },
    async (request, reply) => {
      const gymId = await kit.guard(request, request.query.gymId);
      // A narrowed caller's new customer is assigned to them, so it stays within their reach.
      const trainerMemberId = await trainerWithinReach(
        request,
        ctx.loadRights,
        gymId,
        request.body.trainerMemberId,
      );
      const data = await ctx.db.transaction((tx) =>
        createCustomer(tx, kit.actor(request), gymId, { ...request.body, trainerMemberId }),
      );
      return reply.status(201).send({ data });
    },
  );

  app.get(
    customerGetRoute.path,
    {
      ...kit.right('read'),
      schema: {
        tags,
        summary: 'One customer, with the whole phone number',
        params: customerGetRoute.params,
        querystring: customerGetRoute.query,
        response: { 200: customerGetRoute.response, ...kit.reads },
      },
    },
    async (request) => {
      const { gymId } = request.query;
      await guardCustomer(request, gymId, request.params.id);
      const data = await getCustomer(ctx.db, gymId, request.params.id, ctx.clock());
      return { data: (await seesMoney(request, ctx.loadRights, gymId)) ? data : withoutCustomerMoney(data) };
    },
  );

  app.put(
    customerUpdateRoute.path,
    {
      ...kit.right('change'),
      schema: {
        tags,
        summary: "Edit a customer's profile",
        params: customerUpdateRoute.params,
        querystring: customerUpdateRoute.query,
        body: customerUpdateRoute.body,
        response: { 200: customerUpdateRoute.response, ...kit.writes },
      },
    },
    async (request) => {
      const { gymId } = request.query;
      await guardCustomer(request, gymId, request.params.id);
      const { trainerMemberId } = request.body;
      const patch =
        trainerMemberId === undefined
          ? request.body
          : {
              ...request.body,
              trainerMemberId: await trainerWithinReach(request, ctx.loadRights, gymId, trainerMemberId),
            };
      const data = await ctx.db.transaction((tx) =>
        updateCustomer(tx, kit.actor(request), gymId, request.params.id, patch),
      );
      return { data };
    },
  );
};

/** The facility's book of customers: importing, removing one, erasing one's personal data. */
const registerCustomerBookRoutes = (app: RouteApp, ctx: AppContext, kit: ModuleKit) => {
  const guardCustomer = customerGuard(ctx, kit);

  // A dry run reads; the import itself changes.
  const dryRunRight = kit.right('read').config.right;
  app.post(
    batchCreateRoute.path,
    {
      ...kit.right('change'),
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Import customers: a dry run answers per row; the import adds all valid rows or none',
        querystring: batchCreateRoute.query,
        body: batchCreateRoute.body,
        response: { 200: batchCreateRoute.response, ...kit.writes },
      },
    },
    async (request) => {
      const { gymId, dryRun } = request.query;
      await kit.guard(request, gymId, dryRun ? dryRunRight : undefined);
      // An import matches phones across the whole facility: a narrowed set does not import.
      if ((await assignedTrainerOf(request, ctx.loadRights, gymId)) !== null) throw forbidden();
      const data = await ctx.db.transaction((tx) =>
        importCustomers(tx, kit.actor(request), gymId, request.body.rows, dryRun),
      );
      return { data };
    },
  );

  app.delete(
    customerRemoveRoute.path,
    {
      ...kit.right('change'),
      schema: {
        tags,
        summary: 'Remove the customer from the facility (history kept)',
        params: customerRemoveRoute.params,
        querystring: customerRemoveRoute.query,
        response: { 200: customerRemoveRoute.response, ...kit.writes },
      },
    },
    async (request) => {
      const { gymId } = request.query;
      await guardCustomer(request, gymId, request.params.id);
      const data = await ctx.db.transaction((tx) =>
        removeCustomer(tx, kit.actor(request), gymId, request.params.id),
      );
      return { data };
    },
  );

  app.delete(
    customerEraseRoute.path,
    {
      ...kit.right('change', { flag: 'represent' }),
      schema: {
        tags,
        summary: "Erase the customer's personal data on request (representative; money rows kept)",
        params: customerEraseRoute.params,
        querystring: customerEraseRoute.query,
        body: customerEraseRoute.body,
        response: { 200: customerEraseRoute.response, ...kit.writes },
      },
    },
    async (request) => {
      const gymId = await kit.guard(request, request.query.gymId);
      const { id } = request.params;
      const data = await ctx.db.transaction((tx) =>
        eraseCustomer(tx, kit.actor(request), gymId, id, request.body.confirmName),
      );
      return { data };
    },
  );
};

const registerCustomerTimelineRoutes = (app: RouteApp, ctx: AppContext, kit: ModuleKit) => {
  const guardCustomer = customerGuard(ctx, kit);

  app.post(
    memberStopRoute.path,
    {
      ...kit.right('change'),
      schema: {
        tags,
        summary: "Hold every pass of the customer in force (each product's limits apply)",
        params: memberStopRoute.params,
        body: memberStopRoute.body,
        response: { 200: memberStopRoute.response, ...kit.writes },
      },
    },
    async (request) => {
      const { gymId, ...hold } = request.body;
      const memberId = request.params.memberId;
      await guardCustomer(request, gymId, memberId);
      await ctx.db.transaction((tx) => holdCustomer(tx, kit.actor(request), gymId, memberId, hold));
      const data = await issueDetails(ctx.db, { gymId, memberId }, ctx.clock());
      return { data: (await seesMoney(request, ctx.loadRights, gymId)) ? data : data.map(withoutPassMoney) };
    },
  );

  app.get(
    customerPassesRoute.path,
    {
      ...kit.right('read'),
      schema: {
        tags,
        summary: "A customer's passes, whole, newest first",
        params: customerPassesRoute.params,
        querystring: customerPassesRoute.query,
        response: { 200: customerPassesRoute.response, ...kit.reads },
      },
    },
    async (request) => {
      const { gymId } = request.query;
      await guardCustomer(request, gymId, request.params.id);
      const data = await customerPassDetails(ctx.db, gymId, request.params.id, ctx.clock());
      if (data.length === 0) await getCustomer(ctx.db, gymId, request.params.id, ctx.clock());
      // The customer page's payments are the payment right's (docs/rules.md#access-table).
      return { data: (await seesMoney(request, ctx.loadRights, gymId)) ? data : data.map(withoutPassMoney) };
    },
  );

  app.get(
    customerMemosRoute.path,
    {
      ...kit.right('read'),
      schema: {
        tags,
        summary: "The customer's memo timeline",
        params: customerMemosRoute.params,
        querystring: customerMemosRoute.query,
        response: { 200: customerMemosRoute.response, ...kit.reads },
      },
    },
    async (request) => {
      await guardCustomer(request, request.query.gymId, request.params.id);
      return { data: await listMemos(ctx.db, request.query.gymId, request.params.id) };
    },
  );

  app.post(
    customerMemoCreateRoute.path,
    {
      ...kit.right('change'),
      schema: {
        tags,
        summary: 'Add a memo to the timeline',
        params: customerMemoCreateRoute.params,
        querystring: customerMemoCreateRoute.query,
        body: customerMemoCreateRoute.body,
        response: { 201: customerMemoCreateRoute.response, ...kit.writes },
      },
    },
    async (request, reply) => {
      const { gymId } = request.query;
      await guardCustomer(request, gymId, request.params.id);
      const data = await ctx.db.transaction((tx) =>
        addMemo(tx, kit.actor(request), gymId, request.params.id, request.body.content),
      );
      return reply.status(201).send({ data });
    },
  );

  app.get(
    customerUsageRoute.path,
    {
      ...kit.right('read'),
      schema: {
        tags,
        summary: "The usage ledger across the customer's passes",
        params: customerUsageRoute.params,
        querystring: customerUsageRoute.query,
        response: { 200: customerUsageRoute.response, ...kit.reads },
      },
    },
    async (request) => {
      await guardCustomer(request, request.query.gymId, request.params.id);
      return { data: await listUsage(ctx.db, request.query.gymId, request.params.id) };
    },
  );
};

export const customerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const kit = moduleKit(ctx, { read: 'memberUseYn', change: 'memberSettingYn' });
  registerCustomerListRoutes(app, ctx, kit);
  registerCustomerRecordRoutes(app, ctx, kit);
  registerCustomerBookRoutes(app, ctx, kit);
  registerCustomerTimelineRoutes(app, ctx, kit);
};
