import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { created } from './columns.ts';
import { gym } from './gym.ts';
import { member } from './member.ts';

/**
 * A check-in kiosk (docs/rules.md#check-in): a staff member with the right starts `/entry`, and the tablet gets a
 * token that can only read the facility's name, try check-ins and let a staff member override or leave with a
 * password. It cannot list customers or read one. Only the token's SHA-256 is stored.
 */
export const entryKiosk = pgTable(
  'entry_kiosk',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer()
      .notNull()
      .references(() => gym.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    openedByMemberId: integer().references(() => member.id, { onDelete: 'set null' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** Set when a staff member leaves the kiosk: the token reaches nothing after. */
    closedAt: timestamp({ withTimezone: true }),
    createDate: created(),
  },
  (t) => [index('entry_kiosk_gym_idx').on(t.gymId)],
);

export type EntryKioskRow = typeof entryKiosk.$inferSelect;
