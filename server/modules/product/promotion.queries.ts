import { and, desc, eq } from 'drizzle-orm';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { Promotion, PromotionListQuery } from '#domain/schemas/product.ts';
import type { Executor } from '../../db/client.ts';
import { cappedTotal } from '../../db/count.ts';
import { promotion, promotionTarget } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { toPromotion } from './promotion.mappers.ts';
import { recordColumns, stateWhere } from './promotion.sql.ts';

// Promotions read (docs/rules.md#promotions): the list with its states, one promotion, a promotion's targets.

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

export const targetKey = (t: { itemType: string; itemId: number }) => `${t.itemType}:${t.itemId}`;

/** A promotion's targets as `TYPE:id` keys (the audit's picture). */
export const targetsOf = async (db: Executor, id: number) =>
  (
    await db
      .select({ itemType: promotionTarget.itemType, itemId: promotionTarget.itemId })
      .from(promotionTarget)
      .where(eq(promotionTarget.promotionId, id))
  ).map(targetKey);
