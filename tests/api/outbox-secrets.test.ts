import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEntrySchema } from '#domain/api/outbox.ts';
import { bookingLinkRoute } from '#domain/api/schedule.ts';
import type { Db } from '#server/db/client.ts';
import { outbox, sale } from '#server/db/schema/index.ts';
import { enqueue } from '#server/kernel/outbox.ts';
import { deriveServerKey, installServerKey, loadServerKey } from '#server/kernel/sealing.ts';
import { RESET_TOPIC } from '#server/modules/auth/password-reset.service.ts';
import type { MessageProvider, OutboundMessage } from '#server/modules/outbox/message-provider.ts';
import { readArchive } from '#server/ops/archive.ts';
import { createBackup, DATABASE_PARTS } from '#server/ops/backup.ts';
import { dataAs, dataOf } from '../fixtures/api.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeCustomer, makeTicket, sellOk, setNow } from '../fixtures/customers.ts';
import { makeMember, randomIp } from '../fixtures/factories.ts';
import { type Cookies, makeActiveGym, operatorOf } from '../fixtures/gyms.ts';

// Secrets in the outbox (docs/architecture.md#outbox) and the links messages carry (PUBLIC_URL): a reset code, a
// payment link's token, a booking link's token and a membership QR never sit in clear in an outbox row, the
// operator's console or a backup; they are sealed to the server's key until delivery and erased after it. The
// customer still gets the right code and an absolute link from PUBLIC_URL, signed with the facility's name.

const PUBLIC_URL = 'https://gym.example.com/fitdesk';
const LONG = 10 * 365 * 86_400_000;

let t: TestApp;
let owner: Cookies;
let gymId: number;
let gymName: string;
let ticketId: number;
const testLogDir = mkdtempSync(join(tmpdir(), 'fitdesk-outbox-log-'));

beforeAll(async () => {
  t = await createTestApp({
    config: {
      publicUrl: PUBLIC_URL,
      session: { idleMs: LONG, absoluteMs: LONG },
      outboxTestLog: join(testLogDir, 'deliveries.jsonl'),
    },
  });
  setNow(t, '2026-03-02T00:00:00Z');
  const made = await makeActiveGym(t);
  owner = made.owner.cookies;
  gymId = made.gym.id;
  gymName = made.gym.name;
  ticketId = (await makeTicket(t, owner, gymId)).id;
});
afterAll(async () => {
  await t.close();
  rmSync(testLogDir, { recursive: true, force: true });
});

/** The lines OUTBOX_TEST_LOG holds, by outbox id: the test-mode provider writes the text as delivered. */
const testLogOf = () =>
  new Map(
    readFileSync(join(testLogDir, 'deliveries.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: number; text?: { ko: string; en: string } })
      .map((record) => [record.id, record]),
  );

const deliveredOf = (app: TestApp, id: number) =>
  (app.app.outbox.provider as MessageProvider & { delivered: OutboundMessage[] }).delivered.find(
    (m) => m.id === id,
  )?.payload as { code?: string; url?: string; text: { ko: string; en: string } } | undefined;

/** Every outbox row's raw text, as the database holds it. */
const rawRows = async (db: Db) => {
  const result = await db.execute(
    sql`select id::int as id, topic, payload::text as payload from outbox order by id`,
  );
  return (result as unknown as { rows: { id: number; topic: string; payload: string }[] }).rows;
};

const latestRow = async (topic: string) =>
  (
    await t.db.select().from(outbox).where(eq(outbox.topic, topic)).orderBy(sql`${outbox.id} desc`).limit(1)
  )[0]!;

/** A reset for a new account: its outbox row and the code the test-mode provider delivered. */
const resetCode = async () => {
  const { member, userId } = await makeMember(t.app);
  const response = await t.app.inject({
    method: 'POST',
    url: '/web/member/password-reset',
    payload: { userId },
    remoteAddress: randomIp(),
  });
  expect(response.statusCode).toBe(200);
  const row = (await t.db.select().from(outbox).where(eq(outbox.topic, RESET_TOPIC))).find(
    (r) => (r.payload as { memberId: number }).memberId === member.id,
  )!;
  return { row, code: deliveredOf(t, row.id)!.code! };
};

/** A payment request for a fresh customer's balance: its row, the token and the link delivered. */
const payRequest = async () => {
  const customer = await makeCustomer(t, owner, gymId, { name: '이결제' });
  const pass = await sellOk(t, owner, {
    gymId,
    memberId: customer.id,
    ticketId,
    startDate: '2026-03-02',
    payments: [{ method: 'CARD', amount: 100_000 }],
  });
  const [owed] = await t.db.select({ id: sale.id }).from(sale).where(eq(sale.ticketIssueId, pass.id));
  const response = await t.app.inject({
    method: 'POST',
    url: '/web/pay-request',
    cookies: owner,
    payload: { gymId, saleId: owed!.id },
  });
  expect(response.statusCode, response.body).toBe(201);
  const url = response.json().data.url as string;
  const row = await latestRow('pay-request');
  return { row, url, token: new URL(url, 'http://x').searchParams.get('token')! };
};

/** A booking link texted to a fresh customer: its row and token. */
const bookingLink = async () => {
  const customer = await makeCustomer(t, owner, gymId, { name: '박예약' });
  const response = await t.app.inject({
    method: 'POST',
    url: '/web/booking-link',
    cookies: owner,
    payload: { gymId, memberId: customer.id, send: true },
  });
  expect(response.statusCode, response.body).toBe(201);
  const { token, path } = dataOf(bookingLinkRoute, response);
  return { row: await latestRow('reservation'), token, path };
};

describe('secrets in the outbox', () => {
  it('keeps a reset code sealed until delivery, delivers it, then erases the seal', async () => {
    const code = '482913';
    const pending = await enqueue(t.db, {
      topic: RESET_TOPIC,
      payload: {
        to: '01000000000',
        memberId: 0,
        text: { ko: '인증번호 {{code}}', en: 'Your code is {{code}}.' },
      },
      secrets: { code },
      now: t.clock.now(),
    });
    const before = (await rawRows(t.db)).find((r) => r.id === pending.id)!;
    expect(before.payload).not.toContain(code);
    expect(JSON.parse(before.payload)).toMatchObject({
      secret: 'code',
      sealed: expect.stringMatching(/^v1\./),
    });

    await t.app.outbox.drain();
    expect(deliveredOf(t, pending.id)).toMatchObject({ code, text: { en: `Your code is ${code}.` } });
    const [after] = await t.db.select().from(outbox).where(eq(outbox.id, pending.id));
    expect(after!.status).toBe('SENT');
    expect(after!.payload).not.toHaveProperty('sealed');
    expect(after!.payload).toMatchObject({ secret: 'code', text: { en: 'Your code is {{code}}.' } });
  });

  it('writes no reset code, payment token or booking token in clear in any row, and delivers each', async () => {
    const reset = await resetCode();
    const pay = await payRequest();
    const booking = await bookingLink();
    const raw = (await rawRows(t.db)).map((r) => r.payload).join('\n');
    expect(raw).not.toContain(pay.token);
    expect(raw).not.toContain(booking.token);
    expect(raw).not.toMatch(new RegExp(`is ${reset.code}|는 ${reset.code}|"code": ?"${reset.code}"`));

    expect(deliveredOf(t, reset.row.id)!.text.en).toBe(
      `[FitDesk] Your password reset code is ${reset.code}. It is valid for 10 minutes.`,
    );
    // Absolute links from PUBLIC_URL (its path prefix kept), signed with the facility's name.
    const paid = deliveredOf(t, pay.row.id)!;
    expect(paid.url).toBe(`${PUBLIC_URL}/pay/req?token=${pay.token}`);
    expect(paid.text.ko.startsWith(`[${gymName}] `)).toBe(true);
    expect(paid.text.ko.endsWith(`: ${PUBLIC_URL}/pay/req?token=${pay.token}`)).toBe(true);
    expect(paid.text.en.endsWith(`: ${PUBLIC_URL}/pay/req?token=${pay.token}`)).toBe(true);
    const booked = deliveredOf(t, booking.row.id)!;
    expect(booked.url).toBe(`${PUBLIC_URL}${booking.path}`);
    expect(booked.text).toEqual({
      ko: `[${gymName}] 수업 예약 링크입니다(30일간 유효): ${PUBLIC_URL}/reservation/req?token=${booking.token}`,
      en: `[${gymName}] Your class booking link (valid for 30 days): ${PUBLIC_URL}/reservation/req?token=${booking.token}`,
    });
    // OUTBOX_TEST_LOG records the same texts, as delivered.
    const logged = testLogOf();
    expect(logged.get(reset.row.id)?.text?.en).toContain(`code is ${reset.code}.`);
    expect(logged.get(pay.row.id)?.text?.ko).toContain(`${PUBLIC_URL}/pay/req?token=${pay.token}`);
    expect(logged.get(booking.row.id)?.text).toEqual(booked.text);
    // The link works: the customer's page opens with its token.
    const page = await t.app.inject({
      method: 'GET',
      url: '/web/self-booking',
      headers: { 'x-booking-token': new URL(booked.url!).searchParams.get('token')! },
    });
    expect(page.statusCode, page.body).toBe(200);
  });

  it("answers the operator's console masked, and reveals a message as sent to the operator only, in test mode", async () => {
    const reset = await resetCode();
    const pay = await payRequest();
    const operator = await operatorOf(t);
    const view = await t.app.inject({ method: 'GET', url: '/web/outbox?_end=100', cookies: operator });
    expect(view.statusCode).toBe(200);
    expect(view.body).not.toContain(pay.token);
    expect(view.body).not.toContain(`is ${reset.code}`);
    const entries = dataAs(outboxEntrySchema.array(), view);
    const maskedReset = entries.find((e) => e.id === reset.row.id)!.payload as {
      code: string;
      text: { en: string };
    };
    expect(maskedReset.code).toBe('••••••');
    expect(maskedReset.text.en).toBe(
      '[FitDesk] Your password reset code is ••••••. It is valid for 10 minutes.',
    );
    const maskedPay = entries.find((e) => e.id === pay.row.id)!.payload as {
      url: string;
      text: { ko: string };
    };
    expect(maskedPay.url).toBe(`${PUBLIC_URL}/pay/req?token=••••••`);
    expect(maskedPay.text.ko.endsWith(`: ${PUBLIC_URL}/pay/req?token=••••••`)).toBe(true);
    expect(entries.every((e) => e.payload.sealed !== undefined || e.payload.secret === undefined)).toBe(true);

    const reveal = (id: number, cookies?: Cookies) =>
      t.app.inject({ method: 'GET', url: `/web/outbox/${id}/delivered`, ...(cookies ? { cookies } : {}) });
    const shown = await reveal(reset.row.id, operator);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().data).toMatchObject({
      id: reset.row.id,
      topic: RESET_TOPIC,
      payload: { code: reset.code },
    });
    expect((await reveal(pay.row.id, operator)).json().data.payload.url).toBe(
      `${PUBLIC_URL}/pay/req?token=${pay.token}`,
    );
    // Not for the facility's representative, nor without a session; unknown ids are 404.
    const refused = await reveal(reset.row.id, owner);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain(reset.code);
    expect((await reveal(reset.row.id)).statusCode).toBe(401);
    const missing = await reveal(99_999_999, operator);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().reason).toBe('outboxNotDelivered');
  });

  it('leaves no code, token or server key in a backup', async () => {
    const reset = await resetCode();
    const pay = await payRequest();
    const booking = await bookingLink();
    // A message still waiting for delivery too: it holds only its seal.
    const waiting = randomBytes(24).toString('base64url');
    await t.db.transaction(async (tx) => {
      await enqueue(tx as unknown as Db, {
        topic: 'pay-request',
        payload: { to: '01000000000', link: '/pay/req', text: { ko: '{{link}}', en: '{{link}}' } },
        secrets: { token: waiting },
        // Due far ahead, so no delivery runs before the backup.
        now: new Date(t.clock.now().getTime() + 86_400_000),
      });
    });
    const backupDir = mkdtempSync(join(tmpdir(), 'fitdesk-outbox-backup-'));
    const unpacked = mkdtempSync(join(tmpdir(), 'fitdesk-outbox-unpacked-'));
    try {
      const made = await createBackup({
        db: t.db,
        dbKind: t.dbKind,
        dataDir: t.dataDir,
        backupDir,
        keep: 1,
        clock: t.clock.now,
      });
      const read = await readArchive(made.file, unpacked);
      expect(read.broken).toBeUndefined();
      const part = t.dbKind === 'pglite' ? DATABASE_PARTS['pglite-dump'] : DATABASE_PARTS.logical;
      const dump = gunzipSync(readFileSync(join(unpacked, part))).toString('latin1');
      // The dump holds the rows: the demo's outbox is in it, only never a secret.
      expect(dump).toContain('[FitDesk] Your password reset code is {{code}}');
      for (const secret of [pay.token, booking.token, waiting]) expect(dump).not.toContain(secret);
      expect(dump).not.toContain(`code is ${reset.code}`);
      // The server key lives in $DATA_DIR/secret.key, beside the database, and no part of a backup holds it.
      const keyText = readFileSync(join(t.dataDir, 'secret.key'), 'utf8').trim();
      const whole = [...read.entries.keys()]
        .map((name) => {
          const bytes = readFileSync(join(unpacked, name));
          return (name.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('latin1');
        })
        .join('\n');
      expect(whole).not.toContain(keyText);
      expect([...read.entries.keys()]).not.toContain('secret.key');
    } finally {
      rmSync(backupDir, { recursive: true, force: true });
      rmSync(unpacked, { recursive: true, force: true });
    }
  });

  it('fails delivery, naming the cause, for a message sealed under another key, and keeps its seal', async () => {
    const own = loadServerKey({ dataDir: t.dataDir });
    await installServerKey(t.db, deriveServerKey(randomBytes(32)));
    let id: number;
    try {
      id = (
        await enqueue(t.db, {
          topic: RESET_TOPIC,
          payload: { to: '01000000000', memberId: 0, text: { ko: '{{code}}', en: '{{code}}' } },
          secrets: { code: '111111' },
          now: t.clock.now(),
        })
      ).id;
    } finally {
      await installServerKey(t.db, own);
    }
    await t.app.outbox.drain();
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row!.status).toBe('FAILED');
    expect(row!.lastError).toMatch(/another server key/);
    expect(row!.payload).toHaveProperty('sealed');
    expect(deliveredOf(t, id)).toBeUndefined();
  });
});

describe('outside test mode', () => {
  let real: TestApp;
  const sent: OutboundMessage[] = [];
  beforeAll(async () => {
    real = await createTestApp({
      outbox: {
        provider: {
          name: 'sms',
          testMode: false,
          deliver: async (message) => {
            sent.push(message);
            return { deliveredBy: 'sms' };
          },
        },
      },
    });
  });
  afterAll(() => real.close());

  it('refuses to reveal a message, even to the operator, while a real provider delivers it', async () => {
    const { member, userId } = await makeMember(real.app);
    await real.app.inject({
      method: 'POST',
      url: '/web/member/password-reset',
      payload: { userId },
      remoteAddress: randomIp(),
    });
    const message = sent.find((m) => m.topic === RESET_TOPIC && m.payload.memberId === member.id)!;
    expect(message.payload.code).toMatch(/^\d{6}$/);
    const operator = await operatorOf(real);
    const refused = await real.app.inject({
      method: 'GET',
      url: `/web/outbox/${message.id}/delivered`,
      cookies: operator,
      headers: { 'accept-language': 'en' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', reason: 'outboxTestModeOnly' });
    expect(refused.body).not.toContain(String(message.payload.code));
    // The default PUBLIC_URL is the server's own address.
    expect(real.app.outbox.provider.testMode).toBe(false);
  });
});
