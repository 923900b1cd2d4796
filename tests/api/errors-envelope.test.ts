import { describe, expect, it } from 'vitest';
import { errorCodes, errorEnvelopeSchema } from '#domain/errors.ts';
import { setupTestApp } from '#tests/fixtures/app.ts';
import { makeSignedIn } from '#tests/fixtures/factories.ts';
import { makeActiveGym } from '#tests/fixtures/gyms.ts';
import { injectAs } from '#tests/fixtures/inject.ts';

// The error envelope (docs/architecture.md#api-contract): every refusal names its code, the status the code stands
// for in domain/errors.ts, and `reason`, the message key behind the translated message.

const app = setupTestApp();

const envelopeOf = (response: { statusCode: number; json: () => unknown }) => {
  const body = errorEnvelopeSchema.strict().parse(response.json());
  expect(body.statusCode).toBe(response.statusCode);
  expect(errorCodes[body.code]).toBe(response.statusCode);
  return body;
};

describe('the error envelope', () => {
  it('names the reason of a refused second join request, in either language', async () => {
    const { gym } = await makeActiveGym(app());
    const worker = await injectAs(app().app, await makeSignedIn(app().app, { authCode: 'MEMBER' }));
    expect((await worker.post('/web/gym-member/worker', { gymId: gym.id })).statusCode).toBe(201);
    for (const language of ['en', 'ko']) {
      const again = await worker.post(
        '/web/gym-member/worker',
        { gymId: gym.id },
        { headers: { 'accept-language': language } },
      );
      const body = envelopeOf(again);
      expect(body).toMatchObject({ statusCode: 409, code: 'CONFLICT', reason: 'joinAlreadyRequested' });
    }
  });

  it('names crossSite, VALIDATION_FAILED, routeNotFound, UNAUTHENTICATED and badJson', async () => {
    const me = await injectAs(app().app, await makeSignedIn(app().app));
    const cross = await me.post('/web/member/logout', undefined, {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(envelopeOf(cross)).toMatchObject({ code: 'FORBIDDEN', reason: 'crossSite' });

    const invalid = await me.post('/web/gym-member/worker', { gymId: 'x' });
    expect(envelopeOf(invalid)).toMatchObject({
      code: 'VALIDATION_FAILED',
      reason: 'VALIDATION_FAILED',
      errors: { gymId: [expect.any(String)] },
    });

    const unknown = await me.get('/web/no-such-route');
    expect(envelopeOf(unknown)).toMatchObject({ code: 'NOT_FOUND', reason: 'routeNotFound' });

    const visitor = await app().app.inject({ method: 'GET', url: '/web/gym-auth/list' });
    expect(envelopeOf(visitor)).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'UNAUTHENTICATED' });

    const badJson = await me({
      method: 'POST',
      url: '/web/gym-member/worker',
      headers: { 'content-type': 'application/json' },
      payload: '{"gymId":',
    });
    expect(envelopeOf(badJson)).toMatchObject({ code: 'VALIDATION_FAILED', reason: 'badJson' });
  });

  it('is the documented 4XX answer of every operation', async () => {
    const document = (await app().app.inject({ method: 'GET', url: '/web/docs/json' })).json();
    expect(document.components.schemas.Error.required).toContain('reason');
  });
});
