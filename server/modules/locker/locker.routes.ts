import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  lockerBankCreateRoute,
  lockerBankDeleteRoute,
  lockerBankUpdateRoute,
  lockerEndRoute,
  lockerMapRoute,
  lockerMoveRoute,
  lockerRenewRoute,
  lockerRentalGetRoute,
  lockerRentalListRoute,
  lockerRentRoute,
  lockerRoomCreateRoute,
  lockerRoomDeleteRoute,
  lockerRoomUpdateRoute,
  lockerUpdateRoute,
} from '#domain/api/locker.ts';
import type { GymRight } from '#domain/permissions.ts';
import type { AppContext } from '../../context.ts';
import { moduleKit } from '../../http/module.ts';
import { assertGymRight } from '../../http/rights.ts';
import {
  createBank,
  createRoom,
  deleteBank,
  deleteRoom,
  updateBank,
  updateLocker,
  updateRoom,
} from './locker.commands.ts';
import { bankRecord, roomRecord } from './locker.mappers.ts';
import { assertLockerAddOn, listRentals, lockerMap, lockerTile, rentalRecord } from './locker.queries.ts';
import { endRental, inRentalTransaction, moveRental, renewRental, rentLocker } from './rental.commands.ts';

// Lockers (docs/rules.md#lockers): every call needs the facility's LOCKER add-on in APPROVE; staff read with
// memberUseYn and change with memberSettingYn. The facility is the path's or the `gymId` of the query or body;
// a room, bank, locker or rental of another facility answers 404, as if it did not exist.

// A rental is a sale: renting and renewing take payments, and ending gives a deposit back, so those need the right to
// sell and collect as well (docs/rules.md#permissions).
const PAY: GymRight = 'payHistorySettingYn';

/** The right first (404 without a link, 403 without the flag), then the add-on, then a closed facility. */
const lockerKit = (ctx: AppContext) => ({
  ...moduleKit(ctx, {
    read: 'memberUseYn',
    change: 'memberSettingYn',
    addOn: (context, gymId) => assertLockerAddOn(context.db, gymId),
  }),
  /** The right to sell and collect, after the route's own checks. */
  guardPay: (request: FastifyRequest, gymId: number) => assertGymRight(request, ctx.loadRights, gymId, PAY),
  tags: ['locker'],
});

type LockerKit = ReturnType<typeof lockerKit>;
type LockerApp = Parameters<FastifyPluginAsyncZod>[0];

/** The map and the rooms. */
const registerRoomRoutes = (app: LockerApp, ctx: AppContext, kit: LockerKit) => {
  const { right, guard, actor, reads, writes, tags } = kit;

  app.get(
    lockerMapRoute.path,
    {
      ...right('read'),
      schema: {
        tags,
        summary: "The facility's locker map: rooms, banks, every locker with its state, and the counts",
        params: lockerMapRoute.params,
        response: { 200: lockerMapRoute.response, ...reads },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.params.gymId);
      return { data: await lockerMap(ctx.db, gymId, ctx.clock()) };
    },
  );

  app.post(
    lockerRoomCreateRoute.path,
    {
      ...right('change'),
      schema: {
        tags,
        summary: 'Create a locker room',
        body: lockerRoomCreateRoute.body,
        response: { 201: lockerRoomCreateRoute.response, ...writes },
      },
    },
    async (request, reply) => {
      const { gymId, ...body } = request.body;
      await guard(request, gymId);
      const room = await ctx.db.transaction((tx) => createRoom(tx, actor(request), gymId, body));
      return reply.status(201).send({ data: roomRecord(room) });
    },
  );

  app.put(
    lockerRoomUpdateRoute.path,
    {
      ...right('change'),
      schema: {
        tags,
        summary: 'Rename or reorder a locker room',
        params: lockerRoomUpdateRoute.params,
        querystring: lockerRoomUpdateRoute.query,
        body: lockerRoomUpdateRoute.body,
        response: { 200: lockerRoomUpdateRoute.response, ...writes },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.query.gymId);
      const room = await ctx.db.transaction((tx) =>
        updateRoom(tx, actor(request), gymId, request.params.id, request.body),
      );
      return { data: roomRecord(room) };
    },
  );

  app.delete(
    lockerRoomDeleteRoute.path,
    {
      ...right('change'),
      schema: {
        tags,
        summary:
          'Remove a room with its banks and lockers (409 roomInUse once any of its lockers was rented)',
        params: lockerRoomDeleteRoute.params,
        querystring: lockerRoomDeleteRoute.query,
        response: { 204: lockerRoomDeleteRoute.response, ...writes },
      },
    },
    async (request, reply) => {
      const gymId = await guard(request, request.query.gymId);
      await ctx.db.transaction((tx) => deleteRoom(tx, actor(request), gymId, request.params.id));
      return reply.status(204).send(null);
    },
  );
};

/** The banks and a locker's own state. */
const registerBankRoutes = (app: LockerApp, ctx: AppContext, kit: LockerKit) => {
  const { right, guard, actor, writes, tags } = kit;

  app.post(
    lockerBankCreateRoute.path,
    {
      ...right('change'),
      schema: {
        tags,
        summary: 'Create a bank and its lockers, numbered row by row (409 lockerLabelTaken on a label clash)',
        body: lockerBankCreateRoute.body,
        response: { 201: lockerBankCreateRoute.response, ...writes },
      },
    },
    async (request, reply) => {
      const { gymId, ...body } = request.body;
      await guard(request, gymId);
      const bank = await ctx.db.transaction((tx) => createBank(tx, actor(request), gymId, body));
      return reply.status(201).send({ data: bankRecord(bank) });
    },
  );

  app.put(
    lockerBankUpdateRoute.path,
    {
      ...right('change'),
      schema: {
        tags,
        summary: 'Change a bank; a new shape or numbering rebuilds its lockers (409 bankInUse once rented)',
        params: lockerBankUpdateRoute.params,
        querystring: lockerBankUpdateRoute.query,
        body: lockerBankUpdateRoute.body,
        response: { 200: lockerBankUpdateRoute.response, ...writes },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.query.gymId);
      const bank = await ctx.db.transaction((tx) =>
        updateBank(tx, actor(request), gymId, request.params.id, request.body),
      );
      return { data: bankRecord(bank) };
    },
  );

  app.delete(
    lockerBankDeleteRoute.path,
    {
      ...right('change'),
      schema: {
        tags,
        summary: 'Remove a bank and its lockers (409 bankInUse once any of them was rented)',
        params: lockerBankDeleteRoute.params,
        querystring: lockerBankDeleteRoute.query,
        response: { 204: lockerBankDeleteRoute.response, ...writes },
      },
    },
    async (request, reply) => {
      const gymId = await guard(request, request.query.gymId);
      await ctx.db.transaction((tx) => deleteBank(tx, actor(request), gymId, request.params.id));
      return reply.status(204).send(null);
    },
  );

  app.put(
    lockerUpdateRoute.path,
    {
      ...right('change'),
      schema: {
        tags,
        summary: "A locker's size, or out of order (a rented locker stays rented)",
        params: lockerUpdateRoute.params,
        querystring: lockerUpdateRoute.query,
        body: lockerUpdateRoute.body,
        response: { 200: lockerUpdateRoute.response, ...writes },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.query.gymId);
      await ctx.db.transaction((tx) =>
        updateLocker(tx, actor(request), gymId, request.params.id, request.body),
      );
      return { data: await lockerTile(ctx.db, gymId, request.params.id, ctx.clock()) };
    },
  );
};

/** Renting, and the rentals' lists. */
const registerRentalRoutes = (app: LockerApp, ctx: AppContext, kit: LockerKit) => {
  const { right, guard, guardPay, actor: actorOf, reads, writes, tags } = kit;

  app.post(
    lockerRentRoute.path,
    {
      ...right('change'),
      schema: {
        tags,
        summary:
          'Rent a locker: the sale of fee + deposit, its payments and the rental; the combination once',
        body: lockerRentRoute.body,
        response: { 201: lockerRentRoute.response, ...writes },
      },
    },
    async (request, reply) => {
      await guard(request, request.body.gymId);
      await guardPay(request, request.body.gymId);
      const actor = actorOf(request);
      const rented = await inRentalTransaction(
        ctx.db,
        (tx) => rentLocker(tx, actor, request.body),
        request.body.lockerId,
      );
      const rental = await rentalRecord(ctx.db, request.body.gymId, rented.id, actor.now);
      return reply.status(201).send({ data: { rental, combination: rented.combination } });
    },
  );

  app.get(
    lockerRentalListRoute.path,
    {
      ...right('read'),
      schema: {
        tags,
        summary: 'Rentals in a view: active, expiring (ends within 7 days), expired (not returned) or ended',
        params: lockerRentalListRoute.params,
        querystring: lockerRentalListRoute.query,
        response: { 200: lockerRentalListRoute.response, ...reads },
      },
    },
    async (request, reply) => {
      const gymId = await guard(request, request.params.gymId);
      const page = await listRentals(ctx.db, gymId, request.query, ctx.clock());
      reply.header('x-total-count', String(page.total));
      return page;
    },
  );

  app.get(
    lockerRentalGetRoute.path,
    {
      ...right('read'),
      schema: {
        tags,
        summary: 'One rental (the combination masked)',
        params: lockerRentalGetRoute.params,
        querystring: lockerRentalGetRoute.query,
        response: { 200: lockerRentalGetRoute.response, ...reads },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.query.gymId);
      return { data: await rentalRecord(ctx.db, gymId, request.params.id, ctx.clock()) };
    },
  );
};

/** What a rental goes through: renewing, moving, ending. */
const registerRentalActionRoutes = (app: LockerApp, ctx: AppContext, kit: LockerKit) => {
  const { right, guard, guardPay, actor: actorOf, writes, tags } = kit;

  app.post(
    lockerRenewRoute.path,
    {
      ...right('change'),
      schema: {
        tags,
        summary:
          'Renew an active rental: a new row from the day after its end (or today), a new sale of the fee',
        params: lockerRenewRoute.params,
        querystring: lockerRenewRoute.query,
        body: lockerRenewRoute.body,
        response: { 200: lockerRenewRoute.response, ...writes },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.query.gymId);
      await guardPay(request, gymId);
      const actor = actorOf(request);
      const id = await inRentalTransaction(ctx.db, (tx) =>
        renewRental(tx, actor, gymId, request.params.id, request.body),
      );
      return { data: await rentalRecord(ctx.db, gymId, id, actor.now) };
    },
  );

  app.post(
    lockerMoveRoute.path,
    {
      ...right('change'),
      schema: {
        tags,
        summary: 'Move an active rental to a free, working locker (same dates, fee, deposit and sale)',
        params: lockerMoveRoute.params,
        querystring: lockerMoveRoute.query,
        body: lockerMoveRoute.body,
        response: { 200: lockerMoveRoute.response, ...writes },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.query.gymId);
      const actor = actorOf(request);
      const id = await inRentalTransaction(
        ctx.db,
        (tx) => moveRental(tx, actor, gymId, request.params.id, request.body),
        request.body.lockerId,
      );
      return { data: await rentalRecord(ctx.db, gymId, id, actor.now) };
    },
  );

  app.post(
    lockerEndRoute.path,
    {
      ...right('change'),
      schema: {
        tags,
        summary: 'End a rental: the key returned, the deposit refunded (a refund line) or kept with a reason',
        params: lockerEndRoute.params,
        querystring: lockerEndRoute.query,
        body: lockerEndRoute.body,
        response: { 200: lockerEndRoute.response, ...writes },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.query.gymId);
      if (request.body.depositRefunded > 0) await guardPay(request, gymId);
      const actor = actorOf(request);
      const id = await inRentalTransaction(ctx.db, (tx) =>
        endRental(tx, actor, gymId, request.params.id, request.body),
      );
      return { data: await rentalRecord(ctx.db, gymId, id, actor.now) };
    },
  );
};

export const lockerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const kit = lockerKit(ctx);
  registerRoomRoutes(app, ctx, kit);
  registerBankRoutes(app, ctx, kit);
  registerRentalRoutes(app, ctx, kit);
  registerRentalActionRoutes(app, ctx, kit);
};
