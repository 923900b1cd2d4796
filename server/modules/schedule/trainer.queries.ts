import { and, asc, eq, gte, lt, ne, or, sql } from 'drizzle-orm';
import { seoulDayStartUtc } from '#domain/rules/seoul-time.ts';
import { groupClassPay, perSessionValue, sessionPay } from '#domain/rules/trainer-pay.ts';
import type { PayReport, Trainer } from '#domain/schemas/schedule.ts';
import type { Executor } from '../../db/client.ts';
import { lesson, member, reservation, type TrainerRow, ticketIssue, trainer } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { toTrainer } from './schedule.mappers.ts';

// Trainer profiles and their pay, read (docs/rules.md#trainer-pay). A profile belongs to one staff member of the
// facility; the pay report counts the month's attended sessions and the no-shows and late cancels that used one.

export const gymIdOfTrainer = async (db: Executor, id: number): Promise<number> => {
  const [row] = await db.select({ gymId: trainer.gymId }).from(trainer).where(eq(trainer.id, id));
  if (!row) throw notFound();
  return row.gymId;
};

/** The staff member a profile belongs to (null when there is none). */
export const trainerMemberOf = async (db: Executor, id: number): Promise<number | null> => {
  const [owner] = await db.select({ memberId: trainer.memberId }).from(trainer).where(eq(trainer.id, id));
  return owner?.memberId ?? null;
};

const trainerFrom = (db: Executor) =>
  db
    .select({ t: trainer, name: member.name, phone: member.phone })
    .from(trainer)
    .innerJoin(member, eq(member.id, trainer.memberId));

export const listTrainers = async (db: Executor, gymId: number): Promise<Trainer[]> => {
  const rows = await trainerFrom(db)
    .where(eq(trainer.gymId, gymId))
    .orderBy(asc(member.name), asc(trainer.id))
    .limit(500);
  return rows.map((r) => toTrainer(r, false));
};

export const getTrainer = async (db: Executor, id: number): Promise<Trainer> => {
  const [row] = await trainerFrom(db).where(eq(trainer.id, id));
  if (!row) throw notFound();
  return toTrainer(row, false);
};

/** The first instant of a month (Asia/Seoul) and of the next one. */
const monthSpan = (month: string) => {
  // Safe: a YYYY-MM month (the route's calendarMonth, or this month) has two parts.
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { from: seoulDayStartUtc(`${month}-01`), to: seoulDayStartUtc(next) };
};

/** The month's reservations of the trainer's lessons that count: attended, or charged a session. */
const paidReservations = (db: Executor, t: TrainerRow, month: string) => {
  const { from, to } = monthSpan(month);
  return db
    .select({
      reservationId: reservation.id,
      lessonId: lesson.id,
      lessonType: lesson.lessonType,
      lessonTitle: lesson.title,
      startAt: lesson.startAt,
      memberName: member.name,
      attendance: reservation.attendance,
      late: reservation.late,
      ticketName: ticketIssue.ticketName,
      passPrice: ticketIssue.price,
      passSessions: ticketIssue.sessionCount,
      passSessionValue: ticketIssue.sessionValue,
    })
    .from(reservation)
    .innerJoin(lesson, eq(lesson.id, reservation.lessonId))
    .innerJoin(member, eq(member.id, reservation.memberId))
    .innerJoin(ticketIssue, eq(ticketIssue.id, reservation.ticketIssueId))
    .where(
      and(
        eq(lesson.gymId, t.gymId),
        eq(lesson.trainerMemberId, t.memberId),
        gte(lesson.startAt, from),
        lt(lesson.startAt, to),
        ne(lesson.status, 'CANCEL'),
        or(eq(reservation.attendance, 'ATTENDED'), sql`${reservation.usageId} is not null`),
      ),
    )
    .orderBy(asc(lesson.startAt), asc(reservation.id))
    .limit(5000);
};

/**
 * A trainer's month (docs/rules.md#trainer-pay): of the lessons they taught that were not cancelled, each PT
 * session that was used (attended, a charged no-show or late cancel) at the PT rule, on the pass's per-session
 * value (a bundle's session value, else its price); each group class held (one booking or more counted) at the
 * group rule, per class or per attendee with a minimum.
 */
export const payReport = async (db: Executor, id: number, month: string): Promise<PayReport> => {
  const [t] = await db.select().from(trainer).where(eq(trainer.id, id));
  if (!t) throw notFound();
  const rows = await paidReservations(db, t, month);
  const sessions: PayReport['sessions'] = [];
  const groups = new Map<number, { lessonTitle: string; startAt: Date; attendees: number }>();
  for (const { lessonType, ...r } of rows) {
    if (lessonType === 'GROUP') {
      const g = groups.get(r.lessonId) ?? { lessonTitle: r.lessonTitle, startAt: r.startAt, attendees: 0 };
      g.attendees += 1;
      groups.set(r.lessonId, g);
      continue;
    }
    const value = perSessionValue(r);
    sessions.push({
      ...r,
      startAt: r.startAt.toISOString(),
      unitValue: value === null ? null : Math.floor(value),
      rule: t.payKind,
      pay: sessionPay(t.payKind, t.payRate, r),
    });
  }
  const rule = { kind: t.groupPayKind, rate: t.groupPayRate, minAttendees: t.groupPayMinAttendees };
  const classes: PayReport['classes'] = [...groups].map(([lessonId, g]) => ({
    lessonId,
    lessonTitle: g.lessonTitle,
    startAt: g.startAt.toISOString(),
    attendees: g.attendees,
    ...groupClassPay(rule, g.attendees),
  }));
  const total = sessions.reduce((sum, s) => sum + s.pay, 0) + classes.reduce((sum, c) => sum + c.pay, 0);
  return {
    trainerId: t.id,
    month,
    payKind: t.payKind,
    payRate: t.payRate,
    groupPayKind: t.groupPayKind,
    groupPayRate: t.groupPayRate,
    groupPayMinAttendees: t.groupPayMinAttendees,
    sessions,
    classes,
    total,
  };
};
