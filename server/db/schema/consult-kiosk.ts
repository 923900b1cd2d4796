import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { created } from './columns.ts';
import { gym } from './gym.ts';
import { member } from './member.ts';

/**
 * A consulting tablet (docs/rules.md#consulting): a staff member with the consult right opens the flow, and the
 * tablet gets a token that can only read the facility's survey and products, write a consult and read that
 * consult back. Only the token's SHA-256 is stored.
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
    createDate: created(),
  },
  (t) => [index('consult_kiosk_gym_idx').on(t.gymId)],
);
