import { and, asc, eq, gte, lt, ne, or, sql } from 'drizzle-orm';
import { maskPhone } from '#domain/rules/customer.ts';
import { seoulDayStartUtc } from '#domain/rules/seoul-time.ts';
import { groupClassPay, perSessionValue, sessionPay } from '#domain/rules/trainer-pay.ts';
import type { PayReport, Trainer } from '#domain/schemas/schedule.ts';
import type { Executor } from '../../db/client.ts';
import {
  file,
  lesson,
  member,
  reservation,
  type TrainerRow,
  ticketIssue,
  trainer,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { Actor } from '../../kernel/actor.ts';
import { writeAudit } from '../../kernel/audit.ts';
import { adoptFiles } from '../file/file.service.ts';
import { isActiveWorker } from '../gym-member/gym-member.service.ts';

// Trainer profiles and their pay (docs/rules.md#trainer-pay). A profile belongs to one staff member of the
// facility; the pay report counts the month's attended sessions and the no-shows and late cancels that used one.

const badField = (field: string, key: string) =>
  new AppError('VALIDATION_FAILED', 'VALIDATION_FAILED', {}, { [field]: key as never });

export const gymIdOfTrainer = async (db: Executor, id: number): Promise<number> => {
  const [row] = await db.select({ gymId: trainer.gymId }).from(trainer).where(eq(trainer.id, id));
  if (!row) throw notFound();
  return row.gymId;
};

const toTrainer = (row: { t: TrainerRow; name: string; phone: string }, full: boolean): Trainer => ({
  id: row.t.id,
  gymId: row.t.gymId,
  memberId: row.t.memberId,
  name: row.name,
  phone: full ? row.phone : maskPhone(row.phone),
  photoFileId: row.t.photoFileId,
  specialties: row.t.specialties,
  career: row.t.career,
  introduction: row.t.introduction,
  workingHours: row.t.workingHours,
  color: row.t.color,
  payKind: row.t.payKind,
  payRate: row.t.payRate,
  groupPayKind: row.t.groupPayKind,
  groupPayRate: row.t.groupPayRate,
  groupPayMinAttendees: row.t.groupPayMinAttendees,
});

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

type TrainerInput = Partial<
  Pick<
    TrainerRow,
    | 'specialties'
    | 'career'
    | 'introduction'
    | 'workingHours'
    | 'color'
    | 'payKind'
    | 'payRate'
    | 'groupPayKind'
    | 'groupPayRate'
    | 'groupPayMinAttendees'
    | 'photoFileId'
  >
>;

const hoursProblem = (hours: TrainerRow['workingHours'] | undefined) =>
  hours?.some((h) => h !== null && h.end <= h.start) ? badField('workingHours', 'endBeforeStart') : null;

export const createTrainer = async (
  tx: Executor,
  actor: Actor,
  input: TrainerInput & { gymId: number; memberId: number },
): Promise<number> => {
  if (!(await isActiveWorker(tx, input.gymId, input.memberId))) throw badField('memberId', 'unknownTrainer');
  const problem = hoursProblem(input.workingHours);
  if (problem) throw problem;
  const made = await tx
    .insert(trainer)
    .values({ ...input, createDate: actor.now, modifiedDate: actor.now })
    .onConflictDoNothing()
    .returning({ id: trainer.id });
  if (made.length === 0) throw badField('memberId', 'alreadyTrainer');
  await writeAudit(tx, {
    gymId: input.gymId,
    action: 'trainer.create',
    entity: 'trainer',
    entityId: made[0]!.id,
    before: null,
    after: {
      memberId: input.memberId,
      payKind: input.payKind ?? 'PER_SESSION',
      payRate: input.payRate ?? 0,
      groupPayKind: input.groupPayKind ?? 'PER_ATTENDEE',
      groupPayRate: input.groupPayRate ?? 0,
      groupPayMinAttendees: input.groupPayMinAttendees ?? 0,
    },
    actorMemberId: actor.memberId,
    requestId: actor.requestId,
    now: actor.now,
  });
  return made[0]!.id;
};

export const updateTrainer = async (
  tx: Executor,
  actor: Actor,
  id: number,
  patch: TrainerInput,
): Promise<void> => {
  const [before] = await tx.select().from(trainer).where(eq(trainer.id, id)).for('update');
  if (!before) throw notFound();
  const problem = hoursProblem(patch.workingHours);
  if (problem) throw problem;
  if (patch.photoFileId) await adoptPhoto(tx, actor, before.gymId, patch.photoFileId);
  await tx
    .update(trainer)
    .set({ ...patch, modifiedDate: actor.now })
    .where(eq(trainer.id, id));
  await writeAudit(tx, {
    gymId: before.gymId,
    action: 'trainer.update',
    entity: 'trainer',
    entityId: id,
    before: {
      payKind: before.payKind,
      payRate: before.payRate,
      groupPayKind: before.groupPayKind,
      groupPayRate: before.groupPayRate,
      groupPayMinAttendees: before.groupPayMinAttendees,
      color: before.color,
    },
    after: patch,
    actorMemberId: actor.memberId,
    requestId: actor.requestId,
    now: actor.now,
  });
};

/**
 * A trainer's photo must be a TRAINER upload of the caller's that no facility holds yet, or one this facility
 * already holds (400 `documentNotUploaded`); the facility then adopts it, so its staff can see it
 * (docs/rules.md#files).
 */
const adoptPhoto = async (tx: Executor, actor: Actor, gymId: number, id: string) => {
  const [row] = await tx
    .select({ ownerMemberId: file.ownerMemberId, gymId: file.gymId, uploadType: file.uploadType })
    .from(file)
    .where(eq(file.id, id));
  const usable =
    row?.uploadType === 'TRAINER' &&
    (row.gymId === gymId || (row.gymId === null && row.ownerMemberId === actor.memberId));
  if (!usable) throw badField('photoFileId', 'documentNotUploaded');
  await adoptFiles(tx as never, gymId, [id]);
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
  const from = seoulDayStartUtc(`${month}-01`);
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  const to = seoulDayStartUtc(next);
  const rows = await db
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
