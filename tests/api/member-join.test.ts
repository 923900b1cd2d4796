import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { login, makeMember, randomIp, sessionCookieOf, uniqueUserId } from '../fixtures/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const join = (payload: unknown, headers: Record<string, string> = {}, remoteAddress = randomIp()) =>
  t.app.inject({ method: 'POST', url: '/web/member', payload: payload as object, headers, remoteAddress });

const valid = () => ({
  userId: uniqueUserId('join'),
  password: 'abcd1234',
  name: '김대표',
  phone: '010-2222-3333',
  authCode: 'ADMIN',
  consents: { terms: true, privacy: true },
});

const countMembers = async () => {
  const result = await t.db.execute(sql`select count(*)::int as n from member`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
};

describe('POST /web/member (join)', () => {
  it('creates an account and never returns a password hash', async () => {
    const payload = valid();
    const response = await join(payload);
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({
      userId: payload.userId,
      name: '김대표',
      phone: '01022223333',
      authCode: 'ADMIN',
      status: 'ACTIVE',
    });
    expect(typeof data.id).toBe('number');
    expect(response.body).not.toMatch(/argon2|passwordHash|password/i);
  });

  it('creates worker (MEMBER) accounts too', async () => {
    const response = await join({ ...valid(), authCode: 'MEMBER' });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.authCode).toBe('MEMBER');
  });

  it('answers 409 for a userId taken in any letter case, and creates nothing', async () => {
    const { userId } = await makeMember(t.app);
    const before = await countMembers();
    const response = await join({ ...valid(), userId: userId.toUpperCase() });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT', errors: { userId: [expect.any(String)] } });
    expect(await countMembers()).toBe(before);
  });

  it('refuses authCode SUPERADMIN with 400', async () => {
    const response = await join({ ...valid(), authCode: 'SUPERADMIN' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { authCode: [expect.any(String)] },
    });
  });

  it('refuses fields the caller may not set with 400 naming them', async () => {
    const response = await join({ ...valid(), status: 'ACTIVE', id: 1, passwordHash: 'x' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual(['id', 'passwordHash', 'status']);
  });

  it.each([
    ['userId', 'abc'],
    ['userId', 'has space'],
    ['userId', 'a'.repeat(21)],
    ['userId', '한글아이디'],
    ['password', 'short1'],
    ['password', 'lettersonly'],
    ['password', '1234567890'],
    ['phone', '010-123-456'],
    ['phone', '010123456789'],
    ['email', 'not-an-email'],
    ['name', '   '],
    ['authCode', 'OWNER'],
  ])('refuses %s = %j with a field error', async (field, value) => {
    const before = await countMembers();
    const response = await join({ ...valid(), [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toHaveLength(1);
    expect(await countMembers()).toBe(before);
  });

  it('accepts the boundaries of the rules', async () => {
    for (const userId of [
      `a.b_${uniqueUserId('').slice(-4)}`,
      `x${'y'.repeat(14)}${Date.now() % 100000}`.slice(0, 20),
    ]) {
      const response = await join({ ...valid(), userId, phone: '0212345678', password: 'a1234567' });
      expect(response.statusCode, userId).toBe(201);
    }
  });

  it('says which fields are missing, and says it in Korean when asked', async () => {
    const en = await join({});
    expect(en.statusCode).toBe(400);
    expect(en.json().errors).toMatchObject({
      userId: ['This field is required.'],
      password: ['This field is required.'],
      name: ['This field is required.'],
      phone: ['This field is required.'],
      authCode: ['This field is required.'],
    });
    const ko = await join(
      { ...valid(), password: 'short' },
      { 'accept-language': 'ko-KR,ko;q=0.9,en;q=0.8' },
    );
    expect(ko.json().message).toBe('입력값을 확인해 주세요.');
    expect(ko.json().errors.password).toEqual(['영문과 숫자를 포함해 8자 이상 입력해 주세요.']);
  });

  it('limits joins from one address', async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await join(valid(), {}, ip)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    const limited = await join(valid(), {}, ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect((await join(valid(), {}, randomIp())).statusCode).toBe(201);
  });

  it('refuses wrong types', async () => {
    const response = await join({ ...valid(), userId: 12345, phone: ['010'] });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual(['phone', 'userId']);
  });
});

describe('POST /web/member with gymName (the draft on join, docs/rules.md#facilities)', () => {
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
  const gymsNamed = async (name: string) =>
    (await rows<{ n: number }>(sql`select count(*)::int as n from gym where name = ${name}`))[0]!.n;
  const membersNamed = async (userId: string) =>
    (await rows<{ n: number }>(sql`select count(*)::int as n from member where user_id = ${userId}`))[0]!.n;

  it('creates the account and a WAIT facility with both permission sets, the assignment and the ACTIVE owner link', async () => {
    const payload = { ...valid(), gymName: '  핏데스크 합정점  ' };
    const response = await join(payload);
    expect(response.statusCode, response.body).toBe(201);
    const member = response.json().data;
    expect(member).toMatchObject({ userId: payload.userId, authCode: 'ADMIN' });
    expect(member).not.toHaveProperty('gymName');

    const sid = sessionCookieOf(await login(t.app, payload.userId, payload.password, randomIp()))!;
    const gyms = (
      await t.app.inject({ method: 'GET', url: `/web/member/gym-list/${member.id}`, cookies: { sid } })
    ).json().data;
    expect(gyms).toEqual([
      expect.objectContaining({ name: '핏데스크 합정점', gymStatus: 'WAIT', inactiveReason: null }),
    ]);
    const gymId = gyms[0].id as number;
    const sets = await rows<{ id: number; representYn: boolean; defaultYn: boolean }>(
      sql`select id, represent_yn as "representYn", default_yn as "defaultYn" from gym_auth where gym_id = ${gymId} order by id`,
    );
    expect(sets.map((s) => [s.representYn, s.defaultYn])).toEqual([
      [true, false],
      [false, true],
    ]);
    const links = await rows<{ member_id: number; status: string; worker_yn: boolean; gym_auth_id: number }>(
      sql`select member_id, status, worker_yn, gym_auth_id from gym_member where gym_id = ${gymId}`,
    );
    expect(links).toEqual([
      { member_id: member.id, status: 'ACTIVE', worker_yn: false, gym_auth_id: sets[0]!.id },
    ]);
    const assignments = await rows<{ member_id: number; gym_auth_id: number }>(
      sql`select member_id, gym_auth_id from gym_auth_member where gym_id = ${gymId}`,
    );
    expect(assignments).toEqual([{ member_id: member.id, gym_auth_id: sets[0]!.id }]);
    // The owner is the facility's representative at once: its settings answer.
    const setting = await t.app.inject({ method: 'GET', url: `/web/setting/gym/${gymId}`, cookies: { sid } });
    expect(setting.statusCode).toBe(200);
  });

  it('without gymName a representative gets only the account', async () => {
    const payload = valid();
    const response = await join(payload);
    expect(response.statusCode).toBe(201);
    const links = await rows<{ n: number }>(
      sql`select count(*)::int as n from gym_member where member_id = ${response.json().data.id}`,
    );
    expect(links[0]!.n).toBe(0);
  });

  it('refuses gymName from a worker (MEMBER) account, and a blank or long one, creating nothing', async () => {
    for (const [payload, lang, message] of [
      [
        { ...valid(), authCode: 'MEMBER', gymName: '직원의 시설' },
        'en',
        'Only representative accounts register a facility when they join.',
      ],
      [
        { ...valid(), authCode: 'MEMBER', gymName: '직원의 시설' },
        'ko',
        '대표자 계정만 가입할 때 시설을 등록할 수 있습니다.',
      ],
      [{ ...valid(), gymName: '   ' }, 'en', 'This field is required.'],
      [{ ...valid(), gymName: 'x'.repeat(101) }, 'en', 'Use at most 100 characters.'],
    ] as const) {
      const response = await join(payload, { 'accept-language': lang });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ gymName: [message] });
      expect(await membersNamed(payload.userId)).toBe(0);
    }
    expect(await gymsNamed('직원의 시설')).toBe(0);
  });

  it('a taken userId answers 409 and creates no facility', async () => {
    const { userId } = await makeMember(t.app);
    const name = `dup ${uniqueUserId('g')}`;
    const response = await join({ ...valid(), userId, gymName: name });
    expect(response.statusCode).toBe(409);
    expect(await gymsNamed(name)).toBe(0);
  });

  it('is one transaction: a failure creating the facility leaves no account behind either', async () => {
    const payload = { ...valid(), gymName: `atomic ${uniqueUserId('g')}` };
    // A real database failure at the owner's link, the last step but one; not a test branch in the server.
    await t.db.execute(sql`create or replace function fail_join_link() returns trigger language plpgsql as $$
      begin raise exception 'forced failure'; end $$`);
    await t.db.execute(
      sql`create trigger fail_join_link before insert on gym_member for each row execute function fail_join_link()`,
    );
    try {
      const response = await join(payload);
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain('forced failure');
    } finally {
      await t.db.execute(sql`drop trigger fail_join_link on gym_member`);
    }
    expect(await membersNamed(payload.userId)).toBe(0);
    expect(await gymsNamed(payload.gymName)).toBe(0);
    const retry = await join(payload);
    expect(retry.statusCode).toBe(201);
    expect(await gymsNamed(payload.gymName)).toBe(1);
  });
});

describe('GET /web/member/check-userId', () => {
  it.each(['check-userId', 'chekc-userId'])('answers availability on /web/member/%s', async (path) => {
    const { userId } = await makeMember(t.app);
    const taken = await t.app.inject({
      method: 'GET',
      url: `/web/member/${path}?userId=${userId.toUpperCase()}`,
    });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ data: { available: false } });
    const free = await t.app.inject({
      method: 'GET',
      url: `/web/member/${path}?userId=${uniqueUserId('free')}`,
    });
    expect(free.json()).toEqual({ data: { available: true } });
  });

  it('requires the userId parameter', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/web/member/check-userId' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.userId).toEqual(['This field is required.']);
  });
});
