import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gymMember, member } from '#server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeCustomer } from '../fixtures/customers.ts';
import { makeMember, makeSignedIn, uniqueUserId } from '../fixtures/factories.ts';
import { type Cookies, makeActiveGym, makeGym, OPERATOR_ACCOUNT, operatorOf } from '../fixtures/gyms.ts';

// Issue 26's critical hole, closed (docs/rules.md#permissions and #reading-a-person): an invitation names a worker's
// user id, says only whether it was sent, shows the invited person masked, and only that person accepts it. Reading a
// person needs a real relationship with them, never an invitation.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookies?: Cookies, payload?: unknown) =>
  t.app.inject({ method, url, cookies, ...(payload === undefined ? {} : { payload: payload as object }) });

const invite = (gymId: number, targetList: unknown[], cookies: Cookies) =>
  call('POST', '/web/gym-member/invite-member', cookies, { gymId, targetList });

const linksOf = async (gymId: number) =>
  t.db.select().from(gymMember).where(eq(gymMember.gymId, gymId)).orderBy(gymMember.id);

const linkOf = async (gymId: number, memberId: number) =>
  (
    await t.db
      .select()
      .from(gymMember)
      .where(and(eq(gymMember.gymId, gymId), eq(gymMember.memberId, memberId)))
  )[0];

describe('an invitation names a worker by user id and says only whether it was sent', () => {
  it("never reaches another facility's customer, a representative or the operator, and leaks nothing", async () => {
    const a = await makeActiveGym(t);
    const bOwner = await makeSignedIn(t.app, { authCode: 'ADMIN' });
    const b = await makeActiveGym(t, { owner: bOwner });
    await operatorOf(t);
    const customerOfB = await makeCustomer(t, b.owner.cookies, b.gym.id, {
      name: '비고객',
      phone: '010-5555-4321',
    });
    const before = await linksOf(a.gym.id);

    // Member ids are not user ids: the contract takes strings only.
    const byId = await invite(a.gym.id, [customerOfB.id], a.owner.cookies);
    expect(byId.statusCode).toBe(400);
    expect(byId.json().errors).toHaveProperty(['targetList.0']);

    const targets = [
      bOwner.userId,
      OPERATOR_ACCOUNT.userId,
      'nobody_at_all',
      `${bOwner.userId.slice(0, -1)}`,
    ];
    const sent = await invite(a.gym.id, targets, a.owner.cookies);
    expect(sent.statusCode).toBe(201);
    expect(sent.json().data).toEqual(targets.map((userId) => ({ userId, sent: false })));
    expect(sent.body).not.toContain('5555');
    expect(await linksOf(a.gym.id)).toEqual(before);

    // Nor can the facility link anyone by member id through the generic resource.
    const forced = await call('POST', '/web/gym-member', a.owner.cookies, {
      gymId: a.gym.id,
      memberId: customerOfB.id,
      status: 'ACTIVE',
      workerYn: true,
    });
    expect(forced.statusCode).toBe(404);
    expect(await linksOf(a.gym.id)).toEqual(before);

    // And nothing of B's customer, B's owner or the operator reads through A.
    const [operator] = await t.db.select({ id: member.id }).from(member).where(eq(member.userId, 'operator'));
    for (const id of [customerOfB.id, b.owner.member.id, operator!.id]) {
      expect((await call('GET', `/web/member/${id}`, a.owner.cookies)).statusCode).toBe(404);
      expect((await call('GET', `/web/member/image/${id}`, a.owner.cookies)).statusCode).toBe(404);
      expect((await call('GET', `/web/member/${id}/consents`, a.owner.cookies)).statusCode).toBe(404);
    }
  });

  it('shows the invited worker masked, and the facility cannot activate or assign them', async () => {
    const { owner, gym } = await makeActiveGym(t);
    const worker = await makeSignedIn(t.app, { authCode: 'MEMBER', name: '박지훈', phone: '010-2345-6789' });
    const sent = await invite(gym.id, [worker.userId.toUpperCase()], owner.cookies);
    expect(sent.statusCode).toBe(201);
    expect(sent.json().data).toEqual([{ userId: worker.userId.toUpperCase(), sent: true }]);
    expect(sent.body).not.toContain('박지훈');

    // A second invitation of someone already linked is not sent again.
    expect((await invite(gym.id, [worker.userId], owner.cookies)).json().data).toEqual([
      { userId: worker.userId, sent: false },
    ]);

    const list = await call('GET', `/web/gym-member/worker/list/${gym.id}`, owner.cookies);
    const invited = list.json().data.find((l: { memberId: number }) => l.memberId === worker.member.id);
    expect(invited).toMatchObject({
      status: 'WAIT',
      workerYn: true,
      invited: true,
      member: { name: '박*훈', phone: '010-****-6789', userId: worker.userId },
    });
    expect(list.body).not.toContain('2345');
    const one = await call('GET', `/web/gym-member/${invited.id}`, owner.cookies);
    expect(one.json().data.member).toMatchObject({ name: '박*훈', phone: '010-****-6789' });

    // Not a relationship: the person's record and photo stay out of reach.
    expect((await call('GET', `/web/member/${worker.member.id}`, owner.cookies)).statusCode).toBe(404);
    expect((await call('GET', `/web/member/image/${worker.member.id}`, owner.cookies)).statusCode).toBe(404);

    const row = await linkOf(gym.id, worker.member.id);
    for (const patch of [{ status: 'ACTIVE' }, { gymAuthId: 1 }, { status: 'INACTIVE' }]) {
      const refused = await call('PUT', `/web/gym-member/${invited.id}`, owner.cookies, patch);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().reason).toBe('inviteNotAccepted');
    }
    expect(await linkOf(gym.id, worker.member.id)).toEqual(row);

    // The facility is not in the worker's list until they accept.
    const facilities = await call('GET', `/web/member/gym-list/${worker.member.id}`, worker.cookies);
    expect(facilities.json().data.map((g: { id: number }) => g.id)).not.toContain(gym.id);
  });

  it('only the invited person accepts: then they are staff with the default set, and readable', async () => {
    const { owner, gym } = await makeActiveGym(t);
    const other = await makeActiveGym(t);
    const worker = await makeSignedIn(t.app, { authCode: 'MEMBER', name: '최수락' });
    const someoneElse = await makeSignedIn(t.app, { authCode: 'MEMBER' });
    await invite(gym.id, [worker.userId], owner.cookies);
    const mine = await call('GET', `/web/gym-member/member/${worker.member.id}`, worker.cookies);
    const link = mine.json().data.find((l: { gymId: number }) => l.gymId === gym.id);
    // The invited person sees their own name, and that it is an invitation.
    expect(link).toMatchObject({ invited: true, status: 'WAIT', member: { name: '최수락' } });

    for (const cookies of [someoneElse.cookies, owner.cookies, other.owner.cookies]) {
      const refused = await call('POST', `/web/gym-member/invite/${link.id}/accept`, cookies);
      expect(refused.statusCode).toBe(404);
    }
    expect((await linkOf(gym.id, worker.member.id))?.status).toBe('WAIT');

    const accepted = await call('POST', `/web/gym-member/invite/${link.id}/accept`, worker.cookies);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toMatchObject({ status: 'ACTIVE', invited: false });
    expect(accepted.json().data.gymAuthId).toEqual(expect.any(Number));
    // Answered once: a second answer finds no pending invitation.
    expect((await call('POST', `/web/gym-member/invite/${link.id}/accept`, worker.cookies)).statusCode).toBe(
      404,
    );
    expect((await call('POST', `/web/gym-member/invite/${link.id}/decline`, worker.cookies)).statusCode).toBe(
      404,
    );

    const read = await call('GET', `/web/member/${worker.member.id}`, owner.cookies);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.name).toBe('최수락');
    const facilities = await call('GET', `/web/member/gym-list/${worker.member.id}`, worker.cookies);
    expect(facilities.json().data.map((g: { id: number }) => g.id)).toContain(gym.id);
    const log = await call('GET', `/web/audit?gymId=${gym.id}&_start=0&_end=20`, owner.cookies);
    expect(log.body).toContain('gym-member.accept');
  });

  it('the invited person may decline, and the facility may withdraw; neither leaves a way in', async () => {
    const { owner, gym } = await makeActiveGym(t);
    const decliner = await makeSignedIn(t.app, { authCode: 'MEMBER' });
    const withdrawn = await makeSignedIn(t.app, { authCode: 'MEMBER' });
    await invite(gym.id, [decliner.userId, withdrawn.userId], owner.cookies);
    const pending = (await call('GET', `/web/gym-member/member/${decliner.member.id}`, decliner.cookies))
      .json()
      .data.find((l: { gymId: number }) => l.gymId === gym.id);
    expect(
      (await call('POST', `/web/gym-member/invite/${pending.id}/decline`, decliner.cookies)).statusCode,
    ).toBe(204);
    expect((await linkOf(gym.id, decliner.member.id))?.status).toBe('QUIT');

    const withdrawnLink = await linkOf(gym.id, withdrawn.member.id);
    expect((await call('DELETE', `/web/gym-member/${withdrawnLink!.id}`, owner.cookies)).statusCode).toBe(
      204,
    );
    expect((await linkOf(gym.id, withdrawn.member.id))?.status).toBe('QUIT');
    expect(
      (await call('POST', `/web/gym-member/invite/${withdrawnLink!.id}/accept`, withdrawn.cookies))
        .statusCode,
    ).toBe(404);
    for (const id of [decliner.member.id, withdrawn.member.id])
      expect((await call('GET', `/web/member/${id}`, owner.cookies)).statusCode).toBe(404);
  });

  it('is the representative of an open facility only', async () => {
    const { owner, gym } = await makeActiveGym(t);
    const draft = await makeGym(t.app);
    const worker = await makeMember(t.app, { authCode: 'MEMBER' });
    const staff = await makeSignedIn(t.app, { authCode: 'MEMBER' });
    expect((await invite(gym.id, [worker.userId], staff.cookies)).statusCode).toBe(404);
    expect((await invite(gym.id, [worker.userId], draft.owner.cookies)).statusCode).toBe(404);
    const closed = await makeActiveGym(t);
    expect((await call('DELETE', `/web/gym/${closed.gym.id}`, closed.owner.cookies)).statusCode).toBeLessThan(
      300,
    );
    const refused = await invite(closed.gym.id, [worker.userId], closed.owner.cookies);
    expect(refused.statusCode).toBe(409);
    expect(await linksOf(closed.gym.id)).toHaveLength(1);
    expect(owner.member.id).not.toBe(closed.owner.member.id);
  });
});

describe('invitations are limited per facility and per inviting account', () => {
  it('refuses past 100 in an hour with 429 and nothing sent, and allows again an hour later', async () => {
    const owner = await makeSignedIn(t.app, { authCode: 'ADMIN' });
    const first = await makeGym(t.app, { owner });
    const second = await makeGym(t.app, { owner });
    const accounts = await t.db
      .insert(member)
      .values(
        Array.from({ length: 102 }, (_, i) => ({
          userId: uniqueUserId(`inv${i}_`),
          passwordHash: 'not-a-real-hash',
          name: `초대 ${i}`,
          phone: `0109${String(i).padStart(7, '0')}`,
          authCode: 'MEMBER' as const,
        })),
      )
      .returning({ userId: member.userId });
    const ids = accounts.map((a) => a.userId!);
    for (let i = 0; i < 100; i += 20) {
      const sent = await t.app.inject({
        method: 'POST',
        url: '/web/gym-member/invite-member',
        cookies: owner.cookies,
        remoteAddress: `10.9.0.${i + 1}`,
        payload: { gymId: first.gym.id, targetList: ids.slice(i, i + 20) },
      });
      expect(sent.statusCode).toBe(201);
      expect(sent.json().data.every((r: { sent: boolean }) => r.sent)).toBe(true);
    }
    const overFacility = await invite(first.gym.id, [ids[100]], owner.cookies);
    expect(overFacility.statusCode).toBe(429);
    expect(overFacility.json().code).toBe('RATE_LIMITED');
    expect(Number(overFacility.headers['retry-after'])).toBeGreaterThan(0);
    // The same inviter from another facility: the account's ceiling holds too.
    const overAccount = await invite(second.gym.id, [ids[101]], owner.cookies);
    expect(overAccount.statusCode).toBe(429);
    expect(await linksOf(second.gym.id)).toHaveLength(1);
    expect(await linksOf(first.gym.id)).toHaveLength(101);

    t.clock.advance(61 * 60 * 1000);
    const later = await invite(second.gym.id, [ids[101]], owner.cookies);
    expect(later.json().data).toEqual([{ userId: ids[101], sent: true }]);
  });
});
