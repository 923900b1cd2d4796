import { and, asc, count, eq, sql } from 'drizzle-orm';
import { PRODUCT_GROUP_MAX } from '#domain/rules/product.ts';
import type { ProductCreate, ProductUpdate } from '#domain/schemas/product.ts';
import type { Executor } from '../../db/client.ts';
import { type ProductRow, product, productGroup, sale } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import type { Actor } from '../../kernel/actor.ts';
import { audited } from '../../kernel/audit.ts';
import { snapshot } from './product.mappers.ts';
import { groupOf, soldBySale } from './product.queries.ts';
import { refused } from './product.refusals.ts';
import { moveStock } from './stock.commands.ts';

// Desk products, their groups and stock changed (docs/rules.md#products). Every write takes the transaction it is
// given and leaves its audit row in it; the stock moves only through `moveStock` (stock.commands.ts), which locks
// the product.

/** The product row of this facility, locked for the rest of the transaction, or 404. */
const lockProduct = async (tx: Executor, gymId: number, id: number): Promise<ProductRow> => {
  const [row] = await tx
    .select()
    .from(product)
    .where(and(eq(product.id, id), eq(product.gymId, gymId)))
    .for('update');
  if (!row) throw notFound();
  return row;
};

/** A group named by a product must be the facility's own (404 otherwise). */
const assertGroup = async (db: Executor, gymId: number, groupId: number | null) => {
  if (groupId === null) return;
  const [row] = await db
    .select({ id: productGroup.id })
    .from(productGroup)
    .where(and(eq(productGroup.id, groupId), eq(productGroup.gymId, gymId)));
  if (!row) throw notFound();
};

// ─── Products ───────────────────────────────────────────────────────────────────────────────────────────────

/** A new product; a positive opening stock is its first movement, an adjustment with its note. */
export const createProduct = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  input: Omit<ProductCreate, 'gymId'>,
): Promise<number> => {
  await assertGroup(tx, gymId, input.groupId);
  const [row] = await tx
    .insert(product)
    .values({
      gymId,
      groupId: input.groupId,
      name: input.name,
      price: input.price,
      vatMode: input.vatMode,
      lowStockAt: input.lowStockAt,
      memo: input.memo,
      status: input.status,
      createDate: actor.now,
      modifiedDate: actor.now,
    })
    .returning();
  if (input.initialStock > 0)
    await moveStock(tx, actor, {
      gymId,
      productId: row!.id,
      change: input.initialStock,
      kind: 'ADJUST',
      note: input.stockNote,
    });
  await audited(tx, actor, {
    gymId,
    action: 'product.create',
    entity: 'product',
    entityId: row!.id,
    after: { ...snapshot(row!), stock: input.initialStock, stockNote: input.stockNote },
  });
  return row!.id;
};

export const updateProduct = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  id: number,
  input: ProductUpdate,
): Promise<void> => {
  const before = await lockProduct(tx, gymId, id);
  await assertGroup(tx, gymId, input.groupId);
  const [row] = await tx
    .update(product)
    .set({ ...input, modifiedDate: actor.now })
    .where(eq(product.id, id))
    .returning();
  await audited(tx, actor, {
    gymId,
    action: 'product.update',
    entity: 'product',
    entityId: id,
    before: snapshot(before),
    after: snapshot(row!),
  });
};

/**
 * Removes a product that was never sold, with its adjustments (409 `productSold` once any sale names it: stop it
 * instead). The audit row keeps what it was, its stock included.
 */
export const deleteProduct = async (tx: Executor, actor: Actor, gymId: number, id: number): Promise<void> => {
  const row = await lockProduct(tx, gymId, id);
  const [soldRow] = await tx
    .select({ id: sale.id })
    .from(sale)
    .where(and(eq(sale.gymId, gymId), eq(sale.productId, id)))
    .limit(1);
  if (soldRow || (await soldBySale(tx, id))) throw refused('productSold', { name: row.name });
  await tx.delete(product).where(eq(product.id, id));
  await audited(tx, actor, {
    gymId,
    action: 'product.delete',
    entity: 'product',
    entityId: id,
    before: { ...snapshot(row), stock: row.stock },
  });
};

/** An adjustment of the stock by `change` with its note (409 `stockBelowZero` below zero). */
export const adjustStock = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  id: number,
  input: { change: number; note: string },
): Promise<void> => {
  const before = await moveStock(tx, actor, {
    gymId,
    productId: id,
    change: input.change,
    kind: 'ADJUST',
    note: input.note,
  });
  await audited(tx, actor, {
    gymId,
    action: 'product.stock',
    entity: 'product',
    entityId: id,
    before: { stock: before.stock },
    after: { stock: before.stock + input.change, change: input.change, note: input.note },
  });
};

// ─── Groups ─────────────────────────────────────────────────────────────────────────────────────────────────

/** Group changes of one facility run one at a time, so the order never takes a place twice. */
const lockGroups = (tx: Executor, gymId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`product-group:${gymId}`}))`);

/** A new group, last in the order (409 `productGroupLimit` past PRODUCT_GROUP_MAX). */
export const createGroup = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  name: string,
): Promise<number> => {
  await lockGroups(tx, gymId);
  const [stats] = await tx
    .select({ n: count(), last: sql<number | null>`max(${productGroup.sortOrder})` })
    .from(productGroup)
    .where(eq(productGroup.gymId, gymId));
  if (Number(stats?.n ?? 0) >= PRODUCT_GROUP_MAX)
    throw refused('productGroupLimit', { max: PRODUCT_GROUP_MAX });
  const last = stats?.last === null || stats?.last === undefined ? -1 : Number(stats.last);
  const [row] = await tx
    .insert(productGroup)
    .values({ gymId, name, sortOrder: last + 1, createDate: actor.now, modifiedDate: actor.now })
    .returning();
  await audited(tx, actor, {
    gymId,
    action: 'product-group.create',
    entity: 'product-group',
    entityId: row!.id,
    after: { name, sortOrder: row!.sortOrder },
  });
  return row!.id;
};

export const renameGroup = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  id: number,
  name: string,
): Promise<void> => {
  const before = await groupOf(tx, gymId, id);
  await tx.update(productGroup).set({ name, modifiedDate: actor.now }).where(eq(productGroup.id, id));
  await audited(tx, actor, {
    gymId,
    action: 'product-group.update',
    entity: 'product-group',
    entityId: id,
    before: { name: before.name },
    after: { name },
  });
};

/**
 * Puts the facility's groups in the given order: every id must be one of its groups (404 for another's), and every
 * one of its groups must be named (409 `productGroupOrderIncomplete` when one was added or removed meanwhile).
 */
export const reorderGroups = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  ids: readonly number[],
): Promise<void> => {
  await lockGroups(tx, gymId);
  const groups = await tx
    .select({ id: productGroup.id, sortOrder: productGroup.sortOrder })
    .from(productGroup)
    .where(eq(productGroup.gymId, gymId))
    .orderBy(asc(productGroup.sortOrder), asc(productGroup.id));
  const own = new Set(groups.map((g) => g.id));
  if (ids.some((id) => !own.has(id))) throw notFound();
  if (ids.length !== own.size) throw refused('productGroupOrderIncomplete');
  const place = new Map(groups.map((g) => [g.id, g.sortOrder]));
  for (const [index, id] of ids.entries())
    if (place.get(id) !== index)
      await tx
        .update(productGroup)
        .set({ sortOrder: index, modifiedDate: actor.now })
        .where(eq(productGroup.id, id));
  await audited(tx, actor, {
    gymId,
    action: 'product-group.update',
    entity: 'product-group',
    entityId: null,
    before: { order: groups.map((g) => g.id) },
    after: { order: [...ids] },
  });
};

/** Removes a group; its products stay, without a group. */
export const deleteGroup = async (tx: Executor, actor: Actor, gymId: number, id: number): Promise<void> => {
  await lockGroups(tx, gymId);
  const group = await groupOf(tx, gymId, id);
  const moved = await tx
    .update(product)
    .set({ groupId: null, modifiedDate: actor.now })
    .where(and(eq(product.groupId, id), eq(product.gymId, gymId)))
    .returning({ id: product.id });
  await tx.delete(productGroup).where(eq(productGroup.id, id));
  await audited(tx, actor, {
    gymId,
    action: 'product-group.delete',
    entity: 'product-group',
    entityId: id,
    before: { name: group.name, sortOrder: group.sortOrder, products: moved.map((p) => p.id) },
  });
};
