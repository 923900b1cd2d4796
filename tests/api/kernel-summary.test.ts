import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import { member } from '#server/db/schema/index.ts';
import { customerChanged } from '#server/kernel/customer-summary.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeCustomer, makeTicket, sellOk, setNow } from '../fixtures/customers.ts';
import { type Cookies, makeActiveGym } from '../fixtures/gyms.ts';

// The kernel's customer summary (docs/architecture.md#kernel): a write says `customerChanged`, and the summary is
// rebuilt once, just before the transaction commits; a rolled-back transaction rebuilds nothing; outside a
// transaction the app opened it is rebuilt at once.

let t: TestApp;
let owner: Cookies;
let gymId: number;
let customerId: number;
const passNameOf = async () =>
  (await t.db.select({ passName: member.passName }).from(member).where(eq(member.id, customerId)))[0]!
    .passName;
const today = () => seoulToday(t.clock.now());

beforeAll(async () => {
  t = await createTestApp();
  setNow(t, '2026-03-02T00:00:00Z');
  const made = await makeActiveGym(t);
  owner = made.owner.cookies;
  gymId = made.gym.id;
  const customer = await makeCustomer(t, owner, gymId);
  customerId = customer.id;
  const ticket = await makeTicket(t, owner, gymId, { name: '헬스 3개월', periodAmount: 3 });
  await sellOk(t, owner, {
    gymId,
    memberId: customerId,
    ticketId: ticket.id,
    startDate: '2026-03-02',
    payments: [{ method: 'CARD', amount: 600_000 }],
  });
});
afterAll(() => t?.close());

describe('the customer summary, rebuilt before commit', () => {
  it('a sale through the API leaves the summary of the pass sold', async () => {
    expect(await passNameOf()).toBe('헬스 3개월');
  });

  it('waits for the end of the transaction, and rebuilds once however often it is told', async () => {
    await t.db.update(member).set({ passName: 'stale' }).where(eq(member.id, customerId));
    const inside = await t.db.transaction(async (tx) => {
      await customerChanged(tx, customerId, today());
      await customerChanged(tx, customerId, today());
      const [row] = await tx
        .select({ passName: member.passName })
        .from(member)
        .where(eq(member.id, customerId));
      return row!.passName;
    });
    expect(inside).toBe('stale');
    expect(await passNameOf()).toBe('헬스 3개월');
  });

  it('rebuilds nothing when the transaction rolls back', async () => {
    await t.db.update(member).set({ passName: 'before' }).where(eq(member.id, customerId));
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(member).set({ passName: 'inside' }).where(eq(member.id, customerId));
        await customerChanged(tx, customerId, today());
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await passNameOf()).toBe('before');
  });

  it('outside a transaction, rebuilds at once', async () => {
    await t.db.update(member).set({ passName: 'stale' }).where(eq(member.id, customerId));
    await customerChanged(t.db, customerId, today());
    expect(await passNameOf()).toBe('헬스 3개월');
  });
});
