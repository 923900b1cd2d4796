import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeSignedIn } from '../fixtures/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('cross-site request refusal', () => {
  it.each([
    ['an Origin of another site', { origin: 'https://evil.example', host: 'localhost:3000' }],
    ['a null Origin', { origin: 'null', host: 'localhost:3000' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site', host: 'localhost:3000' }],
  ])('refuses a POST/PUT/DELETE with %s, and changes nothing', async (_label, headers) => {
    const me = await makeSignedIn(t.app);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/web/member/logout',
      cookies: me.cookies,
      headers,
    });
    expect(logout.statusCode).toBe(403);
    expect(logout.json().code).toBe('FORBIDDEN');
    const rename = await t.app.inject({
      method: 'PUT',
      url: `/web/member/${me.member.id}`,
      cookies: me.cookies,
      headers,
      payload: { name: 'changed' },
    });
    expect(rename.statusCode).toBe(403);
    const still = await t.app.inject({ method: 'GET', url: '/web/member/validate', cookies: me.cookies });
    expect(still.statusCode).toBe(200);
    expect(still.json().data.name).toBe(me.member.name);
  });

  it('accepts same-origin requests and requests with no browser markers', async () => {
    const me = await makeSignedIn(t.app);
    const same = await t.app.inject({
      method: 'PUT',
      url: `/web/member/${me.member.id}`,
      cookies: me.cookies,
      headers: { origin: 'http://localhost:3000', host: 'localhost:3000', 'sec-fetch-site': 'same-origin' },
      payload: { name: 'same origin' },
    });
    expect(same.statusCode).toBe(200);
    const plain = await t.app.inject({ method: 'POST', url: '/web/member/logout', cookies: me.cookies });
    expect(plain.statusCode).toBe(204);
  });

  it('leaves GET requests alone', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/web/health',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(200);
  });
});
