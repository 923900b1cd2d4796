import { and, eq, gt, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { PromotionState } from '#domain/rules/product.ts';
import { product, promotion, promotionTarget, sale, ticket } from '../../db/schema/index.ts';

// The promotion reads' SQL (docs/rules.md#promotions): its targets and usage as correlated subqueries, and the
// state filter. Drizzle leaves a one-table select's columns unqualified, so the subqueries name theirs in full.

/** Its targets with their names, in one correlated subquery; a target whose item was removed since is left out. */
const targetsColumn = sql<unknown>`(
  select coalesce(
    json_agg(json_build_object('itemType', pt.item_type, 'itemId', pt.item_id, 'name', coalesce(tk.name, pr.name))
      order by pt.item_type, coalesce(tk.name, pr.name), pt.item_id),
    '[]'::json)
  from ${promotionTarget} pt
  left join ${ticket} tk on pt.item_type = 'PASS' and tk.id = pt.item_id and tk.gym_id = "promotion"."gym_id"
  left join ${product} pr on pt.item_type = 'PRODUCT' and pr.id = pt.item_id and pr.gym_id = "promotion"."gym_id"
  where pt.promotion_id = "promotion"."id" and (tk.id is not null or pr.id is not null)
)`;

/** How many sales applied it, and what they took off their list prices (sale_promotion_idx). */
const usedColumn =
  sql<number>`(select count(*) from ${sale} s where s.promotion_id = "promotion"."id")`.mapWith(Number);
const discountColumn = sql<number>`(
  select coalesce(sum(s.list_price - s.price), 0) from ${sale} s where s.promotion_id = "promotion"."id"
)`.mapWith(Number);

export const recordColumns = {
  id: promotion.id,
  gymId: promotion.gymId,
  name: promotion.name,
  kind: promotion.kind,
  value: promotion.value,
  startDate: promotion.startDate,
  endDate: promotion.endDate,
  perCustomerLimit: promotion.perCustomerLimit,
  status: promotion.status,
  createDate: promotion.createDate,
  modifiedDate: promotion.modifiedDate,
  targets: targetsColumn,
  usedCount: usedColumn,
  discountTotal: discountColumn,
};

/** The state filter as a condition on the row, from today (Asia/Seoul). */
export const stateWhere = (state: PromotionState, today: string): SQL => {
  const active = eq(promotion.status, 'ACTIVE');
  switch (state) {
    case 'STOPPED':
      return eq(promotion.status, 'INACTIVE');
    case 'SCHEDULED':
      return and(active, gt(promotion.startDate, today))!;
    case 'ENDED':
      return and(active, lt(promotion.endDate, today))!;
    case 'RUNNING':
      return and(active, lte(promotion.startDate, today), gte(promotion.endDate, today))!;
  }
};
