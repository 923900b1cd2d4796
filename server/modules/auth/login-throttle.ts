import { and, asc, count, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginFailure } from '../../db/schema/index.ts';
import { rateLimited } from '../../http/errors.ts';

export const LOGIN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_IP = 30;

/**
 * Failed logins live in the database, so the limit holds across restarts and across several API processes.
 * Both counts stay on (key, created_at) indexes and are capped by the window.
 */
export const createLoginThrottle = (db: Db, clock: () => Date) => {
  const windowStart = () => new Date(clock().getTime() - LOGIN_WINDOW_MS);

  const check = async (
    column: typeof loginFailure.userKey | typeof loginFailure.ip,
    value: string,
    max: number,
  ) => {
    const since = windowStart();
    const [row] = await db
      .select({ n: count() })
      .from(loginFailure)
      .where(and(eq(column, value), gte(loginFailure.createdAt, since)));
    if ((row?.n ?? 0) < max) return;
    const [oldest] = await db
      .select({ createdAt: loginFailure.createdAt })
      .from(loginFailure)
      .where(and(eq(column, value), gte(loginFailure.createdAt, since)))
      .orderBy(asc(loginFailure.createdAt))
      .limit(1);
    const freeAt = (oldest?.createdAt.getTime() ?? clock().getTime()) + LOGIN_WINDOW_MS;
    throw rateLimited(Math.max(1, Math.ceil((freeAt - clock().getTime()) / 1000)));
  };

  return {
    /** Throws 429 with the seconds until the oldest failure leaves the window. */
    async assertAllowed(userKey: string, ip: string) {
      await check(loginFailure.userKey, userKey, MAX_FAILURES_PER_ACCOUNT);
      await check(loginFailure.ip, ip, MAX_FAILURES_PER_IP);
    },
    async recordFailure(userKey: string, ip: string) {
      await db.delete(loginFailure).where(lt(loginFailure.createdAt, windowStart()));
      await db.insert(loginFailure).values({ userKey, ip, createdAt: clock() });
    },
    async clear(userKey: string) {
      await db.delete(loginFailure).where(eq(loginFailure.userKey, userKey));
    },
  };
};
