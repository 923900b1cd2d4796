import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { passState } from '#domain/rules/passes.ts';
import {
  type BookingSettings,
  bookingWindow,
  cancelTiming,
  liveReservationStatuses,
  overlaps,
  placeFor,
  seoulDateTime,
  usesSession,
  waitlistOpen,
} from '#domain/rules/schedule.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { Executor } from '../../db/client.ts';
import {
  type LessonRow,
  lesson,
  member,
  type ReservationRow,
  reservation,
  type TicketIssueRow,
  ticketHold,
  ticketIssue,
  ticketUsage,
} from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import type { Actor } from '../../kernel/actor.ts';
import { audited } from '../../kernel/audit.ts';
import { sendBookingNotices } from '../message/message.auto.ts';
import { consumeSessions } from '../pass/pass.commands.ts';
import { lockLesson, lockReservation, notify, writeEvent } from './schedule.commands.ts';
import { bookingSettingsOf, gymLessonOf, heldSessions, rulesFor, usedSessions } from './schedule.queries.ts';
import { type PassReason, refused } from './schedule.refusals.ts';
import { endingFirst } from './schedule.sql.ts';

// The bookings' writes (docs/rules.md#schedule): booking a customer (or the waitlist), promoting from the waitlist,
// cancelling, and attendance through the usage ledger. Every write takes the transaction it is given and leaves
// its audit row in it; the lesson's row is locked first, then the customer's, then the pass's.

type PassProblem = { reason: PassReason; params?: Record<string, string> };

/**
 * Why this pass cannot hold a place on this lesson, or null (docs/rules.md#schedule): the lesson accepts its
 * product; on the lesson's day it is in force (not refunded, started, not ended, not on hold); a pass with
 * sessions has one that no other booking holds.
 */
const passProblem = async (
  tx: Executor,
  issue: TicketIssueRow,
  l: LessonRow,
  needsSession: boolean,
  exceptReservation?: number,
): Promise<PassProblem | null> => {
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
    .orderBy(endingFirst(), asc(ticketIssue.id))
    .limit(50);

export type BookInput = {
  lessonId: number;
  memberId: number;
  ticketIssueId?: number | undefined;
  source: 'STAFF' | 'SELF';
};

/** Locks the lesson to book, which must be the facility's, open, not over and within its booking window. */
const lockBookable = async (tx: Executor, actor: Actor, gymId: number, lessonId: number) => {
  const l = await lockLesson(tx, lessonId);
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
  return { l, settings };
};

/**
 * Locks the customer, who must be the facility's and not removed, not booked on this lesson yet, free at its time
 * and (on the booking page) within the most bookings.
 */
const lockBookingCustomer = async (
  tx: Executor,
  actor: Actor,
  l: LessonRow,
  settings: BookingSettings,
  input: BookInput,
) => {
  const [customer] = await tx
    .select()
    .from(member)
    .where(and(eq(member.id, input.memberId), eq(member.ownerGymId, l.gymId)))
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
  return customer;
};

/** The bookings of a lesson that hold a place. */
const bookedOn = async (tx: Executor, lessonId: number) => {
  const [counts] = await tx
    .select({ booked: sql<number>`count(*)`.mapWith(Number) })
    .from(reservation)
    .where(and(eq(reservation.lessonId, lessonId), inArray(reservation.status, ['COMPLETE', 'DELAY'])));
  return counts?.booked ?? 0;
};

/** A place, or the waitlist while it is open (409 `waitlistClosed`). */
const placeOn = async (tx: Executor, actor: Actor, l: LessonRow, settings: BookingSettings) => {
  const status = placeFor(await bookedOn(tx, l.id), l.capacity);
  if (status === 'WAITING' && !waitlistOpen(l.startAt, actor.now, settings)) {
    throw refused('waitlistClosed', {
      at: seoulDateTime(new Date(l.startAt.getTime() - settings.waitlistCloseMinutesBefore * 60_000)),
      minutes: settings.waitlistCloseMinutesBefore,
    });
  }
  return status;
};

/** The pass: the one named, or the first that serves; a place needs a session no other booking holds. */
const passFor = async (
  tx: Executor,
  l: LessonRow,
  customerId: number,
  ticketIssueId: number | undefined,
  needsSession: boolean,
): Promise<TicketIssueRow> => {
  if (ticketIssueId !== undefined) {
    const [named] = await tx
      .select()
      .from(ticketIssue)
      .where(and(eq(ticketIssue.id, ticketIssueId), eq(ticketIssue.gymId, l.gymId)))
      .for('update');
    if (!named || named.memberId !== customerId) throw notFound();
    const problem = await passProblem(tx, named, l, needsSession);
    if (problem) throw refused(problem.reason, problem.params);
    return named;
  }
  let first: PassProblem | null = null;
  for (const candidate of await candidatePasses(tx, l.gymId, customerId)) {
    const [locked] = await tx
      .select()
      .from(ticketIssue)
      .where(eq(ticketIssue.id, candidate.id))
      .for('update');
    const problem = await passProblem(tx, locked!, l, needsSession);
    if (!problem) return locked!;
    first ??= problem;
  }
  throw refused(first && first.reason !== 'passNotAccepted' ? first.reason : 'noBookablePass', first?.params);
};

/**
 * Books a customer on a lesson (docs/rules.md#schedule). The lesson's row is locked first, so concurrent bookings
 * of the last places queue: the first `capacity` become COMPLETE and the rest WAITING, in arrival order. The
 * window holds for staff and customers alike; only the most-bookings limit is the booking page's alone.
 */
export const book = async (tx: Executor, actor: Actor, gymId: number, input: BookInput): Promise<number> => {
  const { l, settings } = await lockBookable(tx, actor, gymId, input.lessonId);
  const customer = await lockBookingCustomer(tx, actor, l, settings, input);
  const status = await placeOn(tx, actor, l, settings);
  const issue = await passFor(tx, l, customer.id, input.ticketIssueId, status === 'COMPLETE');
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
  await writeEvent(
    tx,
    actor,
    made!,
    status === 'COMPLETE' ? 'BOOK' : 'WAITLIST',
    null,
    status,
    input.source === 'SELF' ? 'self' : null,
  );
  await audited(tx, actor, {
    gymId,
    action: 'reservation.book',
    entity: 'reservation',
    entityId: made!.id,
    before: null,
    after: { lessonId: l.id, memberId: customer.id, ticketIssueId: issue.id, status, source: input.source },
  });
  // A place (not the waitlist) is confirmed: the automatic message when switched on; the schedule has no notice.
  if (status === 'COMPLETE')
    await sendBookingNotices(tx, actor, gymId, 'BOOKING_CONFIRMED', [
      { reservationId: made!.id, memberId: customer.id },
    ]);
  return made!.id;
};

/**
 * Promotes from the waitlist while places are free and the waitlist is open: the first WAITING whose pass still
 * serves becomes COMPLETE, in the same transaction, with a notice (docs/rules.md#schedule).
 */
export const promoteWaiting = async (tx: Executor, actor: Actor, l: LessonRow, settings: BookingSettings) => {
  if (l.status !== 'OPEN' || !waitlistOpen(l.startAt, actor.now, settings)) return 0;
  let free = l.capacity - (await bookedOn(tx, l.id));
  if (free <= 0) return 0;
  const line = await tx
    .select({ r: reservation, phone: member.phone })
    .from(reservation)
    .innerJoin(member, eq(member.id, reservation.memberId))
    .where(and(eq(reservation.lessonId, l.id), eq(reservation.status, 'WAITING')))
    .orderBy(asc(reservation.id))
    .limit(100);
  const promoted: { reservationId: number; memberId: number; phone: string }[] = [];
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
    await writeEvent(tx, actor, r, 'PROMOTE', 'WAITING', 'COMPLETE');
    free -= 1;
    promoted.push({ reservationId: r.id, memberId: r.memberId, phone });
  }
  // The automatic message when switched on, else (or for whoever it could not tell) the schedule's own notice.
  const told = await sendBookingNotices(tx, actor, l.gymId, 'WAITLIST_PROMOTED', promoted);
  for (const p of promoted)
    if (!told.has(p.reservationId))
      await notify(tx, actor, { memberId: p.memberId, phone: p.phone }, 'promoted', l);
  return promoted.length;
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
  await writeEvent(
    tx,
    actor,
    r,
    late ? 'LATE_CANCEL' : 'CANCEL',
    r.status,
    'CANCEL',
    input.note ?? (input.source === 'SELF' ? 'self' : null),
  );
  await audited(tx, actor, {
    gymId: r.gymId,
    action: 'reservation.cancel',
    entity: 'reservation',
    entityId: id,
    before: { status: r.status },
    after: { status: 'CANCEL', late, charged: usageId !== null },
  });
  // Cancelled by the facility (its staff, not the customer's own page): the automatic message when switched on.
  if (input.source === 'STAFF')
    await sendBookingNotices(tx, actor, r.gymId, 'BOOKING_CANCELLED', [
      { reservationId: r.id, memberId: r.memberId },
    ]);
  if (holdsPlace) await promoteWaiting(tx, actor, l, settings);
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
  await writeEvent(
    tx,
    actor,
    r,
    mark === 'ATTENDED' ? 'ATTEND' : 'NOSHOW',
    r.status,
    r.status,
    usageId ? 'session used' : null,
  );
  await audited(tx, actor, {
    gymId: r.gymId,
    action: 'reservation.attendance',
    entity: 'reservation',
    entityId: id,
    before: { attendance: null },
    after: { attendance: mark, charged: usageId !== null },
  });
};
