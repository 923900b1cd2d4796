import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  customerConsent,
  member,
  messageAuto,
  messageAutoSent,
  messageSend,
  messageSender,
  sale,
} from '#server/db/schema/index.ts';
import { unpaidReminderDue } from '#server/modules/message-settings/message-auto.causes.ts';
import {
  type AutoRunContext,
  type AutoSendRequest,
  runAutoMessages,
} from '#server/modules/message-settings/message-auto.run.ts';
import { runConsentRenewals } from '#server/modules/message-settings/message-consent.renewal.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeCustomer, setNow } from '../fixtures/customers.ts';
import { approveAddOn, type Cookies, makeActiveGym } from '../fixtures/gyms.ts';

// The automatic messages (docs/rules.md#automatic-messages) and the 2-year consent notice (docs/rules.md#consents),
// run directly with the injected clock. The sends module's part (consent and night rules, rendering, charges) is
// stood in for by a recorder that writes the AUTO send row and keeps each request, so these tests prove what this
// module decides: which causes are due, that each is sent once, the unpaid schedule, the renewal's timing.

let t: TestApp;
let owner: Cookies;
let gymId: number;
let requests: AutoSendRequest[];
let failNext = false;

const recorder: AutoRunContext['sendAuto'] = async (tx, actor, request) => {
  if (failNext) {
    failNext = false;
    throw new Error('credits short');
  }
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

const ctx = () => ({ db: t.db, sendAuto: recorder });
const run = (iso: string) => runAutoMessages(ctx(), new Date(iso));

const enable = (kind: string, params: Record<string, number> = {}, sendHour = 10, gym = gymId) =>
  t.db
    .insert(messageAuto)
    .values({ gymId: gym, kind, enabled: true, text: '#{이름}님 안내', sendHour, params })
    .onConflictDoUpdate({
      target: [messageAuto.gymId, messageAuto.kind],
      set: { enabled: true, sendHour, params },
    });

const customer = async (body: Record<string, unknown> = {}) => (await makeCustomer(t, owner, gymId, body)).id;

const summary = (id: number, values: Partial<typeof member.$inferInsert>) =>
  t.db.update(member).set(values).where(eq(member.id, id));

const sentFor = (kind: string) => requests.filter((r) => r.autoKind === kind);

beforeAll(async () => {
  t = await createTestApp();
  setNow(t, '2026-03-02T00:00:00Z');
  const a = await makeActiveGym(t);
  owner = a.owner.cookies;
  gymId = a.gym.id;
  await approveAddOn(t, gymId, 'MESSAGE');
  await t.db
    .insert(messageSender)
    .values({ gymId, phone: '0215551234', status: 'APPROVE', proofFileId: null });
}, 60_000);
beforeEach(() => {
  requests = [];
  failNext = false;
});
afterAll(() => t?.close());

describe('the automatic sender', () => {
  it('sends a birthday once at its Seoul hour, as advertising, and again the next year', async () => {
    const born = await customer({ birthDate: '1990-03-02' });
    await customer({ birthDate: '1990-03-03' });
    await enable('BIRTHDAY');
    expect(await run('2026-03-02T00:59:00Z')).toEqual([]); // 09:59 KST: not the hour yet
    const first = await run('2026-03-02T01:05:00Z'); // 10:05 KST
    expect(first).toHaveLength(1);
    expect(sentFor('BIRTHDAY')).toEqual([
      expect.objectContaining({ gymId, advertising: true, channel: 'SMS', memberIds: [born] }),
    ]);
    expect(await run('2026-03-02T01:45:00Z')).toEqual([]); // the same hour again: claimed already
    expect(await run('2026-03-02T02:05:00Z')).toEqual([]); // 11:05: not its hour
    const [claim] = await t.db
      .select()
      .from(messageAutoSent)
      .where(
        and(eq(messageAutoSent.gymId, gymId), eq(messageAutoSent.causeKey, `BIRTHDAY:member:${born}:2026`)),
      );
    expect(claim?.sendId).toBe(first[0]);
    expect(await run('2027-03-02T01:05:00Z')).toHaveLength(1);
  });

  it('tells a pass ending in 7 days once; the next cause sends again', async () => {
    const id = await customer();
    await summary(id, { passEndDate: '2026-03-12', currentTicketIssueId: 9001 });
    await enable('PASS_END_7', {}, 9);
    expect(await run('2026-03-05T00:10:00Z')).toHaveLength(1); // 09:10 KST on 03-05, 7 days before
    expect(await run('2026-03-05T00:40:00Z')).toHaveLength(0);
    expect(await run('2026-03-06T00:10:00Z')).toHaveLength(0); // 6 days before: no cause
    await summary(id, { passEndDate: '2026-04-12', currentTicketIssueId: 9002 });
    expect(await run('2026-04-05T00:10:00Z')).toHaveLength(1);
    expect(sentFor('PASS_END_7').map((r) => r.memberIds)).toEqual([[id], [id]]);
  });

  it('frees the claims when the send is refused, so the next run sends', async () => {
    const id = await customer();
    await summary(id, { sessionsLeft: 2, currentTicketIssueId: 9100 });
    await enable('SESSIONS_LOW', {}, 12);
    failNext = true;
    expect(await run('2026-03-02T03:01:00Z')).toEqual([]);
    expect(await run('2026-03-02T03:02:00Z')).toHaveLength(1);
    expect(await run('2026-03-02T03:03:00Z')).toHaveLength(0);
  });

  it('sends nothing for a facility without the MESSAGE add-on, or without an approved number', async () => {
    const b = await makeActiveGym(t);
    const theirs = (await makeCustomer(t, b.owner.cookies, b.gym.id, { birthDate: '1980-06-01' })).id;
    await enable('BIRTHDAY', {}, 10, b.gym.id);
    expect(await run('2026-06-01T01:05:00Z')).toEqual([]);
    await approveAddOn(t, b.gym.id, 'MESSAGE');
    expect(await run('2026-06-01T01:06:00Z')).toEqual([]); // no sender number, no channel
    const claimed = await t.db.select().from(messageAutoSent).where(eq(messageAutoSent.gymId, b.gym.id));
    expect(claimed).toEqual([]);
    await t.db.insert(messageSender).values({ gymId: b.gym.id, phone: '0215559999', status: 'APPROVE' });
    expect(await run('2026-06-01T01:07:00Z')).toHaveLength(1);
    expect(sentFor('BIRTHDAY').at(-1)?.memberIds).toEqual([theirs]);
  });

  it('tells a no-visit customer once per lapse, as advertising', async () => {
    const id = await customer();
    await summary(id, { lastVisitAt: new Date('2026-03-01T03:00:00Z') }); // 03-01 KST
    await enable('NO_VISIT', { days: 14 }, 15);
    expect(await run('2026-03-14T06:30:00Z')).toHaveLength(0); // 13 days
    expect(await run('2026-03-15T06:30:00Z')).toHaveLength(1); // 14 days, 15:30 KST
    expect(await run('2026-03-16T06:30:00Z')).toHaveLength(0); // the same lapse
    expect(sentFor('NO_VISIT')[0]).toMatchObject({ advertising: true, memberIds: [id] });
  });
});

describe('the unpaid reminders', () => {
  it('are due after N days, then every M days, at most K times (a missed day catches up)', () => {
    const params = { afterDays: 3, everyDays: 7, maxTimes: 2 };
    const due = (today: string) => unpaidReminderDue('2026-03-02', today, params);
    expect(due('2026-03-04')).toBeNull();
    expect(due('2026-03-05')).toBe(1);
    expect(due('2026-03-11')).toBe(1);
    expect(due('2026-03-12')).toBe(2);
    expect(due('2026-03-19')).toBeNull();
  });

  it('send on the schedule and stop after K', async () => {
    const id = await customer();
    await t.db.insert(sale).values({
      gymId,
      memberId: id,
      itemType: 'PRODUCT',
      itemName: '단백질 음료',
      listPrice: 30_000,
      price: 30_000,
      createDate: new Date('2026-03-02T02:00:00Z'),
    });
    await summary(id, { unpaidAmount: 30_000 });
    await enable('UNPAID', { afterDays: 3, everyDays: 7, maxTimes: 2 }, 18);
    const at = (date: string) => run(`${date}T09:10:00Z`); // 18:10 KST
    const days = [
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
      '2026-03-19',
    ];
    const counts: number[] = [];
    for (const day of days) counts.push((await at(day)).length);
    expect(counts).toEqual([0, 1, 0, 0, 1, 0, 0]);
    expect(sentFor('UNPAID').every((r) => !r.advertising && r.memberIds[0] === id)).toBe(true);
  });
});

describe('the 2-year consent notice', () => {
  it('goes at exactly two years (00:00 KST of the same date), once, and confirms the consents again', async () => {
    const id = await customer();
    const given = new Date('2024-03-10T05:00:00Z'); // 14:00 KST 2024-03-10
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
    const renew = (iso: string) => runConsentRenewals(ctx(), new Date(iso));
    expect(await renew('2026-03-09T14:59:59Z')).toEqual([]); // 23:59:59 KST on 03-09
    const sent = await renew('2026-03-09T15:00:00Z'); // 00:00 KST on 03-10
    expect(sent).toHaveLength(1);
    const notice = sentFor('CONSENT_RENEWAL')[0]!;
    expect(notice).toMatchObject({ advertising: false, channel: 'SMS', memberIds: [id] });
    expect(notice.content).toContain('문자');
    expect(notice.content).toContain('야간');
    const rows = await t.db.select().from(customerConsent).where(eq(customerConsent.memberId, id));
    expect(rows.map((r) => r.confirmedAt.toISOString())).toEqual([
      '2026-03-09T15:00:00.000Z',
      '2026-03-09T15:00:00.000Z',
    ]);
    expect(await renew('2026-03-09T16:00:00Z')).toEqual([]);
    expect(await renew('2028-03-09T15:00:00Z')).toHaveLength(1); // the next cycle
  });

  it('leaves a withdrawn consent alone', async () => {
    const id = await customer();
    const given = new Date('2024-01-05T05:00:00Z');
    await t.db.insert(customerConsent).values({
      gymId,
      memberId: id,
      channel: 'SMS',
      agreed: false,
      source: 'DESK',
      at: given,
      confirmedAt: given,
    });
    await runConsentRenewals(ctx(), new Date('2026-01-06T00:00:00Z'));
    expect(sentFor('CONSENT_RENEWAL').flatMap((r) => r.memberIds)).not.toContain(id);
  });
});
