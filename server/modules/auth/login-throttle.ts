import { and, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginFailure } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';

// Failed sign-ins (docs/rules.md#login), after OWASP's Authentication and Credential Stuffing cheat sheets: one
// address guessing at an account locks only that (account, address) pair; the account's count over every address,
// and the address's count over every account, only slow the next attempt down, so no stranger can lock the owner
// (or a whole office behind one NAT) out.

export const LOGIN_WINDOW_MS = 15 * 60_000;
/** Failures of one account from one address in the window that lock that pair until the oldest leaves it. */
export const MAX_FAILURES_PER_PAIR = 5;
/** From this many failures of one account in the window, from any address, each attempt waits... */
export const ACCOUNT_SLOW_FROM = 20;
/** ...this long after the account's latest failure. */
export const ACCOUNT_SLOW_SECONDS = 30;
/** From this many failures from one address in the window, on any account, each attempt from it waits... */
export const ADDRESS_SLOW_FROM = 30;
/** ...this long after the address's latest failure. */
export const ADDRESS_SLOW_SECONDS = 10;
/** From this failure of a pair on, the refusal says how many tries are left (docs/rules.md#login). */
export const WARN_FROM_FAILURE = 3;

/**
 * The pair's lock: 429 with `Retry-After` in seconds, and one figure for people, the minutes rounded up, in the
 * message and in the envelope's `details` (docs/rules.md#login).
 */
export const loginLocked = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new AppError(
    'RATE_LIMITED',
    'loginLocked',
    { seconds, minutes },
    {},
    { retryAfterMinutes: minutes },
  );
};

/** The ceilings' delay: 429 with `Retry-After` and `details.retryAfterSeconds`; the next try after it is heard. */
export const loginSlowed = (seconds: number) =>
  new AppError('RATE_LIMITED', 'loginSlowed', { seconds }, {}, { retryAfterSeconds: seconds });

const secondsUntil = (at: number, now: number) => Math.max(1, Math.ceil((at - now) / 1000));

/**
 * Failed logins live in the database, so the limits hold across restarts and across several API processes. Rows
 * older than the window are deleted at every failure; a locked pair and a slowed account or address record no more
 * failures than one per wait, so the table stays small. Every count stays on the (key, created_at) indexes.
 */
export const createLoginThrottle = (db: Db, clock: () => Date) => {
  const windowStart = () => new Date(clock().getTime() - LOGIN_WINDOW_MS);

  /** The pair's, the account's and the address's counts in the window, with the times the waits run from. */
  const state = async (userKey: string, ip: string) => {
    const pair = sql`${loginFailure.userKey} = ${userKey} and ${loginFailure.ip} = ${ip}`;
    const account = sql`${loginFailure.userKey} = ${userKey}`;
    const address = sql`${loginFailure.ip} = ${ip}`;
    const counted = (where: SQL) => sql<number>`count(*) filter (where ${where})`.mapWith(Number);
    const at = (fn: 'min' | 'max', where: SQL) =>
      sql<Date | null>`${sql.raw(fn)}(${loginFailure.createdAt}) filter (where ${where})`.mapWith(
        loginFailure.createdAt,
      );
    const [row] = await db
      .select({
        pair: counted(pair),
        pairOldest: at('min', pair),
        account: counted(account),
        accountLatest: at('max', account),
        address: counted(address),
        addressLatest: at('max', address),
      })
      .from(loginFailure)
      .where(
        and(
          gte(loginFailure.createdAt, windowStart()),
          or(eq(loginFailure.userKey, userKey), eq(loginFailure.ip, ip)),
        ),
      );
    return {
      pair: row?.pair ?? 0,
      pairOldest: row?.pairOldest ?? null,
      account: row?.account ?? 0,
      accountLatest: row?.accountLatest ?? null,
      address: row?.address ?? 0,
      addressLatest: row?.addressLatest ?? null,
    };
  };

  const pairLock = (oldest: Date | null) =>
    loginLocked(secondsUntil((oldest?.getTime() ?? clock().getTime()) + LOGIN_WINDOW_MS, clock().getTime()));

  return {
    /**
     * Throws 429 `loginLocked` while the pair is locked (the seconds until its oldest failure leaves the window),
     * or 429 `loginSlowed` while the account's or the address's ceiling asks this attempt to wait.
     */
    async assertAllowed(userKey: string, ip: string) {
      const s = await state(userKey, ip);
      if (s.pair >= MAX_FAILURES_PER_PAIR) throw pairLock(s.pairOldest);
      const now = clock().getTime();
      let freeAt = 0;
      if (s.account >= ACCOUNT_SLOW_FROM && s.accountLatest)
        freeAt = Math.max(freeAt, s.accountLatest.getTime() + ACCOUNT_SLOW_SECONDS * 1000);
      if (s.address >= ADDRESS_SLOW_FROM && s.addressLatest)
        freeAt = Math.max(freeAt, s.addressLatest.getTime() + ADDRESS_SLOW_SECONDS * 1000);
      if (freeAt > now) throw loginSlowed(secondsUntil(freeAt, now));
    },
    /**
     * Records a failure and answers the refusal to give, by the pair's count: the plain one for the first failures,
     * the tries left from the third, and the pair's lock on the failure that uses the last try.
     */
    async recordFailure(userKey: string, ip: string): Promise<AppError> {
      await db.delete(loginFailure).where(lt(loginFailure.createdAt, windowStart()));
      await db.insert(loginFailure).values({ userKey, ip, createdAt: clock() });
      const s = await state(userKey, ip);
      const remainingTries = MAX_FAILURES_PER_PAIR - s.pair;
      if (remainingTries <= 0) return pairLock(s.pairOldest);
      if (s.pair < WARN_FROM_FAILURE) return new AppError('UNAUTHENTICATED', 'loginFailed');
      return new AppError(
        'UNAUTHENTICATED',
        'loginFailedTriesLeft',
        { remainingTries },
        {},
        { remainingTries },
      );
    },
    /**
     * A success clears the failures of its own pair only: a stranger's failures from elsewhere keep counting
     * towards the account's ceiling. Without an address, every failure of the account (a proven reset).
     */
    async clear(userKey: string, ip?: string) {
      await db
        .delete(loginFailure)
        .where(
          ip === undefined
            ? eq(loginFailure.userKey, userKey)
            : and(eq(loginFailure.userKey, userKey), eq(loginFailure.ip, ip)),
        );
    },
  };
};
