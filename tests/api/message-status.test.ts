import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageSettingsStatusRoute } from '#domain/api/message-settings.ts';
import { createTestGroupProvider } from '#server/providers/message/group-message.ts';
import { dataOf } from '../fixtures/api.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { type Cookies, makeActiveGym, makeStaff } from '../fixtures/gyms.ts';

// `GET /web/message/status`: the settings pages say 테스트 모드 from the configured provider, with or without the
// MESSAGE add-on (issue 29: "says 테스트 모드 on every screen"); read with adMessageUseYn, another facility 404.

let t: TestApp;
let live: TestApp;
let owner: Cookies;
let gymId: number;
let otherGymId: number;
let reader: Cookies;
let nobody: Cookies;

const status = (app: TestApp, id: number, cookies: Cookies) =>
  app.app.inject({ method: 'GET', url: `/web/message/status?gymId=${id}`, cookies });

beforeAll(async () => {
  t = await createTestApp();
  const a = await makeActiveGym(t);
  owner = a.owner.cookies;
  gymId = a.gym.id;
  otherGymId = (await makeActiveGym(t)).gym.id;
  reader = (await makeStaff(t.app, a.owner, gymId, { adMessageUseYn: true })).cookies;
  nobody = (await makeStaff(t.app, a.owner, gymId, { memberUseYn: true })).cookies;
  // A provider that is not in test mode (a stand-in for SOLAPI): the flag follows the provider, not a constant.
  live = await createTestApp({
    groupMessageProvider: { ...createTestGroupProvider(), name: 'live', testMode: false },
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await live?.close();
});

describe('the provider’s test mode on the settings pages', () => {
  it('says test mode without the MESSAGE add-on, to the representative and to a staff member with adMessageUseYn', async () => {
    for (const cookies of [owner, reader]) {
      const response = await status(t, gymId, cookies);
      expect(response.statusCode, response.body).toBe(200);
      expect(dataOf(messageSettingsStatusRoute, response)).toEqual({
        testMode: true,
        providerName: 'test-mode',
      });
    }
  });

  it('says not in test mode when the provider is a real one', async () => {
    const gym = await makeActiveGym(live);
    const response = await status(live, gym.gym.id, gym.owner.cookies);
    expect(response.statusCode, response.body).toBe(200);
    expect(dataOf(messageSettingsStatusRoute, response).testMode).toBe(false);
  });

  it('answers 403 without adMessageUseYn and 404 for another facility', async () => {
    expect((await status(t, gymId, nobody)).statusCode).toBe(403);
    expect((await status(t, otherGymId, owner)).statusCode).toBe(404);
  });
});
