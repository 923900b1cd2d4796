import { and, count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryKioskCheckRoute } from '#domain/api/entry.ts';
import { ROLE_PRESETS } from '#domain/permissions.ts';
import { auditLog, member } from '#server/db/schema/index.ts';
import { dataOf } from '../fixtures/api.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeCustomer, makeTicket, sellOk } from '../fixtures/customers.ts';
import { approveAddOn, type Cookies, makeActiveGym, makeStaff } from '../fixtures/gyms.ts';

// Membership card numbers (docs/rules.md#card-numbers; issue 27 item 11): staff set, change and clear a customer's
// card on their page; one card belongs to one customer on the facility's books (409 naming who holds it, no row
// changed); the number is trimmed and upper-cased, so the kiosk finds a card however it was typed or scanned.

let t: TestApp;
let owner: Cookies;
let desk: Cookies;
let reader: Cookies;
let gymId: number;
let kiosk: string;
let ticketId: number;
let other: { owner: Cookies; gymId: number };

const expectStatus = (response: LightMyRequestResponse, status: number) =>
  expect(response.statusCode, response.body).toBe(status);

beforeAll(async () => {
  t = await createTestApp();
  const made = await makeActiveGym(t);
  owner = made.owner.cookies;
  gymId = made.gym.id;
  await approveAddOn(t, gymId, 'ENTER');
  desk = (await makeStaff(t.app, made.owner, gymId, ROLE_PRESETS.FRONT_DESK)).cookies;
  reader = (await makeStaff(t.app, made.owner, gymId, { memberUseYn: true })).cookies;
  const opened = await t.app.inject({ method: 'POST', url: `/web/entry-kiosk/${gymId}`, cookies: owner });
  expectStatus(opened, 201);
  kiosk = opened.json().data.token;
  ticketId = (await makeTicket(t, owner, gymId)).id;
  const second = await makeActiveGym(t);
  other = { owner: second.owner.cookies, gymId: second.gym.id };
});
afterAll(() => t?.close());

const setCard = (id: number, cardNumber: unknown, cookies: Cookies = desk, facility = gymId) =>
  t.app.inject({
    method: 'PUT',
    url: `/web/member/customer/${id}?gymId=${facility}`,
    cookies,
    headers: { 'accept-language': 'en' },
    payload: { cardNumber },
  });

const cardOf = async (id: number) =>
  (await t.db.select({ card: member.cardNumber }).from(member).where(eq(member.id, id)))[0]!.card;

const kioskCard = async (code: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/web/entry/kiosk/check',
    headers: { 'x-entry-token': kiosk },
    payload: { method: 'CARD', code },
  });
  expectStatus(response, 200);
  return dataOf(entryKioskCheckRoute, response);
};

/** A customer with a paid pass, so the kiosk lets them in. */
const customerWithPass = async (name: string) => {
  const customer = await makeCustomer(t, owner, gymId, { name });
  await sellOk(t, owner, {
    gymId,
    memberId: customer.id,
    ticketId,
    startDate: new Date().toISOString().slice(0, 10),
    payments: [{ method: 'CARD', amount: 600_000 }],
  });
  return customer;
};

const auditCount = async () => (await t.db.select({ n: count() }).from(auditLog))[0]!.n;

describe('setting, changing and clearing a card', () => {
  it('the front desk sets a card typed in any case; the page shows it and the kiosk finds it', async () => {
    const c = await customerWithPass('카드하나');
    const saved = await setCard(c.id, ' fd-0150 ');
    expectStatus(saved, 200);
    expect(saved.json().data.cardNumber).toBe('FD-0150');
    const page = await t.app.inject({
      method: 'GET',
      url: `/web/member/customer/${c.id}?gymId=${gymId}`,
      cookies: desk,
    });
    expect(page.json().data.cardNumber).toBe('FD-0150');
    // Scanned or typed, upper or lower case: the same card.
    expect(await kioskCard('FD-0150')).toMatchObject({ outcome: 'ALLOWED', name: '카**나' });
    expect(await kioskCard('fd-0150')).toMatchObject({ outcome: 'ALLOWED' });
  });

  it('changes the card (the old one is no longer known) and clears it with a blank value, each audited', async () => {
    const c = await customerWithPass('카드둘');
    expectStatus(await setCard(c.id, 'CARD-2001'), 200);
    const changed = await setCard(c.id, 'CARD-2002');
    expectStatus(changed, 200);
    expect(changed.json().data.cardNumber).toBe('CARD-2002');
    expect((await kioskCard('CARD-2001')).outcome).toBe('UNKNOWN');
    expect((await kioskCard('CARD-2002')).outcome).toBe('ALLOWED');
    const rows = await t.db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.update'), eq(auditLog.entityId, String(c.id))))
      .orderBy(auditLog.id);
    expect(rows.at(-1)).toMatchObject({
      before: { cardNumber: 'CARD-2001' },
      after: { cardNumber: 'CARD-2002' },
    });

    const cleared = await setCard(c.id, '   ');
    expectStatus(cleared, 200);
    expect(cleared.json().data.cardNumber).toBeNull();
    expect(await cardOf(c.id)).toBeNull();
    expect((await kioskCard('CARD-2002')).outcome).toBe('UNKNOWN');
    // null clears too.
    expectStatus(await setCard(c.id, 'CARD-2003'), 200);
    expectStatus(await setCard(c.id, null), 200);
    expect(await cardOf(c.id)).toBeNull();
  });

  it('keeps a customer’s own card when it is saved again', async () => {
    const c = await makeCustomer(t, owner, gymId, { cardNumber: 'SAME-1' });
    expectStatus(await setCard(c.id, 'same-1'), 200);
    expect(await cardOf(c.id)).toBe('SAME-1');
  });

  it('refuses a card outside the allowed shape, and changes nothing', async () => {
    const c = await makeCustomer(t, owner, gymId, { cardNumber: 'KEEP-1' });
    const before = await auditCount();
    for (const bad of ['FD 0150', '-1234', '1234-', 'ab', '9'.repeat(41), 'FD_0150', '카드1234']) {
      const refused = await setCard(c.id, bad);
      expectStatus(refused, 400);
      expect(refused.json().errors.cardNumber, bad).toEqual([
        'Use 4 to 40 letters, digits and hyphens (not at the start or end).',
      ]);
    }
    expect(await cardOf(c.id)).toBe('KEEP-1');
    expect(await auditCount()).toBe(before);
  });
});

describe('one card, one customer', () => {
  it('refuses a card another customer holds with 409 naming them, in any case, and changes no row', async () => {
    const holder = await makeCustomer(t, owner, gymId, { name: '홍길동', cardNumber: 'TAKEN-1' });
    const c = await makeCustomer(t, owner, gymId, { name: '김철수', cardNumber: 'MINE-1' });
    const before = await auditCount();
    for (const attempt of ['TAKEN-1', 'taken-1']) {
      const refused = await setCard(c.id, attempt);
      expectStatus(refused, 409);
      expect(refused.json()).toMatchObject({
        code: 'CONFLICT',
        reason: 'cardNumberTaken',
        message: 'Card TAKEN-1 already belongs to 홍길동. Clear it on their page first, or use another card.',
        details: { holderId: holder.id },
        errors: { cardNumber: ['This card number belongs to another customer.'] },
      });
    }
    expect(await cardOf(c.id)).toBe('MINE-1');
    expect(await cardOf(holder.id)).toBe('TAKEN-1');
    expect(await auditCount()).toBe(before);
    // In Korean too.
    const ko = await t.app.inject({
      method: 'PUT',
      url: `/web/member/customer/${c.id}?gymId=${gymId}`,
      cookies: desk,
      headers: { 'accept-language': 'ko' },
      payload: { cardNumber: 'TAKEN-1' },
    });
    expect(ko.json().message).toBe(
      '카드 TAKEN-1는 이미 홍길동 회원에게 등록되어 있습니다. 그 회원의 카드를 먼저 해제하거나 다른 카드를 사용해 주세요.',
    );
  });

  it('refuses a new customer registered with a card already held, and adds no one', async () => {
    await makeCustomer(t, owner, gymId, { name: '박영희', cardNumber: 'TAKEN-2' });
    const customers = async () =>
      (await t.db.select({ n: count() }).from(member).where(eq(member.ownerGymId, gymId)))[0]!.n;
    const before = await customers();
    const refused = await t.app.inject({
      method: 'POST',
      url: `/web/member/customer?gymId=${gymId}`,
      cookies: desk,
      payload: { name: '새회원', phone: '01077778888', cardNumber: 'taken-2' },
    });
    expectStatus(refused, 409);
    expect(refused.json().reason).toBe('cardNumberTaken');
    expect(await customers()).toBe(before);
  });

  it('frees the card of a removed customer for another one', async () => {
    const gone = await makeCustomer(t, owner, gymId, { cardNumber: 'FREE-1' });
    const c = await makeCustomer(t, owner, gymId);
    expectStatus(await setCard(c.id, 'FREE-1'), 409);
    expectStatus(
      await t.app.inject({ method: 'DELETE', url: `/web/member/${gone.id}?gymId=${gymId}`, cookies: owner }),
      200,
    );
    expectStatus(await setCard(c.id, 'FREE-1'), 200);
    expect(await kioskCard('FREE-1')).toMatchObject({ outcome: expect.not.stringMatching('UNKNOWN') });
  });

  it('lets another facility use the same number; it never finds the other facility’s card', async () => {
    await makeCustomer(t, owner, gymId, { cardNumber: 'SHARED-1' });
    const theirs = await makeCustomer(t, other.owner, other.gymId, { name: '다른시설' });
    expectStatus(await setCard(theirs.id, 'SHARED-1', other.owner, other.gymId), 200);
    const theirsOnly = await makeCustomer(t, other.owner, other.gymId, { cardNumber: 'THEIRS-1' });
    expect(theirsOnly).toBeDefined();
    expect((await kioskCard('THEIRS-1')).outcome).toBe('UNKNOWN');
  });

  it('answers the race of two desks giving one card to two customers with one 200 and one 409', async () => {
    const a = await makeCustomer(t, owner, gymId, { name: '동시일' });
    const b = await makeCustomer(t, owner, gymId, { name: '동시이' });
    const answers = await Promise.all([setCard(a.id, 'RACE-1'), setCard(b.id, 'RACE-1')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((r) => r.statusCode === 409)!;
    expect(refused.json().reason).toBe('cardNumberTaken');
    const holders = [await cardOf(a.id), await cardOf(b.id)].filter((card) => card === 'RACE-1');
    expect(holders).toHaveLength(1);
  });
});

describe('who may set a card', () => {
  it('refuses staff without the customer-change right, another facility’s staff, and signed-out calls', async () => {
    const c = await makeCustomer(t, owner, gymId, { cardNumber: 'GUARD-1' });
    expectStatus(await setCard(c.id, 'GUARD-2', reader), 403);
    // Another facility's owner, naming their own facility or this one: no such customer for them.
    expectStatus(await setCard(c.id, 'GUARD-2', other.owner, other.gymId), 404);
    expectStatus(await setCard(c.id, 'GUARD-2', other.owner, gymId), 404);
    expectStatus(await setCard(c.id, 'GUARD-2', {} as Cookies), 401);
    expect(await cardOf(c.id)).toBe('GUARD-1');
  });
});
