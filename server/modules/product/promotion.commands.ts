import { and, eq, inArray } from 'drizzle-orm';
import type { PromotionTargetType } from '#domain/enums.ts';
import type { PromotionWrite } from '#domain/schemas/product.ts';
import type { Executor } from '../../db/client.ts';
import { type PromotionRow, promotion, promotionTarget, sale, ticket } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import type { Actor } from '../../kernel/actor.ts';
import { audited } from '../../kernel/audit.ts';
import { ownProductIds } from './product.queries.ts';
import { refused } from './product.refusals.ts';
import { targetKey, targetsOf } from './promotion.queries.ts';

// Promotions kept (docs/rules.md#promotions): a percent or an amount off, between two days, on some of the
// facility's pass products and desk products, at most so many times per customer. The desk applies them
// (promotionRefusal and promotionDiscount in domain/rules/money.ts). Every write leaves its audit row.

type Target = { itemType: PromotionTargetType; itemId: number };

/** The targets once each; every one must be the facility's pass product or desk product (404 otherwise). */
const checkedTargets = async (db: Executor, gymId: number, targets: readonly Target[]): Promise<Target[]> => {
  const unique = [...new Map(targets.map((t) => [`${t.itemType}:${t.itemId}`, t])).values()];
  const passIds = unique.filter((t) => t.itemType === 'PASS').map((t) => t.itemId);
  const productIds = unique.filter((t) => t.itemType === 'PRODUCT').map((t) => t.itemId);
  const ownPasses =
    passIds.length === 0
      ? new Set<number>()
      : new Set(
          (
            await db
              .select({ id: ticket.id })
              .from(ticket)
              .where(and(eq(ticket.gymId, gymId), inArray(ticket.id, passIds)))
          ).map((r) => r.id),
        );
  const ownProducts = await ownProductIds(db, gymId, productIds);
  if (passIds.some((id) => !ownPasses.has(id)) || productIds.some((id) => !ownProducts.has(id)))
    throw notFound();
  return unique;
};

const terms = (row: PromotionRow | PromotionWrite) => ({
  name: row.name,
  kind: row.kind,
  value: row.value,
  startDate: row.startDate,
  endDate: row.endDate,
  perCustomerLimit: row.perCustomerLimit,
  status: row.status,
});

export const createPromotion = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  input: PromotionWrite,
): Promise<number> => {
  const targets = await checkedTargets(tx, gymId, input.targets);
  const [row] = await tx
    .insert(promotion)
    .values({ gymId, ...terms(input), createDate: actor.now, modifiedDate: actor.now })
    .returning();
  await tx.insert(promotionTarget).values(targets.map((t) => ({ promotionId: row!.id, ...t })));
  await audited(tx, actor, {
    gymId,
    action: 'promotion.create',
    entity: 'promotion',
    entityId: row!.id,
    after: { ...terms(input), targets: targets.map(targetKey) },
  });
  return row!.id;
};

const lockPromotion = async (tx: Executor, gymId: number, id: number): Promise<PromotionRow> => {
  const [row] = await tx
    .select()
    .from(promotion)
    .where(and(eq(promotion.id, id), eq(promotion.gymId, gymId)))
    .for('update');
  if (!row) throw notFound();
  return row;
};

/** New terms and targets (the targets are replaced). Sales that applied it keep their prices. */
export const updatePromotion = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  id: number,
  input: PromotionWrite,
): Promise<void> => {
  const before = await lockPromotion(tx, gymId, id);
  const targets = await checkedTargets(tx, gymId, input.targets);
  const beforeTargets = await targetsOf(tx, id);
  await tx
    .update(promotion)
    .set({ ...terms(input), modifiedDate: actor.now })
    .where(eq(promotion.id, id));
  await tx.delete(promotionTarget).where(eq(promotionTarget.promotionId, id));
  await tx.insert(promotionTarget).values(targets.map((t) => ({ promotionId: id, ...t })));
  await audited(tx, actor, {
    gymId,
    action: 'promotion.update',
    entity: 'promotion',
    entityId: id,
    before: { ...terms(before), targets: beforeTargets },
    after: { ...terms(input), targets: targets.map(targetKey) },
  });
};

/** Removes a promotion never applied (409 `promotionUsed` once a sale names it: stop it instead). */
export const deletePromotion = async (tx: Executor, actor: Actor, gymId: number, id: number) => {
  const row = await lockPromotion(tx, gymId, id);
  const [used] = await tx.select({ id: sale.id }).from(sale).where(eq(sale.promotionId, id)).limit(1);
  if (used) throw refused('promotionUsed', { name: row.name });
  const beforeTargets = await targetsOf(tx, id);
  await tx.delete(promotion).where(eq(promotion.id, id));
  await audited(tx, actor, {
    gymId,
    action: 'promotion.delete',
    entity: 'promotion',
    entityId: id,
    before: { ...terms(row), targets: beforeTargets },
  });
};
