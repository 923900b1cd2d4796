import { eq } from 'drizzle-orm';
import { type BookingSettings, type ReservationStatus, seoulDateTime } from '#domain/rules/schedule.ts';
import type { Executor } from '../../db/client.ts';
import {
  bookingSetting,
  gym,
  type LessonRow,
  lesson,
  type ReservationRow,
  reservation,
  reservationEvent,
} from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import type { Actor } from '../../kernel/actor.ts';
import { audited } from '../../kernel/audit.ts';
import { enqueue } from '../../kernel/outbox.ts';
import { bookingSettingsOf } from './schedule.queries.ts';

// The schedule's writes (docs/rules.md#schedule) that lessons and reservations share: the booking rules, the row
// locks, a reservation's history rows and the notices the outbox sends. Every write takes the transaction it is
// given. Locks are taken in one order (the lesson, then the customer, then the pass), so two writes never wait on
// each other in a circle. The lessons' writes are in lesson.commands.ts, the bookings' in reservation.commands.ts.

/** The outbox topic of the schedule's notices and booking links (docs/architecture.md#outbox). */
export const RESERVATION_TOPIC = 'reservation';

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
  await audited(tx, actor, {
    gymId,
    action: 'booking-setting.update',
    entity: 'booking-setting',
    entityId: gymId,
    before,
    after,
  });
  return after;
};

export const lockLesson = async (tx: Executor, id: number): Promise<LessonRow> => {
  const [row] = await tx.select().from(lesson).where(eq(lesson.id, id)).for('update');
  if (!row) throw notFound();
  return row;
};

export const lockReservation = async (tx: Executor, id: number): Promise<ReservationRow> => {
  const [row] = await tx.select().from(reservation).where(eq(reservation.id, id)).for('update');
  if (!row) throw notFound();
  return row;
};

/**
 * A notice to a customer through the outbox (docs/architecture.md#outbox), in both languages, signed with the
 * facility's name.
 */
export const notify = async (
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
  await enqueue(tx, {
    topic: RESERVATION_TOPIC,
    payload: { gymId: l.gymId, to: to.phone, memberId: to.memberId, kind, text },
    now: actor.now,
  });
};

/** One step of a reservation's history (its detail page shows who did what and when). */
export const writeEvent = (
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
