import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import {
  login,
  makeMember,
  makeSignedIn,
  randomIp,
  sessionCookieOf,
  uniqueUserId,
} from '../fixtures/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const validate = (sid?: string) =>
  t.app.inject({ method: 'GET', url: '/web/member/validate', cookies: sid ? { sid } : {} });

describe('POST /web/member/login', () => {
  it('signs in with the HttpOnly, SameSite=Lax session cookie and returns the member', async () => {
    const { userId, password, member } = await makeMember(t.app);
    const response = await login(t.app, userId, password, randomIp());
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: member.id, userId });
    expect(response.body).not.toMatch(/argon2|passwordHash/);
    const cookie = response.cookies.find((c) => c.name === 'sid')!;
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    expect((await validate(cookie.value)).json().data.id).toBe(member.id);
  });

  it('accepts the userId in any letter case', async () => {
    const { userId, password } = await makeMember(t.app);
    expect((await login(t.app, userId.toUpperCase(), password, randomIp())).statusCode).toBe(200);
  });

  it('stores only a hash of the session token', async () => {
    const { sid } = await makeSignedIn(t.app);
    const result = await t.db.execute(sql`select token_hash from session`);
    const hashes = (result as unknown as { rows: { token_hash: string }[] }).rows.map((r) => r.token_hash);
    expect(hashes).not.toContain(sid);
    expect(hashes.every((h) => /^[0-9a-f]{64}$/.test(h))).toBe(true);
  });

  it('gives one message whether the user is unknown or the password wrong', async () => {
    const { userId } = await makeMember(t.app);
    const wrong = await login(t.app, userId, 'wrongpass1', randomIp());
    const unknown = await login(t.app, uniqueUserId('ghost'), 'wrongpass1', randomIp());
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
    expect(wrong.json().code).toBe('UNAUTHENTICATED');
    expect(sessionCookieOf(wrong)).toBeUndefined();
  });

  it('allows 5 failures per account and address in 15 minutes, then answers 429 with Retry-After, even to the right password', async () => {
    const { userId, password } = await makeMember(t.app);
    const ip = randomIp();
    for (let i = 0; i < 4; i++) {
      expect((await login(t.app, userId, `wrong${i}pass`, ip)).statusCode).toBe(401);
    }
    // The 5th failure uses the last try: its answer is the lock itself.
    expect((await login(t.app, userId, 'wrong4pass', ip)).statusCode).toBe(429);
    const limited = await login(t.app, userId, password, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(limited.json().message).toContain(`${Math.ceil(retryAfter / 60)} min`);
    // The lock is that address's only (docs/rules.md#login).
    expect((await login(t.app, userId, password, randomIp())).statusCode).toBe(200);
  });

  it('lets the address in again once the window has passed, and a success clears the count', async () => {
    const local = await createTestApp();
    try {
      const { userId, password } = await makeMember(local.app);
      const ip = randomIp();
      for (let i = 0; i < 5; i++) await login(local.app, userId, 'wrongpass1', ip);
      expect((await login(local.app, userId, password, ip)).statusCode).toBe(429);
      local.clock.advance(15 * 60_000 + 1000);
      expect((await login(local.app, userId, password, ip)).statusCode).toBe(200);
      for (let i = 0; i < 4; i++) await login(local.app, userId, 'wrongpass1', ip);
      expect((await login(local.app, userId, password, ip)).statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });

  it('rotates the session: a token presented at login is ended', async () => {
    const { userId, password, sid } = await makeSignedIn(t.app);
    const again = await t.app.inject({
      method: 'POST',
      url: '/web/member/login',
      payload: { userId, password },
      cookies: { sid },
      remoteAddress: randomIp(),
    });
    const next = sessionCookieOf(again)!;
    expect(next).not.toBe(sid);
    expect((await validate(sid)).statusCode).toBe(401);
    expect((await validate(next)).statusCode).toBe(200);
  });

  it('refuses bad input with field errors', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/web/member/login',
      payload: { userId: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual(['password', 'userId']);
  });
});

describe('GET /web/member/validate and POST /web/member/logout', () => {
  it('answers 401 without a session, or with a made-up one', async () => {
    expect((await validate()).statusCode).toBe(401);
    const fake = await validate('A'.repeat(43));
    expect(fake.statusCode).toBe(401);
    expect(fake.json().code).toBe('UNAUTHENTICATED');
  });

  it('logs out: deletes the session and clears the cookie', async () => {
    const { sid } = await makeSignedIn(t.app);
    const response = await t.app.inject({ method: 'POST', url: '/web/member/logout', cookies: { sid } });
    expect(response.statusCode).toBe(204);
    const cleared = response.cookies.find((c) => c.name === 'sid')!;
    expect(cleared.value).toBe('');
    expect(new Date(cleared.expires!).getTime()).toBeLessThan(Date.now());
    expect((await validate(sid)).statusCode).toBe(401);
  });
});

describe('session lifetime', () => {
  it('expires after 2 hours idle, and says so', async () => {
    const local = await createTestApp();
    try {
      const { sid } = await makeSignedIn(local.app);
      local.clock.advance(119 * 60_000);
      expect(
        (await local.app.inject({ method: 'GET', url: '/web/member/validate', cookies: { sid } })).statusCode,
      ).toBe(200);
      local.clock.advance(121 * 60_000);
      const expired = await local.app.inject({
        method: 'GET',
        url: '/web/member/validate',
        cookies: { sid },
      });
      expect(expired.statusCode).toBe(401);
      expect(expired.json().message).toMatch(/expired/i);
    } finally {
      await local.close();
    }
  });

  it('expires 12 hours after sign-in however active it is', async () => {
    const local = await createTestApp();
    try {
      const { sid } = await makeSignedIn(local.app);
      for (let hour = 1; hour <= 11; hour++) {
        local.clock.advance(60 * 60_000);
        const ok = await local.app.inject({ method: 'GET', url: '/web/member/validate', cookies: { sid } });
        expect(ok.statusCode, `hour ${hour}`).toBe(200);
      }
      local.clock.advance(61 * 60_000);
      const expired = await local.app.inject({
        method: 'GET',
        url: '/web/member/validate',
        cookies: { sid },
      });
      expect(expired.statusCode).toBe(401);
    } finally {
      await local.close();
    }
  });
});
