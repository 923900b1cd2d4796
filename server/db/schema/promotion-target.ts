import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { PromotionTargetType } from '#domain/enums.ts';
import { promotion } from './promotion.ts';

/** A pass product (`ticket`) or a desk product a promotion applies to (docs/rules.md#promotions). */
export const promotionTarget = pgTable(
  'promotion_target',
  {
    promotionId: integer()
      .notNull()
      .references(() => promotion.id, { onDelete: 'cascade' }),
    itemType: text().$type<PromotionTargetType>().notNull(),
    itemId: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.promotionId, t.itemType, t.itemId] }),
    check('promotion_target_type_check', sql`${t.itemType} in ('PASS', 'PRODUCT')`),
  ],
);

export type PromotionTargetRow = typeof promotionTarget.$inferSelect;
