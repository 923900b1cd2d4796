import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit log (docs/architecture.md#audit-log): who changed what in which facility, before and after (personal
 * fields masked), written in the same transaction as the change. The rows of one facility form a hash chain: each
 * row stores the SHA-256 of its own content and of the previous row's hash, so an edited or removed row shows.
 * No foreign keys: the history outlives the members and records it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The facility whose chain the row belongs to; null for platform-level events (one chain of their own). */
    gymId: integer(),
    /** Who did it; null for the system. */
    actorMemberId: integer(),
    /** What was done, e.g. `gym.review.approve`, `gym-member.remove`, `file.read`. */
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text(),
    before: jsonb(),
    after: jsonb(),
    createDate: timestamp({ withTimezone: true }).notNull(),
    requestId: text(),
    prevHash: text(),
    hash: text().notNull(),
  },
  (t) => [index('audit_log_gym_idx').on(t.gymId, t.id)],
);

export type AuditLogRow = typeof auditLog.$inferSelect;
