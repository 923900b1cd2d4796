import { and, count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { kioskCreateRoute } from '#domain/api/consult.ts';
import {
  kioskStaffCustomerRoute,
  kioskStaffOpenRoute,
  kioskStaffPromotionsRoute,
} from '#domain/api/consult-kiosk.ts';
import type { PermissionFlag } from '#domain/permissions.ts';
import {
  auditLog,
  checkout,
  consult,
  consultEvent,
  consultKiosk,
  gymAuth,
  gymMember,
  member,
  paymentLine,
  promotion,
  promotionTarget,
  sale,
  ticketIssue,
} from '#server/db/schema/index.ts';
import { dataOf } from '../fixtures/api.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeTicket, setNow, uniqueMobile } from '../fixtures/customers.ts';
import { makeSignedIn } from '../fixtures/factories.ts';
import { approveAddOn, type Cookies, makeActiveGym, OPERATOR_ACCOUNT, operatorOf } from '../fixtures/gyms.ts';

// The consulting tablet runs on its own token (docs/rules.md#consulting, issue 26): with what the tablet page holds
// it reaches the walk-in steps and nothing else; its staff steps need a staff member's sign-in id and password at
// the tablet, act with that staff member's rights in the tablet's facility and in their name, and are refused with
// a clear error and no row changed otherwise; a closed or expired tablet reaches nothing.

let t: TestApp;
const LONG = 10 * 365 * 86_400_000;
const NOW = '2026-03-02T00:00:00Z'; // 09:00 KST
beforeAll(async () => {
  t = await createTestApp({ config: { session: { idleMs: LONG, absoluteMs: LONG } } });
  setNow(t, NOW);
});
afterAll(() => t?.close());
afterEach(() => setNow(t, NOW));

const KIOSK = 'x-kiosk-token';
const STAFF = 'x-kiosk-staff';

type Send = { cookies?: Cookies; payload?: unknown; headers?: Record<string, string> };
const send = (method: string, url: string, options: Send = {}) =>
  t.app.inject({
    method: method as 'GET',
    url,
    ...(options.cookies ? { cookies: options.cookies } : {}),
    ...(options.payload !== undefined ? { payload: options.payload as Record<string, unknown> } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  });
const expectRefusal = (response: LightMyRequestResponse, status: number, reason: string) => {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().reason, response.body).toBe(reason);
  // The envelope carries the message in the caller's language (Korean by default).
  expect(response.json().message).toMatch(/\S/);
};

type Facility = { owner: Cookies; ownerId: number; gymId: number; ticketId: number };

/** An ACTIVE facility with its CONSULT add-on approved and one period product on sale. */
const facility = async (): Promise<Facility> => {
  const made = await makeActiveGym(t);
  await approveAddOn(t, made.gym.id, 'CONSULT');
  const ticket = await makeTicket(t, made.owner.cookies, made.gym.id);
  return {
    owner: made.owner.cookies,
    ownerId: made.owner.member.id,
    gymId: made.gym.id,
    ticketId: ticket.id,
  };
};

type Staff = { memberId: number; userId: string; password: string; cookies: Cookies; gymAuthId: number };

/** A worker linked ACTIVE to the facility with a permission set of exactly these flags (the link written directly). */
const staffOf = async (f: Facility, flags: Partial<Record<PermissionFlag, boolean>>): Promise<Staff> => {
  const [set] = await t.db
    .insert(gymAuth)
    .values({ gymId: f.gymId, name: `set ${Math.random().toString(36).slice(2, 8)}`, ...flags })
    .returning();
  const worker = await makeSignedIn(t.app, { authCode: 'MEMBER' });
  await t.db.insert(gymMember).values({
    gymId: f.gymId,
    memberId: worker.member.id,
    status: 'ACTIVE',
    workerYn: true,
    gymAuthId: set!.id,
  });
  return {
    memberId: worker.member.id,
    userId: worker.userId,
    password: worker.password,
    cookies: worker.cookies,
    gymAuthId: set!.id,
  };
};
/** A front desk's rights: consultations, customers, and selling (docs/rules.md#permissions: a sale takes money). */
const FULL = {
  consultUseYn: true,
  consultSettingYn: true,
  memberUseYn: true,
  memberSettingYn: true,
  payHistoryUseYn: true,
  payHistorySettingYn: true,
};

const openTablet = async (f: Facility) => {
  const response = await send('POST', `/web/consult/kiosk/${f.gymId}`, { cookies: f.owner });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.token as string;
};

const validAnswers = () => ({
  goals: ['WEIGHT_LOSS'],
  level: 'BEGINNER',
  height: 175,
  weight: 70,
  ...Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`parq${i + 1}`, false])),
});

/** A walk-in through the tablet's own calls: its info, then its answers. */
const walkIn = async (token: string, name = '김상담') => {
  const info = await send('GET', '/web/kiosk/consult', { headers: { [KIOSK]: token } });
  expect(info.statusCode, info.body).toBe(200);
  const made = await send('POST', '/web/kiosk/consult', {
    headers: { [KIOSK]: token },
    payload: {
      surveyId: info.json().data.survey.id,
      name,
      phone: uniqueMobile(),
      answers: validAnswers(),
      consents: { personal: true, health: true, marketing: false, night: false },
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  return dataOf(kioskCreateRoute, made);
};

const signInAt = (token: string, userId: string, password: string) =>
  send('POST', '/web/kiosk/consult-staff', { headers: { [KIOSK]: token }, payload: { userId, password } });

/** A staff window at the tablet: the headers its staff steps carry. */
const windowOf = async (token: string, who: { userId: string; password: string }) => {
  const response = await signInAt(token, who.userId, who.password);
  expect(response.statusCode, response.body).toBe(201);
  const data = dataOf(kioskStaffOpenRoute, response);
  return { headers: { [KIOSK]: token, [STAFF]: data.staffToken }, data };
};

const finishBody = (customerId: number | null = null) => ({
  outcome: customerId ? 'REGISTERED' : 'LOST',
  ...(customerId ? { customerId } : { lostReason: 'PRICE' }),
});
const sellBody = (f: Facility) => ({
  ticketId: f.ticketId,
  startDate: '2026-03-02',
  payments: [{ method: 'CARD', amount: 600_000 }],
});

/** Every row a staff step could write, counted per facility, and the consult and tablet rows themselves. */
const snapshot = async (f: Facility, consultId: number, token?: string) => {
  const n = async (rows: Promise<{ n: number }[]>) => (await rows)[0]!.n;
  const counted = { n: count() };
  const [row] = await t.db.select().from(consult).where(eq(consult.id, consultId));
  const kiosks = await t.db
    .select({
      closedAt: consultKiosk.closedAt,
      staffMemberId: consultKiosk.staffMemberId,
      staffUntil: consultKiosk.staffUntil,
    })
    .from(consultKiosk)
    .where(eq(consultKiosk.gymId, f.gymId));
  return {
    token,
    consult: row,
    events: await n(t.db.select(counted).from(consultEvent).where(eq(consultEvent.consultId, consultId))),
    customers: await n(t.db.select(counted).from(member).where(eq(member.ownerGymId, f.gymId))),
    passes: await n(t.db.select(counted).from(ticketIssue).where(eq(ticketIssue.gymId, f.gymId))),
    sales: await n(t.db.select(counted).from(sale).where(eq(sale.gymId, f.gymId))),
    lines: await n(t.db.select(counted).from(paymentLine).where(eq(paymentLine.gymId, f.gymId))),
    checkouts: await n(t.db.select(counted).from(checkout).where(eq(checkout.gymId, f.gymId))),
    audit: await n(t.db.select(counted).from(auditLog).where(eq(auditLog.gymId, f.gymId))),
    kiosks,
  };
};

describe('what the tablet page holds: its token, and nothing else', () => {
  let f: Facility;
  let token: string;
  let walk: { id: number; token: string };
  let customerId: number;
  beforeAll(async () => {
    f = await facility();
    token = await openTablet(f);
    walk = await walkIn(token);
    const customer = await send('POST', `/web/member/customer?gymId=${f.gymId}`, {
      cookies: f.owner,
      payload: { name: '기존회원', phone: uniqueMobile() },
    });
    expect(customer.statusCode, customer.body).toBe(201);
    customerId = customer.json().data.id;
  });

  it('does the walk-in steps: the facility, the survey, a consult, its queue number and its result', async () => {
    const status = await send('GET', `/web/kiosk/consult/${walk.token}`, { headers: { [KIOSK]: token } });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json().data).toMatchObject({ id: walk.id, status: 'WAIT', queueNumber: 1 });
  });

  it('cannot reach the staff wrap-up, the consult list, customers or money, even with valid requests', async () => {
    const headers = { [KIOSK]: token };
    const before = await snapshot(f, walk.id);
    const calls: [string, string, unknown?][] = [
      ['GET', `/web/consult/list/${f.gymId}?_start=0&_end=10`],
      ['GET', `/web/consult/waiting/${f.gymId}`],
      ['GET', `/web/consult/${walk.id}/detail`],
      ['POST', `/web/consult/${walk.id}/call`],
      ['POST', `/web/consult/${walk.id}/customer`],
      ['POST', `/web/consult/${walk.id}/finish`, finishBody()],
      ['PUT', `/web/consult/${walk.id}/stage`, { stage: 'LOST' }],
      ['GET', `/web/consult/pipeline/${f.gymId}`],
      ['GET', `/web/member/total-list?gymId=${f.gymId}`],
      ['GET', `/web/member/customer/${customerId}?gymId=${f.gymId}`],
      ['POST', `/web/member/customer?gymId=${f.gymId}`, { name: '새회원', phone: uniqueMobile() }],
      ['POST', '/web/ticket-issue/sell', { ...sellBody(f), gymId: f.gymId, memberId: customerId }],
      [
        'POST',
        '/web/sales/checkout',
        {
          gymId: f.gymId,
          memberId: customerId,
          items: [{ kind: 'PASS', ticketId: f.ticketId, startDate: '2026-03-02' }],
          payments: [{ method: 'CASH', amount: 600_000 }],
        },
      ],
      ['GET', `/web/gym/${f.gymId}`],
      ['GET', '/web/member/validate'],
    ];
    for (const [method, url, payload] of calls) {
      const response = await send(method, url, { headers, payload });
      expect([400, 401], `${method} ${url}: ${response.body}`).toContain(response.statusCode);
      if (payload === undefined || url.includes('/consult/')) expect(response.statusCode, url).toBe(401);
    }
    // The staff steps of the tablet itself want a staff window first.
    for (const [method, url, payload] of [
      ['GET', `/web/kiosk/consult-staff/${walk.id}`],
      ['POST', `/web/kiosk/consult-staff/${walk.id}/call`],
      ['POST', `/web/kiosk/consult-staff/${walk.id}/customer`],
      ['POST', `/web/kiosk/consult-staff/${walk.id}/finish`, finishBody()],
      ['POST', `/web/kiosk/consult-staff/${walk.id}/sell`, sellBody(f)],
    ] as [string, string, unknown?][]) {
      expectRefusal(await send(method, url, { headers, payload }), 401, 'kioskStaffRequired');
    }
    expect(await snapshot(f, walk.id)).toEqual(before);
  });

  it('reaches no /web route of the OpenAPI document but its own walk-in steps', async () => {
    const doc = (await send('GET', '/web/docs/json')).json() as {
      paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
    };
    const before = await snapshot(f, walk.id);
    const values: Record<string, string | number> = {
      gymId: f.gymId,
      id: walk.id,
      memberId: customerId,
      token: walk.token,
    };
    const walkInSteps = new Set([
      'GET /web/kiosk/consult',
      'POST /web/kiosk/consult',
      'GET /web/kiosk/consult/{token}',
      // Staff sign-in, ending a staff window and closing the tablet: each wants a staff password or ends access.
      'POST /web/kiosk/consult-staff',
      'DELETE /web/kiosk/consult-staff',
      'POST /web/kiosk/consult/close',
    ]);
    let tried = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const key = `${method.toUpperCase()} ${path}`;
        // Open to anyone, tablet or not (sign-in, join, the public pages...): not the tablet's to reach or not.
        if (operation.security?.length === 0) continue;
        if (walkInSteps.has(key)) continue;
        const url = path.replace(/\{(\w+)\}/g, (_m, name: string) => String(values[name] ?? 1));
        const response = await send(method.toUpperCase(), url, {
          headers: { [KIOSK]: token },
          ...(method === 'get' || method === 'delete' ? {} : { payload: {} }),
        });
        tried++;
        // Refused before it does anything: no session (401), or input refused before any handler runs (400,
        // 413, 415). Never a success, never a server error.
        // A route switched off by configuration (the metrics without METRICS_TOKEN) answers as if it did not exist.
        if (response.statusCode === 404) expect(response.json().reason, key).toBe('routeNotFound');
        else expect([400, 401, 413, 415], `${key}: ${response.body}`).toContain(response.statusCode);
        if (response.statusCode === 401 && key.startsWith('GET /web/kiosk/consult-staff'))
          expect(response.json().reason).toBe('kioskStaffRequired');
      }
    }
    expect(tried).toBeGreaterThan(100);
    expect(await snapshot(f, walk.id)).toEqual(before);
  });
});

describe('a staff step at the tablet', () => {
  let f: Facility;
  let token: string;
  let desk: Staff;
  beforeAll(async () => {
    f = await facility();
    token = await openTablet(f);
    desk = await staffOf(f, FULL);
  });

  it('runs in a staff window opened with valid credentials: result, customer, sale and wrap-up, in their name', async () => {
    const walk = await walkIn(token, '이등록');
    const { headers, data } = await windowOf(token, desk);
    expect(data).toMatchObject({ memberId: desk.memberId, mayWrapUp: true, maySell: true });

    const view = await send('GET', `/web/kiosk/consult-staff/${walk.id}`, { headers });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().data.consult).toMatchObject({ id: walk.id, name: '이등록', status: 'WAIT' });
    expect(view.json().data.staff).toEqual(
      expect.arrayContaining([expect.objectContaining({ memberId: desk.memberId })]),
    );
    expect(view.json().data.products).toEqual([expect.objectContaining({ id: f.ticketId })]);

    // "Staff: see the result" takes the prospect; the tablet's own status read follows.
    const called = await send('POST', `/web/kiosk/consult-staff/${walk.id}/call`, { headers });
    expect(called.statusCode, called.body).toBe(200);
    expect(called.json().data).toMatchObject({ status: 'CONSULTING', staffMemberId: desk.memberId });
    const status = await send('GET', `/web/kiosk/consult/${walk.token}`, { headers: { [KIOSK]: token } });
    expect(status.json().data.status).toBe('CONSULTING');

    // A sale before the prospect is a customer has nobody to sell to.
    const early = await send('POST', `/web/kiosk/consult-staff/${walk.id}/sell`, {
      headers,
      payload: sellBody(f),
    });
    expectRefusal(early, 409, 'kioskConsultNoCustomer');

    const converted = await send('POST', `/web/kiosk/consult-staff/${walk.id}/customer`, { headers });
    expect(converted.statusCode, converted.body).toBe(200);
    const { customerId, created } = dataOf(kioskStaffCustomerRoute, converted);
    expect(created).toBe(true);

    // The sale goes to the consult's customer and nobody else: the body names no buyer and no facility.
    const other = await send('POST', `/web/kiosk/consult-staff/${walk.id}/sell`, {
      headers,
      payload: { ...sellBody(f), memberId: desk.memberId },
    });
    expect(other.statusCode, other.body).toBe(400);
    const sold = await send('POST', `/web/kiosk/consult-staff/${walk.id}/sell`, {
      headers,
      payload: sellBody(f),
    });
    expect(sold.statusCode, sold.body).toBe(201);
    expect(sold.json().data.customerId).toBe(customerId);
    const [pass] = await t.db.select().from(ticketIssue).where(eq(ticketIssue.id, sold.json().data.issueId));
    expect(pass).toMatchObject({ gymId: f.gymId, memberId: customerId, soldByMemberId: desk.memberId });

    const finished = await send('POST', `/web/kiosk/consult-staff/${walk.id}/finish`, {
      headers,
      payload: finishBody(customerId),
    });
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json().data).toMatchObject({ outcome: 'REGISTERED', stage: 'REGISTERED', customerId });

    // Every audit row of the window names the staff member who signed in at the tablet, not the owner who opened it.
    const rows = await t.db
      .select({ action: auditLog.action, actor: auditLog.actorMemberId })
      .from(auditLog)
      .where(eq(auditLog.gymId, f.gymId));
    const ofTablet = rows.filter((r) =>
      ['consult.kiosk-staff', 'customer.create', 'pass.sell', 'consult.finish'].includes(r.action),
    );
    expect(new Set(ofTablet.map((r) => r.action))).toEqual(
      new Set(['consult.kiosk-staff', 'customer.create', 'pass.sell', 'consult.finish']),
    );
    expect(ofTablet.every((r) => r.actor === desk.memberId)).toBe(true);

    // Done: the window ends, and its token reaches nothing after.
    const end = await send('DELETE', '/web/kiosk/consult-staff', { headers: { [KIOSK]: token } });
    expect(end.statusCode, end.body).toBe(204);
    expectRefusal(
      await send('GET', `/web/kiosk/consult-staff/${walk.id}`, { headers }),
      401,
      'kioskStaffRequired',
    );
  });

  it('offers the promotions running on its products and sells with one at the promoted price (docs/rules.md#promotions)', async () => {
    const promo = async (name: string, values: Partial<typeof promotion.$inferInsert> = {}) => {
      const [row] = await t.db
        .insert(promotion)
        .values({
          gymId: f.gymId,
          name,
          kind: 'PERCENT',
          value: 10,
          startDate: '2026-03-01',
          endDate: '2026-03-31',
          perCustomerLimit: 1,
          ...values,
        })
        .returning();
      await t.db
        .insert(promotionTarget)
        .values({ promotionId: row!.id, itemType: 'PASS', itemId: f.ticketId });
      return row!;
    };
    const running = await promo('재등록 10% 할인');
    const ended = await promo('지난 할인', { startDate: '2026-02-01', endDate: '2026-03-01' });
    const walk = await walkIn(token, '박할인');
    // A front desk that may sell and take payments.
    const seller = await staffOf(f, { ...FULL, payHistoryUseYn: true, payHistorySettingYn: true });
    const { headers } = await windowOf(token, seller);

    // Before the prospect is a customer: the promotions, and no uses yet.
    const offered = async () => {
      const response = await send('GET', `/web/kiosk/consult-staff/${walk.id}/promotions`, { headers });
      expect(response.statusCode, response.body).toBe(200);
      return dataOf(kioskStaffPromotionsRoute, response);
    };
    const first = await offered();
    expect(first.promotions.map((p) => p.id)).toContain(running.id);
    expect(first.promotions.map((p) => p.id)).not.toContain(ended.id);
    expect(first.used).toEqual([]);

    const converted = await send('POST', `/web/kiosk/consult-staff/${walk.id}/customer`, { headers });
    const { customerId } = dataOf(kioskStaffCustomerRoute, converted);

    // An ended promotion is refused as the desk refuses it, and nothing is written.
    const before = await snapshot(f, walk.id);
    const refused = await send('POST', `/web/kiosk/consult-staff/${walk.id}/sell`, {
      headers,
      payload: { ...sellBody(f), promotionId: ended.id, payments: [{ method: 'CARD', amount: 540_000 }] },
    });
    expectRefusal(refused, 409, 'promotionNotActive');
    expect(await snapshot(f, walk.id)).toEqual(before);

    const sold = await send('POST', `/web/kiosk/consult-staff/${walk.id}/sell`, {
      headers,
      payload: { ...sellBody(f), promotionId: running.id, payments: [{ method: 'CARD', amount: 540_000 }] },
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const [row] = await t.db.select().from(sale).where(eq(sale.ticketIssueId, sold.json().data.issueId));
    expect(row).toMatchObject({
      memberId: customerId,
      promotionId: running.id,
      listPrice: 600_000,
      price: 540_000,
    });
    expect((await offered()).used).toEqual([{ promotionId: running.id, used: 1 }]);
  });

  it('ignores a session sent along: the window is the staff member who signed in, and none is no window', async () => {
    const walk = await walkIn(token);
    // The owner's cookie with the tablet's token opens no staff step.
    const withCookie = await send('POST', `/web/kiosk/consult-staff/${walk.id}/call`, {
      cookies: f.owner,
      headers: { [KIOSK]: token },
    });
    expectRefusal(withCookie, 401, 'kioskStaffRequired');
    // A front desk's window with the owner's cookie beside it still acts as the front desk.
    const { headers } = await windowOf(token, desk);
    const called = await send('POST', `/web/kiosk/consult-staff/${walk.id}/call`, {
      cookies: f.owner,
      headers,
    });
    expect(called.json().data.staffMemberId).toBe(desk.memberId);
  });

  it('lasts 10 minutes', async () => {
    const walk = await walkIn(token);
    const { headers } = await windowOf(token, desk);
    t.clock.advance(10 * 60_000 + 1000);
    const before = await snapshot(f, walk.id);
    const late = await send('POST', `/web/kiosk/consult-staff/${walk.id}/call`, { headers });
    expectRefusal(late, 401, 'kioskStaffRequired');
    expect(await snapshot(f, walk.id)).toEqual(before);
  });
});

describe('a staff step refused', () => {
  let f: Facility;
  let token: string;
  let walk: { id: number; token: string };
  beforeAll(async () => {
    f = await facility();
    token = await openTablet(f);
    walk = await walkIn(token);
  });

  /** Every step of a window with these headers is refused with this answer, and nothing changes. */
  const allStepsRefused = async (headers: Record<string, string>, status: number, reason: string) => {
    const before = await snapshot(f, walk.id);
    for (const [method, url, payload] of [
      ['POST', `/web/kiosk/consult-staff/${walk.id}/call`],
      ['POST', `/web/kiosk/consult-staff/${walk.id}/customer`],
      ['POST', `/web/kiosk/consult-staff/${walk.id}/sell`, sellBody(f)],
      ['POST', `/web/kiosk/consult-staff/${walk.id}/finish`, finishBody()],
    ] as [string, string, unknown?][]) {
      expectRefusal(await send(method, url, { headers, payload }), status, reason);
    }
    expect(await snapshot(f, walk.id)).toEqual(before);
  };

  it('with a wrong password or an unknown id: 401 loginFailed, no window, nothing written', async () => {
    const desk = await staffOf(f, FULL);
    const before = await snapshot(f, walk.id);
    expectRefusal(await signInAt(token, desk.userId, 'not-the-password1'), 401, 'loginFailed');
    expectRefusal(await signInAt(token, 'nobody_here_at_all', 'whatever123'), 401, 'loginFailed');
    expect(await snapshot(f, walk.id)).toEqual(before);
    await allStepsRefused({ [KIOSK]: token, [STAFF]: 'A'.repeat(32) }, 401, 'kioskStaffRequired');
  });

  it('with a staff member without the consulting right: 403 kioskStaffForbidden, no window', async () => {
    const trainer = await staffOf(f, { memberUseYn: true, memberSettingYn: true });
    const before = await snapshot(f, walk.id);
    expectRefusal(await signInAt(token, trainer.userId, trainer.password), 403, 'kioskStaffForbidden');
    expect(await snapshot(f, walk.id)).toEqual(before);
  });

  it('with a staff member who only reads consultations: a window, but every step 403 kioskStepForbidden', async () => {
    const reader = await staffOf(f, { consultUseYn: true });
    const { headers, data } = await windowOf(token, reader);
    expect(data).toMatchObject({ mayWrapUp: false, maySell: false });
    expect((await send('GET', `/web/kiosk/consult-staff/${walk.id}`, { headers })).statusCode).toBe(200);
    await allStepsRefused(headers, 403, 'kioskStepForbidden');
  });

  it('with a staff member who wraps up but may not sell: the customer and the sale 403, the call allowed', async () => {
    const consultant = await staffOf(f, { consultUseYn: true, consultSettingYn: true });
    const { headers, data } = await windowOf(token, consultant);
    expect(data).toMatchObject({ mayWrapUp: true, maySell: false });
    const before = await snapshot(f, walk.id);
    for (const [url, payload] of [
      [`/web/kiosk/consult-staff/${walk.id}/customer`, undefined],
      [`/web/kiosk/consult-staff/${walk.id}/sell`, sellBody(f)],
    ] as const) {
      expectRefusal(await send('POST', url, { headers, payload }), 403, 'kioskStepForbidden');
    }
    expect(await snapshot(f, walk.id)).toEqual(before);
    const called = await send('POST', `/web/kiosk/consult-staff/${walk.id}/call`, { headers });
    expect(called.statusCode, called.body).toBe(200);
    expect(called.json().data).toMatchObject({ status: 'CONSULTING', staffMemberId: consultant.memberId });
  });

  it('with a trainer who registers customers but may not take money: the customer allowed, the sale 403', async () => {
    const trainer = await staffOf(f, { ...FULL, payHistoryUseYn: false, payHistorySettingYn: false });
    const { headers, data } = await windowOf(token, trainer);
    expect(data).toMatchObject({ mayWrapUp: true, maySell: false });
    await send('POST', `/web/kiosk/consult-staff/${walk.id}/call`, { headers });
    const before = await snapshot(f, walk.id);
    for (const [method, url, payload] of [
      ['GET', `/web/kiosk/consult-staff/${walk.id}/promotions`, undefined],
      ['POST', `/web/kiosk/consult-staff/${walk.id}/sell`, sellBody(f)],
    ] as const) {
      expectRefusal(await send(method, url, { headers, payload }), 403, 'kioskStepForbidden');
    }
    expect(await snapshot(f, walk.id)).toEqual(before);
  });

  it('once the staff member loses the right, from the next step on', async () => {
    const desk = await staffOf(f, FULL);
    const { headers } = await windowOf(token, desk);
    // Through the API, as the owner does it: a successful write also forgets the cached rights.
    const changed = await send('PUT', `/web/gym-auth/${desk.gymAuthId}`, {
      cookies: f.owner,
      payload: { consultUseYn: false, consultSettingYn: false },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await allStepsRefused(headers, 403, 'kioskStaffForbidden');
  });

  it('with a staff member of another facility, or the operator: 403 kioskStaffForbidden, no window', async () => {
    const g = await facility();
    const outsider = await staffOf(g, FULL);
    const before = await snapshot(f, walk.id);
    expectRefusal(await signInAt(token, outsider.userId, outsider.password), 403, 'kioskStaffForbidden');
    await operatorOf(t);
    expectRefusal(
      await signInAt(token, OPERATOR_ACCOUNT.userId, OPERATOR_ACCOUNT.password),
      403,
      'kioskStaffForbidden',
    );
    expect(await snapshot(f, walk.id)).toEqual(before);
  });

  it('naming a person of another facility: the seller 404, the customer and the staff member field errors', async () => {
    const g = await facility();
    const theirs = await staffOf(g, FULL);
    const theirCustomer = await send('POST', `/web/member/customer?gymId=${g.gymId}`, {
      cookies: g.owner,
      payload: { name: '남의회원', phone: uniqueMobile() },
    });
    expect(theirCustomer.statusCode, theirCustomer.body).toBe(201);
    const desk = await staffOf(f, FULL);
    const own = await walkIn(token, '본인');
    const { headers } = await windowOf(token, desk);
    const converted = await send('POST', `/web/kiosk/consult-staff/${own.id}/customer`, { headers });
    expect(converted.statusCode, converted.body).toBe(200);
    const before = await snapshot(f, own.id);
    const gBefore = await snapshot(g, own.id);
    const sold = await send('POST', `/web/kiosk/consult-staff/${own.id}/sell`, {
      headers,
      payload: { ...sellBody(f), soldByMemberId: theirs.memberId },
    });
    expectRefusal(sold, 404, 'NOT_FOUND');
    expect(sold.body).not.toContain(theirs.userId);
    for (const [field, payload] of [
      ['customerId', { outcome: 'REGISTERED', customerId: theirCustomer.json().data.id }],
      ['staffMemberId', { outcome: 'LOST', lostReason: 'PRICE', staffMemberId: theirs.memberId }],
    ] as const) {
      const finished = await send('POST', `/web/kiosk/consult-staff/${own.id}/finish`, { headers, payload });
      expect(finished.statusCode, finished.body).toBe(400);
      expect(Object.keys(finished.json().errors)).toEqual([field]);
      expect(finished.body).not.toContain('남의회원');
    }
    expect(await snapshot(f, own.id)).toEqual(before);
    expect(await snapshot(g, own.id)).toEqual(gBefore);
  });

  it("on another facility's consult (404), or with another tablet's window (401)", async () => {
    const g = await facility();
    const gToken = await openTablet(g);
    const gWalk = await walkIn(gToken);
    const desk = await staffOf(f, FULL);
    const { headers } = await windowOf(token, desk);
    const gBefore = await snapshot(g, gWalk.id);
    const foreign = await send('POST', `/web/kiosk/consult-staff/${gWalk.id}/call`, { headers });
    expectRefusal(foreign, 404, 'NOT_FOUND');
    const view = await send('GET', `/web/kiosk/consult-staff/${gWalk.id}`, { headers });
    expectRefusal(view, 404, 'NOT_FOUND');
    // f's window on g's tablet, and on a second tablet of f: no window there.
    const gHeaders = { [KIOSK]: gToken, [STAFF]: headers[STAFF] };
    expectRefusal(
      await send('POST', `/web/kiosk/consult-staff/${gWalk.id}/call`, { headers: gHeaders }),
      401,
      'kioskStaffRequired',
    );
    const second = await openTablet(f);
    const secondHeaders = { [KIOSK]: second, [STAFF]: headers[STAFF] };
    expectRefusal(
      await send('POST', `/web/kiosk/consult-staff/${walk.id}/call`, { headers: secondHeaders }),
      401,
      'kioskStaffRequired',
    );
    expect(await snapshot(g, gWalk.id)).toEqual(gBefore);
  });
});

describe('a closed or expired tablet', () => {
  it('reaches nothing: a staff member closes it with their password; a wrong one changes nothing', async () => {
    const f = await facility();
    const token = await openTablet(f);
    const walk = await walkIn(token);
    const desk = await staffOf(f, FULL);
    const { headers } = await windowOf(token, desk);
    const close = (userId: string, password: string) =>
      send('POST', '/web/kiosk/consult/close', {
        headers: { [KIOSK]: token },
        payload: { userId, password },
      });

    expectRefusal(await close(desk.userId, 'wrong-password1'), 401, 'loginFailed');
    const trainer = await staffOf(f, { memberUseYn: true });
    expectRefusal(await close(trainer.userId, trainer.password), 403, 'kioskCloseForbidden');
    expect((await send('GET', '/web/kiosk/consult', { headers: { [KIOSK]: token } })).statusCode).toBe(200);

    expect((await close(desk.userId, desk.password)).statusCode).toBe(204);
    const [closing] = await t.db
      .select({ actor: auditLog.actorMemberId })
      .from(auditLog)
      .where(and(eq(auditLog.gymId, f.gymId), eq(auditLog.action, 'consult.kiosk-close')));
    expect(closing?.actor).toBe(desk.memberId);

    const before = await snapshot(f, walk.id);
    for (const [method, url, payload, extra] of [
      ['GET', '/web/kiosk/consult'],
      [
        'POST',
        '/web/kiosk/consult',
        { surveyId: 1, name: '박', phone: uniqueMobile(), answers: {}, consents: {} },
      ],
      ['GET', `/web/kiosk/consult/${walk.token}`],
      ['POST', '/web/kiosk/consult-staff', { userId: desk.userId, password: desk.password }],
      ['POST', `/web/kiosk/consult-staff/${walk.id}/call`, undefined, headers],
      ['POST', `/web/kiosk/consult-staff/${walk.id}/sell`, sellBody(f), headers],
      ['POST', '/web/kiosk/consult/close', { userId: desk.userId, password: desk.password }],
    ] as [string, string, unknown?, Record<string, string>?][]) {
      const response = await send(method, url, { headers: extra ?? { [KIOSK]: token }, payload });
      expectRefusal(response, 401, 'kioskTokenInvalid');
    }
    expect(await snapshot(f, walk.id)).toEqual(before);
  });

  it('after its working day, staff sign-in included', async () => {
    const f = await facility();
    const token = await openTablet(f);
    const desk = await staffOf(f, FULL);
    t.clock.advance(17 * 3_600_000);
    expectRefusal(await signInAt(token, desk.userId, desk.password), 401, 'kioskTokenInvalid');
  });
});
