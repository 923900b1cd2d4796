import type { PromotionTargetType } from '#domain/enums.ts';
import { promotionState } from '#domain/rules/product.ts';
import type { Promotion, PromotionTarget } from '#domain/schemas/product.ts';
import type { PromotionRow } from '../../db/schema/index.ts';

// Promotions as the API answers them (docs/rules.md#promotions): the state from today, the targets by name.

export type RecordRow = Omit<PromotionRow, never> & {
  targets: unknown;
  usedCount: number;
  discountTotal: number;
};

export const toPromotion = (row: RecordRow, today: string): Promotion => {
  // Safe: promotion.sql.ts's json_agg of {itemType, itemId, name} (text on PGlite); item_type's check keeps its values.
  const targets = (typeof row.targets === 'string' ? JSON.parse(row.targets) : (row.targets ?? [])) as {
    itemType: PromotionTargetType;
    itemId: number;
    name: string;
  }[];
  return {
    id: row.id,
    gymId: row.gymId,
    name: row.name,
    kind: row.kind,
    value: row.value,
    startDate: row.startDate,
    endDate: row.endDate,
    perCustomerLimit: row.perCustomerLimit,
    status: row.status,
    state: promotionState(row, today),
    targets: targets.map(
      (t): PromotionTarget => ({ itemType: t.itemType, itemId: Number(t.itemId), name: t.name }),
    ),
    usedCount: row.usedCount,
    discountTotal: row.discountTotal,
    createDate: row.createDate.toISOString(),
    modifiedDate: row.modifiedDate.toISOString(),
  };
};
