import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageAuto, messageAutoSent, messageSend, outbox } from '#server/db/schema/index.ts';
import { systemActor } from '#server/kernel/actor.ts';
import { runAutomaticMessages, sendBookingNotices } from '#server/modules/message/message.auto.ts';
import { cancelReservation } from '#server/modules/schedule/reservation.commands.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeCustomer, makeTicket, sellOk, setNow } from '../fixtures/customers.ts';
import { type MessagingGym, makeMessagingGym, recipientsOf } from '../fixtures/messages.ts';

// The booking notices as automatic messages (docs/rules.md#automatic-messages): with a kind switched on, the
// schedule's event (a place confirmed, a cancel by the facility, a waitlist place given) builds one AUTO send
// through the sends module, once per reservation and kind, and the schedule's own notice is not written; switched
// off, the schedule's notices are as they were. The reminder rides the once-a-minute run.

let t: TestApp;
const NOW = '2026-03-02T00:00:00Z'; // Monday 09:00 KST

beforeAll(async () => {
  t = await createTestApp({
    config: { session: { idleMs: 30 * 86_400_000, absoluteMs: 30 * 86_400_000 } },
  });
  setNow(t, NOW);
}, 60_000);
afterAll(() => t?.close());

type Booking = { g: MessagingGym; product: number };

const setUp = async (credits = 100_000): Promise<Booking> => {
  const g = await makeMessagingGym(t, credits);
  const product = (
    await makeTicket(t, g.owner, g.gymId, {
      name: 'PT 10회',
      periodAmount: 3,
      sessionCount: 10,
      originPrice: 500_000,
      salePrice: 500_000,
    })
  ).id;
  return { g, product };
};

const call = async (b: Booking, method: 'POST' | 'PUT', url: string, payload: object, status: number) => {
  const response = await t.app.inject({ method, url, cookies: b.g.owner, payload });
  expect(response.statusCode, response.body).toBe(status);
  return response.json().data;
};

const customerWithPass = async (b: Booking, name: string) => {
  const customer = await makeCustomer(t, b.g.owner, b.g.gymId, { name });
  await sellOk(t, b.g.owner, {
    gymId: b.g.gymId,
    memberId: customer.id,
    ticketId: b.product,
    startDate: '2026-03-02',
  });
  return customer;
};

const lessonOf = async (b: Booking, capacity = 1, startTime = '19:00') => {
  const data = await call(
    b,
    'POST',
    '/web/lesson',
    {
      gymId: b.g.gymId,
      title: '필라테스',
      lessonType: 'GROUP',
      capacity,
      date: '2026-03-04',
      startTime,
      endTime: '19:50',
    },
    201,
  );
  return data.ids[0] as number;
};

const book = (b: Booking, lessonId: number, memberId: number) =>
  call(b, 'POST', '/web/reservation', { lessonId, memberId }, 201) as Promise<{ id: number; status: string }>;

const enable = (b: Booking, kind: string, text: string) =>
  t.db
    .insert(messageAuto)
    .values({ gymId: b.g.gymId, kind, enabled: true, text, sendHour: 10, params: {} })
    .onConflictDoUpdate({ target: [messageAuto.gymId, messageAuto.kind], set: { enabled: true, text } });

const autoSends = (b: Booking) =>
  t.db
    .select()
    .from(messageSend)
    .where(and(eq(messageSend.gymId, b.g.gymId), eq(messageSend.origin, 'AUTO')))
    .orderBy(messageSend.id);

/** The schedule's own notices (outbox topic `reservation`) to one customer, by kind. */
const noticesTo = async (memberId: number) =>
  (
    await t.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(and(eq(outbox.topic, 'reservation'), sql`${outbox.payload}->>'memberId' = ${String(memberId)}`))
  ).map((r) => (r.payload as { kind: string }).kind);

describe('the booking notices switched off', () => {
  it('leave the schedule’s own notices as they were, and build no automatic send', async () => {
    const b = await setUp();
    const first = await customerWithPass(b, '김첫째');
    const second = await customerWithPass(b, '이둘째');
    const lessonId = await lessonOf(b);
    const booked = await book(b, lessonId, first.id);
    expect(booked.status).toBe('COMPLETE');
    const waiting = await book(b, lessonId, second.id);
    expect(waiting.status).toBe('WAITING');
    await call(b, 'POST', `/web/reservation/${booked.id}/cancel`, {}, 200);
    expect(await noticesTo(second.id)).toEqual(['promoted']);
    expect(await noticesTo(first.id)).toEqual([]);
    await call(b, 'POST', `/web/lesson/${lessonId}/cancel`, { reason: '강사 사정' }, 200);
    expect(await noticesTo(second.id)).toEqual(['promoted', 'lessonCancelled']);
    expect(await autoSends(b)).toEqual([]);
    const claims = await t.db.select().from(messageAutoSent).where(eq(messageAutoSent.gymId, b.g.gymId));
    expect(claims).toEqual([]);
  });
});

describe('the booking notices switched on', () => {
  it('send one automatic message per cause instead of the schedule’s notice', async () => {
    const b = await setUp();
    await enable(b, 'BOOKING_CONFIRMED', '[#{시설명}] #{이름}님, 예약이 확정되었습니다.');
    await enable(b, 'BOOKING_CANCELLED', '[#{시설명}] #{이름}님, 예약이 취소되었습니다.');
    await enable(b, 'WAITLIST_PROMOTED', '[#{시설명}] #{이름}님, 대기하신 수업에 자리가 났습니다.');
    const first = await customerWithPass(b, '김첫째');
    const second = await customerWithPass(b, '이둘째');
    const lessonId = await lessonOf(b);

    const booked = await book(b, lessonId, first.id);
    let sends = await autoSends(b);
    expect(sends.map((s) => s.autoKind)).toEqual(['BOOKING_CONFIRMED']);
    expect(sends[0]).toMatchObject({
      advertising: false,
      channel: 'SMS',
      recipientCount: 1,
      senderId: b.g.senderId,
    });
    expect(await recipientsOf(t, sends[0]!.id)).toEqual([
      expect.objectContaining({
        memberId: first.id,
        // Sent through the test provider by the dispatcher after the request.
        state: 'SENT',
        text: `[${b.g.gymName}] 김첫째님, 예약이 확정되었습니다.`,
      }),
    ]);

    // The waitlist confirms nothing.
    await book(b, lessonId, second.id);
    expect(await autoSends(b)).toHaveLength(1);

    // The facility cancels the first booking: the first is told it is cancelled, the second that it is in.
    await call(b, 'POST', `/web/reservation/${booked.id}/cancel`, {}, 200);
    sends = await autoSends(b);
    expect(sends.map((s) => s.autoKind)).toEqual([
      'BOOKING_CONFIRMED',
      'BOOKING_CANCELLED',
      'WAITLIST_PROMOTED',
    ]);
    expect((await recipientsOf(t, sends[1]!.id)).map((r) => r.memberId)).toEqual([first.id]);
    expect((await recipientsOf(t, sends[2]!.id)).map((r) => r.memberId)).toEqual([second.id]);
    expect(await noticesTo(second.id)).toEqual([]);

    // The lesson is cancelled: the second (now booked) is told once, by the automatic message.
    await call(b, 'POST', `/web/lesson/${lessonId}/cancel`, { reason: '강사 사정' }, 200);
    sends = await autoSends(b);
    expect(sends.map((s) => s.autoKind)).toEqual([
      'BOOKING_CONFIRMED',
      'BOOKING_CANCELLED',
      'WAITLIST_PROMOTED',
      'BOOKING_CANCELLED',
    ]);
    expect((await recipientsOf(t, sends[3]!.id)).map((r) => r.memberId)).toEqual([second.id]);
    expect(await noticesTo(first.id)).toEqual([]);
    expect(await noticesTo(second.id)).toEqual([]);

    // The same event again tells nobody twice, and still counts them as told (so no old notice either).
    const again = await t.db.transaction((tx) =>
      sendBookingNotices(tx, systemActor(t.clock.now()), b.g.gymId, 'BOOKING_CONFIRMED', [
        { reservationId: booked.id, memberId: first.id },
      ]),
    );
    expect([...again]).toEqual([booked.id]);
    expect(await autoSends(b)).toHaveLength(4);
  });

  it('tell nobody of a cancel the customer made on their own page', async () => {
    const b = await setUp();
    await enable(b, 'BOOKING_CANCELLED', '[#{시설명}] #{이름}님, 예약이 취소되었습니다.');
    const customer = await customerWithPass(b, '박본인');
    const lessonId = await lessonOf(b, 4);
    const booked = await book(b, lessonId, customer.id);
    await t.db.transaction((tx) =>
      cancelReservation(tx, systemActor(t.clock.now(), customer.id), booked.id, {
        source: 'SELF',
        memberId: customer.id,
      }),
    );
    expect(await autoSends(b)).toEqual([]);
    expect(await noticesTo(customer.id)).toEqual([]);
  });

  it('fall back to the schedule’s notice when the credits are short, and the booking stands', async () => {
    const b = await setUp(0);
    await enable(b, 'WAITLIST_PROMOTED', '[#{시설명}] #{이름}님, 대기하신 수업에 자리가 났습니다.');
    await enable(b, 'BOOKING_CONFIRMED', '[#{시설명}] #{이름}님, 예약이 확정되었습니다.');
    const first = await customerWithPass(b, '김첫째');
    const second = await customerWithPass(b, '이둘째');
    const lessonId = await lessonOf(b);
    const booked = await book(b, lessonId, first.id);
    expect(booked.status).toBe('COMPLETE');
    await book(b, lessonId, second.id);
    await call(b, 'POST', `/web/reservation/${booked.id}/cancel`, {}, 200);
    expect(await autoSends(b)).toEqual([]);
    expect(await noticesTo(second.id)).toEqual(['promoted']);
    // Nothing claimed: the causes were not told.
    const claims = await t.db.select().from(messageAutoSent).where(eq(messageAutoSent.gymId, b.g.gymId));
    expect(claims).toEqual([]);
  });
});

describe('the booking reminder', () => {
  it('goes once, within the hours before the lesson, through the run', async () => {
    const b = await setUp();
    await enable(b, 'BOOKING_REMINDER', '[#{시설명}] #{이름}님, 예약하신 수업이 곧 시작됩니다.');
    await t.db
      .update(messageAuto)
      .set({ params: { hoursBefore: 2 } })
      .where(and(eq(messageAuto.gymId, b.g.gymId), eq(messageAuto.kind, 'BOOKING_REMINDER')));
    const customer = await customerWithPass(b, '최알림');
    const lessonId = await lessonOf(b, 4, '18:00');
    await book(b, lessonId, customer.id);
    const run = () => runAutomaticMessages({ db: t.db }, t.clock.now());
    const reminders = async () => (await autoSends(b)).filter((s) => s.autoKind === 'BOOKING_REMINDER');
    setNow(t, '2026-03-04T06:30:00Z'); // 15:30 KST, 2 h 30 before: not yet
    await run();
    expect(await reminders()).toEqual([]);
    setNow(t, '2026-03-04T07:05:00Z'); // 16:05 KST, within 2 hours
    await run();
    const sent = await reminders();
    expect(sent).toHaveLength(1);
    expect((await recipientsOf(t, sent[0]!.id)).map((r) => r.memberId)).toEqual([customer.id]);
    setNow(t, '2026-03-04T08:00:00Z');
    await run();
    expect(await reminders()).toHaveLength(1);
    setNow(t, NOW);
  });
});
