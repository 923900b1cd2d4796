import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payReportRoute } from '#domain/api/schedule.ts';
import { reservation } from '#server/db/schema/index.ts';
import { dataOf } from '../fixtures/api.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeCustomer, makeTicket, sellOk, setNow } from '../fixtures/customers.ts';
import { type Cookies, makeActiveGym, makeStaff } from '../fixtures/gyms.ts';

// Trainer pay (docs/rules.md#trainer-pay): a lesson the facility cancelled pays nothing and none of its bookings
// stays attended; a group class pays by the trainer's group rule (per class, or per attendee with a minimum); a
// bundle's PT sessions are worth its stated session value, not its whole price. The clock is March 2026.

let t: TestApp;
let owner: Cookies;
let gymId: number;
let ptProduct: number;
let made: Awaited<ReturnType<typeof makeActiveGym>>;

beforeAll(async () => {
  t = await createTestApp({
    config: { session: { idleMs: 10 * 365 * 86_400_000, absoluteMs: 10 * 365 * 86_400_000 } },
  });
  setNow(t, '2026-03-02T00:00:00Z');
  made = await makeActiveGym(t);
  owner = made.owner.cookies;
  gymId = made.gym.id;
  ptProduct = (
    await makeTicket(t, owner, gymId, {
      name: 'PT 20회',
      periodAmount: null,
      periodUnit: null,
      sessionCount: 20,
      originPrice: 1_100_000,
      salePrice: 1_100_000,
    })
  ).id;
});
afterAll(() => t?.close());

const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    cookies: owner,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** A staff member with a trainer profile and the pay settings given. */
const makeTrainer = async (pay: Record<string, unknown>) => {
  const staff = await makeStaff(t.app, made.owner, gymId, { memberUseYn: true });
  const response = await send('POST', '/web/trainer', { gymId, memberId: staff.member.id, ...pay });
  expect(response.statusCode, response.body).toBe(201);
  return { memberId: staff.member.id, id: response.json().data.id as number };
};

const lessonOf = async (trainerMemberId: number, body: Record<string, unknown>) => {
  const response = await send('POST', '/web/lesson', {
    gymId,
    title: '스피닝',
    lessonType: 'GROUP',
    capacity: 10,
    startTime: '10:00',
    endTime: '10:50',
    trainerMemberId,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json().data.ids as number[])[0]!;
};

const customerWith = async (ticketId: number, extra: Record<string, unknown> = {}) => {
  const customer = await makeCustomer(t, owner, gymId);
  const pass = await sellOk(t, owner, {
    gymId,
    memberId: customer.id,
    ticketId,
    startDate: '2026-03-02',
    ...extra,
  });
  return { customer, pass };
};

/** Books the customers on the lesson the day before, then marks each attended once it has started. */
const attended = async (lessonId: number, startIso: string, customers: { id: number }[]) => {
  setNow(t, new Date(new Date(startIso).getTime() - 86_400_000).toISOString());
  const ids: number[] = [];
  for (const c of customers) {
    const booked = await send('POST', '/web/reservation', { lessonId, memberId: c.id });
    expect(booked.statusCode, booked.body).toBe(201);
    ids.push(booked.json().data.id as number);
  }
  setNow(t, new Date(new Date(startIso).getTime() + 5 * 60_000).toISOString());
  for (const id of ids) {
    const marked = await send('POST', `/web/reservation/${id}/attendance`, { mark: 'ATTENDED' });
    expect(marked.statusCode, marked.body).toBe(200);
  }
  return ids;
};

const payOf = async (trainerId: number, month = '2026-03') => {
  const response = await send('GET', `/web/trainer/${trainerId}/pay?month=${month}`);
  expect(response.statusCode, response.body).toBe(200);
  return dataOf(payReportRoute, response);
};

describe('a lesson the facility cancels', () => {
  it('pays nothing, and its bookings are cancelled, not attended, with their sessions back', async () => {
    const coach = await makeTrainer({
      payKind: 'PER_SESSION',
      payRate: 25_000,
      groupPayKind: 'PER_ATTENDEE',
      groupPayRate: 25_000,
    });
    const lessonId = await lessonOf(coach.memberId, {
      date: '2026-03-07',
      startTime: '20:00',
      endTime: '20:50',
    });
    const people = [
      await customerWith(ptProduct),
      await customerWith(ptProduct),
      await customerWith(ptProduct),
    ];
    const ids = await attended(
      lessonId,
      '2026-03-07T11:00:00Z',
      people.map((p) => p.customer),
    );
    expect((await payOf(coach.id)).total).toBe(3 * 25_000);

    const cancelled = await send('POST', `/web/lesson/${lessonId}/cancel`, {
      reason: '강사 개인 사정으로 휴강',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const pay = await payOf(coach.id);
    expect(pay).toMatchObject({ total: 0, sessions: [], classes: [] });

    // Every booking is cancelled and none stays attended; the sessions came back.
    const rows = await t.db.select().from(reservation).where(eq(reservation.lessonId, lessonId));
    expect(rows.map((r) => [r.status, r.attendance, r.usageId])).toEqual(
      ids.map(() => ['CANCEL', null, null]),
    );
    const detail = await send('GET', `/web/lesson/${lessonId}`);
    for (const r of detail.json().data.roster as { attendance: string | null }[])
      expect(r.attendance).toBeNull();
    for (const p of people) {
      const pass = await send('GET', `/web/ticket-issue/${p.pass.id}`);
      expect(pass.json().data.sessionsLeft).toBe(20);
    }
    // An attendance on the cancelled lesson is refused, and writes nothing.
    const again = await send('POST', `/web/reservation/${ids[0]}/attendance`, { mark: 'ATTENDED' });
    expect(again.statusCode).toBe(409);
    expect(again.json().reason).toBe('lessonCancelled');
    expect((await payOf(coach.id)).total).toBe(0);
  });

  it('refuses, in the database, a cancelled booking that is attended', async () => {
    const coach = await makeTrainer({ payRate: 25_000 });
    const lessonId = await lessonOf(coach.memberId, {
      date: '2026-03-09',
      startTime: '07:00',
      endTime: '07:50',
    });
    const [id] = await attended(lessonId, '2026-03-08T22:00:00Z', [(await customerWith(ptProduct)).customer]);
    await expect(
      t.db.update(reservation).set({ status: 'CANCEL' }).where(eq(reservation.id, id!)),
    ).rejects.toThrow();
  });
});

describe('group classes', () => {
  it('pay per class held, or per attendee with a minimum head count, as the trainer is set', async () => {
    const coach = await makeTrainer({ payKind: 'PER_SESSION', payRate: 25_000 });
    const read = await send('GET', `/web/trainer/${coach.id}`);
    expect(read.json().data).toMatchObject({
      groupPayKind: 'PER_ATTENDEE',
      groupPayRate: 0,
      groupPayMinAttendees: 0,
    });

    const saved = await send('PUT', `/web/trainer/${coach.id}`, {
      groupPayKind: 'PER_CLASS',
      groupPayRate: 50_000,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const small = await lessonOf(coach.memberId, { date: '2026-03-10' });
    await attended(small, '2026-03-10T01:00:00Z', [
      (await customerWith(ptProduct)).customer,
      (await customerWith(ptProduct)).customer,
    ]);
    const big = await lessonOf(coach.memberId, { date: '2026-03-11' });
    const crowd = [];
    for (let i = 0; i < 6; i++) crowd.push((await customerWith(ptProduct)).customer);
    await attended(big, '2026-03-11T01:00:00Z', crowd);
    // A class nobody came to was not held.
    await lessonOf(coach.memberId, { date: '2026-03-12' });

    const perClass = await payOf(coach.id);
    expect(perClass.sessions).toEqual([]);
    expect(perClass.classes).toMatchObject([
      { lessonId: small, attendees: 2, rule: 'PER_CLASS', pay: 50_000 },
      { lessonId: big, attendees: 6, rule: 'PER_CLASS', pay: 50_000 },
    ]);
    expect(perClass.total).toBe(100_000);

    const perHead = await send('PUT', `/web/trainer/${coach.id}`, {
      groupPayKind: 'PER_ATTENDEE',
      groupPayRate: 8_000,
      groupPayMinAttendees: 4,
    });
    expect(perHead.statusCode, perHead.body).toBe(200);
    const byHead = await payOf(coach.id);
    expect(byHead.classes).toMatchObject([
      { lessonId: small, attendees: 2, paidHeads: 4, rule: 'MINIMUM', pay: 32_000 },
      { lessonId: big, attendees: 6, paidHeads: 6, rule: 'PER_ATTENDEE', pay: 48_000 },
    ]);
    expect(byHead.total).toBe(80_000);

    // The server holds the ranges, whatever the form did.
    for (const bad of [
      { groupPayKind: 'PER_HEAD' },
      { groupPayRate: -1 },
      { groupPayMinAttendees: 501 },
      { groupPayMinAttendees: 1.5 },
    ]) {
      const refused = await send('PUT', `/web/trainer/${coach.id}`, bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await payOf(coach.id)).total).toBe(80_000);
  });
});

describe('bundle products', () => {
  it("pay PT on the bundle's session value, scaled to the price agreed; without one, on the price", async () => {
    const bundle = async (body: Record<string, unknown> = {}) =>
      makeTicket(t, owner, gymId, {
        name: '3개월 + PT 30회',
        periodAmount: 3,
        periodUnit: 'MONTH',
        sessionCount: 30,
        originPrice: 1_950_000,
        salePrice: 1_700_000,
        ...body,
      });
    const valued = (await bundle({ sessionValue: 1_440_000 })).id;
    const plain = (await bundle()).id;
    const product = await send('GET', `/web/ticket/${valued}`);
    expect(product.json().data.sessionValue).toBe(1_440_000);

    // Only a bundle states a session value, and never above its price.
    const refusals = [
      { name: 'PT 10회', sessionCount: 10, periodAmount: null, periodUnit: null, sessionValue: 500_000 },
      { name: '헬스 3개월', sessionValue: 100_000 },
      { name: '3개월 + PT 30회', sessionCount: 30, sessionValue: 2_000_000 },
    ];
    for (const body of refusals) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/web/ticket',
        cookies: owner,
        payload: {
          gymId,
          periodAmount: 3,
          periodUnit: 'MONTH',
          originPrice: 1_950_000,
          salePrice: 1_700_000,
          ...body,
        },
      });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().errors.sessionValue).toBeDefined();
    }
    const toSingle = await send('PUT', `/web/ticket/${valued}`, { periodAmount: null, periodUnit: null });
    expect(toSingle.statusCode).toBe(400);
    expect(toSingle.json().errors.sessionValue).toBeDefined();

    const coach = await makeTrainer({ payKind: 'PERCENT', payRate: 40 });
    const pt = async (date: string, ticketId: number, extra: Record<string, unknown> = {}) => {
      const lessonId = await lessonOf(coach.memberId, {
        title: 'PT',
        lessonType: 'PT',
        capacity: 1,
        date,
        startTime: '18:00',
        endTime: '18:50',
      });
      const { customer } = await customerWith(ticketId, extra);
      const [id] = await attended(lessonId, `${date}T09:00:00Z`, [customer]);
      return id!;
    };
    const full = await pt('2026-03-16', valued);
    const discounted = await pt('2026-03-17', valued, { price: 1_530_000, priceReason: '지인 소개 할인' });
    const old = await pt('2026-03-18', plain);
    const single = await pt('2026-03-19', ptProduct);

    const report = await payOf(coach.id);
    const line = (id: number) => report.sessions.find((s) => s.reservationId === id);
    // 1,440,000 ÷ 30 = 48,000 a session, 40 % is 19,200 (the whole price gave 56,666 and 22,666).
    expect(line(full)).toMatchObject({ unitValue: 48_000, rule: 'PERCENT', pay: 19_200 });
    // Sold 10 % off: the session value is 1,296,000, 43,200 a session, 17,280.
    expect(line(discounted)).toMatchObject({ unitValue: 43_200, pay: 17_280 });
    // A bundle without a stated value, and a PT-only product, keep the price ÷ sessions.
    expect(line(old)).toMatchObject({ unitValue: 56_666, pay: 22_666 });
    expect(line(single)).toMatchObject({ unitValue: 55_000, pay: 22_000 });
    expect(report.total).toBe(19_200 + 17_280 + 22_666 + 22_000);
  });
});
