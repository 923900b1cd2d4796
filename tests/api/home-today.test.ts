import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeTodayRoute } from '#domain/api/home.ts';
import { allFlags } from '#domain/permissions.ts';
import { HOME_FIGURES, homeFigureKeys } from '#domain/schemas/home.ts';
import { consult, entryLog, lesson, reservation } from '#server/db/schema/index.ts';
import { visibleFigures } from '#server/modules/home/home.queries.ts';
import { dataOf } from '../fixtures/api.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeCustomer, makeTicket, refundInFull, sellOk, setNow } from '../fixtures/customers.ts';
import { makeSignedIn } from '../fixtures/factories.ts';
import { approveAddOn, type Cookies, makeActiveGym, makeStaff } from '../fixtures/gyms.ts';

// HOME's day (docs/rules.md#home): `GET /web/home/today/{gymId}` answers today's figures (Asia/Seoul, the
// injected clock), each with the path of its list, and only those the viewer has the right to: a trainer without
// the payment flag gets no money keys at all. "Today" is Monday 2026-03-02 KST; the set-up writes the day before
// (up to 23:59 KST on Sunday) and today (10:00 KST).

let t: TestApp;
let owner: Cookies;
let gymId: number;
let refunded: number;
let elsewhere: { owner: Cookies; gymId: number };

const YESTERDAY_LATE = '2026-03-01T14:50:00Z'; // 23:50 KST on Sunday 1 March
const TODAY = '2026-03-02T01:00:00Z'; // 10:00 KST on Monday 2 March
const at = (kst: string) => new Date(`${kst}+09:00`);

const today = async (cookies: Cookies, gym = gymId) =>
  t.app.inject({ method: 'GET', url: `/web/home/today/${gym}`, cookies });
const todayOk = async (cookies: Cookies, gym = gymId) => {
  const response = await today(cookies, gym);
  expect(response.statusCode, response.body).toBe(200);
  return dataOf(homeTodayRoute, response);
};

beforeAll(async () => {
  // The set-up spans a night: sessions may idle for a day.
  t = await createTestApp({ config: { session: { idleMs: 86_400_000, absoluteMs: 3 * 86_400_000 } } });
  setNow(t, YESTERDAY_LATE);
  const made = await makeActiveGym(t);
  owner = made.owner.cookies;
  gymId = made.gym.id;
  await approveAddOn(t, gymId, 'ENTER');
  await approveAddOn(t, gymId, 'CONSULT');
  const month = await makeTicket(t, owner, gymId, {
    name: '헬스 1개월',
    periodAmount: 1,
    periodUnit: 'MONTH',
    originPrice: 50_000,
    salePrice: 50_000,
  });
  const half = await makeTicket(t, owner, gymId);

  // Yesterday: a customer and four month passes paid in full (lines of yesterday), ending on 1, 4, 9 and 10 March.
  const regular = await makeCustomer(t, owner, gymId);
  const ends: string[] = [];
  let regularPass = 0;
  for (const startDate of ['2026-02-02', '2026-02-05', '2026-02-10', '2026-02-11']) {
    const pass = await sellOk(t, owner, {
      gymId,
      memberId: regular.id,
      ticketId: month.id,
      startDate,
      // Four month passes at once, on purpose: ends on four days (docs/rules.md#renewals: an overlap is chosen).
      allowOverlap: true,
      payments: [{ method: 'CARD', amount: 50_000 }],
    });
    ends.push(pass.endDate!);
    regularPass = pass.id;
  }
  expect(ends).toEqual(['2026-03-01', '2026-03-04', '2026-03-09', '2026-03-10']);

  // Today: two new customers; one pays 300,000 of 600,000 in two lines, the other pays in full and is refunded.
  setNow(t, TODAY);
  const owing = await makeCustomer(t, owner, gymId, { name: '이서연' });
  const leaving = await makeCustomer(t, owner, gymId, { name: '박지훈' });
  const owed = await sellOk(t, owner, {
    gymId,
    memberId: owing.id,
    ticketId: half.id,
    startDate: '2026-03-02',
    payments: [
      { method: 'CASH', amount: 200_000 },
      { method: 'CARD', amount: 100_000 },
    ],
  });
  const gone = await sellOk(t, owner, {
    gymId,
    memberId: leaving.id,
    ticketId: half.id,
    startDate: '2026-03-02',
    payments: [{ method: 'CARD', amount: 600_000 }],
  });
  const refund = await refundInFull(t, owner, gone.id, { fault: 'MEMBER', method: 'CARD' });
  expect(refund.statusCode, refund.body).toBe(200);
  refunded = refund.json().data.refundedAmount;
  expect(refunded).toBeGreaterThan(0);

  // Check-ins: three let in today (one by override), one refused, and one late yesterday.
  const entry = (memberId: number, kst: string, result: 'ALLOWED' | 'REFUSED' | 'OVERRIDE') => ({
    gymId,
    memberId,
    method: 'MANUAL' as const,
    result,
    reason: result === 'REFUSED' ? ('expired' as const) : null,
    staffMemberId: result === 'OVERRIDE' ? made.owner.member.id : null,
    note: result === 'OVERRIDE' ? '확인함' : null,
    createDate: at(kst),
  });
  await t.db
    .insert(entryLog)
    .values([
      entry(regular.id, '2026-03-01T23:59:59', 'ALLOWED'),
      entry(regular.id, '2026-03-02T00:00:00', 'ALLOWED'),
      entry(owing.id, '2026-03-02T07:30:00', 'ALLOWED'),
      entry(leaving.id, '2026-03-02T08:00:00', 'REFUSED'),
      entry(leaving.id, '2026-03-02T08:01:00', 'OVERRIDE'),
    ]);

  // Lessons: three open today (07:00 already over at 10:00, 11:00, 19:00), one cancelled, one yesterday, one tomorrow.
  const lessonRow = (
    title: string,
    kstStart: string,
    capacity: number,
    status: 'OPEN' | 'CANCEL' = 'OPEN',
  ) => {
    const startAt = at(kstStart);
    return {
      gymId,
      title,
      lessonType: 'GROUP' as const,
      startAt,
      endAt: new Date(startAt.getTime() + 50 * 60_000),
      capacity,
      status,
    };
  };
  const lessons = await t.db
    .insert(lesson)
    .values([
      lessonRow('아침 요가', '2026-03-02T07:00:00', 10),
      lessonRow('스피닝', '2026-03-02T11:00:00', 3),
      lessonRow('필라테스', '2026-03-02T19:00:00', 8),
      lessonRow('취소된 수업', '2026-03-02T12:00:00', 5, 'CANCEL'),
      lessonRow('어제 수업', '2026-03-01T23:00:00', 5),
      lessonRow('내일 수업', '2026-03-03T00:30:00', 5),
    ])
    .returning({ id: lesson.id });
  const [morning, spinning, , cancelled, yesterdays] = lessons.map((l) => l.id) as number[];
  const booking = (lessonId: number, memberId: number, ticketIssueId: number, status: string) => ({
    gymId,
    lessonId,
    memberId,
    ticketIssueId,
    status: status as 'COMPLETE',
  });
  await t.db
    .insert(reservation)
    .values([
      booking(morning!, regular.id, regularPass, 'COMPLETE'),
      booking(spinning!, owing.id, owed.id, 'COMPLETE'),
      booking(spinning!, regular.id, regularPass, 'DELAY'),
      booking(spinning!, leaving.id, gone.id, 'WAITING'),
      booking(cancelled!, owing.id, owed.id, 'COMPLETE'),
      booking(yesterdays!, owing.id, owed.id, 'COMPLETE'),
    ]);
  await t.db.insert(reservation).values(booking(spinning!, leaving.id, gone.id, 'CANCEL'));

  // Consultations: open leads due today and overdue, one due tomorrow, a closed one overdue, one without a date.
  const lead = (
    name: string,
    stage: 'NEW' | 'CONSULTED' | 'TRIAL' | 'REGISTERED',
    followUpDate: string | null,
  ) => ({
    gymId,
    name,
    phone: '01012345678',
    stage,
    followUpDate,
  });
  await t.db
    .insert(consult)
    .values([
      lead('오늘', 'CONSULTED', '2026-03-02'),
      lead('지남', 'TRIAL', '2026-02-27'),
      lead('내일', 'NEW', '2026-03-03'),
      lead('등록함', 'REGISTERED', '2026-02-27'),
      lead('날짜 없음', 'NEW', null),
    ]);

  const other = await makeActiveGym(t);
  elsewhere = { owner: other.owner.cookies, gymId: other.gym.id };
});

afterAll(async () => {
  await t?.close();
});

describe('GET /web/home/today/{gymId}', { timeout: 60_000 }, () => {
  it("gives the owner every figure of today, Asia/Seoul, each with its list's path", async () => {
    const data = await todayOk(owner);
    expect(data.date).toBe('2026-03-02');
    expect(data.checkIns).toEqual({ count: 3, path: '/manage/entryList' });
    expect(data.newCustomers).toEqual({ count: 2, path: '/memberManage/list' });
    expect(data.sales).toEqual({
      received: 900_000,
      refunded,
      payments: 3,
      refunds: 1,
      path: '/pay/history',
    });
    expect(data.unpaid).toEqual({ total: 300_000, customers: 1, path: '/sales/unpaid' });
    expect(data.expiringPasses).toEqual({ count: 2, path: '/ticket/issueList' });
    expect(data.followUps).toEqual({ count: 2, overdue: 1, path: '/memberManage/consult-list' });
    expect(data.classes).toMatchObject({
      lessons: 3,
      capacity: 21,
      booked: 3,
      waiting: 1,
      path: '/plan/schedule',
    });
    // The lessons still to come at 10:00, in order; the morning one is over.
    expect(data.classes!.next.map((l) => [l.title, l.startAt, l.booked, l.waiting, l.capacity])).toEqual([
      ['스피닝', '2026-03-02T02:00:00.000Z', 2, 1, 3],
      ['필라테스', '2026-03-02T10:00:00.000Z', 0, 0, 8],
    ]);
  });

  it('moves with the clock: at 00:00 KST the day starts empty', async () => {
    setNow(t, '2026-03-02T15:00:00Z'); // 00:00 KST on Tuesday 3 March
    try {
      const data = await todayOk(owner);
      expect(data.date).toBe('2026-03-03');
      expect(data.checkIns!.count).toBe(0);
      expect(data.newCustomers!.count).toBe(0);
      expect(data.sales).toMatchObject({ received: 0, refunded: 0, payments: 0, refunds: 0 });
      expect(data.unpaid!.total).toBe(300_000);
      expect(data.classes).toMatchObject({ lessons: 1, booked: 0, next: [{ title: '내일 수업' }] });
      // Today + 7 is now 10 March; 4 March is still ahead; 9 March too.
      expect(data.expiringPasses!.count).toBe(3);
      expect(data.followUps).toMatchObject({ count: 3, overdue: 2 });
    } finally {
      setNow(t, TODAY);
    }
  });

  it('gives a trainer without the payment flag no money figures: the keys are absent', async () => {
    const trainer = await makeStaff(t.app, { cookies: owner }, gymId, { memberUseYn: true });
    const data = await todayOk(trainer.cookies);
    expect(Object.keys(data).sort()).toEqual(
      ['date', 'checkIns', 'newCustomers', 'expiringPasses', 'classes'].sort(),
    );
    expect(data).not.toHaveProperty('sales');
    expect(data).not.toHaveProperty('unpaid');
    expect(data.checkIns!.count).toBe(3);
  });

  it('gives each flag its own figures, and a viewer with none the date alone', async () => {
    const cashier = await makeStaff(t.app, { cookies: owner }, gymId, { payHistoryUseYn: true });
    expect(Object.keys(await todayOk(cashier.cookies)).sort()).toEqual(['date', 'sales', 'unpaid']);
    const counsellor = await makeStaff(t.app, { cookies: owner }, gymId, { consultUseYn: true });
    expect(Object.keys(await todayOk(counsellor.cookies)).sort()).toEqual(['date', 'followUps']);
    const nobody = await makeStaff(t.app, { cookies: owner }, gymId, {});
    expect(await todayOk(nobody.cookies)).toEqual({ date: '2026-03-02' });
  });

  it('leaves out the check-ins and the follow-ups while their add-ons are not approved', async () => {
    const data = await todayOk(elsewhere.owner, elsewhere.gymId);
    expect(Object.keys(data).sort()).toEqual(
      ['date', 'newCustomers', 'sales', 'unpaid', 'expiringPasses', 'classes'].sort(),
    );
    expect(data.sales).toMatchObject({ received: 0, payments: 0 });
    expect(data.classes).toMatchObject({ lessons: 0, next: [] });
  });

  it("answers 404 for another facility's id, 401 without a session, 400 for a bad id", async () => {
    expect((await today(elsewhere.owner, gymId)).statusCode).toBe(404);
    expect((await today(owner, elsewhere.gymId)).statusCode).toBe(404);
    const stranger = await makeSignedIn(t.app, { authCode: 'ADMIN' });
    expect((await today(stranger.cookies, gymId)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/web/home/today/${gymId}` })).statusCode).toBe(401);
    expect((await today(owner, 0)).statusCode).toBe(400);
  });

  it('maps each permission flag to its figures (the server computes nothing else)', () => {
    const none = { ...allFlags(false), representYn: false };
    expect(visibleFigures(none)).toEqual([]);
    expect(visibleFigures({ ...none, representYn: true })).toEqual([...homeFigureKeys]);
    expect(visibleFigures({ ...none, memberUseYn: true })).toEqual([
      'checkIns',
      'newCustomers',
      'expiringPasses',
      'classes',
    ]);
    // A setting flag alone does not read: the money figures need payHistoryUseYn itself.
    expect(visibleFigures({ ...none, payHistorySettingYn: true })).toEqual([]);
    expect(homeFigureKeys.filter((k) => HOME_FIGURES[k].money)).toEqual(['sales', 'unpaid']);
  });
});
