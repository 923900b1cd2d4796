import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member, outbox, passwordReset } from '#server/db/schema/index.ts';
import { RESET_TOPIC } from '#server/modules/auth/password-reset.service.ts';
import type { MessageProvider, OutboundMessage } from '#server/modules/outbox/message-provider.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { login, makeMember, makeSignedIn, randomIp, uniqueUserId } from '../fixtures/factories.ts';
import { operatorOf } from '../fixtures/gyms.ts';

// The password reset (docs/rules.md#password-reset): a 6-digit code through the outbox, stored hashed, good for
// 10 minutes and 5 tries; a reset ends every session; the answers never tell whether an account exists.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'newpass5678';

const requestCode = (app: TestApp, userId: string, ip = randomIp()) =>
  app.app.inject({
    method: 'POST',
    url: '/web/member/password-reset',
    payload: { userId },
    remoteAddress: ip,
  });
const confirm = (app: TestApp, userId: string, code: string, newPassword = NEW_PASSWORD) =>
  app.app.inject({
    method: 'POST',
    url: '/web/member/password-reset/confirm',
    payload: { userId, code, newPassword },
    remoteAddress: randomIp(),
  });

/** The latest code sent to an account, as the test-mode provider delivered it (the outbox row keeps none). */
const codeOf = async (app: TestApp, memberId: number) => {
  const provider = app.app.outbox.provider as MessageProvider & { delivered: OutboundMessage[] };
  const message = provider.delivered.findLast(
    (m) => m.topic === RESET_TOPIC && (m.payload as { memberId: number }).memberId === memberId,
  );
  return message
    ? (message.payload as { code: string; to: string; text: { ko: string; en: string } })
    : undefined;
};
const passwordHashOf = async (app: TestApp, id: number) =>
  (await app.db.select({ h: member.passwordHash }).from(member).where(eq(member.id, id)))[0]!.h;
const outboxCount = async (app: TestApp) => {
  const result = await app.db.execute(sql`select count(*)::int as n from outbox`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
};
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('password reset', () => {
  it('sends a 6-digit code to the phone through the outbox, stores only its hash, and lets the operator read it', async () => {
    const { member: m, userId } = await makeMember(t.app, { phone: '010-5555-6666' });
    const response = await requestCode(t, userId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { expiresInMinutes: 10 } });
    const sent = await codeOf(t, m.id);
    expect(sent?.code).toMatch(/^\d{6}$/);
    expect(sent?.to).toBe('01055556666');
    const [stored] = await t.db.select().from(passwordReset).where(eq(passwordReset.memberId, m.id));
    expect(stored!.codeHash).not.toContain(sent!.code);
    expect(stored!.codeHash).toMatch(/^\$argon2id\$/);
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(10 * 60_000);
    // The text carries the code; the outbox row keeps neither the code nor the text with it, once sent.
    expect(sent?.text.en).toBe(
      `[FitDesk] Your password reset code is ${sent!.code}. It is valid for 10 minutes.`,
    );
    const [row] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.topic, RESET_TOPIC), sql`${outbox.payload}->>'memberId' = ${String(m.id)}`));
    expect(JSON.stringify(row!.payload)).not.toContain(sent!.code);
    expect(row!.payload).not.toHaveProperty('sealed');
    // The operator's list shows it masked; in test mode the operator reads it as sent.
    const operator = await operatorOf(t);
    const view = await t.app.inject({ method: 'GET', url: '/web/outbox?_end=100', cookies: operator });
    const entry = view
      .json()
      .data.find(
        (e: { topic: string; payload: { memberId: number } }) =>
          e.topic === RESET_TOPIC && e.payload.memberId === m.id,
      );
    expect(view.body).not.toContain(sent!.code);
    expect(entry.payload.code).toBe('••••••');
    expect(entry.payload.text.ko).toContain('인증번호는 ••••••입니다');
    // Delivered by the test-mode provider, which sends nothing anywhere.
    expect(entry.deliveredBy).toBe('test-mode');
    const asSent = await t.app.inject({
      method: 'GET',
      url: `/web/outbox/${entry.id}/delivered`,
      cookies: operator,
    });
    expect(asSent.statusCode).toBe(200);
    expect(asSent.json().data.payload.code).toBe(sent!.code);
  });

  it('gives an unknown account the identical answer, and writes no code and no message', async () => {
    const { userId } = await makeMember(t.app);
    const known = await requestCode(t, userId);
    const before = await outboxCount(t);
    const unknown = await requestCode(t, uniqueUserId('ghost'));
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(await outboxCount(t)).toBe(before);
    const confirmed = await confirm(t, uniqueUserId('ghost'), '123456');
    const wrong = await confirm(t, userId, '000000');
    expect(confirmed.statusCode).toBe(400);
    expect(confirmed.json().reason).toBe('resetCodeInvalid');
    expect(confirmed.json().message).toBe(wrong.json().message);
    expect(confirmed.json().errors).toEqual(wrong.json().errors);
  });

  it('sets the new password, ends every session of the account, and the code works once', async () => {
    const { member: m, userId, password, cookies } = await makeSignedIn(t.app);
    const other = await login(t.app, userId, password, randomIp());
    expect(other.statusCode).toBe(200);
    await requestCode(t, userId);
    const { code } = (await codeOf(t, m.id))!;
    const done = await confirm(t, userId, code);
    expect(done.statusCode).toBe(204);
    const validate = await t.app.inject({ method: 'GET', url: '/web/member/validate', cookies });
    expect(validate.statusCode).toBe(401);
    const sessions = await t.db.execute(
      sql`select count(*)::int as n from session where member_id = ${m.id}`,
    );
    expect((sessions as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    expect((await login(t.app, userId, password, randomIp())).statusCode).toBe(401);
    expect((await login(t.app, userId, NEW_PASSWORD, randomIp())).statusCode).toBe(200);
    expect((await confirm(t, userId, code, 'another123')).json().reason).toBe('resetCodeInvalid');
  });

  it('counts wrong codes: after 5 the code is spent, even the right one is refused, and nothing changes', async () => {
    const { member: m, userId, password } = await makeMember(t.app);
    await requestCode(t, userId);
    const { code } = (await codeOf(t, m.id))!;
    const hash = await passwordHashOf(t, m.id);
    for (let i = 1; i <= 5; i++) {
      const wrong = await confirm(t, userId, wrongCodeFor(code));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors).toHaveProperty('code');
      const [row] = await t.db.select().from(passwordReset).where(eq(passwordReset.memberId, m.id));
      expect(row!.attempts).toBe(i);
    }
    expect((await confirm(t, userId, code)).json().reason).toBe('resetCodeInvalid');
    expect(await passwordHashOf(t, m.id)).toBe(hash);
    expect((await login(t.app, userId, password, randomIp())).statusCode).toBe(200);
  });

  it('expires a code 10 minutes after it was sent, by the injected clock', async () => {
    const local = await createTestApp();
    try {
      const { member: m, userId } = await makeMember(local.app);
      await requestCode(local, userId);
      const first = (await codeOf(local, m.id))!.code;
      local.clock.advance(10 * 60_000 + 1_000);
      expect((await confirm(local, userId, first)).json().reason).toBe('resetCodeInvalid');
      // A new code works within its 10 minutes, and replaces the older one.
      await requestCode(local, userId);
      const second = (await codeOf(local, m.id))!.code;
      local.clock.advance(9 * 60_000 + 59_000);
      expect((await confirm(local, userId, second)).statusCode).toBe(204);
    } finally {
      await local.close();
    }
  });

  it('ends an older code when a new one is sent', async () => {
    const { member: m, userId } = await makeMember(t.app);
    await requestCode(t, userId);
    const old = (await codeOf(t, m.id))!.code;
    await requestCode(t, userId);
    const latest = (await codeOf(t, m.id))!.code;
    if (old !== latest) expect((await confirm(t, userId, old)).statusCode).toBe(400);
    expect((await confirm(t, userId, latest)).statusCode).toBe(204);
  });

  it('limits requests per account, known or not, with the same answer, Retry-After and the minutes', async () => {
    const { userId } = await makeMember(t.app);
    const ghost = uniqueUserId('ghost');
    for (let i = 0; i < 5; i++) {
      expect((await requestCode(t, userId)).statusCode).toBe(200);
      expect((await requestCode(t, ghost)).statusCode).toBe(200);
    }
    const known = await requestCode(t, userId);
    const unknown = await requestCode(t, ghost);
    for (const limited of [known, unknown]) {
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ reason: 'resetLimited', details: { retryAfterMinutes: 60 } });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(59 * 60);
    }
    expect(unknown.json().message).toBe(known.json().message);
  });

  it('limits requests per address across accounts', async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await requestCode(t, uniqueUserId('spray'), ip)).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('refuses a malformed code or a weak password with field errors, before any check', async () => {
    const { userId } = await makeMember(t.app);
    const badCode = await confirm(t, userId, '12ab56');
    expect(badCode.statusCode).toBe(400);
    expect(Object.keys(badCode.json().errors)).toEqual(['code']);
    const weak = await confirm(t, userId, '123456', 'short');
    expect(Object.keys(weak.json().errors)).toEqual(['newPassword']);
  });
});
