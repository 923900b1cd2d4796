import { and, asc, count, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginFailure } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';

export const LOGIN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_IP = 30;
/** From this failure on, the refusal says how many tries are left (docs/rules.md#login). */
export const WARN_FROM_FAILURE = 3;

/**
 * The lock refusal: 429 with `Retry-After` in seconds, and one figure for people, the minutes rounded up, in the
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

/**
 * Failed logins live in the database, so the limit holds across restarts and across several API processes.
 * Both counts stay on (key, created_at) indexes and are capped by the window.
 */
export const createLoginThrottle = (db: Db, clock: () => Date) => {
  const windowStart = () => new Date(clock().getTime() - LOGIN_WINDOW_MS);

  const failures = async (column: typeof loginFailure.userKey | typeof loginFailure.ip, value: string) => {
    const [row] = await db
      .select({ n: count() })
      .from(loginFailure)
      .where(and(eq(column, value), gte(loginFailure.createdAt, windowStart())));
    return row?.n ?? 0;
  };

  /** Seconds until the oldest failure in the window leaves it. */
  const secondsUntilFree = async (
    column: typeof loginFailure.userKey | typeof loginFailure.ip,
    value: string,
  ) => {
    const [oldest] = await db
      .select({ createdAt: loginFailure.createdAt })
      .from(loginFailure)
      .where(and(eq(column, value), gte(loginFailure.createdAt, windowStart())))
      .orderBy(asc(loginFailure.createdAt))
      .limit(1);
    const freeAt = (oldest?.createdAt.getTime() ?? clock().getTime()) + LOGIN_WINDOW_MS;
    return Math.max(1, Math.ceil((freeAt - clock().getTime()) / 1000));
  };

  const check = async (
    column: typeof loginFailure.userKey | typeof loginFailure.ip,
    value: string,
    max: number,
  ) => {
    if ((await failures(column, value)) < max) return;
    throw loginLocked(await secondsUntilFree(column, value));
  };

  return {
    /** Throws 429 (`loginLocked`) with the seconds until the oldest failure leaves the window. */
    async assertAllowed(userKey: string, ip: string) {
      await check(loginFailure.userKey, userKey, MAX_FAILURES_PER_ACCOUNT);
      await check(loginFailure.ip, ip, MAX_FAILURES_PER_IP);
    },
    /**
     * Records a failure and answers the refusal to give: the plain one for the first failures, the tries left from
     * the third, and the lock itself on the failure that uses the last try.
     */
    async recordFailure(userKey: string, ip: string): Promise<AppError> {
      await db.delete(loginFailure).where(lt(loginFailure.createdAt, windowStart()));
      await db.insert(loginFailure).values({ userKey, ip, createdAt: clock() });
      const n = await failures(loginFailure.userKey, userKey);
      const remainingTries = MAX_FAILURES_PER_ACCOUNT - n;
      if (remainingTries <= 0) return loginLocked(await secondsUntilFree(loginFailure.userKey, userKey));
      if (n < WARN_FROM_FAILURE) return new AppError('UNAUTHENTICATED', 'loginFailed');
      return new AppError(
        'UNAUTHENTICATED',
        'loginFailedTriesLeft',
        { remainingTries },
        {},
        { remainingTries },
      );
    },
    async clear(userKey: string) {
      await db.delete(loginFailure).where(eq(loginFailure.userKey, userKey));
    },
  };
};
