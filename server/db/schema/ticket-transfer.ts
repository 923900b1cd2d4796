import { index, integer, pgTable } from 'drizzle-orm/pg-core';
import { created } from './columns.ts';
import { member } from './member.ts';
import { ticketIssue } from './ticket-issue.ts';

/** Who held a pass before a transfer (양도), and the fee charged (docs/rules.md#passes). Never updated. */
export const ticketTransfer = pgTable(
  'ticket_transfer',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer().notNull(),
    ticketIssueId: integer()
      .notNull()
      .references(() => ticketIssue.id, { onDelete: 'restrict' }),
    fromMemberId: integer().notNull(),
    toMemberId: integer().notNull(),
    fee: integer().notNull(),
    createdByMemberId: integer().references(() => member.id, { onDelete: 'set null' }),
    createDate: created(),
  },
  (t) => [
    index('ticket_transfer_issue_idx').on(t.ticketIssueId),
    index('ticket_transfer_from_idx').on(t.fromMemberId),
  ],
);

export type TicketTransferRow = typeof ticketTransfer.$inferSelect;
