import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type GymRight, hasRight } from '#domain/permissions.ts';
import { withoutPayRule } from '#domain/rules/money-fields.ts';
import type { Trainer } from '#domain/schemas/schedule.ts';
import type { AppContext } from '../../context.ts';
import { requireMember } from '../../http/auth.ts';
import { assertLessonReach, assertReservationReach } from '../../http/customer-reach.ts';
import { moduleKit } from '../../http/module.ts';
import { rightsOf } from '../../http/rights.ts';
import { gymIdOfLesson, gymIdOfReservation } from './schedule.queries.ts';
import { gymIdOfTrainer } from './trainer.queries.ts';

// The schedule's route toolkit (docs/rules.md#schedule): staff read with memberUseYn and change with
// memberSettingYn; each route declares which with `right(...)`. Another facility's lesson, reservation or trainer
// answers 404, and a narrowed caller reaches only the lessons they teach (docs/rules.md#customer-reach).

/** The Fastify instance a schedule plugin registers its routes on. */
export type ScheduleApp = Parameters<FastifyPluginAsyncZod>[0];

// Trainer profiles carry the pay rules: adding or editing one is payroll, the finance right's (docs/rules.md#trainer-pay).
export const PAYROLL: GymRight = 'financeUseYn';

export const scheduleKit = (ctx: AppContext) => {
  const kit = moduleKit(ctx, { read: 'memberUseYn', change: 'memberSettingYn' });
  const lessonFacility = kit.guardBy(gymIdOfLesson);
  const reservationFacility = kit.guardBy(gymIdOfReservation);

  /** A lesson's facility, guarded by the route's right; within a narrowed caller's reach when they teach it. */
  const guardLesson = async (request: FastifyRequest, id: number) => {
    const gymId = await lessonFacility(request, id);
    await assertLessonReach(ctx, request, gymId, id);
    return gymId;
  };

  /** A reservation's facility, guarded the same way: its lesson must be the narrowed caller's. */
  const guardReservation = async (request: FastifyRequest, id: number) => {
    const gymId = await reservationFacility(request, id);
    await assertReservationReach(ctx, request, gymId, id);
    return gymId;
  };

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

  return {
    ...kit,
    guardLesson,
    guardReservation,
    guardTrainer: kit.guardBy(gymIdOfTrainer),
    trainersAsSeen,
    tags: ['schedule'],
  };
};

export type ScheduleKit = ReturnType<typeof scheduleKit>;
