import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { created } from './columns.ts';
import { member } from './member.ts';

/** A staff note on a customer's timeline (docs/rules.md#customers). Never edited; a correction is a new note. */
export const customerMemo = pgTable(
  'customer_memo',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer().notNull(),
    memberId: integer()
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    content: text().notNull(),
    createdByMemberId: integer().references(() => member.id, { onDelete: 'set null' }),
    createDate: created(),
  },
  (t) => [index('customer_memo_member_idx').on(t.memberId, t.id)],
);

export type CustomerMemoRow = typeof customerMemo.$inferSelect;
