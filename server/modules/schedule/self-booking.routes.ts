import type { FastifyRequest } from 'fastify';
import {
  bookingLinkRoute,
  selfBookingGetRoute,
  selfBookRoute,
  selfCancelRoute,
} from '#domain/api/schedule.ts';
import type { AppContext } from '../../context.ts';
import { assertCustomerReach } from '../../http/customer-reach.ts';
import { notFound } from '../../http/errors.ts';
import type { Actor } from '../../kernel/actor.ts';
import { assertGymWritable } from '../../resources/engine.ts';
import { book, cancelReservation } from './reservation.commands.ts';
import type { ScheduleApp, ScheduleKit } from './schedule.kit.ts';
import { gymIdOfReservation, reservationRecord } from './schedule.queries.ts';
import { issueBookingLink } from './self-booking.commands.ts';
import {
  BOOKING_TOKEN_HEADER,
  type BookingOwner,
  bookingTokenOwner,
  selfBookingView,
} from './self-booking.queries.ts';

// The customer's own booking page (docs/rules.md#self-booking): staff issue the link; the page's calls take only the
// `x-booking-token` header, checked before their input, and see only that customer in that facility.

export const registerBookingLinkRoutes = (app: ScheduleApp, ctx: AppContext, kit: ScheduleKit) => {
  const { right, guard, actor, writes, tags } = kit;

  app.post(
    bookingLinkRoute.path,
    {
      ...right('change'),
      schema: {
        tags,
        summary: "Issue a customer's booking link (revoking the old one); optionally text it",
        body: bookingLinkRoute.body,
        response: { 201: bookingLinkRoute.response, ...writes },
      },
    },
    async (request, reply) => {
      await guard(request, request.body.gymId);
      await assertCustomerReach(ctx, request, request.body.gymId, request.body.memberId);
      const data = await ctx.db.transaction((tx) => issueBookingLink(tx, actor(request), request.body));
      return reply.status(201).send({ data });
    },
  );
};

export const registerSelfBookingRoutes = (app: ScheduleApp, ctx: AppContext, kit: ScheduleKit) => {
  const { reads, writes, tags } = kit;
  const owners = new WeakMap<FastifyRequest, BookingOwner>();
  const selfOnly = {
    config: { bookingToken: true },
    onRequest: async (request: FastifyRequest) => {
      const header = request.headers[BOOKING_TOKEN_HEADER];
      owners.set(
        request,
        await bookingTokenOwner(ctx.db, typeof header === 'string' ? header : undefined, ctx.clock()),
      );
    },
  };
  const ownerOf = (request: FastifyRequest) => {
    const owner = owners.get(request);
    if (!owner) throw new Error('a booking-page route without its onRequest check');
    return owner;
  };
  /** The customer acts on their own page. */
  const selfActor = (request: FastifyRequest): Actor => ({
    memberId: ownerOf(request).memberId,
    requestId: request.id,
    now: ctx.clock(),
  });

  app.get(
    selfBookingGetRoute.path,
    {
      ...selfOnly,
      schema: {
        tags,
        summary:
          "The booking page: the customer's passes, the lessons in the window (counts only), their bookings",
        response: { 200: selfBookingGetRoute.response, ...reads },
      },
    },
    async (request) => ({ data: await selfBookingView(ctx.db, ownerOf(request), ctx.clock()) }),
  );

  app.post(
    selfBookRoute.path,
    {
      ...selfOnly,
      schema: {
        tags,
        summary: 'The booking page: book a lesson in the window, or join its waitlist',
        body: selfBookRoute.body,
        response: { 201: selfBookRoute.response, ...writes },
      },
    },
    async (request, reply) => {
      const owner = ownerOf(request);
      await assertGymWritable(ctx, owner.gymId);
      const id = await ctx.db.transaction((tx) =>
        book(tx, selfActor(request), owner.gymId, {
          lessonId: request.body.lessonId,
          memberId: owner.memberId,
          ticketIssueId: request.body.ticketIssueId,
          source: 'SELF',
        }),
      );
      const made = await reservationRecord(ctx.db, id);
      return reply.status(201).send({ data: { id, status: made.status } });
    },
  );

  app.post(
    selfCancelRoute.path,
    {
      ...selfOnly,
      schema: {
        tags,
        summary: 'The booking page: cancel within the free-cancel time, or leave the waitlist',
        params: selfCancelRoute.params,
        response: { 200: selfCancelRoute.response, ...writes },
      },
    },
    async (request) => {
      const owner = ownerOf(request);
      const gymId = await gymIdOfReservation(ctx.db, request.params.id);
      if (gymId !== owner.gymId) throw notFound();
      await assertGymWritable(ctx, owner.gymId);
      await ctx.db.transaction((tx) =>
        cancelReservation(tx, selfActor(request), request.params.id, {
          source: 'SELF',
          memberId: owner.memberId,
        }),
      );
      const after = await reservationRecord(ctx.db, request.params.id);
      return { data: { id: after.id, status: after.status } };
    },
  );
};
