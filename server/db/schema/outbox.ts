import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export type OutboxStatus = 'PENDING' | 'SENT' | 'FAILED' | 'DEAD';

/**
 * The outbox (docs/architecture.md#outbox): everything sent outside (messages, reminders, notices) is written here
 * first, in the transaction of the change that caused it; the dispatcher delivers it afterwards. FAILED rows wait
 * for their next attempt; after the last attempt a row is DEAD (a dead letter the operator can retry).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** What kind of message, and so which handler delivers it: `notice` (in-app), `message` (the provider). */
    topic: text().notNull(),
    payload: jsonb().notNull(),
    status: text().$type<OutboxStatus>().notNull().default('PENDING'),
    attempts: integer().notNull().default(0),
    /** When it is due: the first attempt, the retry after a failure, or the end of a claim's lease. */
    nextAttemptAt: timestamp({ withTimezone: true }).notNull(),
    lastError: text(),
    /** Who delivered it: a handler or provider name (`test-mode` records and delivers nothing). */
    deliveredBy: text(),
    createDate: timestamp({ withTimezone: true }).notNull(),
    sentDate: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    // The claim's order over both waiting states (claimDue): without it every claim sorts all due rows, which a
    // group send of 10,000 makes ~200 ms a batch (docs/architecture.md#outbox).
    index('outbox_waiting_order_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} in ('PENDING', 'FAILED')`),
    check('outbox_status_check', sql`${t.status} in ('PENDING', 'SENT', 'FAILED', 'DEAD')`),
  ],
);

export type OutboxRow = typeof outbox.$inferSelect;
