import {
  payReportRoute,
  trainerCreateRoute,
  trainerGetRoute,
  trainerListRoute,
  trainerUpdateRoute,
} from '#domain/api/schedule.ts';
import type { AppContext } from '../../context.ts';
import { requireMember } from '../../http/auth.ts';
import { assertGymRight } from '../../http/rights.ts';
import { PAYROLL, type ScheduleApp, type ScheduleKit } from './schedule.kit.ts';
import { createTrainer, updateTrainer } from './trainer.commands.ts';
import { getTrainer, listTrainers, payReport, trainerMemberOf } from './trainer.queries.ts';

// Trainer profiles and their pay (docs/rules.md#trainer-pay): read with the schedule's right, the pay rules shown
// only with the finance right (or to the trainer themself); adding or editing a profile needs the finance right
// too, after the schedule's change right.

export const registerTrainerRoutes = (app: ScheduleApp, ctx: AppContext, kit: ScheduleKit) => {
  const { right, guard, guardTrainer, trainersAsSeen, actor, reads, writes, tags } = kit;

  app.get(
    trainerListRoute.path,
    {
      ...right('read'),
      schema: {
        tags,
        summary: "The facility's trainer profiles",
        params: trainerListRoute.params,
        response: { 200: trainerListRoute.response, ...reads },
      },
    },
    async (request, reply) => {
      const gymId = await guard(request, request.params.gymId);
      const data = await trainersAsSeen(request, gymId, await listTrainers(ctx.db, gymId));
      reply.header('x-total-count', String(data.length));
      return { data, total: data.length };
    },
  );

  app.post(
    trainerCreateRoute.path,
    {
      ...right('change'),
      schema: {
        tags,
        summary: 'Create the trainer profile of a staff member',
        body: trainerCreateRoute.body,
        response: { 201: trainerCreateRoute.response, ...writes },
      },
    },
    async (request, reply) => {
      await guard(request, request.body.gymId);
      await assertGymRight(request, ctx.loadRights, request.body.gymId, PAYROLL);
      const id = await ctx.db.transaction((tx) => createTrainer(tx, actor(request), request.body));
      return reply.status(201).send({ data: await getTrainer(ctx.db, id) });
    },
  );

  app.get(
    trainerGetRoute.path,
    {
      ...right('read'),
      schema: {
        tags,
        summary: 'One trainer profile',
        params: trainerGetRoute.params,
        response: { 200: trainerGetRoute.response, ...reads },
      },
    },
    async (request) => {
      const gymId = await guardTrainer(request, request.params.id);
      const [data] = await trainersAsSeen(request, gymId, [await getTrainer(ctx.db, request.params.id)]);
      return { data: data! };
    },
  );

  app.put(
    trainerUpdateRoute.path,
    {
      ...right('change'),
      schema: {
        tags,
        summary: 'Edit a trainer profile',
        params: trainerUpdateRoute.params,
        body: trainerUpdateRoute.body,
        response: { 200: trainerUpdateRoute.response, ...writes },
      },
    },
    async (request) => {
      const gymId = await guardTrainer(request, request.params.id);
      await assertGymRight(request, ctx.loadRights, gymId, PAYROLL);
      await ctx.db.transaction((tx) => updateTrainer(tx, actor(request), request.params.id, request.body));
      return { data: await getTrainer(ctx.db, request.params.id) };
    },
  );

  app.get(
    payReportRoute.path,
    {
      ...right('read'),
      schema: {
        tags,
        summary: "A trainer's pay for a month: attended and charged sessions × the rate",
        params: payReportRoute.params,
        querystring: payReportRoute.query,
        response: { 200: payReportRoute.response, ...reads },
      },
    },
    async (request) => {
      const gymId = await guardTrainer(request, request.params.id);
      // A trainer reads their own pay; another trainer's is the finance right's (docs/rules.md#trainer-pay).
      if ((await trainerMemberOf(ctx.db, request.params.id)) !== requireMember(request).id) {
        await assertGymRight(request, ctx.loadRights, gymId, PAYROLL);
      }
      return { data: await payReport(ctx.db, request.params.id, request.query.month) };
    },
  );
};
