import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customerConsent,
  customerConsentEvent,
  messageSend,
  messageSender,
} from '#server/db/schema/index.ts';
import type { AutoRunContext, AutoSendRequest } from '#server/modules/message-settings/message-auto.run.ts';
import { runConsentRenewals } from '#server/modules/message-settings/message-consent.renewal.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeCustomer, setNow } from '../fixtures/customers.ts';
import { approveAddOn, makeActiveGym } from '../fixtures/gyms.ts';

// The 2-year consent notice in bounded runs (docs/rules.md#consents): a backlog of due customers (a database moved
// in with years of consents) is renewed a limited number a run, the oldest first, every due channel of a customer in
// the same run, so one minute's run stays one short transaction per notice. On PGlite an unbounded run over the
// bench's 100,000 customers held the one connection for 39 s, and its largest notice failed every minute
// (bench/README.md, the messaging section).

let t: TestApp;
let gymId: number;
let requests: AutoSendRequest[] = [];

const recorder: AutoRunContext['sendAuto'] = async (tx, actor, request) => {
  requests.push(request);
  const [row] = await tx
    .insert(messageSend)
    .values({
      gymId: request.gymId,
      channel: request.channel,
      kind: 'SMS',
      content: request.content,
      advertising: request.advertising,
      senderId: request.senderId,
      audience: { type: 'customers', memberIds: request.memberIds },
      state: 'REQUEST',
      origin: 'AUTO',
      autoKind: request.autoKind,
      scheduledAt: actor.now,
      unitPrice: 20,
    })
    .returning({ id: messageSend.id });
  return row!.id;
};

beforeAll(async () => {
  t = await createTestApp();
  setNow(t, '2026-03-02T00:00:00Z');
  const a = await makeActiveGym(t);
  gymId = a.gym.id;
  await approveAddOn(t, gymId, 'MESSAGE');
  await t.db
    .insert(messageSender)
    .values({ gymId, phone: '0215551234', status: 'APPROVE', proofFileId: null });
  const owner = a.owner.cookies;
  // Five customers, given their consents a day apart (the first the oldest); each agreed to SMS and NIGHT.
  for (let i = 0; i < 5; i++) {
    const id = (await makeCustomer(t, owner, gymId, { name: `갱신${i}` })).id;
    const given = new Date(Date.UTC(2023, 0, 1 + i, 5));
    for (const channel of ['SMS', 'NIGHT'])
      await t.db.insert(customerConsent).values({
        gymId,
        memberId: id,
        channel,
        agreed: true,
        source: 'DESK',
        at: given,
        confirmedAt: given,
      });
  }
}, 60_000);
afterAll(() => t?.close());

describe('the 2-year consent notice, bounded', () => {
  it('renews at most the limit a run, the oldest first, each customer with all its channels, until none is left', async () => {
    const now = new Date('2026-03-02T00:00:00Z');
    const runs: number[][] = [];
    for (let i = 0; i < 4; i++) {
      requests = [];
      await runConsentRenewals({ db: t.db, sendAuto: recorder }, now, 2);
      runs.push(requests.flatMap((r) => r.memberIds));
    }
    const all = runs.flat();
    expect(runs.map((r) => r.length)).toEqual([2, 2, 1, 0]);
    expect(new Set(all).size).toBe(5);
    expect(all).toEqual([...all].sort((a, b) => a - b)); // oldest consent first: the customers in order made
    const rows = await t.db.select().from(customerConsent).where(eq(customerConsent.gymId, gymId));
    expect(rows).toHaveLength(10);
    expect(rows.every((r) => r.confirmedAt.getTime() === now.getTime())).toBe(true);
    const events = await t.db
      .select()
      .from(customerConsentEvent)
      .where(eq(customerConsentEvent.gymId, gymId));
    expect(events.filter((e) => e.source === 'RENEWAL')).toHaveLength(10);
  });
});
