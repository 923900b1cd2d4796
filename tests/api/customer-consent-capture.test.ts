import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { customerConsent, customerConsentEvent, member } from '#server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeCustomer, setNow, uniqueMobile } from '../fixtures/customers.ts';
import { approveAddOn, type Cookies, makeActiveGym } from '../fixtures/gyms.ts';

// Consents captured where a customer is first met (docs/rules.md#consents): registration at the desk (source
// DESK), the consulting tablet (CONSULT, at the tablet's time) and the CSV import (IMPORT). Each is written with
// the customer, in the same transaction: a refused request writes no customer and no consent.

let t: TestApp;
let owner: Cookies;
let gymId: number;
const NOW = '2026-03-02T01:00:00Z';

beforeAll(async () => {
  t = await createTestApp();
  setNow(t, NOW);
  const made = await makeActiveGym(t);
  owner = made.owner.cookies;
  gymId = made.gym.id;
  await approveAddOn(t, gymId, 'CONSULT');
}, 60_000);
afterAll(() => t?.close());
beforeEach(() => setNow(t, NOW));

const send = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  headers?: Record<string, string>,
) =>
  t.app.inject({
    method,
    url,
    cookies: owner,
    ...(payload ? { payload } : {}),
    ...(headers ? { headers } : {}),
  });

/** The test clock ticks while requests run: times are compared to the minute. */
const minuteOf = (at: Date) => at.toISOString().slice(0, 16);
const AT = NOW.slice(0, 16);

const consentsOf = async (memberId: number) =>
  (
    await t.db
      .select()
      .from(customerConsent)
      .where(eq(customerConsent.memberId, memberId))
      .orderBy(asc(customerConsent.channel))
  ).map((c) => ({ channel: c.channel, agreed: c.agreed, source: c.source, at: minuteOf(c.at) }));

const eventsOf = async (memberId: number) =>
  (
    await t.db
      .select()
      .from(customerConsentEvent)
      .where(eq(customerConsentEvent.memberId, memberId))
      .orderBy(asc(customerConsentEvent.channel))
  ).map((e) => ({ channel: e.channel, agreed: e.agreed, source: e.source, at: minuteOf(e.at) }));

const counts = async () => {
  const result = await t.db.execute(
    sql`select (select count(*) from member where owner_gym_id = ${gymId})::int as customers,
      (select count(*) from customer_consent where gym_id = ${gymId})::int as consents,
      (select count(*) from customer_consent_event where gym_id = ${gymId})::int as events`,
  );
  return (result as unknown as { rows: unknown[] }).rows[0];
};

describe('at the desk', () => {
  it('writes the consents asked with the customer, source DESK, now', async () => {
    const made = await makeCustomer(t, owner, gymId, {
      name: '데스크',
      consents: { SMS: true, KAKAO: true, NIGHT: false },
    });
    const expected = [
      { channel: 'KAKAO', agreed: true, source: 'DESK', at: AT },
      { channel: 'NIGHT', agreed: false, source: 'DESK', at: AT },
      { channel: 'SMS', agreed: true, source: 'DESK', at: AT },
    ];
    expect(await consentsOf(made.id)).toEqual(expected);
    expect(await eventsOf(made.id)).toEqual(expected);
    // The customer's consents card reads them.
    const card = await send('GET', `/web/member/customer/${made.id}/consent?gymId=${gymId}`);
    expect(card.statusCode, card.body).toBe(200);
    const sms = card.json().data.channels.find((c: { channel: string }) => c.channel === 'SMS');
    expect(sms).toMatchObject({ agreed: true, source: 'DESK' });
  });

  it('writes no consent when none is asked', async () => {
    const made = await makeCustomer(t, owner, gymId, { name: '무동의' });
    expect(await consentsOf(made.id)).toEqual([]);
  });

  it('refuses a bad consent or an unknown channel, and writes nothing', async () => {
    const before = await counts();
    for (const consents of [{ SMS: 'yes' }, { FAX: true }, 'all']) {
      const response = await send('POST', `/web/member/customer?gymId=${gymId}`, {
        name: '거절',
        phone: uniqueMobile(),
        consents,
      });
      expect(response.statusCode, response.body).toBe(400);
    }
    // A duplicate phone (409) rolls its consents back with it.
    const existing = await makeCustomer(t, owner, gymId, { name: '기존' });
    const mid = await counts();
    const duplicate = await send('POST', `/web/member/customer?gymId=${gymId}`, {
      name: '중복',
      phone: existing.phone,
      consents: { SMS: true },
    });
    expect(duplicate.statusCode, duplicate.body).toBe(409);
    expect(await counts()).toEqual(mid);
    expect((mid as { consents: number }).consents).toBe((before as { consents: number }).consents);
  });

  it('takes no consents on an edit (they change on their own card)', async () => {
    const made = await makeCustomer(t, owner, gymId, { name: '수정' });
    const response = await send('PUT', `/web/member/customer/${made.id}?gymId=${gymId}`, {
      consents: { SMS: true },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(await consentsOf(made.id)).toEqual([]);
  });
});

describe('at the import', () => {
  const importRows = (rows: object[], dryRun = false) =>
    send('POST', `/web/member/batch-create?gymId=${gymId}&dryRun=${dryRun}`, { rows });

  it('writes the consent columns, source IMPORT; a blank cell is not asked', async () => {
    const phones = [uniqueMobile(), uniqueMobile(), uniqueMobile()];
    const response = await importRows([
      { name: '가져옴', phone: phones[0], marketingConsent: '예', nightConsent: '아니오' },
      { name: '영어', phone: phones[1], marketingConsent: 'No', nightConsent: 'yes' },
      { name: '빈칸', phone: phones[2], marketingConsent: '', nightConsent: '' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const ids = response.json().data.rows.map((r: { id: number }) => r.id) as number[];
    const at = AT;
    expect(await consentsOf(ids[0]!)).toEqual([
      { channel: 'EMAIL', agreed: true, source: 'IMPORT', at },
      { channel: 'KAKAO', agreed: true, source: 'IMPORT', at },
      { channel: 'NIGHT', agreed: false, source: 'IMPORT', at },
      { channel: 'SMS', agreed: true, source: 'IMPORT', at },
    ]);
    expect(await eventsOf(ids[0]!)).toHaveLength(4);
    expect((await consentsOf(ids[1]!)).map((c) => [c.channel, c.agreed])).toEqual([
      ['EMAIL', false],
      ['KAKAO', false],
      ['NIGHT', true],
      ['SMS', false],
    ]);
    expect(await consentsOf(ids[2]!)).toEqual([]);
  });

  it('names a consent cell it cannot read, and writes nothing', async () => {
    const rows = [
      { name: '정상', phone: uniqueMobile(), marketingConsent: 'Y' },
      { name: '이상', phone: uniqueMobile(), marketingConsent: '아마도' },
    ];
    const dry = await importRows(rows, true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data.rows[1]).toMatchObject({ result: 'ERROR', field: 'marketingConsent' });
    const before = await counts();
    const real = await importRows(rows);
    expect(real.statusCode, real.body).toBe(400);
    expect(real.json().errors['rows.1.marketingConsent']).toBeDefined();
    expect(await counts()).toEqual(before);
  });
});

describe('at the consulting tablet', () => {
  const KIOSK = 'x-kiosk-token';
  let token: string;
  let surveyId: number;

  const answers = () => ({
    goals: ['WEIGHT_LOSS'],
    level: 'BEGINNER',
    height: 175,
    weight: 70,
    ...Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`parq${i + 1}`, false])),
  });

  const walkIn = async (phone: string, marketing: boolean, night: boolean) => {
    const made = await send(
      'POST',
      '/web/kiosk/consult',
      {
        surveyId,
        name: '상담객',
        phone,
        answers: answers(),
        consents: { personal: true, health: true, marketing, night },
      },
      { [KIOSK]: token },
    );
    expect(made.statusCode, made.body).toBe(201);
    return made.json().data.id as number;
  };

  beforeAll(async () => {
    const opened = await send('POST', `/web/consult/kiosk/${gymId}`);
    expect(opened.statusCode, opened.body).toBe(201);
    token = opened.json().data.token;
    const info = await send('GET', '/web/kiosk/consult', undefined, { [KIOSK]: token });
    surveyId = info.json().data.survey.id;
  });

  it('gives a prospect the tablet’s consents when they become a customer, at the tablet’s time', async () => {
    const phone = uniqueMobile();
    const consultId = await walkIn(phone, true, false);
    const tabletAt = AT;
    setNow(t, '2026-03-02T02:00:00Z'); // converted an hour later
    const converted = await send('POST', `/web/consult/${consultId}/customer`);
    expect(converted.statusCode, converted.body).toBe(200);
    const { customerId, created } = converted.json().data;
    expect(created).toBe(true);
    expect(await consentsOf(customerId)).toEqual([
      { channel: 'EMAIL', agreed: true, source: 'CONSULT', at: tabletAt },
      { channel: 'KAKAO', agreed: true, source: 'CONSULT', at: tabletAt },
      { channel: 'NIGHT', agreed: false, source: 'CONSULT', at: tabletAt },
      { channel: 'SMS', agreed: true, source: 'CONSULT', at: tabletAt },
    ]);
    expect(await eventsOf(customerId)).toHaveLength(4);
    setNow(t, NOW);
  });

  it('gives a customer already on the books the consents at once, never withdrawing one by an unticked box', async () => {
    const made = await makeCustomer(t, owner, gymId, { name: '기존고객', consents: { SMS: true } });
    const [row] = await t.db.select({ phone: member.phone }).from(member).where(eq(member.id, made.id));
    await walkIn(row!.phone, false, true);
    const states = await consentsOf(made.id);
    expect(states.map((c) => [c.channel, c.agreed, c.source])).toEqual([
      ['EMAIL', false, 'CONSULT'],
      ['KAKAO', false, 'CONSULT'],
      ['NIGHT', true, 'CONSULT'],
      ['SMS', true, 'DESK'],
    ]);
    const smsEvents = await t.db
      .select()
      .from(customerConsentEvent)
      .where(and(eq(customerConsentEvent.memberId, made.id), eq(customerConsentEvent.channel, 'SMS')));
    expect(smsEvents).toHaveLength(1);
  });

  it('writes nothing for a refused walk-in (no personal-data consent)', async () => {
    const before = await counts();
    const refused = await send(
      'POST',
      '/web/kiosk/consult',
      {
        surveyId,
        name: '거절',
        phone: uniqueMobile(),
        answers: answers(),
        consents: { personal: false, health: true, marketing: true, night: true },
      },
      { [KIOSK]: token },
    );
    expect(refused.statusCode, refused.body).toBe(400);
    expect(await counts()).toEqual(before);
  });
});
