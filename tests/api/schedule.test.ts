import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { lessonGetRoute, lessonListRoute } from '#domain/api/schedule.ts';
import { lesson, outbox, reservation, ticketUsage } from '#server/db/schema/index.ts';
import { dataOf } from '../fixtures/api.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { action, makeCustomer, makeTicket, sellOk, setNow } from '../fixtures/customers.ts';
import { multipartForm, pngBytes } from '../fixtures/files.ts';
import { type Cookies, makeActiveGym, makeStaff } from '../fixtures/gyms.ts';

// The schedule (docs/rules.md#schedule): lessons and recurrences, capacity and the waitlist under concurrency,
// sessions held and used, the windows, conflicts, moves and cancels with their notices, the booking page's token,
// and trainer pay. The clock starts on Monday 2026-03-02 at 09:00 KST.

let t: TestApp;
let owner: Cookies;
let gymId: number;
let trainerId: number;
let ptProduct: number;
let otherGym: { owner: Cookies; gymId: number; product: number };

const NOW = '2026-03-02T00:00:00Z';
let gymName: string;

beforeAll(async () => {
  t = await createTestApp({
    config: { session: { idleMs: 10 * 365 * 86_400_000, absoluteMs: 10 * 365 * 86_400_000 } },
  });
  setNow(t, NOW);
  const made = await makeActiveGym(t);
  owner = made.owner.cookies;
  gymId = made.gym.id;
  gymName = made.gym.name;
  const coach = await makeStaff(t.app, made.owner, gymId, { memberUseYn: true, memberSettingYn: true });
  trainerId = coach.member.id;
  ptProduct = (
    await makeTicket(t, owner, gymId, {
      name: 'PT 20회',
      periodAmount: 3,
      sessionCount: 20,
      originPrice: 1_210_000,
      salePrice: 1_210_000,
    })
  ).id;
  const other = await makeActiveGym(t);
  otherGym = {
    owner: other.owner.cookies,
    gymId: other.gym.id,
    product: (await makeTicket(t, other.owner.cookies, other.gym.id)).id,
  };
});
afterAll(() => t?.close());
afterEach(() => setNow(t, NOW));

const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, cookies: Cookies = owner) =>
  t.app.inject({ method, url, cookies, ...(payload === undefined ? {} : { payload: payload as object }) });

const createLesson = async (body: Record<string, unknown> = {}) => {
  const response = await send('POST', '/web/lesson', {
    gymId,
    title: '필라테스 그룹',
    lessonType: 'GROUP',
    capacity: 6,
    date: '2026-03-04',
    startTime: '19:00',
    endTime: '19:50',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.ids as number[];
};

/** A customer with a PT pass of `sessions` sessions from today. */
const customerWithPass = async (sessions = 20, extra: Record<string, unknown> = {}) => {
  const product =
    sessions === 20
      ? ptProduct
      : (
          await makeTicket(t, owner, gymId, {
            name: `PT ${sessions}회`,
            periodAmount: 3,
            sessionCount: sessions,
          })
        ).id;
  const customer = await makeCustomer(t, owner, gymId, extra);
  const pass = await sellOk(t, owner, {
    gymId,
    memberId: customer.id,
    ticketId: product,
    startDate: '2026-03-02',
  });
  return { customer, pass };
};

const bookOf = (lessonId: number, memberId: number, extra: Record<string, unknown> = {}) =>
  send('POST', '/web/reservation', { lessonId, memberId, ...extra });

const detail = async (id: number) => {
  const response = await send('GET', `/web/lesson/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return dataOf(lessonGetRoute, response);
};

const countLessons = async () =>
  (
    await t.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(lesson)
      .where(eq(lesson.gymId, gymId))
  )[0]!.n;

describe('lessons', () => {
  it('writes a weekly class on Monday, Wednesday and Friday until the last day, and lists the Sunday week', async () => {
    const ids = await createLesson({
      date: '2026-03-02',
      startTime: '07:00',
      endTime: '07:50',
      trainerMemberId: trainerId,
      repeat: { weekdays: [1, 3, 5], untilDate: '2026-03-13' },
    });
    expect(ids).toHaveLength(6);
    const week = await send(
      'GET',
      `/web/lesson/list/${gymId}?from=2026-03-01&to=2026-03-07&trainerMemberId=${trainerId}`,
    );
    expect(week.statusCode, week.body).toBe(200);
    const lessons = dataOf(lessonListRoute, week);
    expect(lessons.map((l) => l.startAt)).toEqual([
      '2026-03-01T22:00:00.000Z',
      '2026-03-03T22:00:00.000Z',
      '2026-03-05T22:00:00.000Z',
    ]);
    expect(new Set(lessons.map((l) => l.seriesId)).size).toBe(1);
  });

  it('refuses an end before the start, capacity 0 or 501, a recurrence over a year, an unknown trainer, another facility’s product, and writes nothing', async () => {
    const before = await countLessons();
    const base = {
      gymId,
      title: '요가',
      lessonType: 'GROUP',
      capacity: 6,
      date: '2026-03-04',
      startTime: '19:00',
      endTime: '19:50',
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ endTime: '18:00' }, 'endTime'],
      [{ capacity: 0 }, 'capacity'],
      [{ capacity: 501 }, 'capacity'],
      [{ repeat: { weekdays: [3], untilDate: '2027-03-04' } }, 'repeat.untilDate'],
      [{ repeat: { weekdays: [], untilDate: '2026-04-04' } }, 'repeat.weekdays'],
      [{ trainerMemberId: 999_999 }, 'trainerMemberId'],
      [{ ticketIds: [otherGym.product] }, 'ticketIds'],
    ];
    for (const [patch, field] of cases) {
      const response = await send('POST', '/web/lesson', { ...base, ...patch });
      expect(response.statusCode, `${JSON.stringify(patch)}: ${response.body}`).toBe(400);
      expect(Object.keys(response.json().errors ?? {}), JSON.stringify(patch)).toContain(field);
    }
    expect(await countLessons()).toBe(before);
  });

  it('lets a trainer teach one lesson at a time', async () => {
    await createLesson({
      date: '2026-03-05',
      startTime: '10:00',
      endTime: '11:00',
      trainerMemberId: trainerId,
    });
    const clash = await send('POST', '/web/lesson', {
      gymId,
      title: 'PT',
      lessonType: 'PT',
      capacity: 1,
      date: '2026-03-05',
      startTime: '10:30',
      endTime: '11:30',
      trainerMemberId: trainerId,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().reason).toBe('trainerOverlap');
    const after = await send('POST', '/web/lesson', {
      gymId,
      title: 'PT',
      lessonType: 'PT',
      capacity: 1,
      date: '2026-03-05',
      startTime: '11:00',
      endTime: '12:00',
      trainerMemberId: trainerId,
    });
    expect(after.statusCode, after.body).toBe(201);
  });
});

describe('the calendar blocks (issue 27 item 13)', () => {
  it('name the trainer, and for a PT lesson the customer booked on it; never a customer of a group class', async () => {
    const [pt] = await createLesson({
      title: 'PT',
      lessonType: 'PT',
      capacity: 1,
      date: '2026-03-13',
      startTime: '08:00',
      endTime: '09:00',
      trainerMemberId: trainerId,
    });
    const [group] = await createLesson({ date: '2026-03-13', startTime: '10:00', endTime: '11:00' });
    const [emptyPt] = await createLesson({
      title: 'PT',
      lessonType: 'PT',
      capacity: 1,
      date: '2026-03-13',
      startTime: '12:00',
      endTime: '13:00',
      trainerMemberId: trainerId,
    });
    const { customer } = await customerWithPass(20, { name: '김피티' });
    expect((await bookOf(pt!, customer.id)).statusCode).toBe(201);
    expect((await bookOf(group!, customer.id)).statusCode).toBe(201);
    const list = await send('GET', `/web/lesson/list/${gymId}?from=2026-03-13&to=2026-03-13`);
    expect(list.statusCode, list.body).toBe(200);
    const byId = new Map(dataOf(lessonListRoute, list).map((l) => [l.id, l]));
    expect(byId.get(pt!)).toMatchObject({ customerName: '김피티', trainerName: expect.any(String) });
    expect(byId.get(group!)?.customerName).toBeNull();
    expect(byId.get(emptyPt!)?.customerName).toBeNull();
    expect(((await detail(pt!)) as unknown as { customerName: string }).customerName).toBe('김피티');
  });
});

describe('capacity and the waitlist', () => {
  it('books to capacity, then waits in order; a cancel promotes the first in line with a notice', async () => {
    const [id] = await createLesson({ capacity: 2 });
    const people = await Promise.all(Array.from({ length: 4 }, () => customerWithPass()));
    const statuses: string[] = [];
    for (const p of people) {
      const response = await bookOf(id!, p.customer.id);
      expect(response.statusCode, response.body).toBe(201);
      statuses.push(response.json().data.status);
    }
    expect(statuses).toEqual(['COMPLETE', 'COMPLETE', 'WAITING', 'WAITING']);
    let lessonNow = await detail(id!);
    expect(lessonNow).toMatchObject({ booked: 2, waiting: 2 });
    expect(lessonNow.roster.filter((r) => r.status === 'WAITING').map((r) => r.waitPosition)).toEqual([1, 2]);

    const first = lessonNow.roster[0]!;
    const cancel = await send('POST', `/web/reservation/${first.id}/cancel`, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().data).toMatchObject({ status: 'CANCEL', late: false });
    lessonNow = await detail(id!);
    expect(lessonNow).toMatchObject({ booked: 2, waiting: 1 });
    const promoted = lessonNow.roster.find((r) => r.memberId === people[2]!.customer.id)!;
    expect(promoted.status).toBe('COMPLETE');
    const notices = await t.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(
        and(
          eq(outbox.topic, 'reservation'),
          sql`${outbox.payload}->>'memberId' = ${String(people[2]!.customer.id)}`,
        ),
      );
    expect(notices.map((n) => (n.payload as { kind: string }).kind)).toContain('promoted');
    // The history says who did what.
    const history = await send('GET', `/web/reservation/${promoted.id}`);
    expect(history.json().data.events.map((e: { action: string }) => e.action)).toEqual([
      'WAITLIST',
      'PROMOTE',
    ]);
  });

  it('gives 50 concurrent bookings for the last two places exactly two places, and the rest wait in arrival order', async () => {
    const [id] = await createLesson({ capacity: 3, date: '2026-03-06' });
    const early = await customerWithPass();
    expect((await bookOf(id!, early.customer.id)).json().data.status).toBe('COMPLETE');
    const people = [];
    for (let i = 0; i < 50; i += 10)
      people.push(...(await Promise.all(Array.from({ length: 10 }, () => customerWithPass()))));
    const responses = await Promise.all(people.map((p) => bookOf(id!, p.customer.id)));
    expect(
      responses.map((r) => r.statusCode).every((c) => c === 201),
      responses.map((r) => r.body).join('\n'),
    ).toBe(true);
    const rows = await t.db
      .select({ id: reservation.id, status: reservation.status })
      .from(reservation)
      .where(eq(reservation.lessonId, id!))
      .orderBy(reservation.id);
    expect(rows.filter((r) => r.status === 'COMPLETE')).toHaveLength(3);
    expect(rows.filter((r) => r.status === 'WAITING')).toHaveLength(48);
    // Arrival order is the order of the ids: every place went before every wait.
    const lastComplete = Math.max(...rows.filter((r) => r.status === 'COMPLETE').map((r) => r.id));
    const firstWaiting = Math.min(...rows.filter((r) => r.status === 'WAITING').map((r) => r.id));
    expect(lastComplete).toBeLessThan(firstWaiting);
    // Fifty customers with a pass are made first: on a loaded two-core machine that alone took over 30 s.
  }, 120_000);

  it('promotes from the waitlist when the capacity is raised, and not after the waitlist closes', async () => {
    const [id] = await createLesson({
      capacity: 1,
      date: '2026-03-03',
      startTime: '12:00',
      endTime: '13:00',
    });
    const [a, b, c] = await Promise.all([customerWithPass(), customerWithPass(), customerWithPass()]);
    await bookOf(id!, a!.customer.id);
    await bookOf(id!, b!.customer.id);
    await bookOf(id!, c!.customer.id);
    const raised = await send('PUT', `/web/lesson/${id}`, { capacity: 2 });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(await detail(id!)).toMatchObject({ booked: 2, waiting: 1 });
    // 2026-03-03 10:30 KST: the waitlist closed at 10:00 (120 min before 12:00); a cancel frees a place, nobody moves up.
    setNow(t, '2026-03-03T01:30:00Z');
    const first = (await detail(id!)).roster.find((r) => r.memberId === a!.customer.id)!;
    const cancel = await send('POST', `/web/reservation/${first.id}/cancel`, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().data.late).toBe(true);
    expect(await detail(id!)).toMatchObject({ booked: 1, waiting: 1 });
    const full = await customerWithPass();
    const late = await bookOf(id!, full.customer.id);
    expect(late.statusCode, late.body).toBe(201);
    const d = await customerWithPass();
    const noLine = await bookOf(id!, d.customer.id);
    expect(noLine.statusCode).toBe(409);
    expect(noLine.json().reason).toBe('waitlistClosed');
  });
});

describe('sessions', () => {
  it('holds a session per booking, uses one on attendance, and gives none back for a free cancel', async () => {
    const [one] = await createLesson({ date: '2026-03-04', startTime: '08:00', endTime: '09:00' });
    const [two] = await createLesson({ date: '2026-03-05', startTime: '08:00', endTime: '09:00' });
    const { customer, pass } = await customerWithPass(1);
    expect((await bookOf(one!, customer.id)).statusCode).toBe(201);
    const second = await bookOf(two!, customer.id);
    expect(second.statusCode).toBe(409);
    expect(second.json().reason).toBe('passSessionsHeld');

    const early = await send('POST', `/web/reservation/${(await detail(one!)).roster[0]!.id}/attendance`, {
      mark: 'ATTENDED',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().reason).toBe('attendanceTooEarly');
    setNow(t, '2026-03-03T23:10:00Z'); // 08:10 KST on 03-04
    const marked = await send('POST', `/web/reservation/${(await detail(one!)).roster[0]!.id}/attendance`, {
      mark: 'ATTENDED',
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const after = await send('GET', `/web/ticket-issue/${pass.id}`);
    expect(after.json().data.sessionsLeft).toBe(0);
    const twice = await send('POST', `/web/reservation/${(await detail(one!)).roster[0]!.id}/attendance`, {
      mark: 'NOSHOW',
    });
    expect(twice.json().reason).toBe('attendanceMarked');
  });

  it('charges a no-show only when the facility says so, and a free cancel never', async () => {
    const settings = await send('PUT', `/web/booking-setting/${gymId}`, { noShowUsesSession: false });
    expect(settings.statusCode, settings.body).toBe(200);
    const [id] = await createLesson({ date: '2026-03-02', startTime: '20:00', endTime: '21:00' });
    const { customer, pass } = await customerWithPass(5);
    const other = await customerWithPass(5);
    await bookOf(id!, customer.id);
    await bookOf(id!, other.customer.id);
    const free = await send('POST', `/web/reservation/${(await detail(id!)).roster[1]!.id}/cancel`, {});
    expect(free.json().data).toMatchObject({ status: 'CANCEL', late: false });
    setNow(t, '2026-03-02T11:05:00Z');
    const noShow = await send('POST', `/web/reservation/${(await detail(id!)).roster[0]!.id}/attendance`, {
      mark: 'NOSHOW',
    });
    expect(noShow.statusCode, noShow.body).toBe(200);
    const [used] = await t.db
      .select({ n: sql<number>`coalesce(sum(${ticketUsage.sessions}), 0)`.mapWith(Number) })
      .from(ticketUsage)
      .where(sql`${ticketUsage.ticketIssueId} in (${pass.id}, ${other.pass.id})`);
    expect(used?.n).toBe(0);
    await send('PUT', `/web/booking-setting/${gymId}`, { noShowUsesSession: true });
  });

  it('refuses a pass on hold, expired or refunded, and a pass the lesson does not accept', async () => {
    const [id] = await createLesson({
      date: '2026-03-10',
      startTime: '19:00',
      endTime: '20:00',
      ticketIds: [ptProduct],
    });
    const held = await customerWithPass();
    expect(
      (
        await action(t, owner, held.pass.id, 'hold', {
          startDate: '2026-03-09',
          endDate: '2026-03-15',
          reason: '출장',
        })
      ).statusCode,
    ).toBe(200);
    const onHold = await bookOf(id!, held.customer.id);
    expect(onHold.statusCode).toBe(409);
    expect(onHold.json().reason).toBe('passOnHold');

    const refunded = await customerWithPass();
    expect(
      (await action(t, owner, refunded.pass.id, 'refund', { fault: 'BUSINESS', amount: 0, payments: [] }))
        .statusCode,
    ).toBeLessThan(500);
    const gym = await makeCustomer(t, owner, gymId);
    const monthly = await makeTicket(t, owner, gymId, { name: '헬스 1개월', periodAmount: 1 });
    await sellOk(t, owner, { gymId, memberId: gym.id, ticketId: monthly.id, startDate: '2026-03-02' });
    const notAccepted = await bookOf(id!, gym.id);
    expect(notAccepted.statusCode).toBe(409);
    expect(notAccepted.json().reason).toBe('noBookablePass');

    const expired = await makeCustomer(t, owner, gymId);
    const shortProduct = await makeTicket(t, owner, gymId, {
      name: 'PT 체험',
      periodAmount: 3,
      periodUnit: 'DAY',
      sessionCount: 1,
    });
    await sellOk(t, owner, {
      gymId,
      memberId: expired.id,
      ticketId: shortProduct.id,
      startDate: '2026-03-02',
    });
    const late = await createLesson({ date: '2026-03-10', startTime: '21:00', endTime: '22:00' });
    const ended = await bookOf(late[0]!, expired.id);
    expect(ended.statusCode).toBe(409);
    expect(ended.json().reason).toBe('passExpired');
  });

  it('refuses two bookings of one customer that overlap in time', async () => {
    const [a] = await createLesson({ date: '2026-03-11', startTime: '19:00', endTime: '20:00' });
    const [b] = await createLesson({ date: '2026-03-11', startTime: '19:30', endTime: '20:30' });
    const { customer } = await customerWithPass();
    expect((await bookOf(a!, customer.id)).statusCode).toBe(201);
    const clash = await bookOf(b!, customer.id);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().reason).toBe('bookingOverlap');
    expect((await bookOf(a!, customer.id)).json().reason).toBe('alreadyBooked');
  });
});

describe('windows, moves and cancels', () => {
  it('answers 409 naming the rule and the time before the window opens and after it closes', async () => {
    const [far] = await createLesson({ date: '2026-03-20' });
    const { customer } = await customerWithPass();
    const tooEarly = await bookOf(far!, customer.id);
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json()).toMatchObject({ reason: 'bookingNotOpen' });
    expect(tooEarly.json().message).toContain('2026-03-06 00:00');
    const [soon] = await createLesson({ date: '2026-03-02', startTime: '09:30', endTime: '10:30' });
    const closed = await bookOf(soon!, customer.id);
    expect(closed.json().reason).toBe('bookingClosed');
    expect(closed.json().message).toContain('2026-03-02 08:30');
  });

  it('moves a booked lesson: its bookings become DELAY and each customer is notified', async () => {
    const [id] = await createLesson({ date: '2026-03-12' });
    const { customer } = await customerWithPass();
    await bookOf(id!, customer.id);
    const moved = await send('PUT', `/web/lesson/${id}`, { startTime: '20:00', endTime: '20:50' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ delayed: 1 });
    expect((await detail(id!)).roster[0]!.status).toBe('DELAY');
    const [notice] = await t.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(
        and(eq(outbox.topic, 'reservation'), sql`${outbox.payload}->>'memberId' = ${String(customer.id)}`),
      );
    expect((notice!.payload as { kind: string; text: { ko: string } }).text.ko).toContain('2026-03-12 20:00');
    // Signed with the facility's name, not the platform's.
    expect((notice!.payload as { text: { ko: string } }).text.ko.startsWith(`[${gymName}] `)).toBe(true);
  });

  it('cancels the following lessons of a series with a reason, cancelling their bookings', async () => {
    const ids = await createLesson({
      date: '2026-03-02',
      startTime: '06:00',
      endTime: '06:50',
      repeat: { weekdays: [2], untilDate: '2026-03-31' },
    });
    expect(ids).toHaveLength(5);
    const { customer } = await customerWithPass();
    expect((await bookOf(ids[1]!, customer.id)).statusCode).toBe(201);
    const cancelled = await send('POST', `/web/lesson/${ids[1]}/cancel`, {
      reason: '강사 사정',
      scope: 'FOLLOWING',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ ids: ids.slice(1), delayed: 1 });
    expect((await detail(ids[0]!)).roster).toHaveLength(0);
    const rows = await t.db
      .select({ status: lesson.status })
      .from(lesson)
      .where(sql`${lesson.id} in ${ids}`)
      .orderBy(lesson.startAt);
    expect(rows.map((r) => r.status)).toEqual(['OPEN', 'CANCEL', 'CANCEL', 'CANCEL', 'CANCEL']);
    expect((await detail(ids[1]!)).roster[0]!.status).toBe('CANCEL');
    expect((await bookOf(ids[2]!, customer.id)).json().reason).toBe('lessonCancelled');
  });
});

describe('the booking page', () => {
  const link = async (memberId: number) => {
    const response = await send('POST', '/web/booking-link', { gymId, memberId });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.token as string;
  };
  const self = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: { 'x-booking-token': token }, ...(payload ? { payload } : {}) });

  it("books, refuses a late cancel, shows counts and never another customer's name", async () => {
    const [id] = await createLesson({
      date: '2026-03-03',
      startTime: '19:00',
      endTime: '20:00',
      capacity: 3,
    });
    const someone = await customerWithPass(20, { name: '다른회원' });
    await bookOf(id!, someone.customer.id);
    const { customer } = await customerWithPass(20, { name: '예약회원' });
    const token = await link(customer.id);
    const view = await self('GET', '/web/self-booking', token);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.body).not.toContain('다른회원');
    const row = view.json().data.lessons.find((l: { id: number }) => l.id === id);
    expect(row).toMatchObject({ booked: 1, capacity: 3, bookable: true });
    const booked = await self('POST', '/web/self-booking/reservation', token, { lessonId: id });
    expect(booked.statusCode, booked.body).toBe(201);
    const mine = (await self('GET', '/web/self-booking', token)).json().data.bookings;
    expect(mine).toHaveLength(1);
    // Three hours before 19:00 is 16:00: at 17:00 KST the customer can no longer cancel; staff still can.
    setNow(t, '2026-03-03T08:00:00Z');
    const late = await self('POST', `/web/self-booking/reservation/${mine[0].id}/cancel`, token);
    expect(late.statusCode).toBe(409);
    expect(late.json().reason).toBe('lateCancel');
    const other = await self(
      'POST',
      `/web/self-booking/reservation/${(await detail(id!)).roster[0]!.id}/cancel`,
      token,
    );
    expect(other.statusCode).toBe(404);
    const staff = await send('POST', `/web/reservation/${mine[0].id}/cancel`, { note: '전화 요청' });
    expect(staff.json().data).toMatchObject({ status: 'CANCEL', late: true });
  });

  it('keeps a customer to the most bookings the facility allows, and shows their place in line', async () => {
    const [full] = await createLesson({
      date: '2026-03-05',
      startTime: '21:00',
      endTime: '21:50',
      capacity: 1,
    });
    const [other] = await createLesson({ date: '2026-03-06', startTime: '21:00', endTime: '21:50' });
    const first = await customerWithPass();
    const second = await customerWithPass();
    await bookOf(full!, first.customer.id);
    await bookOf(full!, second.customer.id);
    const { customer } = await customerWithPass();
    const token = await link(customer.id);
    const waiting = await self('POST', '/web/self-booking/reservation', token, { lessonId: full });
    expect(waiting.json().data.status).toBe('WAITING');
    const view = (await self('GET', '/web/self-booking', token)).json().data;
    expect(view.bookings).toEqual([
      expect.objectContaining({ lessonId: full, status: 'WAITING', waitPosition: 2 }),
    ]);
    // The limit is the server's: the booking page only mirrors it.
    expect((await send('PUT', `/web/booking-setting/${gymId}`, { maxActiveBookings: 1 })).statusCode).toBe(
      200,
    );
    const over = await self('POST', '/web/self-booking/reservation', token, { lessonId: other });
    expect(over.statusCode).toBe(409);
    expect(over.json().reason).toBe('tooManyBookings');
    expect((await detail(other!)).roster).toHaveLength(0);
    await send('PUT', `/web/booking-setting/${gymId}`, { maxActiveBookings: 10 });
  });

  it('answers 401 for a missing, forged, expired or replaced token, before reading the input', async () => {
    const { customer } = await customerWithPass();
    const old = await link(customer.id);
    const fresh = await link(customer.id);
    expect((await self('GET', '/web/self-booking', old)).statusCode).toBe(401);
    expect((await self('GET', '/web/self-booking', 'x'.repeat(32))).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/web/self-booking' })).statusCode).toBe(401);
    expect((await self('POST', '/web/self-booking/reservation', old, { nonsense: true })).statusCode).toBe(
      401,
    );
    expect((await self('GET', '/web/self-booking', fresh)).statusCode).toBe(200);
    setNow(t, '2026-04-02T00:00:00Z');
    const expired = await self('GET', '/web/self-booking', fresh);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().reason).toBe('bookingTokenInvalid');
    // The token opens no staff call.
    expect(
      (await self('GET', `/web/lesson/list/${gymId}?from=2026-03-01&to=2026-03-07`, fresh)).statusCode,
    ).toBe(401);
  });
});

describe('trainers and their pay', () => {
  it('pays attended sessions at a percent of the per-session price', async () => {
    const made = await send('POST', '/web/trainer', {
      gymId,
      memberId: trainerId,
      payKind: 'PERCENT',
      payRate: 40,
      specialties: ['재활', '체형 교정'],
    });
    expect(made.statusCode, made.body).toBe(201);
    const again = await send('POST', '/web/trainer', { gymId, memberId: trainerId });
    expect(again.statusCode).toBe(400);
    // Working hours whose end is not after the start are refused by the server, not only by the form.
    const hours = [null, { start: '18:00', end: '09:00' }, null, null, null, null, null];
    const badHours = await send('PUT', `/web/trainer/${made.json().data.id}`, { workingHours: hours });
    expect(badHours.statusCode).toBe(400);
    expect(badHours.json().errors.workingHours).toBeDefined();
    const [id] = await createLesson({
      lessonType: 'PT',
      capacity: 1,
      date: '2026-03-02',
      startTime: '15:00',
      endTime: '15:50',
      trainerMemberId: trainerId,
    });
    const { customer } = await customerWithPass();
    await bookOf(id!, customer.id);
    setNow(t, '2026-03-02T06:10:00Z');
    const reservationId = (await detail(id!)).roster[0]!.id;
    expect(
      (await send('POST', `/web/reservation/${reservationId}/attendance`, { mark: 'ATTENDED' })).statusCode,
    ).toBe(200);
    const report = await send('GET', `/web/trainer/${made.json().data.id}/pay?month=2026-03`);
    expect(report.statusCode, report.body).toBe(200);
    // PT 20회 at 1,210,000: 60,500 a session, 40 % is 24,200.
    expect(report.json().data).toMatchObject({ total: 24_200, sessions: [{ reservationId, pay: 24_200 }] });
  });
});

describe('trainer photos', () => {
  it('takes only a TRAINER upload of the caller, and the facility adopts it so its staff see it', async () => {
    const coach = await makeStaff(t.app, { cookies: owner }, gymId, {});
    const made = await send('POST', '/web/trainer', { gymId, memberId: coach.member.id });
    expect(made.statusCode, made.body).toBe(201);
    const upload = async (type: string, cookies: Cookies) => {
      const form = multipartForm([
        { field: 'file', name: 'coach.png', content: pngBytes(), contentType: 'image/png' },
      ]);
      const response = await t.app.inject({
        method: 'POST',
        url: `/web/file/upload?type=${type}`,
        cookies,
        payload: form.payload,
        headers: form.headers,
      });
      expect(response.statusCode, response.body).toBe(201);
      return (response.json().data[0] as string).split('/').pop()!;
    };
    const wrongType = await upload('ETC', owner);
    const refused = await send('PUT', `/web/trainer/${made.json().data.id}`, { photoFileId: wrongType });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.photoFileId).toBeDefined();
    const othersUpload = await upload('TRAINER', otherGym.owner);
    expect(
      (await send('PUT', `/web/trainer/${made.json().data.id}`, { photoFileId: othersUpload })).statusCode,
    ).toBe(400);
    const photo = await upload('TRAINER', owner);
    const saved = await send('PUT', `/web/trainer/${made.json().data.id}`, { photoFileId: photo });
    expect(saved.statusCode, saved.body).toBe(200);
    const reader = await makeStaff(t.app, { cookies: owner }, gymId, { memberUseYn: true });
    expect((await send('GET', `/web/file/${photo}`, undefined, reader.cookies)).statusCode).toBe(200);
  });
});

describe('isolation and rights', () => {
  it("answers 404 for another facility's lesson and reservation, and 403 to a reader's writes", async () => {
    const [id] = await createLesson({ date: '2026-03-13' });
    expect((await send('GET', `/web/lesson/${id}`, undefined, otherGym.owner)).statusCode).toBe(404);
    expect((await send('POST', `/web/lesson/${id}/cancel`, { reason: 'x' }, otherGym.owner)).statusCode).toBe(
      404,
    );
    const { customer } = await customerWithPass();
    const booked = await bookOf(id!, customer.id);
    const reservationId = booked.json().data.id;
    expect(
      (await send('GET', `/web/reservation/${reservationId}`, undefined, otherGym.owner)).statusCode,
    ).toBe(404);
    expect(
      (await send('POST', '/web/reservation', { lessonId: id, memberId: customer.id }, otherGym.owner))
        .statusCode,
    ).toBe(404);
    const reader = await makeStaff(t.app, { cookies: owner }, gymId, { memberUseYn: true });
    expect((await send('GET', `/web/lesson/${id}`, undefined, reader.cookies)).statusCode).toBe(200);
    const refused = await send('POST', `/web/reservation/${reservationId}/cancel`, {}, reader.cookies);
    expect(refused.statusCode).toBe(403);
    expect((await send('GET', `/web/reservation/${reservationId}`)).json().data.status).toBe('COMPLETE');
    expect(
      (await send('PUT', `/web/booking-setting/${gymId}`, { openDaysAhead: 3 }, reader.cookies)).statusCode,
    ).toBe(403);
  });
});
