import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member, messageAuto, messageSend } from '#server/db/schema/index.ts';
import { runAutomaticMessages } from '#server/modules/message/message.auto.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { setNow } from '../fixtures/customers.ts';
import {
  consent,
  type MessagingGym,
  makeCustomers,
  makeMessagingGym,
  recipientsOf,
} from '../fixtures/messages.ts';

// The automatic messages wired to the sends module (docs/rules.md#automatic-messages): the run the server's loop
// calls once a minute, called here with the injected clock, builds real AUTO sends (the audience's consent rules,
// the rendered texts, the charges and outbox rows) once per cause.

let t: TestApp;
let g: MessagingGym;

const run = () => runAutomaticMessages({ db: t.db }, t.clock.now());

const enable = (kind: string, text: string, sendHour: number) =>
  t.db.insert(messageAuto).values({ gymId: g.gymId, kind, enabled: true, text, sendHour, params: {} });

const sendOf = async (id: number) => {
  const [row] = await t.db.select().from(messageSend).where(eq(messageSend.id, id));
  return row!;
};

const autoSends = () =>
  t.db
    .select()
    .from(messageSend)
    .where(and(eq(messageSend.gymId, g.gymId), eq(messageSend.origin, 'AUTO')));

beforeAll(async () => {
  // The clock moves by days: the session outlives it.
  t = await createTestApp({ config: { session: { idleMs: 7 * 86_400_000, absoluteMs: 30 * 86_400_000 } } });
  setNow(t, '2026-03-02T03:00:00Z');
  g = await makeMessagingGym(t);
}, 60_000);
afterAll(() => t?.close());

describe('the automatic messages through the sends module', () => {
  it('send a pass ending in 7 days once, to that customer, rendered', async () => {
    const [customer] = await makeCustomers(t, g, 1, { name: '김하늘' });
    await t.db
      .update(member)
      .set({ passEndDate: '2026-03-12', currentTicketIssueId: 9001 })
      .where(eq(member.id, customer!.id));
    await enable('PASS_END_7', '#{이름}님, 이용권이 #{종료일}에 끝납니다.', 9);
    setNow(t, '2026-03-05T00:10:00Z'); // 09:10 KST, 7 days before
    const first = await run();
    expect(first).toHaveLength(1);
    const send = await sendOf(first[0]!);
    expect(send).toMatchObject({
      origin: 'AUTO',
      autoKind: 'PASS_END_7',
      advertising: false,
      channel: 'SMS',
      senderId: g.senderId,
      recipientCount: 1,
    });
    const recipients = await recipientsOf(t, send.id);
    expect(recipients).toEqual([
      expect.objectContaining({
        memberId: customer!.id,
        state: 'QUEUED',
        text: '김하늘님, 이용권이 2026-03-12에 끝납니다.',
      }),
    ]);
    setNow(t, '2026-03-05T00:40:00Z');
    expect(await run()).toEqual([]);
    expect(await autoSends()).toHaveLength(1);
  });

  it('send a birthday as advertising, skipping a customer without marketing consent', async () => {
    const [agreed, refused] = await makeCustomers(t, g, 2, { birthDate: '1990-03-06' });
    await consent(t, g.gymId, agreed!.id, 'SMS');
    await enable('BIRTHDAY', '#{이름}님, 생일을 축하드립니다!', 10);
    setNow(t, '2026-03-06T01:10:00Z'); // 10:10 KST
    const sends = await run();
    expect(sends).toHaveLength(1);
    const send = await sendOf(sends[0]!);
    expect(send).toMatchObject({
      autoKind: 'BIRTHDAY',
      advertising: true,
      recipientCount: 1,
      excludedCount: 1,
    });
    expect(send.content.startsWith('(광고)')).toBe(true);
    const recipients = await recipientsOf(t, send.id);
    expect(recipients.find((r) => r.state === 'QUEUED')?.memberId).toBe(agreed!.id);
    expect(recipients.find((r) => r.memberId === refused!.id)).toMatchObject({
      state: 'EXCLUDED',
      exclusion: 'NO_CONSENT',
    });
    setNow(t, '2026-03-06T01:20:00Z');
    expect(await run()).toEqual([]);
  });
});
