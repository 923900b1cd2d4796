import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeMember, makeSignedIn } from '../fixtures/factories.ts';
import { makeActiveGym, makeStaff, OPERATOR_ACCOUNT, operatorOf } from '../fixtures/gyms.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const lookup = (gymId: number, userId: string, cookies: { sid: string }) =>
  t.app.inject({
    method: 'GET',
    url: `/web/gym-member/invite-lookup?gymId=${gymId}&userId=${encodeURIComponent(userId)}`,
    cookies,
  });

describe('inviting by user id (docs/rules.md#permissions)', () => {
  it('finds the worker account by its exact user id, masked, and then invites it by that id', async () => {
    const { owner, gym } = await makeActiveGym(t);
    const invitee = await makeMember(t.app, { authCode: 'MEMBER', name: '박지훈', phone: '010-2345-6789' });
    const found = await lookup(gym.id, invitee.userId, owner.cookies);
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toEqual({
      userId: invitee.userId,
      maskedName: '박*훈',
      maskedPhone: '010-****-6789',
    });
    expect(found.body).not.toContain('2345');
    expect(found.body).not.toContain('박지훈');
    const sent = await t.app.inject({
      method: 'POST',
      url: '/web/gym-member/invite-member',
      cookies: owner.cookies,
      payload: { gymId: gym.id, targetList: [found.json().data.userId] },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().data).toEqual([{ userId: invitee.userId, sent: true }]);
  });

  it('finds no representative and no operator: only worker accounts are invited', async () => {
    const { owner, gym } = await makeActiveGym(t);
    const otherOwner = await makeSignedIn(t.app, { authCode: 'ADMIN' });
    expect((await lookup(gym.id, otherOwner.userId, owner.cookies)).statusCode).toBe(404);
    await operatorOf(t);
    expect((await lookup(gym.id, OPERATOR_ACCOUNT.userId, owner.cookies)).statusCode).toBe(404);
  });

  it('is no search: a partial or unknown id answers 404', async () => {
    const { owner, gym } = await makeActiveGym(t);
    const invitee = await makeMember(t.app, { authCode: 'MEMBER' });
    expect((await lookup(gym.id, invitee.userId.slice(0, -1), owner.cookies)).statusCode).toBe(404);
    expect((await lookup(gym.id, `${invitee.userId}%`, owner.cookies)).statusCode).toBe(404);
    expect((await lookup(gym.id, 'nobody_here_1', owner.cookies)).statusCode).toBe(404);
  });

  it("is the representative's: staff get 403, another facility's owner 404, control characters 400", async () => {
    const { owner, gym } = await makeActiveGym(t);
    const staff = await makeStaff(t.app, owner, gym.id, { memberUseYn: true });
    const other = await makeActiveGym(t);
    const invitee = await makeMember(t.app, { authCode: 'MEMBER' });
    expect((await lookup(gym.id, invitee.userId, staff.cookies)).statusCode).toBe(403);
    expect((await lookup(gym.id, invitee.userId, other.owner.cookies)).statusCode).toBe(404);
    const control = await lookup(gym.id, `${invitee.userId}\u0007`, owner.cookies);
    expect(control.statusCode).toBe(400);
  });
});
