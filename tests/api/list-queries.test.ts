import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../fixtures/app.ts';
import { makeSignedIn } from '../fixtures/factories.ts';
import { makeActiveGym, makeStaff } from '../fixtures/gyms.ts';
import { injectAs } from '../fixtures/inject.ts';

// Lists in at most two round trips (docs/architecture.md#request-path): beyond the session lookup and the rights
// lookup (once per request, and kept a few seconds in process), a list page is one statement (page, summaries and
// a window count), or two (the page and the capped count). Counted: every statement the app sends to the database client (`$client.query`, which
// both drivers use for prepared and plain statements) while the request is in flight.

const app = setupTestApp();

type Client = { query: (...args: unknown[]) => Promise<unknown> };

const statementsOf = async (run: () => Promise<{ statusCode: number }>) => {
  const client = (app().db as unknown as { $client: Client }).$client;
  const original = client.query;
  const seen: string[] = [];
  client.query = function (this: Client, ...args: unknown[]) {
    const first = args[0];
    seen.push(typeof first === 'string' ? first : String((first as { text?: string })?.text ?? ''));
    return original.apply(this, args);
  };
  try {
    const response = await run();
    expect(response.statusCode).toBe(200);
  } finally {
    client.query = original;
  }
  const isSession = (sql: string) => /from "session"/.test(sql) || /"session"/.test(sql.slice(0, 40));
  const isRights = (sql: string) =>
    /from "gym_member" inner join "gym_auth"/.test(sql) && /"member_id" = \$1/.test(sql);
  return {
    all: seen,
    session: seen.filter(isSession),
    rights: seen.filter(isRights),
    list: seen.filter((sql) => !isSession(sql) && !isRights(sql)),
  };
};

describe('a list request', () => {
  it('reads the staff list with member and facility names in one statement', async () => {
    const { owner, gym } = await makeActiveGym(app());
    for (let i = 0; i < 3; i++) await makeStaff(app().app, owner, gym.id, { consultUseYn: true });
    const counted = await statementsOf(() =>
      app().app.inject({
        method: 'GET',
        url: `/web/gym-member/worker/list/${gym.id}?_start=0&_end=2`,
        cookies: owner.cookies,
      }),
    );
    expect(counted.rights).toHaveLength(1);
    expect(counted.session.length).toBeLessThanOrEqual(1);
    expect(counted.list).toHaveLength(1);
    expect(counted.all.length).toBeLessThanOrEqual(3);
  });

  it('the staff list still answers the names and the total', async () => {
    const { owner, gym } = await makeActiveGym(app());
    const staff = await makeStaff(app().app, owner, gym.id);
    const response = await app().app.inject({
      method: 'GET',
      url: `/web/gym-member/worker/list/${gym.id}?_start=0&_end=1`,
      cookies: owner.cookies,
    });
    expect(response.headers['x-total-count']).toBe('1');
    expect(response.json().data[0]).toMatchObject({
      memberId: staff.member.id,
      member: { id: staff.member.id, name: staff.member.name },
      gym: { id: gym.id, name: gym.name },
    });
  });

  it('reads a generic list (a full page, so it is counted) in at most two statements', async () => {
    const { owner, gym } = await makeActiveGym(app());
    for (let i = 0; i < 3; i++) await makeStaff(app().app, owner, gym.id);
    for (const url of [
      `/web/gym-auth/list?gymId=${gym.id}&_start=0&_end=2`,
      `/web/gym-auth-member/list?gymId=${gym.id}&_start=0&_end=2`,
    ]) {
      const counted = await statementsOf(() =>
        app().app.inject({ method: 'GET', url, cookies: owner.cookies }),
      );
      // The second list finds the rights the first one read (kept a few seconds).
      expect(counted.rights.length, url).toBeLessThanOrEqual(1);
      expect(counted.list.length, url).toBeGreaterThanOrEqual(1);
      expect(counted.list.length, url).toBeLessThanOrEqual(2);
    }
  });
});

describe('the session and rights lookups, kept a few seconds', () => {
  it('a repeated list reads neither again: the page statement only', async () => {
    const { owner, gym } = await makeActiveGym(app());
    for (let i = 0; i < 3; i++) await makeStaff(app().app, owner, gym.id);
    const url = `/web/gym-member/worker/list/${gym.id}?_start=0&_end=2`;
    const first = await statementsOf(() => app().app.inject({ method: 'GET', url, cookies: owner.cookies }));
    expect(first.session).toHaveLength(1);
    expect(first.rights).toHaveLength(1);
    const again = await statementsOf(() => app().app.inject({ method: 'GET', url, cookies: owner.cookies }));
    expect(again.session).toHaveLength(0);
    expect(again.rights).toHaveLength(0);
    expect(again.all).toHaveLength(1);
  });

  it('a permission change holds from the next request on', async () => {
    const { owner, gym } = await makeActiveGym(app());
    const staff = await makeStaff(app().app, owner, gym.id, { consultUseYn: true });
    const worker = await injectAs(app().app, staff);
    const url = `/web/consult?gymId=${gym.id}`;
    expect((await worker.get(url)).statusCode).toBe(200);
    expect((await worker.get(url)).statusCode).toBe(200);
    const revoked = await app().app.inject({
      method: 'PUT',
      url: `/web/gym-auth/${staff.gymAuth.id}`,
      cookies: owner.cookies,
      payload: { consultUseYn: false },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await worker.get(url)).json().total).toBe(0);
    expect((await worker.get(`/web/consult/list/${gym.id}`)).statusCode).toBe(403);
  });

  it('a sign-out, and a password change elsewhere, hold from the next request on', async () => {
    const made = await makeSignedIn(app().app);
    const first = await injectAs(app().app, made);
    const second = await injectAs(app().app, { userId: made.userId, password: made.password });
    expect((await first.get('/web/member/validate')).statusCode).toBe(200);
    expect((await second.get('/web/member/validate')).statusCode).toBe(200);
    const changed = await first.put(`/web/member/${made.member.id}/password`, {
      currentPassword: made.password,
      newPassword: 'another1234',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await second.get('/web/member/validate')).statusCode).toBe(401);
    expect((await first.get('/web/member/validate')).statusCode).toBe(200);
    expect((await first.post('/web/member/logout')).statusCode).toBeLessThan(300);
    expect((await first.get('/web/member/validate')).statusCode).toBe(401);
  });

  it('an expired session is noticed even while it is kept (the app clock moves past it)', async () => {
    const made = await makeSignedIn(app().app);
    const me = await injectAs(app().app, made);
    expect((await me.get('/web/member/validate')).statusCode).toBe(200);
    app().clock.advance(24 * 60 * 60 * 1000 * 400);
    const expired = await me.get('/web/member/validate');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().reason).toBe('sessionExpired');
  });
});
