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

  it('refuses an Origin with the right host but another scheme, and changes nothing', async () => {
    const me = await makeSignedIn(t.app);
    // A plain-HTTP server: a page at https://localhost:3000 is another origin.
    for (const origin of ['https://localhost:3000', 'ws://localhost:3000', 'HTTPS://LOCALHOST:3000']) {
      const rename = await t.app.inject({
        method: 'PUT',
        url: `/web/member/${me.member.id}`,
        cookies: me.cookies,
        headers: { origin, host: 'localhost:3000' },
        payload: { name: 'other scheme' },
      });
      expect(rename.statusCode).toBe(403);
      expect(rename.json()).toMatchObject({
        code: 'FORBIDDEN',
        reason: 'crossSite',
        requestId: expect.any(String),
      });
    }
    // X-Forwarded-Proto is a header anyone can send: without TRUST_PROXY it changes nothing.
    const forged = await t.app.inject({
      method: 'PUT',
      url: `/web/member/${me.member.id}`,
      cookies: me.cookies,
      headers: { origin: 'https://localhost:3000', host: 'localhost:3000', 'x-forwarded-proto': 'https' },
      payload: { name: 'forged scheme' },
    });
    expect(forged.statusCode).toBe(403);
    const still = await t.app.inject({ method: 'GET', url: '/web/member/validate', cookies: me.cookies });
    expect(still.json().data.name).toBe(me.member.name);
    // The scheme's default port is the same origin, written or not.
    const defaultPort = await t.app.inject({
      method: 'POST',
      url: '/web/member/logout',
      cookies: me.cookies,
      headers: { origin: 'http://localhost', host: 'localhost:80' },
    });
    expect(defaultPort.statusCode).toBe(204);
  });

  it('behind a trusted proxy, compares the scheme the proxy reports (X-Forwarded-Proto)', async () => {
    const proxied = await createTestApp({ config: { trustProxy: true } });
    try {
      const me = await makeSignedIn(proxied.app);
      const put = (headers: Record<string, string>) =>
        proxied.app.inject({
          method: 'PUT',
          url: `/web/member/${me.member.id}`,
          cookies: me.cookies,
          headers: { host: 'gym.example', ...headers },
          payload: { name: 'through the proxy' },
        });
      // The proxy ends TLS: the page is https, the hop to the app is http.
      expect((await put({ origin: 'https://gym.example', 'x-forwarded-proto': 'https' })).statusCode).toBe(
        200,
      );
      // A plain-HTTP page is another origin than the https site.
      const plain = await put({ origin: 'http://gym.example', 'x-forwarded-proto': 'https' });
      expect(plain.statusCode).toBe(403);
      expect(plain.json().reason).toBe('crossSite');
      // With no X-Forwarded-Proto the hop's own scheme counts.
      expect((await put({ origin: 'https://gym.example' })).statusCode).toBe(403);
      expect((await put({ origin: 'http://gym.example' })).statusCode).toBe(200);
      // X-Forwarded-Host is honoured the same way.
      expect(
        (
          await put({
            origin: 'https://front.example',
            'x-forwarded-host': 'front.example',
            'x-forwarded-proto': 'https',
          })
        ).statusCode,
      ).toBe(200);
    } finally {
      await proxied.close();
    }
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
