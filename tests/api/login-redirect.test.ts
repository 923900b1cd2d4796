import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeSignedIn } from '../fixtures/factories.ts';

// LOGIN is served by the light sign-in entry, which makes no session call (docs/architecture.md#web-app): the server
// sends a visitor who still holds a live session on to HOME (docs/rules.md#session).
let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fitdesk-web-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>FitDesk shell</title>');
  t = await createTestApp({ webRoot: dir });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('LOGIN with a session', () => {
  it('serves the sign-in page to a visitor without a session, or with a dead one', async () => {
    for (const cookies of [{}, { sid: 'no-such-session' }] as Record<string, string>[]) {
      const response = await t.app.inject({ method: 'GET', url: '/login', cookies });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('FitDesk shell');
    }
  });

  it('sends a live session on to HOME, or to the `to` path inside the app', async () => {
    const { cookies } = await makeSignedIn(t.app);
    const home = await t.app.inject({ method: 'GET', url: '/login', cookies });
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe('/');
    expect(home.headers['cache-control']).toBe('no-store');

    const back = await t.app.inject({ method: 'GET', url: '/login/?to=%2Fprofile%3Flng%3Dko', cookies });
    expect(back.headers.location).toBe('/profile?lng=ko');
  });

  it('never redirects out of the app', async () => {
    const { cookies } = await makeSignedIn(t.app);
    for (const to of ['//evil.example', '/\\evil.example', 'https://evil.example', '/a\r\nSet-Cookie: x=1']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/login?to=${encodeURIComponent(to)}`,
        cookies,
      });
      expect(response.statusCode, to).toBe(302);
      expect(response.headers.location, to).toBe('/');
    }
  });

  it('leaves the join pages to the visitor, signed in or not', async () => {
    const { cookies } = await makeSignedIn(t.app);
    for (const url of ['/join', '/join/worker']) {
      const response = await t.app.inject({ method: 'GET', url, cookies });
      expect(response.statusCode, url).toBe(200);
    }
  });
});
