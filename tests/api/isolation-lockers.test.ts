import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allFlags } from '#domain/permissions.ts';
import { auditLog } from '#server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeCustomer, setNow } from '../fixtures/customers.ts';
import { approveAddOn, type Cookies, makeActiveGym, makeStaff, operatorOf } from '../fixtures/gyms.ts';

// The isolation matrix of the locker endpoints (docs/architecture.md#tests, docs/rules.md#lockers): every one
// against no session (401), another facility's owner (404, and 404 again for this facility's ids under their own
// facility), a worker without the flag (403), the operator (403) and the callers who may (the flag alone, the
// owner). Both facilities have the LOCKER add-on, so the refusals are the rights' own. A refusal changes no row:
// the facility's audit chain, where every locker write leaves a row, keeps its length.

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Right = 'memberUseYn' | 'memberSettingYn' | 'payHistorySettingYn';
type Who = 'anon' | 'ownerB' | 'ownerB-own' | 'without' | 'operator' | 'with' | 'ownerA';

let t: TestApp;
let A: number;
let B: number;
let ownerA: Cookies;
let ownerB: Cookies;
let operator: Cookies;
/** memberSettingYn and payHistorySettingYn: a rental is a sale (docs/rules.md#permissions). */
let seller: Cookies;
const only = {} as Record<Right, Cookies>;
const allBut = {} as Record<Right, Cookies>;
let sharedRoom = 0;
let sharedLocker = 0;
let sharedRental = 0;

const BASE = '2026-11-25T00:00:00Z';

beforeAll(async () => {
  t = await createTestApp({ config: { session: { idleMs: 86_400_000, absoluteMs: 86_400_000 } } });
  setNow(t, BASE);
  operator = await operatorOf(t);
  const a = await makeActiveGym(t);
  const b = await makeActiveGym(t);
  A = a.gym.id;
  B = b.gym.id;
  ownerA = a.owner.cookies;
  ownerB = b.owner.cookies;
  await approveAddOn(t, A, 'LOCKER');
  await approveAddOn(t, B, 'LOCKER');
  for (const flag of ['memberUseYn', 'memberSettingYn', 'payHistorySettingYn'] as const) {
    only[flag] = (await makeStaff(t.app, a.owner, A, { [flag]: true })).cookies;
    allBut[flag] = (await makeStaff(t.app, a.owner, A, { ...allFlags(true), [flag]: false })).cookies;
  }
  seller = (await makeStaff(t.app, a.owner, A, { memberSettingYn: true, payHistorySettingYn: true })).cookies;
  sharedRoom = await makeRoom();
  sharedLocker = await freeLocker();
  sharedRental = await freshRental();
}, 120_000);
beforeEach(() => setNow(t, BASE));
afterAll(() => t?.close());

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

type Target = { url: string; payload?: Record<string, unknown> };
type Endpoint = {
  method: Method;
  path: string;
  right: Right;
  /** A flag needed besides `right`: "with" is then `seller`, and it gets its own "without" case. */
  also?: 'memberSettingYn';
  ok: number;
  target: () => Promise<Target>;
  /** The same call by B's owner naming B as the facility, with A's ids: 404. */
  foreign?: () => Promise<Target>;
};

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
    also: 'memberSettingYn',
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
        : { right: 'payHistorySettingYn' as const, also: 'memberSettingYn' as const }),
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

const CASES: [Who, number | 'ok'][] = [
  ['anon', 401],
  ['ownerB', 404],
  ['ownerB-own', 404],
  ['without', 403],
  ['operator', 403],
  ['with', 'ok'],
  ['ownerA', 'ok'],
];

const cookiesOf = (who: Who, endpoint: Endpoint): Cookies | undefined =>
  ({
    anon: undefined,
    ownerB,
    'ownerB-own': ownerB,
    without: allBut[endpoint.right],
    operator,
    with: endpoint.also ? seller : only[endpoint.right],
    ownerA,
  })[who];

const auditLength = async () =>
  (await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.gymId, A)))[0]?.n ?? 0;

describe('the lockers isolation matrix', () => {
  it('covers every locker endpoint of the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/web/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths)
      .filter(([path]) => /^\/web\/locker(\/|$)/.test(path))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    expect(ENDPOINTS.map((e) => `${e.method} ${e.path}`).sort()).toEqual(documented);
  });

  for (const endpoint of ENDPOINTS)
    describe(`${endpoint.method} ${endpoint.path}`, () => {
      for (const [who, outcome] of CASES) {
        if (who === 'ownerB-own' && !endpoint.foreign) continue;
        it(`${who} → ${outcome}`, async () => {
          const target = who === 'ownerB-own' ? await endpoint.foreign!() : await endpoint.target();
          const before = await auditLength();
          const cookies = cookiesOf(who, endpoint);
          const response = await t.app.inject({
            method: endpoint.method,
            url: target.url,
            ...(cookies ? { cookies } : {}),
            ...(target.payload ? { payload: target.payload } : {}),
          });
          if (outcome === 'ok') {
            expect(response.statusCode, response.body).toBe(endpoint.ok);
            return;
          }
          expect(response.statusCode, response.body).toBe(outcome);
          if (endpoint.method !== 'GET') expect(await auditLength()).toBe(before);
        });
      }
      const also = endpoint.also;
      if (also)
        it(`without ${also} → 403`, async () => {
          const target = await endpoint.target();
          const before = await auditLength();
          const response = await t.app.inject({
            method: endpoint.method,
            url: target.url,
            cookies: allBut[also],
            ...(target.payload ? { payload: target.payload } : {}),
          });
          expect(response.statusCode, response.body).toBe(403);
          expect(await auditLength()).toBe(before);
        });
    });

  it('lets the member right end a rental that gives no deposit back', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/web/locker/rental/${await freshRental()}/end?gymId=${A}`,
      cookies: only.memberSettingYn,
      payload: { keyReturned: true, depositRefunded: 0, depositKeptReason: '열쇠 분실로 보증금 차감' },
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});
