import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_KIOSK_HEADER } from '#domain/api/entry.ts';
import { allFlags, type GymRight } from '#domain/permissions.ts';
import { gymAuthMember, gymMember, member } from '#server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeCustomer, makeTicket, sellOk, setNow, uniqueMobile } from '../fixtures/customers.ts';
import { makeSignedIn, uniqueUserId } from '../fixtures/factories.ts';
import { approveAddOn, type Cookies, makeActiveGym, OPERATOR_ACCOUNT, operatorOf } from '../fixtures/gyms.ts';

// The isolation matrix of the people (docs/architecture.md#tests, docs/rules.md#people, issue 26): every route
// outside the accounts' and the staff links' own modules that takes a person's id (a customer, a trainer, a
// staff member: in the path, the query or the body) is tried with the ids of facility A's people by two callers
// who must reach none of them:
// - a fresh representative, who just joined and runs a new facility of their own (C);
// - another facility's (B's) staff member holding every flag.
// Each caller passes their own facility and their own records, so the only thing wrong is the person. The people
// are A's customer, A's trainer, A's representative, the operator and an account with no facility; and every
// case runs twice: before, and after the caller's facility sent each of them an invitation (a WAIT link with
// `invitedAt`), which must count for nothing. A refusal is 404 (or the route's documented field error), carries no
// name nor phone of the person, and changes no row; a list filtered by the person is refused or empty.
//
// A new route is one line in ROUTES; the rule is docs/rules.md#people.

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type PersonKind = 'customer' | 'trainer' | 'representative' | 'operator' | 'unlinked';
type Person = {
  kind: PersonKind;
  id: number;
  name: string;
  phone: string;
  userId?: string;
  password?: string;
};

/** A facility's own records, which a caller names beside the person. */
type Kit = {
  gymId: number;
  ownerId: number;
  ticketId: number;
  customerId: number;
  passId: number;
  lessonId: number;
  lockerId: number;
  consultId: number;
  setId: number;
  kiosk: string;
};
type Caller = { label: string; cookies: Cookies; represent: boolean; kit: Kit };

/**
 * What a refusal looks like: 404; a 400 naming the field; or, for a list filtered by the person, 404 or an empty
 * answer (nothing of anyone else's to show).
 */
type Refusal = 404 | { field: string } | 'emptyOrNotFound' | { status: 403; reason: string };

type Call = {
  method: Method;
  url: string;
  payload?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** A CSV answer: only the leak check applies to its body. */
  csv?: true;
};

type Route = {
  /** Method and path as the OpenAPI document names them. */
  route: string;
  /** The field that holds the person's id. */
  field: string;
  refusal: Refusal;
  /** The representative's routes: B's staff (every flag but representYn) get 403 before the person is read. */
  right?: Extract<GymRight, 'represent'>;
  /** Only these people (a route that takes a sign-in, not an id, needs one). */
  people?: PersonKind[];
  call: (k: Kit, p: Person) => Call;
};

const get = (url: string, csv?: true): Call => ({ method: 'GET', url, ...(csv ? { csv } : {}) });
const post = (url: string, payload: Record<string, unknown> = {}): Call => ({ method: 'POST', url, payload });
const put = (url: string, payload: Record<string, unknown>): Call => ({ method: 'PUT', url, payload });

const ROUTES: Route[] = [
  // ---- customers (server/modules/customer)
  {
    route: 'GET /web/member/customer/{id}',
    field: 'id',
    refusal: 404,
    call: (k, p) => get(`/web/member/customer/${p.id}?gymId=${k.gymId}`),
  },
  {
    route: 'PUT /web/member/customer/{id}',
    field: 'id',
    refusal: 404,
    call: (k, p) => put(`/web/member/customer/${p.id}?gymId=${k.gymId}`, { memo: '메모' }),
  },
  {
    route: 'GET /web/member/customer/{id}/memos',
    field: 'id',
    refusal: 404,
    call: (k, p) => get(`/web/member/customer/${p.id}/memos?gymId=${k.gymId}`),
  },
  {
    route: 'POST /web/member/customer/{id}/memos',
    field: 'id',
    refusal: 404,
    call: (k, p) => post(`/web/member/customer/${p.id}/memos?gymId=${k.gymId}`, { content: '메모' }),
  },
  {
    route: 'GET /web/member/customer/{id}/usage',
    field: 'id',
    refusal: 404,
    call: (k, p) => get(`/web/member/customer/${p.id}/usage?gymId=${k.gymId}`),
  },
  {
    route: 'GET /web/member/ticket-issue-list/{id}',
    field: 'id',
    refusal: 404,
    call: (k, p) => get(`/web/member/ticket-issue-list/${p.id}?gymId=${k.gymId}`),
  },
  {
    route: 'POST /web/member/stop/{memberId}',
    field: 'memberId',
    refusal: 404,
    call: (k, p) =>
      post(`/web/member/stop/${p.id}`, { gymId: k.gymId, startDate: '2026-12-01', endDate: '2026-12-07' }),
  },
  {
    route: 'DELETE /web/member/{id}',
    field: 'id',
    refusal: 404,
    call: (k, p) => ({ method: 'DELETE', url: `/web/member/${p.id}?gymId=${k.gymId}` }),
  },
  {
    route: 'DELETE /web/member/delete-all/{id}',
    field: 'id',
    refusal: 404,
    right: 'represent',
    call: (k, p) => ({
      method: 'DELETE',
      url: `/web/member/delete-all/${p.id}?gymId=${k.gymId}`,
      payload: { confirmName: p.name },
    }),
  },
  {
    route: 'GET /web/member/customer-export',
    field: 'ids',
    refusal: 'emptyOrNotFound',
    call: (k, p) => get(`/web/member/customer-export?gymId=${k.gymId}&ids=${p.id}`, true),
  },
  ...['total-list', 'active-list', 'stop-list', 'will-inactive-list', 'inactive-list'].map(
    (list): Route => ({
      route: `GET /web/member/${list}`,
      field: 'trainerMemberId',
      refusal: 'emptyOrNotFound',
      call: (k, p) => get(`/web/member/${list}?gymId=${k.gymId}&trainerMemberId=${p.id}`),
    }),
  ),
  {
    route: 'POST /web/member/customer',
    field: 'trainerMemberId',
    refusal: { field: 'trainerMemberId' },
    call: (k, p) =>
      post(`/web/member/customer?gymId=${k.gymId}`, {
        name: '새 고객',
        phone: uniqueMobile(),
        trainerMemberId: p.id,
      }),
  },
  {
    route: 'PUT /web/member/customer/{id}',
    field: 'trainerMemberId',
    refusal: { field: 'trainerMemberId' },
    call: (k, p) => put(`/web/member/customer/${k.customerId}?gymId=${k.gymId}`, { trainerMemberId: p.id }),
  },

  // ---- check-in (server/modules/entry)
  {
    route: 'POST /web/entry/manual/{gymId}',
    field: 'memberId',
    refusal: 404,
    call: (k, p) => post(`/web/entry/manual/${k.gymId}`, { memberId: p.id }),
  },
  {
    route: 'GET /web/entry/list/{gymId}',
    field: 'memberId',
    refusal: 'emptyOrNotFound',
    call: (k, p) => get(`/web/entry/list/${k.gymId}?memberId=${p.id}`),
  },
  {
    route: 'GET /web/entry/export/{gymId}',
    field: 'memberId',
    refusal: 'emptyOrNotFound',
    call: (k, p) => get(`/web/entry/export/${k.gymId}?memberId=${p.id}`, true),
  },
  {
    route: 'GET /web/member/qr/{id}',
    field: 'id',
    refusal: 404,
    call: (k, p) => get(`/web/member/qr/${p.id}?gymId=${k.gymId}`),
  },
  {
    route: 'POST /web/member/qr/{id}/reissue',
    field: 'id',
    refusal: 404,
    call: (k, p) => post(`/web/member/qr/${p.id}/reissue?gymId=${k.gymId}`),
  },
  {
    route: 'POST /web/member/qr/{id}/send',
    field: 'id',
    refusal: 404,
    call: (k, p) => post(`/web/member/qr/${p.id}/send`, { gymId: k.gymId }),
  },
  {
    // The kiosk takes a sign-in, not an id: someone else's staff cannot close this facility's kiosk.
    route: 'POST /web/entry/kiosk/exit',
    field: 'userId',
    refusal: { status: 403, reason: 'entryExitForbidden' },
    people: ['trainer', 'representative', 'unlinked'],
    call: (k, p) => ({
      method: 'POST',
      url: '/web/entry/kiosk/exit',
      headers: { [ENTRY_KIOSK_HEADER]: k.kiosk },
      payload: { userId: p.userId, password: p.password },
    }),
  },

  // ---- the schedule (server/modules/schedule)
  {
    route: 'POST /web/lesson',
    field: 'trainerMemberId',
    refusal: { field: 'trainerMemberId' },
    call: (k, p) =>
      post('/web/lesson', {
        gymId: k.gymId,
        title: '남의 강사',
        lessonType: 'PT',
        capacity: 1,
        date: '2026-11-28',
        startTime: '10:00',
        endTime: '11:00',
        trainerMemberId: p.id,
      }),
  },
  {
    route: 'PUT /web/lesson/{id}',
    field: 'trainerMemberId',
    refusal: { field: 'trainerMemberId' },
    call: (k, p) => put(`/web/lesson/${k.lessonId}`, { trainerMemberId: p.id }),
  },
  {
    route: 'GET /web/lesson/list/{gymId}',
    field: 'trainerMemberId',
    refusal: 'emptyOrNotFound',
    call: (k, p) => get(`/web/lesson/list/${k.gymId}?from=2026-11-22&to=2026-11-28&trainerMemberId=${p.id}`),
  },
  {
    route: 'POST /web/reservation',
    field: 'memberId',
    refusal: 404,
    call: (k, p) => post('/web/reservation', { lessonId: k.lessonId, memberId: p.id }),
  },
  ...['memberId', 'trainerMemberId'].map(
    (field): Route => ({
      route: 'GET /web/reservation/list/{gymId}',
      field,
      refusal: 'emptyOrNotFound',
      call: (k, p) => get(`/web/reservation/list/${k.gymId}?${field}=${p.id}`),
    }),
  ),
  {
    route: 'POST /web/booking-link',
    field: 'memberId',
    refusal: 404,
    call: (k, p) => post('/web/booking-link', { gymId: k.gymId, memberId: p.id }),
  },
  {
    route: 'POST /web/trainer',
    field: 'memberId',
    refusal: { field: 'memberId' },
    call: (k, p) => post('/web/trainer', { gymId: k.gymId, memberId: p.id }),
  },

  // ---- passes (server/modules/pass)
  {
    route: 'POST /web/ticket-issue/sell',
    field: 'memberId',
    refusal: 404,
    call: (k, p) =>
      post('/web/ticket-issue/sell', {
        gymId: k.gymId,
        memberId: p.id,
        ticketId: k.ticketId,
        startDate: '2026-11-25',
      }),
  },
  {
    route: 'POST /web/ticket-issue/sell',
    field: 'soldByMemberId',
    refusal: 404,
    call: (k, p) =>
      post('/web/ticket-issue/sell', {
        gymId: k.gymId,
        memberId: k.customerId,
        ticketId: k.ticketId,
        startDate: '2026-11-25',
        soldByMemberId: p.id,
      }),
  },
  {
    route: 'POST /web/ticket-issue/{id}/transfer',
    field: 'toMemberId',
    refusal: 404,
    call: (k, p) => post(`/web/ticket-issue/${k.passId}/transfer`, { toMemberId: p.id }),
  },
  {
    route: 'GET /web/ticket-issue/list/{gymId}',
    field: 'memberId',
    refusal: 'emptyOrNotFound',
    call: (k, p) => get(`/web/ticket-issue/list/${k.gymId}?memberId=${p.id}`),
  },

  // ---- the desk and the ledger (server/modules/sales), receipts
  {
    route: 'POST /web/sales/checkout',
    field: 'memberId',
    refusal: 404,
    call: (k, p) =>
      post('/web/sales/checkout', {
        gymId: k.gymId,
        memberId: p.id,
        items: [{ type: 'PASS', ticketId: k.ticketId, startDate: '2026-11-25' }],
      }),
  },
  {
    route: 'POST /web/sales/checkout',
    field: 'soldByMemberId',
    refusal: 404,
    call: (k, p) =>
      post('/web/sales/checkout', {
        gymId: k.gymId,
        memberId: k.customerId,
        items: [{ type: 'PASS', ticketId: k.ticketId, startDate: '2026-11-25' }],
        soldByMemberId: p.id,
      }),
  },
  {
    route: 'GET /web/sales/desk/{gymId}/promotion-usage',
    field: 'memberId',
    refusal: 404,
    call: (k, p) => get(`/web/sales/desk/${k.gymId}/promotion-usage?memberId=${p.id}`),
  },
  ...(
    [
      ['GET /web/pay/history', '/web/pay/history'],
      ['GET /web/pay/history/export.csv', '/web/pay/history/export.csv'],
      ['GET /web/sales', '/web/sales'],
      ['GET /web/sales/export.csv', '/web/sales/export.csv'],
    ] as const
  ).flatMap(([route, path]) =>
    ['memberId', 'staffId'].map(
      (field): Route => ({
        route,
        field,
        refusal: 404,
        call: (k, p) => get(`${path}?gymId=${k.gymId}&${field}=${p.id}`),
      }),
    ),
  ),
  {
    route: 'GET /web/receipt/tax-invoice/candidates',
    field: 'memberId',
    refusal: 404,
    call: (k, p) => get(`/web/receipt/tax-invoice/candidates?gymId=${k.gymId}&memberId=${p.id}`),
  },

  // ---- lockers (server/modules/locker)
  {
    route: 'POST /web/locker/rental',
    field: 'memberId',
    refusal: 404,
    call: (k, p) =>
      post('/web/locker/rental', {
        gymId: k.gymId,
        lockerId: k.lockerId,
        memberId: p.id,
        startDate: '2026-11-25',
        endDate: '2026-12-24',
        fee: 30_000,
      }),
  },
  {
    route: 'GET /web/locker/rental/list/{gymId}',
    field: 'memberId',
    refusal: 'emptyOrNotFound',
    call: (k, p) => get(`/web/locker/rental/list/${k.gymId}?memberId=${p.id}`),
  },

  // ---- consulting (server/modules/consult)
  {
    route: 'POST /web/consult/{id}/finish',
    field: 'customerId',
    refusal: { field: 'customerId' },
    call: (k, p) => post(`/web/consult/${k.consultId}/finish`, { outcome: 'REGISTERED', customerId: p.id }),
  },
  {
    route: 'POST /web/consult/{id}/finish',
    field: 'staffMemberId',
    refusal: { field: 'staffMemberId' },
    call: (k, p) =>
      post(`/web/consult/${k.consultId}/finish`, {
        outcome: 'FOLLOW_UP',
        followUpDate: '2026-12-01',
        staffMemberId: p.id,
      }),
  },
  {
    route: 'GET /web/consult/list/{gymId}',
    field: 'staffMemberId',
    refusal: 'emptyOrNotFound',
    call: (k, p) => get(`/web/consult/list/${k.gymId}?staffMemberId=${p.id}`),
  },
  {
    route: 'GET /web/consult',
    field: 'staffMemberId',
    refusal: 'emptyOrNotFound',
    call: (k, p) => get(`/web/consult?gymId=${k.gymId}&staffMemberId=${p.id}`),
  },

  // ---- permission-set assignments (the resource engine: server/modules/gym-auth)
  {
    route: 'POST /web/gym-auth-member',
    field: 'memberId',
    refusal: 404,
    right: 'represent',
    call: (k, p) => post('/web/gym-auth-member', { gymAuthId: k.setId, memberId: p.id }),
  },
  {
    route: 'GET /web/gym-auth-member',
    field: 'memberId',
    refusal: 'emptyOrNotFound',
    right: 'represent',
    call: (k, p) => get(`/web/gym-auth-member?gymId=${k.gymId}&memberId=${p.id}`),
  },
];

let t: TestApp;
const people = {} as Record<PersonKind, Person>;
const callers: Caller[] = [];
/** Wednesday 2026-11-25, 09:00 KST. */
const BASE = '2026-11-25T00:00:00Z';

const must = async (cookies: Cookies, method: Method, url: string, payload?: Record<string, unknown>) => {
  const response = await t.app.inject({ method, url, cookies, ...(payload ? { payload } : {}) });
  if (response.statusCode >= 300)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return jsonOf(response).data;
};

/** A facility's own records: a product, a customer with a pass, a lesson, a free locker, a consult, a set. */
const kitOf = async (gymId: number, owner: { cookies: Cookies; member: { id: number } }): Promise<Kit> => {
  for (const type of ['ENTER', 'LOCKER', 'CONSULT'] as const) await approveAddOn(t, gymId, type);
  const cookies = owner.cookies;
  const ticketId = (await makeTicket(t, cookies, gymId, { sessionCount: 10 })).id;
  const customerId = (await makeCustomer(t, cookies, gymId, { name: '자기 고객' })).id;
  const pass = await sellOk(t, cookies, { gymId, memberId: customerId, ticketId, startDate: '2026-11-25' });
  const [lessonId] = (
    await must(cookies, 'POST', '/web/lesson', {
      gymId,
      title: '자기 수업',
      lessonType: 'GROUP',
      capacity: 10,
      date: '2026-11-27',
      startTime: '19:00',
      endTime: '20:00',
    })
  ).ids as number[];
  const room = await must(cookies, 'POST', '/web/locker/room', { gymId, name: '자기 룸' });
  await must(cookies, 'POST', '/web/locker/bank', {
    gymId,
    roomId: room.id,
    name: '자기 뱅크',
    rows: 1,
    cols: 2,
    startNumber: 1,
    prefix: 'P-',
  });
  const map = await must(cookies, 'GET', `/web/locker/map/${gymId}`);
  const consult = await must(cookies, 'POST', '/web/consult', {
    gymId,
    name: '자기 상담',
    phone: uniqueMobile(),
  });
  const set = await must(cookies, 'POST', '/web/gym-auth', { gymId, name: `set ${uniqueUserId('s')}` });
  const kiosk = await must(cookies, 'POST', `/web/entry-kiosk/${gymId}`);
  return {
    gymId,
    ownerId: owner.member.id,
    ticketId,
    customerId,
    passId: pass.id,
    lessonId: lessonId!,
    lockerId: (map.lockers as { id: number }[])[0]!.id,
    consultId: consult.id,
    setId: set.id,
    kiosk: kiosk.token,
  };
};

/** A worker who joined and was approved with this set: the ACTIVE link and its assignment, as approval leaves them. */
const hire = async (gymId: number, memberId: number, gymAuthId: number) => {
  await t.db.insert(gymMember).values({ gymId, memberId, status: 'ACTIVE', workerYn: true, gymAuthId });
  await t.db.insert(gymAuthMember).values({ gymId, memberId, gymAuthId });
};

const personOf = async (kind: PersonKind, id: number, login?: { userId: string; password: string }) => {
  const [row] = await t.db
    .select({ name: member.name, phone: member.phone })
    .from(member)
    .where(eq(member.id, id));
  people[kind] = { kind, id, name: row!.name, phone: row!.phone, ...login };
};

beforeAll(async () => {
  t = await createTestApp({ config: { session: { idleMs: 86_400_000, absoluteMs: 86_400_000 } } });
  setNow(t, BASE);
  await operatorOf(t);
  const distinct = (prefix: string) => ({ name: `${prefix}${uniqueUserId('')}`, phone: uniqueMobile() });

  // Facility A and its people.
  const ownerA = await makeSignedIn(t.app, { authCode: 'ADMIN', ...distinct('대표자') });
  const a = await makeActiveGym(t, { owner: ownerA });
  const A = a.gym.id;
  const trainer = await makeSignedIn(t.app, { authCode: 'MEMBER', ...distinct('강사') });
  const set = await must(ownerA.cookies, 'POST', '/web/gym-auth', {
    gymId: A,
    name: 'A 강사',
    memberUseYn: true,
  });
  await hire(A, trainer.member.id, set.id);
  await must(ownerA.cookies, 'POST', '/web/trainer', { gymId: A, memberId: trainer.member.id });
  const customer = await makeCustomer(t, ownerA.cookies, A, distinct('고객'));
  const unlinked = await makeSignedIn(t.app, { authCode: 'MEMBER', ...distinct('무소속') });
  const [operatorRow] = await t.db
    .select({ id: member.id })
    .from(member)
    .where(eq(member.userId, OPERATOR_ACCOUNT.userId));

  await personOf('customer', customer.id);
  await personOf('trainer', trainer.member.id, trainer);
  await personOf('representative', ownerA.member.id, ownerA);
  await personOf('operator', operatorRow!.id, OPERATOR_ACCOUNT);
  await personOf('unlinked', unlinked.member.id, unlinked);
  // The customer is in A's records: a lesson booked, a locker, a sale by the trainer, a consult they became.
  const kitA = await kitOf(A, ownerA);
  const pass = await sellOk(t, ownerA.cookies, {
    gymId: A,
    memberId: customer.id,
    ticketId: kitA.ticketId,
    startDate: '2026-11-25',
    soldByMemberId: trainer.member.id,
  });
  expect(pass.memberId).toBe(customer.id);
  await must(ownerA.cookies, 'POST', '/web/reservation', { lessonId: kitA.lessonId, memberId: customer.id });

  // The membership QR's signing key is made on its first use: made now, so that no case below makes it.
  await must(ownerA.cookies, 'GET', `/web/member/qr/${customer.id}?gymId=${A}`);

  // The fresh representative: joined now, with a facility of their own and nothing else.
  const fresh = await makeSignedIn(t.app, { authCode: 'ADMIN' });
  const c = await makeActiveGym(t, { owner: fresh });
  callers.push({
    label: 'a fresh representative',
    cookies: fresh.cookies,
    represent: true,
    kit: await kitOf(c.gym.id, fresh),
  });
  // Another facility's staff member with every flag.
  const b = await makeActiveGym(t);
  const staffB = await makeSignedIn(t.app, { authCode: 'MEMBER' });
  const setB = await must(b.owner.cookies, 'POST', '/web/gym-auth', {
    gymId: b.gym.id,
    name: 'B 전체',
    ...allFlags(true),
  });
  await hire(b.gym.id, staffB.member.id, setB.id);
  callers.push({
    label: "another facility's staff",
    cookies: staffB.cookies,
    represent: false,
    kit: await kitOf(b.gym.id, b.owner),
  });
}, 180_000);
afterAll(() => t?.close());

/** One checksum per table over every row (as JSON, less the session's touch time), in one statement. */
const checksum = async () => {
  const tables = (
    (await t.db.execute(
      sql`select tablename from pg_tables where schemaname = 'public' and tablename not like '__drizzle%' order by 1`,
    )) as unknown as { rows: { tablename: string }[] }
  ).rows.map((r) => r.tablename);
  const parts = tables.map(
    (name) =>
      `select '${name}' as t, md5(coalesce(string_agg((to_jsonb(x) - 'last_seen_at')::text, ',' order by (to_jsonb(x) - 'last_seen_at')::text), '')) as sum from "${name}" x`,
  );
  const result = (await t.db.execute(sql.raw(parts.join(' union all ')))) as unknown as {
    rows: { t: string; sum: string }[];
  };
  return Object.fromEntries(result.rows.map((r) => [r.t, r.sum]));
};

/** The person's name and phone (as stored, and as digits) must appear nowhere in the answer. */
const expectNoLeak = (response: LightMyRequestResponse, p: Person, what: string) => {
  const body = response.body;
  const digits = p.phone.replace(/\D/g, '');
  expect.soft(body.includes(p.name), `${what}: the answer names ${p.name}`).toBe(false);
  expect.soft(body.includes(p.phone), `${what}: the answer holds ${p.phone}`).toBe(false);
  expect.soft(body.replace(/\D/g, ' ').includes(digits), `${what}: the answer holds ${digits}`).toBe(false);
};

const jsonOf = (response: LightMyRequestResponse) => {
  try {
    return response.json();
  } catch {
    return {};
  }
};

const expectRefused = (response: LightMyRequestResponse, route: Route, call: Call, what: string) => {
  const refusal = route.refusal;
  if (refusal === 404) {
    expect.soft(response.statusCode, `${what}: ${response.body}`).toBe(404);
    expect.soft(jsonOf(response).code, what).toBe('NOT_FOUND');
  } else if (refusal === 'emptyOrNotFound') {
    if (response.statusCode === 404) return;
    expect.soft(response.statusCode, `${what}: ${response.body}`).toBe(200);
    if (call.csv) return;
    const data = jsonOf(response).data;
    const rows = Array.isArray(data) ? data : (data?.records ?? data?.data ?? data?.items ?? []);
    expect.soft(rows, `${what}: ${response.body}`).toEqual([]);
  } else if ('field' in refusal) {
    expect.soft(response.statusCode, `${what}: ${response.body}`).toBe(400);
    expect
      .soft(Object.keys(jsonOf(response).errors ?? {}), `${what}: ${response.body}`)
      .toContain(refusal.field);
  } else {
    expect.soft(response.statusCode, `${what}: ${response.body}`).toBe(refusal.status);
    expect.soft(jsonOf(response).reason, `${what}: ${response.body}`).toBe(refusal.reason);
  }
};

/** Every route, every person, for one caller; a checksum of every table around each route's calls. */
const walk = async (caller: Caller) => {
  for (const route of ROUTES) {
    const before = await checksum();
    for (const kind of route.people ?? (Object.keys(people) as PersonKind[])) {
      const p = people[kind];
      const call = route.call(caller.kit, p);
      const what = `${route.route} (${route.field}) as ${caller.label}, with ${kind} ${p.id}`;
      const response = await t.app.inject({
        method: call.method,
        url: call.url,
        ...(call.headers ? { headers: call.headers } : { cookies: caller.cookies }),
        ...(call.payload ? { payload: call.payload } : {}),
      });
      if (route.right === 'represent' && !caller.represent && route.refusal !== 'emptyOrNotFound') {
        expect.soft(response.statusCode, `${what}: ${response.body}`).toBe(403);
      } else if (route.right === 'represent' && !caller.represent && response.statusCode === 403) {
        // A list the representative's: staff are refused, or see none of it.
      } else {
        expectRefused(response, route, call, what);
      }
      expectNoLeak(response, p, what);
    }
    const after = await checksum();
    // Every export of personal data is audited (docs/rules.md#audit), an empty one too.
    const audited = route.refusal === 'emptyOrNotFound' && route.call(caller.kit, people.customer).csv;
    const changed = Object.keys(before).filter(
      (table) => before[table] !== after[table] && !(audited && table === 'audit_log'),
    );
    expect.soft(changed, `${route.route} (${route.field}) as ${caller.label} changed rows`).toEqual([]);
  }
};

/** An invitation from the caller's facility to each person, as `invite-member` leaves it (not accepted). */
const inviteEveryone = async (caller: Caller) => {
  for (const p of Object.values(people))
    await t.db
      .insert(gymMember)
      .values({
        gymId: caller.kit.gymId,
        memberId: p.id,
        status: 'WAIT',
        workerYn: true,
        invitedAt: new Date(BASE),
        invitedBy: caller.kit.ownerId,
      })
      .onConflictDoNothing();
};

describe("people: no route reaches another facility's person", () => {
  it('lists every route of the table once per field', () => {
    const keys = ROUTES.map((r) => `${r.route} ${r.field}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  for (const index of [0, 1]) {
    it(`refuses every route to ${index === 0 ? 'a fresh representative' : "another facility's staff"}`, async () => {
      await walk(callers[index]!);
    }, 300_000);
  }

  for (const index of [0, 1]) {
    it(`still refuses them after ${index === 0 ? 'the fresh representative' : "the staff member's facility"} invited everyone`, async () => {
      await inviteEveryone(callers[index]!);
      await walk(callers[index]!);
    }, 300_000);
  }
});
