import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { member } from './member.ts';

/**
 * A password reset code (docs/rules.md#password-reset): only its hash is stored; it is good for 10 minutes and
 * 5 tries, and a newer code or a successful reset ends it (`usedAt`).
 */
export const passwordReset = pgTable(
  'password_reset',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer()
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('password_reset_member_id_idx').on(t.memberId, t.createdAt)],
);

export type PasswordResetRow = typeof passwordReset.$inferSelect;

/**
 * Reset requests, counted per account key (the normalised user id, known or not) and per address over a window,
 * like failed logins: the limit answers the same for an account that does not exist.
 */
export const passwordResetRequest = pgTable(
  'password_reset_request',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userKey: text().notNull(),
    ip: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('password_reset_request_user_key_idx').on(t.userKey, t.createdAt),
    index('password_reset_request_ip_idx').on(t.ip, t.createdAt),
    index('password_reset_request_created_at_idx').on(t.createdAt),
  ],
);
