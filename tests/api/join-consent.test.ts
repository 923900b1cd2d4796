import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_VERSIONS } from '#domain/rules/consent.ts';
import { memberConsent } from '#server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeSignedIn, randomIp, uniqueUserId } from '../fixtures/factories.ts';
import { type Cookies, operatorOf } from '../fixtures/gyms.ts';

// Consent at join (docs/rules.md#join): terms and personal data required, marketing optional, each stored with its
// document version and time; the operator reads them on the account.

let t: TestApp;
let operator: Cookies;
beforeAll(async () => {
  t = await createTestApp();
  operator = await operatorOf(t);
});
afterAll(() => t.close());

const join = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/web/member', payload, remoteAddress: randomIp() });

const base = () => ({
  userId: uniqueUserId('consent'),
  password: 'abcd1234',
  name: '김동의',
  phone: '010-2222-3333',
  authCode: 'ADMIN',
  gymName: '동의 시설',
});

const counts = async () => {
  const result = await t.db.execute(
    sql`select (select count(*) from member)::int as members, (select count(*) from member_consent)::int as consents,
        (select count(*) from gym)::int as gyms`,
  );
  return (result as unknown as { rows: unknown[] }).rows[0];
};

describe('POST /web/member: consents', () => {
  it.each([
    ['without any consents', undefined, ['consents']],
    ['without the terms', { privacy: true }, ['consents.terms']],
    ['without personal data', { terms: true }, ['consents.privacy']],
    ['with the terms refused', { terms: false, privacy: true, marketing: true }, ['consents.terms']],
    ['with personal data refused', { terms: true, privacy: false }, ['consents.privacy']],
  ])('refuses a join %s with 400 on the field, and writes nothing', async (_, consents, fields) => {
    const before = await counts();
    const payload = base();
    const response = await join(consents === undefined ? payload : { ...payload, consents });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    expect(Object.keys(response.json().errors)).toEqual(fields);
    expect(await counts()).toEqual(before);
    const taken = await t.app.inject({
      method: 'GET',
      url: `/web/member/check-userId?userId=${payload.userId}`,
    });
    expect(taken.json().data.available).toBe(true);
  });

  it("says why in the caller's language", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/web/member',
      payload: { ...base(), consents: { terms: false, privacy: true } },
      headers: { 'accept-language': 'ko' },
      remoteAddress: randomIp(),
    });
    expect(response.json().errors['consents.terms']).toEqual(['회원가입에 필요한 필수 동의입니다.']);
  });

  it('stores each consent with its document version and the time of the join', async () => {
    const response = await join({ ...base(), consents: { terms: true, privacy: true } });
    expect(response.statusCode).toBe(201);
    const id = response.json().data.id;
    const rows = await t.db.select().from(memberConsent).where(eq(memberConsent.memberId, id));
    const now = t.clock.now().getTime();
    expect(
      rows
        .map(({ kind, version, agreed }) => ({ kind, version, agreed }))
        .sort((a, b) => a.kind.localeCompare(b.kind)),
    ).toEqual([
      { kind: 'MARKETING', version: CONSENT_VERSIONS.MARKETING, agreed: false },
      { kind: 'PRIVACY', version: CONSENT_VERSIONS.PRIVACY, agreed: true },
      { kind: 'TERMS', version: CONSENT_VERSIONS.TERMS, agreed: true },
    ]);
    for (const row of rows) expect(Math.abs(row.agreedAt.getTime() - now)).toBeLessThan(5_000);
  });

  it('takes the clock for the time, and records a given marketing consent', async () => {
    const local = await createTestApp();
    try {
      local.clock.advance(3 * 24 * 60 * 60_000);
      const response = await local.app.inject({
        method: 'POST',
        url: '/web/member',
        payload: { ...base(), consents: { terms: true, privacy: true, marketing: true } },
        remoteAddress: randomIp(),
      });
      const rows = await local.db
        .select()
        .from(memberConsent)
        .where(eq(memberConsent.memberId, response.json().data.id));
      expect(rows.find((r) => r.kind === 'MARKETING')?.agreed).toBe(true);
      for (const row of rows)
        expect(Math.abs(row.agreedAt.getTime() - local.clock.now().getTime())).toBeLessThan(5_000);
    } finally {
      await local.close();
    }
  });
});

describe('GET /web/member/{id}/consents', () => {
  it("shows the operator any account's consents, the member their own, and nobody else's", async () => {
    const me = await makeSignedIn(t.app);
    const other = await makeSignedIn(t.app);
    const asOperator = await t.app.inject({
      method: 'GET',
      url: `/web/member/${me.member.id}/consents`,
      cookies: operator,
    });
    expect(asOperator.statusCode).toBe(200);
    expect(asOperator.json().data).toHaveLength(3);
    expect(asOperator.json().data[0]).toEqual({
      kind: expect.any(String),
      version: expect.any(String),
      agreed: expect.any(Boolean),
      agreedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const own = await t.app.inject({
      method: 'GET',
      url: `/web/member/${me.member.id}/consents`,
      cookies: me.cookies,
    });
    expect(own.statusCode).toBe(200);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/web/member/${me.member.id}/consents`,
      cookies: other.cookies,
    });
    expect(foreign.statusCode).toBe(404);
    const visitor = await t.app.inject({ method: 'GET', url: `/web/member/${me.member.id}/consents` });
    expect(visitor.statusCode).toBe(401);
  });
});
