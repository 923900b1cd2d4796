import { eq } from 'drizzle-orm';
import type { StockMovementKind } from '#domain/enums.ts';
import type { Executor } from '../../db/client.ts';
import { type ProductRow, product, stockMovement } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { Actor } from '../../kernel/actor.ts';

// Stock (docs/rules.md#products): every change is a `stock_movement` row, and the product's `stock` is rewritten
// under the product's row lock in the same transaction, so two sales of the last item end with one 409.

/**
 * Moves a product's stock by `change` (negative for a sale) and returns the product as it was before. A sale
 * that would take the stock below zero is 409 `outOfStock`; an adjustment below zero is 409 `stockBelowZero`.
 * The product must belong to `gymId` (404 otherwise).
 */
export const moveStock = async (
  tx: Executor,
  actor: Actor,
  input: {
    gymId: number;
    productId: number;
    change: number;
    kind: StockMovementKind;
    saleId?: number | null;
    note?: string | null;
  },
): Promise<ProductRow> => {
  const [row] = await tx.select().from(product).where(eq(product.id, input.productId)).for('update');
  if (!row || row.gymId !== input.gymId) throw notFound();
  const after = row.stock + input.change;
  if (after < 0) {
    const reason = input.kind === 'SALE' ? 'outOfStock' : 'stockBelowZero';
    throw new AppError('CONFLICT', reason, { name: row.name, stock: row.stock }, {}, { stock: row.stock });
  }
  await tx.insert(stockMovement).values({
    gymId: input.gymId,
    productId: row.id,
    kind: input.kind,
    change: input.change,
    stockAfter: after,
    saleId: input.saleId ?? null,
    note: input.note ?? null,
    createdByMemberId: actor.memberId,
    createDate: actor.now,
  });
  await tx.update(product).set({ stock: after, modifiedDate: actor.now }).where(eq(product.id, row.id));
  return row;
};
