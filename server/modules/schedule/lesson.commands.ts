import { and, asc, eq, gt, gte, inArray, lt, ne } from 'drizzle-orm';
import {
  expandWeekly,
  type Occurrence,
  overlaps,
  recurrenceProblem,
  seoulClock,
  seoulDateTime,
  seoulInstant,
} from '#domain/rules/schedule.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { LessonCreate, LessonUpdate } from '#domain/schemas/schedule.ts';
import type { Executor } from '../../db/client.ts';
import { type LessonRow, lesson, lessonSeries, member, reservation, ticket } from '../../db/schema/index.ts';
import type { Actor } from '../../kernel/actor.ts';
import { audited } from '../../kernel/audit.ts';
import { isActiveWorker } from '../gym-member/gym-member.queries.ts';
import { sendBookingNotices } from '../message/message.auto.ts';
import { consumeSessions } from '../pass/pass.commands.ts';
import { promoteWaiting } from './reservation.commands.ts';
import { lockLesson, notify, writeEvent } from './schedule.commands.ts';
import { bookingSettingsOf, liveCounts, rulesFor } from './schedule.queries.ts';
import { badField, refused } from './schedule.refusals.ts';
import { lessonIdNotIn } from './schedule.sql.ts';

// The lessons' writes (docs/rules.md#schedule): creating one or a weekly series, editing this, the following or
// all occurrences (a move marks the bookings DELAY), and cancelling them (every reservation cancelled, every
// session back). Every write takes the transaction it is given and leaves its audit row in it.

type Scope = 'ONE' | 'FOLLOWING' | 'ALL';

/** The trainer must be an ACTIVE staff member of the facility (400 `unknownTrainer` otherwise). */
const assertTrainer = async (db: Executor, gymId: number, memberId: number | null | undefined) => {
  if (memberId == null) return;
  if (!(await isActiveWorker(db, gymId, memberId))) throw badField('trainerMemberId', 'unknownTrainer');
};

/** Every accepted product must be the facility's own (400 `unknownTicket` otherwise). */
const assertTickets = async (db: Executor, gymId: number, ids: readonly number[] | undefined) => {
  if (!ids || ids.length === 0) return;
  const unique = [...new Set(ids)];
  const rows = await db
    .select({ id: ticket.id })
    .from(ticket)
    .where(and(eq(ticket.gymId, gymId), inArray(ticket.id, unique)));
  if (rows.length !== unique.length) throw badField('ticketIds', 'unknownTicket');
};

/** A trainer teaches one lesson at a time: 409 `trainerOverlap` naming the first clash. */
const assertTrainerFree = async (
  tx: Executor,
  trainerMemberId: number | null | undefined,
  spans: readonly { startAt: Date; endAt: Date }[],
  except: readonly number[] = [],
) => {
  if (trainerMemberId == null || spans.length === 0) return;
  // Serialise writes that place this trainer: two creates at once cannot both miss each other.
  await tx.select({ id: member.id }).from(member).where(eq(member.id, trainerMemberId)).for('update');
  const first = spans.reduce((a, s) => (s.startAt < a ? s.startAt : a), spans[0]!.startAt);
  const last = spans.reduce((a, s) => (s.endAt > a ? s.endAt : a), spans[0]!.endAt);
  const busy = await tx
    .select({ id: lesson.id, title: lesson.title, startAt: lesson.startAt, endAt: lesson.endAt })
    .from(lesson)
    .where(
      and(
        eq(lesson.trainerMemberId, trainerMemberId),
        eq(lesson.status, 'OPEN'),
        lt(lesson.startAt, last),
        gt(lesson.endAt, first),
        lessonIdNotIn(except),
      ),
    );
  for (const s of spans) {
    const clash = busy.find((b) => overlaps(b, s));
    if (clash) throw refused('trainerOverlap', { title: clash.title, at: seoulDateTime(clash.startAt) });
  }
};

/** The occurrences a new lesson gives: one day, or every weekday of its recurrence (400 on a wrong field). */
const occurrencesOf = (input: LessonCreate): Occurrence[] => {
  if (input.repeat) {
    const recurrence = {
      startDate: input.date,
      untilDate: input.repeat.untilDate,
      weekdays: input.repeat.weekdays,
      startTime: input.startTime,
      endTime: input.endTime,
    };
    const problem = recurrenceProblem(recurrence);
    if (problem)
      throw badField(
        problem.field === 'untilDate'
          ? 'repeat.untilDate'
          : problem.field === 'weekdays'
            ? 'repeat.weekdays'
            : problem.field,
        problem.problem,
      );
    const occurrences = expandWeekly(recurrence);
    if (occurrences.length === 0) throw badField('repeat.weekdays', 'noWeekdays');
    return occurrences;
  }
  const problem = recurrenceProblem({
    startDate: input.date,
    untilDate: input.date,
    weekdays: [0],
    startTime: input.startTime,
    endTime: input.endTime,
  });
  if (problem && problem.field !== 'weekdays')
    throw badField(problem.field === 'startDate' ? 'date' : problem.field, problem.problem);
  return [
    {
      date: input.date,
      startAt: seoulInstant(input.date, input.startTime),
      endAt: seoulInstant(input.date, input.endTime),
    },
  ];
};

/** The series row of a weekly lesson; null for a one-off. */
const insertSeries = async (tx: Executor, actor: Actor, input: LessonCreate): Promise<number | null> => {
  if (!input.repeat) return null;
  const [series] = await tx
    .insert(lessonSeries)
    .values({
      gymId: input.gymId,
      weekdays: [...new Set(input.repeat.weekdays)].sort(),
      startDate: input.date,
      untilDate: input.repeat.untilDate,
      startTime: input.startTime,
      endTime: input.endTime,
      createDate: actor.now,
    })
    .returning({ id: lessonSeries.id });
  return series!.id;
};

/** Writes a one-off lesson or every occurrence of a weekly one (docs/rules.md#schedule). */
export const createLessons = async (tx: Executor, actor: Actor, input: LessonCreate): Promise<number[]> => {
  const { gymId } = input;
  const occurrences = occurrencesOf(input);
  await assertTrainer(tx, gymId, input.trainerMemberId);
  await assertTickets(tx, gymId, input.ticketIds);
  await assertTrainerFree(tx, input.trainerMemberId, occurrences);
  const seriesId = await insertSeries(tx, actor, input);
  const rows = await tx
    .insert(lesson)
    .values(
      occurrences.map((o) => ({
        gymId,
        seriesId,
        title: input.title,
        lessonType: input.lessonType,
        trainerMemberId: input.trainerMemberId ?? null,
        room: input.room ?? null,
        startAt: o.startAt,
        endAt: o.endAt,
        capacity: input.capacity,
        ticketIds: [...new Set(input.ticketIds ?? [])],
        openDaysAhead: input.openDaysAhead ?? null,
        closeMinutesBefore: input.closeMinutesBefore ?? null,
        createdByMemberId: actor.memberId,
        createDate: actor.now,
        modifiedDate: actor.now,
      })),
    )
    .returning({ id: lesson.id });
  const ids = rows.map((r) => r.id);
  await audited(tx, actor, {
    gymId,
    action: 'lesson.create',
    entity: 'lesson',
    entityId: ids[0]!,
    before: null,
    after: { title: input.title, occurrences: ids.length, seriesId, first: occurrences[0]!.date },
  });
  return ids;
};

/** The occurrences an edit of `row` reaches: itself, it and the later ones of its series, or the whole series. */
const reachOf = async (tx: Executor, row: LessonRow, scope: Scope): Promise<LessonRow[]> => {
  if (scope === 'ONE' || row.seriesId === null) return [row];
  return tx
    .select()
    .from(lesson)
    .where(
      and(
        eq(lesson.seriesId, row.seriesId),
        eq(lesson.status, 'OPEN'),
        scope === 'FOLLOWING' ? gte(lesson.startAt, row.startAt) : undefined,
      ),
    )
    .orderBy(asc(lesson.startAt))
    .for('update');
};

/** Where each occurrence reached goes: a new day moves this one; new times apply on each one's own day. */
const movesOf = (reached: readonly LessonRow[], patch: LessonUpdate) =>
  reached.map((r) => {
    const day = patch.date ?? seoulToday(r.startAt);
    const startTime = patch.startTime ?? seoulClock(r.startAt);
    const endTime = patch.endTime ?? seoulClock(r.endAt);
    return {
      row: r,
      day,
      startAt: seoulInstant(day, startTime),
      endAt: seoulInstant(day, endTime),
      startTime,
      endTime,
    };
  });

type Move = ReturnType<typeof movesOf>[number];

/** The row an occurrence becomes: the patch's fields over its own. */
const editedLesson = (n: Move, patch: LessonUpdate, trainerId: number | null, now: Date) => ({
  title: patch.title ?? n.row.title,
  trainerMemberId: trainerId,
  room: patch.room !== undefined ? patch.room : n.row.room,
  capacity: patch.capacity ?? n.row.capacity,
  ticketIds: patch.ticketIds !== undefined ? [...new Set(patch.ticketIds)] : n.row.ticketIds,
  openDaysAhead: patch.openDaysAhead !== undefined ? patch.openDaysAhead : n.row.openDaysAhead,
  closeMinutesBefore:
    patch.closeMinutesBefore !== undefined ? patch.closeMinutesBefore : n.row.closeMinutesBefore,
  startAt: n.startAt,
  endAt: n.endAt,
  modifiedDate: now,
});

/**
 * Edits a lesson, or the later or all occurrences of its series. A new day moves only this occurrence; new times
 * move every occurrence reached to the same clock times on its own day. Moving a booked lesson marks its
 * reservations DELAY and sends each customer a notice; raising the capacity promotes from the waitlist.
 */
export const updateLessons = async (
  tx: Executor,
  actor: Actor,
  id: number,
  patch: LessonUpdate,
): Promise<{ ids: number[]; delayed: number }> => {
  const row = await lockLesson(tx, id);
  if (row.status === 'CANCEL') throw refused('lessonCancelled');
  const scope = row.seriesId === null ? 'ONE' : patch.scope;
  if (patch.date !== undefined && scope !== 'ONE') throw badField('date', 'dateOnlyForOne');
  await assertTrainer(tx, row.gymId, patch.trainerMemberId);
  await assertTickets(tx, row.gymId, patch.ticketIds);
  const reached = await reachOf(tx, row, scope);
  const counts = await liveCounts(
    tx,
    reached.map((r) => r.id),
  );
  const moved = patch.date !== undefined || patch.startTime !== undefined || patch.endTime !== undefined;
  const next = movesOf(reached, patch);
  for (const n of next) {
    if (n.endTime <= n.startTime) throw badField('endTime', 'endBeforeStart');
    const booked = counts.get(n.row.id)?.booked ?? 0;
    if (patch.capacity !== undefined && patch.capacity < booked)
      throw badField('capacity', 'capacityBelowBooked');
  }
  const trainerId = patch.trainerMemberId !== undefined ? patch.trainerMemberId : row.trainerMemberId;
  if (moved || patch.trainerMemberId !== undefined) {
    await assertTrainerFree(
      tx,
      trainerId,
      next.map((n) => ({ startAt: n.startAt, endAt: n.endAt })),
      next.map((n) => n.row.id),
    );
  }
  let delayed = 0;
  const settings = await bookingSettingsOf(tx, row.gymId);
  for (const n of next) {
    const changesTime =
      n.startAt.getTime() !== n.row.startAt.getTime() || n.endAt.getTime() !== n.row.endAt.getTime();
    const [updated] = await tx
      .update(lesson)
      .set(editedLesson(n, patch, trainerId, actor.now))
      .where(eq(lesson.id, n.row.id))
      .returning();
    if (changesTime) delayed += await delayReservations(tx, actor, updated!);
    if (patch.capacity !== undefined && patch.capacity > n.row.capacity)
      await promoteWaiting(tx, actor, updated!, rulesFor(settings, updated!));
  }
  await audited(tx, actor, {
    gymId: row.gymId,
    action: 'lesson.update',
    entity: 'lesson',
    entityId: id,
    before: {
      title: row.title,
      startAt: row.startAt.toISOString(),
      capacity: row.capacity,
      trainerMemberId: row.trainerMemberId,
    },
    after: { ...patch, scope, occurrences: next.length, delayed },
  });
  return { ids: next.map((n) => n.row.id), delayed };
};

/** The booked reservations of a moved lesson become DELAY, each with a notice. */
const delayReservations = async (tx: Executor, actor: Actor, l: LessonRow): Promise<number> => {
  const rows = await tx
    .select({ r: reservation, phone: member.phone })
    .from(reservation)
    .innerJoin(member, eq(member.id, reservation.memberId))
    .where(and(eq(reservation.lessonId, l.id), eq(reservation.status, 'COMPLETE')));
  for (const { r, phone } of rows) {
    await tx
      .update(reservation)
      .set({ status: 'DELAY', modifiedDate: actor.now })
      .where(eq(reservation.id, r.id));
    await writeEvent(tx, actor, r, 'DELAY', 'COMPLETE', 'DELAY', seoulDateTime(l.startAt));
    await notify(tx, actor, { memberId: r.memberId, phone }, 'delayed', l);
  }
  return rows.length;
};

/** Cancels one occurrence's reservations, giving back every session used; returns how many. */
const cancelBookingsOf = async (tx: Executor, actor: Actor, l: LessonRow, reason: string) => {
  const rows = await tx
    .select({ r: reservation, phone: member.phone })
    .from(reservation)
    .innerJoin(member, eq(member.id, reservation.memberId))
    .where(and(eq(reservation.lessonId, l.id), ne(reservation.status, 'CANCEL')));
  for (const { r } of rows) {
    if (r.usageId !== null) {
      await consumeSessions(tx, actor, r.ticketIssueId, {
        sessions: -1,
        note: `lesson cancelled: ${reason}`,
        kind: 'ADJUST',
      });
    }
    await tx
      .update(reservation)
      .set({ status: 'CANCEL', attendance: null, usageId: null, modifiedDate: actor.now })
      .where(eq(reservation.id, r.id));
    await writeEvent(tx, actor, r, 'LESSON_CANCEL', r.status, 'CANCEL', reason);
  }
  // The automatic message when switched on, else (or for whoever it could not tell) the schedule's own notice.
  const told = await sendBookingNotices(
    tx,
    actor,
    l.gymId,
    'BOOKING_CANCELLED',
    rows.map(({ r }) => ({ reservationId: r.id, memberId: r.memberId })),
  );
  for (const { r, phone } of rows)
    if (!told.has(r.id)) await notify(tx, actor, { memberId: r.memberId, phone }, 'lessonCancelled', l);
  return rows.length;
};

/**
 * Cancels a lesson (or its later or all occurrences): every reservation is cancelled, every session comes back,
 * and no booking stays attended or marked: a lesson the facility cancelled was not held and pays its trainer
 * nothing (docs/rules.md#trainer-pay).
 */
export const cancelLessons = async (
  tx: Executor,
  actor: Actor,
  id: number,
  input: { reason: string; scope: Scope },
): Promise<{ ids: number[]; delayed: number }> => {
  const row = await lockLesson(tx, id);
  if (row.status === 'CANCEL') throw refused('lessonCancelled');
  const reached = await reachOf(tx, row, row.seriesId === null ? 'ONE' : input.scope);
  let cancelled = 0;
  for (const l of reached) {
    await tx
      .update(lesson)
      .set({ status: 'CANCEL', cancelReason: input.reason, modifiedDate: actor.now })
      .where(eq(lesson.id, l.id));
    cancelled += await cancelBookingsOf(tx, actor, l, input.reason);
  }
  await audited(tx, actor, {
    gymId: row.gymId,
    action: 'lesson.cancel',
    entity: 'lesson',
    entityId: id,
    before: { status: 'OPEN' },
    after: { status: 'CANCEL', reason: input.reason, occurrences: reached.length, reservations: cancelled },
  });
  return { ids: reached.map((l) => l.id), delayed: cancelled };
};
