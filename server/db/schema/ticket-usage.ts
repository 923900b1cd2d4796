import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { UsageKind } from '#domain/enums.ts';
import { created } from './columns.ts';
import { member } from './member.ts';
import { ticketIssue } from './ticket-issue.ts';

/**
 * The usage ledger (docs/rules.md#usage-ledger): one row per change to a pass's sessions, never updated or
 * deleted. `sessions` is positive for sessions used (an entry, an attendance, a no-show charge, a manual use) and
 * negative for sessions given back. A pass's sessions left are its count minus the sum of this column.
 */
export const ticketUsage = pgTable(
  'ticket_usage',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer().notNull(),
    ticketIssueId: integer()
      .notNull()
      .references(() => ticketIssue.id, { onDelete: 'restrict' }),
    memberId: integer().notNull(),
    kind: text().$type<UsageKind>().notNull(),
    sessions: integer().notNull(),
    note: text(),
    /** The check-in that used this session (kind ENTRY). */
    entryLogId: integer(),
    createdByMemberId: integer().references(() => member.id, { onDelete: 'set null' }),
    createDate: created(),
  },
  (t) => [
    index('ticket_usage_issue_idx').on(t.ticketIssueId, t.id),
    index('ticket_usage_gym_idx').on(t.gymId, t.id),
    // One session per check-in: an entry's retry can never use a second.
    uniqueIndex('ticket_usage_entry_idx').on(t.entryLogId).where(sql`${t.entryLogId} is not null`),
    check('ticket_usage_kind_check', sql`${t.kind} in ('ENTRY', 'ATTEND', 'NOSHOW', 'ADJUST', 'REFUND')`),
  ],
);

export type TicketUsageRow = typeof ticketUsage.$inferSelect;
