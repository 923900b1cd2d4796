import { createHash, randomBytes } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type MemberRow, member, session } from '../../db/schema/index.ts';

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A 256-bit random token; only its SHA-256 is stored. */
export const newToken = (): string => randomBytes(32).toString('base64url');

export type SessionPolicy = { idleMs: number; absoluteMs: number };

/** Writing last_seen_at on every request would cost a write per read; a minute's precision is enough. */
const TOUCH_EVERY_MS = 60_000;

export type ResolvedSession =
  | { state: 'valid'; member: MemberRow; tokenHash: string }
  | { state: 'expired' }
  | { state: 'unknown' };

export const createSessionRepository = (db: Db, policy: SessionPolicy, clock: () => Date) => {
  // Every signed-in request runs this lookup: prepared once, about +30% on PGlite, 2x on PostgreSQL
  // (docs/architecture.md#database).
  const findByHash = db
    .select({ session, member })
    .from(session)
    .innerJoin(member, eq(member.id, session.memberId))
    .where(eq(session.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session_find_by_hash');

  return {
    async create(memberId: number, meta: { ip?: string; userAgent?: string }): Promise<string> {
      const token = newToken();
      const now = clock();
      await db.insert(session).values({
        tokenHash: hashToken(token),
        memberId,
        createdAt: now,
        lastSeenAt: now,
        ip: meta.ip ?? null,
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
      });
      return token;
    },

    async resolve(token: string): Promise<ResolvedSession> {
      const tokenHash = hashToken(token);
      const [row] = await findByHash.execute({ tokenHash });
      if (!row) return { state: 'unknown' };
      const now = clock().getTime();
      const idle = now - row.session.lastSeenAt.getTime() > policy.idleMs;
      const tooOld = now - row.session.createdAt.getTime() > policy.absoluteMs;
      if (idle || tooOld || row.member.status === 'QUIT') {
        await db.delete(session).where(eq(session.tokenHash, tokenHash));
        return { state: 'expired' };
      }
      if (now - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        await db
          .update(session)
          .set({ lastSeenAt: new Date(now) })
          .where(eq(session.tokenHash, tokenHash));
      }
      return { state: 'valid', member: row.member, tokenHash };
    },

    async destroy(tokenHash: string): Promise<void> {
      await db.delete(session).where(eq(session.tokenHash, tokenHash));
    },

    /** Ends every other session of the account, as a password change must (docs/rules.md#session). */
    async destroyOthers(memberId: number, keepTokenHash: string): Promise<void> {
      await db
        .delete(session)
        .where(and(eq(session.memberId, memberId), ne(session.tokenHash, keepTokenHash)));
    },
  };
};

export type SessionRepository = ReturnType<typeof createSessionRepository>;
