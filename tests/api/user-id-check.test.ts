import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_ID_CHECK_LIMITS } from '#server/modules/member/member.routes.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeMember, randomIp, uniqueUserId } from '../fixtures/factories.ts';

// The user-id check is no free oracle (docs/rules.md#join): well-formed ids only, and few answers per address, one
// count for both spellings. The join form's "is this id free" still works.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const [perMinute, perHour] = USER_ID_CHECK_LIMITS;
const check = (app: TestApp['app'], userId: string, ip: string, path = 'check-userId', language = 'en') =>
  app.inject({
    method: 'GET',
    url: `/web/member/${path}?userId=${encodeURIComponent(userId)}`,
    headers: { 'accept-language': language },
    remoteAddress: ip,
  });

const expectLimited = (response: Awaited<ReturnType<typeof check>>) => {
  expect(response.statusCode).toBe(429);
  const body = response.json();
  expect(body).toMatchObject({
    statusCode: 429,
    code: 'RATE_LIMITED',
    reason: 'userIdCheckLimited',
    requestId: expect.any(String),
  });
  expect(body).not.toHaveProperty('data');
  const wait = Number(response.headers['retry-after']);
  expect(wait).toBeGreaterThanOrEqual(1);
  expect(body.details).toEqual({ retryAfterMinutes: Math.ceil(wait / 60) });
  return wait;
};

describe('GET /web/member/check-userId', () => {
  it('still answers the join form: taken or free, for a well-formed id', async () => {
    const { userId } = await makeMember(t.app);
    const ip = randomIp();
    expect((await check(t.app, userId, ip)).json()).toEqual({ data: { available: false } });
    expect((await check(t.app, uniqueUserId('free'), ip)).json()).toEqual({ data: { available: true } });
  });

  it.each([
    ['too short', 'abc'],
    ['too long', 'a'.repeat(21)],
    ['a space', 'ab cd'],
    ['a character a join refuses', 'demo!'],
    ['a percent-encoded wildcard', 'de%o'],
  ])('answers nothing about an id no join could take (%s): 400 on userId', async (_label, userId) => {
    const response = await check(t.app, userId, randomIp());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', requestId: expect.any(String) });
    expect(Object.keys(response.json().errors)).toEqual(['userId']);
    expect(response.json()).not.toHaveProperty('data');
  });

  it(`answers ${perMinute.max} a minute per address, both spellings together, then 429 in the envelope`, async () => {
    const local = await createTestApp();
    try {
      const ip = randomIp();
      for (let i = 0; i < perMinute.max; i++) {
        const path = i % 2 === 0 ? 'check-userId' : 'chekc-userId';
        expect((await check(local.app, uniqueUserId('walk'), ip, path)).statusCode).toBe(200);
      }
      const en = await check(local.app, 'demo', ip, 'check-userId', 'en');
      const wait = expectLimited(en);
      expect(wait).toBeLessThanOrEqual(60);
      expect(en.json().message).toContain('1 min');
      const ko = await check(local.app, 'demo', ip, 'chekc-userId', 'ko');
      expectLimited(ko);
      expect(ko.json().message).toContain('1분 후에');
      // Another address is served.
      expect((await check(local.app, 'demo', randomIp())).statusCode).toBe(200);
      // The next minute, this one too.
      local.clock.advance(60_000);
      expect((await check(local.app, 'demo', ip)).statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });

  it(`caps an address at ${perHour.max} an hour, however slowly it asks`, async () => {
    const local = await createTestApp();
    try {
      const ip = randomIp();
      let answered = 0;
      let refused: Awaited<ReturnType<typeof check>> | undefined;
      // A patient walker: just under the minute's limit, every minute.
      for (let minute = 0; minute < 10 && !refused; minute++) {
        for (let i = 0; i < perMinute.max - 1; i++) {
          const response = await check(local.app, uniqueUserId('slow'), ip);
          if (response.statusCode !== 200) {
            refused = response;
            break;
          }
          answered++;
        }
        local.clock.advance(60_000);
      }
      expect(answered).toBe(perHour.max);
      const wait = expectLimited(refused!);
      expect(wait).toBeGreaterThan(50 * 60);
      expect(wait).toBeLessThanOrEqual(60 * 60);
      local.clock.advance(wait * 1000);
      expect((await check(local.app, 'demo', ip)).statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });

  it('counts an IPv6 client by its /64 network, so walking its own addresses gains nothing', async () => {
    const local = await createTestApp();
    try {
      for (let i = 0; i < perMinute.max; i++) {
        expect(
          (await check(local.app, uniqueUserId('six'), `2001:db8:1:2::${(i + 1).toString(16)}`)).statusCode,
        ).toBe(200);
      }
      expectLimited(await check(local.app, 'demo', '2001:db8:1:2:ffff:ffff:ffff:fffe'));
      expect((await check(local.app, 'demo', '2001:db8:1:3::1')).statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });
});
