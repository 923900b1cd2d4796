import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { SaleItemType } from '#domain/enums.ts';
import { created } from './columns.ts';
import { member } from './member.ts';

/**
 * One thing sold (docs/rules.md#money): a pass, a transfer fee, later a product or a locker rental. Money rows
 * are never updated or deleted; the unpaid balance is `price` minus the sum of its payment lines.
 */
export const sale = pgTable(
  'sale',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gymId: integer().notNull(),
    memberId: integer().notNull(),
    itemType: text().$type<SaleItemType>().notNull(),
    itemName: text().notNull(),
    ticketIssueId: integer(),
    listPrice: integer().notNull(),
    price: integer().notNull(),
    /** Why the price differs from the list price, when it does. */
    priceReason: text(),
    soldByMemberId: integer().references(() => member.id, { onDelete: 'set null' }),
    createDate: created(),
  },
  (t) => [
    index('sale_gym_idx').on(t.gymId, t.id),
    index('sale_member_idx').on(t.memberId, t.id),
    index('sale_issue_idx').on(t.ticketIssueId),
    check('sale_item_type_check', sql`${t.itemType} in ('PASS', 'TRANSFER_FEE', 'PRODUCT', 'LOCKER')`),
    check('sale_price_check', sql`${t.price} >= 0 and ${t.listPrice} >= 0`),
  ],
);

export type SaleRow = typeof sale.$inferSelect;
