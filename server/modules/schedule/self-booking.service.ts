import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { passState, sessionsLeft } from '#domain/rules/passes.ts';
import { bookingOpensAt, bookingWindow, freeCancelUntil } from '#domain/rules/schedule.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { SelfBooking } from '#domain/schemas/schedule.ts';
import type { Db, Executor } from '../../db/client.ts';
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
import type { Actor } from '../../kernel/actor.ts';
import { enqueue } from '../../kernel/outbox.ts';
import { bookingSettingsOf, listLessons, RESERVATION_TOPIC, upcomingOf } from './schedule.service.ts';

// The customer's own booking page (docs/rules.md#self-booking): a link per customer, valid for 30 days, revoked by
// a newer one. Its calls see only that customer in that facility; other customers appear as counts.

export const BOOKING_TOKEN_HEADER = 'x-booking-token';
/** The customer's booking page, as the link names it. */
export const BOOKING_PAGE = '/reservation/req';
const TTL_MS = 30 * 24 * 3_600_000;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Issues a new link for a customer (revoking the old ones); with `send`, the outbox texts it to them. */
export const issueBookingLink = async (
  tx: Executor,
  actor: Actor,
  input: { gymId: number; memberId: number; send?: boolean | undefined },
) => {
  const [customer] = await tx
    .select({ id: member.id, phone: member.phone, status: member.status, erasedAt: member.erasedAt })
    .from(member)
    .where(and(eq(member.id, input.memberId), eq(member.ownerGymId, input.gymId)));
  if (!customer || customer.status === 'QUIT' || customer.erasedAt) throw notFound();
  await tx
    .update(bookingToken)
    .set({ revokedAt: actor.now })
    .where(
      and(
        eq(bookingToken.memberId, customer.id),
        eq(bookingToken.gymId, input.gymId),
        isNull(bookingToken.revokedAt),
      ),
    );
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(actor.now.getTime() + TTL_MS);
  await tx.insert(bookingToken).values({
    gymId: input.gymId,
    memberId: customer.id,
    tokenHash: sha256(token),
    expiresAt,
    createdByMemberId: actor.memberId,
    createDate: actor.now,
  });
  const path = `${BOOKING_PAGE}?token=${token}`;
  if (input.send) {
    // Signed with the facility's name; the token is sealed until delivery, which builds the absolute link from
    // PUBLIC_URL (docs/architecture.md#outbox).
    const [facility] = await tx.select({ name: gym.name }).from(gym).where(eq(gym.id, input.gymId));
    const sign = facility?.name ?? '';
    await enqueue(tx as Db, {
      topic: RESERVATION_TOPIC,
      payload: {
        gymId: input.gymId,
        to: customer.phone,
        memberId: customer.id,
        kind: 'bookingLink',
        link: BOOKING_PAGE,
        text: {
          ko: `[${sign}] 수업 예약 링크입니다(30일간 유효): {{link}}`,
          en: `[${sign}] Your class booking link (valid for 30 days): {{link}}`,
        },
      },
      secrets: { token },
      now: actor.now,
    });
  }
  return { token, path, expiresAt: expiresAt.toISOString() };
};

/** The customer and facility a token names: 401 `bookingTokenInvalid` when it is unknown, expired or revoked. */
export const bookingTokenOwner = async (
  db: Executor,
  token: string | undefined,
  now: Date,
): Promise<{ gymId: number; memberId: number }> => {
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
    .where(eq(bookingToken.tokenHash, sha256(token)));
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

/** What the booking page shows: the customer's valid passes, the lessons in the window, their bookings. */
export const selfBookingView = async (
  db: Executor,
  owner: { gymId: number; memberId: number },
  now: Date,
): Promise<SelfBooking> => {
  const today = seoulToday(now);
  const [who] = await db
    .select({ memberName: member.name, gymName: gym.name })
    .from(member)
    .innerJoin(gym, eq(gym.id, owner.gymId))
    .where(eq(member.id, owner.memberId));
  if (!who) throw notFound();
  const settings = await bookingSettingsOf(db, owner.gymId);
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
        .select({
          id: ticketUsage.ticketIssueId,
          n: sql<number>`coalesce(sum(${ticketUsage.sessions}), 0)`.mapWith(Number),
        })
        .from(ticketUsage)
        .where(inArray(ticketUsage.ticketIssueId, ids))
        .groupBy(ticketUsage.ticketIssueId)
    : [];
  const holds = ids.length
    ? await db.select().from(ticketHold).where(inArray(ticketHold.ticketIssueId, ids))
    : [];
  const usedOf = new Map(used.map((u) => [u.id, u.n]));
  const passes = issues
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
  const horizon = new Date(now.getTime() + (settings.openDaysAhead + 1) * 24 * 3_600_000);
  const all = await listLessons(db, owner.gymId, { from: today, to: seoulToday(horizon) }, 92);
  const productIds = new Set(passes.map((p) => p.ticketId));
  const lessons = all
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
  const mine = await upcomingOf(db, owner.gymId, owner.memberId, now);
  const positions = await waitPositions(
    db,
    mine.filter((m) => m.r.status === 'WAITING').map((m) => m.r),
  );
  return {
    gymName: who.gymName,
    memberName: who.memberName,
    passes,
    lessons,
    bookings: mine.map((m) => ({
      id: m.r.id,
      lessonId: m.r.lessonId,
      lessonTitle: m.lessonTitle,
      startAt: m.startAt.toISOString(),
      status: m.r.status,
      waitPosition: positions.get(m.r.id) ?? null,
      freeCancelUntil: freeCancelUntil(m.startAt, settings).toISOString(),
    })),
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

/** Each waiting reservation's place in its line (1 = next): one statement for all of them. */
const waitPositions = async (db: Executor, waiting: readonly { id: number; lessonId: number }[]) => {
  if (waiting.length === 0) return new Map<number, number>();
  const lines = db
    .select({
      id: reservation.id,
      position:
        sql<number>`row_number() over (partition by ${reservation.lessonId} order by ${reservation.id})`
          .mapWith(Number)
          .as('position'),
    })
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
