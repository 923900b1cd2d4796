import { and, asc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import { seoulClock, seoulInstant, weekStart } from '#domain/rules/schedule.ts';
import { addDays, seoulToday } from '#domain/rules/seoul-time.ts';
import type { Executor, Tx } from '../db/client.ts';
import { lesson, reservation, ticket, ticketHold, ticketIssue } from '../db/schema/index.ts';
import type { Actor } from '../kernel/actor.ts';
import { cancelLessons, createLessons, updateLessons } from '../modules/schedule/lesson.commands.ts';
import { book, cancelReservation, markAttendance } from '../modules/schedule/reservation.commands.ts';
import { saveBookingSettings } from '../modules/schedule/schedule.commands.ts';
import { createTrainer } from '../modules/schedule/trainer.commands.ts';

// The demo facility's schedule (docs/rules.md#schedule): three trainers with profiles and pay rules, three weeks of
// group classes and 1:1 PT slots (last week, this week, next week), bookings with attendance, a no-show, a late
// cancel, a full class with a waitlist, a moved PT session and a cancelled class. Everything goes through the
// services staff use, each at the time it would have happened.

type People = { owner: number; staff: number; coach: number; yoga: number };

const WEEKDAY_HOURS = (start: string, end: string, days: number[]) =>
  Array.from({ length: 7 }, (_, d) => (days.includes(d) ? { start, end } : null));

export const seedSchedule = async (tx: Executor, gymId: number, people: People, now: Date) => {
  const at = (when: Date): Actor => ({ memberId: people.owner, requestId: null, now: when });
  const actor = at(now);
  const today = seoulToday(now);

  const park = people.coach;
  const choi = people.yoga;

  await createTrainer(tx, actor, {
    gymId,
    memberId: people.staff,
    specialties: ['PT', '체형 교정', '다이어트'],
    career: '생활스포츠지도사 2급\n전 ○○피트니스 팀장 (5년)',
    introduction: '무리 없이 오래 가는 운동을 함께 만듭니다.',
    workingHours: WEEKDAY_HOURS('09:00', '18:00', [1, 2, 3, 4, 5]),
    color: '#cf1322',
    payKind: 'PERCENT',
    payRate: 40,
  });
  await createTrainer(tx, actor, {
    gymId,
    memberId: park,
    specialties: ['스피닝', '근력 운동'],
    career: '스피닝 국제 자격 (Mad Dogg)\n보디빌딩 대회 입상',
    introduction: '땀 흘리는 즐거움을 알려 드릴게요.',
    workingHours: WEEKDAY_HOURS('14:00', '22:00', [1, 2, 3, 4, 5, 6]),
    color: '#389e0d',
    payKind: 'PER_SESSION',
    payRate: 25_000,
    // 스피닝 pays per rider, at least four (docs/rules.md#trainer-pay).
    groupPayKind: 'PER_ATTENDEE',
    groupPayRate: 8_000,
    groupPayMinAttendees: 4,
  });
  await createTrainer(tx, actor, {
    gymId,
    memberId: choi,
    specialties: ['필라테스', '요가'],
    career: '필라테스 국제 자격 (STOTT)\n요가 얼라이언스 RYT-200',
    introduction: '호흡과 코어부터 차근차근.',
    workingHours: WEEKDAY_HOURS('06:30', '21:00', [1, 2, 3, 4, 5]),
    color: '#722ed1',
    payKind: 'PER_SESSION',
    payRate: 30_000,
    // 필라테스 and 모닝 요가 pay a fixed amount per class held (docs/rules.md#trainer-pay).
    groupPayKind: 'PER_CLASS',
    groupPayRate: 50_000,
  });
  await saveBookingSettings(tx, actor, gymId, {});

  // Three weeks, Sunday to Saturday: last week, this week, next week.
  const first = addDays(weekStart(today), -7);
  const last = addDays(weekStart(today), 13);
  const products = await tx
    .select({ id: ticket.id, name: ticket.name })
    .from(ticket)
    .where(eq(ticket.gymId, gymId));
  const ptProducts = products.filter((p) => p.name.includes('PT')).map((p) => p.id);
  const series = [
    {
      title: '필라테스 그룹',
      lessonType: 'GROUP',
      trainer: choi,
      room: 'GX룸',
      capacity: 8,
      days: [1, 3, 5],
      from: '19:00',
      to: '19:50',
    },
    {
      title: '모닝 요가',
      lessonType: 'GROUP',
      trainer: choi,
      room: 'GX룸',
      capacity: 10,
      days: [2, 4],
      from: '07:00',
      to: '07:50',
    },
    {
      title: '스피닝',
      lessonType: 'GROUP',
      trainer: park,
      room: '스피닝룸',
      capacity: 12,
      days: [2, 4, 6],
      from: '20:00',
      to: '20:45',
    },
    {
      title: 'PT 1:1',
      lessonType: 'PT',
      trainer: people.staff,
      room: 'PT룸',
      capacity: 1,
      days: [1, 2, 3, 4, 5],
      from: '10:00',
      to: '10:50',
      pt: true,
    },
    {
      title: 'PT 1:1',
      lessonType: 'PT',
      trainer: people.staff,
      room: 'PT룸',
      capacity: 1,
      days: [1, 2, 3, 4, 5],
      from: '14:00',
      to: '14:50',
      pt: true,
    },
    {
      title: 'PT 1:1',
      lessonType: 'PT',
      trainer: park,
      room: 'PT룸',
      capacity: 1,
      days: [1, 3, 5],
      from: '18:00',
      to: '18:50',
      pt: true,
    },
  ] as const;
  for (const s of series) {
    await createLessons(tx, actor, {
      gymId,
      title: s.title,
      lessonType: s.lessonType,
      trainerMemberId: s.trainer,
      room: s.room,
      capacity: s.capacity,
      ticketIds: 'pt' in s ? ptProducts : [],
      date: first,
      startTime: s.from,
      endTime: s.to,
      repeat: { weekdays: [...s.days], untilDate: last },
    });
  }

  // Customers whose pass is in force over the three weeks and never on hold: PT passes for the PT slots.
  const valid = await tx
    .select({ memberId: ticketIssue.memberId, ticketId: ticketIssue.ticketId, id: ticketIssue.id })
    .from(ticketIssue)
    .leftJoin(ticketHold, eq(ticketHold.ticketIssueId, ticketIssue.id))
    .where(
      and(
        eq(ticketIssue.gymId, gymId),
        eq(ticketIssue.status, 'FIN'),
        lte(ticketIssue.startDate, first),
        gte(ticketIssue.endDate, last),
        isNull(ticketHold.id),
      ),
    )
    .orderBy(asc(ticketIssue.id));
  const pt = [...new Set(valid.filter((v) => ptProducts.includes(v.ticketId)).map((v) => v.memberId))];
  const anyone = [...new Set(valid.map((v) => v.memberId))].filter((id) => !pt.includes(id));

  const lessons = await tx
    .select()
    .from(lesson)
    .where(and(eq(lesson.gymId, gymId), gte(lesson.startAt, seoulInstant(first, '00:00'))))
    .orderBy(asc(lesson.startAt), asc(lesson.id));

  /**
   * One demo step in a savepoint: a step a rule refuses (a pass used up meanwhile, an overlap) is skipped and
   * leaves nothing behind.
   */
  const attempt = async <T>(f: (sp: Executor) => Promise<T>): Promise<T | null> => {
    try {
      return await (tx as Tx).transaction((sp) => f(sp));
    } catch {
      return null;
    }
  };
  const tryBook = (lessonId: number, memberId: number, when: Date) =>
    attempt((sp) => book(sp, at(when), gymId, { lessonId, memberId, source: 'STAFF' }));

  let ptTurn = 0;
  let groupTurn = 0;
  const nextWeek = addDays(weekStart(today), 7);
  for (const l of lessons) {
    const day = seoulToday(l.startAt);
    if (day >= nextWeek && l.lessonType === 'PT') continue; // next week's PT slots stay open
    const bookedAt = new Date(Math.min(l.startAt.getTime() - 2 * 86_400_000, now.getTime()));
    const past = l.endAt.getTime() < now.getTime();
    const takers =
      l.lessonType === 'PT'
        ? [pt[ptTurn++ % Math.max(pt.length, 1)]]
        : Array.from({ length: past ? 5 : 3 }, () => anyone[groupTurn++ % Math.max(anyone.length, 1)]);
    const made: number[] = [];
    for (const who of takers) {
      if (who === undefined) continue;
      const id = await tryBook(l.id, who, bookedAt);
      if (id) made.push(id);
    }
    if (!past) continue;
    for (const [k, id] of made.entries()) {
      if (k === 3 && l.id % 3 === 0) {
        // A late cancel an hour before the start.
        const lateAt = new Date(l.startAt.getTime() - 60 * 60_000);
        await attempt((sp) =>
          cancelReservation(sp, at(lateAt), id, { note: '전화로 취소 요청', source: 'STAFF' }),
        );
        continue;
      }
      const mark = k === 4 ? 'NOSHOW' : 'ATTENDED';
      await attempt((sp) => markAttendance(sp, at(new Date(l.startAt.getTime() + 5 * 60_000)), id, mark));
    }
  }

  // The next 필라테스 that opens booking and still has its waitlist open: full, with two waiting.
  const soon = lessons.find(
    (l) => l.title === '필라테스 그룹' && l.startAt.getTime() > now.getTime() + 86_400_000,
  );
  if (soon) {
    const waiting = async () =>
      (
        await tx
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(reservation)
          .where(and(eq(reservation.lessonId, soon.id), eq(reservation.status, 'WAITING')))
      )[0]?.n ?? 0;
    for (const who of [...anyone, ...pt]) {
      if ((await waiting()) >= 2) break;
      await tryBook(soon.id, who, now);
    }
  }

  // The next 10:00 PT at least three hours away moves to 11:00: its booking becomes DELAY and the customer is
  // notified. On a Friday evening or a weekend that slot is next week's, still open, so it is booked first.
  const movable = lessons.find(
    (l) =>
      l.lessonType === 'PT' &&
      seoulClock(l.startAt) === '10:00' &&
      l.startAt.getTime() > now.getTime() + 3 * 3_600_000,
  );
  if (movable) {
    const [taken] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(reservation)
      .where(and(eq(reservation.lessonId, movable.id), eq(reservation.status, 'COMPLETE')));
    if ((taken?.n ?? 0) === 0 && pt[0] !== undefined) await tryBook(movable.id, pt[0], now);
    await attempt((sp) =>
      updateLessons(sp, actor, movable.id, { scope: 'ONE', startTime: '11:00', endTime: '11:50' }),
    );
  }

  // Last Saturday's 스피닝 was cancelled: the coach was ill.
  const lastSaturday = addDays(weekStart(today), -1);
  const cancelled = lessons.find((l) => l.title === '스피닝' && seoulToday(l.startAt) === lastSaturday);
  if (cancelled)
    await attempt((sp) =>
      cancelLessons(sp, at(new Date(cancelled.startAt.getTime() - 5 * 3_600_000)), cancelled.id, {
        reason: '강사 개인 사정으로 휴강',
        scope: 'ONE',
      }),
    );
};
