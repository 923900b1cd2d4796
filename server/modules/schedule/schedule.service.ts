import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { TOTAL_CAP } from '#domain/resources/define.ts';
import { maskPhone } from '#domain/rules/customer.ts';
import { passState, sessionsLeft } from '#domain/rules/passes.ts';
import {
  type BookingSettings,
  bookingWindow,
  cancelTiming,
  defaultBookingSettings,
  expandWeekly,
  liveReservationStatuses,
  type Occurrence,
  overlaps,
  placeFor,
  type ReservationStatus,
  recurrenceProblem,
  seoulClock,
  seoulDateTime,
  seoulInstant,
  usesSession,
  waitlistOpen,
} from '#domain/rules/schedule.ts';
import { addDays, seoulToday } from '#domain/rules/seoul-time.ts';
import type {
  Lesson,
  LessonCreate,
  LessonDetail,
  LessonUpdate,
  Reservation,
  ReservationDetail,
  ReservationListQuery,
  RosterEntry,
} from '#domain/schemas/schedule.ts';
import type { Db, Executor } from '../../db/client.ts';
import {
  bookingSetting,
  gym,
  type LessonRow,
  lesson,
  lessonSeries,
  member,
  type ReservationRow,
  reservation,
  reservationEvent,
  ticket,
  ticketHold,
  ticketIssue,
  ticketUsage,
  trainer,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { MessageKey } from '../../http/messages.ts';
import type { Actor } from '../../kernel/actor.ts';
import { type AuditEvent, writeAudit } from '../../kernel/audit.ts';
import { enqueue } from '../../kernel/outbox.ts';
import { isActiveWorker } from '../gym-member/gym-member.service.ts';
import { consumeSessions } from '../pass/pass.service.ts';

// The schedule (docs/rules.md#schedule): lessons (one row per occurrence), reservations with the waitlist,
// attendance through the usage ledger, and the notices the outbox sends. Every write takes the transaction it is
// given. Locks are taken in one order (the lesson, then the customer, then the pass), so two writes never wait
// on each other in a circle.

export const RESERVATION_TOPIC = 'reservation';

const audit = (tx: Executor, actor: Actor, event: AuditEvent) =>
  writeAudit(tx, {
    ...event,
    actorMemberId: actor.memberId,
    requestId: actor.requestId,
    now: actor.now,
  });

const refused = (reason: MessageKey, params: Record<string, string | number> = {}) =>
  new AppError('CONFLICT', reason, params, {}, params);

const badField = (field: string, key: string) =>
  new AppError('VALIDATION_FAILED', 'VALIDATION_FAILED', {}, { [field]: key as never });

// ---------------------------------------------------------------------------------------------------------
// The facility's booking rules

export const bookingSettingsOf = async (db: Executor, gymId: number): Promise<BookingSettings> => {
  const [row] = await db.select().from(bookingSetting).where(eq(bookingSetting.gymId, gymId));
  if (!row) return { ...defaultBookingSettings };
  const { gymId: _g, modifiedDate: _m, ...settings } = row;
  return settings;
};

export const saveBookingSettings = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  patch: Partial<BookingSettings>,
): Promise<BookingSettings> => {
  const before = await bookingSettingsOf(tx, gymId);
  const after = { ...before, ...patch };
  await tx
    .insert(bookingSetting)
    .values({ gymId, ...after, modifiedDate: actor.now })
    .onConflictDoUpdate({ target: bookingSetting.gymId, set: { ...after, modifiedDate: actor.now } });
  await audit(tx, actor, {
    gymId,
    action: 'booking-setting.update',
    entity: 'booking-setting',
    entityId: gymId,
    before,
    after,
  });
  return after;
};

/** The lesson's own window, where it overrides the facility's. */
const rulesFor = (
  settings: BookingSettings,
  row: Pick<LessonRow, 'openDaysAhead' | 'closeMinutesBefore'>,
) => ({
  ...settings,
  openDaysAhead: row.openDaysAhead ?? settings.openDaysAhead,
  closeMinutesBefore: row.closeMinutesBefore ?? settings.closeMinutesBefore,
});

// ---------------------------------------------------------------------------------------------------------
// Facilities of records (the routes check the caller's right in it; another facility's id is a 404)

export const gymIdOfLesson = async (db: Executor, id: number): Promise<number> => {
  const [row] = await db.select({ gymId: lesson.gymId }).from(lesson).where(eq(lesson.id, id));
  if (!row) throw notFound();
  return row.gymId;
};

export const gymIdOfReservation = async (db: Executor, id: number): Promise<number> => {
  const [row] = await db.select({ gymId: reservation.gymId }).from(reservation).where(eq(reservation.id, id));
  if (!row) throw notFound();
  return row.gymId;
};

const lockLesson = async (tx: Executor, id: number): Promise<LessonRow> => {
  const [row] = await tx.select().from(lesson).where(eq(lesson.id, id)).for('update');
  if (!row) throw notFound();
  return row;
};

// ---------------------------------------------------------------------------------------------------------
// Lessons

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
        except.length > 0 ? sql`${lesson.id} not in ${except}` : undefined,
      ),
    );
  for (const s of spans) {
    const clash = busy.find((b) => overlaps(b, s));
    if (clash) throw refused('trainerOverlap', { title: clash.title, at: seoulDateTime(clash.startAt) });
  }
};

/** Writes a one-off lesson or every occurrence of a weekly one (docs/rules.md#schedule). */
export const createLessons = async (tx: Executor, actor: Actor, input: LessonCreate): Promise<number[]> => {
  const { gymId } = input;
  let occurrences: Occurrence[];
  let seriesId: number | null = null;
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
    occurrences = expandWeekly(recurrence);
    if (occurrences.length === 0) throw badField('repeat.weekdays', 'noWeekdays');
  } else {
    const problem = recurrenceProblem({
      startDate: input.date,
      untilDate: input.date,
      weekdays: [0],
      startTime: input.startTime,
      endTime: input.endTime,
    });
    if (problem && problem.field !== 'weekdays')
      throw badField(problem.field === 'startDate' ? 'date' : problem.field, problem.problem);
    occurrences = [
      {
        date: input.date,
        startAt: seoulInstant(input.date, input.startTime),
        endAt: seoulInstant(input.date, input.endTime),
      },
    ];
  }
  await assertTrainer(tx, gymId, input.trainerMemberId);
  await assertTickets(tx, gymId, input.ticketIds);
  await assertTrainerFree(tx, input.trainerMemberId, occurrences);
  if (input.repeat) {
    const [series] = await tx
      .insert(lessonSeries)
      .values({
        gymId,
        weekdays: [...new Set(input.repeat.weekdays)].sort(),
        startDate: input.date,
        untilDate: input.repeat.untilDate,
        startTime: input.startTime,
        endTime: input.endTime,
        createDate: actor.now,
      })
      .returning({ id: lessonSeries.id });
    seriesId = series!.id;
  }
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
  await audit(tx, actor, {
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
const reachOf = async (
  tx: Executor,
  row: LessonRow,
  scope: 'ONE' | 'FOLLOWING' | 'ALL',
): Promise<LessonRow[]> => {
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

const liveCounts = async (db: Executor, lessonIds: readonly number[]) => {
  if (lessonIds.length === 0) return new Map<number, { booked: number; waiting: number }>();
  const rows = await db
    .select({
      lessonId: reservation.lessonId,
      booked: sql<number>`count(*) filter (where ${reservation.status} in ('COMPLETE', 'DELAY'))`.mapWith(
        Number,
      ),
      waiting: sql<number>`count(*) filter (where ${reservation.status} = 'WAITING')`.mapWith(Number),
    })
    .from(reservation)
    .where(
      and(
        inArray(reservation.lessonId, [...lessonIds]),
        inArray(reservation.status, [...liveReservationStatuses]),
      ),
    )
    .groupBy(reservation.lessonId);
  return new Map(rows.map((r) => [r.lessonId, { booked: r.booked, waiting: r.waiting }]));
};

/**
 * Who a PT lesson is with, for the calendar's blocks (issue 27 item 13): the booked customers' names in booking
 * order, one statement for all the PT lessons of the range.
 */
const ptCustomers = async (db: Executor, lessonIds: readonly number[]) => {
  if (lessonIds.length === 0) return new Map<number, string>();
  const rows = await db
    .select({
      lessonId: reservation.lessonId,
      names: sql<string>`string_agg(${member.name}, ', ' order by ${reservation.id})`,
    })
    .from(reservation)
    .innerJoin(member, eq(member.id, reservation.memberId))
    .where(
      and(inArray(reservation.lessonId, [...lessonIds]), inArray(reservation.status, ['COMPLETE', 'DELAY'])),
    )
    .groupBy(reservation.lessonId);
  return new Map(rows.map((r) => [r.lessonId, r.names]));
};

/**
 * A notice to a customer through the outbox (docs/architecture.md#outbox), in both languages, signed with the
 * facility's name.
 */
const notify = async (
  tx: Executor,
  actor: Actor,
  to: { memberId: number; phone: string },
  kind: 'promoted' | 'delayed' | 'lessonCancelled',
  l: Pick<LessonRow, 'title' | 'startAt' | 'gymId'>,
) => {
  const when = seoulDateTime(l.startAt);
  const [facility] = await tx.select({ name: gym.name }).from(gym).where(eq(gym.id, l.gymId));
  const sign = `[${facility?.name ?? ''}]`;
  const text = {
    promoted: {
      ko: `${sign} 대기하시던 ${when} ${l.title} 수업에 자리가 생겨 예약이 확정되었습니다.`,
      en: `${sign} A place opened on ${l.title} at ${when}: your booking is confirmed.`,
    },
    delayed: {
      ko: `${sign} 예약하신 ${l.title} 수업이 ${when}(으)로 변경되었습니다.`,
      en: `${sign} Your lesson ${l.title} has moved to ${when}.`,
    },
    lessonCancelled: {
      ko: `${sign} ${when} ${l.title} 수업이 취소되었습니다. 예약 횟수는 차감되지 않습니다.`,
      en: `${sign} ${l.title} at ${when} has been cancelled. No session is used.`,
    },
  }[kind];
  await enqueue(tx as Db, {
    topic: RESERVATION_TOPIC,
    payload: { gymId: l.gymId, to: to.phone, memberId: to.memberId, kind, text },
    now: actor.now,
  });
};

const event = (
  tx: Executor,
  actor: Actor,
  r: Pick<ReservationRow, 'id' | 'gymId'>,
  action: string,
  from: ReservationStatus | null,
  to: ReservationStatus,
  note: string | null = null,
) =>
  tx.insert(reservationEvent).values({
    gymId: r.gymId,
    reservationId: r.id,
    action,
    fromStatus: from,
    toStatus: to,
    note,
    actorMemberId: actor.memberId,
    createDate: actor.now,
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
  const next = reached.map((r) => {
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
      .set({
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
        modifiedDate: actor.now,
      })
      .where(eq(lesson.id, n.row.id))
      .returning();
    if (changesTime) delayed += await delayReservations(tx, actor, updated!);
    if (patch.capacity !== undefined && patch.capacity > n.row.capacity)
      await promoteWaiting(tx, actor, updated!, rulesFor(settings, updated!));
  }
  await audit(tx, actor, {
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
    await event(tx, actor, r, 'DELAY', 'COMPLETE', 'DELAY', seoulDateTime(l.startAt));
    await notify(tx, actor, { memberId: r.memberId, phone }, 'delayed', l);
  }
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
  input: { reason: string; scope: 'ONE' | 'FOLLOWING' | 'ALL' },
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
    const rows = await tx
      .select({ r: reservation, phone: member.phone })
      .from(reservation)
      .innerJoin(member, eq(member.id, reservation.memberId))
      .where(and(eq(reservation.lessonId, l.id), ne(reservation.status, 'CANCEL')));
    for (const { r, phone } of rows) {
      if (r.usageId !== null) {
        await consumeSessions(tx, actor, r.ticketIssueId, {
          sessions: -1,
          note: `lesson cancelled: ${input.reason}`,
          kind: 'ADJUST',
        });
      }
      await tx
        .update(reservation)
        .set({ status: 'CANCEL', attendance: null, usageId: null, modifiedDate: actor.now })
        .where(eq(reservation.id, r.id));
      await event(tx, actor, r, 'LESSON_CANCEL', r.status, 'CANCEL', input.reason);
      await notify(tx, actor, { memberId: r.memberId, phone }, 'lessonCancelled', l);
      cancelled += 1;
    }
  }
  await audit(tx, actor, {
    gymId: row.gymId,
    action: 'lesson.cancel',
    entity: 'lesson',
    entityId: id,
    before: { status: 'OPEN' },
    after: { status: 'CANCEL', reason: input.reason, occurrences: reached.length, reservations: cancelled },
  });
  return { ids: reached.map((l) => l.id), delayed: cancelled };
};

const trainerName = alias(member, 'trainer_member');

const lessonColumns = {
  l: lesson,
  trainerName: trainerName.name,
  trainerColor: trainer.color,
};

const lessonFrom = (db: Executor) =>
  db
    .select(lessonColumns)
    .from(lesson)
    .leftJoin(trainerName, eq(trainerName.id, lesson.trainerMemberId))
    .leftJoin(trainer, and(eq(trainer.gymId, lesson.gymId), eq(trainer.memberId, lesson.trainerMemberId)));

const DEFAULT_COLOR = '#0958d9';

const toLesson = (
  row: { l: LessonRow; trainerName: string | null; trainerColor: string | null },
  counts: { booked: number; waiting: number } | undefined,
  customerName: string | null = null,
): Lesson => ({
  id: row.l.id,
  gymId: row.l.gymId,
  seriesId: row.l.seriesId,
  title: row.l.title,
  lessonType: row.l.lessonType,
  trainerMemberId: row.l.trainerMemberId,
  trainerName: row.trainerName,
  room: row.l.room,
  startAt: row.l.startAt.toISOString(),
  endAt: row.l.endAt.toISOString(),
  capacity: row.l.capacity,
  ticketIds: row.l.ticketIds,
  openDaysAhead: row.l.openDaysAhead,
  closeMinutesBefore: row.l.closeMinutesBefore,
  status: row.l.status,
  cancelReason: row.l.cancelReason,
  color: row.trainerColor ?? DEFAULT_COLOR,
  booked: counts?.booked ?? 0,
  waiting: counts?.waiting ?? 0,
  customerName: row.l.lessonType === 'PT' ? customerName : null,
});

/**
 * The lessons between two Seoul days (both included, at most 42), with their counts and, for PT, who it is with:
 * three statements.
 */
export const listLessons = async (
  db: Executor,
  gymId: number,
  query: {
    from: string;
    to: string;
    trainerMemberId?: number | undefined;
    room?: string | undefined;
    lessonType?: string | undefined;
  },
  /** The calendar's month view is at most 42 days; the booking page reads its whole window (up to 91). */
  maxDays = 42,
): Promise<Lesson[]> => {
  if (query.to < query.from) throw badField('to', 'endBeforeStart');
  const last = addDays(query.from, maxDays - 1);
  const to = query.to > last ? last : query.to;
  const rows = await lessonFrom(db)
    .where(
      and(
        eq(lesson.gymId, gymId),
        gte(lesson.startAt, seoulInstant(query.from, '00:00')),
        lt(lesson.startAt, seoulInstant(addDays(to, 1), '00:00')),
        query.trainerMemberId ? eq(lesson.trainerMemberId, query.trainerMemberId) : undefined,
        query.room ? eq(lesson.room, query.room) : undefined,
        query.lessonType ? eq(lesson.lessonType, query.lessonType as LessonRow['lessonType']) : undefined,
      ),
    )
    .orderBy(asc(lesson.startAt), asc(lesson.id))
    .limit(5000);
  const counts = await liveCounts(
    db,
    rows.map((r) => r.l.id),
  );
  const customers = await ptCustomers(
    db,
    rows.filter((r) => r.l.lessonType === 'PT').map((r) => r.l.id),
  );
  return rows.map((r) => toLesson(r, counts.get(r.l.id), customers.get(r.l.id) ?? null));
};

/** Sessions of a pass held by bookings that have not used one yet. */
const heldSessions = async (db: Executor, issueId: number, except?: number): Promise<number> => {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(reservation)
    .where(
      and(
        eq(reservation.ticketIssueId, issueId),
        inArray(reservation.status, ['COMPLETE', 'DELAY']),
        isNull(reservation.usageId),
        isNull(reservation.attendance),
        except ? ne(reservation.id, except) : undefined,
      ),
    );
  return row?.n ?? 0;
};

const usedSessions = async (db: Executor, issueId: number): Promise<number> => {
  const [row] = await db
    .select({ used: sql<number>`coalesce(sum(${ticketUsage.sessions}), 0)`.mapWith(Number) })
    .from(ticketUsage)
    .where(eq(ticketUsage.ticketIssueId, issueId));
  return row?.used ?? 0;
};

/** One lesson with its roster (staff): each customer's pass and sessions left, the line in order. */
export const lessonDetail = async (db: Executor, id: number): Promise<LessonDetail> => {
  const [row] = await lessonFrom(db).where(eq(lesson.id, id));
  if (!row) throw notFound();
  const roster = await db
    .select({
      r: reservation,
      name: member.name,
      phone: member.phone,
      ticketName: ticketIssue.ticketName,
      sessionCount: ticketIssue.sessionCount,
      used: sql<number>`(select coalesce(sum(u.sessions), 0) from ticket_usage u where u.ticket_issue_id = ${reservation.ticketIssueId})`.mapWith(
        Number,
      ),
    })
    .from(reservation)
    .innerJoin(member, eq(member.id, reservation.memberId))
    .innerJoin(ticketIssue, eq(ticketIssue.id, reservation.ticketIssueId))
    .where(eq(reservation.lessonId, id))
    .orderBy(asc(reservation.id))
    .limit(1000);
  let position = 0;
  const entries: RosterEntry[] = roster.map((e) => ({
    id: e.r.id,
    memberId: e.r.memberId,
    name: e.name,
    phone: maskPhone(e.phone),
    ticketIssueId: e.r.ticketIssueId,
    ticketName: e.ticketName,
    sessionsLeft: sessionsLeft(e.sessionCount, e.used),
    status: e.r.status,
    attendance: e.r.attendance,
    late: e.r.late,
    waitPosition: e.r.status === 'WAITING' ? ++position : null,
    createDate: e.r.createDate.toISOString(),
  }));
  const bookedEntries = entries.filter((e) => e.status === 'COMPLETE' || e.status === 'DELAY');
  const booked = bookedEntries.length;
  const settings = await bookingSettingsOf(db, row.l.gymId);
  return {
    ...toLesson(row, { booked, waiting: position }, bookedEntries.map((e) => e.name).join(', ') || null),
    roster: entries,
    noShowUsesSession: settings.noShowUsesSession,
    lateCancelUsesSession: settings.lateCancelUsesSession,
  };
};

// ---------------------------------------------------------------------------------------------------------
// Booking

type PassCandidate = typeof ticketIssue.$inferSelect;

/**
 * Why this pass cannot hold a place on this lesson, or null (docs/rules.md#schedule): the lesson accepts its
 * product; on the lesson's day it is in force (not refunded, started, not ended, not on hold); a pass with
 * sessions has one that no other booking holds.
 */
const passProblem = async (
  tx: Executor,
  issue: PassCandidate,
  l: LessonRow,
  needsSession: boolean,
  exceptReservation?: number,
): Promise<{ reason: MessageKey; params?: Record<string, string> } | null> => {
  if (l.ticketIds.length > 0 && !l.ticketIds.includes(issue.ticketId)) return { reason: 'passNotAccepted' };
  const day = seoulToday(l.startAt);
  const used = await usedSessions(tx, issue.id);
  const holds = await tx
    .select({ startDate: ticketHold.startDate, endDate: ticketHold.endDate })
    .from(ticketHold)
    .where(eq(ticketHold.ticketIssueId, issue.id));
  const state = passState(
    {
      status: issue.status,
      startDate: issue.startDate,
      endDate: issue.endDate,
      sessionCount: issue.sessionCount,
      sessionsUsed: used,
      holds,
    },
    day,
  );
  if (state === 'REFUNDED') return { reason: 'passRefunded' };
  if (state === 'USED_UP') return { reason: 'noSessionsLeft' };
  if (state === 'EXPIRED') return { reason: 'passExpired' };
  if (state === 'UPCOMING') return { reason: 'passNotStarted', params: { start: issue.startDate } };
  if (state === 'HELD') {
    const hold = holds.find((h) => h.startDate <= day && day <= h.endDate);
    return { reason: 'passOnHold', params: { until: hold?.endDate ?? day } };
  }
  if (needsSession && issue.sessionCount !== null) {
    const held = await heldSessions(tx, issue.id, exceptReservation);
    if (issue.sessionCount - used - held <= 0) return { reason: 'passSessionsHeld' };
  }
  return null;
};

/** The customer's passes that might serve, the ones ending first first. */
const candidatePasses = (tx: Executor, gymId: number, memberId: number) =>
  tx
    .select()
    .from(ticketIssue)
    .where(
      and(eq(ticketIssue.gymId, gymId), eq(ticketIssue.memberId, memberId), eq(ticketIssue.status, 'FIN')),
    )
    .orderBy(sql`${ticketIssue.endDate} asc nulls last`, asc(ticketIssue.id))
    .limit(50);

export type BookInput = {
  lessonId: number;
  memberId: number;
  ticketIssueId?: number | undefined;
  source: 'STAFF' | 'SELF';
};

/**
 * Books a customer on a lesson (docs/rules.md#schedule). The lesson's row is locked first, so concurrent bookings
 * of the last places queue: the first `capacity` become COMPLETE and the rest WAITING, in arrival order. The
 * window holds for staff and customers alike; only the most-bookings limit is the booking page's alone.
 */
export const book = async (tx: Executor, actor: Actor, gymId: number, input: BookInput): Promise<number> => {
  const l = await lockLesson(tx, input.lessonId);
  if (l.gymId !== gymId) throw notFound();
  if (l.status === 'CANCEL') throw refused('lessonCancelled');
  if (actor.now >= l.endAt) throw refused('lessonOver');
  const settings = rulesFor(await bookingSettingsOf(tx, gymId), l);
  const window = bookingWindow(l.startAt, actor.now, settings);
  if (!window.ok) {
    throw refused(window.reason, {
      at: seoulDateTime(window.at),
      days: settings.openDaysAhead,
      minutes: settings.closeMinutesBefore,
    });
  }
  const [customer] = await tx
    .select()
    .from(member)
    .where(and(eq(member.id, input.memberId), eq(member.ownerGymId, gymId)))
    .for('update');
  if (!customer) throw notFound();
  if (customer.status === 'QUIT' || customer.erasedAt) throw refused('customerRemoved');
  const [already] = await tx
    .select({ id: reservation.id })
    .from(reservation)
    .where(
      and(
        eq(reservation.lessonId, l.id),
        eq(reservation.memberId, customer.id),
        inArray(reservation.status, [...liveReservationStatuses]),
      ),
    );
  if (already) throw refused('alreadyBooked');
  // Overlaps and the most bookings: the customer's live bookings of lessons still to come.
  const mine = await tx
    .select({ title: lesson.title, startAt: lesson.startAt, endAt: lesson.endAt })
    .from(reservation)
    .innerJoin(lesson, eq(lesson.id, reservation.lessonId))
    .where(
      and(
        eq(reservation.memberId, customer.id),
        inArray(reservation.status, [...liveReservationStatuses]),
        eq(lesson.status, 'OPEN'),
        gt(lesson.endAt, actor.now),
      ),
    )
    .limit(200);
  const clash = mine.find((m) => overlaps(m, l));
  if (clash) throw refused('bookingOverlap', { title: clash.title, at: seoulDateTime(clash.startAt) });
  if (input.source === 'SELF' && mine.length >= settings.maxActiveBookings)
    throw refused('tooManyBookings', { max: settings.maxActiveBookings });

  const [counts] = await tx
    .select({ booked: sql<number>`count(*)`.mapWith(Number) })
    .from(reservation)
    .where(and(eq(reservation.lessonId, l.id), inArray(reservation.status, ['COMPLETE', 'DELAY'])));
  const status = placeFor(counts?.booked ?? 0, l.capacity);
  if (status === 'WAITING' && !waitlistOpen(l.startAt, actor.now, settings)) {
    throw refused('waitlistClosed', {
      at: seoulDateTime(new Date(l.startAt.getTime() - settings.waitlistCloseMinutesBefore * 60_000)),
      minutes: settings.waitlistCloseMinutesBefore,
    });
  }

  // The pass: the one named, or the first that serves; a place needs a session no other booking holds.
  let issue: PassCandidate | undefined;
  if (input.ticketIssueId !== undefined) {
    const [named] = await tx
      .select()
      .from(ticketIssue)
      .where(and(eq(ticketIssue.id, input.ticketIssueId), eq(ticketIssue.gymId, gymId)))
      .for('update');
    if (!named || named.memberId !== customer.id) throw notFound();
    const problem = await passProblem(tx, named, l, status === 'COMPLETE');
    if (problem) throw refused(problem.reason, problem.params);
    issue = named;
  } else {
    let first: { reason: MessageKey; params?: Record<string, string> } | null = null;
    for (const candidate of await candidatePasses(tx, gymId, customer.id)) {
      const [locked] = await tx
        .select()
        .from(ticketIssue)
        .where(eq(ticketIssue.id, candidate.id))
        .for('update');
      const problem = await passProblem(tx, locked!, l, status === 'COMPLETE');
      if (!problem) {
        issue = locked;
        break;
      }
      first ??= problem;
    }
    if (!issue)
      throw refused(
        first && first.reason !== 'passNotAccepted' ? first.reason : 'noBookablePass',
        first?.params,
      );
  }

  const [made] = await tx
    .insert(reservation)
    .values({
      gymId,
      lessonId: l.id,
      memberId: customer.id,
      ticketIssueId: issue.id,
      status,
      source: input.source,
      createdByMemberId: actor.memberId,
      createDate: actor.now,
      modifiedDate: actor.now,
    })
    .returning();
  await event(
    tx,
    actor,
    made!,
    status === 'COMPLETE' ? 'BOOK' : 'WAITLIST',
    null,
    status,
    input.source === 'SELF' ? 'self' : null,
  );
  await audit(tx, actor, {
    gymId,
    action: 'reservation.book',
    entity: 'reservation',
    entityId: made!.id,
    before: null,
    after: { lessonId: l.id, memberId: customer.id, ticketIssueId: issue.id, status, source: input.source },
  });
  return made!.id;
};

/**
 * Promotes from the waitlist while places are free and the waitlist is open: the first WAITING whose pass still
 * serves becomes COMPLETE, in the same transaction, with a notice (docs/rules.md#schedule).
 */
const promoteWaiting = async (tx: Executor, actor: Actor, l: LessonRow, settings: BookingSettings) => {
  if (l.status !== 'OPEN' || !waitlistOpen(l.startAt, actor.now, settings)) return 0;
  const [counts] = await tx
    .select({ booked: sql<number>`count(*)`.mapWith(Number) })
    .from(reservation)
    .where(and(eq(reservation.lessonId, l.id), inArray(reservation.status, ['COMPLETE', 'DELAY'])));
  let free = l.capacity - (counts?.booked ?? 0);
  if (free <= 0) return 0;
  const line = await tx
    .select({ r: reservation, phone: member.phone })
    .from(reservation)
    .innerJoin(member, eq(member.id, reservation.memberId))
    .where(and(eq(reservation.lessonId, l.id), eq(reservation.status, 'WAITING')))
    .orderBy(asc(reservation.id))
    .limit(100);
  let promoted = 0;
  for (const { r, phone } of line) {
    if (free <= 0) break;
    const [issue] = await tx
      .select()
      .from(ticketIssue)
      .where(eq(ticketIssue.id, r.ticketIssueId))
      .for('update');
    if (!issue || (await passProblem(tx, issue, l, true, r.id))) continue;
    await tx
      .update(reservation)
      .set({ status: 'COMPLETE', modifiedDate: actor.now })
      .where(eq(reservation.id, r.id));
    await event(tx, actor, r, 'PROMOTE', 'WAITING', 'COMPLETE');
    await notify(tx, actor, { memberId: r.memberId, phone }, 'promoted', l);
    free -= 1;
    promoted += 1;
  }
  return promoted;
};

const lockReservation = async (tx: Executor, id: number): Promise<ReservationRow> => {
  const [row] = await tx.select().from(reservation).where(eq(reservation.id, id)).for('update');
  if (!row) throw notFound();
  return row;
};

/**
 * Cancels a reservation (docs/rules.md#schedule). Leaving the waitlist is always free. A booking cancelled after
 * the free-cancel time is late: the customer cannot do it, staff can, and it is marked late (and uses a session
 * when the facility says so). A freed place promotes the first in line.
 */
export const cancelReservation = async (
  tx: Executor,
  actor: Actor,
  id: number,
  input: { note?: string | null | undefined; source: 'STAFF' | 'SELF'; memberId?: number },
): Promise<void> => {
  const { lessonId } = await gymLessonOf(tx, id);
  const l = await lockLesson(tx, lessonId);
  const r = await lockReservation(tx, id);
  if (input.memberId !== undefined && r.memberId !== input.memberId) throw notFound();
  if (r.status === 'CANCEL') throw refused('reservationNotLive', { status: r.status });
  if (r.attendance !== null) throw refused('attendanceMarked');
  if (actor.now >= l.endAt) throw refused('lessonOver');
  const settings = rulesFor(await bookingSettingsOf(tx, r.gymId), l);
  const holdsPlace = r.status === 'COMPLETE' || r.status === 'DELAY';
  const late = holdsPlace && cancelTiming(l.startAt, actor.now, settings) === 'LATE';
  if (late && input.source === 'SELF') {
    const until = new Date(l.startAt.getTime() - settings.freeCancelHours * 3_600_000);
    throw refused('lateCancel', { at: seoulDateTime(until), hours: settings.freeCancelHours });
  }
  let usageId: number | null = null;
  if (late && usesSession('LATE_CANCEL', settings)) {
    usageId = await chargeSession(tx, actor, r, 'NOSHOW', 'late cancel');
  }
  await tx
    .update(reservation)
    .set({ status: 'CANCEL', late, usageId, modifiedDate: actor.now })
    .where(eq(reservation.id, id));
  await event(
    tx,
    actor,
    r,
    late ? 'LATE_CANCEL' : 'CANCEL',
    r.status,
    'CANCEL',
    input.note ?? (input.source === 'SELF' ? 'self' : null),
  );
  await audit(tx, actor, {
    gymId: r.gymId,
    action: 'reservation.cancel',
    entity: 'reservation',
    entityId: id,
    before: { status: r.status },
    after: { status: 'CANCEL', late, charged: usageId !== null },
  });
  if (holdsPlace) await promoteWaiting(tx, actor, l, settings);
};

const gymLessonOf = async (db: Executor, id: number) => {
  const [row] = await db
    .select({ gymId: reservation.gymId, lessonId: reservation.lessonId })
    .from(reservation)
    .where(eq(reservation.id, id));
  if (!row) throw notFound();
  return row;
};

/** Uses one session of the reservation's pass (a pass without sessions writes nothing) and returns the ledger row. */
const chargeSession = async (
  tx: Executor,
  actor: Actor,
  r: ReservationRow,
  kind: 'ATTEND' | 'NOSHOW',
  note: string | null,
): Promise<number | null> => {
  const [issue] = await tx
    .select({ sessionCount: ticketIssue.sessionCount })
    .from(ticketIssue)
    .where(eq(ticketIssue.id, r.ticketIssueId));
  if (!issue || issue.sessionCount === null) return null;
  await consumeSessions(tx, actor, r.ticketIssueId, { sessions: 1, note, kind });
  const [row] = await tx
    .select({ id: ticketUsage.id })
    .from(ticketUsage)
    .where(eq(ticketUsage.ticketIssueId, r.ticketIssueId))
    .orderBy(desc(ticketUsage.id))
    .limit(1);
  return row?.id ?? null;
};

/**
 * Marks attendance once the lesson has started: attended uses a session; a no-show uses one only when the
 * facility's setting says so (docs/rules.md#schedule).
 */
export const markAttendance = async (
  tx: Executor,
  actor: Actor,
  id: number,
  mark: 'ATTENDED' | 'NOSHOW',
): Promise<void> => {
  const { lessonId } = await gymLessonOf(tx, id);
  const l = await lockLesson(tx, lessonId);
  const r = await lockReservation(tx, id);
  if (l.status === 'CANCEL') throw refused('lessonCancelled');
  if (r.status !== 'COMPLETE' && r.status !== 'DELAY')
    throw refused('reservationNotLive', { status: r.status });
  if (r.attendance !== null) throw refused('attendanceMarked');
  if (actor.now < l.startAt) throw refused('attendanceTooEarly', { at: seoulDateTime(l.startAt) });
  const settings = await bookingSettingsOf(tx, r.gymId);
  const usageId = usesSession(mark, settings)
    ? await chargeSession(
        tx,
        actor,
        r,
        mark === 'ATTENDED' ? 'ATTEND' : 'NOSHOW',
        `${l.title} ${seoulDateTime(l.startAt)}`,
      )
    : null;
  await tx
    .update(reservation)
    .set({ attendance: mark, usageId, modifiedDate: actor.now })
    .where(eq(reservation.id, id));
  await event(
    tx,
    actor,
    r,
    mark === 'ATTENDED' ? 'ATTEND' : 'NOSHOW',
    r.status,
    r.status,
    usageId ? 'session used' : null,
  );
  await audit(tx, actor, {
    gymId: r.gymId,
    action: 'reservation.attendance',
    entity: 'reservation',
    entityId: id,
    before: { attendance: null },
    after: { attendance: mark, charged: usageId !== null },
  });
};

// ---------------------------------------------------------------------------------------------------------
// The reservation history

const reservationColumns = {
  r: reservation,
  lessonTitle: lesson.title,
  startAt: lesson.startAt,
  endAt: lesson.endAt,
  trainerName: trainerName.name,
  memberName: member.name,
  phone: member.phone,
  ticketName: ticketIssue.ticketName,
};

const reservationFrom = (db: Executor) =>
  db
    .select(reservationColumns)
    .from(reservation)
    .innerJoin(lesson, eq(lesson.id, reservation.lessonId))
    .innerJoin(member, eq(member.id, reservation.memberId))
    .innerJoin(ticketIssue, eq(ticketIssue.id, reservation.ticketIssueId))
    .leftJoin(trainerName, eq(trainerName.id, lesson.trainerMemberId));

type ReservationJoin = {
  r: ReservationRow;
  lessonTitle: string;
  startAt: Date;
  endAt: Date;
  trainerName: string | null;
  memberName: string;
  phone: string;
  ticketName: string;
};

const toReservation = (row: ReservationJoin): Reservation => ({
  id: row.r.id,
  gymId: row.r.gymId,
  lessonId: row.r.lessonId,
  lessonTitle: row.lessonTitle,
  startAt: row.startAt.toISOString(),
  endAt: row.endAt.toISOString(),
  trainerName: row.trainerName,
  memberId: row.r.memberId,
  memberName: row.memberName,
  phone: maskPhone(row.phone),
  ticketIssueId: row.r.ticketIssueId,
  ticketName: row.ticketName,
  status: row.r.status,
  attendance: row.r.attendance,
  late: row.r.late,
  source: row.r.source,
  createDate: row.r.createDate.toISOString(),
});

export const reservationRecord = async (db: Executor, id: number): Promise<Reservation> => {
  const [row] = await reservationFrom(db).where(eq(reservation.id, id));
  if (!row) throw notFound();
  return toReservation(row);
};

const reservationWhere = (gymId: number, q: ReservationListQuery): SQL | undefined =>
  and(
    eq(reservation.gymId, gymId),
    q.status ? eq(reservation.status, q.status) : undefined,
    q.from ? gte(lesson.startAt, seoulInstant(q.from, '00:00')) : undefined,
    q.to ? lt(lesson.startAt, seoulInstant(addDays(q.to, 1), '00:00')) : undefined,
    q.trainerMemberId ? eq(lesson.trainerMemberId, q.trainerMemberId) : undefined,
    q.memberId ? eq(reservation.memberId, q.memberId) : undefined,
    q.lessonId ? eq(reservation.lessonId, q.lessonId) : undefined,
    q.late === true ? eq(reservation.late, true) : q.late === false ? eq(reservation.late, false) : undefined,
  );

/** Every reservation of a facility, newest lesson first: the page and a capped count, two statements. */
export const listReservations = async (db: Executor, gymId: number, q: ReservationListQuery) => {
  const where = reservationWhere(gymId, q);
  const size = Math.min(Math.max(q._end - q._start, 1), 100);
  const rows = await reservationFrom(db)
    .where(where)
    .orderBy(desc(lesson.startAt), desc(reservation.id))
    .limit(size)
    .offset(q._start);
  const capped = db
    .select({ one: sql`1` })
    .from(reservation)
    .innerJoin(lesson, eq(lesson.id, reservation.lessonId))
    .where(where)
    .limit(TOTAL_CAP + 1)
    .as('capped');
  const [count] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(capped);
  const total = count?.n ?? 0;
  return { data: rows.map(toReservation), total: Math.min(total, TOTAL_CAP), capped: total > TOTAL_CAP };
};

const actorName = alias(member, 'actor_member');

export const reservationDetail = async (db: Executor, id: number): Promise<ReservationDetail> => {
  const record = await reservationRecord(db, id);
  const events = await db
    .select({ e: reservationEvent, actorName: actorName.name })
    .from(reservationEvent)
    .leftJoin(actorName, eq(actorName.id, reservationEvent.actorMemberId))
    .where(eq(reservationEvent.reservationId, id))
    .orderBy(asc(reservationEvent.id))
    .limit(200);
  return {
    ...record,
    events: events.map(({ e, actorName: name }) => ({
      id: e.id,
      action: e.action,
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      note: e.note,
      actorName: name,
      createDate: e.createDate.toISOString(),
    })),
  };
};

/** Reservations still live on lessons to come for one customer (the booking page, the customer detail). */
export const upcomingOf = (db: Executor, gymId: number, memberId: number, now: Date) =>
  db
    .select({ r: reservation, lessonTitle: lesson.title, startAt: lesson.startAt })
    .from(reservation)
    .innerJoin(lesson, eq(lesson.id, reservation.lessonId))
    .where(
      and(
        eq(reservation.gymId, gymId),
        eq(reservation.memberId, memberId),
        inArray(reservation.status, [...liveReservationStatuses]),
        gt(lesson.endAt, now),
      ),
    )
    .orderBy(asc(lesson.startAt))
    .limit(100);
