import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { created } from './columns.ts';
import { gym } from './gym.ts';
import { member } from './member.ts';

/**
 * A consulting tablet (docs/rules.md#consulting): a staff member with the consult right opens the flow, and the
 * tablet gets a token that can only read the facility's survey and products, write a consult and read that
 * consult back. Only the token's SHA-256 is stored.
 *
 * The staff steps at the tablet (the result for staff, the wrap-up, the sale) run in a short staff window that a
 * staff member opens with their sign-in id and password: its own token (SHA-256 here), the staff member, and its
 * end. One window per tablet; a new sign-in replaces it.
 */
export const consultKiosk = pgTable(
  'consult_kiosk',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer()
      .notNull()
      .references(() => gym.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    openedByMemberId: integer().references(() => member.id, { onDelete: 'set null' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** Set when a staff member closes the tablet: the token reaches nothing after. */
    closedAt: timestamp({ withTimezone: true }),
    /** The staff member of the current staff window, who acts in its steps. */
    staffMemberId: integer().references(() => member.id, { onDelete: 'set null' }),
    staffTokenHash: text(),
    staffUntil: timestamp({ withTimezone: true }),
    createDate: created(),
  },
  (t) => [index('consult_kiosk_gym_idx').on(t.gymId)],
);

export type ConsultKioskRow = typeof consultKiosk.$inferSelect;
