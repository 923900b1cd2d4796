import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  attendanceRoute,
  bookingLinkRoute,
  bookingSettingsGetRoute,
  bookingSettingsPutRoute,
  bookRoute,
  lessonCancelRoute,
  lessonCreateRoute,
  lessonGetRoute,
  lessonListRoute,
  lessonUpdateRoute,
  payReportRoute,
  reservationCancelRoute,
  reservationGetRoute,
  reservationListRoute,
  selfBookingGetRoute,
  selfBookRoute,
  selfCancelRoute,
  trainerCreateRoute,
  trainerGetRoute,
  trainerListRoute,
  trainerUpdateRoute,
} from '#domain/api/schedule.ts';
import { type GymRight, hasRight } from '#domain/permissions.ts';
import { withoutPayRule } from '#domain/rules/money-fields.ts';
import type { Trainer } from '#domain/schemas/schedule.ts';
import type { AppContext } from '../../context.ts';
import { trainer } from '../../db/schema/index.ts';
import { requireMember } from '../../http/auth.ts';
import {
  assertCustomerReach,
  assertLessonReach,
  assertReservationReach,
  assignedTrainerOf,
  trainerWithinReach,
} from '../../http/customer-reach.ts';
import { notFound } from '../../http/errors.ts';
import { errorResponses } from '../../http/responses.ts';
import { assertGymRight, rightsOf } from '../../http/rights.ts';
import { actorOf } from '../../kernel/actor.ts';
import { assertGymWritable } from '../../resources/engine.ts';
import {
  book,
  bookingSettingsOf,
  cancelLessons,
  cancelReservation,
  createLessons,
  gymIdOfLesson,
  gymIdOfReservation,
  lessonDetail,
  listLessons,
  listReservations,
  markAttendance,
  reservationDetail,
  reservationRecord,
  saveBookingSettings,
  updateLessons,
} from './schedule.service.ts';
import {
  BOOKING_TOKEN_HEADER,
  bookingTokenOwner,
  issueBookingLink,
  selfBookingView,
} from './self-booking.service.ts';
import {
  createTrainer,
  getTrainer,
  gymIdOfTrainer,
  listTrainers,
  payReport,
  updateTrainer,
} from './trainer.service.ts';

// The schedule's routes (docs/rules.md#schedule): staff read with memberUseYn and change with memberSettingYn; the
// booking rules are the representative's. Another facility's lesson, reservation or trainer answers 404. The
// booking page's calls take only the `x-booking-token` header, checked before their input.

const READ: GymRight = 'memberUseYn';
const WRITE: GymRight = 'memberSettingYn';
// Trainer profiles carry the pay rules: adding or editing one is payroll, the finance right's (docs/rules.md#trainer-pay).
const PAYROLL: GymRight = 'financeUseYn';
const reads = errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND');
const writes = errorResponses('VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT');

export const scheduleRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const guard = async (request: FastifyRequest, gymId: number, right: GymRight | 'represent') => {
    requireMember(request);
    await assertGymRight(request, ctx.loadRights, gymId, right);
    if (right !== READ) await assertGymWritable(ctx, gymId);
    return gymId;
  };
  const guardOf =
    (find: (db: AppContext['db'], id: number) => Promise<number>) =>
    async (request: FastifyRequest, id: number, right: GymRight) => {
      requireMember(request);
      return guard(request, await find(ctx.db, id), right);
    };
  /** A lesson or reservation is within a narrowed caller's reach when they teach it (docs/rules.md#customer-reach). */
  const guardLesson = async (request: FastifyRequest, id: number, right: GymRight) => {
    const gymId = await guardOf(gymIdOfLesson)(request, id, right);
    await assertLessonReach(ctx, request, gymId, id);
    return gymId;
  };
  const guardReservation = async (request: FastifyRequest, id: number, right: GymRight) => {
    const gymId = await guardOf(gymIdOfReservation)(request, id, right);
    await assertReservationReach(ctx, request, gymId, id);
    return gymId;
  };
  const guardTrainer = guardOf(gymIdOfTrainer);
  /**
   * A trainer's pay rule is payroll (docs/rules.md#trainer-pay): without the finance right the caller receives
   * only their own; everyone else's comes with `payHidden: true` and the rates at 0.
   */
  const trainersAsSeen = async (
    request: FastifyRequest,
    gymId: number,
    rows: Trainer[],
  ): Promise<Trainer[]> => {
    const rights = (await rightsOf(request, ctx.loadRights)).get(gymId);
    if (rights && hasRight(rights, PAYROLL)) return rows;
    const me = requireMember(request).id;
    return rows.map((row) => (row.memberId === me ? row : withoutPayRule(row)));
  };
  const tags = ['schedule'];

  app.get(
    bookingSettingsGetRoute.path,
    {
      schema: {
        tags,
        summary: "The facility's booking rules",
        params: bookingSettingsGetRoute.params,
        response: { 200: bookingSettingsGetRoute.response, ...reads },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.params.gymId, READ);
      return { data: { gymId, ...(await bookingSettingsOf(ctx.db, gymId)) } };
    },
  );

  app.put(
    bookingSettingsPutRoute.path,
    {
      schema: {
        tags,
        summary: 'Change the booking rules (the representative)',
        params: bookingSettingsPutRoute.params,
        body: bookingSettingsPutRoute.body,
        response: { 200: bookingSettingsPutRoute.response, ...writes },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.params.gymId, 'represent');
      const saved = await ctx.db.transaction((tx) =>
        saveBookingSettings(tx, actorOf(request, ctx.clock), gymId, request.body),
      );
      return { data: { gymId, ...saved } };
    },
  );

  app.get(
    lessonListRoute.path,
    {
      schema: {
        tags,
        summary: 'The lessons between two days (at most 42), with booked and waiting counts',
        params: lessonListRoute.params,
        querystring: lessonListRoute.query,
        response: { 200: lessonListRoute.response, ...reads },
      },
    },
    async (request, reply) => {
      const gymId = await guard(request, request.params.gymId, READ);
      // A narrowed caller's schedule is the lessons they teach; a colleague's is not theirs to see.
      const trainer = await assignedTrainerOf(request, ctx.loadRights, gymId);
      const query = request.query;
      const data =
        trainer !== null && query.trainerMemberId && query.trainerMemberId !== trainer
          ? []
          : await listLessons(ctx.db, gymId, { ...query, trainerMemberId: trainer ?? query.trainerMemberId });
      reply.header('x-total-count', String(data.length));
      return { data, total: data.length };
    },
  );

  app.post(
    lessonCreateRoute.path,
    {
      schema: {
        tags,
        summary: 'Create a lesson, or a weekly recurrence of lessons (at most a year)',
        body: lessonCreateRoute.body,
        response: { 201: lessonCreateRoute.response, ...writes },
      },
    },
    async (request, reply) => {
      const { gymId } = request.body;
      await guard(request, gymId, WRITE);
      const trainerMemberId = await trainerWithinReach(
        request,
        ctx.loadRights,
        gymId,
        request.body.trainerMemberId,
      );
      const ids = await ctx.db.transaction((tx) =>
        createLessons(tx, actorOf(request, ctx.clock), { ...request.body, trainerMemberId }),
      );
      return reply.status(201).send({ data: { ids, delayed: 0 } });
    },
  );

  app.get(
    lessonGetRoute.path,
    {
      schema: {
        tags,
        summary: 'One lesson with its roster and waitlist',
        params: lessonGetRoute.params,
        response: { 200: lessonGetRoute.response, ...reads },
      },
    },
    async (request) => {
      await guardLesson(request, request.params.id, READ);
      return { data: await lessonDetail(ctx.db, request.params.id) };
    },
  );

  app.put(
    lessonUpdateRoute.path,
    {
      schema: {
        tags,
        summary: 'Edit a lesson (this one, this and following, or all); a move marks its bookings DELAY',
        params: lessonUpdateRoute.params,
        body: lessonUpdateRoute.body,
        response: { 200: lessonUpdateRoute.response, ...writes },
      },
    },
    async (request) => {
      const gymId = await guardLesson(request, request.params.id, WRITE);
      const body =
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
        updateLessons(tx, actorOf(request, ctx.clock), request.params.id, body),
      );
      return { data };
    },
  );

  app.post(
    lessonCancelRoute.path,
    {
      schema: {
        tags,
        summary: 'Cancel a lesson with a reason: every reservation is cancelled and notified',
        params: lessonCancelRoute.params,
        body: lessonCancelRoute.body,
        response: { 200: lessonCancelRoute.response, ...writes },
      },
    },
    async (request) => {
      await guardLesson(request, request.params.id, WRITE);
      const data = await ctx.db.transaction((tx) =>
        cancelLessons(tx, actorOf(request, ctx.clock), request.params.id, request.body),
      );
      return { data };
    },
  );

  app.post(
    bookRoute.path,
    {
      schema: {
        tags,
        summary: 'Book a customer on a lesson; a full lesson puts the booking on the waitlist',
        body: bookRoute.body,
        response: { 201: bookRoute.response, ...writes },
      },
    },
    async (request, reply) => {
      const gymId = await guardLesson(request, request.body.lessonId, WRITE);
      await assertCustomerReach(ctx, request, gymId, request.body.memberId);
      const id = await ctx.db.transaction((tx) =>
        book(tx, actorOf(request, ctx.clock), gymId, { ...request.body, source: 'STAFF' }),
      );
      return reply.status(201).send({ data: await reservationRecord(ctx.db, id) });
    },
  );

  app.post(
    reservationCancelRoute.path,
    {
      schema: {
        tags,
        summary: 'Cancel a reservation (late cancels are marked); a freed place promotes the first waiting',
        params: reservationCancelRoute.params,
        body: reservationCancelRoute.body,
        response: { 200: reservationCancelRoute.response, ...writes },
      },
    },
    async (request) => {
      await guardReservation(request, request.params.id, WRITE);
      await ctx.db.transaction((tx) =>
        cancelReservation(tx, actorOf(request, ctx.clock), request.params.id, {
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
      schema: {
        tags,
        summary: 'Mark attendance (uses a session) or a no-show (uses one when the facility says so)',
        params: attendanceRoute.params,
        body: attendanceRoute.body,
        response: { 200: attendanceRoute.response, ...writes },
      },
    },
    async (request) => {
      await guardReservation(request, request.params.id, WRITE);
      await ctx.db.transaction((tx) =>
        markAttendance(tx, actorOf(request, ctx.clock), request.params.id, request.body.mark),
      );
      return { data: await reservationRecord(ctx.db, request.params.id) };
    },
  );

  app.get(
    reservationListRoute.path,
    {
      schema: {
        tags,
        summary: "A facility's reservations, newest lesson first, with filters",
        params: reservationListRoute.params,
        querystring: reservationListRoute.query,
        response: { 200: reservationListRoute.response, ...reads },
      },
    },
    async (request, reply) => {
      const gymId = await guard(request, request.params.gymId, READ);
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
      schema: {
        tags,
        summary: 'One reservation with its history: who did what and when',
        params: reservationGetRoute.params,
        response: { 200: reservationGetRoute.response, ...reads },
      },
    },
    async (request) => {
      await guardReservation(request, request.params.id, READ);
      return { data: await reservationDetail(ctx.db, request.params.id) };
    },
  );

  // ---- Trainers ----

  app.get(
    trainerListRoute.path,
    {
      schema: {
        tags,
        summary: "The facility's trainer profiles",
        params: trainerListRoute.params,
        response: { 200: trainerListRoute.response, ...reads },
      },
    },
    async (request, reply) => {
      const gymId = await guard(request, request.params.gymId, READ);
      const data = await trainersAsSeen(request, gymId, await listTrainers(ctx.db, gymId));
      reply.header('x-total-count', String(data.length));
      return { data, total: data.length };
    },
  );

  app.post(
    trainerCreateRoute.path,
    {
      schema: {
        tags,
        summary: 'Create the trainer profile of a staff member',
        body: trainerCreateRoute.body,
        response: { 201: trainerCreateRoute.response, ...writes },
      },
    },
    async (request, reply) => {
      await guard(request, request.body.gymId, WRITE);
      await assertGymRight(request, ctx.loadRights, request.body.gymId, PAYROLL);
      const id = await ctx.db.transaction((tx) =>
        createTrainer(tx, actorOf(request, ctx.clock), request.body),
      );
      return reply.status(201).send({ data: await getTrainer(ctx.db, id) });
    },
  );

  app.get(
    trainerGetRoute.path,
    {
      schema: {
        tags,
        summary: 'One trainer profile',
        params: trainerGetRoute.params,
        response: { 200: trainerGetRoute.response, ...reads },
      },
    },
    async (request) => {
      const gymId = await guardTrainer(request, request.params.id, READ);
      const [data] = await trainersAsSeen(request, gymId, [await getTrainer(ctx.db, request.params.id)]);
      return { data: data! };
    },
  );

  app.put(
    trainerUpdateRoute.path,
    {
      schema: {
        tags,
        summary: 'Edit a trainer profile',
        params: trainerUpdateRoute.params,
        body: trainerUpdateRoute.body,
        response: { 200: trainerUpdateRoute.response, ...writes },
      },
    },
    async (request) => {
      const gymId = await guardTrainer(request, request.params.id, WRITE);
      await assertGymRight(request, ctx.loadRights, gymId, PAYROLL);
      await ctx.db.transaction((tx) =>
        updateTrainer(tx, actorOf(request, ctx.clock), request.params.id, request.body),
      );
      return { data: await getTrainer(ctx.db, request.params.id) };
    },
  );

  app.get(
    payReportRoute.path,
    {
      schema: {
        tags,
        summary: "A trainer's pay for a month: attended and charged sessions × the rate",
        params: payReportRoute.params,
        querystring: payReportRoute.query,
        response: { 200: payReportRoute.response, ...reads },
      },
    },
    async (request) => {
      const gymId = await guardTrainer(request, request.params.id, READ);
      // A trainer reads their own pay; another trainer's is the finance right's (docs/rules.md#trainer-pay).
      const [owner] = await ctx.db
        .select({ memberId: trainer.memberId })
        .from(trainer)
        .where(eq(trainer.id, request.params.id));
      if (owner?.memberId !== requireMember(request).id) {
        await assertGymRight(request, ctx.loadRights, gymId, 'financeUseYn');
      }
      return { data: await payReport(ctx.db, request.params.id, request.query.month) };
    },
  );

  // ---- The customer's own booking page ----

  app.post(
    bookingLinkRoute.path,
    {
      schema: {
        tags,
        summary: "Issue a customer's booking link (revoking the old one); optionally text it",
        body: bookingLinkRoute.body,
        response: { 201: bookingLinkRoute.response, ...writes },
      },
    },
    async (request, reply) => {
      await guard(request, request.body.gymId, WRITE);
      await assertCustomerReach(ctx, request, request.body.gymId, request.body.memberId);
      const data = await ctx.db.transaction((tx) =>
        issueBookingLink(tx, actorOf(request, ctx.clock), request.body),
      );
      return reply.status(201).send({ data });
    },
  );

  const owners = new WeakMap<FastifyRequest, { gymId: number; memberId: number }>();
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
  const selfActor = (request: FastifyRequest) => ({
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
