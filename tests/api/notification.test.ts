import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notification } from '#server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeSignedIn } from '../fixtures/factories.ts';
import { type Cookies, makeActiveGym, makeGym, operatorOf } from '../fixtures/gyms.ts';

// "The notice bot" (docs/rules.md#notifications): each member reads and marks only their own notices.

let t: TestApp;
let operator: Cookies;
beforeAll(async () => {
  t = await createTestApp();
  operator = await operatorOf(t);
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'PUT', url: string, cookies?: Cookies) =>
  t.app.inject({ method, url, ...(cookies ? { cookies } : {}) });
const unread = async (cookies: Cookies) =>
  (await call('GET', '/web/notification/unread-count', cookies)).json().data.count as number;

describe('/web/notification', () => {
  it('lists your notices newest first with the facility name, pages them, counts the unread and marks them read', async () => {
    const { owner, gym } = await makeActiveGym(t);
    const rejected = await makeGym(t.app, { owner, status: 'REQUEST' });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/web/gym/${rejected.gym.id}`,
      cookies: operator,
      payload: { gymStatus: 'INACTIVE', inactiveReason: '주소가 다릅니다' },
    });
    expect(put.statusCode).toBe(200);
    expect(await unread(owner.cookies)).toBe(2);

    const list = await call('GET', '/web/notification/list?_start=0&_end=20', owner.cookies);
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('2');
    const body = list.json();
    expect(body.total).toBe(2);
    expect(body.data).toEqual([
      {
        id: expect.any(Number),
        gymId: rejected.gym.id,
        gymName: rejected.gym.name,
        kind: 'GYM_REJECTED',
        reason: '주소가 다릅니다',
        subServiceType: null,
        readYn: false,
        createDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
      expect.objectContaining({ gymId: gym.id, gymName: gym.name, kind: 'GYM_APPROVED', readYn: false }),
    ]);

    const page = await call('GET', '/web/notification/list?_start=1&_end=2', owner.cookies);
    expect(page.json().data.map((n: { kind: string }) => n.kind)).toEqual(['GYM_APPROVED']);
    expect(page.json().total).toBe(2);
    const beyond = await call('GET', '/web/notification/list?_start=5&_end=10', owner.cookies);
    expect(beyond.json()).toEqual({ data: [], total: 2 });

    const first = body.data[0].id as number;
    const marked = await call('PUT', `/web/notification/${first}/read`, owner.cookies);
    expect(marked.statusCode).toBe(200);
    expect(marked.json().data).toEqual({ ...body.data[0], readYn: true });
    expect(await unread(owner.cookies)).toBe(1);
    // Marking twice is harmless.
    expect((await call('PUT', `/web/notification/${first}/read`, owner.cookies)).statusCode).toBe(200);

    const all = await call('PUT', '/web/notification/read-all', owner.cookies);
    expect(all.statusCode).toBe(204);
    expect(await unread(owner.cookies)).toBe(0);
    const after = (await call('GET', '/web/notification/list', owner.cookies)).json().data;
    expect(after.every((n: { readYn: boolean }) => n.readYn)).toBe(true);
  });

  it("nobody reads or marks another member's notices", async () => {
    const { owner } = await makeActiveGym(t);
    const other = await makeSignedIn(t.app);
    const [notice] = (await call('GET', '/web/notification/list', owner.cookies)).json().data;
    expect((await call('GET', '/web/notification/list', other.cookies)).json()).toEqual({
      data: [],
      total: 0,
    });
    expect(await unread(other.cookies)).toBe(0);

    const theirs = await call('PUT', `/web/notification/${notice.id}/read`, other.cookies);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('NOT_FOUND');
    expect((await call('PUT', `/web/notification/${notice.id}/read`, operator)).statusCode).toBe(404);
    expect((await call('PUT', '/web/notification/read-all', other.cookies)).statusCode).toBe(204);
    expect(await unread(owner.cookies)).toBe(1);
    expect((await call('PUT', '/web/notification/2147483647/read', owner.cookies)).statusCode).toBe(404);
  });

  it('needs a session and bounded pages', async () => {
    for (const [method, url] of [
      ['GET', '/web/notification/list'],
      ['GET', '/web/notification/unread-count'],
      ['PUT', '/web/notification/read-all'],
      ['PUT', '/web/notification/1/read'],
    ] as const) {
      expect((await call(method, url)).statusCode, url).toBe(401);
    }
    const me = await makeSignedIn(t.app);
    for (const query of ['_start=0&_end=101', '_start=5&_end=5', '_start=-1', 'other=1']) {
      const response = await call('GET', `/web/notification/list?${query}`, me.cookies);
      expect(response.statusCode, query).toBe(400);
    }
    expect((await call('GET', '/web/notification/list?_start=0&_end=100', me.cookies)).statusCode).toBe(200);
  });

  it('counts the total past a full page', async () => {
    const { owner, gym } = await makeActiveGym(t);
    await t.db.insert(notification).values(
      Array.from({ length: 30 }, () => ({
        memberId: owner.member.id,
        gymId: gym.id,
        kind: 'GYM_APPROVED' as const,
      })),
    );
    const page = await call('GET', '/web/notification/list?_start=0&_end=10', owner.cookies);
    expect(page.json().data).toHaveLength(10);
    expect(page.json().total).toBe(31);
    expect(page.headers['x-total-count']).toBe('31');
    expect(await unread(owner.cookies)).toBe(31);
  });
});
