import { date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { created } from './columns.ts';
import { member } from './member.ts';
import { ticketIssue } from './ticket-issue.ts';

/**
 * A hold (홀딩) of a sold pass between two days, inclusive (docs/rules.md#passes). Creating it moved the pass's end
 * date later by its length; ending it early shortens it (`endDate`) and gives the unused days back.
 */
export const ticketHold = pgTable(
  'ticket_hold',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer().notNull(),
    ticketIssueId: integer()
      .notNull()
      .references(() => ticketIssue.id, { onDelete: 'cascade' }),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    /** The end first asked for, kept when the hold is ended early. */
    plannedEndDate: date({ mode: 'string' }).notNull(),
    reason: text(),
    createdByMemberId: integer().references(() => member.id, { onDelete: 'set null' }),
    createDate: created(),
    modifiedDate: created(),
  },
  (t) => [index('ticket_hold_issue_idx').on(t.ticketIssueId, t.startDate)],
);

export type TicketHoldRow = typeof ticketHold.$inferSelect;
