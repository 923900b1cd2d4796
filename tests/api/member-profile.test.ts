import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemberRepository } from '#server/modules/member/member.repository.ts';
import { bootstrapSuperadmin } from '#server/seed/seed.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { login, makeSignedIn, randomIp, sessionCookieOf } from '../fixtures/factories.ts';
import { injectAs } from '../fixtures/inject.ts';

let t: TestApp;
let superSid: string;
beforeAll(async () => {
  t = await createTestApp();
  await bootstrapSuperadmin(createMemberRepository(t.db), { userId: 'operator', password: 'operator123' });
  superSid = sessionCookieOf(await login(t.app, 'operator', 'operator123'))!;
});
afterAll(() => t.close());

describe('GET /web/member/{id}', () => {
  it('answers your own record', async () => {
    const made = await makeSignedIn(t.app);
    const me = await injectAs(t.app, made);
    const response = await me.get(`/web/member/${made.member.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual(made.member);
  });

  it("answers 404 for someone else's record, and for one that does not exist", async () => {
    const me = await injectAs(t.app, await makeSignedIn(t.app));
    const other = await makeSignedIn(t.app);
    for (const id of [other.member.id, 999_999]) {
      const response = await me.get(`/web/member/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
  });

  it('answers 401 without a session, and 400 for an id that is not a number', async () => {
    const made = await makeSignedIn(t.app);
    const visitor = await injectAs(t.app, null);
    expect((await visitor.get(`/web/member/${made.member.id}`)).statusCode).toBe(401);
    const bad = await (await injectAs(t.app, made)).get('/web/member/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.id).toBeDefined();
  });

  it('answers any record to a SUPERADMIN', async () => {
    const other = await makeSignedIn(t.app);
    const operator = await injectAs(t.app, { cookies: { sid: superSid } });
    const response = await operator.get(`/web/member/${other.member.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.userId).toBe(other.userId);
  });
});

describe('PUT /web/member/{id}', () => {
  it('edits your own profile fields', async () => {
    const me = await makeSignedIn(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/web/member/${me.member.id}`,
      cookies: me.cookies,
      payload: {
        name: '새 이름',
        phone: '02-1234-5678',
        email: 'me@example.com',
        gender: 'FEMALE',
        birthDate: '1990-05-01',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      name: '새 이름',
      phone: '0212345678',
      email: 'me@example.com',
      gender: 'FEMALE',
      birthDate: '1990-05-01',
    });
  });

  it('never changes userId, authCode or status: those fields are refused and nothing changes', async () => {
    const me = await makeSignedIn(t.app, { authCode: 'MEMBER' });
    for (const patch of [
      { userId: 'taken' },
      { authCode: 'SUPERADMIN' },
      { status: 'QUIT' },
      { name: 'ok', authCode: 'ADMIN' },
    ]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/web/member/${me.member.id}`,
        cookies: me.cookies,
        payload: patch,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    const after = await t.app.inject({
      method: 'GET',
      url: `/web/member/${me.member.id}`,
      cookies: me.cookies,
    });
    expect(after.json().data).toEqual(me.member);
  });

  it("answers 404 for another member's profile and changes nothing", async () => {
    const me = await makeSignedIn(t.app);
    const other = await makeSignedIn(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/web/member/${other.member.id}`,
      cookies: me.cookies,
      payload: { name: 'hacked' },
    });
    expect(response.statusCode).toBe(404);
    const after = await t.app.inject({
      method: 'GET',
      url: `/web/member/${other.member.id}`,
      cookies: other.cookies,
    });
    expect(after.json().data.name).toBe(other.member.name);
  });

  it('refuses bad values with field errors', async () => {
    const me = await makeSignedIn(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/web/member/${me.member.id}`,
      cookies: me.cookies,
      payload: { phone: '123', birthDate: '1990/05/01', gender: 'OTHER', name: 'x'.repeat(51) },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual(['birthDate', 'gender', 'name', 'phone']);
  });
});

describe('PUT /web/member/{id}/password', () => {
  it("changes the password and ends the account's other sessions, keeping this one", async () => {
    const me = await makeSignedIn(t.app);
    const elsewhere = sessionCookieOf(await login(t.app, me.userId, me.password, randomIp()))!;
    const response = await t.app.inject({
      method: 'PUT',
      url: `/web/member/${me.member.id}/password`,
      cookies: me.cookies,
      payload: { currentPassword: me.password, newPassword: 'brandnew99' },
    });
    expect(response.statusCode).toBe(200);
    const validate = (sid: string) =>
      t.app.inject({ method: 'GET', url: '/web/member/validate', cookies: { sid } });
    expect((await validate(me.sid)).statusCode).toBe(200);
    expect((await validate(elsewhere)).statusCode).toBe(401);
    expect((await login(t.app, me.userId, me.password, randomIp())).statusCode).toBe(401);
    expect((await login(t.app, me.userId, 'brandnew99', randomIp())).statusCode).toBe(200);
  });

  it('refuses a wrong current password, a weak new one, and the same one', async () => {
    const me = await makeSignedIn(t.app);
    const put = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/web/member/${me.member.id}/password`,
        cookies: me.cookies,
        payload,
      });
    const wrong = await put({ currentPassword: 'notmine123', newPassword: 'brandnew99' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.currentPassword).toHaveLength(1);
    expect(
      (await put({ currentPassword: me.password, newPassword: 'weak' })).json().errors.newPassword,
    ).toHaveLength(1);
    expect(
      (await put({ currentPassword: me.password, newPassword: me.password })).json().errors.newPassword,
    ).toHaveLength(1);
    expect((await login(t.app, me.userId, me.password, randomIp())).statusCode).toBe(200);
  });

  it("answers 404 for another member's password", async () => {
    const me = await makeSignedIn(t.app);
    const other = await makeSignedIn(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/web/member/${other.member.id}/password`,
      cookies: me.cookies,
      payload: { currentPassword: other.password, newPassword: 'brandnew99' },
    });
    expect(response.statusCode).toBe(404);
  });
});
