import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allFlags } from '#domain/permissions.ts';
import { gymAuthResource } from '#domain/resources/gym-auth.ts';
import { recordsOf } from '../fixtures/api.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { approveAddOn, makeActiveGym, makeStaff } from '../fixtures/gyms.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const setsOf = async (cookies: { sid: string }, gymId: number) =>
  recordsOf(
    gymAuthResource,
    await t.app.inject({ method: 'GET', url: `/web/gym-auth/list?gymId=${gymId}`, cookies }),
  );

describe('permission sets (gym-auth)', () => {
  it('the representative creates, renames and changes flags of a set', async () => {
    const { owner, gym } = await makeActiveGym(t);
    const created = await t.app.inject({
      method: 'POST',
      url: '/web/gym-auth',
      cookies: owner.cookies,
      payload: { gymId: gym.id, name: '트레이너', memberUseYn: true, consultUseYn: true },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      name: '트레이너',
      memberUseYn: true,
      consultSettingYn: false,
      defaultYn: false,
      representYn: false,
    });
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/web/gym-auth/${created.json().data.id}`,
      cookies: owner.cookies,
      payload: { name: '시니어 트레이너', consultSettingYn: true },
    });
    expect(updated.json().data).toMatchObject({
      name: '시니어 트레이너',
      consultSettingYn: true,
      memberUseYn: true,
    });
  });

  it('refuses representYn on create, and its removal or grant on update', async () => {
    const { owner, gym } = await makeActiveGym(t);
    const asRepresent = await t.app.inject({
      method: 'POST',
      url: '/web/gym-auth',
      cookies: owner.cookies,
      payload: { gymId: gym.id, name: 'boss', representYn: true },
    });
    expect(asRepresent.statusCode).toBe(400);
    const sets = await setsOf(owner.cookies, gym.id);
    const represent = sets.find((s) => s.representYn)!;
    const other = sets.find((s) => !s.representYn)!;
    for (const [id, representYn] of [
      [represent.id, false],
      [other.id, true],
    ] as const) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/web/gym-auth/${id}`,
        cookies: owner.cookies,
        payload: { representYn },
      });
      expect(response.statusCode).toBe(409);
    }
    expect(await setsOf(owner.cookies, gym.id)).toEqual(sets);
  });

  it('keeps exactly one default set', async () => {
    const { owner, gym } = await makeActiveGym(t);
    const before = await setsOf(owner.cookies, gym.id);
    const oldDefault = before.find((s) => s.defaultYn)!;
    const unset = await t.app.inject({
      method: 'PUT',
      url: `/web/gym-auth/${oldDefault.id}`,
      cookies: owner.cookies,
      payload: { defaultYn: false },
    });
    expect(unset.statusCode).toBe(409);
    const created = await t.app.inject({
      method: 'POST',
      url: '/web/gym-auth',
      cookies: owner.cookies,
      payload: { gymId: gym.id, name: 'new default', defaultYn: true },
    });
    expect(created.statusCode).toBe(201);
    let sets = await setsOf(owner.cookies, gym.id);
    expect(sets.filter((s) => s.defaultYn).map((s) => s.id)).toEqual([created.json().data.id]);
    await t.app.inject({
      method: 'PUT',
      url: `/web/gym-auth/${oldDefault.id}`,
      cookies: owner.cookies,
      payload: { defaultYn: true },
    });
    sets = await setsOf(owner.cookies, gym.id);
    expect(sets.filter((s) => s.defaultYn).map((s) => s.id)).toEqual([oldDefault.id]);
  });

  it('cannot delete the representative set, the default set, or a set in use; deletes an unused one', async () => {
    const { owner, gym } = await makeActiveGym(t);
    const sets = await setsOf(owner.cookies, gym.id);
    const del = (id: number) =>
      t.app.inject({ method: 'DELETE', url: `/web/gym-auth/${id}`, cookies: owner.cookies });
    expect((await del(sets.find((s) => s.representYn)!.id)).statusCode).toBe(409);
    expect((await del(sets.find((s) => s.defaultYn)!.id)).statusCode).toBe(409);
    const staff = await makeStaff(t.app, owner, gym.id, { memberUseYn: true });
    const inUse = await del(staff.gymAuth.id);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toMatch(/assigned/);
    const spare = await t.app.inject({
      method: 'POST',
      url: '/web/gym-auth',
      cookies: owner.cookies,
      payload: { gymId: gym.id, name: 'spare' },
    });
    expect((await del(spare.json().data.id)).statusCode).toBe(204);
    expect((await setsOf(owner.cookies, gym.id)).map((s) => s.id)).not.toContain(spare.json().data.id);
  });

  it('a worker, even with every flag, reads only their own set, like the settings page (one door rule)', async () => {
    const { owner, gym } = await makeActiveGym(t);
    const everything = allFlags(true);
    const staff = await makeStaff(t.app, owner, gym.id, everything);
    const list = await t.app.inject({
      method: 'GET',
      url: `/web/gym-auth/list?gymId=${gym.id}`,
      cookies: staff.cookies,
    });
    // A scoped list leaves out the facilities where the caller lacks the right (docs/rules.md#permissions).
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([]);
    const other = await t.app.inject({
      method: 'GET',
      url: `/web/gym-auth/${(await setsOf(owner.cookies, gym.id))[0]!.id}`,
      cookies: staff.cookies,
    });
    expect(other.statusCode).toBe(403);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/web/gym-auth/mine/${gym.id}`,
      cookies: staff.cookies,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({ id: staff.gymAuth.id, gymId: gym.id, consultUseYn: true });
    const assignments = await t.app.inject({
      method: 'GET',
      url: `/web/gym-auth-member/list?gymId=${gym.id}`,
      cookies: staff.cookies,
    });
    expect(assignments.json().data).toEqual([]);
    const write = await t.app.inject({
      method: 'POST',
      url: '/web/gym-auth',
      cookies: staff.cookies,
      payload: { gymId: gym.id, name: 'mine' },
    });
    expect(write.statusCode).toBe(403);
  });
});

describe('assignments (gym-auth-member)', () => {
  it('moves a worker to another set, keeping the link in step; the representative assignment is protected', async () => {
    const { owner, gym } = await makeActiveGym(t);
    await approveAddOn(t, gym.id, 'CONSULT');
    const staff = await makeStaff(t.app, owner, gym.id, { memberUseYn: true });
    const other = await t.app.inject({
      method: 'POST',
      url: '/web/gym-auth',
      cookies: owner.cookies,
      payload: { gymId: gym.id, name: 'front desk', consultUseYn: true },
    });
    const list = await t.app.inject({
      method: 'GET',
      url: `/web/gym-auth-member/list?gymAuthId=${staff.gymAuth.id}`,
      cookies: owner.cookies,
    });
    const assignment = list.json().data[0];
    expect(assignment).toMatchObject({
      memberId: staff.member.id,
      member: { id: staff.member.id, userId: staff.userId },
    });
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/web/gym-auth-member/${assignment.id}`,
      cookies: owner.cookies,
      payload: { gymAuthId: other.json().data.id },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.gymAuthId).toBe(other.json().data.id);
    const link = await t.app.inject({
      method: 'GET',
      url: `/web/gym-member/${staff.link.id}`,
      cookies: owner.cookies,
    });
    expect(link.json().data.gymAuthId).toBe(other.json().data.id);
    // The worker's rights follow at once: consult yes, members no.
    expect(
      (await t.app.inject({ method: 'GET', url: `/web/consult/list/${gym.id}`, cookies: staff.cookies }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/web/gym-member/nonWorker/list/${gym.id}`,
          cookies: staff.cookies,
        })
      ).statusCode,
    ).toBe(403);

    const sets = await setsOf(owner.cookies, gym.id);
    const ownerAssignment = (
      await t.app.inject({
        method: 'GET',
        url: `/web/gym-auth-member/list?gymAuthId=${sets.find((s) => s.representYn)!.id}`,
        cookies: owner.cookies,
      })
    ).json().data[0];
    const demote = await t.app.inject({
      method: 'PUT',
      url: `/web/gym-auth-member/${ownerAssignment.id}`,
      cookies: owner.cookies,
      payload: { gymAuthId: other.json().data.id },
    });
    expect(demote.statusCode).toBe(409);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/web/gym-auth-member/${ownerAssignment.id}`,
          cookies: owner.cookies,
        })
      ).statusCode,
    ).toBe(409);
    const promote = await t.app.inject({
      method: 'PUT',
      url: `/web/gym-auth-member/${assignment.id}`,
      cookies: owner.cookies,
      payload: { gymAuthId: sets.find((s) => s.representYn)!.id },
    });
    expect(promote.statusCode).toBe(409);
  });

  it("refuses another facility's set", async () => {
    const a = await makeActiveGym(t);
    const b = await makeActiveGym(t, { owner: a.owner });
    const staff = await makeStaff(t.app, a.owner, a.gym.id, {});
    const bSets = await setsOf(a.owner.cookies, b.gym.id);
    const list = await t.app.inject({
      method: 'GET',
      url: `/web/gym-auth-member/list?gymAuthId=${staff.gymAuth.id}`,
      cookies: a.owner.cookies,
    });
    const response = await t.app.inject({
      method: 'PUT',
      url: `/web/gym-auth-member/${list.json().data[0].id}`,
      cookies: a.owner.cookies,
      payload: { gymAuthId: bSets.find((s) => s.defaultYn)!.id },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.gymAuthId).toHaveLength(1);
  });
});
