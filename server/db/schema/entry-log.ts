import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { EntryMethod, EntryRefusal, EntryResult } from '#domain/rules/entry.ts';
import { created } from './columns.ts';
import { gym } from './gym.ts';
import { member } from './member.ts';

/**
 * The entry log (docs/rules.md#check-in): one row per check-in of a known customer, allowed, refused (with the
 * reason and the date it names) or let in by a staff member's override (with their note). Never updated, except
 * that a refusal records the override that followed it (`overriddenByEntryId`). An ENTRY row of the usage ledger
 * points back here when the entry used a session.
 */
export const entryLog = pgTable(
  'entry_log',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer()
      .notNull()
      .references(() => gym.id, { onDelete: 'cascade' }),
    memberId: integer()
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    method: text().$type<EntryMethod>().notNull(),
    result: text().$type<EntryResult>().notNull(),
    reason: text().$type<EntryRefusal>(),
    /** The date the refusal names (the hold's last day, the end date, the start date). */
    reasonDate: date({ mode: 'string' }),
    ticketIssueId: integer(),
    passName: text(),
    sessionUsed: boolean().notNull().default(false),
    sessionsLeft: integer(),
    daysLeft: integer(),
    /** The staff member who let the customer in despite the refusal, and why. */
    staffMemberId: integer().references(() => member.id, { onDelete: 'set null' }),
    note: text(),
    /** The refusal an override answered. */
    overridesEntryId: integer(),
    kioskId: integer(),
    createDate: created(),
  },
  (t) => [
    index('entry_log_gym_time_idx').on(t.gymId, t.createDate),
    index('entry_log_member_time_idx').on(t.memberId, t.createDate),
    check('entry_log_method_check', sql`${t.method} in ('QR', 'CARD', 'PHONE', 'MANUAL')`),
    check('entry_log_result_check', sql`${t.result} in ('ALLOWED', 'REFUSED', 'OVERRIDE')`),
    check(
      'entry_log_reason_check',
      sql`(${t.result} = 'REFUSED') = (${t.reason} is not null) or ${t.result} = 'OVERRIDE'`,
    ),
    check(
      'entry_log_override_note_check',
      sql`${t.result} <> 'OVERRIDE' or (${t.note} is not null and ${t.staffMemberId} is not null)`,
    ),
  ],
);

export type EntryLogRow = typeof entryLog.$inferSelect;
