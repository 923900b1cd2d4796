import { maskPhone } from '#domain/rules/customer.ts';
import { sessionsLeft } from '#domain/rules/passes.ts';
import type { Lesson, Reservation, RosterEntry, Trainer } from '#domain/schemas/schedule.ts';
import type { LessonRow, ReservationEventRow, ReservationRow, TrainerRow } from '../../db/schema/index.ts';

// The schedule's rows as the API's records (docs/rules.md#schedule): a customer's phone is masked everywhere.

/** A lesson whose trainer has no profile colour. */
const DEFAULT_COLOR = '#0958d9';

/** A lesson with its trainer's name and profile colour. */
export type LessonJoin = { l: LessonRow; trainerName: string | null; trainerColor: string | null };

export const toLesson = (
  row: LessonJoin,
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

/** One roster row: the reservation, its customer, its pass and the sessions the pass has used. */
export type RosterJoin = {
  r: ReservationRow;
  name: string;
  phone: string;
  ticketName: string;
  sessionCount: number | null;
  used: number;
};

/** A lesson's roster in booking order; the waiting ones numbered in their line. */
export const toRoster = (rows: readonly RosterJoin[]): RosterEntry[] => {
  let position = 0;
  return rows.map((e) => ({
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
};

/** A reservation with its lesson, trainer, customer and pass. */
export type ReservationJoin = {
  r: ReservationRow;
  lessonTitle: string;
  startAt: Date;
  endAt: Date;
  trainerName: string | null;
  memberName: string;
  phone: string;
  ticketName: string;
};

export const toReservation = (row: ReservationJoin): Reservation => ({
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

/** One step of a reservation's history, with who took it. */
export const toReservationEvent = ({
  e,
  actorName,
}: {
  e: ReservationEventRow;
  actorName: string | null;
}) => ({
  id: e.id,
  action: e.action,
  fromStatus: e.fromStatus,
  toStatus: e.toStatus,
  note: e.note,
  actorName,
  createDate: e.createDate.toISOString(),
});

/** A trainer profile; the phone whole only when `full`. */
export const toTrainer = (row: { t: TrainerRow; name: string; phone: string }, full: boolean): Trainer => ({
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
