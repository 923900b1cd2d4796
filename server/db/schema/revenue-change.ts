import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

/** PostgreSQL's 64-bit transaction id, read and written as text (`pg_current_xact_id()`). */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * Which transaction changed what the revenue reports read (docs/rules.md#revenue-recognition, "Remembered
 * answers"): a statement that writes a facility's passes, holds, usage, sales or payment lines adds one row per
 * facility here, through the statement triggers of migration 0011. A remembered answer, read in a snapshot, still
 * holds while no row of its facility was written by a transaction that snapshot does not see. Rows older than a
 * day are swept; a remembered answer lives an hour. Not copied by backups and moves (`DERIVED_TABLES`): it
 * describes this database's own transactions.
 */
export const revenueChange = pgTable(
  'revenue_change',
  {
    gymId: integer().notNull(),
    xid: xid8().notNull().default(sql`pg_current_xact_id()`),
    at: timestamp({ withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index('revenue_change_gym_xid_idx').on(t.gymId, t.xid), index('revenue_change_at_idx').on(t.at)],
);
