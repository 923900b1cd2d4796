import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_PRESETS } from '#domain/permissions.ts';
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
  customerId = (await makeCustomer(t, people.owner.cookies, gymId)).id;
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
      return response.json().data as { id: number; payRate: number; payHidden?: boolean }[];
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
    const debtor = (await makeCustomer(t, people.owner.cookies, gymId)).id;
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
