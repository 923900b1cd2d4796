import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { customerConsentRoute } from '#domain/api/message-settings.ts';
import { customerConsent, customerConsentEvent } from '#server/db/schema/index.ts';
import { dataOf } from '../fixtures/api.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeCustomer, setNow } from '../fixtures/customers.ts';
import { type Cookies, makeActiveGym, makeStaff } from '../fixtures/gyms.ts';

// Customers' marketing consents (docs/rules.md#consents): the four channels' state with time and source, the
// history of every change with who made it; read with memberUseYn, changed with memberSettingYn, within the
// caller's reach; another facility's customer answers 404, bad input 400 with nothing written.

let t: TestApp;
let owner: Cookies;
let gymId: number;
let other: { owner: Cookies; gymId: number };
let reader: Cookies;
let trainer: { cookies: Cookies; member: { id: number } };
let customerId: number;

const NOW = '2026-03-02T01:00:00Z';

const url = (id: number, gym = gymId) => `/web/member/customer/${id}/consent?gymId=${gym}`;
const put = (id: number, payload: unknown, cookies: Cookies = owner, gym = gymId) =>
  t.app.inject({ method: 'PUT', url: url(id, gym), cookies, payload: payload as object });
const get = (id: number, cookies: Cookies = owner, gym = gymId) =>
  t.app.inject({ method: 'GET', url: url(id, gym), cookies });

const eventsOf = async (memberId: number) =>
  (
    await t.db
      .select({ n: count() })
      .from(customerConsentEvent)
      .where(and(eq(customerConsentEvent.gymId, gymId), eq(customerConsentEvent.memberId, memberId)))
  )[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  setNow(t, NOW);
  const a = await makeActiveGym(t);
  owner = a.owner.cookies;
  gymId = a.gym.id;
  const b = await makeActiveGym(t);
  other = { owner: b.owner.cookies, gymId: b.gym.id };
  reader = (await makeStaff(t.app, a.owner, gymId, { memberUseYn: true })).cookies;
  trainer = await makeStaff(t.app, a.owner, gymId, {
    memberUseYn: true,
    memberSettingYn: true,
    assignedOnlyYn: true,
  } as Record<string, boolean>);
  customerId = (await makeCustomer(t, owner, gymId)).id;
}, 60_000);
beforeEach(() => setNow(t, NOW));
afterAll(() => t?.close());

describe('customer consents', () => {
  it('reads the four channels as never given for a new customer', async () => {
    const response = await get(customerId, reader);
    expect(response.statusCode, response.body).toBe(200);
    const consent = dataOf(customerConsentRoute, response);
    expect(consent.channels.map((c) => [c.channel, c.agreed, c.at])).toEqual([
      ['SMS', false, null],
      ['KAKAO', false, null],
      ['EMAIL', false, null],
      ['NIGHT', false, null],
    ]);
    expect(consent.history).toEqual([]);
  });

  it('gives and withdraws channels with the time, the source and who; an unchanged channel writes nothing', async () => {
    const given = await put(customerId, {
      source: 'DESK',
      consents: { SMS: true, NIGHT: true, EMAIL: false },
    });
    expect(given.statusCode, given.body).toBe(200);
    const consent = given.json().data;
    expect(consent.channels.find((c: { channel: string }) => c.channel === 'SMS')).toMatchObject({
      agreed: true,
      source: 'DESK',
      at: expect.stringMatching(/^2026-03-02T01:00:0/),
      confirmedAt: expect.stringMatching(/^2026-03-02T01:00:0/),
    });
    // A refusal when first asked is recorded too (the customer was asked): three events.
    expect(consent.history).toHaveLength(3);
    expect(consent.channels.find((c: { channel: string }) => c.channel === 'EMAIL')).toMatchObject({
      agreed: false,
      source: 'DESK',
    });
    expect(consent.history[0]).toMatchObject({ agreed: true, source: 'DESK', byName: expect.any(String) });
    setNow(t, '2026-03-02T01:10:00Z');
    const withdrawn = await put(customerId, { source: 'CONSULT', consents: { SMS: false, NIGHT: true } });
    expect(withdrawn.statusCode).toBe(200);
    const sms = withdrawn.json().data.channels.find((c: { channel: string }) => c.channel === 'SMS');
    expect(sms).toMatchObject({
      agreed: false,
      source: 'CONSULT',
      at: expect.stringMatching(/^2026-03-02T01:10:0/),
    });
    expect(withdrawn.json().data.history).toHaveLength(4);
    expect(withdrawn.json().data.history[0]).toMatchObject({
      channel: 'SMS',
      agreed: false,
      source: 'CONSULT',
    });
    const [row] = await t.db
      .select()
      .from(customerConsent)
      .where(and(eq(customerConsent.memberId, customerId), eq(customerConsent.channel, 'NIGHT')));
    expect(row).toMatchObject({ agreed: true, source: 'DESK' });
  });

  it('refuses bad input with field errors and writes nothing', async () => {
    const before = await eventsOf(customerId);
    const cases: [unknown, string][] = [
      [{ source: 'DESK', consents: {} }, 'consents'],
      [{ source: 'OPT_OUT', consents: { SMS: true } }, 'source'],
      [{ source: 'DESK', consents: { SMS: 'yes' } }, 'consents.SMS'],
      [{ source: 'DESK', consents: { FAX: true } }, 'consents'],
      [{ consents: { SMS: true } }, 'source'],
    ];
    for (const [body, field] of cases) {
      const response = await put(customerId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json().errors ?? {}).join(','), JSON.stringify(body)).toContain(field);
    }
    expect(await eventsOf(customerId)).toBe(before);
  });

  it('needs memberSettingYn to change; another facility’s customer answers 404', async () => {
    expect((await put(customerId, { source: 'DESK', consents: { SMS: true } }, reader)).statusCode).toBe(403);
    expect((await get(customerId, other.owner, other.gymId)).statusCode).toBe(404);
    expect(
      (await put(customerId, { source: 'DESK', consents: { SMS: true } }, other.owner, other.gymId))
        .statusCode,
    ).toBe(404);
    expect((await get(customerId, other.owner)).statusCode).toBe(404);
    expect((await get(99_999_999)).statusCode).toBe(404);
  });

  it('reaches only a trainer’s assigned customers (404 for the others)', async () => {
    const mine = await makeCustomer(t, owner, gymId, { trainerMemberId: trainer.member.id });
    expect((await get(mine.id, trainer.cookies)).statusCode).toBe(200);
    expect(
      (await put(mine.id, { source: 'MEMBER', consents: { KAKAO: true } }, trainer.cookies)).statusCode,
    ).toBe(200);
    expect((await get(customerId, trainer.cookies)).statusCode).toBe(404);
    expect(
      (await put(customerId, { source: 'DESK', consents: { KAKAO: true } }, trainer.cookies)).statusCode,
    ).toBe(404);
  });
});
