import { and, asc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { quoteDesk } from '#domain/rules/desk.ts';
import type { PromotionRefusal } from '#domain/rules/money.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { DeskPromotion, PassPromotions } from '#domain/schemas/desk.ts';
import type { Executor } from '../../db/client.ts';
import { member, promotion, promotionTarget, sale } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { refusalsOf } from '../../kernel/refusal.ts';

// The running promotions as every sale screen offers and applies them (docs/rules.md#promotions): the desk's
// checkout, the customer page's pass sale and the consulting tablet's. One reading of the promotions, one count of
// a customer's uses, one price (`quoteDesk`, which the screens' previews call too) and one refusal.

/** The promotions with their targets, two queries. */
export const promotionsWithTargets = async (
  db: Executor,
  rows: (typeof promotion.$inferSelect)[],
): Promise<DeskPromotion[]> => {
  const ids = rows.map((r) => r.id);
  const targets = ids.length
    ? await db.select().from(promotionTarget).where(inArray(promotionTarget.promotionId, ids))
    : [];
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    kind: p.kind,
    value: p.value,
    startDate: p.startDate,
    endDate: p.endDate,
    status: p.status,
    perCustomerLimit: p.perCustomerLimit,
    targets: targets
      .filter((t) => t.promotionId === p.id)
      .map((t) => ({ itemType: t.itemType, itemId: t.itemId })),
  }));
};

/** The facility's promotions RUNNING on `today` (ACTIVE, today within their days), by name. */
export const runningPromotions = async (db: Executor, gymId: number, today: string) =>
  promotionsWithTargets(
    db,
    await db
      .select()
      .from(promotion)
      .where(
        and(
          eq(promotion.gymId, gymId),
          eq(promotion.status, 'ACTIVE'),
          lte(promotion.startDate, today),
          gte(promotion.endDate, today),
        ),
      )
      .orderBy(asc(promotion.name), asc(promotion.id))
      .limit(200),
  );

/** How many sales of the customer used each promotion (docs/rules.md#promotions): the per-customer limit's count. */
export const usageOf = async (
  db: Executor,
  gymId: number,
  memberId: number,
): Promise<Record<number, number>> => {
  const rows = await db
    .select({ promotionId: sale.promotionId, used: sql<number>`count(*)`.mapWith(Number) })
    .from(sale)
    .where(and(eq(sale.memberId, memberId), eq(sale.gymId, gymId), isNotNull(sale.promotionId)))
    .groupBy(sale.promotionId);
  return Object.fromEntries(rows.map((r) => [r.promotionId!, r.used]));
};

/** A promotion refused for an item: 409 with the promotion's name, the item and the limit. */
const { refused: promotionRefused } = refusalsOf<PromotionRefusal>();

/**
 * What a pass sale screen offers (docs/rules.md#promotions): the promotions RUNNING today that name a pass product,
 * and the customer's uses of each (none before the customer exists). 404 for a customer of another facility.
 */
export const passPromotions = async (
  db: Executor,
  gymId: number,
  memberId: number | null,
  now: Date,
): Promise<PassPromotions> => {
  const today = seoulToday(now);
  if (memberId !== null) {
    const [customer] = await db
      .select({ id: member.id })
      .from(member)
      .where(and(eq(member.id, memberId), eq(member.ownerGymId, gymId)));
    if (!customer) throw notFound();
  }
  const promotions = (await runningPromotions(db, gymId, today)).filter((p) =>
    p.targets.some((t) => t.itemType === 'PASS'),
  );
  const used = memberId === null || !promotions.length ? {} : await usageOf(db, gymId, memberId);
  return {
    today,
    promotions,
    used: Object.entries(used).map(([id, n]) => ({ promotionId: Number(id), used: n })),
  };
};

/**
 * The price of one pass sold outside the desk with a promotion (docs/rules.md#promotions), checked as the desk's
 * checkout checks a line: the promotion must be the facility's (404), RUNNING today, name the pass product and be
 * under the customer's limit (409 `promotionNotActive`, `promotionNotForItem`, `promotionLimitReached`). The
 * customer's row must already be locked by the caller, so two sales cannot both take the last use.
 */
export const promotedPassPrice = async (
  tx: Executor,
  input: {
    gymId: number;
    memberId: number;
    ticket: { id: number; name: string; salePrice: number };
    promotionId: number;
    today: string;
  },
): Promise<{ listPrice: number; promotionDiscount: number; price: number }> => {
  const [row] = await tx
    .select()
    .from(promotion)
    .where(and(eq(promotion.id, input.promotionId), eq(promotion.gymId, input.gymId)));
  if (!row) throw notFound();
  const [terms] = await promotionsWithTargets(tx, [row]);
  const quote = quoteDesk(
    [
      {
        itemType: 'PASS',
        itemId: input.ticket.id,
        unitPrice: input.ticket.salePrice,
        quantity: 1,
        promotion: terms!,
        manualDiscount: 0,
      },
    ],
    await usageOf(tx, input.gymId, input.memberId),
    input.today,
  );
  const line = quote.lines[0]!;
  if (
    line.refusal === 'promotionNotActive' ||
    line.refusal === 'promotionNotForItem' ||
    line.refusal === 'promotionLimitReached'
  )
    throw promotionRefused(line.refusal, {
      name: row.name,
      item: input.ticket.name,
      limit: row.perCustomerLimit ?? 0,
    });
  return { listPrice: line.listPrice, promotionDiscount: line.promotionDiscount, price: line.price };
};
