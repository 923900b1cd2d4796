import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../fixtures/app.ts';
import { makeCustomer } from '../fixtures/customers.ts';
import { approveAddOn, type Cookies, makeStaff } from '../fixtures/gyms.ts';
import {
  auditLength,
  describeMatrix,
  itCoversTheDocument,
  type MatrixEndpoint,
  type Method,
  setupIsolationWorld,
} from '../fixtures/isolation.ts';

// The isolation matrix of the locker endpoints (docs/architecture.md#tests, docs/rules.md#lockers): every one
// against no session (401), another facility's owner (404, and 404 again for this facility's ids under their own
// facility), a worker without the flag (403), the operator (403) and the callers who may (the flag alone, the
// owner). Both facilities have the LOCKER add-on, so the refusals are the rights' own. A refusal changes no row:
// the facility's audit chain, where every locker write leaves a row, keeps its length.

type Right = 'memberUseYn' | 'memberSettingYn' | 'payHistorySettingYn';

let t: TestApp;
let A: number;
let B: number;
let ownerA: Cookies;
let ownerB: Cookies;
/** memberSettingYn and payHistorySettingYn: a rental is a sale (docs/rules.md#permissions). */
let seller: Cookies;
let sharedRoom = 0;
let sharedLocker = 0;
let sharedRental = 0;

const BASE = '2026-11-25T00:00:00Z';

const world = setupIsolationWorld({
  now: BASE,
  flags: ['memberUseYn', 'memberSettingYn', 'payHistorySettingYn'],
});

beforeAll(async () => {
  ({ t, A, B, ownerA, ownerB } = world());
  await approveAddOn(t, A, 'LOCKER');
  await approveAddOn(t, B, 'LOCKER');
  seller = (await makeStaff(t.app, world().a.owner, A, { memberSettingYn: true, payHistorySettingYn: true }))
    .cookies;
  sharedRoom = await makeRoom();
  sharedLocker = await freeLocker();
  sharedRental = await freshRental();
}, 120_000);

const inject = async (method: Method, url: string, payload?: Record<string, unknown>) => {
  const response = await t.app.inject({ method, url, cookies: ownerA, ...(payload ? { payload } : {}) });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.body}`);
  return response.json().data;
};

const makeRoom = async () =>
  (await inject('POST', '/web/locker/room', { gymId: A, name: '격리 룸' })).id as number;

let prefixes = 0;
const bankBody = () => ({
  gymId: A,
  roomId: sharedRoom,
  name: '격리 뱅크',
  rows: 1,
  cols: 2,
  startNumber: 1,
  prefix: `I${++prefixes}-`,
});
const makeBank = async () => (await inject('POST', '/web/locker/bank', bankBody())).id as number;

/** A free locker of a fresh bank. */
const freeLocker = async () => {
  const bankId = await makeBank();
  const map = await inject('GET', `/web/locker/map/${A}`);
  return (map.lockers as { id: number; bankId: number }[]).find((l) => l.bankId === bankId)!.id;
};

/** A fresh customer renting a fresh locker: the rental's id. */
const freshRental = async () => {
  const customer = await makeCustomer(t, ownerA, A);
  const rented = await inject('POST', '/web/locker/rental', {
    gymId: A,
    lockerId: await freeLocker(),
    memberId: customer.id,
    startDate: '2026-11-25',
    endDate: '2026-12-24',
    fee: 30_000,
    deposit: 10_000,
    payments: [{ method: 'CASH', amount: 40_000 }],
  });
  return rented.rental.id as number;
};

/** `also` is memberSettingYn or nothing: "with" is then `seller`. */
type Endpoint = MatrixEndpoint<Right>;

const ENDPOINTS: Endpoint[] = [
  {
    method: 'GET',
    path: '/web/locker/map/{gymId}',
    right: 'memberUseYn',
    ok: 200,
    target: async () => ({ url: `/web/locker/map/${A}` }),
  },
  {
    method: 'GET',
    path: '/web/locker/rental/list/{gymId}',
    right: 'memberUseYn',
    ok: 200,
    target: async () => ({ url: `/web/locker/rental/list/${A}?view=active` }),
  },
  {
    method: 'GET',
    path: '/web/locker/rental/{id}',
    right: 'memberUseYn',
    ok: 200,
    target: async () => ({ url: `/web/locker/rental/${sharedRental}?gymId=${A}` }),
    foreign: async () => ({ url: `/web/locker/rental/${sharedRental}?gymId=${B}` }),
  },
  {
    method: 'POST',
    path: '/web/locker/room',
    right: 'memberSettingYn',
    ok: 201,
    target: async () => ({ url: '/web/locker/room', payload: { gymId: A, name: '새 룸' } }),
  },
  {
    method: 'PUT',
    path: '/web/locker/room/{id}',
    right: 'memberSettingYn',
    ok: 200,
    target: async () => ({ url: `/web/locker/room/${sharedRoom}?gymId=${A}`, payload: { name: '격리 룸' } }),
    foreign: async () => ({ url: `/web/locker/room/${sharedRoom}?gymId=${B}`, payload: { name: '남의 룸' } }),
  },
  {
    method: 'DELETE',
    path: '/web/locker/room/{id}',
    right: 'memberSettingYn',
    ok: 204,
    target: async () => ({ url: `/web/locker/room/${await makeRoom()}?gymId=${A}` }),
    foreign: async () => ({ url: `/web/locker/room/${await makeRoom()}?gymId=${B}` }),
  },
  {
    method: 'POST',
    path: '/web/locker/bank',
    right: 'memberSettingYn',
    ok: 201,
    target: async () => ({ url: '/web/locker/bank', payload: bankBody() }),
    foreign: async () => ({ url: '/web/locker/bank', payload: { ...bankBody(), gymId: B } }),
  },
  {
    method: 'PUT',
    path: '/web/locker/bank/{id}',
    right: 'memberSettingYn',
    ok: 200,
    target: async () => {
      const { gymId: _gymId, ...body } = bankBody();
      return { url: `/web/locker/bank/${await makeBank()}?gymId=${A}`, payload: body };
    },
    foreign: async () => {
      const { gymId: _gymId, ...body } = bankBody();
      return { url: `/web/locker/bank/${await makeBank()}?gymId=${B}`, payload: body };
    },
  },
  {
    method: 'DELETE',
    path: '/web/locker/bank/{id}',
    right: 'memberSettingYn',
    ok: 204,
    target: async () => ({ url: `/web/locker/bank/${await makeBank()}?gymId=${A}` }),
    foreign: async () => ({ url: `/web/locker/bank/${await makeBank()}?gymId=${B}` }),
  },
  {
    method: 'PUT',
    path: '/web/locker/{id}',
    right: 'memberSettingYn',
    ok: 200,
    target: async () => ({ url: `/web/locker/${sharedLocker}?gymId=${A}`, payload: { size: 'LARGE' } }),
    foreign: async () => ({ url: `/web/locker/${sharedLocker}?gymId=${B}`, payload: { size: 'LARGE' } }),
  },
  {
    method: 'POST',
    path: '/web/locker/rental',
    right: 'payHistorySettingYn',
    also: ['memberSettingYn'],
    ok: 201,
    target: async () => {
      const customer = await makeCustomer(t, ownerA, A);
      return {
        url: '/web/locker/rental',
        payload: {
          gymId: A,
          lockerId: await freeLocker(),
          memberId: customer.id,
          startDate: '2026-11-25',
          endDate: '2026-12-24',
          fee: 30_000,
        },
      };
    },
    foreign: async () => {
      const customer = await makeCustomer(t, ownerB, B);
      return {
        url: '/web/locker/rental',
        payload: {
          gymId: B,
          lockerId: await freeLocker(),
          memberId: customer.id,
          startDate: '2026-11-25',
          endDate: '2026-12-24',
          fee: 30_000,
        },
      };
    },
  },
  ...(
    [
      ['renew', async () => ({ endDate: '2027-01-24', fee: 30_000 })],
      ['move', async () => ({ lockerId: await freeLocker() })],
      ['end', async () => ({ keyReturned: true, depositRefunded: 10_000 })],
    ] as const
  ).map(
    ([name, body]): Endpoint => ({
      method: 'POST',
      path: `/web/locker/rental/{id}/${name}`,
      // Renewing takes a fee and ending gives the deposit back: money moves.
      ...(name === 'move'
        ? { right: 'memberSettingYn' as const }
        : { right: 'payHistorySettingYn' as const, also: ['memberSettingYn' as const] }),
      ok: 200,
      target: async () => ({
        url: `/web/locker/rental/${await freshRental()}/${name}?gymId=${A}`,
        payload: await body(),
      }),
      foreign: async () => ({
        url: `/web/locker/rental/${await freshRental()}/${name}?gymId=${B}`,
        payload: await body(),
      }),
    }),
  ),
];

describe('the lockers isolation matrix', () => {
  itCoversTheDocument('covers every locker endpoint of the OpenAPI document', {
    t: () => t,
    endpoints: ENDPOINTS,
    inScope: (_method, path) => /^\/web\/locker(\/|$)/.test(path),
  });

  describeMatrix({
    world,
    endpoints: ENDPOINTS,
    withRight: (endpoint) => (endpoint.also ? seller : world().only[endpoint.right]),
    without: (right) => world().allBut[right],
    unchanged: () => auditLength(t, A),
  });

  it('lets the member right end a rental that gives no deposit back', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/web/locker/rental/${await freshRental()}/end?gymId=${A}`,
      cookies: world().only.memberSettingYn,
      payload: { keyReturned: true, depositRefunded: 0, depositKeptReason: '열쇠 분실로 보증금 차감' },
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});
