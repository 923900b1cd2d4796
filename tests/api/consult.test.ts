import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  consultConvertRoute,
  consultGetRoute,
  consultListRoute,
  kioskCreateRoute,
  kioskInfoRoute,
  pipelineRoute,
} from '#domain/api/consult.ts';
import { notificationListRoute } from '#domain/api/notification.ts';
import { DEFAULT_SURVEY, type SurveyDefinition } from '#domain/rules/consult.ts';
import { auditLog } from '#server/db/schema/index.ts';
import { answerOf, apiClient } from '../fixtures/api.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeTicket, setNow, uniqueMobile } from '../fixtures/customers.ts';
import { approveAddOn, type Cookies, makeActiveGym, makeStaff, operatorOf } from '../fixtures/gyms.ts';

// Consulting (domain/api/consult.ts): the CONSULT add-on gate, the tablet's token and what it reaches, the
// walk-in's answers checked against their survey version, the staff's call / customer / wrap-up, health answers
// hidden from staff without the member flags, survey versions, the lead pipeline and facility isolation.

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

type Send = {
  cookies?: Cookies;
  payload?: Record<string, unknown>;
  headers?: Record<string, string>;
};
const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options: Send = {}) =>
  t.app.inject({
    method,
    url,
    ...(options.cookies ? { cookies: options.cookies } : {}),
    ...(options.payload ? { payload: options.payload } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  });
const expectStatus = (response: LightMyRequestResponse, status: number) =>
  expect(response.statusCode, response.body).toBe(status);
const api = apiClient(() => t.app);

type ConsultFacility = { owner: Cookies; ownerId: number; gymId: number; gymName: string };

/** An ACTIVE facility with its CONSULT add-on approved and one period product on sale. */
const consultFacility = async (): Promise<ConsultFacility> => {
  const made = await makeActiveGym(t);
  await approveAddOn(t, made.gym.id, 'CONSULT');
  await makeTicket(t, made.owner.cookies, made.gym.id);
  return {
    owner: made.owner.cookies,
    ownerId: made.owner.member.id,
    gymId: made.gym.id,
    gymName: made.gym.name,
  };
};

const openKiosk = async (f: ConsultFacility) => {
  const response = await send('POST', `/web/consult/kiosk/${f.gymId}`, { cookies: f.owner });
  expectStatus(response, 201);
  return response.json().data.token as string;
};

const kioskInfo = async (token: string) =>
  (await api.call(kioskInfoRoute, { headers: { [KIOSK]: token } })).data;

/** Answers that satisfy the default survey: a beginner losing weight, 175 cm and 70 kg, every PAR-Q no. */
const validAnswers = (): Record<string, unknown> => ({
  goals: ['WEIGHT_LOSS'],
  level: 'BEGINNER',
  height: 175,
  weight: 70,
  ...Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`parq${i + 1}`, false])),
});
const consents = { personal: true, health: true, marketing: false, night: false };

const kioskBody = (surveyId: number, overrides: Record<string, unknown> = {}) => ({
  surveyId,
  name: '김상담',
  phone: uniqueMobile(),
  answers: validAnswers(),
  consents,
  ...overrides,
});

const kioskCreate = (token: string, body: Record<string, unknown>) =>
  send('POST', '/web/kiosk/consult', { headers: { [KIOSK]: token }, payload: body });

const list = (f: ConsultFacility) =>
  api.call(consultListRoute, {
    params: { gymId: f.gymId },
    query: { _start: 0, _end: 100 },
    cookies: f.owner,
  });

/** A walk-in written from the tablet, and its id in the staff list. */
const walkIn = async (f: ConsultFacility, token: string, overrides: Record<string, unknown> = {}) => {
  const info = await kioskInfo(token);
  const body = kioskBody(info.survey.id, overrides);
  const response = await kioskCreate(token, body);
  expectStatus(response, 201);
  const made = answerOf(kioskCreateRoute, response).data;
  const phone = String(body.phone).replaceAll('-', '');
  // The list is newest first: with a repeated phone, the first match is the one just written.
  const row = (await list(f)).data.find(
    (c) => c.queueNumber === made.queueNumber && c.phone === phone && c.name === body.name,
  );
  if (!row) throw new Error('the walk-in is not in the staff list');
  return { kiosk: made, id: row.id, phone };
};

const detail = async (id: number, cookies: Cookies) =>
  (await api.call(consultGetRoute, { params: { id }, cookies })).data;

describe('the CONSULT add-on gate', () => {
  it('serves the list, the records and the survey builder without the add-on (docs/rules.md#access-table)', async () => {
    const made = await makeActiveGym(t);
    const owner = made.owner.cookies;
    const gymId = made.gym.id;
    const survey = { title: DEFAULT_SURVEY.title, questions: DEFAULT_SURVEY.questions };
    const calls = [
      ['GET', `/web/consult/list/${gymId}`, undefined, 200],
      ['GET', `/web/consult/survey/${gymId}`, undefined, 200],
      ['POST', `/web/consult/survey/${gymId}`, survey, 201],
      ['GET', `/web/consult/waiting/${gymId}`, undefined, 200],
    ] as const;
    for (const [method, url, payload, status] of calls) {
      const response = await send(method, url, { cookies: owner, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
    }
  });

  it('answers 403 consultAddOnRequired on the tablet flow and the CRM until the add-on is approved', async () => {
    const made = await makeActiveGym(t);
    const owner = made.owner.cookies;
    const gymId = made.gym.id;
    const calls = [
      ['GET', `/web/consult/pipeline/${gymId}`],
      ['POST', `/web/consult/kiosk/${gymId}`],
    ] as const;
    for (const [method, url] of calls) {
      const response = await send(method, url, { cookies: owner });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(403);
      expect(response.json().reason, `${method} ${url}`).toBe('consultAddOnRequired');
    }

    await approveAddOn(t, gymId, 'CONSULT');
    const expected = [200, 201];
    for (const [i, [method, url]] of calls.entries()) {
      const response = await send(method, url, { cookies: owner });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(expected[i]);
    }
  });
});

describe('the tablet token', () => {
  let f: ConsultFacility;
  let token: string;
  beforeAll(async () => {
    f = await consultFacility();
    token = await openKiosk(f);
  });

  it("opens the facility's survey and products to the tablet without a session", async () => {
    const info = await kioskInfo(token);
    expect(info.gymId).toBe(f.gymId);
    expect(info.gymName).toBe(f.gymName);
    expect(info.survey.version).toBe(1);
    expect(info.survey.definition.questions.map((q) => q.key)).toEqual(
      DEFAULT_SURVEY.questions.map((q) => q.key),
    );
    expect(info.products).toEqual([expect.objectContaining({ name: '헬스 6개월', salePrice: 600_000 })]);
  });

  it('reaches nothing else: the staff list, the customer list and a consult answer 401', async () => {
    const { id } = await walkIn(f, token);
    const headers = { [KIOSK]: token };
    for (const url of [
      `/web/consult/list/${f.gymId}`,
      `/web/member/total-list?gymId=${f.gymId}`,
      `/web/consult/${id}`,
      `/web/consult/${id}/detail`,
      `/web/consult/waiting/${f.gymId}`,
    ]) {
      const response = await send('GET', url, { headers });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(401);
    }
    const call = await send('POST', `/web/consult/${id}/call`, { headers });
    expect(call.statusCode).toBe(401);
    expect((await detail(id, f.owner)).consult.status).toBe('WAIT');
  });

  it('refuses a wrong, malformed or absent token with 401 kioskTokenInvalid', async () => {
    const wrong =
      `${token.slice(0, -4)}AAAA` === token ? `${token.slice(0, -4)}BBBB` : `${token.slice(0, -4)}AAAA`;
    const attempts: Record<string, string>[] = [{ [KIOSK]: wrong }, { [KIOSK]: 'short' }, {}];
    for (const headers of attempts) {
      const response = await send('GET', '/web/kiosk/consult', { headers });
      expect(response.statusCode, response.body).toBe(401);
      expect(response.json().reason).toBe('kioskTokenInvalid');
    }
    const info = await kioskInfo(token);
    const write = await kioskCreate(wrong, kioskBody(info.survey.id));
    expect(write.statusCode).toBe(401);
    expect(write.json().reason).toBe('kioskTokenInvalid');
  });

  it('expires after the working day', async () => {
    const fresh = await openKiosk(f);
    const info = await kioskInfo(fresh);
    t.clock.advance(17 * 3_600_000);
    const read = await send('GET', '/web/kiosk/consult', { headers: { [KIOSK]: fresh } });
    expect(read.statusCode).toBe(401);
    expect(read.json().reason).toBe('kioskTokenInvalid');
    const before = (await list(f)).total;
    const write = await kioskCreate(fresh, kioskBody(info.survey.id));
    expect(write.statusCode).toBe(401);
    expect((await list(f)).total).toBe(before);
  });
});

describe('a walk-in from the tablet', () => {
  let f: ConsultFacility;
  let token: string;
  beforeAll(async () => {
    f = await consultFacility();
    token = await openKiosk(f);
  });

  it('writes the consult with a queue number, shows it to staff and the tablet, and rings the owner', async () => {
    const info = await kioskInfo(token);
    const first = await kioskCreate(token, {
      surveyId: info.survey.id,
      name: '김상담',
      phone: '010-1234-5678',
      answers: validAnswers(),
      consents,
    });
    expectStatus(first, 201);
    const made = answerOf(kioskCreateRoute, first).data;
    expect(made).toMatchObject({ status: 'WAIT', queueNumber: 1, name: '김상담' });
    expect(made.token).toMatch(/^[A-Za-z0-9_-]{20,64}$/);
    expect(made.result.bmi).toEqual({ value: 22.9, band: 'NORMAL' });

    const second = await kioskCreate(token, kioskBody(info.survey.id, { name: '이방문' }));
    expectStatus(second, 201);
    expect(second.json().data.queueNumber).toBe(2);
    // Without height and weight there is no BMI.
    const { height: _h, weight: _w, ...noBody } = validAnswers();
    const third = await kioskCreate(token, kioskBody(info.survey.id, { name: '박무게', answers: noBody }));
    expectStatus(third, 201);
    expect(third.json().data).toMatchObject({ queueNumber: 3, result: { bmi: null } });

    const status = await send('GET', `/web/kiosk/consult/${made.token}`, { headers: { [KIOSK]: token } });
    expectStatus(status, 200);
    expect(status.json().data).toEqual(made);
    // The status needs the tablet's token too.
    expect((await send('GET', `/web/kiosk/consult/${made.token}`)).statusCode).toBe(401);

    const rows = (await list(f)).data;
    const row = rows.find((c) => c.queueNumber === 1);
    expect(row).toMatchObject({ name: '김상담', status: 'WAIT', stage: 'NEW', gymId: f.gymId });
    const waiting = await send('GET', `/web/consult/waiting/${f.gymId}`, { cookies: f.owner });
    expectStatus(waiting, 200);
    expect(waiting.json().data).toEqual({ count: 3 });

    const notices = await send('GET', '/web/notification/list?_start=0&_end=50', { cookies: f.owner });
    expectStatus(notices, 200);
    const consultNotices = answerOf(notificationListRoute, notices).data.filter(
      (n) => n.kind === 'CONSULT_WAITING' && n.gymId === f.gymId,
    );
    expect(consultNotices).toHaveLength(3);
    // The bell shows the masked name only.
    expect(consultNotices.map((n) => n.reason)).toContain('김*담');
  });

  it('clears a waiting notice once its consult is handled: called, wrapped up, set by hand or removed (docs/rules.md#notifications)', async () => {
    const g = await consultFacility();
    const kiosk = await openKiosk(g);
    const waitingNotices = async () => {
      const response = await send('GET', '/web/notification/list?_start=0&_end=100', { cookies: g.owner });
      expectStatus(response, 200);
      return answerOf(notificationListRoute, response)
        .data.filter((n) => n.kind === 'CONSULT_WAITING' && n.gymId === g.gymId && !n.readYn)
        .map((n) => n.reason)
        .sort();
    };
    const unread = async () => {
      const response = await send('GET', '/web/notification/unread-count', { cookies: g.owner });
      expectStatus(response, 200);
      return response.json().data.count as number;
    };
    const called = await walkIn(g, kiosk, { name: '강호출' });
    const finished = await walkIn(g, kiosk, { name: '남종료' });
    const byHand = await walkIn(g, kiosk, { name: '도수정' });
    const removed = await walkIn(g, kiosk, { name: '류삭제' });
    await walkIn(g, kiosk, { name: '문대기' });
    expect(await waitingNotices()).toEqual(['강*출', '남*료', '도*정', '류*제', '문*기']);
    const before = await unread();

    expectStatus(await send('POST', `/web/consult/${called.id}/call`, { cookies: g.owner }), 200);
    // Wrapped up straight from the queue, without a call.
    expectStatus(
      await send('POST', `/web/consult/${finished.id}/finish`, {
        cookies: g.owner,
        payload: { outcome: 'LOST', lostReason: 'PRICE' },
      }),
      200,
    );
    expectStatus(
      await send('PUT', `/web/consult/${byHand.id}`, { cookies: g.owner, payload: { status: 'COMPLETE' } }),
      200,
    );
    expectStatus(await send('DELETE', `/web/consult/${removed.id}`, { cookies: g.owner }), 204);

    // Only the prospect still waiting rings; the bell counts four fewer.
    expect(await waitingNotices()).toEqual(['문*기']);
    expect(await unread()).toBe(before - 4);
    const waiting = await send('GET', `/web/consult/waiting/${g.gymId}`, { cookies: g.owner });
    expect(waiting.json().data).toEqual({ count: 1 });
  });

  it('starts the queue again at 1 on the next day in Seoul', async () => {
    const g = await consultFacility();
    const today = await walkIn(g, await openKiosk(g));
    expect(today.kiosk.queueNumber).toBe(1);
    // 00:30 KST the next day: the morning's token has not expired yet, but the day has changed.
    setNow(t, '2026-03-02T15:30:00Z');
    const next = await walkIn(g, await openKiosk(g));
    expect(next.kiosk.queueNumber).toBe(1);
  });

  it('never gives two prospects of the same day the same queue number', async () => {
    const g = await consultFacility();
    const kiosk = await openKiosk(g);
    const first = await walkIn(g, kiosk);
    const second = await walkIn(g, kiosk);
    expect([first.kiosk.queueNumber, second.kiosk.queueNumber]).toEqual([1, 2]);
    expectStatus(await send('DELETE', `/web/consult/${first.id}`, { cookies: g.owner }), 204);
    const third = await walkIn(g, kiosk);
    // The day's highest number + 1, not a count: a deleted consult never hands its number on.
    expect(third.kiosk.queueNumber).not.toBe(second.kiosk.queueNumber);
  });

  it.each([
    ['a missing required answer', (b: Body) => withAnswers(b, { goals: undefined }), 'answers.goals'],
    ['an answer of the wrong type', (b: Body) => withAnswers(b, { parq1: 'yes' }), 'answers.parq1'],
    [
      'an unknown question',
      (b: Body) => withAnswers(b, { favouriteColour: 'blue' }),
      'answers.favouriteColour',
    ],
    ['an option not offered', (b: Body) => withAnswers(b, { level: 'OLYMPIAN' }), 'answers.level'],
    ['a number out of range', (b: Body) => withAnswers(b, { height: 400 }), 'answers.height'],
    [
      'no health consent while the survey asks health questions',
      (b: Body) => ({ ...b, consents: { ...consents, health: false } }),
      'consents.health',
    ],
    [
      'no personal-data consent',
      (b: Body) => ({ ...b, consents: { ...consents, personal: false } }),
      'consents.personal',
    ],
    ['a name of 60 characters', (b: Body) => ({ ...b, name: '가'.repeat(60) }), 'name'],
    ['a phone that is not a mobile number', (b: Body) => ({ ...b, phone: '12345' }), 'phone'],
    ['an unknown top-level field', (b: Body) => ({ ...b, staffMemberId: 1 }), 'staffMemberId'],
  ])('refuses %s with 400 and writes nothing', async (_label, change, errorKey) => {
    const info = await kioskInfo(token);
    const before = await list(f);
    const response = await kioskCreate(token, change(kioskBody(info.survey.id)));
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json().errors)).toContain(errorKey);
    const after = await list(f);
    expect(after.total).toBe(before.total);
    expect(after.data.map((c) => c.id)).toEqual(before.data.map((c) => c.id));
  });

  it("refuses another facility's survey with 400 surveyId and writes nothing", async () => {
    const other = await consultFacility();
    const theirs = await send('GET', `/web/consult/survey/${other.gymId}`, { cookies: other.owner });
    expectStatus(theirs, 200);
    const before = await list(f);
    const response = await kioskCreate(token, kioskBody(theirs.json().data.id));
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json().errors)).toContain('surveyId');
    expect((await list(f)).total).toBe(before.total);
    const otherList = await list(other);
    expect(otherList.total).toBe(0);
  });
});

type Body = Record<string, unknown>;
const withAnswers = (body: Body, change: Record<string, unknown>): Body => {
  const answers = { ...(body.answers as Record<string, unknown>) };
  for (const [key, value] of Object.entries(change)) {
    if (value === undefined) delete answers[key];
    else answers[key] = value;
  }
  return { ...body, answers };
};

describe('the staff flow', () => {
  let f: ConsultFacility;
  let token: string;
  beforeAll(async () => {
    f = await consultFacility();
    token = await openKiosk(f);
  });

  it('calls, converts to a customer (deduplicated by phone), registers, and closes the consult', async () => {
    const { kiosk, id, phone } = await walkIn(f, token);

    const called = await send('POST', `/web/consult/${id}/call`, { cookies: f.owner });
    expectStatus(called, 200);
    expect(called.json().data).toMatchObject({
      id,
      status: 'CONSULTING',
      stage: 'CONSULTED',
      staffMemberId: f.ownerId,
    });
    const status = await send('GET', `/web/kiosk/consult/${kiosk.token}`, { headers: { [KIOSK]: token } });
    expect(status.json().data.status).toBe('CONSULTING');
    const again = await send('POST', `/web/consult/${id}/call`, { cookies: f.owner });
    expect(again.statusCode).toBe(409);
    expect(again.json().reason).toBe('consultNotWaiting');

    const converted = await send('POST', `/web/consult/${id}/customer`, { cookies: f.owner });
    expectStatus(converted, 200);
    const { customerId, created } = answerOf(consultConvertRoute, converted).data;
    expect(created).toBe(true);
    const twice = await send('POST', `/web/consult/${id}/customer`, { cookies: f.owner });
    expectStatus(twice, 200);
    expect(twice.json().data).toEqual({ customerId, created: false });
    const customer = await send('GET', `/web/member/customer/${customerId}?gymId=${f.gymId}`, {
      cookies: f.owner,
    });
    expectStatus(customer, 200);
    expect(customer.json().data).toMatchObject({ name: '김상담' });
    expect(customer.json().data.phone.replaceAll('-', '')).toBe(phone);

    const finished = await send('POST', `/web/consult/${id}/finish`, {
      cookies: f.owner,
      payload: { outcome: 'REGISTERED', customerId },
    });
    expectStatus(finished, 200);
    expect(finished.json().data).toMatchObject({
      stage: 'REGISTERED',
      outcome: 'REGISTERED',
      status: 'COMPLETE',
      customerId,
      personKind: 'MEMBER',
    });
    const closed = await send('POST', `/web/consult/${id}/finish`, {
      cookies: f.owner,
      payload: { outcome: 'LOST', lostReason: 'PRICE' },
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().reason).toBe('consultClosed');

    const seen = await detail(id, f.owner);
    expect(seen.consult).toMatchObject({ stage: 'REGISTERED', outcome: 'REGISTERED', customerId });
    expect(seen.answers).toMatchObject(validAnswers());
    expect(seen.healthHidden).toBe(false);
    expect(seen.result?.bmi).toEqual({ value: 22.9, band: 'NORMAL' });
    expect(seen.consents).toEqual({
      personal: expect.any(String),
      health: expect.any(String),
      marketing: null,
      night: null,
    });
    expect(seen.events.map((e) => e.kind)).toEqual(['OUTCOME', 'STAGE', 'CREATED']);
    expect(seen.events.map((e) => e.stage)).toEqual(['REGISTERED', 'CONSULTED', 'NEW']);
  });

  it('audits the customer made from a consult once', async () => {
    const { id } = await walkIn(f, token);
    const converted = await send('POST', `/web/consult/${id}/customer`, { cookies: f.owner });
    expectStatus(converted, 200);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'customer.create'),
          eq(auditLog.entityId, String(converted.json().data.customerId)),
        ),
      );
    // One audit row for the new customer, written by createCustomer itself.
    expect(rows).toHaveLength(1);
  });

  it('a second walk-in with the same phone is a REVISIT and converts to the same customer', async () => {
    const first = await walkIn(f, token);
    const made = await send('POST', `/web/consult/${first.id}/customer`, { cookies: f.owner });
    expectStatus(made, 200);
    const second = await walkIn(f, token, { phone: first.phone, name: '김재방' });
    const row = (await detail(second.id, f.owner)).consult;
    expect(row).toMatchObject({ channel: 'REVISIT', personKind: 'MEMBER' });
    const again = await send('POST', `/web/consult/${second.id}/customer`, { cookies: f.owner });
    expect(again.json().data).toEqual({ customerId: made.json().data.customerId, created: false });
  });

  it('records a lost lead with its reason, and refuses a follow-up without a date or a loss without a reason', async () => {
    const { id } = await walkIn(f, token);
    const noDate = await send('POST', `/web/consult/${id}/finish`, {
      cookies: f.owner,
      payload: { outcome: 'FOLLOW_UP' },
    });
    expect(noDate.statusCode).toBe(400);
    expect(Object.keys(noDate.json().errors)).toContain('followUpDate');
    const noReason = await send('POST', `/web/consult/${id}/finish`, {
      cookies: f.owner,
      payload: { outcome: 'LOST' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(Object.keys(noReason.json().errors)).toContain('lostReason');
    const noCustomer = await send('POST', `/web/consult/${id}/finish`, {
      cookies: f.owner,
      payload: { outcome: 'REGISTERED' },
    });
    expect(noCustomer.statusCode).toBe(400);
    expect(Object.keys(noCustomer.json().errors)).toContain('customerId');
    expect((await detail(id, f.owner)).consult).toMatchObject({
      status: 'WAIT',
      stage: 'NEW',
      outcome: null,
    });

    const lost = await send('POST', `/web/consult/${id}/finish`, {
      cookies: f.owner,
      payload: { outcome: 'LOST', lostReason: 'PRICE', lostNote: '가격이 비싸다고 함' },
    });
    expectStatus(lost, 200);
    expect(lost.json().data).toMatchObject({
      stage: 'LOST',
      outcome: 'LOST',
      lostReason: 'PRICE',
      lostNote: '가격이 비싸다고 함',
    });
    const seen = await detail(id, f.owner);
    expect(seen.events[0]).toMatchObject({ kind: 'OUTCOME', stage: 'LOST', note: '가격이 비싸다고 함' });
    const reopen = await send('POST', `/web/consult/${id}/finish`, {
      cookies: f.owner,
      payload: { outcome: 'FOLLOW_UP', followUpDate: '2026-03-10' },
    });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().reason).toBe('consultClosed');
  });

  it("refuses to register a consult as another facility's customer", async () => {
    const other = await consultFacility();
    const otherToken = await openKiosk(other);
    const theirs = await walkIn(other, otherToken);
    const converted = await send('POST', `/web/consult/${theirs.id}/customer`, { cookies: other.owner });
    expectStatus(converted, 200);
    const { id } = await walkIn(f, token);
    const response = await send('POST', `/web/consult/${id}/finish`, {
      cookies: f.owner,
      payload: { outcome: 'REGISTERED', customerId: converted.json().data.customerId },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toContain('customerId');
    expect((await detail(id, f.owner)).consult.outcome).toBeNull();
  });
});

describe('health answers', () => {
  it('are hidden from staff without memberSettingYn and shown to the owner', async () => {
    const f = await consultFacility();
    const token = await openKiosk(f);
    const { id } = await walkIn(f, token, {
      answers: { ...validAnswers(), parq2: true },
    });
    const staff = await makeStaff(t.app, { cookies: f.owner }, f.gymId, { consultUseYn: true });

    const theirs = await detail(id, staff.cookies);
    expect(theirs.healthHidden).toBe(true);
    expect(Object.keys(theirs.answers).filter((k) => k.startsWith('parq'))).toEqual([]);
    expect(theirs.answers).toMatchObject({ goals: ['WEIGHT_LOSS'], level: 'BEGINNER' });

    const owners = await detail(id, f.owner);
    expect(owners.healthHidden).toBe(false);
    expect(owners.answers).toMatchObject({ parq1: false, parq2: true });

    // A staff member with the member flag reads them too.
    const memberStaff = await makeStaff(t.app, { cookies: f.owner }, f.gymId, {
      consultUseYn: true,
      memberSettingYn: true,
    });
    const full = await detail(id, memberStaff.cookies);
    expect(full.healthHidden).toBe(false);
    expect(full.answers).toMatchObject({ parq2: true });
  });
});

describe('survey versions', () => {
  it('saves the next version, keeps old consults on theirs, and gives the tablet the new one', async () => {
    const f = await consultFacility();
    const token = await openKiosk(f);
    const { id } = await walkIn(f, token);

    const modified: SurveyDefinition = {
      title: { ko: '새 설문', en: 'New survey' },
      questions: [
        ...DEFAULT_SURVEY.questions,
        {
          key: 'injuries',
          kind: 'TEXT',
          required: false,
          health: false,
          label: { ko: '부상 이력', en: 'Past injuries' },
        },
      ],
    };
    const saved = await send('POST', `/web/consult/survey/${f.gymId}`, {
      cookies: f.owner,
      payload: modified,
    });
    expectStatus(saved, 201);
    expect(saved.json().data).toMatchObject({ gymId: f.gymId, version: 2, definition: modified });
    const active = await send('GET', `/web/consult/survey/${f.gymId}`, { cookies: f.owner });
    expect(active.json().data.version).toBe(2);

    expect((await detail(id, f.owner)).survey?.version).toBe(1);
    const info = await kioskInfo(token);
    expect(info.survey.version).toBe(2);
    expect(info.survey.definition.title.en).toBe('New survey');

    // An answer to the new question is accepted on version 2 only.
    const v2 = await kioskCreate(
      token,
      kioskBody(info.survey.id, { answers: { ...validAnswers(), injuries: '무릎' } }),
    );
    expectStatus(v2, 201);
    const v1 = await send('GET', `/web/consult/${id}/detail`, { cookies: f.owner });
    const v1SurveyId = v1.json().data.survey.id as number;
    const old = await kioskCreate(
      token,
      kioskBody(v1SurveyId, { answers: { ...validAnswers(), injuries: '무릎' } }),
    );
    expect(old.statusCode).toBe(400);
    expect(Object.keys(old.json().errors)).toContain('answers.injuries');
  });

  it('refuses duplicate keys and a choice with one option, and writes no version', async () => {
    const f = await consultFacility();
    const before = await send('GET', `/web/consult/survey/${f.gymId}`, { cookies: f.owner });
    expect(before.json().data.version).toBe(1);
    const [first, second] = DEFAULT_SURVEY.questions;
    const duplicate = await send('POST', `/web/consult/survey/${f.gymId}`, {
      cookies: f.owner,
      payload: { title: DEFAULT_SURVEY.title, questions: [first, { ...second, key: first!.key }] },
    });
    expect(duplicate.statusCode, duplicate.body).toBe(400);
    expect(Object.keys(duplicate.json().errors)).toContain('questions.1.key');
    const oneOption = await send('POST', `/web/consult/survey/${f.gymId}`, {
      cookies: f.owner,
      payload: {
        title: DEFAULT_SURVEY.title,
        questions: [
          {
            key: 'pick',
            kind: 'SINGLE',
            required: true,
            health: false,
            label: { ko: '하나', en: 'One' },
            options: [{ value: 'ONLY', label: { ko: '유일', en: 'Only' } }],
          },
        ],
      },
    });
    expect(oneOption.statusCode, oneOption.body).toBe(400);
    expect(Object.keys(oneOption.json().errors)).toContain('questions.0.options');
    const after = await send('GET', `/web/consult/survey/${f.gymId}`, { cookies: f.owner });
    expect(after.json().data.version).toBe(1);
  });
});

describe('the pipeline', () => {
  it('moves a lead with an audit entry, refuses the same stage, and sums the month', async () => {
    const f = await consultFacility();
    const token = await openKiosk(f);
    const registered = await walkIn(f, token);
    const lost = await walkIn(f, token);
    const trial = await walkIn(f, token);

    const converted = await send('POST', `/web/consult/${registered.id}/customer`, { cookies: f.owner });
    expectStatus(converted, 200);
    expectStatus(
      await send('POST', `/web/consult/${registered.id}/finish`, {
        cookies: f.owner,
        payload: { outcome: 'REGISTERED', customerId: converted.json().data.customerId },
      }),
      200,
    );
    expectStatus(
      await send('POST', `/web/consult/${lost.id}/finish`, {
        cookies: f.owner,
        payload: { outcome: 'LOST', lostReason: 'PRICE' },
      }),
      200,
    );

    const moved = await send('PUT', `/web/consult/${trial.id}/stage`, {
      cookies: f.owner,
      payload: { stage: 'TRIAL' },
    });
    expectStatus(moved, 200);
    expect(moved.json().data).toMatchObject({ id: trial.id, stage: 'TRIAL' });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'consult.stage'), eq(auditLog.entityId, String(trial.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      gymId: f.gymId,
      actorMemberId: f.ownerId,
      before: { stage: 'NEW' },
      after: { stage: 'TRIAL' },
    });
    const same = await send('PUT', `/web/consult/${trial.id}/stage`, {
      cookies: f.owner,
      payload: { stage: 'TRIAL' },
    });
    expect(same.statusCode).toBe(409);
    expect(same.json().reason).toBe('consultSameStage');
    const bad = await send('PUT', `/web/consult/${trial.id}/stage`, {
      cookies: f.owner,
      payload: { stage: 'WON' },
    });
    expect(bad.statusCode).toBe(400);
    const timeline = await detail(trial.id, f.owner);
    expect(timeline.events.map((e) => e.kind)).toEqual(['STAGE', 'CREATED']);

    const response = await send('GET', `/web/consult/pipeline/${f.gymId}`, { cookies: f.owner });
    expectStatus(response, 200);
    const board = answerOf(pipelineRoute, response).data;
    expect(board.month).toBe('2026-03');
    expect(board.figures).toMatchObject({
      consults: 3,
      registrations: 1,
      conversionRate: 33.3,
      lostReasons: [{ reason: 'PRICE', count: 1 }],
      byDay: [{ date: '2026-03-02', consults: 3, registrations: 1 }],
    });
    expect(new Map(board.cards.map((c) => [c.id, c.stage]))).toEqual(
      new Map([
        [trial.id, 'TRIAL'],
        [lost.id, 'LOST'],
        [registered.id, 'REGISTERED'],
      ]),
    );
    const lastMonth = await send('GET', `/web/consult/pipeline/${f.gymId}?month=2026-02`, {
      cookies: f.owner,
    });
    expectStatus(lastMonth, 200);
    expect(lastMonth.json().data.figures).toMatchObject({ consults: 0, registrations: 0, conversionRate: 0 });
  });
});

describe('a lead closed in the pipeline', () => {
  it('cannot be finished again once moved to LOST', async () => {
    const f = await consultFacility();
    const { id } = await walkIn(f, await openKiosk(f));
    const moved = await send('PUT', `/web/consult/${id}/stage`, {
      cookies: f.owner,
      payload: { stage: 'LOST' },
    });
    expectStatus(moved, 200);
    const followUp = await send('POST', `/web/consult/${id}/follow-up`, {
      cookies: f.owner,
      payload: { dueDate: '2026-03-10' },
    });
    expect(followUp.statusCode).toBe(409);
    expect(followUp.json().reason).toBe('consultClosed');
    const finished = await send('POST', `/web/consult/${id}/finish`, {
      cookies: f.owner,
      payload: { outcome: 'FOLLOW_UP', followUpDate: '2026-03-10' },
    });
    // A lead moved to LOST on the board is closed for the wrap-up too, as for a follow-up.
    expect(finished.statusCode).toBe(409);
    expect((await detail(id, f.owner)).consult.stage).toBe('LOST');
  });
});

describe('facility isolation', () => {
  it("answers 404 to another facility's owner on every call for a consult, changes nothing, and lets the owner delete it", async () => {
    const f = await consultFacility();
    const token = await openKiosk(f);
    const { id, kiosk } = await walkIn(f, token);
    const other = await consultFacility();
    const before = await detail(id, f.owner);

    const attempts = [
      ['GET', `/web/consult/${id}/detail`, undefined],
      ['GET', `/web/consult/${id}`, undefined],
      ['POST', `/web/consult/${id}/call`, undefined],
      ['POST', `/web/consult/${id}/customer`, undefined],
      ['POST', `/web/consult/${id}/finish`, { outcome: 'LOST', lostReason: 'PRICE' }],
      ['PUT', `/web/consult/${id}/stage`, { stage: 'TRIAL' }],
      ['POST', `/web/consult/${id}/follow-up`, { dueDate: '2026-03-10' }],
      ['PUT', `/web/consult/${id}`, { name: '바뀐 이름' }],
      ['DELETE', `/web/consult/${id}`, undefined],
    ] as const;
    for (const [method, url, payload] of attempts) {
      const response = await send(method, url, { cookies: other.owner, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(404);
    }
    // Their tablet cannot read this facility's consult either.
    const otherToken = await openKiosk(other);
    const status = await send('GET', `/web/kiosk/consult/${kiosk.token}`, {
      headers: { [KIOSK]: otherToken },
    });
    expect(status.statusCode).toBe(404);

    const after = await detail(id, f.owner);
    expect(after).toEqual(before);
    expect((await list(other)).total).toBe(0);

    const removed = await send('DELETE', `/web/consult/${id}`, { cookies: f.owner });
    expectStatus(removed, 204);
    expect((await send('GET', `/web/consult/${id}/detail`, { cookies: f.owner })).statusCode).toBe(404);
    expect((await send('GET', `/web/consult/${id}`, { cookies: f.owner })).statusCode).toBe(404);
    expect((await list(f)).data.map((c) => c.id)).not.toContain(id);
    const deletion = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'consult.delete'), eq(auditLog.entityId, String(id))));
    expect(deletion).toHaveLength(1);
  });

  it('refuses the operator a tablet token for a facility (403), and the consult writes', async () => {
    const f = await consultFacility();
    const operator = await operatorOf(t);
    const { id } = await walkIn(f, await openKiosk(f));
    // The operator may read the consultations…
    expectStatus(await send('GET', `/web/consult/list/${f.gymId}`, { cookies: operator }), 200);
    // …but not change them.
    expect((await send('POST', `/web/consult/${id}/call`, { cookies: operator })).statusCode).toBe(403);
    const opened = await send('POST', `/web/consult/kiosk/${f.gymId}`, { cookies: operator });
    // The operator reads consultations but holds no facility right: it cannot open a facility's tablet.
    expect(opened.statusCode).toBe(403);
  });

  it('refuses a staff member with read rights only the writes, with 403', async () => {
    const f = await consultFacility();
    const token = await openKiosk(f);
    const { id } = await walkIn(f, token);
    const reader = await makeStaff(t.app, { cookies: f.owner }, f.gymId, { consultUseYn: true });
    for (const [method, url, payload] of [
      ['POST', `/web/consult/${id}/call`, undefined],
      ['PUT', `/web/consult/${id}/stage`, { stage: 'TRIAL' }],
      ['DELETE', `/web/consult/${id}`, undefined],
    ] as const) {
      const response = await send(method, url, {
        cookies: reader.cookies,
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(403);
    }
    expect((await detail(id, f.owner)).consult).toMatchObject({ status: 'WAIT', stage: 'NEW' });
  });
});
