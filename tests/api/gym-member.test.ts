import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeCustomer } from '../fixtures/customers.ts';
import { makeSignedIn } from '../fixtures/factories.ts';
import { approveAddOn, makeActiveGym, makeGym, makeStaff } from '../fixtures/gyms.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, cookies: { sid: string }) => t.app.inject({ method: 'GET', url, cookies });

describe('the worker join flow', () => {
  it('a worker asks (WAIT), gains nothing, is approved with a set, suspended, restored and removed', async () => {
    const { owner, gym } = await makeActiveGym(t);
    await approveAddOn(t, gym.id, 'CONSULT');
    const worker = await makeSignedIn(t.app, { authCode: 'MEMBER' });
    const asked = await t.app.inject({
      method: 'POST',
      url: '/web/gym-member/worker',
      cookies: worker.cookies,
      payload: { gymId: gym.id },
    });
    expect(asked.statusCode).toBe(201);
    const link = asked.json().data;
    expect(link).toMatchObject({
      gymId: gym.id,
      memberId: worker.member.id,
      status: 'WAIT',
      workerYn: true,
      gymAuthId: null,
    });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/web/gym-member/worker',
          cookies: worker.cookies,
          payload: { gymId: gym.id },
        })
      ).statusCode,
    ).toBe(409);

    // A WAIT link grants nothing: the facility's records are not found.
    expect((await get(`/web/gym-member/worker/list/${gym.id}`, worker.cookies)).statusCode).toBe(404);
    expect((await get(`/web/member/gym-list/${worker.member.id}`, worker.cookies)).json().data).toEqual([]);

    const pending = await get(`/web/gym-member/worker/list/${gym.id}?status=WAIT`, owner.cookies);
    expect(pending.json().data.map((l: { id: number }) => l.id)).toEqual([link.id]);

    const set = await t.app.inject({
      method: 'POST',
      url: '/web/gym-auth',
      cookies: owner.cookies,
      payload: { gymId: gym.id, name: 'desk', consultUseYn: true },
    });
    const approved = await t.app.inject({
      method: 'PUT',
      url: `/web/gym-member/${link.id}`,
      cookies: owner.cookies,
      payload: { status: 'ACTIVE', gymAuthId: set.json().data.id },
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'ACTIVE', gymAuthId: set.json().data.id });
    expect((await get(`/web/consult/list/${gym.id}`, worker.cookies)).statusCode).toBe(200);
    expect(
      (await get(`/web/member/gym-list/${worker.member.id}`, worker.cookies))
        .json()
        .data.map((g: { id: number }) => g.id),
    ).toEqual([gym.id]);

    const suspended = await t.app.inject({
      method: 'PUT',
      url: `/web/gym-member/${link.id}`,
      cookies: owner.cookies,
      payload: { status: 'INACTIVE' },
    });
    expect(suspended.json().data.status).toBe('INACTIVE');
    expect((await get(`/web/consult/list/${gym.id}`, worker.cookies)).statusCode).toBe(404);
    await t.app.inject({
      method: 'PUT',
      url: `/web/gym-member/${link.id}`,
      cookies: owner.cookies,
      payload: { status: 'ACTIVE' },
    });
    expect((await get(`/web/consult/list/${gym.id}`, worker.cookies)).statusCode).toBe(200);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/web/gym-member/delete-member-from-gym/${gym.id}/${worker.member.id}`,
      cookies: owner.cookies,
    });
    expect(removed.statusCode).toBe(204);
    expect((await get(`/web/gym-member/${link.id}`, owner.cookies)).json().data.status).toBe('QUIT');
    expect((await get(`/web/consult/list/${gym.id}`, worker.cookies)).statusCode).toBe(404);
    const revive = await t.app.inject({
      method: 'PUT',
      url: `/web/gym-member/${link.id}`,
      cookies: owner.cookies,
      payload: { status: 'ACTIVE' },
    });
    expect(revive.statusCode).toBe(409);
  });

  it('approval without a set gives the default set', async () => {
    const { owner, gym } = await makeActiveGym(t);
    const worker = await makeSignedIn(t.app, { authCode: 'MEMBER' });
    const link = (
      await t.app.inject({
        method: 'POST',
        url: '/web/gym-member/worker',
        cookies: worker.cookies,
        payload: { gymId: gym.id },
      })
    ).json().data;
    const approved = await t.app.inject({
      method: 'PUT',
      url: `/web/gym-member/${link.id}`,
      cookies: owner.cookies,
      payload: { status: 'ACTIVE' },
    });
    const sets = (await get(`/web/gym-auth/list?gymId=${gym.id}&defaultYn=true`, owner.cookies)).json().data;
    expect(approved.json().data.gymAuthId).toBe(sets[0].id);
  });

  it('only MEMBER accounts ask, and only to verified facilities', async () => {
    const { gym } = await makeActiveGym(t);
    const draft = await makeGym(t.app);
    const admin = await makeSignedIn(t.app, { authCode: 'ADMIN' });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/web/gym-member/worker',
          cookies: admin.cookies,
          payload: { gymId: gym.id },
        })
      ).statusCode,
    ).toBe(403);
    const worker = await makeSignedIn(t.app, { authCode: 'MEMBER' });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/web/gym-member/worker',
          cookies: worker.cookies,
          payload: { gymId: draft.gym.id },
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/web/gym-member/worker',
          cookies: worker.cookies,
          payload: { gymId: 999999 },
        })
      ).statusCode,
    ).toBe(404);
  });

  it.each([
    ['WAIT', 'INACTIVE'],
    ['ACTIVE', 'WAIT'],
  ])('refuses %s → %s with 409', async (from, to) => {
    const { owner, gym } = await makeActiveGym(t);
    const worker = await makeSignedIn(t.app, { authCode: 'MEMBER' });
    const link = (
      await t.app.inject({
        method: 'POST',
        url: '/web/gym-member/worker',
        cookies: worker.cookies,
        payload: { gymId: gym.id },
      })
    ).json().data;
    if (from === 'ACTIVE')
      await t.app.inject({
        method: 'PUT',
        url: `/web/gym-member/${link.id}`,
        cookies: owner.cookies,
        payload: { status: 'ACTIVE' },
      });
    const response = await t.app.inject({
      method: 'PUT',
      url: `/web/gym-member/${link.id}`,
      cookies: owner.cookies,
      payload: { status: to },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain(from);
  });

  it("the representative's own link cannot be suspended or removed", async () => {
    const { owner, gym } = await makeActiveGym(t);
    const links = (await get(`/web/gym-member/member/${owner.member.id}`, owner.cookies)).json().data;
    const own = links.find((l: { gymId: number }) => l.gymId === gym.id);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/web/gym-member/${own.id}`,
          cookies: owner.cookies,
          payload: { status: 'INACTIVE' },
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/web/gym-member/${own.id}`, cookies: owner.cookies }))
        .statusCode,
    ).toBe(409);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/web/gym-member/quit/${owner.member.id}`,
          cookies: owner.cookies,
        })
      ).statusCode,
    ).toBe(409);
  });

  it('a worker quits every facility they work at', async () => {
    const { owner, gym } = await makeActiveGym(t);
    const staff = await makeStaff(t.app, owner, gym.id, { consultUseYn: true });
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/web/gym-member/quit/${owner.member.id}`,
          cookies: staff.cookies,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/web/gym-member/quit/${staff.member.id}`,
          cookies: staff.cookies,
        })
      ).statusCode,
    ).toBe(204);
    expect((await get(`/web/consult/list/${gym.id}`, staff.cookies)).statusCode).toBe(404);
  });
});

describe('customers and staff lists', () => {
  it('nonWorker/list lists customers, worker/list staff, member/list both', async () => {
    const { owner, gym } = await makeActiveGym(t);
    const staff = await makeStaff(t.app, owner, gym.id, { memberUseYn: true });
    const a = await makeCustomer(t, owner.cookies, gym.id, { name: '고객가' });
    const b = await makeCustomer(t, owner.cookies, gym.id, { name: '고객나' });

    const customers = await get(
      `/web/gym-member/nonWorker/list/${gym.id}?_sort=id&_order=asc`,
      staff.cookies,
    );
    expect(customers.json().data.map((l: { member: { name: string } }) => l.member.name)).toEqual([
      '고객가',
      '고객나',
    ]);
    expect(customers.headers['x-total-count']).toBe('2');
    const search = await get(`/web/gym-member/nonWorker/list/${gym.id}?memberId=${b.id}`, staff.cookies);
    expect(search.json().data).toHaveLength(1);
    expect(a.id).not.toBe(b.id);
    const workers = await get(`/web/gym-member/worker/list/${gym.id}`, staff.cookies);
    expect(workers.json().data.map((l: { memberId: number }) => l.memberId)).toEqual([staff.member.id]);
    const everyone = await get(`/web/gym-member/member/list/${gym.id}`, staff.cookies);
    expect(everyone.json().total).toBe(4);
  });
});

describe('GET /web/member/{id} for staff (docs/rules.md#reading-a-person)', () => {
  it("answers staff with memberUseYn for the facility's customers, its staff for colleagues, 404 otherwise", async () => {
    const { owner, gym } = await makeActiveGym(t);
    const reader = await makeStaff(t.app, owner, gym.id, { memberUseYn: true });
    const noFlag = await makeStaff(t.app, owner, gym.id, { consultUseYn: true });
    const customer = await makeCustomer(t, owner.cookies, gym.id);
    const stranger = await makeSignedIn(t.app, { authCode: 'MEMBER' });
    expect((await get(`/web/member/${customer.id}`, reader.cookies)).json().data.name).toBe(customer.name);
    expect((await get(`/web/member/${customer.id}`, owner.cookies)).statusCode).toBe(200);
    expect((await get(`/web/member/${customer.id}`, noFlag.cookies)).statusCode).toBe(404);
    expect((await get(`/web/member/${stranger.member.id}`, reader.cookies)).statusCode).toBe(404);
    // A colleague (an accepted worker) is read by the facility's staff.
    expect((await get(`/web/member/${reader.member.id}`, noFlag.cookies)).statusCode).toBe(200);
  });
});
