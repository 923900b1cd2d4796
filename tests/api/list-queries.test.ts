import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../fixtures/app.ts';
import { makeActiveGym, makeStaff } from '../fixtures/gyms.ts';

// Lists in at most two round trips (docs/architecture.md#request-path): beyond the session lookup and the rights
// lookup (once per request), a list page is one statement (page, summaries and a window count), or two (the page
// and the capped count). Counted: every statement the app sends to the database client (`$client.query`, which
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
      expect(counted.rights, url).toHaveLength(1);
      expect(counted.list.length, url).toBeGreaterThanOrEqual(1);
      expect(counted.list.length, url).toBeLessThanOrEqual(2);
    }
  });
});
