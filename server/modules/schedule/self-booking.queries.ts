import { createHash } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { passState, sessionsLeft } from '#domain/rules/passes.ts';
import {
  type BookingSettings,
  bookingOpensAt,
  bookingWindow,
  freeCancelUntil,
} from '#domain/rules/schedule.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { SelfBooking } from '#domain/schemas/schedule.ts';
import type { Executor } from '../../db/client.ts';
import {
  bookingToken,
  gym,
  member,
  reservation,
  ticketHold,
  ticketIssue,
  ticketUsage,
} from '../../db/schema/index.ts';
import { notFound, unauthenticated } from '../../http/errors.ts';
import { bookingSettingsOf, listLessons, upcomingOf } from './schedule.queries.ts';
import { sessionsUsed, waitPosition } from './schedule.sql.ts';

// The customer's own booking page, read (docs/rules.md#self-booking): a link names one customer in one facility;
// its calls see only that customer, and other customers appear as counts.

/** The header the booking page's calls carry the link's token in. */
export const BOOKING_TOKEN_HEADER = 'x-booking-token';

/** A link's token is kept only as its hash. */
export const tokenHashOf = (value: string) => createHash('sha256').update(value).digest('hex');

export type BookingOwner = { gymId: number; memberId: number };

/** The customer and facility a token names: 401 `bookingTokenInvalid` when it is unknown, expired or revoked. */
export const bookingTokenOwner = async (
  db: Executor,
  token: string | undefined,
  now: Date,
): Promise<BookingOwner> => {
  if (!token || !/^[A-Za-z0-9_-]{20,64}$/.test(token)) throw unauthenticated('bookingTokenInvalid');
  const [row] = await db
    .select({
      gymId: bookingToken.gymId,
      memberId: bookingToken.memberId,
      expiresAt: bookingToken.expiresAt,
      revokedAt: bookingToken.revokedAt,
      status: member.status,
      erasedAt: member.erasedAt,
    })
    .from(bookingToken)
    .innerJoin(member, eq(member.id, bookingToken.memberId))
    .where(eq(bookingToken.tokenHash, tokenHashOf(token)));
  if (
    !row ||
    row.revokedAt ||
    row.expiresAt.getTime() <= now.getTime() ||
    row.status === 'QUIT' ||
    row.erasedAt
  )
    throw unauthenticated('bookingTokenInvalid');
  return { gymId: row.gymId, memberId: row.memberId };
};

type Pass = SelfBooking['passes'][number];

/** The customer's passes in force, to start, or on hold today, with their sessions left. */
const validPasses = async (db: Executor, owner: BookingOwner, today: string): Promise<Pass[]> => {
  const issues = await db
    .select()
    .from(ticketIssue)
    .where(
      and(
        eq(ticketIssue.gymId, owner.gymId),
        eq(ticketIssue.memberId, owner.memberId),
        eq(ticketIssue.status, 'FIN'),
      ),
    )
    .orderBy(asc(ticketIssue.endDate))
    .limit(50);
  const ids = issues.map((i) => i.id);
  const used = ids.length
    ? await db
        .select({ id: ticketUsage.ticketIssueId, n: sessionsUsed() })
        .from(ticketUsage)
        .where(inArray(ticketUsage.ticketIssueId, ids))
        .groupBy(ticketUsage.ticketIssueId)
    : [];
  const holds = ids.length
    ? await db.select().from(ticketHold).where(inArray(ticketHold.ticketIssueId, ids))
    : [];
  const usedOf = new Map(used.map((u) => [u.id, u.n]));
  return issues
    .filter((i) => {
      const state = passState(
        {
          status: i.status,
          startDate: i.startDate,
          endDate: i.endDate,
          sessionCount: i.sessionCount,
          sessionsUsed: usedOf.get(i.id) ?? 0,
          holds: holds.filter((h) => h.ticketIssueId === i.id),
        },
        today,
      );
      return state === 'ACTIVE' || state === 'UPCOMING' || state === 'HELD';
    })
    .map((i) => ({
      id: i.id,
      ticketId: i.ticketId,
      name: i.ticketName,
      endDate: i.endDate,
      sessionsLeft: sessionsLeft(i.sessionCount, usedOf.get(i.id) ?? 0),
    }));
};

/** The open lessons of the window (counts only), each saying whether one of the passes may book it now. */
const windowLessons = async (
  db: Executor,
  owner: BookingOwner,
  settings: BookingSettings,
  passes: readonly Pass[],
  now: Date,
): Promise<SelfBooking['lessons']> => {
  const today = seoulToday(now);
  const horizon = new Date(now.getTime() + (settings.openDaysAhead + 1) * 24 * 3_600_000);
  const all = await listLessons(db, owner.gymId, { from: today, to: seoulToday(horizon) }, 92);
  const productIds = new Set(passes.map((p) => p.ticketId));
  return all
    .filter((l) => l.status === 'OPEN' && new Date(l.endAt) > now)
    .map((l) => {
      const start = new Date(l.startAt);
      const rules = {
        ...settings,
        openDaysAhead: l.openDaysAhead ?? settings.openDaysAhead,
        closeMinutesBefore: l.closeMinutesBefore ?? settings.closeMinutesBefore,
      };
      const accepts =
        l.ticketIds.length === 0 ? passes.length > 0 : l.ticketIds.some((t) => productIds.has(t));
      return {
        id: l.id,
        title: l.title,
        lessonType: l.lessonType,
        trainerName: l.trainerName,
        room: l.room,
        startAt: l.startAt,
        endAt: l.endAt,
        capacity: l.capacity,
        booked: l.booked,
        waiting: l.waiting,
        ticketIds: l.ticketIds,
        bookable: accepts && bookingWindow(start, now, rules).ok && now >= bookingOpensAt(start, rules),
      };
    })
    .slice(0, 200);
};

/** Each waiting reservation's place in its line (1 = next): one statement for all of them. */
const waitPositions = async (db: Executor, waiting: readonly { id: number; lessonId: number }[]) => {
  if (waiting.length === 0) return new Map<number, number>();
  const lines = db
    .select({ id: reservation.id, position: waitPosition() })
    .from(reservation)
    .where(
      and(
        inArray(reservation.lessonId, [...new Set(waiting.map((w) => w.lessonId))]),
        eq(reservation.status, 'WAITING'),
      ),
    )
    .as('lines');
  const rows = await db
    .select({ id: lines.id, position: lines.position })
    .from(lines)
    .where(
      inArray(
        lines.id,
        waiting.map((w) => w.id),
      ),
    );
  return new Map(rows.map((r) => [r.id, r.position]));
};

/** The customer's live bookings of lessons to come, a waiting one with its place in line. */
const myBookings = async (
  db: Executor,
  owner: BookingOwner,
  settings: BookingSettings,
  now: Date,
): Promise<SelfBooking['bookings']> => {
  const mine = await upcomingOf(db, owner.gymId, owner.memberId, now);
  const positions = await waitPositions(
    db,
    mine.filter((m) => m.r.status === 'WAITING').map((m) => m.r),
  );
  return mine.map((m) => ({
    id: m.r.id,
    lessonId: m.r.lessonId,
    lessonTitle: m.lessonTitle,
    startAt: m.startAt.toISOString(),
    status: m.r.status,
    waitPosition: positions.get(m.r.id) ?? null,
    freeCancelUntil: freeCancelUntil(m.startAt, settings).toISOString(),
  }));
};

/** What the booking page shows: the customer's valid passes, the lessons in the window, their bookings. */
export const selfBookingView = async (db: Executor, owner: BookingOwner, now: Date): Promise<SelfBooking> => {
  const today = seoulToday(now);
  const [who] = await db
    .select({ memberName: member.name, gymName: gym.name })
    .from(member)
    .innerJoin(gym, eq(gym.id, owner.gymId))
    .where(eq(member.id, owner.memberId));
  if (!who) throw notFound();
  const settings = await bookingSettingsOf(db, owner.gymId);
  const passes = await validPasses(db, owner, today);
  const lessons = await windowLessons(db, owner, settings, passes, now);
  const bookings = await myBookings(db, owner, settings, now);
  return {
    gymName: who.gymName,
    memberName: who.memberName,
    passes,
    lessons,
    bookings,
    settings: {
      openDaysAhead: settings.openDaysAhead,
      closeMinutesBefore: settings.closeMinutesBefore,
      freeCancelHours: settings.freeCancelHours,
      noShowUsesSession: settings.noShowUsesSession,
      lateCancelUsesSession: settings.lateCancelUsesSession,
      waitlistCloseMinutesBefore: settings.waitlistCloseMinutesBefore,
      maxActiveBookings: settings.maxActiveBookings,
    },
  };
};
