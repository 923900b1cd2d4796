import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { member } from './member.ts';

/** A signed-in browser. Only the SHA-256 of the cookie token is stored (docs/rules.md#session). */
export const session = pgTable(
  'session',
  {
    tokenHash: text().primaryKey(),
    memberId: integer()
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull(),
    ip: text(),
    userAgent: text(),
  },
  (t) => [index('session_member_id_idx').on(t.memberId)],
);

/** Failed logins, counted per account and per IP over a sliding window. */
export const loginFailure = pgTable(
  'login_failure',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userKey: text().notNull(),
    ip: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('login_failure_user_key_idx').on(t.userKey, t.createdAt),
    index('login_failure_ip_idx').on(t.ip, t.createdAt),
    index('login_failure_created_at_idx').on(t.createdAt),
  ],
);
