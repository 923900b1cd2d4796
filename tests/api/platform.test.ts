import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('platform', () => {
  it('answers health with the database kind', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/web/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: { status: 'ok', db: t.dbKind } });
  });

  it('answers an unknown /web path with a JSON 404 in the error envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/web/no-such-thing' });
    expect(response.statusCode).toBe(404);
    const body = response.json();
    expect(body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    expect(body.message).toContain('/web/no-such-thing');
    expect(body.requestId).toBe(response.headers['x-request-id']);
  });

  it('sends security headers on every response', async () => {
    for (const url of ['/web/health', '/web/missing', '/anything']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('tells the web app that no outside script is configured, and keeps them out of the CSP', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/web/app-config' });
    expect(response.json()).toEqual({ data: { kakaoJsKey: null, chatPluginKey: null } });
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self';");
    // Same-origin frames only: the operator's document viewer.
    expect(csp).toMatch(/(^|;)frame-src 'self'(;|$)/);
    expect(csp).not.toMatch(/kakao|channel\.io/);
  });

  it('hands out the configured keys and lets only their hosts into the CSP', async () => {
    const local = await createTestApp({ config: { kakaoJsKey: 'kakao-key', chatPluginKey: 'chat-key' } });
    try {
      const response = await local.app.inject({ method: 'GET', url: '/web/app-config' });
      expect(response.json()).toEqual({ data: { kakaoJsKey: 'kakao-key', chatPluginKey: 'chat-key' } });
      const csp = response.headers['content-security-policy'] as string;
      expect(csp).toContain("script-src 'self' https://t1.kakaocdn.net https://cdn.channel.io");
      expect(csp).toContain("frame-src 'self' https://*.kakao.com https://*.channel.io");
    } finally {
      await local.close();
    }
  });

  it('publishes an OpenAPI document generated from the route schemas, and its UI', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/web/docs/json' });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/web/health',
        '/web/member',
        '/web/member/login',
        '/web/member/logout',
        '/web/member/validate',
        '/web/member/{id}',
        '/web/member/{id}/password',
        '/web/member/chekc-userId',
        '/web/member/check-userId',
      ]),
    );
    const joinBody = spec.paths['/web/member'].post.requestBody.content['application/json'].schema;
    expect(joinBody.$ref).toBe('#/components/schemas/MemberJoinInput');
    expect(Object.keys(spec.components.schemas.MemberJoinInput.properties)).toEqual(
      expect.arrayContaining(['userId', 'password', 'name', 'phone', 'email', 'authCode']),
    );
    const ui = await t.app.inject({ method: 'GET', url: '/web/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('refuses a body that is not JSON with 400, and a foreign content type with 415', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/web/member/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"userId": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('VALIDATION_FAILED');

    const text = await t.app.inject({
      method: 'POST',
      url: '/web/member/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'userId=a',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses an oversized JSON body with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/web/member',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('the built web app', () => {
  let web: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fitdesk-web-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>FitDesk shell</title>');
    writeFileSync(join(dir, 'robots.txt'), 'User-agent: *');
    web = await createTestApp({ webRoot: dir });
  });
  afterAll(async () => {
    await web.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves index.html at / and for every non-/web path', async () => {
    for (const url of ['/', '/login', '/memberManage/list?x=1', '/deep/link/page']) {
      const response = await web.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('FitDesk shell');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves static files as they are', async () => {
    const response = await web.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('User-agent: *');
  });

  it('keeps /web paths as JSON, never the app', async () => {
    const response = await web.app.inject({ method: 'GET', url: '/web/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });
});
