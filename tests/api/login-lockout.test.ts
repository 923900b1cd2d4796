import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { loginFailure } from '#server/db/schema/index.ts';
import {
  ACCOUNT_SLOW_FROM,
  ACCOUNT_SLOW_SECONDS,
  ADDRESS_SLOW_FROM,
  ADDRESS_SLOW_SECONDS,
} from '#server/modules/auth/login-throttle.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { login, makeMember, randomIp, uniqueUserId } from '../fixtures/factories.ts';

// Lockouts people understand, that no stranger can turn against the owner (docs/rules.md#login): failures count per
// account and address pair; the tries left from the pair's 3rd failure and one wait, in minutes rounded up, when the
// pair locks; the account's and the address's ceilings only slow the next attempt down.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const attempt = (app: TestApp['app'], userId: string, password: string, ip: string, language = 'en') =>
  app.inject({
    method: 'POST',
    url: '/web/member/login',
    payload: { userId, password },
    headers: { 'accept-language': language },
    remoteAddress: ip,
  });
const fail = (userId: string, ip: string, language = 'en') =>
  attempt(t.app, userId, 'wrongpass1', ip, language);

describe('failed sign-ins from one address', () => {
  it('say nothing more at the 1st and 2nd failure, the tries left at the 3rd and 4th, and lock at the 5th', async () => {
    const { userId } = await makeMember(t.app);
    const ip = randomIp();
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await fail(userId, ip));
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
      const ip = randomIp();
      for (let i = 0; i < 5; i++) await attempt(local.app, userId, 'wrongpass1', ip);
      local.clock.advance(7 * 60_000 + 30_000);
      const en = await attempt(local.app, userId, password, ip, 'en');
      expect(en.statusCode).toBe(429);
      expect(Number(en.headers['retry-after'])).toBeGreaterThanOrEqual(448);
      expect(Number(en.headers['retry-after'])).toBeLessThanOrEqual(450);
      expect(en.json()).toMatchObject({ reason: 'loginLocked', details: { retryAfterMinutes: 8 } });
      expect(en.json().message).toContain('8 min');
      expect(en.json().message).not.toMatch(/450|seconds|15/);
      const ko = await attempt(local.app, userId, password, ip, 'ko');
      expect(ko.json().message).toContain('8분 후에');
      expect(ko.json().message).not.toMatch(/450|초/);
      // About 90 s left reads 2 minutes, never 1.5 or 90 seconds.
      local.clock.advance(6 * 60_000);
      const late = await attempt(local.app, userId, password, ip, 'en');
      expect(Number(late.headers['retry-after'])).toBeGreaterThan(60);
      expect(Number(late.headers['retry-after'])).toBeLessThanOrEqual(90);
      expect(late.json().details).toEqual({ retryAfterMinutes: 2 });
      // Once the window has passed, the pair is heard again.
      local.clock.advance(2 * 60_000);
      expect((await attempt(local.app, userId, password, ip)).statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });

  it('count an unknown user id the same way, so the tries left tell nothing', async () => {
    const ghost = uniqueUserId('ghost');
    const { userId } = await makeMember(t.app);
    const ip = randomIp();
    for (let i = 0; i < 2; i++) {
      await fail(ghost, ip);
      await fail(userId, ip);
    }
    const unknown = (await fail(ghost, ip)).json();
    const known = (await fail(userId, ip)).json();
    expect(unknown.details).toEqual(known.details);
    expect(unknown.message).toBe(known.message);
    // And the lock too.
    await fail(ghost, ip);
    await fail(userId, ip);
    const lockedGhost = await fail(ghost, ip);
    const lockedKnown = await fail(userId, ip);
    expect(lockedGhost.statusCode).toBe(429);
    expect(lockedGhost.json().reason).toBe(lockedKnown.json().reason);
  });

  it('are documented with the details of the envelope, and a success clears its own count', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/web/docs/json' })).json();
    expect(Object.keys(spec.components.schemas.Error.properties)).toContain('details');
    // The right password after two failures still signs in, and clears the count.
    const { userId, password } = await makeMember(t.app);
    const ip = randomIp();
    await fail(userId, ip);
    await fail(userId, ip);
    expect((await login(t.app, userId, password, ip)).statusCode).toBe(200);
    await fail(userId, ip);
    expect((await fail(userId, ip)).json().reason).toBe('loginFailed');
  });
});

describe('a stranger guessing at an account', () => {
  it('locks only their own address: the owner signs in from theirs, and their own count is their own', async () => {
    const { userId, password } = await makeMember(t.app);
    const attacker = randomIp();
    const owner = randomIp();
    const statuses = [];
    for (let i = 0; i < 8; i++) statuses.push((await fail(userId, attacker)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429, 429, 429]);
    // The pair is throttled, even with the right password.
    const pair = await attempt(t.app, userId, password, attacker);
    expect(pair.statusCode).toBe(429);
    expect(pair.json().reason).toBe('loginLocked');
    // The owner's own mistake from their address is their 1st, not a lock.
    const slip = await fail(userId, owner);
    expect(slip.statusCode).toBe(401);
    expect(slip.json().reason).toBe('loginFailed');
    expect((await attempt(t.app, userId, password, owner)).statusCode).toBe(200);
    // The owner's success does not free the stranger's pair.
    expect((await attempt(t.app, userId, password, attacker)).statusCode).toBe(429);
  });

  it('from many addresses, past the account ceiling, only slows each attempt down and never locks the owner out', async () => {
    const local = await createTestApp();
    try {
      const { userId, password } = await makeMember(local.app);
      // Four failures per address: no pair ever locks.
      for (let i = 0; i < ACCOUNT_SLOW_FROM; i++) {
        const answer = await attempt(local.app, userId, 'wrongpass1', `10.9.${Math.floor(i / 4)}.1`);
        expect(answer.statusCode).toBe(401);
      }
      const owner = randomIp();
      const slowed = await attempt(local.app, userId, password, owner);
      expect(slowed.statusCode).toBe(429);
      expect(slowed.json()).toMatchObject({ code: 'RATE_LIMITED', reason: 'loginSlowed' });
      expect(slowed.json().requestId).toEqual(expect.any(String));
      const wait = Number(slowed.headers['retry-after']);
      expect(wait).toBeGreaterThanOrEqual(ACCOUNT_SLOW_SECONDS - 1);
      expect(wait).toBeLessThanOrEqual(ACCOUNT_SLOW_SECONDS);
      expect(slowed.json().details).toEqual({ retryAfterSeconds: wait });
      const ko = await attempt(local.app, userId, password, owner, 'ko');
      expect(ko.json().message).toContain('잠시 기다린 뒤에');
      // A refused attempt is not counted and does not push the wait further.
      local.clock.advance((ACCOUNT_SLOW_SECONDS + 1) * 1000);
      // After the wait, one attempt is heard: a stranger's failure, then the owner waits again...
      expect((await attempt(local.app, userId, 'wrongpass1', '10.9.200.1')).statusCode).toBe(401);
      expect((await attempt(local.app, userId, password, owner)).json().reason).toBe('loginSlowed');
      local.clock.advance((ACCOUNT_SLOW_SECONDS + 1) * 1000);
      // ...and then gets in with the right password.
      expect((await attempt(local.app, userId, password, owner)).statusCode).toBe(200);
      // The ceiling is the account's: another account from the same addresses is not slowed.
      const other = await makeMember(local.app);
      expect((await attempt(local.app, other.userId, other.password, '10.9.0.1')).statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });
});

describe('many failures from one address', () => {
  it('past the address ceiling slow every attempt from it a little, and lock no account', async () => {
    const local = await createTestApp();
    try {
      const office = randomIp();
      const { userId, password } = await makeMember(local.app);
      // Someone behind the office's address has sprayed passwords at other accounts (the rows, as failures leave
      // them: faster than the blanket per-minute limit lets a test send).
      const now = local.clock.now();
      await local.db.insert(loginFailure).values(
        Array.from({ length: ADDRESS_SLOW_FROM }, (_, i) => ({
          userKey: `spray${i}`,
          ip: office,
          createdAt: new Date(now.getTime() - (ADDRESS_SLOW_FROM - i) * 1000),
        })),
      );
      const slowed = await attempt(local.app, userId, password, office);
      expect(slowed.statusCode).toBe(429);
      expect(slowed.json().reason).toBe('loginSlowed');
      const wait = Number(slowed.headers['retry-after']);
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(ADDRESS_SLOW_SECONDS);
      // Another address is not slowed at all.
      expect((await attempt(local.app, userId, password, randomIp())).statusCode).toBe(200);
      // After the short wait, a colleague at the office signs in.
      local.clock.advance(ADDRESS_SLOW_SECONDS * 1000);
      expect((await attempt(local.app, userId, password, office)).statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });
});

describe('the failure count', () => {
  it('is shared by several processes on one database, and forgets what left the window', async () => {
    const local = await createTestApp();
    const other = await buildApp({
      db: local.db,
      dbKind: local.dbKind,
      clock: local.clock.now,
      config: { ...loadConfig({}), dataDir: local.dataDir, databaseUrl: undefined },
    });
    await other.ready();
    try {
      const { userId, password } = await makeMember(local.app);
      const ip = randomIp();
      for (let i = 0; i < 3; i++) await attempt(local.app, userId, 'wrongpass1', ip);
      const fourth = await attempt(other, userId, 'wrongpass1', ip);
      expect(fourth.json().details).toEqual({ remainingTries: 1 });
      expect((await attempt(other, userId, 'wrongpass1', ip)).statusCode).toBe(429);
      expect((await attempt(local.app, userId, password, ip)).statusCode).toBe(429);
      // The next failure after the window deletes every row that left it: the table stays small.
      local.clock.advance(15 * 60_000 + 1000);
      await attempt(local.app, uniqueUserId('late'), 'wrongpass1', randomIp());
      const left = await local.db.select().from(loginFailure).where(eq(loginFailure.userKey, userId));
      expect(left).toHaveLength(0);
      expect((await attempt(other, userId, password, ip)).statusCode).toBe(200);
    } finally {
      await other.close();
      await local.close();
    }
  });
});
