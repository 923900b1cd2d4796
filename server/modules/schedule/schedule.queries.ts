import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import { TOTAL_CAP } from '#domain/resources/define.ts';
import {
  type BookingSettings,
  defaultBookingSettings,
  liveReservationStatuses,
  seoulInstant,
} from '#domain/rules/schedule.ts';
import { addDays } from '#domain/rules/seoul-time.ts';
import type {
  Lesson,
  LessonDetail,
  Reservation,
  ReservationDetail,
  ReservationListQuery,
} from '#domain/schemas/schedule.ts';
import type { Executor } from '../../db/client.ts';
import {
  bookingSetting,
  type LessonRow,
  lesson,
  member,
  reservation,
  reservationEvent,
  ticketIssue,
  ticketUsage,
  trainer,
} from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { toLesson, toReservation, toReservationEvent, toRoster } from './schedule.mappers.ts';
import { badField } from './schedule.refusals.ts';
import {
  actorName,
  bookedCount,
  customerNames,
  sessionsUsed,
  sessionsUsedOfPass,
  trainerName,
  waitingCount,
} from './schedule.sql.ts';

// The schedule's reads (docs/rules.md#schedule): the booking rules, the facility of a record (the routes check the
// caller's right in it; another facility's id is a 404), the calendar, a lesson's roster and the reservation
// history. Each takes the database or the transaction it is given.

// ---------------------------------------------------------------------------------------------------------
// The facility's booking rules

export const bookingSettingsOf = async (db: Executor, gymId: number): Promise<BookingSettings> => {
  const [row] = await db.select().from(bookingSetting).where(eq(bookingSetting.gymId, gymId));
  if (!row) return { ...defaultBookingSettings };
  const { gymId: _g, modifiedDate: _m, ...settings } = row;
  return settings;
};

/** The lesson's own window, where it overrides the facility's. */
export const rulesFor = (
  settings: BookingSettings,
  row: Pick<LessonRow, 'openDaysAhead' | 'closeMinutesBefore'>,
) => ({
  ...settings,
  openDaysAhead: row.openDaysAhead ?? settings.openDaysAhead,
  closeMinutesBefore: row.closeMinutesBefore ?? settings.closeMinutesBefore,
});

// ---------------------------------------------------------------------------------------------------------
// Facilities of records

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

/** A reservation's facility and lesson (404 when there is none). */
export const gymLessonOf = async (db: Executor, id: number) => {
  const [row] = await db
    .select({ gymId: reservation.gymId, lessonId: reservation.lessonId })
    .from(reservation)
    .where(eq(reservation.id, id));
  if (!row) throw notFound();
  return row;
};

// ---------------------------------------------------------------------------------------------------------
// Lessons

/** Each lesson's bookings holding a place and its waitlist, one statement for all of them. */
export const liveCounts = async (db: Executor, lessonIds: readonly number[]) => {
  if (lessonIds.length === 0) return new Map<number, { booked: number; waiting: number }>();
  const rows = await db
    .select({ lessonId: reservation.lessonId, booked: bookedCount(), waiting: waitingCount() })
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
    .select({ lessonId: reservation.lessonId, names: customerNames() })
    .from(reservation)
    .innerJoin(member, eq(member.id, reservation.memberId))
    .where(
      and(inArray(reservation.lessonId, [...lessonIds]), inArray(reservation.status, ['COMPLETE', 'DELAY'])),
    )
    .groupBy(reservation.lessonId);
  return new Map(rows.map((r) => [r.lessonId, r.names]));
};

const lessonFrom = (db: Executor) =>
  db
    .select({ l: lesson, trainerName: trainerName.name, trainerColor: trainer.color })
    .from(lesson)
    .leftJoin(trainerName, eq(trainerName.id, lesson.trainerMemberId))
    .leftJoin(trainer, and(eq(trainer.gymId, lesson.gymId), eq(trainer.memberId, lesson.trainerMemberId)));

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
    lessonType?: LessonRow['lessonType'] | undefined;
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
        query.lessonType ? eq(lesson.lessonType, query.lessonType) : undefined,
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
      used: sessionsUsedOfPass(),
    })
    .from(reservation)
    .innerJoin(member, eq(member.id, reservation.memberId))
    .innerJoin(ticketIssue, eq(ticketIssue.id, reservation.ticketIssueId))
    .where(eq(reservation.lessonId, id))
    .orderBy(asc(reservation.id))
    .limit(1000);
  const entries = toRoster(roster);
  const bookedEntries = entries.filter((e) => e.status === 'COMPLETE' || e.status === 'DELAY');
  const waiting = entries.filter((e) => e.status === 'WAITING').length;
  const settings = await bookingSettingsOf(db, row.l.gymId);
  return {
    ...toLesson(
      row,
      { booked: bookedEntries.length, waiting },
      bookedEntries.map((e) => e.name).join(', ') || null,
    ),
    roster: entries,
    noShowUsesSession: settings.noShowUsesSession,
    lateCancelUsesSession: settings.lateCancelUsesSession,
  };
};

// ---------------------------------------------------------------------------------------------------------
// A pass's sessions

/** Sessions of a pass held by bookings that have not used one yet. */
export const heldSessions = async (db: Executor, issueId: number, except?: number): Promise<number> => {
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

export const usedSessions = async (db: Executor, issueId: number): Promise<number> => {
  const [row] = await db
    .select({ used: sessionsUsed() })
    .from(ticketUsage)
    .where(eq(ticketUsage.ticketIssueId, issueId));
  return row?.used ?? 0;
};

// ---------------------------------------------------------------------------------------------------------
// The reservation history

const reservationFrom = (db: Executor) =>
  db
    .select({
      r: reservation,
      lessonTitle: lesson.title,
      startAt: lesson.startAt,
      endAt: lesson.endAt,
      trainerName: trainerName.name,
      memberName: member.name,
      phone: member.phone,
      ticketName: ticketIssue.ticketName,
    })
    .from(reservation)
    .innerJoin(lesson, eq(lesson.id, reservation.lessonId))
    .innerJoin(member, eq(member.id, reservation.memberId))
    .innerJoin(ticketIssue, eq(ticketIssue.id, reservation.ticketIssueId))
    .leftJoin(trainerName, eq(trainerName.id, lesson.trainerMemberId));

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

export const reservationDetail = async (db: Executor, id: number): Promise<ReservationDetail> => {
  const record = await reservationRecord(db, id);
  const events = await db
    .select({ e: reservationEvent, actorName: actorName.name })
    .from(reservationEvent)
    .leftJoin(actorName, eq(actorName.id, reservationEvent.actorMemberId))
    .where(eq(reservationEvent.reservationId, id))
    .orderBy(asc(reservationEvent.id))
    .limit(200);
  return { ...record, events: events.map(toReservationEvent) };
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
