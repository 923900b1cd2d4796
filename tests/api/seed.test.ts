import { join } from 'node:path';
import dayjs from 'dayjs';
import { and, eq, isNull, like, ne, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateRoute } from '#domain/api/auth.ts';
import { expenseCategoryListRoute, expenseListRoute } from '#domain/api/expense.ts';
import { memberGymListRoute } from '#domain/api/gym.ts';
import { lockerMapRoute } from '#domain/api/locker.ts';
import {
  messageOverviewRoute,
  messageRecipientListRoute,
  messageSendListRoute,
} from '#domain/api/message.ts';
import { notificationListRoute } from '#domain/api/notification.ts';
import { payRequestListRoute } from '#domain/api/pay-request.ts';
import { productMovementListRoute } from '#domain/api/product.ts';
import { taxInvoiceListRoute } from '#domain/api/receipt.ts';
import { lessonListRoute, trainerListRoute } from '#domain/api/schedule.ts';
import { presetOf } from '#domain/permissions.ts';
import type { gymResource } from '#domain/resources/gym.ts';
import type { ticketResource } from '#domain/resources/ticket.ts';
import { addDays, seoulToday } from '#domain/rules/seoul-time.ts';
import { gym, gymAuth, gymMember, member, paymentLine, sale } from '#server/db/schema/index.ts';
import { verifyAudit } from '#server/modules/audit/audit.service.ts';
import { createMemberRepository } from '#server/modules/member/member.repository.ts';
import { DEMO_REJECTION_REASON, seedDemo } from '#server/seed/seed.ts';
import { createDiskStorage } from '#server/storage/disk-storage.ts';
import { apiClient, type RecordOf } from '../fixtures/api.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { setNow } from '../fixtures/customers.ts';
import { login, randomIp, sessionCookieOf } from '../fixtures/factories.ts';
import { type Cookies, operatorOf } from '../fixtures/gyms.ts';

// The demo data set, loaded as `npm start` loads it (server/seed/seed.ts), with its documents stored through the
// same storage the app serves them from, and read through the API as the web app reads it. One file and one load
// for every module's part, because the load is the costly step:
// - the facilities, one in each verification state (issue 6);
// - the customers and passes (server/seed/passes.ts): every segment tab and sale label filled, the schedule,
//   check-in and lockers, and an intact audit chain;
// - the money (server/seed/money.ts): every money screen has something true to show for six months, and the
//   revenue "as of" today reconciles: paid = earned + deferred + refunded.

// The demo is made as of a fixed instant on the injected clock, a Wednesday noon in Seoul in the middle of a month,
// so that what "this month" and "this week" hold does not depend on the day CI runs (on the 1st of a month this
// month has one day of sales). SEED_TEST_AT replays it at another instant.
const MADE_AT = new Date(process.env.SEED_TEST_AT ?? '2026-11-18T03:00:00Z');
let t: TestApp;
let operator: Cookies;
let sid: string;
let gymId: number;
const today = seoulToday(MADE_AT);
const monthOf = (offset: number) => dayjs.utc(today).startOf('month').add(offset, 'month');
const months = [-5, -4, -3, -2, -1, 0].map((m) => monthOf(m).format('YYYY-MM'));
const first = `${months[0]}-01`;

const signIn = async (userId: string, password: string) => ({
  sid: sessionCookieOf(await login(t.app, userId, password, randomIp()))!,
});

beforeAll(async () => {
  t = await createTestApp();
  setNow(t, MADE_AT.toISOString());
  const members = createMemberRepository(t.db);
  const storage = createDiskStorage(join(t.dataDir, 'uploads'));
  await seedDemo(t.db, members, storage, t.clock.now());
  // Loading it again changes nothing (the seed is idempotent).
  await seedDemo(t.db, members, storage, t.clock.now());
  operator = await operatorOf(t);
  sid = sessionCookieOf(await login(t.app, 'demo', 'demo1234', randomIp()))!;
  const [gangnam] = await t.db.select({ id: gym.id }).from(gym).where(like(gym.name, '%강남%'));
  gymId = gangnam!.id;
}, 600_000);
afterAll(() => t?.close());

/** A read as the web app makes it: 200, and the JSON (or the CSV's text). */
const get = async (url: string) => {
  const response = await t.app.inject({ method: 'GET', url, cookies: { sid } });
  expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
  return response.headers['content-type']?.toString().startsWith('text/csv')
    ? response.body
    : response.json();
};

/** The demo's representative (`demo`) by default. */
const api = apiClient(() => t.app, { cookies: () => ({ sid }) });

const gymsOf = async (cookies: Cookies, memberId: number) =>
  (await api.call(memberGymListRoute, { params: { id: memberId }, cookies })).data;
const me = async (cookies: Cookies) => (await api.call(validateRoute, { cookies })).data;

describe('the demo data', () => {
  it('has one facility in each verification state, the reviewed ones with real documents', async () => {
    const demo = await signIn('demo', 'demo1234');
    const owner2 = await signIn('owner2', 'owner1234');
    const demoGyms = await gymsOf(demo, (await me(demo)).id);
    const owner2Gyms = await gymsOf(owner2, (await me(owner2)).id);
    const byState = Object.fromEntries([...demoGyms, ...owner2Gyms].map((g) => [g.gymStatus, g]));
    expect(Object.keys(byState).sort()).toEqual(['ACTIVE', 'INACTIVE', 'REQUEST', 'WAIT']);
    expect(demoGyms.map((g) => g.gymStatus).sort()).toEqual(['ACTIVE', 'WAIT']);
    expect(owner2Gyms.map((g) => g.gymStatus).sort()).toEqual(['INACTIVE', 'REQUEST']);
    expect(byState.INACTIVE!.inactiveReason).toBe(DEMO_REJECTION_REASON);
    expect(byState.WAIT!.businessUrlImgUrl).toBeNull();

    for (const state of ['ACTIVE', 'REQUEST', 'INACTIVE']) {
      const gym = byState[state]!;
      const owner = state === 'ACTIVE' ? demo : owner2;
      for (const [url, mime] of [
        [gym.businessUrlImgUrl, 'application/pdf'],
        [gym.representIdImgUrl, 'image/png'],
      ] as const) {
        expect(url, `${state} document`).toMatch(/^\/web\/file\/[0-9a-f]{32}$/);
        for (const cookies of [owner, operator]) {
          const served = await t.app.inject({ method: 'GET', url: url!, cookies });
          expect(served.statusCode).toBe(200);
          expect(served.headers['content-type']).toBe(mime);
          expect((await fileTypeFromBuffer(served.rawPayload))?.mime).toBe(mime);
        }
      }
    }
    // The operator's queue holds the submission.
    const queue = await t.app.inject({ method: 'GET', url: '/web/gym?gymStatus=REQUEST', cookies: operator });
    expect(queue.json().data.map((g: RecordOf<typeof gymResource>) => g.name)).toEqual(['바디핏 분당점']);
  });

  it('leaves the notices of the decisions: some for demo, the rejection for owner2', async () => {
    const demo = await signIn('demo', 'demo1234');
    const owner2 = await signIn('owner2', 'owner1234');
    const list = async (cookies: Cookies) => (await api.call(notificationListRoute, { cookies })).data;
    const all = await list(demo);
    // Each walk-in rings the bell; only today's two, still waiting, are unread (server/seed/consults.ts).
    const walkIns = all.filter((n) => n.kind === 'CONSULT_WAITING');
    expect(walkIns).toHaveLength(15);
    expect(walkIns.filter((n) => !n.readYn)).toHaveLength(2);
    const demoNotices = all.filter((n) => n.kind !== 'CONSULT_WAITING');
    expect(demoNotices.map((n) => [n.kind, n.subServiceType, n.readYn])).toEqual([
      ['SUB_SERVICE_APPROVED', 'ENTER', false],
      ['SUB_SERVICE_APPROVED', 'LOCKER', false],
      ['SUB_SERVICE_APPROVED', 'CONSULT', true],
      ['GYM_APPROVED', null, true],
    ]);
    expect(await list(owner2)).toEqual([
      expect.objectContaining({ kind: 'GYM_REJECTED', reason: DEMO_REJECTION_REASON, readYn: false }),
    ]);
  });

  it('keeps the demo logins of the README', async () => {
    for (const [userId, password] of [
      ['demo', 'demo1234'],
      ['staff', 'staff1234'],
      ['desk', 'desk1234'],
      ['coach', 'coach1234'],
      ['yoga', 'yoga1234'],
      ['newbie', 'newbie1234'],
      ['invitee', 'invitee1234'],
      ['owner2', 'owner1234'],
    ]) {
      expect((await login(t.app, userId!, password!, randomIp())).statusCode, userId).toBe(200);
    }
  });

  it('gives the demo desk the 프런트 preset and the trainers the 트레이너 preset (README demo table)', async () => {
    for (const [userId, preset] of [
      ['desk', 'FRONT_DESK'],
      ['staff', 'TRAINER'],
      ['coach', 'TRAINER'],
    ] as const) {
      const [set] = await t.db
        .select({ auth: gymAuth })
        .from(gymMember)
        .innerJoin(member, eq(member.id, gymMember.memberId))
        .innerJoin(gymAuth, eq(gymAuth.id, gymMember.gymAuthId))
        .where(and(eq(member.userId, userId), eq(gymMember.gymId, gymId)));
      expect(presetOf(set!.auth), userId).toBe(preset);
    }
  });

  it("shows 강남점's staff a join request and an invitation, masked until the invitee answers", async () => {
    const { data } = await get(`/web/gym-member/worker/list/${gymId}?status=WAIT&_sort=id&_order=asc`);
    expect(
      data.map((l: { invited: boolean; member: { name: string } }) => [l.invited, l.member.name]),
    ).toEqual([
      [false, '최신입'],
      [true, '한*대'],
    ]);
    const invitee = await signIn('invitee', 'invitee1234');
    const [me] = await t.db.select({ id: member.id }).from(member).where(eq(member.userId, 'invitee'));
    const links = await t.app.inject({
      method: 'GET',
      url: `/web/gym-member/member/${me!.id}`,
      cookies: invitee,
    });
    expect(links.json().data).toEqual([
      expect.objectContaining({
        gymId,
        invited: true,
        status: 'WAIT',
        member: expect.objectContaining({ name: '한초대' }),
      }),
    ]);
  });
});

describe('the demo customers and passes', () => {
  it('fill every segment tab of 핏데스크 강남점', async () => {
    const { data } = await get(`/web/member/segment-counts?gymId=${gymId}&days=7`);
    expect(data.counts.all).toBeGreaterThanOrEqual(120);
    for (const segment of ['active', 'hold', 'expiring', 'expired', 'unpaid', 'new', 'birthday', 'noVisit'])
      expect(data.counts[segment], segment).toBeGreaterThan(0);
  });

  it('show every sale label and passes in every state', async () => {
    const products: RecordOf<typeof ticketResource>[] = (
      await get(`/web/ticket?gymId=${gymId}&_start=0&_end=50`)
    ).data;
    expect(new Set(products.map((p) => p.saleLabel))).toEqual(new Set(['ON_SALE', 'STOPPED', 'SOON']));
    for (const status of ['FIN', 'WAIT', 'REFUND']) {
      const page = await get(`/web/ticket-issue/list/${gymId}?status=${status}&_end=1`);
      expect(page.total, status).toBeGreaterThan(0);
    }
    expect((await get(`/web/ticket-issue/list/${gymId}?unpaid=true&_end=1`)).total).toBeGreaterThan(0);
  });

  it('fill the schedule: three trainers, this week booked with attendance, a full class with a waitlist', async () => {
    const trainers = (await api.call(trainerListRoute, { params: { gymId } })).data;
    expect(trainers).toHaveLength(3);
    const today = t.clock.now();
    const from = new Date(today.getTime() - 7 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(today.getTime() + 7 * 86_400_000).toISOString().slice(0, 10);
    const lessons = (await api.call(lessonListRoute, { params: { gymId }, query: { from, to } })).data;
    expect(lessons.length).toBeGreaterThan(40);
    expect(lessons.filter((l) => l.booked > 0).length).toBeGreaterThan(20);
    expect(lessons.some((l) => l.waiting >= 2 && l.booked === l.capacity)).toBe(true);
    for (const status of ['COMPLETE', 'CANCEL', 'WAITING', 'DELAY']) {
      const page = await get(`/web/reservation/list/${gymId}?status=${status}&_end=1`);
      expect(page.total, status).toBeGreaterThan(0);
    }
    expect((await get(`/web/reservation/list/${gymId}?late=true&_end=1`)).total).toBeGreaterThan(0);
  });

  it('fill check-in and lockers: a week of entries of every result, 120 lockers in every state', async () => {
    const seoulDay = (offsetDays: number) =>
      new Date(t.clock.now().getTime() + 9 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
    const range = `from=${seoulDay(-6)}&to=${seoulDay(0)}`;
    const stats = (await get(`/web/entry/stats/${gymId}?${range}`)).data;
    expect(stats.allowed).toBeGreaterThan(50);
    expect(stats.refused).toBeGreaterThan(0);
    expect(stats.override).toBe(2);
    let days = 0;
    for (let back = -6; back <= 0; back += 1) {
      const day = seoulDay(back);
      if ((await get(`/web/entry/stats/${gymId}?from=${day}&to=${day}`)).data.total > 0) days += 1;
    }
    expect(days).toBeGreaterThanOrEqual(6);
    const map = (await api.call(lockerMapRoute, { params: { gymId } })).data;
    expect(map.rooms).toHaveLength(2);
    expect(map.lockers).toHaveLength(120);
    for (const state of ['FREE', 'IN_USE', 'EXPIRING', 'EXPIRED', 'BROKEN'] as const)
      expect(map.counts[state], state).toBeGreaterThan(0);
    expect((await get(`/web/locker/rental/list/${gymId}?view=ended&_end=1`)).total).toBeGreaterThan(0);
  });

  it('gives every customer on the books a card, FD-0001 and on without gaps, that the kiosk finds in any case', async () => {
    // Issue 27 item 11: cards were the member id (gaps, and none for customers registered after the check-in seed).
    const rows = await t.db
      .select({ card: member.cardNumber })
      .from(member)
      .where(and(eq(member.ownerGymId, gymId), isNull(member.erasedAt), ne(member.status, 'QUIT')))
      .orderBy(member.id);
    expect(rows.length).toBeGreaterThan(120);
    const cards = rows.map((_, i) => `FD-${String(i + 1).padStart(4, '0')}`);
    expect(rows.map((r) => r.card)).toEqual(cards);
    const opened = await t.app.inject({ method: 'POST', url: `/web/entry-kiosk/${gymId}`, cookies: { sid } });
    expect(opened.statusCode, opened.body).toBe(201);
    // The last customer registered (a walk-in of the money history) and the first, typed in lower case.
    for (const code of [cards.at(-1)!, 'fd-0001']) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/web/entry/kiosk/check',
        headers: { 'x-entry-token': opened.json().data.token },
        payload: { method: 'CARD', code },
      });
      expect(answer.json().data.outcome, code).not.toBe('UNKNOWN');
    }
  });

  it('leave an intact audit chain', async () => {
    expect((await verifyAudit(t.db, gymId)).ok).toBe(true);
  });
});

type Answer = Awaited<ReturnType<typeof get>>;

/** Every row of a paged list (`_start`/`_end`), a page at a time. */
const all = async <T>(url: string, pick: (answer: Answer) => { rows: T[]; total: number }) => {
  const rows: T[] = [];
  for (;;) {
    const page = pick(await get(`${url}&_start=${rows.length}&_end=${rows.length + 200}`));
    rows.push(...page.rows);
    if (page.rows.length === 0 || rows.length >= page.total) return rows;
  }
};

describe('the demo money of 핏데스크 강남점', () => {
  it('fills the payment history of six months with every method, split checkouts and refunds', async () => {
    const { data } = await get(`/web/pay/history?gymId=${gymId}&from=${first}&to=${today}&_end=1`);
    expect(data.total).toBeGreaterThan(500);
    for (const method of ['CARD', 'CASH', 'TRANSFER'] as const)
      expect(data.totals[method].count).toBeGreaterThan(10);
    // Card the most, as at a real desk.
    expect(data.totals.CARD.paid).toBeGreaterThan(data.totals.CASH.paid + data.totals.TRANSFER.paid);
    expect(data.totals.all.refunded).toBeGreaterThan(0);
    for (const month of months) {
      const from = `${month}-01`;
      const to = dayjs.utc(from).endOf('month').format('YYYY-MM-DD');
      const page = (
        await get(`/web/pay/history?gymId=${gymId}&from=${from}&to=${to < today ? to : today}&_end=1`)
      ).data;
      expect(page.total, month).toBeGreaterThan(20);
    }
  });

  it('leaves unpaid balances with a total on top', async () => {
    const { data } = await get(`/web/sales/unpaid?gymId=${gymId}&_end=50`);
    expect(data.totalOwed).toBeGreaterThan(0);
    expect(data.rows.length).toBeGreaterThan(5);
    expect(data.customers).toBeGreaterThan(5);
  });

  it('lists sales with promotions, manual discounts, write-offs, a correction and refunds', async () => {
    type Row = {
      promotionName: string | null;
      priceReason: string | null;
      adjustments: { kind: string; reason: string }[];
      refunds: unknown[];
      itemType: string;
    };
    const rows = await all<Row>(`/web/sales?gymId=${gymId}&from=${first}&to=${today}`, (a) => a.data);
    expect(rows.length).toBeGreaterThan(500);
    const kinds = rows.flatMap((r) => r.adjustments.map((a) => a.kind));
    expect(kinds.filter((k) => k === 'WRITE_OFF')).toHaveLength(2);
    expect(kinds.filter((k) => k === 'CORRECTION')).toHaveLength(1);
    expect(rows.filter((r) => r.refunds.length > 0).length).toBeGreaterThanOrEqual(4);
    expect(new Set(rows.filter((r) => r.promotionName).map((r) => r.promotionName))).toEqual(
      new Set(['장기권·PT 5만원 할인', '재등록 10% 할인']),
    );
    expect(rows.some((r) => r.priceReason === '지인 소개 할인')).toBe(true);
    const types = new Set(rows.map((r) => r.itemType));
    for (const type of ['PASS', 'PRODUCT', 'LOCKER']) expect(types.has(type), type).toBe(true);
  });

  it('has products in groups with stock movements, one low on stock', async () => {
    const products = await get(`/web/product/list/${gymId}?_end=50`);
    expect(products.total).toBe(10);
    const low = await get(`/web/product/list/${gymId}?lowStock=true&_end=50`);
    expect(low.data.map((p: { name: string }) => p.name)).toEqual(['단백질바']);
    const groups = await get(`/web/product-group/list/${gymId}?_end=50`);
    expect(groups.data.map((g: { name: string }) => g.name)).toEqual([
      '음료',
      '보충제',
      '운동복',
      '대여',
      '간식',
    ]);
    const water = products.data.find((p: { name: string }) => p.name === '생수 500ml');
    const moves = (
      await api.call(productMovementListRoute, { params: { id: water.id }, query: { gymId, _end: 100 } })
    ).data;
    expect(moves.some((m) => m.kind === 'SALE')).toBe(true);
    expect(moves.some((m) => m.kind === 'ADJUST' && m.note)).toBe(true);
    expect(products.data.find((p: { name: string }) => p.name === '바나나').vatMode).toBe('EXEMPT');
  });

  it('runs a promotion now, with one ended last month and one scheduled next month', async () => {
    const state = async (s: string) => (await get(`/web/promotion/list/${gymId}?state=${s}&_end=20`)).data;
    const running = await state('RUNNING');
    expect(running).toHaveLength(1);
    expect(running[0]).toMatchObject({ kind: 'PERCENT', value: 10, perCustomerLimit: 1 });
    expect(running[0].usedCount).toBeGreaterThan(0);
    expect((await state('ENDED'))[0].usedCount).toBeGreaterThan(0);
    expect(await state('SCHEDULED')).toHaveLength(1);
  });

  it('records expenses in each of the six months, a custom category and one reversal', async () => {
    let reversals = 0;
    for (const month of months) {
      const from = `${month}-01`;
      const to = dayjs.utc(from).endOf('month').format('YYYY-MM-DD');
      const list = (await api.call(expenseListRoute, { query: { gymId, from, to, _end: 200 } })).data;
      expect(list.length, month).toBeGreaterThan(0);
      expect(list.some((e) => e.categoryCode === 'RENT')).toBe(true);
      reversals += list.filter((e) => e.reversesExpenseId !== null).length;
    }
    expect(reversals).toBe(1);
    const categories = (await api.call(expenseCategoryListRoute, { query: { gymId } })).data;
    expect(categories.map((c) => c.name)).toContain('청소 용역');
  });

  it('has cash receipts issued (self-issued and for expense proof), cancelled, due and overdue', async () => {
    const due = await get(`/web/receipt/cash/due?gymId=${gymId}&state=DUE&_end=50`);
    expect(due.total).toBe(3);
    const overdue = await get(`/web/receipt/cash/due?gymId=${gymId}&state=OVERDUE&_end=50`);
    expect(overdue.total).toBe(1);
    const issued = (
      await all<{ receipt: { selfIssued: boolean; purpose: string; identifierType: string } }>(
        `/web/receipt/cash/due?gymId=${gymId}&state=ISSUED`,
        (a) => ({ rows: a.data, total: a.total }),
      )
    ).map((r) => r.receipt);
    expect(issued.length).toBeGreaterThan(50);
    expect(issued.filter((r) => r.selfIssued)).toHaveLength(1);
    expect(
      issued.filter((r) => r.purpose === 'EXPENSE_PROOF' && r.identifierType === 'BUSINESS'),
    ).toHaveLength(1);
    // The accountant's export lists the cancelled receipt (with the cancelled tax invoice).
    let cancelled = 0;
    for (const month of months) {
      const csv = (await get(`/web/receipt/export.csv?gymId=${gymId}&month=${month}`)) as string;
      cancelled += csv
        .split('\n')
        .filter(
          (line) => /(현금영수증|Cash receipt)/.test(line) && /(^|,)"?(취소|Cancelled)"?(,|$)/.test(line),
        ).length;
    }
    expect(cancelled).toBeGreaterThanOrEqual(1);
  });

  it('has two tax invoices to business buyers, one cancelled', async () => {
    const list = (await api.call(taxInvoiceListRoute, { query: { gymId, from: first, to: today, _end: 20 } }))
      .data;
    expect(list.map((i) => i.status).sort()).toEqual(['CANCELLED', 'ISSUED']);
  });

  it('has payment requests in every state', async () => {
    const list = (await api.call(payRequestListRoute, { query: { gymId, _end: 50 } })).data;
    expect(new Set(list.map((r) => r.status))).toEqual(new Set(['FIN', 'WAIT', 'APPROVE', 'EXPIRED']));
  });

  it('fills the statistics and the revenue reports for six months', async () => {
    const range = `gymId=${gymId}&from=${months[0]}&to=${months[5]}`;
    const stats = (await get(`/web/report/statistics?${range}`)).data;
    expect(stats.byMonth).toHaveLength(6);
    for (const m of stats.byMonth) expect(m.received, m.month).toBeGreaterThan(0);
    expect(stats.byMethod.length).toBe(3);
    expect(stats.byStaff.length).toBeGreaterThan(2);
    expect(stats.customers.newCount).toBeGreaterThan(0);
    expect(stats.customers.renewalCount).toBeGreaterThan(0);
    expect(stats.totals.refundCount).toBeGreaterThan(0);
    expect(stats.totals.averageSale).toBeGreaterThan(0);

    const history = (await get(`/web/report/revenue-history?${range}&unit=month`)).data;
    expect(history.rows).toHaveLength(6);
    for (const row of history.rows) {
      expect(row.received, row.period).toBeGreaterThan(0);
      expect(row.expenditure, row.period).toBeGreaterThan(0);
    }
    const chart = (await get(`/web/report/revenue?${range}`)).data;
    expect(chart.months).toHaveLength(6);
    for (const m of chart.months) expect(m.earned, m.month).toBeGreaterThan(0);
    expect(chart.months[5].deferred).toBeGreaterThan(0);
  });

  it('dates each payment when its sale was made, and spreads six months like a 120-customer gym', async () => {
    // Issue 27 item 7 (docs/rules.md#demo-money): one seed owns the history. Every payment line (and refund) is at
    // or after its sale and never in the future; no day takes more than 5x the median day; a full month takes
    // 8-25M won, as a 120-customer gym in Seoul does.
    const lines = await t.db
      .select({
        amount: paymentLine.amount,
        status: paymentLine.status,
        paidAt: paymentLine.createDate,
        soldAt: sale.createDate,
      })
      .from(paymentLine)
      .innerJoin(sale, eq(sale.id, paymentLine.saleId))
      .where(eq(paymentLine.gymId, gymId));
    const now = t.clock.now().getTime();
    const early = lines.filter((l) => l.paidAt.getTime() < l.soldAt.getTime());
    expect(early, 'payments before their sale').toHaveLength(0);
    expect(
      lines.filter((l) => l.paidAt.getTime() > now),
      'payments in the future',
    ).toHaveLength(0);
    const byDay = new Map<string, number>();
    for (const l of lines) {
      const day = seoulToday(l.paidAt);
      if (l.status !== 'APPROVE' || day < first) continue;
      byDay.set(day, (byDay.get(day) ?? 0) + l.amount);
    }
    const totals = [...byDay.values()].sort((a, b) => a - b);
    const median = totals[Math.floor(totals.length / 2)]!;
    const [topDay, top] = [...byDay.entries()].sort((a, b) => b[1] - a[1])[0]!;
    const byMonth = months
      .slice(0, 5)
      .map((month) => [
        month,
        [...byDay.entries()].filter(([day]) => day.startsWith(month)).reduce((n, [, v]) => n + v, 0),
      ]);
    console.info(
      `demo payments: ${byDay.size} days, median ${median}, top ${topDay} ${top}, months ${byMonth.map(([m, v]) => `${m} ${v}`).join(', ')}`,
    );
    expect(top, `the busiest day (${topDay}) against the median day ${median}`).toBeLessThanOrEqual(
      5 * median,
    );
    for (const [month, total] of byMonth) {
      expect(total, String(month)).toBeGreaterThanOrEqual(8_000_000);
      expect(total, String(month)).toBeLessThanOrEqual(25_000_000);
    }
  });

  it('reconciles the revenue as of today: paid = earned + deferred + refunded', async () => {
    const asOf = (await get(`/web/report/revenue/as-of?gymId=${gymId}&date=${today}&_end=5`)).data;
    const { passes, paid, earned, deferred, refunded } = asOf.totals;
    console.info(
      `revenue as of ${today}: ${passes} passes, paid ${paid} = earned ${earned} + deferred ${deferred} + refunded ${refunded}`,
    );
    expect(passes).toBeGreaterThan(200);
    expect(refunded).toBeGreaterThan(0);
    expect(deferred).toBeGreaterThan(0);
    expect(paid).toBe(earned + deferred + refunded);
    expect(asOf.reconciles).toBe(true);
    // A month ago too.
    const before = (await get(`/web/report/revenue/as-of?gymId=${gymId}&date=${addDays(today, -30)}&_end=1`))
      .data;
    expect(before.totals.paid).toBe(before.totals.earned + before.totals.deferred + before.totals.refunded);
  });

  it('leaves an intact audit chain', async () => {
    expect((await verifyAudit(t.db, gymId)).ok).toBe(true);
  });
});

describe('the demo messaging of 핏데스크 강남점 (server/seed/messaging.ts)', () => {
  const rows = async (text: ReturnType<typeof sql>) =>
    ((await t.db.execute(text)) as unknown as { rows: Record<string, unknown>[] }).rows;

  it('has a sender approved and one sent back, the channel with 3 approved templates and a denied one', async () => {
    const review = sql`select status, count(*)::int as n, bool_and(review_note is not null) as noted`;
    expect(
      await rows(sql`${review} from message_sender where gym_id = ${gymId} group by 1 order by 1`),
    ).toEqual([
      { status: 'APPROVE', n: 1, noted: false },
      { status: 'NEED', n: 1, noted: true },
    ]);
    expect(
      await rows(sql`${review} from kakao_template where gym_id = ${gymId} group by 1 order by 1`),
    ).toEqual([
      { status: 'APPROVE', n: 3, noted: false },
      { status: 'DENY', n: 1, noted: true },
    ]);
    const [consents] = await rows(sql`select count(*) filter (where channel = 'SMS' and agreed)::int as sms,
      count(*) filter (where channel = 'NIGHT' and agreed)::int as night,
      count(distinct member_id) filter (where source = 'OPT_OUT')::int as "optedOut",
      (select count(*)::int from member where owner_gym_id = ${gymId}) as customers
      from customer_consent where gym_id = ${gymId}`);
    expect(consents!.sms).toBeGreaterThan(0.6 * Number(consents!.customers) - 4);
    expect(consents!.night).toBeGreaterThan(0.15 * Number(consents!.customers));
    expect(consents!.optedOut).toBe(4);
    const [auto] = await rows(
      sql`select count(*) filter (where enabled)::int as n from message_auto where gym_id = ${gymId}`,
    );
    expect(auto!.n).toBeGreaterThanOrEqual(8);
  });

  it('has about 200,000 won of credits and a month of sends in every state, with exclusions and fallbacks', async () => {
    const overview = (await api.call(messageOverviewRoute, { query: { gymId } })).data;
    expect(overview.balance).toBeGreaterThanOrEqual(195_000);
    expect(overview.balance).toBeLessThan(215_000);
    const sends = (await api.call(messageSendListRoute, { query: { gymId } })).data;
    expect(sends.map((s) => s.state).sort()).toEqual([
      'CANCEL',
      'PROCESS',
      'PROCESS',
      'PROCESS',
      'PROCESS',
      'WAIT',
    ]);
    const promotion = sends.find((s) => s.advertising)!;
    const excluded = (
      await api.call(messageRecipientListRoute, {
        params: { id: promotion.id },
        query: { gymId, state: 'EXCLUDED', _end: 500 },
      })
    ).data;
    expect(new Set(excluded.map((r) => r.exclusion))).toEqual(new Set(['NO_CONSENT', 'OPTED_OUT', 'NIGHT']));
    expect(promotion.deliveredCount).toBe(promotion.recipientCount);
    const notice = sends.find((s) => s.channel === 'KAKAO')!;
    const states = (
      await api.call(messageRecipientListRoute, { params: { id: notice.id }, query: { gymId, _end: 500 } })
    ).data.map((r) => r.sentAs ?? r.state);
    expect(states).toContain('ALIMTALK');
    expect(states.some((s) => s === 'SMS' || s === 'LMS')).toBe(true);
    expect(notice.failedCount).toBeGreaterThan(0);
    console.log(
      `demo messaging: balance ${overview.balance}; sends ${sends.map((s) => `${s.origin} ${s.channel} ${s.state} ${s.recipientCount}+${s.excludedCount}x sent ${s.sentCount} delivered ${s.deliveredCount} failed ${s.failedCount} cost ${s.cost}`).join('; ')}`,
    );
  });
});
