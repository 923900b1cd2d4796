import { and, desc, eq, gt, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { PromotionTargetType } from '#domain/enums.ts';
import { type PromotionState, promotionState } from '#domain/rules/product.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type {
  Promotion,
  PromotionListQuery,
  PromotionTarget,
  PromotionWrite,
} from '#domain/schemas/product.ts';
import type { Executor } from '../../db/client.ts';
import { cappedTotal } from '../../db/count.ts';
import {
  type PromotionRow,
  product,
  promotion,
  promotionTarget,
  sale,
  ticket,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { Actor } from '../../kernel/actor.ts';
import { type AuditEvent, writeAudit } from '../../kernel/audit.ts';
import { ownProductIds } from './product.service.ts';

// Promotions (docs/rules.md#promotions): a percent or an amount off, between two days, on some of the facility's
// pass products and desk products, at most so many times per customer. The desk applies them (promotionRefusal and
// promotionDiscount in domain/rules/money.ts); this module keeps them. Usage is counted from the sales themselves.

const audit = (tx: Executor, actor: Actor, event: AuditEvent) =>
  writeAudit(tx, {
    ...event,
    actorMemberId: actor.memberId,
    requestId: actor.requestId,
    now: actor.now,
  });

// ---------------------------------------------------------------------------------------------------------
// Records

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
// Drizzle leaves a one-table select's columns unqualified, so the correlated subqueries name theirs in full.
const usedColumn =
  sql<number>`(select count(*) from ${sale} s where s.promotion_id = "promotion"."id")`.mapWith(Number);
const discountColumn = sql<number>`(
  select coalesce(sum(s.list_price - s.price), 0) from ${sale} s where s.promotion_id = "promotion"."id"
)`.mapWith(Number);

const recordColumns = {
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

type RecordRow = Omit<PromotionRow, never> & { targets: unknown; usedCount: number; discountTotal: number };

const toPromotion = (row: RecordRow, today: string): Promotion => {
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

/** The state filter as a condition on the row, from today (Asia/Seoul). */
const stateWhere = (state: PromotionState, today: string): SQL => {
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

/** A page of the facility's promotions, latest end first, each with its state, targets and usage (one statement). */
export const listPromotions = async (db: Executor, gymId: number, query: PromotionListQuery, now: Date) => {
  const today = seoulToday(now);
  const where = and(eq(promotion.gymId, gymId), query.state ? stateWhere(query.state, today) : undefined)!;
  const rows = await db
    .select({ ...recordColumns, total: cappedTotal(promotion, where) })
    .from(promotion)
    .where(where)
    .orderBy(desc(promotion.endDate), desc(promotion.id))
    .limit(query._end - query._start)
    .offset(query._start);
  const total = rows[0]?.total ?? (query._start === 0 ? 0 : query._start);
  return { data: rows.map((row) => toPromotion(row, today)), total };
};

/** One promotion of the facility, or 404. */
export const promotionRecord = async (
  db: Executor,
  gymId: number,
  id: number,
  now: Date,
): Promise<Promotion> => {
  const [row] = await db
    .select(recordColumns)
    .from(promotion)
    .where(and(eq(promotion.id, id), eq(promotion.gymId, gymId)));
  if (!row) throw notFound();
  return toPromotion(row, seoulToday(now));
};

// ---------------------------------------------------------------------------------------------------------
// Writes

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

const targetKey = (t: Target) => `${t.itemType}:${t.itemId}`;

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
  await audit(tx, actor, {
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

const targetsOf = async (db: Executor, id: number) =>
  (
    await db
      .select({ itemType: promotionTarget.itemType, itemId: promotionTarget.itemId })
      .from(promotionTarget)
      .where(eq(promotionTarget.promotionId, id))
  ).map(targetKey);

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
  await audit(tx, actor, {
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
  if (used) throw new AppError('CONFLICT', 'promotionUsed', { name: row.name }, {}, { name: row.name });
  const beforeTargets = await targetsOf(tx, id);
  await tx.delete(promotion).where(eq(promotion.id, id));
  await audit(tx, actor, {
    gymId,
    action: 'promotion.delete',
    entity: 'promotion',
    entityId: id,
    before: { ...terms(row), targets: beforeTargets },
  });
};
