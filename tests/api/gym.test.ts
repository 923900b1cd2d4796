import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeSignedIn, randomIp, uniqueUserId } from '../fixtures/factories.ts';
import { reviewDocuments } from '../fixtures/files.ts';
import { makeActiveGym, makeGym, operatorOf, verificationInfo } from '../fixtures/gyms.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rows = async <T>(query: ReturnType<typeof sql>) =>
  (await t.db.execute(query)) as unknown as { rows: T[] };

describe('POST /web/gym (creating a facility)', () => {
  it('creates the facility, both permission sets, the assignment, the ACTIVE link and settings', async () => {
    const owner = await makeSignedIn(t.app, { authCode: 'ADMIN' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/web/gym',
      cookies: owner.cookies,
      payload: { name: '강남 피트니스' },
    });
    expect(response.statusCode).toBe(201);
    const gym = response.json().data;
    expect(gym).toMatchObject({
      name: '강남 피트니스',
      gymStatus: 'WAIT',
      businessForm: 'INDIVIDUAL',
      inactiveReason: null,
    });

    const sets = await t.app.inject({
      method: 'GET',
      url: `/web/gym-auth/list?gymId=${gym.id}`,
      cookies: owner.cookies,
    });
    const byName = Object.fromEntries(sets.json().data.map((s: { name: string }) => [s.name, s]));
    const flags = [
      'memberUseYn',
      'memberSettingYn',
      'consultUseYn',
      'consultSettingYn',
      'subServiceUseYn',
      'subServiceSettingYn',
      'adMessageUseYn',
      'adMessageSettingYn',
      'payHistoryUseYn',
      'payHistorySettingYn',
      'financeUseYn',
    ];
    expect(Object.keys(byName).sort()).toEqual(['기본 권한', '대표자']);
    const { 대표자: representative } = byName;
    const defaultSet = byName['기본 권한'];
    for (const flag of flags) {
      expect(representative[flag]).toBe(true);
      expect(defaultSet[flag]).toBe(true);
    }
    expect(representative).toMatchObject({ representYn: true, defaultYn: false });
    expect(defaultSet).toMatchObject({ representYn: false, defaultYn: true });

    const assignments = await t.app.inject({
      method: 'GET',
      url: `/web/gym-auth-member/list?gymAuthId=${representative.id}`,
      cookies: owner.cookies,
    });
    expect(assignments.json().data).toEqual([
      expect.objectContaining({
        memberId: owner.member.id,
        gymAuthId: representative.id,
        member: expect.objectContaining({ id: owner.member.id }),
      }),
    ]);
    const links = await t.app.inject({
      method: 'GET',
      url: `/web/gym-member/member/${owner.member.id}`,
      cookies: owner.cookies,
    });
    expect(links.json().data).toEqual([
      expect.objectContaining({
        gymId: gym.id,
        status: 'ACTIVE',
        workerYn: false,
        gymAuthId: representative.id,
      }),
    ]);
    const setting = await t.app.inject({
      method: 'GET',
      url: `/web/setting/gym/${gym.id}`,
      cookies: owner.cookies,
    });
    expect(setting.json().data).toMatchObject({
      gymId: gym.id,
      openTime: '06:00',
      closeTime: '23:00',
      willExpireDays: 30,
    });
    const mine = await t.app.inject({
      method: 'GET',
      url: `/web/member/gym-list/${owner.member.id}`,
      cookies: owner.cookies,
    });
    expect(mine.json().data.map((g: { id: number }) => g.id)).toEqual([gym.id]);
  });

  it('refuses a MEMBER (worker) account with 403 and creates nothing', async () => {
    const worker = await makeSignedIn(t.app, { authCode: 'MEMBER' });
    const name = `worker gym ${uniqueUserId('w')}`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/web/gym',
      cookies: worker.cookies,
      payload: { name },
    });
    expect(response.statusCode).toBe(403);
    const found = await rows<{ n: number }>(sql`select count(*)::int as n from gym where name = ${name}`);
    expect(found.rows[0]!.n).toBe(0);
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/web/gym', payload: { name: 'x' } })).statusCode).toBe(
      401,
    );
  });

  it('wants the whole verification info for a REQUEST, with field errors', async () => {
    const owner = await makeSignedIn(t.app, { authCode: 'ADMIN' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/web/gym',
      cookies: owner.cookies,
      payload: { name: 'Half done', gymStatus: 'REQUEST', businessNo: '220-81-62517' },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual(
      [
        'address',
        'addressDetail',
        'businessField',
        'businessType',
        'postNo',
        'representName',
        'businessUrlImgUrl',
        'representIdImgUrl',
      ].sort(),
    );
    const ok = await t.app.inject({
      method: 'POST',
      url: '/web/gym',
      cookies: owner.cookies,
      payload: {
        name: 'Complete',
        gymStatus: 'REQUEST',
        ...verificationInfo(),
        ...(await reviewDocuments(t.app, owner.cookies)),
      },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.gymStatus).toBe('REQUEST');
  });

  it('refuses bad values and fields the owner may not set', async () => {
    const owner = await makeSignedIn(t.app, { authCode: 'ADMIN' });
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/web/gym', cookies: owner.cookies, payload });
    expect((await post({ name: 'x', businessNo: '1234567890' })).json().errors.businessNo).toHaveLength(1);
    expect((await post({ name: 'x', postNo: '123' })).json().errors.postNo).toHaveLength(1);
    expect((await post({ name: 'x', gymStatus: 'ACTIVE' })).json().errors.gymStatus).toHaveLength(1);
    expect((await post({ name: 'x', inactiveReason: 'no' })).json().errors.inactiveReason).toHaveLength(1);
    expect((await post({ name: '' })).json().errors.name).toHaveLength(1);
  });

  it('is atomic: a failure in the middle leaves nothing behind', async () => {
    const owner = await makeSignedIn(t.app, { authCode: 'ADMIN' });
    const name = `atomic ${uniqueUserId('a')}`;
    // A real database failure at the fourth step (the owner's link), not a test branch in the server.
    await t.db.execute(sql`create or replace function fail_link() returns trigger language plpgsql as $$
      begin raise exception 'forced failure'; end $$`);
    await t.db.execute(
      sql`create trigger fail_link before insert on gym_member for each row execute function fail_link()`,
    );
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/web/gym',
        cookies: owner.cookies,
        payload: { name },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ code: 'INTERNAL' });
      expect(response.body).not.toContain('forced failure');
    } finally {
      await t.db.execute(sql`drop trigger fail_link on gym_member`);
    }
    const left = await rows<{ gyms: number; auths: number; assignments: number }>(sql`
      select (select count(*)::int from gym where name = ${name}) as gyms,
             (select count(*)::int from gym_auth a join gym g on g.id = a.gym_id where g.name = ${name}) as auths,
             (select count(*)::int from gym_auth_member where member_id = ${owner.member.id}) as assignments`);
    expect(left.rows[0]).toEqual({ gyms: 0, auths: 0, assignments: 0 });
    const retry = await t.app.inject({
      method: 'POST',
      url: '/web/gym',
      cookies: owner.cookies,
      payload: { name },
    });
    expect(retry.statusCode).toBe(201);
  });
});

describe('facility status (docs/rules.md#state-machines)', () => {
  const put = async (cookies: { sid: string }, id: number, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/web/gym/${id}`, cookies, payload });

  it('owner: WAIT → REQUEST (with the info), then the operator: REQUEST → INACTIVE with a reason, owner resubmits, operator approves', async () => {
    const { owner, gym } = await makeGym(t.app);
    const operator = await operatorOf(t);
    const missing = await put(owner.cookies, gym.id, { gymStatus: 'REQUEST' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.businessNo).toBeDefined();

    const submitted = await put(owner.cookies, gym.id, {
      ...verificationInfo(),
      ...(await reviewDocuments(t.app, owner.cookies)),
      gymStatus: 'REQUEST',
    });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().data.gymStatus).toBe('REQUEST');

    const noReason = await put(operator, gym.id, { gymStatus: 'INACTIVE' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors.inactiveReason).toHaveLength(1);
    const rejected = await put(operator, gym.id, {
      gymStatus: 'INACTIVE',
      inactiveReason: '사업자등록증이 흐립니다',
    });
    expect(rejected.json().data).toMatchObject({
      gymStatus: 'INACTIVE',
      inactiveReason: '사업자등록증이 흐립니다',
    });

    const resubmitted = await put(owner.cookies, gym.id, { gymStatus: 'REQUEST' });
    expect(resubmitted.json().data).toMatchObject({ gymStatus: 'REQUEST', inactiveReason: null });
    const approved = await put(operator, gym.id, { gymStatus: 'ACTIVE' });
    expect(approved.json().data.gymStatus).toBe('ACTIVE');
    const again = await put(owner.cookies, gym.id, { gymStatus: 'REQUEST' });
    expect(again.json().data.gymStatus).toBe('REQUEST');
  });

  it.each([
    ['WAIT', 'ACTIVE', 409],
    ['WAIT', 'INACTIVE', 409],
    ['REQUEST', 'ACTIVE', 403],
    ['REQUEST', 'INACTIVE', 403],
    ['REQUEST', 'WAIT', 409],
  ] as const)('owner %s → %s answers %i and changes nothing', async (from, to, status) => {
    const { owner, gym } = await makeGym(t.app, { status: from === 'REQUEST' ? 'REQUEST' : 'WAIT' });
    const response = await put(owner.cookies, gym.id, { gymStatus: to });
    expect(response.statusCode).toBe(status);
    if (status === 409) expect(response.json().message).toContain(from);
    if (status === 409) expect(response.json().message).toContain(to);
    const after = await t.app.inject({ method: 'GET', url: `/web/gym/${gym.id}`, cookies: owner.cookies });
    expect(after.json().data.gymStatus).toBe(from);
  });

  it.each([
    ['WAIT', 'ACTIVE', 409],
    ['ACTIVE', 'INACTIVE', 409],
    ['WAIT', 'REQUEST', 403],
    ['WAIT', 'QUIT', 403],
  ] as const)('operator %s → %s answers %i', async (from, to, status) => {
    const made = from === 'ACTIVE' ? await makeActiveGym(t) : await makeGym(t.app);
    const operator = await operatorOf(t);
    const response = await put(operator, made.gym.id, { gymStatus: to, inactiveReason: 'x' });
    expect(response.statusCode).toBe(status);
  });

  it('the owner cannot write the rejection reason: 400 on the field, and nothing changes', async () => {
    const { owner, gym } = await makeGym(t.app);
    const response = await put(owner.cookies, gym.id, { inactiveReason: 'mine', name: '새 이름' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(['inactiveReason']);
    const after = await t.app.inject({ method: 'GET', url: `/web/gym/${gym.id}`, cookies: owner.cookies });
    expect(after.json().data).toMatchObject({ inactiveReason: null, name: gym.name });
  });

  it('closing (DELETE) moves to QUIT, keeps the data, and makes it read-only', async () => {
    const { owner, gym } = await makeActiveGym(t);
    const closed = await t.app.inject({
      method: 'DELETE',
      url: `/web/gym/${gym.id}`,
      cookies: owner.cookies,
    });
    expect(closed.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: `/web/gym/${gym.id}`, cookies: owner.cookies });
    expect(after.json().data.gymStatus).toBe('QUIT');
    expect((await put(owner.cookies, gym.id, { name: 'reopen' })).statusCode).toBe(409);
    expect((await put(owner.cookies, gym.id, { gymStatus: 'REQUEST' })).statusCode).toBe(409);
    const newSet = await t.app.inject({
      method: 'POST',
      url: '/web/gym-auth',
      cookies: owner.cookies,
      payload: { gymId: gym.id, name: 'late' },
    });
    expect(newSet.statusCode).toBe(409);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/web/gym/${gym.id}`, cookies: owner.cookies }))
        .statusCode,
    ).toBe(409);
  });
});

describe('GET /web/gym (the review queue)', () => {
  it('lists REQUEST facilities to the operator only', async () => {
    const waiting = await makeGym(t.app, { status: 'REQUEST' });
    const draft = await makeGym(t.app);
    const operator = await operatorOf(t);
    const queue = await t.app.inject({
      method: 'GET',
      url: '/web/gym?gymStatus=REQUEST&_end=100',
      cookies: operator,
    });
    expect(queue.statusCode).toBe(200);
    const ids = queue.json().data.map((g: { id: number }) => g.id);
    expect(ids).toContain(waiting.gym.id);
    expect(ids).not.toContain(draft.gym.id);
    expect(queue.json().data.every((g: { gymStatus: string }) => g.gymStatus === 'REQUEST')).toBe(true);
    const owner = await t.app.inject({
      method: 'GET',
      url: '/web/gym?gymStatus=REQUEST',
      cookies: waiting.owner.cookies,
    });
    expect(owner.statusCode).toBe(403);
  });
});

describe('GET /web/gym/search (public)', () => {
  it('finds ACTIVE facilities only, ignoring whitespace, with public fields only', async () => {
    const tag = uniqueUserId('s').slice(-6);
    const active = await makeActiveGym(t, { name: `서초 파워 짐 ${tag}`, address: '서울 서초구' });
    await makeGym(t.app, { name: `서초 파워 짐 ${tag} draft` });
    await makeGym(t.app, { name: `서초 파워 짐 ${tag} review`, status: 'REQUEST' });
    for (const q of [`파워짐${tag}`, `서 초 파 워`, `  ${tag.toUpperCase()} `]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/web/gym/search?q=${encodeURIComponent(q)}`,
        remoteAddress: randomIp(),
      });
      expect(response.statusCode, q).toBe(200);
      const found = response.json().data.filter((g: { name: string }) => g.name.includes(tag));
      expect(found, q).toEqual([{ id: active.gym.id, name: `서초 파워 짐 ${tag}`, address: '서울 서초구' }]);
    }
    const none = await t.app.inject({
      method: 'GET',
      url: `/web/gym/search?q=${tag}zzz`,
      remoteAddress: randomIp(),
    });
    expect(none.json()).toEqual({ data: [], total: 0 });
  });

  it('treats % and _ as plain characters', async () => {
    const tag = uniqueUserId('p').slice(-6);
    const percent = await makeActiveGym(t, { name: `${tag} 100% 헬스` });
    await makeActiveGym(t, { name: `${tag} 100 헬스` });
    const response = await t.app.inject({
      method: 'GET',
      url: `/web/gym/search?q=${tag}100%25`,
      remoteAddress: randomIp(),
    });
    expect(response.json().data.map((g: { id: number }) => g.id)).toEqual([percent.gym.id]);
    const underscore = await t.app.inject({
      method: 'GET',
      url: `/web/gym/search?q=${tag}_`,
      remoteAddress: randomIp(),
    });
    expect(underscore.json().data).toEqual([]);
  });

  it('is rate-limited per address', async () => {
    const ip = randomIp();
    let last = 0;
    for (let i = 0; i < 61; i++)
      last = (await t.app.inject({ method: 'GET', url: '/web/gym/search?q=a', remoteAddress: ip }))
        .statusCode;
    expect(last).toBe(429);
    expect(
      (await t.app.inject({ method: 'GET', url: '/web/gym/search?q=a', remoteAddress: randomIp() }))
        .statusCode,
    ).toBe(200);
  });
});
