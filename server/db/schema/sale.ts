import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { SaleItemType, VatMode } from '#domain/enums.ts';
import { checkout } from './checkout.ts';
import { created } from './columns.ts';
import { member } from './member.ts';

/**
 * One thing sold (docs/rules.md#money): a pass, a transfer fee, a desk product or a locker rental. Money rows are
 * never updated or deleted; what is owed is `price` minus its adjustments (`sale_adjustment`) minus its payment
 * lines, and nothing once its pass is refunded.
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
    /** The desk product sold (item type PRODUCT), `quantity` of it. */
    productId: integer(),
    quantity: integer().notNull().default(1),
    /** The checkout that sold it (null for sales written before checkouts existed). */
    checkoutId: integer().references(() => checkout.id, { onDelete: 'restrict' }),
    /** The promotion applied; `listPrice − price` is its discount (plus any manual discount, with `priceReason`). */
    promotionId: integer(),
    /** How the price carries VAT (docs/rules.md#vat); passes and lockers are VAT-included services. */
    vatMode: text().$type<VatMode>().notNull().default('INCLUDED'),
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
    index('sale_gym_date_idx').on(t.gymId, t.createDate),
    index('sale_checkout_idx').on(t.checkoutId),
    index('sale_promotion_idx').on(t.promotionId, t.memberId).where(sql`${t.promotionId} is not null`),
    check('sale_item_type_check', sql`${t.itemType} in ('PASS', 'TRANSFER_FEE', 'PRODUCT', 'LOCKER')`),
    check('sale_price_check', sql`${t.price} >= 0 and ${t.listPrice} >= 0`),
    check('sale_quantity_check', sql`${t.quantity} > 0`),
    check('sale_vat_check', sql`${t.vatMode} in ('INCLUDED', 'EXEMPT')`),
  ],
);

export type SaleRow = typeof sale.$inferSelect;
