import { randomInt } from 'node:crypto';
import { and, count, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import {
  loginFailure,
  type MemberRow,
  member,
  passwordReset,
  passwordResetRequest,
  session,
} from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { enqueue } from '../../kernel/outbox.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../kernel/password.ts';

// The password reset (docs/rules.md#password-reset).

export const RESET_CODE_TTL_MS = 10 * 60_000;
export const RESET_CODE_MAX_TRIES = 5;
export const RESET_REQUEST_WINDOW_MS = 60 * 60_000;
export const MAX_RESET_REQUESTS_PER_ACCOUNT = 5;
export const MAX_RESET_REQUESTS_PER_IP = 20;
/** The outbox topic of the code's text message, delivered by the MessageProvider (docs/architecture.md#outbox). */
export const RESET_TOPIC = 'password-reset';

const newCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Every refusal of a code says the same, for a wrong, used-up, expired or missing code and an unknown account. */
const codeRefused = () =>
  new AppError('VALIDATION_FAILED', 'resetCodeInvalid', {}, { code: 'resetCodeInvalid' });

const limited = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new AppError(
    'RATE_LIMITED',
    'resetLimited',
    { seconds, minutes },
    {},
    { retryAfterMinutes: minutes },
  );
};

/**
 * Counts the requests of the account key (known or not) and of the address over the window and refuses past the
 * limits (429 with the wait), then records this one. The same for an unknown account, so the limit tells nothing.
 */
const throttleRequest = async (db: Db, userKey: string, ip: string, now: Date) => {
  const since = new Date(now.getTime() - RESET_REQUEST_WINDOW_MS);
  for (const [column, value, max] of [
    [passwordResetRequest.userKey, userKey, MAX_RESET_REQUESTS_PER_ACCOUNT],
    [passwordResetRequest.ip, ip, MAX_RESET_REQUESTS_PER_IP],
  ] as const) {
    const where = and(eq(column, value), gte(passwordResetRequest.createdAt, since));
    const [row] = await db.select({ n: count() }).from(passwordResetRequest).where(where);
    if ((row?.n ?? 0) < max) continue;
    const [oldest] = await db
      .select({ createdAt: passwordResetRequest.createdAt })
      .from(passwordResetRequest)
      .where(where)
      .orderBy(passwordResetRequest.createdAt)
      .limit(1);
    const freeAt = (oldest?.createdAt.getTime() ?? now.getTime()) + RESET_REQUEST_WINDOW_MS;
    throw limited(Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)));
  }
  await db.delete(passwordResetRequest).where(lt(passwordResetRequest.createdAt, since));
  await db.insert(passwordResetRequest).values({ userKey, ip, createdAt: now });
};

/**
 * Asks for a code. For a live account: earlier codes end, a new one is stored hashed and its text message is
 * written to the outbox, in one transaction. For no account (or a closed one) the same hash is spent and nothing is
 * stored, so the answer and its time are the same.
 */
export const requestPasswordReset = async (
  db: Db,
  input: { userKey: string; ip: string; account: MemberRow | undefined; now: Date },
): Promise<void> => {
  await throttleRequest(db, input.userKey, input.ip, input.now);
  const code = newCode();
  const codeHash = await hashPassword(code);
  const account = input.account;
  if (!account || account.status === 'QUIT') return;
  await db.transaction(async (tx) => {
    await tx
      .update(passwordReset)
      .set({ usedAt: input.now })
      .where(and(eq(passwordReset.memberId, account.id), isNull(passwordReset.usedAt)));
    await tx.insert(passwordReset).values({
      memberId: account.id,
      codeHash,
      attempts: 0,
      createdAt: input.now,
      expiresAt: new Date(input.now.getTime() + RESET_CODE_TTL_MS),
    });
    // The code is sealed until delivery and erased after it (docs/architecture.md#outbox): the row never holds it.
    await enqueue(tx, {
      topic: RESET_TOPIC,
      payload: {
        to: account.phone,
        memberId: account.id,
        text: {
          ko: '[FitDesk] 비밀번호 재설정 인증번호는 {{code}}입니다. 10분 동안 유효합니다.',
          en: '[FitDesk] Your password reset code is {{code}}. It is valid for 10 minutes.',
        },
      },
      secrets: { code },
      now: input.now,
    });
  });
};

/** The account's latest code still open (not used, not expired, tries left), if any. */
const openCode = async (db: Executor, memberId: number, now: Date) => {
  const [row] = await db
    .select()
    .from(passwordReset)
    .where(and(eq(passwordReset.memberId, memberId), isNull(passwordReset.usedAt)))
    .orderBy(desc(passwordReset.createdAt), desc(passwordReset.id))
    .limit(1);
  if (!row || row.expiresAt.getTime() <= now.getTime() || row.attempts >= RESET_CODE_MAX_TRIES)
    return undefined;
  return row;
};

/**
 * Checks the code and sets the new password. A wrong code uses one of its 5 tries; the right one ends the code,
 * every session of the account and its failed sign-ins, in one transaction with the new hash.
 */
export const confirmPasswordReset = async (
  db: Db,
  input: { userKey: string; account: MemberRow | undefined; code: string; newPassword: string; now: Date },
): Promise<void> => {
  const account = input.account && input.account.status !== 'QUIT' ? input.account : undefined;
  const row = account ? await openCode(db, account.id, input.now) : undefined;
  if (!account || !row) {
    await burnPasswordCheck(input.code);
    throw codeRefused();
  }
  if (!(await verifyPassword(row.codeHash, input.code))) {
    // Counted in the statement, so two wrong guesses at once both count.
    await db
      .update(passwordReset)
      .set({ attempts: sql`${passwordReset.attempts} + 1` })
      .where(eq(passwordReset.id, row.id));
    throw codeRefused();
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    // Only one request can use the code: the update that finds it still open wins.
    const used = await tx
      .update(passwordReset)
      .set({ usedAt: input.now })
      .where(and(eq(passwordReset.id, row.id), isNull(passwordReset.usedAt)))
      .returning({ id: passwordReset.id });
    if (used.length === 0) throw codeRefused();
    await tx.update(member).set({ passwordHash, modifiedDate: input.now }).where(eq(member.id, account.id));
    await tx.delete(session).where(eq(session.memberId, account.id));
    await tx.delete(loginFailure).where(eq(loginFailure.userKey, input.userKey));
  });
};
