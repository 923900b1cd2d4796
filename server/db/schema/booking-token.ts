import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { created } from './columns.ts';
import { gym } from './gym.ts';
import { member } from './member.ts';

/**
 * A customer's own booking link (docs/rules.md#self-booking): it works only for that customer in that facility,
 * until it expires or a newer link revokes it. Only the token's SHA-256 is stored.
 */
export const bookingToken = pgTable(
  'booking_token',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer()
      .notNull()
      .references(() => gym.id, { onDelete: 'cascade' }),
    memberId: integer()
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    createdByMemberId: integer().references(() => member.id, { onDelete: 'set null' }),
    createDate: created(),
  },
  (t) => [index('booking_token_member_idx').on(t.memberId, t.gymId)],
);
