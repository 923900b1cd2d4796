import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerListRoute } from '#domain/api/customer.ts';
import type { RouteContract } from '#domain/api/define.ts';
import { ticketIssueListRoute } from '#domain/api/pass.ts';
import { lessonListRoute, trainerListRoute } from '#domain/api/schedule.ts';
import { ROLE_PRESETS } from '#domain/permissions.ts';
import { dataOf } from '../fixtures/api.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeCustomer, makeTicket, sellOk, setNow } from '../fixtures/customers.ts';
import { type Cookies, makeActiveGym, makeStaff } from '../fixtures/gyms.ts';

// The role presets against the finance and money routes (issue 27 items 8 and 10; docs/rules.md#permissions,
// #access-table, #trainer-pay): the front desk sells and collects but reads no finances, a trainer reads their own
// pay and no colleague's, and money fields are removed by the server for a caller without payHistoryUseYn.

type Who = 'desk' | 'trainer' | 'manager' | 'owner';

let t: TestApp;
let gymId: number;
const people = {} as Record<Who, { cookies: Cookies; memberId: number }>;
let customerId: number;
let passId: number;
let ticketId: number;
let ownTrainerId: number;
let colleagueTrainerId: number;

const send = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  cookies: Cookies,
  payload?: Record<string, unknown>,
) => t.app.inject({ method, url, cookies, ...(payload === undefined ? {} : { payload }) });

beforeAll(async () => {
  t = await createTestApp();
  setNow(t, '2026-03-10T01:00:00Z');
  const made = await makeActiveGym(t);
  gymId = made.gym.id;
  people.owner = { cookies: made.owner.cookies, memberId: made.owner.member.id };
  for (const [who, preset] of [
    ['desk', 'FRONT_DESK'],
    ['trainer', 'TRAINER'],
    ['manager', 'MANAGER'],
  ] as const) {
    const staff = await makeStaff(t.app, made.owner, gymId, ROLE_PRESETS[preset]);
    people[who] = { cookies: staff.cookies, memberId: staff.member.id };
  }
  const colleague = await makeStaff(t.app, made.owner, gymId, ROLE_PRESETS.TRAINER);
  const trainerOf = async (memberId: number) => {
    const response = await send('POST', '/web/trainer', people.owner.cookies, { gymId, memberId });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id as number;
  };
  ownTrainerId = await trainerOf(people.trainer.memberId);
  colleagueTrainerId = await trainerOf(colleague.member.id);
  ticketId = (await makeTicket(t, people.owner.cookies, gymId)).id;
  // The trainer preset reaches the customers assigned to its holder (docs/rules.md#customer-reach).
  customerId = (
    await makeCustomer(t, people.owner.cookies, gymId, { trainerMemberId: people.trainer.memberId })
  ).id;
  const sold = await sellOk(t, people.owner.cookies, {
    gymId,
    memberId: customerId,
    ticketId,
    startDate: '2026-03-10',
    payments: [{ method: 'CARD', amount: 400_000 }],
  });
  passId = (sold as { id: number }).id;
}, 180_000);
afterAll(() => t?.close());

const FINANCE_READS = (): string[] => [
  `/web/report/statistics?gymId=${gymId}&from=2026-03&to=2026-03`,
  `/web/report/revenue?gymId=${gymId}&from=2026-01&to=2026-03`,
  `/web/report/revenue/as-of?gymId=${gymId}&date=2026-03-10`,
  `/web/report/revenue-history?gymId=${gymId}&from=2026-03&to=2026-03&unit=day`,
  `/web/expense?gymId=${gymId}`,
  `/web/expense/summary?gymId=${gymId}&from=2026-03-01&to=2026-03-31`,
];

describe('the finance right (financeUseYn)', () => {
  it('refuses statistics, revenue, expenditure and net profit to the front desk and the trainer; serves the manager', async () => {
    const expected: Record<Who, number> = { desk: 403, trainer: 403, manager: 200, owner: 200 };
    for (const url of FINANCE_READS())
      for (const who of Object.keys(expected) as Who[]) {
        const response = await send('GET', url, people[who].cookies);
        expect(response.statusCode, `${who} ${url}: ${response.body}`).toBe(expected[who]);
      }
  });

  it('refuses the front desk an expense, and writes nothing', async () => {
    const before = (await send('GET', `/web/expense?gymId=${gymId}`, people.owner.cookies)).json().total;
    const refused = await send('POST', '/web/expense', people.desk.cookies, {
      gymId,
      spentOn: '2026-03-10',
      method: 'TRANSFER',
      amount: 1_000,
      categoryId: 1,
    });
    expect(refused.statusCode, refused.body).toBe(403);
    expect((await send('GET', `/web/expense?gymId=${gymId}`, people.owner.cookies)).json().total).toBe(
      before,
    );
  });
});

describe('the front desk preset', () => {
  it('opens the customer list, a customer, the consultation list, the desk catalogue and sells a pass', async () => {
    for (const url of [
      `/web/member/total-list?gymId=${gymId}&q=김`,
      `/web/member/customer/${customerId}?gymId=${gymId}`,
      `/web/consult/list/${gymId}`,
      `/web/sales/desk/${gymId}`,
      `/web/pay/history?gymId=${gymId}`,
      `/web/sales/unpaid?gymId=${gymId}`,
    ]) {
      const response = await send('GET', url, people.desk.cookies);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    }
    const sold = await send('POST', '/web/sales/checkout', people.desk.cookies, {
      gymId,
      memberId: customerId,
      items: [{ type: 'PASS', ticketId, startDate: '2026-09-10' }],
      payments: [{ method: 'CARD', amount: 600_000 }],
    });
    expect(sold.statusCode, sold.body).toBe(201);
  });

  it('receives the money fields of customers and passes', async () => {
    const pass = (await send('GET', `/web/ticket-issue/${passId}`, people.desk.cookies)).json().data;
    expect(pass.moneyHidden).toBeUndefined();
    expect(pass.payments.length).toBeGreaterThan(0);
    expect(pass.unpaidAmount).toBe(200_000);
  });
});

describe('money fields without payHistoryUseYn (the trainer preset)', () => {
  it("removes the pass's price, amounts and payment lines on GET /web/ticket-issue/{id}", async () => {
    const response = await send('GET', `/web/ticket-issue/${passId}`, people.trainer.cookies);
    expect(response.statusCode, response.body).toBe(200);
    const pass = response.json().data;
    expect(pass).toMatchObject({
      id: passId,
      moneyHidden: true,
      price: 0,
      paidAmount: 0,
      refundedAmount: 0,
      unpaidAmount: 0,
      payments: [],
    });
    expect(response.body).not.toContain('400000');
  });

  it("removes them from the customer page's passes, the customer and the list's unpaid column", async () => {
    const passes = await send(
      'GET',
      `/web/member/ticket-issue-list/${customerId}?gymId=${gymId}`,
      people.trainer.cookies,
    );
    expect(passes.statusCode, passes.body).toBe(200);
    for (const pass of passes.json().data)
      expect(pass).toMatchObject({ moneyHidden: true, payments: [], price: 0 });
    const customer = await send(
      'GET',
      `/web/member/customer/${customerId}?gymId=${gymId}`,
      people.trainer.cookies,
    );
    expect(customer.json().data).toMatchObject({ unpaidAmount: 0, moneyHidden: true });
    const list = await send('GET', `/web/member/total-list?gymId=${gymId}`, people.trainer.cookies);
    const row = list.json().data.find((c: { id: number }) => c.id === customerId);
    expect(row).toMatchObject({ unpaidAmount: 0, moneyHidden: true });
    const issues = await send('GET', `/web/ticket-issue/list/${gymId}`, people.trainer.cookies);
    expect(issues.statusCode, issues.body).toBe(200);
    for (const pass of issues.json().data) expect(pass).toMatchObject({ moneyHidden: true, price: 0 });
  });

  it('keeps them for the manager and the representative', async () => {
    for (const who of ['manager', 'owner'] as const) {
      const customer = await send(
        'GET',
        `/web/member/customer/${customerId}?gymId=${gymId}`,
        people[who].cookies,
      );
      expect(customer.json().data.unpaidAmount, who).toBe(200_000);
      expect(customer.json().data.moneyHidden, who).toBeUndefined();
    }
  });
});

describe("a trainer's pay (GET /web/trainer/{id}/pay)", () => {
  it('is read by its trainer, refused to a colleague and the front desk, and read with the finance right', async () => {
    const pay = (id: number, who: Who) =>
      send('GET', `/web/trainer/${id}/pay?month=2026-03`, people[who].cookies);
    expect((await pay(ownTrainerId, 'trainer')).statusCode).toBe(200);
    const colleague = await pay(colleagueTrainerId, 'trainer');
    expect(colleague.statusCode, colleague.body).toBe(403);
    expect((await pay(colleagueTrainerId, 'desk')).statusCode).toBe(403);
    expect((await pay(colleagueTrainerId, 'manager')).statusCode).toBe(200);
    expect((await pay(colleagueTrainerId, 'owner')).statusCode).toBe(200);
  });
});

describe('a trainer profile (its pay rule is payroll)', () => {
  it("shows a trainer their own rate, hides a colleague's from the trainer and the front desk, and shows the manager all", async () => {
    const list = async (who: Who) => {
      const response = await send('GET', `/web/trainer/list/${gymId}`, people[who].cookies);
      expect(response.statusCode, response.body).toBe(200);
      return dataOf(trainerListRoute, response);
    };
    await send('PUT', `/web/trainer/${colleagueTrainerId}`, people.owner.cookies, { payRate: 25_000 });
    const byTrainer = await list('trainer');
    expect(byTrainer.find((r) => r.id === colleagueTrainerId)).toMatchObject({ payRate: 0, payHidden: true });
    expect(byTrainer.find((r) => r.id === ownTrainerId)?.payHidden).toBeUndefined();
    expect((await list('desk')).find((r) => r.id === colleagueTrainerId)).toMatchObject({ payHidden: true });
    const one = await send('GET', `/web/trainer/${colleagueTrainerId}`, people.desk.cookies);
    expect(one.json().data).toMatchObject({ payRate: 0, payHidden: true });
    expect((await list('manager')).find((r) => r.id === colleagueTrainerId)).toMatchObject({
      payRate: 25_000,
    });
  });

  it('lets no one without the finance right change a profile, their own included', async () => {
    for (const [who, id] of [
      ['trainer', ownTrainerId],
      ['desk', colleagueTrainerId],
    ] as const) {
      const response = await send('PUT', `/web/trainer/${id}`, people[who].cookies, { payRate: 99_000 });
      expect(response.statusCode, `${who}: ${response.body}`).toBe(403);
    }
    const read = await send('GET', `/web/trainer/${ownTrainerId}`, people.owner.cookies);
    expect(read.json().data.payRate).not.toBe(99_000);
    const made = await send('POST', '/web/trainer', people.desk.cookies, {
      gymId,
      memberId: people.desk.memberId,
    });
    expect(made.statusCode).toBe(403);
    const edited = await send('PUT', `/web/trainer/${ownTrainerId}`, people.manager.cookies, {
      payRate: 31_000,
    });
    expect(edited.statusCode, edited.body).toBe(200);
  });
});

describe('money moves by preset (docs/rules.md#permissions)', () => {
  it('refuses the trainer a sale, a collection, a transfer and a refund, writing nothing', async () => {
    const before = (await send('GET', `/web/ticket-issue/${passId}`, people.owner.cookies)).json().data;
    const other = await makeCustomer(t, people.owner.cookies, gymId);
    for (const [url, payload] of [
      ['/web/ticket-issue/sell', { gymId, memberId: customerId, ticketId, startDate: '2026-06-10' }],
      [`/web/ticket-issue/${passId}/collect`, { payments: [{ method: 'CASH', amount: 1_000 }] }],
      [`/web/ticket-issue/${passId}/transfer`, { toMemberId: other.id }],
      [`/web/ticket-issue/${passId}/refund`, { fault: 'MEMBER', method: 'CARD', amount: 1_000 }],
    ] as const) {
      const response = await send('POST', url, people.trainer.cookies, payload);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(403);
    }
    expect((await send('GET', `/web/ticket-issue/${passId}`, people.owner.cookies)).json().data).toEqual(
      before,
    );
  });

  it('lets the front desk sell and collect but not refund; the manager refunds', async () => {
    const refund = { fault: 'MEMBER', method: 'CARD', amount: 1_000 };
    const desk = await send('POST', `/web/ticket-issue/${passId}/refund`, people.desk.cookies, refund);
    expect(desk.statusCode, desk.body).toBe(403);
    const sold = await send('POST', '/web/ticket-issue/sell', people.desk.cookies, {
      gymId,
      memberId: customerId,
      ticketId,
      startDate: '2026-09-10',
      payments: [{ method: 'CARD', amount: 600_000 }],
      allowOverlap: true,
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const manager = await send('POST', `/web/ticket-issue/${passId}/refund`, people.manager.cookies, refund);
    expect(manager.statusCode, manager.body).toBe(200);
  });
});

describe('who owes, without payHistoryUseYn (the trainer preset)', () => {
  it('refuses the unpaid tab and the sort by balance, zeroes its count and empties the export column', async () => {
    const trainer = people.trainer.cookies;
    const base = `gymId=${gymId}&_start=0&_end=20`;
    const debtor = (
      await makeCustomer(t, people.owner.cookies, gymId, { trainerMemberId: people.trainer.memberId })
    ).id;
    await sellOk(t, people.owner.cookies, {
      gymId,
      memberId: debtor,
      ticketId,
      startDate: '2026-03-10',
      payments: [{ method: 'CARD', amount: 100_000 }],
      leaveUnpaid: 500_000,
    });
    for (const url of [
      `/web/member/total-list?${base}&segment=unpaid`,
      `/web/member/total-list?${base}&_sort=unpaidAmount&_order=desc`,
      `/web/member/customer-export?gymId=${gymId}&segment=unpaid`,
    ]) {
      const response = await send('GET', url, trainer);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(403);
    }
    const ownerCounts = await send('GET', `/web/member/segment-counts?gymId=${gymId}`, people.owner.cookies);
    expect(ownerCounts.json().data.counts.unpaid).toBeGreaterThan(0);
    const counts = await send('GET', `/web/member/segment-counts?gymId=${gymId}`, trainer);
    expect(counts.statusCode, counts.body).toBe(200);
    expect(counts.json().data).toMatchObject({ counts: { unpaid: 0 }, moneyHidden: true });
    // The export: the same rows, the customer's balance in the owner's file and an empty cell in the trainer's.
    const owed = (
      await send('GET', `/web/member/customer/${debtor}?gymId=${gymId}`, people.owner.cookies)
    ).json().data.unpaidAmount as number;
    expect(owed).toBeGreaterThan(0);
    const line = async (who: Cookies) => {
      const response = await send('GET', `/web/member/customer-export?gymId=${gymId}&segment=all`, who);
      expect(response.statusCode, response.body).toBe(200);
      return response.body
        .split(/\r?\n/)
        .find((l) => l.startsWith(`${debtor},`))!
        .split(',');
    };
    const owner = await line(people.owner.cookies);
    const seen = await line(trainer);
    const differ = owner.flatMap((cell, i) => (cell === seen[i] ? [] : [[cell, seen[i]]]));
    expect(differ).toEqual([[String(owed), '']]);
  });
});

// The trainer preset's reach (issue 27 item 8, DESIGN 10.3 "their assigned customers' passes, sessions and body
// records, their own schedule"; docs/rules.md#customer-reach): every route that names a customer, a pass, a lesson
// or a booking answers 404 for what is not the trainer's, as another facility's does, and changes nothing; the
// lists carry only the trainer's own customers and lessons.
describe("the trainer preset's reach: assigned customers and their own lessons", () => {
  const lesson = async (cookies: Cookies, body: Record<string, unknown>) =>
    send('POST', '/web/lesson', cookies, {
      gymId,
      title: 'PT',
      lessonType: 'PT',
      capacity: 1,
      date: '2026-03-20',
      startTime: '10:00',
      endTime: '10:50',
      ...body,
    });

  it("answers 404 for a colleague's customer, their pass, lesson and booking, and writes nothing", async () => {
    const owner = people.owner.cookies;
    const trainer = people.trainer.cookies;
    const colleague = (await send('GET', `/web/trainer/${colleagueTrainerId}`, owner)).json().data
      .memberId as number;
    const theirs = (await makeCustomer(t, owner, gymId, { trainerMemberId: colleague })).id;
    const nobodys = (await makeCustomer(t, owner, gymId)).id;
    const theirPass = (
      await sellOk(t, owner, {
        gymId,
        memberId: theirs,
        ticketId,
        startDate: '2026-03-10',
        payments: [{ method: 'CARD', amount: 400_000 }],
      })
    ).id;
    const theirLesson = (await lesson(owner, { trainerMemberId: colleague })).json().data.ids[0] as number;
    const booked = await send('POST', '/web/reservation', owner, { lessonId: theirLesson, memberId: theirs });
    expect(booked.statusCode, booked.body).toBe(201);
    const theirBooking = booked.json().data.id as number;
    const snapshot = async () =>
      Promise.all([
        send('GET', `/web/member/customer/${theirs}?gymId=${gymId}`, owner).then((r) => r.json().data),
        send('GET', `/web/ticket-issue/${theirPass}`, owner).then((r) => r.json().data),
        send('GET', `/web/lesson/${theirLesson}`, owner).then((r) => r.json().data),
        send('GET', `/web/member/customer/${theirs}/memos?gymId=${gymId}`, owner).then((r) => r.body),
      ]);
    const before = await snapshot();

    const cases: [method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>][] = [];
    for (const id of [theirs, nobodys])
      cases.push(
        ['GET', `/web/member/customer/${id}?gymId=${gymId}`],
        ['PUT', `/web/member/customer/${id}?gymId=${gymId}`, { memo: '담당 아님' }],
        ['GET', `/web/member/ticket-issue-list/${id}?gymId=${gymId}`],
        ['GET', `/web/member/customer/${id}/memos?gymId=${gymId}`],
        ['POST', `/web/member/customer/${id}/memos?gymId=${gymId}`, { content: '담당 아님' }],
        ['GET', `/web/member/customer/${id}/usage?gymId=${gymId}`],
        ['GET', `/web/member/${id}`],
      );
    cases.push(
      ['GET', `/web/ticket-issue/${theirPass}`],
      ['POST', `/web/ticket-issue/${theirPass}/hold`, { startDate: '2026-03-12', endDate: '2026-03-18' }],
      ['POST', `/web/ticket-issue/${theirPass}/adjust`, { sessions: 1, note: '담당 아님' }],
      ['GET', `/web/lesson/${theirLesson}`],
      ['PUT', `/web/lesson/${theirLesson}`, { title: '담당 아님' }],
      ['POST', `/web/lesson/${theirLesson}/cancel`, { reason: '담당 아님' }],
      ['GET', `/web/reservation/${theirBooking}`],
      ['POST', `/web/reservation/${theirBooking}/cancel`, { note: '담당 아님' }],
      ['POST', `/web/reservation/${theirBooking}/attendance`, { mark: 'ATTENDED' }],
      ['POST', '/web/reservation', { lessonId: theirLesson, memberId: customerId }],
    );
    for (const [method, url, payload] of cases) {
      const response = await send(method, url, trainer, payload);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(404);
      expect(response.body, url).not.toContain('김민수');
    }
    expect(await snapshot()).toEqual(before);
    // The same routes serve the trainer's own customer.
    for (const url of [
      `/web/member/customer/${customerId}?gymId=${gymId}`,
      `/web/member/ticket-issue-list/${customerId}?gymId=${gymId}`,
      `/web/ticket-issue/${passId}`,
      `/web/member/${customerId}`,
    ]) {
      const response = await send('GET', url, trainer);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    }
  });

  it("lists, counts, finds and exports only the trainer's customers, passes and lessons", async () => {
    const owner = people.owner.cookies;
    const trainer = people.trainer.cookies;
    const other = await makeCustomer(t, owner, gymId, { phone: '010-7777-1234' });
    const rowsOf = async <R extends RouteContract>(route: R, url: string, who: Cookies) => {
      const response = await send('GET', url, who);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      return dataOf(route, response);
    };
    /** The customers' ids. */
    const ids = async (url: string, who: Cookies) =>
      (await rowsOf(customerListRoute, url, who)).map((row) => row.id);
    const list = `/web/member/total-list?gymId=${gymId}&_start=0&_end=100`;
    const all = await ids(list, owner);
    const mine = await ids(list, trainer);
    expect(all).toContain(other.id);
    expect(mine).toContain(customerId);
    expect(mine).not.toContain(other.id);
    expect(mine.length).toBeLessThan(all.length);
    for (const id of mine) {
      const row = (await send('GET', `/web/member/customer/${id}?gymId=${gymId}`, owner)).json().data;
      expect(row.trainerMemberId, `customer ${id}`).toBe(people.trainer.memberId);
    }
    // A colleague's customers, asked for by name, are none of the trainer's.
    const colleague = (await send('GET', `/web/trainer/${colleagueTrainerId}`, owner)).json().data.memberId;
    expect(await ids(`${list}&trainerMemberId=${colleague}`, trainer)).toEqual([]);
    const counts = (await send('GET', `/web/member/segment-counts?gymId=${gymId}`, trainer)).json().data;
    expect(counts.counts.all).toBe(mine.length);
    const found = await send('GET', `/web/member/customer-lookup?gymId=${gymId}&phone=01077771234`, trainer);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data).toBeNull();
    const csv = (await send('GET', `/web/member/customer-export?gymId=${gymId}&segment=all`, trainer)).body;
    expect(csv.split(/\r?\n/).filter((line) => /^\d+,/.test(line))).toHaveLength(mine.length);

    const passes = (
      await rowsOf(ticketIssueListRoute, `/web/ticket-issue/list/${gymId}?_start=0&_end=100`, trainer)
    ).map((row) => row.memberId);
    expect(passes.length).toBeGreaterThan(0);
    expect(passes.every((memberId) => mine.includes(memberId))).toBe(true);

    const own = await lesson(owner, {
      trainerMemberId: people.trainer.memberId,
      startTime: '12:00',
      endTime: '12:50',
    });
    const theirs = await lesson(owner, { trainerMemberId: colleague, startTime: '13:00', endTime: '13:50' });
    expect([own.statusCode, theirs.statusCode]).toEqual([201, 201]);
    const lessons = async (who: Cookies) =>
      dataOf(
        lessonListRoute,
        await send('GET', `/web/lesson/list/${gymId}?from=2026-03-20&to=2026-03-20`, who),
      );
    expect((await lessons(owner)).map((l) => l.id)).toEqual(
      expect.arrayContaining([own.json().data.ids[0], theirs.json().data.ids[0]]),
    );
    const seen = await lessons(trainer);
    expect(seen.map((l) => l.id)).toContain(own.json().data.ids[0]);
    expect(seen.every((l) => l.trainerMemberId === people.trainer.memberId)).toBe(true);
  });

  it('keeps what the trainer creates within their reach, and refuses naming a colleague', async () => {
    const trainer = people.trainer.cookies;
    const colleague = (await send('GET', `/web/trainer/${colleagueTrainerId}`, people.owner.cookies)).json()
      .data.memberId as number;
    const made = await makeCustomer(t, trainer, gymId);
    const stored = await send('GET', `/web/member/customer/${made.id}?gymId=${gymId}`, people.owner.cookies);
    expect(stored.json().data.trainerMemberId).toBe(people.trainer.memberId);
    const refused = await send('POST', `/web/member/customer?gymId=${gymId}`, trainer, {
      name: '남의회원',
      phone: '010-7777-5678',
      trainerMemberId: colleague,
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(Object.keys(refused.json().errors)).toEqual(['trainerMemberId']);
    expect(JSON.stringify(refused.json().errors)).toContain('your own customers');
    const handOver = await send('PUT', `/web/member/customer/${made.id}?gymId=${gymId}`, trainer, {
      trainerMemberId: colleague,
    });
    expect(handOver.statusCode, handOver.body).toBe(400);
    const lessonOfColleague = await lesson(trainer, { trainerMemberId: colleague, date: '2026-03-21' });
    expect(lessonOfColleague.statusCode, lessonOfColleague.body).toBe(400);
    const ownLesson = await lesson(trainer, { date: '2026-03-21' });
    expect(ownLesson.statusCode, ownLesson.body).toBe(201);
    const detail = (await send('GET', `/web/lesson/${ownLesson.json().data.ids[0]}`, trainer)).json().data;
    expect(detail.trainerMemberId).toBe(people.trainer.memberId);
    const imported = await send('POST', `/web/member/batch-create?gymId=${gymId}&dryRun=true`, trainer, {
      rows: [{ name: '가져오기', phone: '010-7777-9012' }],
    });
    expect(imported.statusCode, imported.body).toBe(403);
    // The front desk and the manager reach every customer.
    for (const who of ['desk', 'manager'] as const) {
      const response = await send(
        'GET',
        `/web/member/customer/${made.id}?gymId=${gymId}`,
        people[who].cookies,
      );
      expect(response.statusCode, `${who}: ${response.body}`).toBe(200);
    }
  });
});
