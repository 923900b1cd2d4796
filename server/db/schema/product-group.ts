import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { created } from './columns.ts';
import { gym } from './gym.ts';

/** A group of desk products (docs/rules.md#products), shown in `sortOrder`. */
export const productGroup = pgTable(
  'product_group',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer()
      .notNull()
      .references(() => gym.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    sortOrder: integer().notNull().default(0),
    createDate: created(),
    modifiedDate: created(),
  },
  (t) => [index('product_group_gym_idx').on(t.gymId, t.sortOrder)],
);

export type ProductGroupRow = typeof productGroup.$inferSelect;
