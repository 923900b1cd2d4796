import { and, eq, gt, sql } from 'drizzle-orm';
import type { AutoMessageKind } from '#domain/rules/message.ts';
import { addDays, daysBetween, seoulToday } from '#domain/rules/seoul-time.ts';
import type { AutoMessageParams } from '#domain/schemas/message-settings.ts';
import type { Executor } from '../../db/client.ts';
import { lesson, lockerRental, member, reservation, sale } from '../../db/schema/index.ts';

// What each automatic message is sent for (docs/rules.md#automatic-messages): the causes of one facility and kind
// today, each with the key it is sent once for (`message_auto_sent`). The passes, sessions, holds, balances and
// visits are the customer summary's columns (docs/rules.md#customers), kept right by every write.

/** One customer to tell, and the key of what they are told about (sent once per key). */
export type Cause = { memberId: number; key: string };

/** The facility's live customers. */
const customersOf = (gymId: number) =>
  and(eq(member.ownerGymId, gymId), sql`${member.status} <> 'QUIT'`, sql`${member.erasedAt} is null`);

const passEnding = async (db: Executor, gymId: number, kind: AutoMessageKind, endDate: string) =>
  (
    await db
      .select({ memberId: member.id, issueId: member.currentTicketIssueId })
      .from(member)
      .where(and(customersOf(gymId), eq(member.passEndDate, endDate)))
  ).map((r) => ({
    memberId: r.memberId,
    key: `${kind}:issue:${r.issueId ?? `member-${r.memberId}`}:${endDate}`,
  }));

/** A count pass down to its last 2 sessions: once per pass. */
const sessionsLow = async (db: Executor, gymId: number) =>
  (
    await db
      .select({ memberId: member.id, issueId: member.currentTicketIssueId })
      .from(member)
      .where(
        and(customersOf(gymId), eq(member.sessionsLeft, 2), sql`${member.currentTicketIssueId} is not null`),
      )
  ).map((r) => ({ memberId: r.memberId, key: `SESSIONS_LOW:issue:${r.issueId}` }));

/** A hold ending today or tomorrow: once per hold end. */
const holdEnding = async (db: Executor, gymId: number, today: string) =>
  (
    await db
      .select({ memberId: member.id, end: member.holdEndDate })
      .from(member)
      .where(and(customersOf(gymId), sql`${member.holdEndDate} between ${today} and ${addDays(today, 1)}`))
  ).map((r) => ({ memberId: r.memberId, key: `HOLD_END:member:${r.memberId}:${r.end}` }));

/**
 * Which reminder of a balance owed since `since` is due today: the first `afterDays` days after, then one every
 * `everyDays`, at most `maxTimes` (a missed day catches up with the latest due one). Null when none is.
 */
export const unpaidReminderDue = (
  since: string,
  today: string,
  params: { afterDays: number; everyDays: number; maxTimes: number },
): number | null => {
  const days = daysBetween(since, today);
  if (days < params.afterDays) return null;
  const nth = Math.floor((days - params.afterDays) / params.everyDays) + 1;
  return nth <= params.maxTimes ? nth : null;
};

/** The first sale each debtor still owes for: its day anchors the reminders. Refunded passes owe nothing. */
const oldestOwing = (db: Executor, gymId: number) =>
  db
    .select({
      memberId: sale.memberId,
      saleId: sql<number>`min(${sale.id})`.mapWith(Number),
      since: sql<string>`min((${sale.createDate} at time zone 'Asia/Seoul')::date)::text`,
    })
    .from(sale)
    .innerJoin(member, eq(member.id, sale.memberId))
    .where(
      and(
        customersOf(gymId),
        gt(member.unpaidAmount, 0),
        eq(sale.gymId, gymId),
        sql`${sale.price}
          - coalesce((select sum(a.amount) from sale_adjustment a where a.sale_id = ${sale.id}), 0)
          - coalesce((select sum(p.amount) from payment_line p where p.sale_id = ${sale.id} and p.status = 'APPROVE'), 0)
          > 0`,
        sql`not exists (select 1 from ticket_issue t where t.id = ${sale.ticketIssueId} and ${sale.itemType} = 'PASS'
          and t.status = 'REFUND')`,
      ),
    )
    .groupBy(sale.memberId);

const unpaid = async (db: Executor, gymId: number, today: string, params: AutoMessageParams) => {
  const schedule = {
    afterDays: params.afterDays ?? 3,
    everyDays: params.everyDays ?? 7,
    maxTimes: params.maxTimes ?? 3,
  };
  return (await oldestOwing(db, gymId)).flatMap((r) => {
    const nth = unpaidReminderDue(r.since, today, schedule);
    return nth === null ? [] : [{ memberId: r.memberId, key: `UNPAID:sale:${r.saleId}:${nth}` }];
  });
};

/** An ACTIVE rental ending tomorrow: once per rental end. */
const lockerEnding = async (db: Executor, gymId: number, today: string) =>
  (
    await db
      .select({ memberId: lockerRental.memberId, rentalId: lockerRental.id, end: lockerRental.endDate })
      .from(lockerRental)
      .innerJoin(member, eq(member.id, lockerRental.memberId))
      .where(
        and(
          customersOf(gymId),
          eq(lockerRental.gymId, gymId),
          eq(lockerRental.status, 'ACTIVE'),
          eq(lockerRental.endDate, addDays(today, 1)),
        ),
      )
  ).map((r) => ({ memberId: r.memberId, key: `LOCKER_END:rental:${r.rentalId}:${r.end}` }));

/**
 * No visit for `days` days: the last entry was `days` to `days + 6` days ago (a week to catch up), once per lapse
 * (the last visit's day is in the key).
 */
const noVisit = async (db: Executor, gymId: number, today: string, params: AutoMessageParams) => {
  const days = params.days ?? 14;
  const lastDay = sql<string>`((${member.lastVisitAt} at time zone 'Asia/Seoul')::date)::text`;
  return (
    await db
      .select({ memberId: member.id, last: lastDay })
      .from(member)
      .where(
        and(
          customersOf(gymId),
          sql`(${member.lastVisitAt} at time zone 'Asia/Seoul')::date between ${addDays(today, -days - 6)} and ${addDays(today, -days)}`,
        ),
      )
  ).map((r) => ({ memberId: r.memberId, key: `NO_VISIT:member:${r.memberId}:${r.last}` }));
};

/** Born today (29 February is greeted on 28 February in other years): once a year. */
const birthday = async (db: Executor, gymId: number, today: string) => {
  const monthDay = today.slice(5);
  const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = monthDay === '02-28' && !leap(Number(today.slice(0, 4))) ? ['02-28', '02-29'] : [monthDay];
  return (
    await db
      .select({ memberId: member.id })
      .from(member)
      .where(
        and(
          customersOf(gymId),
          sql`to_char(${member.birthDate}, 'MM-DD') in (${sql.join(
            days.map((d) => sql`${d}`),
            sql`, `,
          )})`,
        ),
      )
  ).map((r) => ({ memberId: r.memberId, key: `BIRTHDAY:member:${r.memberId}:${today.slice(0, 4)}` }));
};

/** Booked (COMPLETE) places on open lessons starting within `hoursBefore` hours: once per reservation and start. */
const bookingReminder = async (db: Executor, gymId: number, now: Date, params: AutoMessageParams) => {
  const until = new Date(now.getTime() + (params.hoursBefore ?? 3) * 3_600_000);
  return (
    await db
      .select({ memberId: reservation.memberId, id: reservation.id, startAt: lesson.startAt })
      .from(reservation)
      .innerJoin(lesson, eq(lesson.id, reservation.lessonId))
      .innerJoin(member, eq(member.id, reservation.memberId))
      .where(
        and(
          customersOf(gymId),
          eq(lesson.gymId, gymId),
          eq(lesson.status, 'OPEN'),
          eq(reservation.status, 'COMPLETE'),
          sql`${lesson.startAt} > ${now} and ${lesson.startAt} <= ${until}`,
        ),
      )
  ).map((r) => ({
    memberId: r.memberId,
    key: `BOOKING_REMINDER:reservation:${r.id}:${r.startAt.toISOString()}`,
  }));
};

/** The causes of one facility and kind at `now`; the event-driven booking notices have none here. */
export const causesOf = async (
  db: Executor,
  gymId: number,
  kind: AutoMessageKind,
  params: AutoMessageParams,
  now: Date,
): Promise<Cause[]> => {
  const today = seoulToday(now);
  switch (kind) {
    case 'PASS_END_7':
      return passEnding(db, gymId, kind, addDays(today, 7));
    case 'PASS_END_1':
      return passEnding(db, gymId, kind, addDays(today, 1));
    case 'SESSIONS_LOW':
      return sessionsLow(db, gymId);
    case 'HOLD_END':
      return holdEnding(db, gymId, today);
    case 'UNPAID':
      return unpaid(db, gymId, today, params);
    case 'LOCKER_END':
      return lockerEnding(db, gymId, today);
    case 'NO_VISIT':
      return noVisit(db, gymId, today, params);
    case 'BIRTHDAY':
      return birthday(db, gymId, today);
    case 'BOOKING_REMINDER':
      return bookingReminder(db, gymId, now, params);
    default:
      return [];
  }
};
