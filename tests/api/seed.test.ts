import { join } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_REJECTION_REASON, seedDemo } from '#server/db/seed.ts';
import { createMemberRepository } from '#server/modules/member/member.repository.ts';
import { createDiskStorage } from '#server/storage/disk-storage.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { login, randomIp, sessionCookieOf } from '../fixtures/factories.ts';
import { type Cookies, operatorOf } from '../fixtures/gyms.ts';

// The demo data set (issue 6: "one facility in each verification state"), loaded as `npm start` loads it, with its
// documents stored through the same storage the app serves them from.

let t: TestApp;
let operator: Cookies;
const signIn = async (userId: string, password: string) => ({
  sid: sessionCookieOf(await login(t.app, userId, password, randomIp()))!,
});

beforeAll(async () => {
  t = await createTestApp();
  const members = createMemberRepository(t.db);
  const storage = createDiskStorage(join(t.dataDir, 'uploads'));
  await seedDemo(t.db, members, storage);
  // Loading it again changes nothing (the seed is idempotent).
  await seedDemo(t.db, members, storage);
  operator = await operatorOf(t);
}, 120_000);
afterAll(() => t?.close());

type Gym = {
  id: number;
  name: string;
  gymStatus: string;
  inactiveReason: string | null;
  businessUrlImgUrl: string | null;
  representIdImgUrl: string | null;
};

const gymsOf = async (cookies: Cookies, memberId: number) =>
  (await t.app.inject({ method: 'GET', url: `/web/member/gym-list/${memberId}`, cookies })).json()
    .data as Gym[];
const me = async (cookies: Cookies) =>
  (await t.app.inject({ method: 'GET', url: '/web/member/validate', cookies })).json().data as { id: number };

describe('the demo data', () => {
  it('has one facility in each verification state, the reviewed ones with real documents', async () => {
    const demo = await signIn('demo', 'demo1234');
    const owner2 = await signIn('owner2', 'owner1234');
    const demoGyms = await gymsOf(demo, (await me(demo)).id);
    const owner2Gyms = await gymsOf(owner2, (await me(owner2)).id);
    const byState = Object.fromEntries([...demoGyms, ...owner2Gyms].map((g) => [g.gymStatus, g]));
    expect(Object.keys(byState).sort()).toEqual(['ACTIVE', 'INACTIVE', 'REQUEST', 'WAIT']);
    expect(demoGyms.map((g) => g.gymStatus).sort()).toEqual(['ACTIVE', 'WAIT']);
    expect(owner2Gyms.map((g) => g.gymStatus).sort()).toEqual(['INACTIVE', 'REQUEST']);
    expect(byState.INACTIVE!.inactiveReason).toBe(DEMO_REJECTION_REASON);
    expect(byState.WAIT!.businessUrlImgUrl).toBeNull();

    for (const state of ['ACTIVE', 'REQUEST', 'INACTIVE']) {
      const gym = byState[state]!;
      const owner = state === 'ACTIVE' ? demo : owner2;
      for (const [url, mime] of [
        [gym.businessUrlImgUrl, 'application/pdf'],
        [gym.representIdImgUrl, 'image/png'],
      ] as const) {
        expect(url, `${state} document`).toMatch(/^\/web\/file\/[0-9a-f]{32}$/);
        for (const cookies of [owner, operator]) {
          const served = await t.app.inject({ method: 'GET', url: url!, cookies });
          expect(served.statusCode).toBe(200);
          expect(served.headers['content-type']).toBe(mime);
          expect((await fileTypeFromBuffer(served.rawPayload))?.mime).toBe(mime);
        }
      }
    }
    // The operator's queue holds the submission.
    const queue = await t.app.inject({ method: 'GET', url: '/web/gym?gymStatus=REQUEST', cookies: operator });
    expect(queue.json().data.map((g: Gym) => g.name)).toEqual(['바디핏 분당점']);
  });

  it('leaves the notices of the decisions: some for demo, the rejection for owner2', async () => {
    const demo = await signIn('demo', 'demo1234');
    const owner2 = await signIn('owner2', 'owner1234');
    const list = async (cookies: Cookies) =>
      (await t.app.inject({ method: 'GET', url: '/web/notification/list', cookies })).json().data as {
        kind: string;
        readYn: boolean;
        reason: string | null;
        subServiceType: string | null;
      }[];
    const all = await list(demo);
    // Each walk-in rings the bell; only today's two, still waiting, are unread (server/db/seed-consults.ts).
    const walkIns = all.filter((n) => n.kind === 'CONSULT_WAITING');
    expect(walkIns).toHaveLength(15);
    expect(walkIns.filter((n) => !n.readYn)).toHaveLength(2);
    const demoNotices = all.filter((n) => n.kind !== 'CONSULT_WAITING');
    expect(demoNotices.map((n) => [n.kind, n.subServiceType, n.readYn])).toEqual([
      ['SUB_SERVICE_APPROVED', 'ENTER', false],
      ['SUB_SERVICE_APPROVED', 'LOCKER', false],
      ['SUB_SERVICE_APPROVED', 'CONSULT', true],
      ['GYM_APPROVED', null, true],
    ]);
    expect(await list(owner2)).toEqual([
      expect.objectContaining({ kind: 'GYM_REJECTED', reason: DEMO_REJECTION_REASON, readYn: false }),
    ]);
  });

  it('keeps the demo logins of the README', async () => {
    for (const [userId, password] of [
      ['demo', 'demo1234'],
      ['staff', 'staff1234'],
      ['desk', 'desk1234'],
      ['coach', 'coach1234'],
      ['yoga', 'yoga1234'],
      ['newbie', 'newbie1234'],
      ['owner2', 'owner1234'],
    ]) {
      expect((await login(t.app, userId!, password!, randomIp())).statusCode, userId).toBe(200);
    }
  });
});
