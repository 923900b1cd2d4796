import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerListRoute, segmentCountsRoute } from '#domain/api/customer.ts';
import { member } from '#server/db/schema/index.ts';
import { apiClient } from '../fixtures/api.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeCustomer, makeTicket, sellOk, setNow } from '../fixtures/customers.ts';
import { type Cookies, makeActiveGym } from '../fixtures/gyms.ts';

// The customer list's "no visit for 14 days" segment (docs/rules.md#customers): active customers who never came in
// or last came in on a Seoul day 14 or more days ago. The entry log keeps member.lastVisitAt; here the test writes
// it directly, so the segment is tested on its own.

let t: TestApp;
let owner: Cookies;
let gymId: number;
const LONG = 10 * 365 * 86_400_000;
beforeAll(async () => {
  t = await createTestApp({ config: { session: { idleMs: LONG, absoluteMs: LONG } } });
  // 2 March 2026, 09:00 KST.
  setNow(t, '2026-03-02T00:00:00Z');
  const made = await makeActiveGym(t);
  owner = made.owner.cookies;
  gymId = made.gym.id;
});
afterAll(() => t?.close());

const get = async (url: string) => {
  const response = await t.app.inject({ method: 'GET', url, cookies: owner });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const api = apiClient(() => t.app, { cookies: () => owner });
const noVisitIds = async () =>
  (await api.call(customerListRoute, { query: { gymId, segment: 'noVisit', _end: 100 } })).data.map(
    (c) => c.id,
  );
const counts = async () => (await api.call(segmentCountsRoute, { query: { gymId } })).data.counts;

describe('the noVisit segment', () => {
  it('holds an active customer who never came in, drops them on a visit and takes them back 14 Seoul days later', async () => {
    const product = await makeTicket(t, owner, gymId, {
      name: '헬스 3개월',
      periodAmount: 3,
      periodUnit: 'MONTH',
    });
    const regular = await makeCustomer(t, owner, gymId, { name: '방문고객' });
    const noPass = await makeCustomer(t, owner, gymId, { name: '이용권없음' });
    await sellOk(t, owner, { gymId, memberId: regular.id, ticketId: product.id, startDate: '2026-03-02' });

    // Active and never came in: in the segment; without a pass: not.
    expect(await noVisitIds()).toContain(regular.id);
    expect(await noVisitIds()).not.toContain(noPass.id);
    const before = await counts();
    expect(before.noVisit).toBe((await noVisitIds()).length);
    const row = (await get(`/web/member/total-list?gymId=${gymId}&q=${encodeURIComponent('방문고객')}`))
      .data[0];
    expect(row).toMatchObject({ id: regular.id, lastVisitAt: null });

    // A visit now (2 March 09:00 KST), written as the entry log would.
    await t.db
      .update(member)
      .set({ lastVisitAt: new Date('2026-03-02T00:00:00Z') })
      .where(eq(member.id, regular.id));
    expect(await noVisitIds()).not.toContain(regular.id);
    expect((await counts()).noVisit).toBe(before.noVisit - 1);
    const detail = (await get(`/web/member/customer/${regular.id}?gymId=${gymId}`)).data;
    expect(detail.lastVisitAt).toBe('2026-03-02T00:00:00.000Z');

    // 15 March 23:59 KST: 2 March is 13 days ago, still a recent visit.
    setNow(t, '2026-03-15T14:59:00Z');
    expect(await noVisitIds()).not.toContain(regular.id);
    // 16 March 00:00 KST (still the 15th in UTC): 2 March is 14 days ago, in the segment again.
    setNow(t, '2026-03-15T15:00:00Z');
    expect(await noVisitIds()).toContain(regular.id);
    const after = await counts();
    expect(after.noVisit).toBe((await noVisitIds()).length);
    expect(after.noVisit).toBeLessThanOrEqual(after.active);
  });
});
