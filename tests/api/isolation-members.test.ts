import { beforeAll, describe, expect, it } from 'vitest';
import { allFlags, type GymRight } from '#domain/permissions.ts';
import { ticketResource } from '#domain/resources/ticket.ts';
import { recordsOf } from '../fixtures/api.ts';
import type { TestApp } from '../fixtures/app.ts';
import { makeCustomer, makeTicket, sellOk, setNow, uniqueMobile } from '../fixtures/customers.ts';
import { approveAddOn, type Cookies, makeStaff } from '../fixtures/gyms.ts';
import {
  auditLength,
  describeMatrix,
  itCoversTheDocument,
  type MatrixEndpoint,
  setupIsolationWorld,
} from '../fixtures/isolation.ts';

// The isolation matrix of the members-and-passes, schedule and check-in endpoints (docs/architecture.md#tests): every one against no
// session (401), another facility's owner (404), a worker without the flag (403), the operator (403: a facility's
// customers are its own) and the callers who may (the flag alone, the owner). A refusal changes no row: the
// facility's audit chain, where every write of these modules leaves a row, keeps its length.

type Right = Extract<
  GymRight,
  | 'memberUseYn'
  | 'memberSettingYn'
  | 'payHistoryUseYn'
  | 'payHistorySettingYn'
  | 'financeUseYn'
  | 'represent'
  | 'staff'
>;

let t: TestApp;
let A: number;
let ownerA: Cookies;
const only = {} as Record<Exclude<Right, 'staff'>, Cookies>;
const allBut = {} as Record<Exclude<Right, 'staff'>, Cookies>;
let sharedCustomer = 0;
let sharedPass = 0;
let sharedTicket = 0;
let sharedLesson = 0;
let sharedReservation = 0;
let sharedTrainer = 0;
/** Wednesday 2026-11-25, 09:00 KST: the schedule's rows book lessons later that day. */
const BASE = '2026-11-25T00:00:00Z';

// Sessions (a day long) that outlive the hours the attendance row moves the clock across.
const world = setupIsolationWorld({
  now: BASE,
  flags: ['memberUseYn', 'memberSettingYn', 'payHistoryUseYn', 'payHistorySettingYn', 'financeUseYn'],
  // Another trainer's pay is the finance right's, read with the member right (docs/rules.md#trainer-pay).
  grant: { financeUseYn: { memberUseYn: true } },
});

beforeAll(async () => {
  const a = world().a;
  ({ t, A, ownerA } = world());
  Object.assign(only, world().only);
  Object.assign(allBut, world().allBut);
  only.represent = ownerA;
  allBut.represent = (await makeStaff(t.app, a.owner, A, allFlags(true))).cookies;
  // Check-in needs the ENTER add-on (docs/rules.md#check-in).
  await approveAddOn(t, A, 'ENTER');
  sharedTicket = (await makeTicket(t, ownerA, A, { sessionCount: 30, transferFee: 10_000 })).id;
  sharedCustomer = (await makeCustomer(t, ownerA, A)).id;
  sharedPass = (await sellPass(sharedCustomer)).id;
  sharedLesson = await makeLesson({ capacity: 500, date: '2026-11-27' });
  sharedReservation = await bookFresh(sharedLesson);
  const coach = await makeStaff(t.app, a.owner, A, {});
  sharedTrainer = (
    await t.app.inject({
      method: 'POST',
      url: '/web/trainer',
      cookies: ownerA,
      payload: { gymId: A, memberId: coach.member.id },
    })
  ).json().data.id;
}, 120_000);

const sellPass = (memberId: number, payments: { method: string; amount: number }[] = []) =>
  sellOk(t, ownerA, { gymId: A, memberId, ticketId: sharedTicket, startDate: '2026-11-25', payments });

/** A fresh customer of A with a pass, for a case that changes something. */
const freshPass = async () => {
  const customer = await makeCustomer(t, ownerA, A);
  return { customer, pass: await sellPass(customer.id) };
};

/** A lesson of A (a Seoul day and times), by the owner. */
const makeLesson = async (body: Record<string, unknown> = {}) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/web/lesson',
    cookies: ownerA,
    payload: {
      gymId: A,
      title: '격리 수업',
      lessonType: 'GROUP',
      capacity: 10,
      date: '2026-11-26',
      startTime: '19:00',
      endTime: '20:00',
      ...body,
    },
  });
  if (response.statusCode !== 201) throw new Error(`lesson: ${response.body}`);
  return response.json().data.ids[0] as number;
};

/** A fresh customer with a pass, booked on the lesson by the owner: the reservation's id. */
const bookFresh = async (lessonId: number) => {
  const { customer } = await freshPass();
  const response = await t.app.inject({
    method: 'POST',
    url: '/web/reservation',
    cookies: ownerA,
    payload: { lessonId, memberId: customer.id },
  });
  if (response.statusCode !== 201) throw new Error(`booking: ${response.body}`);
  return response.json().data.id as number;
};

/**
 * `right` is the flag the case "without" lacks; `also`, flags the endpoint needs besides (docs/rules.md#permissions:
 * money moves need a money right on top of the member right). "with" holds exactly `right` and `also`, and each
 * flag of `also` gets its own "without" case.
 */
type Endpoint = MatrixEndpoint<Right> & { also?: Exclude<Right, 'staff' | 'represent'>[] };

const read = (path: string, url: () => string): Endpoint => ({
  method: 'GET',
  path,
  right: 'memberUseYn',
  ok: 200,
  target: async () => ({ url: url() }),
});

const ENDPOINTS: Endpoint[] = [
  ...[
    'total-list',
    'active-list',
    'stop-list',
    'will-inactive-list',
    'inactive-list',
    'segment-counts',
    'customer-export',
  ].map((name) => read(`/web/member/${name}`, () => `/web/member/${name}?gymId=${A}`)),
  read('/web/member/customer-lookup', () => `/web/member/customer-lookup?gymId=${A}&phone=01012345678`),
  read('/web/member/customer/{id}', () => `/web/member/customer/${sharedCustomer}?gymId=${A}`),
  read('/web/member/customer/{id}/memos', () => `/web/member/customer/${sharedCustomer}/memos?gymId=${A}`),
  read(
    '/web/member/customer/{id}/consent',
    () => `/web/member/customer/${sharedCustomer}/consent?gymId=${A}`,
  ),
  read('/web/member/customer/{id}/usage', () => `/web/member/customer/${sharedCustomer}/usage?gymId=${A}`),
  read(
    '/web/member/ticket-issue-list/{id}',
    () => `/web/member/ticket-issue-list/${sharedCustomer}?gymId=${A}`,
  ),
  read('/web/ticket-issue/list/{gymId}', () => `/web/ticket-issue/list/${A}`),
  read('/web/ticket-issue/{id}', () => `/web/ticket-issue/${sharedPass}`),
  {
    ...read(
      '/web/ticket-issue/{id}/refund-preview',
      () => `/web/ticket-issue/${sharedPass}/refund-preview?fault=MEMBER`,
    ),
    right: 'payHistoryUseYn',
    also: ['memberUseYn'],
  },
  read('/web/ticket/{id}', () => `/web/ticket/${sharedTicket}`),
  {
    method: 'POST',
    path: '/web/member/customer',
    right: 'memberSettingYn',
    ok: 201,
    target: async () => ({
      url: `/web/member/customer?gymId=${A}`,
      payload: { name: '격리', phone: uniqueMobile() },
    }),
  },
  {
    method: 'PUT',
    path: '/web/member/customer/{id}',
    right: 'memberSettingYn',
    ok: 200,
    target: async () => ({
      url: `/web/member/customer/${sharedCustomer}?gymId=${A}`,
      payload: { memo: '메모' },
    }),
  },
  {
    method: 'PUT',
    path: '/web/member/customer/{id}/consent',
    right: 'memberSettingYn',
    ok: 200,
    target: async () => ({
      url: `/web/member/customer/${sharedCustomer}/consent?gymId=${A}`,
      payload: { source: 'DESK', consents: { SMS: true } },
    }),
  },
  {
    method: 'POST',
    path: '/web/member/customer/{id}/memos',
    right: 'memberSettingYn',
    ok: 201,
    target: async () => ({
      url: `/web/member/customer/${sharedCustomer}/memos?gymId=${A}`,
      payload: { content: '상담 메모' },
    }),
  },
  {
    method: 'POST',
    path: '/web/member/batch-create',
    right: 'memberSettingYn',
    ok: 200,
    target: async () => ({
      url: `/web/member/batch-create?gymId=${A}`,
      payload: { rows: [{ name: '가져옴', phone: uniqueMobile() }] },
    }),
  },
  {
    method: 'POST',
    path: '/web/member/stop/{memberId}',
    right: 'memberSettingYn',
    ok: 200,
    target: async () => {
      const { customer } = await freshPass();
      return {
        url: `/web/member/stop/${customer.id}`,
        payload: { gymId: A, startDate: '2026-12-01', endDate: '2026-12-07' },
      };
    },
  },
  {
    method: 'DELETE',
    path: '/web/member/{id}',
    right: 'memberSettingYn',
    ok: 200,
    target: async () => ({ url: `/web/member/${(await makeCustomer(t, ownerA, A)).id}?gymId=${A}` }),
  },
  {
    method: 'DELETE',
    path: '/web/member/delete-all/{id}',
    right: 'represent',
    ok: 200,
    target: async () => {
      const customer = await makeCustomer(t, ownerA, A, { name: '파기' });
      return { url: `/web/member/delete-all/${customer.id}?gymId=${A}`, payload: { confirmName: '파기' } };
    },
  },
  {
    method: 'GET',
    path: '/web/ticket-issue/promotions/{gymId}',
    right: 'payHistorySettingYn',
    also: ['memberSettingYn'],
    ok: 200,
    target: async () => ({ url: `/web/ticket-issue/promotions/${A}?memberId=${sharedCustomer}` }),
  },
  {
    method: 'POST',
    path: '/web/ticket-issue/sell',
    right: 'payHistorySettingYn',
    also: ['memberSettingYn'],
    ok: 201,
    target: async () => ({
      url: '/web/ticket-issue/sell',
      payload: { gymId: A, memberId: sharedCustomer, ticketId: sharedTicket, startDate: '2026-11-25' },
    }),
  },
  ...(
    [
      ['hold', async () => ({ startDate: '2026-12-01', endDate: '2026-12-03' })],
      [
        'end-hold',
        async (id: number) => {
          await t.app.inject({
            method: 'POST',
            url: `/web/ticket-issue/${id}/hold`,
            cookies: ownerA,
            payload: { startDate: '2026-12-01', endDate: '2026-12-03' },
          });
          return {};
        },
      ],
      ['transfer', async () => ({ toMemberId: (await makeCustomer(t, ownerA, A)).id })],
      ['adjust', async () => ({ sessions: 1, note: '수동 차감' })],
      [
        'refund',
        async (id: number) => {
          // docs/rules.md#refunds: a refund is above 0, so the pass has something paid to give back.
          await t.app.inject({
            method: 'POST',
            url: `/web/ticket-issue/${id}/collect`,
            cookies: ownerA,
            payload: { payments: [{ method: 'CARD', amount: 10_000 }] },
          });
          return { fault: 'MEMBER', method: 'CARD', amount: 1 };
        },
      ],
    ] as const
  ).map(
    ([name, body]): Endpoint => ({
      method: 'POST',
      path: `/web/ticket-issue/{id}/${name}`,
      // A transfer takes its fee, a refund gives money back (docs/rules.md#permissions).
      ...(name === 'transfer'
        ? { right: 'payHistorySettingYn' as const, also: ['memberSettingYn' as const] }
        : name === 'refund'
          ? { right: 'financeUseYn' as const, also: ['memberSettingYn' as const] }
          : { right: 'memberSettingYn' as const }),
      ok: 200,
      target: async () => {
        const { pass } = await freshPass();
        return { url: `/web/ticket-issue/${pass.id}/${name}`, payload: await body(pass.id) };
      },
    }),
  ),
  {
    method: 'POST',
    path: '/web/ticket-issue/{id}/collect',
    right: 'payHistorySettingYn',
    also: ['memberSettingYn'],
    ok: 200,
    target: async () => {
      const customer = await makeCustomer(t, ownerA, A);
      const pass = await sellOk(t, ownerA, {
        gymId: A,
        memberId: customer.id,
        ticketId: sharedTicket,
        startDate: '2026-11-25',
        price: 600_000,
        priceReason: '할인',
      });
      return {
        url: `/web/ticket-issue/${pass.id}/collect`,
        payload: { payments: [{ method: 'CASH', amount: 1000 }] },
      };
    },
  },
  {
    method: 'POST',
    path: '/web/ticket',
    right: 'memberSettingYn',
    ok: 201,
    target: async () => ({
      url: '/web/ticket',
      payload: { gymId: A, name: 'PT 10회', sessionCount: 10, originPrice: 500_000, salePrice: 500_000 },
    }),
  },
  {
    method: 'PUT',
    path: '/web/ticket/{id}',
    right: 'memberSettingYn',
    ok: 200,
    target: async () => ({ url: `/web/ticket/${sharedTicket}`, payload: { color: '#722ed1' } }),
  },
  {
    method: 'DELETE',
    path: '/web/ticket/{id}',
    right: 'memberSettingYn',
    ok: 204,
    target: async () => ({ url: `/web/ticket/${(await makeTicket(t, ownerA, A)).id}` }),
  },

  // ---- the schedule (issue 13)
  read('/web/booking-setting/{gymId}', () => `/web/booking-setting/${A}`),
  read('/web/lesson/list/{gymId}', () => `/web/lesson/list/${A}?from=2026-11-22&to=2026-11-28`),
  read('/web/lesson/{id}', () => `/web/lesson/${sharedLesson}`),
  read('/web/reservation/list/{gymId}', () => `/web/reservation/list/${A}`),
  read('/web/reservation/{id}', () => `/web/reservation/${sharedReservation}`),
  read('/web/trainer/list/{gymId}', () => `/web/trainer/list/${A}`),
  read('/web/trainer/{id}', () => `/web/trainer/${sharedTrainer}`),
  {
    ...read('/web/trainer/{id}/pay', () => `/web/trainer/${sharedTrainer}/pay?month=2026-11`),
    right: 'financeUseYn',
  },
  {
    method: 'PUT',
    path: '/web/booking-setting/{gymId}',
    right: 'represent',
    ok: 200,
    target: async () => ({ url: `/web/booking-setting/${A}`, payload: { freeCancelHours: 3 } }),
  },
  {
    method: 'POST',
    path: '/web/lesson',
    right: 'memberSettingYn',
    ok: 201,
    target: async () => ({
      url: '/web/lesson',
      payload: {
        gymId: A,
        title: '요가',
        lessonType: 'GROUP',
        capacity: 8,
        date: '2026-11-28',
        startTime: '10:00',
        endTime: '11:00',
      },
    }),
  },
  {
    method: 'PUT',
    path: '/web/lesson/{id}',
    right: 'memberSettingYn',
    ok: 200,
    target: async () => ({ url: `/web/lesson/${sharedLesson}`, payload: { room: 'GX룸' } }),
  },
  {
    method: 'POST',
    path: '/web/lesson/{id}/cancel',
    right: 'memberSettingYn',
    ok: 200,
    target: async () => ({ url: `/web/lesson/${await makeLesson()}/cancel`, payload: { reason: '휴강' } }),
  },
  {
    method: 'POST',
    path: '/web/reservation',
    right: 'memberSettingYn',
    ok: 201,
    target: async () => {
      const { customer } = await freshPass();
      return { url: '/web/reservation', payload: { lessonId: sharedLesson, memberId: customer.id } };
    },
  },
  {
    method: 'POST',
    path: '/web/reservation/{id}/cancel',
    right: 'memberSettingYn',
    ok: 200,
    target: async () => ({ url: `/web/reservation/${await bookFresh(sharedLesson)}/cancel`, payload: {} }),
  },
  {
    method: 'POST',
    path: '/web/reservation/{id}/attendance',
    right: 'memberSettingYn',
    ok: 200,
    target: async () => {
      // Booked at 09:00 for 11:00; marked at 11:30.
      const id = await bookFresh(
        await makeLesson({ date: '2026-11-25', startTime: '11:00', endTime: '12:00' }),
      );
      setNow(t, '2026-11-25T02:30:00Z');
      return { url: `/web/reservation/${id}/attendance`, payload: { mark: 'ATTENDED' } };
    },
  },
  {
    method: 'POST',
    path: '/web/trainer',
    // A profile carries the pay rule: payroll (docs/rules.md#trainer-pay).
    right: 'financeUseYn',
    also: ['memberSettingYn'],
    ok: 201,
    target: async () => {
      const coach = await makeStaff(t.app, { cookies: ownerA }, A, {});
      return { url: '/web/trainer', payload: { gymId: A, memberId: coach.member.id, payRate: 30_000 } };
    },
  },
  {
    method: 'PUT',
    path: '/web/trainer/{id}',
    right: 'financeUseYn',
    also: ['memberSettingYn'],
    ok: 200,
    target: async () => ({ url: `/web/trainer/${sharedTrainer}`, payload: { specialties: ['필라테스'] } }),
  },
  {
    method: 'POST',
    path: '/web/booking-link',
    right: 'memberSettingYn',
    ok: 201,
    target: async () => ({ url: '/web/booking-link', payload: { gymId: A, memberId: sharedCustomer } }),
  },

  // ---- check-in (issue 14); the kiosk's own calls take its token, not a session (tests/api/entry.test.ts)
  read('/web/entry/list/{gymId}', () => `/web/entry/list/${A}`),
  read('/web/entry/stats/{gymId}', () => `/web/entry/stats/${A}`),
  read('/web/entry/export/{gymId}', () => `/web/entry/export/${A}`),
  read('/web/member/qr/{id}', () => `/web/member/qr/${sharedCustomer}?gymId=${A}`),
  {
    method: 'GET',
    path: '/web/entry-setting/{gymId}',
    right: 'staff',
    ok: 200,
    target: async () => ({ url: `/web/entry-setting/${A}` }),
  },
  {
    method: 'PUT',
    path: '/web/entry-setting/{gymId}',
    right: 'represent',
    ok: 200,
    target: async () => ({ url: `/web/entry-setting/${A}`, payload: { blockUnpaid: false } }),
  },
  {
    method: 'POST',
    path: '/web/entry-kiosk/{gymId}',
    right: 'memberSettingYn',
    ok: 201,
    target: async () => ({ url: `/web/entry-kiosk/${A}` }),
  },
  {
    method: 'POST',
    path: '/web/entry/manual/{gymId}',
    right: 'memberSettingYn',
    ok: 200,
    target: async () => ({ url: `/web/entry/manual/${A}`, payload: { memberId: sharedCustomer } }),
  },
  {
    method: 'POST',
    path: '/web/member/qr/{id}/reissue',
    right: 'memberSettingYn',
    ok: 200,
    target: async () => ({ url: `/web/member/qr/${sharedCustomer}/reissue?gymId=${A}` }),
  },
  {
    method: 'POST',
    path: '/web/member/qr/{id}/send',
    right: 'memberSettingYn',
    ok: 204,
    target: async () => ({ url: `/web/member/qr/${sharedCustomer}/send`, payload: { gymId: A } }),
  },
];

/** `staff`: any staff member holds it, so nobody of A is "without" it; a worker with memberUseYn alone has it. */
/** Staff holding exactly some flags, made once per combination. */
const holders = new Map<string, Promise<Cookies>>();
const holderOf = (flags: string[]) => {
  const key = [...flags].sort().join('+');
  if (!holders.has(key))
    holders.set(
      key,
      (async () =>
        (await makeStaff(t.app, { cookies: ownerA }, A, Object.fromEntries(flags.map((f) => [f, true]))))
          .cookies)(),
    );
  return holders.get(key)!;
};

const flagOf = (right: Right) => (right === 'staff' ? 'memberUseYn' : right);

/** The endpoints this file must cover, as the OpenAPI document lists them. */
const inScope = (method: string, path: string) =>
  /^\/web\/(ticket|ticket-issue|lesson|reservation|trainer|booking-setting|booking-link)(\/|$)/.test(path) ||
  /^\/web\/(entry-kiosk|entry-setting|member\/qr)\//.test(path) ||
  /^\/web\/entry\/(list|stats|export|manual)\//.test(path) ||
  /^\/web\/member\/(total-list|active-list|stop-list|will-inactive-list|inactive-list|segment-counts|customer|batch-create|stop|delete-all|ticket-issue-list)/.test(
    path,
  ) ||
  (method === 'DELETE' && path === '/web/member/{id}');

describe('the members isolation matrix', () => {
  itCoversTheDocument(
    'covers every members-and-passes, schedule and check-in endpoint of the OpenAPI document',
    {
      t: () => t,
      endpoints: ENDPOINTS,
      inScope,
      // The generic list of products is scoped by the caller's facilities: it is tested below on its own.
      besides: ['GET /web/ticket'],
    },
  );

  describeMatrix({
    world,
    endpoints: ENDPOINTS,
    withRight: (endpoint) =>
      endpoint.also?.length
        ? holderOf([flagOf(endpoint.right), ...endpoint.also])
        : only[flagOf(endpoint.right)],
    without: (right) => allBut[flagOf(right)],
    unchanged: () => auditLength(t, A),
    skip: (who, endpoint) =>
      (endpoint.right === 'represent' && who === 'with') || (endpoint.right === 'staff' && who === 'without'),
  });

  it('lists products only to the facilities where the caller holds memberUseYn', async () => {
    const ids = async (cookies: Cookies) => {
      const response = await t.app.inject({ method: 'GET', url: '/web/ticket?_end=100', cookies });
      return response.statusCode === 200
        ? recordsOf(ticketResource, response).map((r) => r.id)
        : response.statusCode;
    };
    expect(await ids(ownerA)).toContain(sharedTicket);
    expect(await ids(only.memberUseYn)).toContain(sharedTicket);
    expect(await ids(world().ownerB)).not.toContain(sharedTicket);
    expect(await ids(allBut.memberUseYn)).not.toContain(sharedTicket);
    expect((await t.app.inject({ method: 'GET', url: '/web/ticket' })).statusCode).toBe(401);
  });
});
