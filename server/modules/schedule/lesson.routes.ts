import {
  bookingSettingsGetRoute,
  bookingSettingsPutRoute,
  lessonCancelRoute,
  lessonCreateRoute,
  lessonGetRoute,
  lessonListRoute,
  lessonUpdateRoute,
} from '#domain/api/schedule.ts';
import type { AppContext } from '../../context.ts';
import { assignedTrainerOf, trainerWithinReach } from '../../http/customer-reach.ts';
import { cancelLessons, createLessons, updateLessons } from './lesson.commands.ts';
import { saveBookingSettings } from './schedule.commands.ts';
import type { ScheduleApp, ScheduleKit } from './schedule.kit.ts';
import { bookingSettingsOf, lessonDetail, listLessons } from './schedule.queries.ts';

// The booking rules and the lessons (docs/rules.md#schedule): the rules are the representative's to change; a
// narrowed caller's schedule is the lessons they teach, and the lessons they create or edit are theirs.

export const registerBookingSettingsRoutes = (app: ScheduleApp, ctx: AppContext, kit: ScheduleKit) => {
  const { right, guard, actor, reads, writes, tags } = kit;

  app.get(
    bookingSettingsGetRoute.path,
    {
      ...right('read'),
      schema: {
        tags,
        summary: "The facility's booking rules",
        params: bookingSettingsGetRoute.params,
        response: { 200: bookingSettingsGetRoute.response, ...reads },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.params.gymId);
      return { data: { gymId, ...(await bookingSettingsOf(ctx.db, gymId)) } };
    },
  );

  app.put(
    bookingSettingsPutRoute.path,
    {
      ...right('change', { flag: 'represent' }),
      schema: {
        tags,
        summary: 'Change the booking rules (the representative)',
        params: bookingSettingsPutRoute.params,
        body: bookingSettingsPutRoute.body,
        response: { 200: bookingSettingsPutRoute.response, ...writes },
      },
    },
    async (request) => {
      const gymId = await guard(request, request.params.gymId);
      const saved = await ctx.db.transaction((tx) =>
        saveBookingSettings(tx, actor(request), gymId, request.body),
      );
      return { data: { gymId, ...saved } };
    },
  );
};

export const registerLessonRoutes = (app: ScheduleApp, ctx: AppContext, kit: ScheduleKit) => {
  const { right, guard, guardLesson, actor, reads, writes, tags } = kit;

  app.get(
    lessonListRoute.path,
    {
      ...right('read'),
      schema: {
        tags,
        summary: 'The lessons between two days (at most 42), with booked and waiting counts',
        params: lessonListRoute.params,
        querystring: lessonListRoute.query,
        response: { 200: lessonListRoute.response, ...reads },
      },
    },
    async (request, reply) => {
      const gymId = await guard(request, request.params.gymId);
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
      ...right('change'),
      schema: {
        tags,
        summary: 'Create a lesson, or a weekly recurrence of lessons (at most a year)',
        body: lessonCreateRoute.body,
        response: { 201: lessonCreateRoute.response, ...writes },
      },
    },
    async (request, reply) => {
      const { gymId } = request.body;
      await guard(request, gymId);
      const trainerMemberId = await trainerWithinReach(
        request,
        ctx.loadRights,
        gymId,
        request.body.trainerMemberId,
      );
      const ids = await ctx.db.transaction((tx) =>
        createLessons(tx, actor(request), { ...request.body, trainerMemberId }),
      );
      return reply.status(201).send({ data: { ids, delayed: 0 } });
    },
  );

  app.get(
    lessonGetRoute.path,
    {
      ...right('read'),
      schema: {
        tags,
        summary: 'One lesson with its roster and waitlist',
        params: lessonGetRoute.params,
        response: { 200: lessonGetRoute.response, ...reads },
      },
    },
    async (request) => {
      await guardLesson(request, request.params.id);
      return { data: await lessonDetail(ctx.db, request.params.id) };
    },
  );
};

export const registerLessonEditRoutes = (app: ScheduleApp, ctx: AppContext, kit: ScheduleKit) => {
  const { right, guardLesson, actor, writes, tags } = kit;

  app.put(
    lessonUpdateRoute.path,
    {
      ...right('change'),
      schema: {
        tags,
        summary: 'Edit a lesson (this one, this and following, or all); a move marks its bookings DELAY',
        params: lessonUpdateRoute.params,
        body: lessonUpdateRoute.body,
        response: { 200: lessonUpdateRoute.response, ...writes },
      },
    },
    async (request) => {
      const gymId = await guardLesson(request, request.params.id);
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
        updateLessons(tx, actor(request), request.params.id, body),
      );
      return { data };
    },
  );

  app.post(
    lessonCancelRoute.path,
    {
      ...right('change'),
      schema: {
        tags,
        summary: 'Cancel a lesson with a reason: every reservation is cancelled and notified',
        params: lessonCancelRoute.params,
        body: lessonCancelRoute.body,
        response: { 200: lessonCancelRoute.response, ...writes },
      },
    },
    async (request) => {
      await guardLesson(request, request.params.id);
      const data = await ctx.db.transaction((tx) =>
        cancelLessons(tx, actor(request), request.params.id, request.body),
      );
      return { data };
    },
  );
};
