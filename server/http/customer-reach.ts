import { and, eq, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { reachesAssignedOnly } from '#domain/permissions.ts';
import type { Executor } from '../db/client.ts';
import { lesson, member, reservation, ticketIssue } from '../db/schema/index.ts';
import { requireMember } from './auth.ts';
import { AppError, notFound } from './errors.ts';
import { type RightsLoader, rightsOf } from './rights.ts';

// A permission set's reach over customers (docs/rules.md#customer-reach). A set with `assignedOnlyYn` (the
// 트레이너 preset) reaches only the customers assigned to its holder (member.trainerMemberId), their passes and
// bookings, and the lessons its holder teaches. Anything else answers 404, as another facility's record does, so
// the caller learns nothing of it. Callers without the narrowing pay nothing: the rights are already loaded.

type Reach = { db: Executor; loadRights: RightsLoader };

/**
 * The trainer whose assigned customers bound the caller's reach in the facility: the caller's own member id when
 * their set reaches assigned customers only, else null (every customer of the facility).
 */
export const assignedTrainerOf = async (
  request: FastifyRequest,
  load: RightsLoader,
  gymId: number,
): Promise<number | null> => {
  const rights = (await rightsOf(request, load)).get(gymId);
  return rights && reachesAssignedOnly(rights) ? requireMember(request).id : null;
};

const assertFound = async (found: (trainer: number) => Promise<unknown[]>, trainer: number | null) => {
  if (trainer === null) return;
  if ((await found(trainer)).length === 0) throw notFound();
};

/** 404 unless the facility's customer is within the caller's reach. */
export const assertCustomerReach = async (
  ctx: Reach,
  request: FastifyRequest,
  gymId: number,
  customerId: number,
) =>
  assertFound(
    (trainer) =>
      ctx.db
        .select({ id: member.id })
        .from(member)
        .where(
          and(eq(member.id, customerId), eq(member.ownerGymId, gymId), eq(member.trainerMemberId, trainer)),
        ),
    await assignedTrainerOf(request, ctx.loadRights, gymId),
  );

/** 404 unless the pass belongs to a customer within the caller's reach. */
export const assertPassReach = async (ctx: Reach, request: FastifyRequest, gymId: number, passId: number) =>
  assertFound(
    (trainer) =>
      ctx.db
        .select({ id: ticketIssue.id })
        .from(ticketIssue)
        .innerJoin(member, eq(member.id, ticketIssue.memberId))
        .where(and(eq(ticketIssue.id, passId), eq(member.trainerMemberId, trainer))),
    await assignedTrainerOf(request, ctx.loadRights, gymId),
  );

/** 404 unless the caller teaches the lesson (or reaches every customer). */
export const assertLessonReach = async (
  ctx: Reach,
  request: FastifyRequest,
  gymId: number,
  lessonId: number,
) =>
  assertFound(
    (trainer) =>
      ctx.db
        .select({ id: lesson.id })
        .from(lesson)
        .where(and(eq(lesson.id, lessonId), eq(lesson.trainerMemberId, trainer))),
    await assignedTrainerOf(request, ctx.loadRights, gymId),
  );

/** 404 unless the reservation is on a lesson the caller teaches (or the caller reaches every customer). */
export const assertReservationReach = async (
  ctx: Reach,
  request: FastifyRequest,
  gymId: number,
  reservationId: number,
) =>
  assertFound(
    (trainer) =>
      ctx.db
        .select({ id: reservation.id })
        .from(reservation)
        .innerJoin(lesson, eq(lesson.id, reservation.lessonId))
        .where(and(eq(reservation.id, reservationId), eq(lesson.trainerMemberId, trainer))),
    await assignedTrainerOf(request, ctx.loadRights, gymId),
  );

/**
 * A trainer field the caller writes (a customer's 담당 트레이너, a lesson's trainer): a narrowed caller may name
 * only themself, and an absent one becomes them, so what they create stays within their reach. Answers the value
 * to write.
 */
export const trainerWithinReach = async (
  request: FastifyRequest,
  load: RightsLoader,
  gymId: number,
  requested: number | null | undefined,
): Promise<number | null | undefined> => {
  const trainer = await assignedTrainerOf(request, load, gymId);
  if (trainer === null) return requested;
  if (requested === undefined || requested === null || requested === trainer) return trainer;
  throw new AppError('VALIDATION_FAILED', 'VALIDATION_FAILED', {}, { trainerMemberId: 'assignedToYouOnly' });
};

/** The condition a narrowed list adds: rows of customers assigned to the trainer. */
export const assignedCustomers = (trainer: number | null): SQL | undefined =>
  trainer === null ? undefined : eq(member.trainerMemberId, trainer);
