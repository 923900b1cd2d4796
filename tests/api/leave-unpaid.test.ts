import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, paymentLine, sale, ticketIssue } from '#server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeCustomer, makeTicket, setNow } from '../fixtures/customers.ts';
import { approveAddOn, type Cookies, makeActiveGym } from '../fixtures/gyms.ts';

// docs/rules.md#leave-unpaid (issue 27, item 1): a sale whose payments fall short of its total is refused unless
// the request chose the balance, for exactly that amount. Each sale that takes payment lines: the customer page's
// pass sale, the desk's checkout, a pass transfer's fee, a locker rental and its renewal. A refusal writes nothing.

let t: TestApp;
let owner: Cookies;
let gymId: number;
let ticketId: number;
let lockerIds: number[];

const send = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    cookies: owner,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const rows = async () => ({
  sales: (await t.db.select({ n: count() }).from(sale))[0]!.n,
  lines: (await t.db.select({ n: count() }).from(paymentLine))[0]!.n,
  passes: (await t.db.select({ n: count() }).from(ticketIssue))[0]!.n,
  audit: (await t.db.select({ n: count() }).from(auditLog))[0]!.n,
});

/** Asserts the refusal: 400 `unpaidNotChosen` on `leaveUnpaid`, naming the balance, with no row written. */
const expectRefused = async (
  request: () => Promise<{
    statusCode: number;
    body: string;
    json: () => {
      reason: string;
      details: { unpaid: number };
      errors: Record<string, string[]>;
      message: string;
    };
  }>,
  unpaid: number,
) => {
  const before = await rows();
  const response = await request();
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json();
  expect(body.reason).toBe('unpaidNotChosen');
  expect(body.details.unpaid).toBe(unpaid);
  // The field's own message names the balance too (the form shows it under the choice).
  expect(body.errors.leaveUnpaid?.[0]).toContain(unpaid.toLocaleString('ko-KR'));
  expect(body.message).toContain(unpaid.toLocaleString('ko-KR'));
  expect(await rows()).toEqual(before);
};

const owedOf = async (memberId: number) => {
  const response = await send('GET', `/web/member/customer/${memberId}?gymId=${gymId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.unpaidAmount as number;
};

beforeAll(async () => {
  // The rule itself: no fixture chooses a balance here (tests/fixtures/app.ts).
  t = await createTestApp({ chooseBalances: false });
  setNow(t, '2026-03-02T00:00:00Z');
  const made = await makeActiveGym(t);
  owner = made.owner.cookies;
  gymId = made.gym.id;
  ticketId = (await makeTicket(t, owner, gymId, { transferFee: 20_000 })).id;
  await approveAddOn(t, gymId, 'LOCKER');
  const room = await send('POST', '/web/locker/room', { gymId, name: '락커룸' });
  const bank = await send('POST', '/web/locker/bank', {
    gymId,
    roomId: room.json().data.id,
    name: 'A',
    rows: 1,
    cols: 4,
    startNumber: 1,
    prefix: 'U-',
  });
  expect(bank.statusCode, bank.body).toBe(201);
  const map = await send('GET', `/web/locker/map/${gymId}`);
  lockerIds = (map.json().data.lockers as { id: number }[]).map((l) => l.id);
}, 120_000);
afterAll(() => t?.close());

describe('a pass sold from the customer page', () => {
  const body = (memberId: number, extra: Record<string, unknown>) => ({
    gymId,
    memberId,
    ticketId,
    ...extra,
  });

  it('is refused when the payments fall short and nothing was chosen, and names the balance', async () => {
    const customer = await makeCustomer(t, owner, gymId);
    await expectRefused(() => send('POST', '/web/ticket-issue/sell', body(customer.id, {})), 600_000);
    await expectRefused(
      () =>
        send(
          'POST',
          '/web/ticket-issue/sell',
          body(customer.id, { payments: [{ method: 'CARD', amount: 400_000 }] }),
        ),
      200_000,
    );
  });

  it('is refused when the chosen balance is not the one the payments leave', async () => {
    const customer = await makeCustomer(t, owner, gymId);
    await expectRefused(
      () =>
        send(
          'POST',
          '/web/ticket-issue/sell',
          body(customer.id, { payments: [{ method: 'CARD', amount: 400_000 }], leaveUnpaid: 100_000 }),
        ),
      200_000,
    );
    // A balance "chosen" on a sale paid in full is a mistake too.
    await expectRefused(
      () =>
        send(
          'POST',
          '/web/ticket-issue/sell',
          body(customer.id, { payments: [{ method: 'CARD', amount: 600_000 }], leaveUnpaid: 10_000 }),
        ),
      0,
    );
  });

  it('leaves exactly the chosen balance, and a sale paid in full needs no choice', async () => {
    const a = await makeCustomer(t, owner, gymId);
    const left = await send(
      'POST',
      '/web/ticket-issue/sell',
      body(a.id, { payments: [{ method: 'CASH', amount: 450_000 }], leaveUnpaid: 150_000 }),
    );
    expect(left.statusCode, left.body).toBe(201);
    expect(await owedOf(a.id)).toBe(150_000);
    const b = await makeCustomer(t, owner, gymId);
    const paid = await send(
      'POST',
      '/web/ticket-issue/sell',
      body(b.id, { payments: [{ method: 'CARD', amount: 600_000 }] }),
    );
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await owedOf(b.id)).toBe(0);
  });
});

describe('the desk checkout', () => {
  it('decides on the whole checkout: its total, less every payment', async () => {
    const customer = await makeCustomer(t, owner, gymId);
    const checkout = (extra: Record<string, unknown>) =>
      send('POST', '/web/sales/checkout', {
        gymId,
        memberId: customer.id,
        items: [
          { type: 'PASS', ticketId },
          {
            type: 'LOCKER',
            lockerId: lockerIds[0],
            startDate: '2026-03-02',
            endDate: '2026-03-31',
            fee: 20_000,
            deposit: 10_000,
          },
        ],
        ...extra,
      });
    await expectRefused(() => checkout({ payments: [{ method: 'CARD', amount: 600_000 }] }), 30_000);
    const done = await checkout({ payments: [{ method: 'CARD', amount: 600_000 }], leaveUnpaid: 30_000 });
    expect(done.statusCode, done.body).toBe(201);
    expect(await owedOf(customer.id)).toBe(30_000);
  });
});

describe('a transfer fee', () => {
  it('is paid in full unless the balance is chosen', async () => {
    const from = await makeCustomer(t, owner, gymId);
    const to = await makeCustomer(t, owner, gymId);
    const sold = await send('POST', '/web/ticket-issue/sell', {
      gymId,
      memberId: from.id,
      ticketId,
      payments: [{ method: 'CARD', amount: 600_000 }],
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const passId = sold.json().data.id as number;
    const url = `/web/ticket-issue/${passId}/transfer`;
    await expectRefused(() => send('POST', url, { toMemberId: to.id }), 20_000);
    const moved = await send('POST', url, { toMemberId: to.id, leaveUnpaid: 20_000 });
    expect(moved.statusCode, moved.body).toBe(200);
  });
});

describe('a locker rental and its renewal', () => {
  it('take the fee and deposit in full unless the balance is chosen', async () => {
    const customer = await makeCustomer(t, owner, gymId);
    const rent = (extra: Record<string, unknown>) =>
      send('POST', '/web/locker/rental', {
        gymId,
        lockerId: lockerIds[1],
        memberId: customer.id,
        startDate: '2026-03-02',
        endDate: '2026-03-31',
        fee: 20_000,
        deposit: 10_000,
        ...extra,
      });
    // The case the issue names: fee 20,000 + deposit 10,000 with the payment left at 0.
    await expectRefused(() => rent({}), 30_000);
    await expectRefused(() => rent({ payments: [{ method: 'CARD', amount: 20_000 }] }), 10_000);
    const rented = await rent({ payments: [{ method: 'CARD', amount: 20_000 }], leaveUnpaid: 10_000 });
    expect(rented.statusCode, rented.body).toBe(201);
    const rentalId = rented.json().data.rental.id as number;
    const renew = (extra: Record<string, unknown>) =>
      send('POST', `/web/locker/rental/${rentalId}/renew?gymId=${gymId}`, {
        endDate: '2026-04-30',
        fee: 20_000,
        ...extra,
      });
    await expectRefused(() => renew({ payments: [{ method: 'CASH', amount: 5_000 }] }), 15_000);
    const renewed = await renew({ payments: [{ method: 'CASH', amount: 20_000 }] });
    expect(renewed.statusCode, renewed.body).toBe(200);
  });
});
