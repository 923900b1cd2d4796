import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  lockerBankCreateRoute,
  lockerMapRoute,
  lockerRenewRoute,
  lockerRentalGetRoute,
  lockerRentalListRoute,
  lockerRentRoute,
  lockerRoomCreateRoute,
} from '#domain/api/locker.ts';
import {
  auditLog,
  entrySetting,
  gym,
  locker,
  lockerBank,
  lockerRental,
  outbox,
  paymentLine,
  sale,
  saleAdjustment,
} from '#server/db/schema/index.ts';
import { enqueueLockerReminders } from '#server/modules/locker/locker-reminders.ts';
import { inRentalTransaction } from '#server/modules/locker/rental.commands.ts';
import { answerOf, apiClient, type DataOf } from '../fixtures/api.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeCustomer, setNow } from '../fixtures/customers.ts';
import { approveAddOn, type Cookies, makeActiveGym, makeStaff } from '../fixtures/gyms.ts';

// Lockers (docs/rules.md#lockers): the layout and its numbering, the map's states, renting under concurrency and
// the per-customer limit, the combination shown once, renewals, moves, returns with the deposit, expiry that
// frees nothing, the reminders, and the add-on and rights that gate every call. The clock starts on Monday
// 2026-03-02 at 09:00 KST.

let t: TestApp;
let owner: Cookies;
let gymId: number;
let readOnly: Cookies;
let other: { owner: Cookies; gymId: number; lockerId: number; roomId: number };
let noAddOn: { owner: Cookies; gymId: number };

const NOW = '2026-03-02T00:00:00Z';

type Rental = DataOf<typeof lockerRentalGetRoute>;

const api = apiClient(() => t.app, { cookies: () => owner });

const send = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  cookies: Cookies = owner,
) => t.app.inject({ method, url, cookies, ...(payload === undefined ? {} : { payload: payload as object }) });

const makeRoom = async (name = '남자 락커룸', gym = gymId, cookies = owner) =>
  (await api.call(lockerRoomCreateRoute, { body: { gymId: gym, name }, cookies })).data;

let prefixCounter = 0;
/** A bank of its own labels (a fresh prefix), 2 × 3 by default. */
const makeBank = async (body: Record<string, unknown> = {}, gym = gymId, cookies = owner) => {
  const roomId = (body.roomId as number | undefined) ?? (await makeRoom('룸', gym, cookies)).id;
  const response = await send(
    'POST',
    '/web/locker/bank',
    {
      gymId: gym,
      roomId,
      name: 'A열',
      rows: 2,
      cols: 3,
      startNumber: 1,
      prefix: `P${++prefixCounter}-`,
      ...body,
    },
    cookies,
  );
  expect(response.statusCode, response.body).toBe(201);
  return answerOf(lockerBankCreateRoute, response).data;
};

const mapOf = async (gym = gymId, cookies = owner) =>
  (await api.call(lockerMapRoute, { params: { gymId: gym }, cookies })).data;

const lockersOf = async (bankId: number, gym = gymId, cookies = owner) =>
  (await mapOf(gym, cookies)).lockers.filter((l) => l.bankId === bankId);

/** A free locker of a fresh bank. */
const freeLocker = async () => (await lockersOf((await makeBank()).id))[0]!;

const rent = (body: Record<string, unknown>, cookies = owner) =>
  send(
    'POST',
    '/web/locker/rental',
    { gymId, startDate: '2026-03-02', endDate: '2026-03-31', fee: 10_000, ...body },
    cookies,
  );

const rentOk = async (body: Record<string, unknown>) => {
  const response = await rent(body);
  expect(response.statusCode, response.body).toBe(201);
  return answerOf(lockerRentRoute, response).data;
};

/** A fresh customer renting a fresh locker. */
const rentFresh = async (body: Record<string, unknown> = {}) => {
  const customer = await makeCustomer(t, owner, gymId);
  const target = await freeLocker();
  const { rental } = await rentOk({ lockerId: target.id, memberId: customer.id, ...body });
  return { customer, locker: target, rental };
};

const rentalAction = (id: number, name: 'renew' | 'move' | 'end', payload: unknown, gym = gymId) =>
  send('POST', `/web/locker/rental/${id}/${name}?gymId=${gym}`, payload);

const getRental = async (id: number) =>
  (await api.call(lockerRentalGetRoute, { params: { id }, query: { gymId } })).data;

/** A page of the rental list in this view. */
const rentals = (view: 'active' | 'expiring' | 'expired' | 'ended') =>
  api.call(lockerRentalListRoute, { params: { gymId }, query: { view, _end: 500 } });

const rows = async () => {
  const n = async (table: typeof lockerRental | typeof sale | typeof paymentLine | typeof auditLog) =>
    (await t.db.select({ n: count() }).from(table))[0]!.n;
  return {
    rentals: await n(lockerRental),
    sales: await n(sale),
    lines: await n(paymentLine),
    audit: await n(auditLog),
  };
};

beforeAll(async () => {
  t = await createTestApp({
    config: { session: { idleMs: 10 * 365 * 86_400_000, absoluteMs: 10 * 365 * 86_400_000 } },
  });
  setNow(t, NOW);
  const made = await makeActiveGym(t);
  owner = made.owner.cookies;
  gymId = made.gym.id;
  await approveAddOn(t, gymId, 'LOCKER');
  readOnly = (await makeStaff(t.app, made.owner, gymId, { memberUseYn: true })).cookies;
  const b = await makeActiveGym(t);
  await approveAddOn(t, b.gym.id, 'LOCKER');
  const bBank = await makeBank({ prefix: 'B-' }, b.gym.id, b.owner.cookies);
  other = {
    owner: b.owner.cookies,
    gymId: b.gym.id,
    roomId: bBank.roomId,
    lockerId: (await lockersOf(bBank.id, b.gym.id, b.owner.cookies))[0]!.id,
  };
  const c = await makeActiveGym(t);
  noAddOn = { owner: c.owner.cookies, gymId: c.gym.id };
}, 120_000);
afterAll(() => t?.close());
afterEach(() => setNow(t, NOW));

describe('the layout', () => {
  it('numbers a bank row by row from its start, with its prefix, passing over skipped numbers', async () => {
    const room = await makeRoom('여자 락커룸');
    const bank = await makeBank({
      roomId: room.id,
      rows: 3,
      cols: 4,
      startNumber: 1,
      prefix: 'W-',
      skipNumbers: [4, 9],
    });
    const lockers = await lockersOf(bank.id);
    expect(lockers.map((l) => l.label)).toEqual([
      'W-001',
      'W-002',
      'W-003',
      'W-005',
      'W-006',
      'W-007',
      'W-008',
      'W-010',
      'W-011',
      'W-012',
      'W-013',
      'W-014',
    ]);
    expect(lockers[4]).toMatchObject({
      row: 2,
      col: 1,
      number: 6,
      state: 'FREE',
      rentalId: null,
      maskedName: null,
    });
    const started = await makeBank({ rows: 1, cols: 3, startNumber: 100, prefix: '' });
    expect((await lockersOf(started.id)).map((l) => l.label)).toEqual(['100', '101', '102']);
    const map = await mapOf();
    expect(map.rooms.map((r) => r.name)).toContain('여자 락커룸');
    expect(map.banks.find((b) => b.id === bank.id)).toMatchObject({ roomId: room.id, name: 'A열' });
    expect(map.counts.FREE).toBe(map.lockers.length);
    expect(Object.keys(map.counts).sort()).toEqual(['BROKEN', 'EXPIRED', 'EXPIRING', 'FREE', 'IN_USE']);
  });

  it('refuses a label another locker of the facility has (409), and writes nothing', async () => {
    const first = await makeBank({ rows: 1, cols: 5, prefix: 'X-' });
    const banksBefore = (await t.db.select({ n: count() }).from(lockerBank))[0]!.n;
    const clash = await send('POST', '/web/locker/bank', {
      gymId,
      roomId: first.roomId,
      name: 'B열',
      rows: 2,
      cols: 2,
      startNumber: 4,
      prefix: 'X-',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ reason: 'lockerLabelTaken', details: { label: 'X-004' } });
    expect((await t.db.select({ n: count() }).from(lockerBank))[0]!.n).toBe(banksBefore);
    // Another facility may use the same labels; the next numbers are free here.
    await makeBank({ rows: 1, cols: 5, prefix: 'X-' }, other.gymId, other.owner);
    await makeBank({ roomId: first.roomId, rows: 1, cols: 2, startNumber: 6, prefix: 'X-' });
  });

  it('refuses a bank above 400 lockers and a room of another facility', async () => {
    const room = await makeRoom();
    const big = await send('POST', '/web/locker/bank', {
      gymId,
      roomId: room.id,
      name: '큰 뱅크',
      rows: 21,
      cols: 20,
      startNumber: 1,
      prefix: 'Z-',
    });
    expect(big.statusCode).toBe(400);
    expect(big.json().errors.rows).toBeDefined();
    const foreign = await send('POST', '/web/locker/bank', {
      gymId,
      roomId: other.roomId,
      name: '남의 룸',
      rows: 1,
      cols: 1,
      startNumber: 1,
      prefix: 'Q-',
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('reshapes a bank until one of its lockers is rented; renaming always works', async () => {
    const bank = await makeBank({ rows: 1, cols: 2, prefix: 'R-' });
    const body = { roomId: bank.roomId, name: 'A열', rows: 1, cols: 2, startNumber: 1, prefix: 'R-' };
    const ids = (await lockersOf(bank.id)).map((l) => l.id);
    const renamed = await send('PUT', `/web/locker/bank/${bank.id}?gymId=${gymId}`, {
      ...body,
      name: '창가',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.name).toBe('창가');
    expect((await lockersOf(bank.id)).map((l) => l.id)).toEqual(ids);
    const grown = await send('PUT', `/web/locker/bank/${bank.id}?gymId=${gymId}`, {
      ...body,
      cols: 3,
      startNumber: 10,
    });
    expect(grown.statusCode, grown.body).toBe(200);
    const rebuilt = await lockersOf(bank.id);
    expect(rebuilt.map((l) => l.label)).toEqual(['R-010', 'R-011', 'R-012']);

    const customer = await makeCustomer(t, owner, gymId);
    const { rental } = await rentOk({ lockerId: rebuilt[0]!.id, memberId: customer.id });
    const shapes = [{ cols: 4 }, { rows: 2 }, { startNumber: 20 }, { prefix: 'S-' }, { skipNumbers: [11] }];
    for (const change of shapes) {
      const refused = await send('PUT', `/web/locker/bank/${bank.id}?gymId=${gymId}`, {
        ...body,
        cols: 3,
        startNumber: 10,
        ...change,
      });
      expect(refused.statusCode, JSON.stringify(change)).toBe(409);
      expect(refused.json().reason).toBe('bankInUse');
    }
    const again = await send('PUT', `/web/locker/bank/${bank.id}?gymId=${gymId}`, {
      ...body,
      cols: 3,
      startNumber: 10,
      name: '벽쪽',
      sortOrder: 3,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await send('DELETE', `/web/locker/bank/${bank.id}?gymId=${gymId}`)).json().reason).toBe(
      'bankInUse',
    );
    expect((await send('DELETE', `/web/locker/room/${bank.roomId}?gymId=${gymId}`)).json().reason).toBe(
      'roomInUse',
    );
    // Ended, the rental is still history: the bank keeps its shape.
    await rentalAction(rental.id, 'end', { keyReturned: true, depositRefunded: 0 });
    expect((await send('DELETE', `/web/locker/bank/${bank.id}?gymId=${gymId}`)).statusCode).toBe(409);
  });

  it('removes a room with its never-rented banks and lockers', async () => {
    const room = await makeRoom('임시 룸');
    const bank = await makeBank({ roomId: room.id, rows: 2, cols: 2 });
    const renamed = await send('PUT', `/web/locker/room/${room.id}?gymId=${gymId}`, {
      name: '임시',
      sortOrder: 9,
    });
    expect(renamed.json().data).toMatchObject({ name: '임시', sortOrder: 9 });
    const removed = await send('DELETE', `/web/locker/room/${room.id}?gymId=${gymId}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await t.db.select().from(locker).where(eq(locker.bankId, bank.id))).toEqual([]);
    expect((await mapOf()).rooms.map((r) => r.id)).not.toContain(room.id);
    const lone = await makeBank({ rows: 1, cols: 1 });
    expect((await send('DELETE', `/web/locker/bank/${lone.id}?gymId=${gymId}`)).statusCode).toBe(204);
  });

  it("answers 404 for another facility's room, bank or locker", async () => {
    const q = `?gymId=${gymId}`;
    expect((await send('PUT', `/web/locker/room/${other.roomId}${q}`, { name: 'x' })).statusCode).toBe(404);
    expect((await send('DELETE', `/web/locker/room/${other.roomId}${q}`)).statusCode).toBe(404);
    expect((await send('PUT', `/web/locker/${other.lockerId}${q}`, { broken: true })).statusCode).toBe(404);
    // The other facility's id under its own gymId: no link, so 404 too.
    expect((await send('GET', `/web/locker/map/${other.gymId}`)).statusCode).toBe(404);
  });
});

describe('renting', () => {
  it('writes the sale of fee + deposit, its payment lines, the rental and the audit row; the unpaid shows on the customer', async () => {
    const customer = await makeCustomer(t, owner, gymId, { name: '김민수' });
    const target = await freeLocker();
    const before = await rows();
    const response = await rent({
      lockerId: target.id,
      memberId: customer.id,
      fee: 30_000,
      deposit: 10_000,
      keyNumber: 'K-17',
      combination: '4821',
      payments: [
        { method: 'CARD', amount: 20_000 },
        { method: 'CASH', amount: 5_000 },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const { rental, combination } = answerOf(lockerRentRoute, response).data;
    expect(combination).toBe('4821');
    expect(rental).toMatchObject({
      lockerId: target.id,
      lockerLabel: target.label,
      memberId: customer.id,
      memberName: '김민수',
      phone: customer.phone,
      fee: 30_000,
      deposit: 10_000,
      keyNumber: 'K-17',
      combination: '••••',
      unpaidAmount: 15_000,
      status: 'ACTIVE',
      state: 'IN_USE',
    });
    expect(await rows()).toEqual({
      rentals: before.rentals + 1,
      sales: before.sales + 1,
      lines: before.lines + 2,
      audit: before.audit + 1,
    });
    const [saleRow] = await t.db.select().from(sale).where(eq(sale.id, rental.saleId!));
    expect(saleRow).toMatchObject({
      itemType: 'LOCKER',
      itemName: `락커 ${target.label} (2026-03-02~2026-03-31)`,
      listPrice: 40_000,
      price: 40_000,
      memberId: customer.id,
    });
    const [auditRow] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'locker.rent'), eq(auditLog.entityId, String(rental.id))));
    expect(auditRow?.after).toMatchObject({
      lockerId: target.id,
      fee: 30_000,
      deposit: 10_000,
      paid: 25_000,
    });
    expect(JSON.stringify(auditRow?.after)).not.toContain('4821');
    const customerRow = await send('GET', `/web/member/customer/${customer.id}?gymId=${gymId}`);
    expect(customerRow.json().data.unpaidAmount).toBe(15_000);

    // The combination never shows again: not on the rental, the list, or the map.
    expect((await getRental(rental.id)).combination).toBe('••••');
    const list = await send('GET', `/web/locker/rental/list/${gymId}?memberId=${customer.id}`);
    expect(list.body).not.toContain('4821');
    expect(list.json().data[0]).toMatchObject({ combination: '••••', memberName: '김*수' });
    expect(list.json().data[0].phone).toMatch(/^010-\*{4}-\d{4}$/);
    const tile = (await mapOf()).lockers.find((l) => l.id === target.id)!;
    expect(tile).toMatchObject({
      state: 'IN_USE',
      rentalId: rental.id,
      maskedName: '김*수',
      memberId: customer.id,
    });
    expect(JSON.stringify(await mapOf())).not.toContain('4821');
  });

  it('gives 10 concurrent rentals of one locker by different customers exactly one success', async () => {
    const target = await freeLocker();
    const customers = await Promise.all(Array.from({ length: 10 }, () => makeCustomer(t, owner, gymId)));
    const results = await Promise.all(customers.map((c) => rent({ lockerId: target.id, memberId: c.id })));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    for (const r of results.filter((r) => r.statusCode === 409)) expect(r.json().reason).toBe('lockerTaken');
    const active = await t.db
      .select()
      .from(lockerRental)
      .where(and(eq(lockerRental.lockerId, target.id), eq(lockerRental.status, 'ACTIVE')));
    expect(active).toHaveLength(1);
    const sales = await t.db
      .select({ n: count() })
      .from(sale)
      .where(sql`${sale.itemName} like ${`락커 ${target.label} %`}`);
    expect(sales[0]!.n).toBe(1);
  });

  it('answers the partial unique index, should a second ACTIVE rental get past the lock, with 409 lockerTaken', async () => {
    const { locker: target, rental } = await rentFresh();
    const [row] = await t.db.select().from(lockerRental).where(eq(lockerRental.id, rental.id));
    const { id: _id, ...copy } = row!;
    const before = await rows();
    const error = await inRentalTransaction(
      t.db,
      async (tx) => {
        await tx.insert(sale).values({
          gymId,
          memberId: copy.memberId,
          itemType: 'LOCKER',
          itemName: 'x',
          listPrice: 0,
          price: 0,
        });
        await tx.insert(lockerRental).values(copy);
      },
      target.id,
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({
      statusCode: 409,
      messageKey: 'lockerTaken',
      params: { label: target.label },
    });
    expect(await rows()).toEqual(before);
  });

  it("keeps a customer within the facility's limit, one locker by default", async () => {
    const { customer } = await rentFresh();
    const second = await freeLocker();
    const before = await rows();
    const refused = await rent({ lockerId: second.id, memberId: customer.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ reason: 'lockerPerCustomerLimit', details: { max: 1 } });
    expect(await rows()).toEqual(before);
    await t.db
      .insert(entrySetting)
      .values({ gymId, maxLockersPerCustomer: 2 })
      .onConflictDoUpdate({ target: entrySetting.gymId, set: { maxLockersPerCustomer: 2 } });
    try {
      await rentOk({ lockerId: second.id, memberId: customer.id });
      const third = await rent({ lockerId: (await freeLocker()).id, memberId: customer.id });
      expect(third.json()).toMatchObject({ reason: 'lockerPerCustomerLimit', details: { max: 2 } });
    } finally {
      await t.db.update(entrySetting).set({ maxLockersPerCustomer: 1 }).where(eq(entrySetting.gymId, gymId));
    }
  });

  it('refuses bad input and foreign ids, and writes nothing', async () => {
    const customer = await makeCustomer(t, owner, gymId);
    const target = await freeLocker();
    const base = { lockerId: target.id, memberId: customer.id };
    const foreignCustomer = await makeCustomer(t, other.owner, other.gymId);
    const before = await rows();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ lockerId: 2_000_000_000 }, 404, 'NOT_FOUND'],
      [{ lockerId: other.lockerId }, 404, 'NOT_FOUND'],
      [{ fee: -1 }, 400, 'fee'],
      [{ deposit: -500 }, 400, 'deposit'],
      [{ startDate: '2026-03-10', endDate: '2026-03-09' }, 400, 'endDate'],
      [{ startDate: '2026-02-30' }, 400, 'startDate'],
      [{ fee: 10_000, deposit: 5_000, payments: [{ method: 'CARD', amount: 15_001 }] }, 400, 'payments'],
      [{ combination: '12' }, 400, 'combination'],
    ];
    for (const [change, status, what] of cases) {
      const response = await rent({ ...base, ...change });
      expect(response.statusCode, `${JSON.stringify(change)} ${response.body}`).toBe(status);
      if (status === 400) expect(response.json().errors[what], what).toBeDefined();
      else expect(response.json().code).toBe(what);
    }
    expect((await rent({ ...base, memberId: foreignCustomer.id })).statusCode).toBe(404);
    expect(await rows()).toEqual(before);
    // The right payment still goes through.
    await rentOk({ ...base, fee: 10_000, deposit: 5_000, payments: [{ method: 'CARD', amount: 15_000 }] });
  });

  it('lets a rented locker be marked broken (it stays rented), and rents no broken locker', async () => {
    const { locker: target, rental } = await rentFresh();
    const broken = await send('PUT', `/web/locker/${target.id}?gymId=${gymId}`, {
      broken: true,
      brokenNote: '문 고장',
    });
    expect(broken.statusCode, broken.body).toBe(200);
    expect(broken.json().data).toMatchObject({ state: 'BROKEN', rentalId: rental.id, brokenNote: '문 고장' });
    expect((await getRental(rental.id)).status).toBe('ACTIVE');
    const spare = await freeLocker();
    await send('PUT', `/web/locker/${spare.id}?gymId=${gymId}`, { broken: true, size: 'LARGE' });
    const customer = await makeCustomer(t, owner, gymId);
    const refused = await rent({ lockerId: spare.id, memberId: customer.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ reason: 'lockerBroken', details: { label: spare.label } });
    const moved = await rentalAction(rental.id, 'move', { lockerId: spare.id });
    expect(moved.json().reason).toBe('lockerBroken');
    const repaired = await send('PUT', `/web/locker/${spare.id}?gymId=${gymId}`, { broken: false });
    expect(repaired.json().data).toMatchObject({
      state: 'FREE',
      broken: false,
      brokenNote: null,
      size: 'LARGE',
    });
    await rentOk({ lockerId: spare.id, memberId: customer.id });
  });
});

describe('renewals, moves and returns', () => {
  it('renews from the day after the end: a new row and a sale of the fee; the deposit stays with the chain', async () => {
    const {
      customer,
      locker: target,
      rental,
    } = await rentFresh({
      fee: 30_000,
      deposit: 10_000,
      combination: '1234',
      payments: [{ method: 'CARD', amount: 40_000 }],
    });
    const before = await rows();
    const tooEarly = await rentalAction(rental.id, 'renew', { endDate: '2026-03-31', fee: 30_000 });
    expect(tooEarly.statusCode).toBe(400);
    expect(tooEarly.json().errors.endDate).toBeDefined();
    const overPaid = await rentalAction(rental.id, 'renew', {
      endDate: '2026-04-30',
      fee: 30_000,
      payments: [{ method: 'CARD', amount: 30_001 }],
    });
    expect(overPaid.statusCode).toBe(400);
    expect(await rows()).toEqual(before);
    const renewed = await rentalAction(rental.id, 'renew', {
      endDate: '2026-04-30',
      fee: 28_000,
      payments: [{ method: 'TRANSFER', amount: 28_000 }],
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const next = answerOf(lockerRenewRoute, renewed).data;
    expect(next).toMatchObject({
      lockerId: target.id,
      memberId: customer.id,
      startDate: '2026-04-01',
      endDate: '2026-04-30',
      fee: 28_000,
      deposit: 10_000,
      combination: '••••',
      unpaidAmount: 0,
      status: 'ACTIVE',
    });
    expect(next.id).not.toBe(rental.id);
    expect(await getRental(rental.id)).toMatchObject({ status: 'ENDED', endKind: 'RENEWED', state: 'FREE' });
    const [row] = await t.db.select().from(lockerRental).where(eq(lockerRental.id, next.id));
    expect(row?.previousRentalId).toBe(rental.id);
    const [saleRow] = await t.db.select().from(sale).where(eq(sale.id, next.saleId!));
    expect(saleRow).toMatchObject({
      price: 28_000,
      itemName: `락커 ${target.label} (2026-04-01~2026-04-30)`,
    });
    expect((await rentalAction(rental.id, 'renew', { endDate: '2026-05-31', fee: 0 })).json().reason).toBe(
      'rentalNotActive',
    );
    // Returned at the end of the chain: the deposit comes back on the first sale, which holds it.
    const ended = await rentalAction(next.id, 'end', {
      keyReturned: true,
      depositRefunded: 10_000,
      refundMethod: 'CARD',
    });
    expect(ended.statusCode, ended.body).toBe(200);
    const refunds = await t.db
      .select()
      .from(paymentLine)
      .where(and(eq(paymentLine.saleId, rental.saleId!), eq(paymentLine.status, 'REFUND')));
    expect(refunds).toMatchObject([{ amount: -10_000, method: 'CARD', memberId: customer.id }]);
  });

  it('renews a lapsed rental from today', async () => {
    const { rental } = await rentFresh({ startDate: '2026-02-01', endDate: '2026-02-28' });
    const renewed = await rentalAction(rental.id, 'renew', { endDate: '2026-03-31', fee: 10_000 });
    expect(renewed.json().data).toMatchObject({ startDate: '2026-03-02', endDate: '2026-03-31' });
  });

  it('moves a rental to a free locker with its dates, fee, deposit, key and sale', async () => {
    const { locker: from, rental } = await rentFresh({
      deposit: 5_000,
      keyNumber: 'K-1',
      combination: '9876',
    });
    const taken = await rentFresh();
    const refused = await rentalAction(rental.id, 'move', { lockerId: taken.locker.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().reason).toBe('lockerTaken');
    expect((await rentalAction(rental.id, 'move', { lockerId: from.id })).statusCode).toBe(400);
    expect((await rentalAction(rental.id, 'move', { lockerId: other.lockerId })).statusCode).toBe(404);
    const to = await freeLocker();
    const moved = await rentalAction(rental.id, 'move', { lockerId: to.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({
      lockerId: to.id,
      lockerLabel: to.label,
      startDate: rental.startDate,
      endDate: rental.endDate,
      fee: rental.fee,
      deposit: 5_000,
      keyNumber: 'K-1',
      combination: '••••',
      saleId: rental.saleId,
      status: 'ACTIVE',
    });
    expect(await getRental(rental.id)).toMatchObject({ status: 'ENDED', endKind: 'MOVED' });
    const map = await mapOf();
    expect(map.lockers.find((l) => l.id === from.id)?.state).toBe('FREE');
    expect(map.lockers.find((l) => l.id === to.id)?.rentalId).toBe(moved.json().data.id);
  });

  it('never pays back a deposit that was never paid', async () => {
    const { rental } = await rentFresh({ fee: 20_000, deposit: 10_000, payments: [] });
    const before = await rows();
    const refused = await rentalAction(rental.id, 'end', { keyReturned: true, depositRefunded: 10_000 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.depositRefunded).toBeDefined();
    expect(await rows()).toEqual(before);
    const kept = await rentalAction(rental.id, 'end', {
      keyReturned: true,
      depositRefunded: 0,
      depositKeptReason: '보증금 미납',
    });
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it('ends a rental: a refund line for the deposit returned, or a reason for what is kept', async () => {
    const { locker: target, rental } = await rentFresh({
      fee: 20_000,
      deposit: 10_000,
      payments: [{ method: 'CASH', amount: 30_000 }],
    });
    const before = await rows();
    const tooMuch = await rentalAction(rental.id, 'end', { keyReturned: true, depositRefunded: 10_001 });
    expect(tooMuch.json().errors.depositRefunded).toBeDefined();
    const noReason = await rentalAction(rental.id, 'end', { keyReturned: false, depositRefunded: 4_000 });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors.depositKeptReason).toBeDefined();
    expect(await rows()).toEqual(before);
    const ended = await rentalAction(rental.id, 'end', {
      keyReturned: false,
      depositRefunded: 4_000,
      depositKeptReason: '열쇠 분실',
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().data).toMatchObject({
      status: 'ENDED',
      endKind: 'RETURNED',
      keyReturned: false,
      depositRefunded: 4_000,
      depositKeptReason: '열쇠 분실',
      state: 'FREE',
      unpaidAmount: 0,
    });
    const [line] = await t.db
      .select()
      .from(paymentLine)
      .where(and(eq(paymentLine.saleId, rental.saleId!), eq(paymentLine.status, 'REFUND')));
    expect(line).toMatchObject({ amount: -4_000, method: 'CASH' });
    expect(line?.computation).toMatchObject({
      deposit: 10_000,
      refunded: 4_000,
      kept: 6_000,
      reason: '열쇠 분실',
    });
    expect(
      (await rentalAction(rental.id, 'end', { keyReturned: true, depositRefunded: 0 })).json().reason,
    ).toBe('rentalNotActive');
    expect((await mapOf()).lockers.find((l) => l.id === target.id)?.state).toBe('FREE');

    // No deposit: nothing to refund, no line and no reason needed.
    const plain = await rentFresh();
    const linesBefore = (await rows()).lines;
    const done = await rentalAction(plain.rental.id, 'end', { keyReturned: true, depositRefunded: 0 });
    expect(done.statusCode, done.body).toBe(200);
    expect((await rows()).lines).toBe(linesBefore);
    const ended2 = await rentals('ended');
    expect(ended2.data.map((r) => r.id)).toEqual(expect.arrayContaining([rental.id, plain.rental.id]));
  });
});

describe('deposits at the return (issue 27 item 2)', () => {
  const owedBy = async (memberId: number) =>
    (await send('GET', `/web/member/customer/${memberId}?gymId=${gymId}`)).json().data.unpaidAmount as number;

  it('drops a deposit never paid from what is owed when the key comes back on the day of the rental', async () => {
    const {
      customer,
      locker: target,
      rental,
    } = await rentFresh({ fee: 20_000, deposit: 10_000, payments: [] });
    expect(await owedBy(customer.id)).toBe(30_000);
    expect(await getRental(rental.id)).toMatchObject({ depositPaid: 0, depositRefundMethod: null });
    // Nothing was paid of the deposit: giving nothing back keeps nothing, so no reason is asked.
    const ended = await rentalAction(rental.id, 'end', { keyReturned: true, depositRefunded: 0 });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().data).toMatchObject({ unpaidAmount: 20_000, depositKeptReason: null });
    // The fee is still owed; the deposit is not.
    expect(await owedBy(customer.id)).toBe(20_000);
    const adjustments = await t.db
      .select()
      .from(saleAdjustment)
      .where(eq(saleAdjustment.saleId, rental.saleId!));
    expect(adjustments).toMatchObject([{ kind: 'CORRECTION', amount: 10_000, memberId: customer.id }]);
    expect(adjustments[0]!.reason).toContain(target.label);
    const unpaid = await send(
      'GET',
      `/web/sales/unpaid?gymId=${gymId}&q=${encodeURIComponent(customer.name)}`,
    );
    expect(unpaid.statusCode, unpaid.body).toBe(200);
    expect(
      (unpaid.json().data.rows as { saleId: number; owed: number }[]).filter(
        (r) => r.saleId === rental.saleId,
      ),
    ).toMatchObject([{ owed: 20_000 }]);
    const [auditRow] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'locker.end'), eq(auditLog.entityId, String(rental.id))));
    expect(auditRow?.after).toMatchObject({ depositRefunded: 0, depositKept: 0, depositReleased: 10_000 });
  });

  it('offers back exactly the deposit paid, by the method it was paid with, and asks no reason for it', async () => {
    const { customer, rental } = await rentFresh({
      fee: 20_000,
      deposit: 10_000,
      payments: [{ method: 'TRANSFER', amount: 30_000 }],
    });
    expect(await getRental(rental.id)).toMatchObject({
      depositPaid: 10_000,
      depositRefundMethod: 'TRANSFER',
    });
    const ended = await rentalAction(rental.id, 'end', { keyReturned: true, depositRefunded: 10_000 });
    expect(ended.statusCode, ended.body).toBe(200);
    const refunds = await t.db
      .select()
      .from(paymentLine)
      .where(and(eq(paymentLine.saleId, rental.saleId!), eq(paymentLine.status, 'REFUND')));
    expect(refunds).toMatchObject([{ amount: -10_000, method: 'TRANSFER' }]);
    expect(await owedBy(customer.id)).toBe(0);
    expect(await t.db.select().from(saleAdjustment).where(eq(saleAdjustment.saleId, rental.saleId!))).toEqual(
      [],
    );
  });

  it('pays the fee first: a refund above the deposit paid is refused, and what was paid of it comes back', async () => {
    const { customer, rental } = await rentFresh({
      fee: 20_000,
      deposit: 10_000,
      payments: [{ method: 'CARD', amount: 25_000 }],
    });
    expect(await getRental(rental.id)).toMatchObject({ depositPaid: 5_000, depositRefundMethod: 'CARD' });
    const before = await rows();
    const tooMuch = await rentalAction(rental.id, 'end', { keyReturned: true, depositRefunded: 10_000 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors.depositRefunded).toBeDefined();
    expect(await rows()).toEqual(before);
    expect(await owedBy(customer.id)).toBe(5_000);
    const ended = await rentalAction(rental.id, 'end', { keyReturned: true, depositRefunded: 5_000 });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await owedBy(customer.id)).toBe(0);
  });

  it('asks the reason only when some of a paid deposit is kept', async () => {
    const { rental } = await rentFresh({
      fee: 20_000,
      deposit: 10_000,
      payments: [{ method: 'CASH', amount: 30_000 }],
    });
    const noReason = await rentalAction(rental.id, 'end', { keyReturned: false, depositRefunded: 0 });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors.depositKeptReason).toBeDefined();
    // Fee paid, deposit not: nothing paid is kept, so nothing to explain.
    const feeOnly = await rentFresh({
      fee: 20_000,
      deposit: 10_000,
      payments: [{ method: 'CASH', amount: 20_000 }],
    });
    const ended = await rentalAction(feeOnly.rental.id, 'end', { keyReturned: true, depositRefunded: 0 });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await owedBy(feeOnly.customer.id)).toBe(0);
  });

  it('drops the unpaid deposit from the first sale of a renewed chain, and the renewal fee stays owed', async () => {
    const { customer, rental } = await rentFresh({ fee: 20_000, deposit: 10_000, payments: [] });
    const renewed = await rentalAction(rental.id, 'renew', { endDate: '2026-04-30', fee: 20_000 });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(await owedBy(customer.id)).toBe(50_000);
    const next = answerOf(lockerRenewRoute, renewed).data;
    const ended = await rentalAction(next.id, 'end', { keyReturned: true, depositRefunded: 0 });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await owedBy(customer.id)).toBe(40_000);
    expect(
      await t.db.select().from(saleAdjustment).where(eq(saleAdjustment.saleId, rental.saleId!)),
    ).toMatchObject([{ amount: 10_000 }]);
  });
});

describe('expiry', () => {
  it('shows an expired rental as EXPIRED and keeps the locker until it is ended', async () => {
    const { locker: target, rental } = await rentFresh({ endDate: '2026-03-05' });
    expect((await mapOf()).lockers.find((l) => l.id === target.id)?.state).toBe('EXPIRING');
    const expiring = await rentals('expiring');
    expect(expiring.data.map((r) => r.id)).toContain(rental.id);
    setNow(t, '2026-03-06T00:00:00Z');
    const map = await mapOf();
    expect(map.lockers.find((l) => l.id === target.id)).toMatchObject({
      state: 'EXPIRED',
      rentalId: rental.id,
    });
    expect(map.counts.EXPIRED).toBeGreaterThanOrEqual(1);
    const expired = await send('GET', `/web/locker/rental/list/${gymId}?view=expired&_end=500`);
    expect(expired.json().data.find((r: Rental) => r.id === rental.id)).toMatchObject({ state: 'EXPIRED' });
    expect(expired.json().total).toBe(expired.json().data.length);
    expect(expired.headers['x-total-count']).toBe(String(expired.json().total));
    const active = await rentals('active');
    expect(active.data.map((r) => r.id)).toContain(rental.id);
    const stillExpiring = await rentals('expiring');
    expect(stillExpiring.data.map((r) => r.id)).not.toContain(rental.id);

    const customer = await makeCustomer(t, owner, gymId);
    const body = {
      lockerId: target.id,
      memberId: customer.id,
      startDate: '2026-03-06',
      endDate: '2026-04-05',
    };
    const refused = await rent(body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().reason).toBe('lockerTaken');
    expect((await getRental(rental.id)).status).toBe('ACTIVE');
    await rentalAction(rental.id, 'end', { keyReturned: true, depositRefunded: 0 });
    expect((await rent(body)).statusCode).toBe(201);
  });

  it('counts the 7th day as EXPIRING and the 8th as IN_USE on the map', async () => {
    const soon = await rentFresh({ endDate: '2026-03-08' });
    const later = await rentFresh({ endDate: '2026-03-09' });
    const map = await mapOf();
    expect(map.lockers.find((l) => l.id === soon.locker.id)?.state).toBe('EXPIRING');
    expect(map.lockers.find((l) => l.id === later.locker.id)?.state).toBe('IN_USE');
  });
});

describe('reminders', () => {
  const remindersOf = (rentalId: number) =>
    t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.topic, 'locker'), sql`(${outbox.payload}->>'rentalId')::int = ${rentalId}`))
      .orderBy(outbox.id);

  it('enqueues one text 7 days and one 1 day before the end, once each', async () => {
    const { customer, locker: target, rental } = await rentFresh({ endDate: '2026-03-09' });
    await enqueueLockerReminders(t.db, t.clock.now());
    await enqueueLockerReminders(t.db, t.clock.now());
    const week = await remindersOf(rental.id);
    expect(week).toHaveLength(1);
    expect(week[0]!.payload).toMatchObject({
      gymId,
      to: customer.phone.replace(/\D/g, ''),
      memberId: customer.id,
      kind: 'lockerReminder',
      daysLeft: 7,
      lockerLabel: target.label,
      endDate: '2026-03-09',
      dedupeKey: `locker-reminder:${rental.id}:7`,
    });
    // Signed with the facility's name, not the platform's.
    const [facility] = await t.db.select({ name: gym.name }).from(gym).where(eq(gym.id, gymId));
    expect((week[0]!.payload as { text: { ko: string } }).text.ko.startsWith(`[${facility!.name}] `)).toBe(
      true,
    );
    for (const day of ['2026-03-03', '2026-03-05', '2026-03-07']) {
      setNow(t, `${day}T00:00:00Z`);
      await enqueueLockerReminders(t.db, t.clock.now());
    }
    expect(await remindersOf(rental.id)).toHaveLength(1);
    setNow(t, '2026-03-08T03:00:00Z');
    await enqueueLockerReminders(t.db, t.clock.now());
    setNow(t, '2026-03-08T14:00:00Z'); // 23:00 KST, the same day
    await enqueueLockerReminders(t.db, t.clock.now());
    const all = await remindersOf(rental.id);
    expect(all.map((r) => (r.payload as { daysLeft: number }).daysLeft)).toEqual([7, 1]);
    // The day after the end, and after it ended: nothing more.
    setNow(t, '2026-03-10T00:00:00Z');
    await enqueueLockerReminders(t.db, t.clock.now());
    expect(await remindersOf(rental.id)).toHaveLength(2);
  });

  it("follows the facility's reminder days, and sends none for an ended rental", async () => {
    const { rental } = await rentFresh({ endDate: '2026-03-05' });
    const ended = await rentFresh({ endDate: '2026-03-05' });
    await rentalAction(ended.rental.id, 'end', { keyReturned: true, depositRefunded: 0 });
    await t.db
      .insert(entrySetting)
      .values({ gymId, lockerReminderDays: [3] })
      .onConflictDoUpdate({ target: entrySetting.gymId, set: { lockerReminderDays: [3] } });
    try {
      await enqueueLockerReminders(t.db, t.clock.now());
      expect((await remindersOf(rental.id)).map((r) => (r.payload as { daysLeft: number }).daysLeft)).toEqual(
        [3],
      );
      expect(await remindersOf(ended.rental.id)).toEqual([]);
    } finally {
      await t.db
        .update(entrySetting)
        .set({ lockerReminderDays: [7, 1] })
        .where(eq(entrySetting.gymId, gymId));
    }
  });
});

describe('gating', () => {
  it('answers 403 lockerAddOnRequired without an approved LOCKER add-on', async () => {
    const map = await send('GET', `/web/locker/map/${noAddOn.gymId}`, undefined, noAddOn.owner);
    expect(map.statusCode).toBe(403);
    expect(map.json().reason).toBe('lockerAddOnRequired');
    const room = await send('POST', '/web/locker/room', { gymId: noAddOn.gymId, name: '룸' }, noAddOn.owner);
    expect(room.statusCode).toBe(403);
    expect(room.json().reason).toBe('lockerAddOnRequired');
    const list = await send('GET', `/web/locker/rental/list/${noAddOn.gymId}`, undefined, noAddOn.owner);
    expect(list.json().reason).toBe('lockerAddOnRequired');
  });

  it('lets read-only staff read the map and the rentals, but not rent or change the layout', async () => {
    const { rental, locker: rented } = await rentFresh();
    expect((await send('GET', `/web/locker/map/${gymId}`, undefined, readOnly)).statusCode).toBe(200);
    expect(
      (await send('GET', `/web/locker/rental/${rental.id}?gymId=${gymId}`, undefined, readOnly)).statusCode,
    ).toBe(200);
    const customer = await makeCustomer(t, owner, gymId);
    const target = await freeLocker();
    const before = await rows();
    expect((await rent({ lockerId: target.id, memberId: customer.id }, readOnly)).statusCode).toBe(403);
    expect((await send('POST', '/web/locker/room', { gymId, name: '룸' }, readOnly)).statusCode).toBe(403);
    expect(
      (await send('PUT', `/web/locker/${rented.id}?gymId=${gymId}`, { broken: true }, readOnly)).statusCode,
    ).toBe(403);
    expect(
      (
        await send(
          'POST',
          `/web/locker/rental/${rental.id}/end?gymId=${gymId}`,
          { keyReturned: true, depositRefunded: 0 },
          readOnly,
        )
      ).statusCode,
    ).toBe(403);
    expect(await rows()).toEqual(before);
  });

  it("answers 404 for another facility's rental", async () => {
    const customer = await makeCustomer(t, other.owner, other.gymId);
    const response = await send(
      'POST',
      '/web/locker/rental',
      {
        gymId: other.gymId,
        lockerId: other.lockerId,
        memberId: customer.id,
        startDate: '2026-03-02',
        endDate: '2026-03-31',
        fee: 0,
      },
      other.owner,
    );
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().data.rental.id;
    expect((await send('GET', `/web/locker/rental/${id}?gymId=${gymId}`)).statusCode).toBe(404);
    expect((await rentalAction(id, 'end', { keyReturned: true, depositRefunded: 0 })).statusCode).toBe(404);
    expect((await send('GET', `/web/locker/rental/${id}?gymId=${other.gymId}`)).statusCode).toBe(404);
  });
});
