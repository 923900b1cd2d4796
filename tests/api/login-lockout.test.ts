import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { login, makeMember, randomIp, uniqueUserId } from '../fixtures/factories.ts';

// Lockouts people understand (docs/rules.md#login): the tries left from the 3rd failure, and one wait, in
// minutes rounded up, when the account locks; the figures ride in the envelope's details.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const fail = (userId: string, language = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/web/member/login',
    payload: { userId, password: 'wrongpass1' },
    headers: { 'accept-language': language },
    remoteAddress: randomIp(),
  });

describe('failed sign-ins', () => {
  it('say nothing more at the 1st and 2nd failure, the tries left at the 3rd and 4th, and lock at the 5th', async () => {
    const { userId } = await makeMember(t.app);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await fail(userId));
    const [first, second, third, fourth, fifth] = answers.map((r) => ({
      status: r.statusCode,
      body: r.json(),
      retryAfter: r.headers['retry-after'],
    }));
    for (const plain of [first!, second!]) {
      expect(plain.status).toBe(401);
      expect(plain.body.reason).toBe('loginFailed');
      expect(plain.body).not.toHaveProperty('details');
    }
    expect(third!.status).toBe(401);
    expect(third!.body).toMatchObject({ reason: 'loginFailedTriesLeft', details: { remainingTries: 2 } });
    expect(third!.body.message).toContain('2 tries left');
    expect(fourth!.body).toMatchObject({ reason: 'loginFailedTriesLeft', details: { remainingTries: 1 } });
    expect(fifth!.status).toBe(429);
    expect(fifth!.body).toMatchObject({
      code: 'RATE_LIMITED',
      reason: 'loginLocked',
      details: { retryAfterMinutes: 15 },
    });
    // The real clock ticks under the test's: a second may pass.
    expect(Number(fifth!.retryAfter)).toBeGreaterThanOrEqual(899);
    expect(Number(fifth!.retryAfter)).toBeLessThanOrEqual(900);
  });

  it('at the 6th attempt give one time, in minutes rounded up, in both languages, and keep Retry-After', async () => {
    const local = await createTestApp();
    try {
      const { userId, password } = await makeMember(local.app);
      const attempt = (pass: string, language: string) =>
        local.app.inject({
          method: 'POST',
          url: '/web/member/login',
          payload: { userId, password: pass },
          headers: { 'accept-language': language },
          remoteAddress: randomIp(),
        });
      for (let i = 0; i < 5; i++) await attempt('wrongpass1', 'en');
      local.clock.advance(7 * 60_000 + 30_000);
      const en = await attempt(password, 'en');
      expect(en.statusCode).toBe(429);
      expect(Number(en.headers['retry-after'])).toBeGreaterThanOrEqual(448);
      expect(Number(en.headers['retry-after'])).toBeLessThanOrEqual(450);
      expect(en.json()).toMatchObject({ reason: 'loginLocked', details: { retryAfterMinutes: 8 } });
      expect(en.json().message).toContain('8 min');
      expect(en.json().message).not.toMatch(/450|seconds|15/);
      const ko = await attempt(password, 'ko');
      expect(ko.json().message).toContain('8분 후에');
      expect(ko.json().message).not.toMatch(/450|초/);
      // About 90 s left reads 2 minutes, never 1.5 or 90 seconds.
      local.clock.advance(6 * 60_000);
      const late = await attempt(password, 'en');
      expect(Number(late.headers['retry-after'])).toBeGreaterThan(60);
      expect(Number(late.headers['retry-after'])).toBeLessThanOrEqual(90);
      expect(late.json().details).toEqual({ retryAfterMinutes: 2 });
    } finally {
      await local.close();
    }
  });

  it('count an unknown user id the same way, so the tries left tell nothing', async () => {
    const ghost = uniqueUserId('ghost');
    const { userId } = await makeMember(t.app);
    for (let i = 0; i < 2; i++) {
      await fail(ghost);
      await fail(userId);
    }
    const unknown = (await fail(ghost)).json();
    const known = (await fail(userId)).json();
    expect(unknown.details).toEqual(known.details);
    expect(unknown.message).toBe(known.message);
  });

  it('are documented with the details of the envelope', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/web/docs/json' })).json();
    expect(Object.keys(spec.components.schemas.Error.properties)).toContain('details');
    // The right password after two failures still signs in, and clears the count.
    const { userId, password } = await makeMember(t.app);
    await fail(userId);
    await fail(userId);
    expect((await login(t.app, userId, password, randomIp())).statusCode).toBe(200);
    expect((await fail(userId)).json().reason).toBe('loginFailed');
  });
});
