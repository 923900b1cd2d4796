import {
  attendanceRoute,
  bookRoute,
  reservationCancelRoute,
  reservationGetRoute,
  reservationListRoute,
} from '#domain/api/schedule.ts';
import type { AppContext } from '../../context.ts';
import { assertCustomerReach, assignedTrainerOf } from '../../http/customer-reach.ts';
import { book, cancelReservation, markAttendance } from './reservation.commands.ts';
import type { ScheduleApp, ScheduleKit } from './schedule.kit.ts';
import { listReservations, reservationDetail, reservationRecord } from './schedule.queries.ts';

// Reservations, staff's side (docs/rules.md#schedule): booking a customer, cancelling, attendance, the history. A
// narrowed caller books and reads only on the lessons they teach, for the customers they reach.

export const registerReservationChangeRoutes = (app: ScheduleApp, ctx: AppContext, kit: ScheduleKit) => {
  const { right, guardLesson, guardReservation, actor, writes, tags } = kit;

  app.post(
    bookRoute.path,
    {
      ...right('change'),
      schema: {
        tags,
        summary: 'Book a customer on a lesson; a full lesson puts the booking on the waitlist',
        body: bookRoute.body,
        response: { 201: bookRoute.response, ...writes },
      },
    },
    async (request, reply) => {
      const gymId = await guardLesson(request, request.body.lessonId);
      await assertCustomerReach(ctx, request, gymId, request.body.memberId);
      const id = await ctx.db.transaction((tx) =>
        book(tx, actor(request), gymId, { ...request.body, source: 'STAFF' }),
      );
      return reply.status(201).send({ data: await reservationRecord(ctx.db, id) });
    },
  );

  app.post(
    reservationCancelRoute.path,
    {
      ...right('change'),
      schema: {
        tags,
        summary: 'Cancel a reservation (late cancels are marked); a freed place promotes the first waiting',
        params: reservationCancelRoute.params,
        body: reservationCancelRoute.body,
        response: { 200: reservationCancelRoute.response, ...writes },
      },
    },
    async (request) => {
      await guardReservation(request, request.params.id);
      await ctx.db.transaction((tx) =>
        cancelReservation(tx, actor(request), request.params.id, {
          note: request.body.note,
          source: 'STAFF',
        }),
      );
      return { data: await reservationRecord(ctx.db, request.params.id) };
    },
  );

  app.post(
    attendanceRoute.path,
    {
      ...right('change'),
      schema: {
        tags,
        summary: 'Mark attendance (uses a session) or a no-show (uses one when the facility says so)',
        params: attendanceRoute.params,
        body: attendanceRoute.body,
        response: { 200: attendanceRoute.response, ...writes },
      },
    },
    async (request) => {
      await guardReservation(request, request.params.id);
      await ctx.db.transaction((tx) =>
        markAttendance(tx, actor(request), request.params.id, request.body.mark),
      );
      return { data: await reservationRecord(ctx.db, request.params.id) };
    },
  );
};

export const registerReservationReadRoutes = (app: ScheduleApp, ctx: AppContext, kit: ScheduleKit) => {
  const { right, guard, guardReservation, reads, tags } = kit;

  app.get(
    reservationListRoute.path,
    {
      ...right('read'),
      schema: {
        tags,
        summary: "A facility's reservations, newest lesson first, with filters",
        params: reservationListRoute.params,
        querystring: reservationListRoute.query,
        response: { 200: reservationListRoute.response, ...reads },
      },
    },
    async (request, reply) => {
      const gymId = await guard(request, request.params.gymId);
      const trainer = await assignedTrainerOf(request, ctx.loadRights, gymId);
      const query = request.query;
      if (trainer !== null && query.trainerMemberId && query.trainerMemberId !== trainer) {
        reply.header('x-total-count', '0');
        return { data: [], total: 0 };
      }
      const page = await listReservations(ctx.db, gymId, {
        ...query,
        trainerMemberId: trainer ?? query.trainerMemberId,
      });
      reply.header('x-total-count', String(page.total));
      if (page.capped) reply.header('x-total-count-capped', 'true');
      return { data: page.data, total: page.total };
    },
  );

  app.get(
    reservationGetRoute.path,
    {
      ...right('read'),
      schema: {
        tags,
        summary: 'One reservation with its history: who did what and when',
        params: reservationGetRoute.params,
        response: { 200: reservationGetRoute.response, ...reads },
      },
    },
    async (request) => {
      await guardReservation(request, request.params.id);
      return { data: await reservationDetail(ctx.db, request.params.id) };
    },
  );
};
