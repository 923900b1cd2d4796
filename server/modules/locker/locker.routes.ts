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
import { requireMember } from '../../http/auth.ts';
import { errorResponses } from '../../http/responses.ts';
import { assertGymRight } from '../../http/rights.ts';
import { actorOf } from '../../kernel/actor.ts';
import { assertGymWritable } from '../../resources/engine.ts';
import {
  assertLockerAddOn,
  bankRecord,
  createBank,
  createRoom,
  deleteBank,
  deleteRoom,
  endRental,
  inRentalTransaction,
  listRentals,
  lockerMap,
  lockerTile,
  moveRental,
  renewRental,
  rentalRecord,
  rentLocker,
  roomRecord,
  updateBank,
  updateLocker,
  updateRoom,
} from './locker.service.ts';

// Lockers (docs/rules.md#lockers): every call needs the facility's LOCKER add-on in APPROVE; staff read with
// memberUseYn and change with memberSettingYn. The facility is the path's or the `gymId` of the query or body;
// a room, bank, locker or rental of another facility answers 404, as if it did not exist.

const READ: GymRight = 'memberUseYn';
const WRITE: GymRight = 'memberSettingYn';
// A rental is a sale: renting and renewing take payments, and ending gives a deposit back, so those need the right to
// sell and collect as well (docs/rules.md#permissions).
const PAY: GymRight = 'payHistorySettingYn';
const reads = errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND');
const writes = errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT');

export const lockerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  /** The right first (404 without a link, 403 without the flag), then the add-on, then a closed facility. */
  const guard = async (request: FastifyRequest, gymId: number, right: GymRight) => {
    requireMember(request);
    await assertGymRight(request, ctx.loadRights, gymId, right);
    await assertLockerAddOn(ctx.db, gymId);
    if (right !== READ) await assertGymWritable(ctx, gymId);
    return gymId;
  };
  const tags = ['locker'];

  app.get(
    lockerMapRoute.path,
    {
      schema: {
        tags,
        summary: "The facility's locker map: rooms, banks, every locker with its state, and the counts",
        params: lockerMapRoute.params,
        response: { 200: lockerMapRoute.response, ...reads },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.params.gymId, READ);
      return { data: await lockerMap(ctx.db, gymId, ctx.clock()) };
    },
  );

  app.post(
    lockerRoomCreateRoute.path,
    {
      schema: {
        tags,
        summary: 'Create a locker room',
        body: lockerRoomCreateRoute.body,
        response: { 201: lockerRoomCreateRoute.response, ...writes },
      },
    },
    async (request, reply) => {
      const { gymId, ...body } = request.body;
      await guard(request, gymId, WRITE);
      const room = await ctx.db.transaction((tx) => createRoom(tx, actorOf(request, ctx.clock), gymId, body));
      return reply.status(201).send({ data: roomRecord(room) });
    },
  );

  app.put(
    lockerRoomUpdateRoute.path,
    {
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
      const gymId = await guard(request, request.query.gymId, WRITE);
      const room = await ctx.db.transaction((tx) =>
        updateRoom(tx, actorOf(request, ctx.clock), gymId, request.params.id, request.body),
      );
      return { data: roomRecord(room) };
    },
  );

  app.delete(
    lockerRoomDeleteRoute.path,
    {
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
      const gymId = await guard(request, request.query.gymId, WRITE);
      await ctx.db.transaction((tx) => deleteRoom(tx, actorOf(request, ctx.clock), gymId, request.params.id));
      return reply.status(204).send(null);
    },
  );

  app.post(
    lockerBankCreateRoute.path,
    {
      schema: {
        tags,
        summary: 'Create a bank and its lockers, numbered row by row (409 lockerLabelTaken on a label clash)',
        body: lockerBankCreateRoute.body,
        response: { 201: lockerBankCreateRoute.response, ...writes },
      },
    },
    async (request, reply) => {
      const { gymId, ...body } = request.body;
      await guard(request, gymId, WRITE);
      const bank = await ctx.db.transaction((tx) => createBank(tx, actorOf(request, ctx.clock), gymId, body));
      return reply.status(201).send({ data: bankRecord(bank) });
    },
  );

  app.put(
    lockerBankUpdateRoute.path,
    {
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
      const gymId = await guard(request, request.query.gymId, WRITE);
      const bank = await ctx.db.transaction((tx) =>
        updateBank(tx, actorOf(request, ctx.clock), gymId, request.params.id, request.body),
      );
      return { data: bankRecord(bank) };
    },
  );

  app.delete(
    lockerBankDeleteRoute.path,
    {
      schema: {
        tags,
        summary: 'Remove a bank and its lockers (409 bankInUse once any of them was rented)',
        params: lockerBankDeleteRoute.params,
        querystring: lockerBankDeleteRoute.query,
        response: { 204: lockerBankDeleteRoute.response, ...writes },
      },
    },
    async (request, reply) => {
      const gymId = await guard(request, request.query.gymId, WRITE);
      await ctx.db.transaction((tx) => deleteBank(tx, actorOf(request, ctx.clock), gymId, request.params.id));
      return reply.status(204).send(null);
    },
  );

  app.put(
    lockerUpdateRoute.path,
    {
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
      const gymId = await guard(request, request.query.gymId, WRITE);
      await ctx.db.transaction((tx) =>
        updateLocker(tx, actorOf(request, ctx.clock), gymId, request.params.id, request.body),
      );
      return { data: await lockerTile(ctx.db, gymId, request.params.id, ctx.clock()) };
    },
  );

  app.post(
    lockerRentRoute.path,
    {
      schema: {
        tags,
        summary:
          'Rent a locker: the sale of fee + deposit, its payments and the rental; the combination once',
        body: lockerRentRoute.body,
        response: { 201: lockerRentRoute.response, ...writes },
      },
    },
    async (request, reply) => {
      await guard(request, request.body.gymId, WRITE);
      await assertGymRight(request, ctx.loadRights, request.body.gymId, PAY);
      const actor = actorOf(request, ctx.clock);
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
      schema: {
        tags,
        summary: 'Rentals in a view: active, expiring (ends within 7 days), expired (not returned) or ended',
        params: lockerRentalListRoute.params,
        querystring: lockerRentalListRoute.query,
        response: { 200: lockerRentalListRoute.response, ...reads },
      },
    },
    async (request, reply) => {
      const gymId = await guard(request, request.params.gymId, READ);
      const page = await listRentals(ctx.db, gymId, request.query, ctx.clock());
      reply.header('x-total-count', String(page.total));
      return page;
    },
  );

  app.get(
    lockerRentalGetRoute.path,
    {
      schema: {
        tags,
        summary: 'One rental (the combination masked)',
        params: lockerRentalGetRoute.params,
        querystring: lockerRentalGetRoute.query,
        response: { 200: lockerRentalGetRoute.response, ...reads },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.query.gymId, READ);
      return { data: await rentalRecord(ctx.db, gymId, request.params.id, ctx.clock()) };
    },
  );

  app.post(
    lockerRenewRoute.path,
    {
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
      const gymId = await guard(request, request.query.gymId, WRITE);
      await assertGymRight(request, ctx.loadRights, gymId, PAY);
      const actor = actorOf(request, ctx.clock);
      const id = await inRentalTransaction(ctx.db, (tx) =>
        renewRental(tx, actor, gymId, request.params.id, request.body),
      );
      return { data: await rentalRecord(ctx.db, gymId, id, actor.now) };
    },
  );

  app.post(
    lockerMoveRoute.path,
    {
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
      const gymId = await guard(request, request.query.gymId, WRITE);
      const actor = actorOf(request, ctx.clock);
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
      const gymId = await guard(request, request.query.gymId, WRITE);
      if (request.body.depositRefunded > 0) await assertGymRight(request, ctx.loadRights, gymId, PAY);
      const actor = actorOf(request, ctx.clock);
      const id = await inRentalTransaction(ctx.db, (tx) =>
        endRental(tx, actor, gymId, request.params.id, request.body),
      );
      return { data: await rentalRecord(ctx.db, gymId, id, actor.now) };
    },
  );
};
