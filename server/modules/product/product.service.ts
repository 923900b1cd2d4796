import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { isLowStock, PRODUCT_GROUP_MAX } from '#domain/rules/product.ts';
import type {
  Product,
  ProductCreate,
  ProductDetail,
  ProductGroup,
  ProductListQuery,
  ProductUpdate,
  StockMovement,
} from '#domain/schemas/product.ts';
import type { Executor } from '../../db/client.ts';
import { cappedTotal } from '../../db/count.ts';
import {
  member,
  type ProductGroupRow,
  type ProductRow,
  product,
  productGroup,
  sale,
  stockMovement,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { Actor } from '../../kernel/actor.ts';
import { type AuditEvent, writeAudit } from '../../kernel/audit.ts';
import { moveStock } from './stock.ts';

// Desk products, their groups and stock (docs/rules.md#products). Every write takes the transaction it is given
// and leaves its audit row in it; the stock moves only through `moveStock` (stock.ts), which locks the product.

const audit = (tx: Executor, actor: Actor, event: AuditEvent) =>
  writeAudit(tx, {
    ...event,
    actorMemberId: actor.memberId,
    requestId: actor.requestId,
    now: actor.now,
  });

type ConflictKey = 'productSold' | 'productGroupLimit' | 'productGroupOrderIncomplete';
const refused = (reason: ConflictKey, params: Record<string, string | number> = {}) =>
  new AppError('CONFLICT', reason, params, {}, params);

/** `LIKE` wildcards taken literally. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

// ---------------------------------------------------------------------------------------------------------
// Records

const productColumns = {
  id: product.id,
  gymId: product.gymId,
  groupId: product.groupId,
  groupName: productGroup.name,
  name: product.name,
  price: product.price,
  vatMode: product.vatMode,
  stock: product.stock,
  lowStockAt: product.lowStockAt,
  status: product.status,
  memo: product.memo,
  createDate: product.createDate,
  modifiedDate: product.modifiedDate,
};

type ProductJoined = ProductRow & { groupName: string | null };

const toProduct = (row: ProductJoined): Product => ({
  id: row.id,
  gymId: row.gymId,
  groupId: row.groupId,
  groupName: row.groupName,
  name: row.name,
  price: row.price,
  vatMode: row.vatMode,
  stock: row.stock,
  lowStockAt: row.lowStockAt,
  lowStock: isLowStock(row.stock, row.lowStockAt),
  status: row.status,
  memo: row.memo,
  createDate: row.createDate.toISOString(),
  modifiedDate: row.modifiedDate.toISOString(),
});

/** The audit's picture of a product: its own fields (the stock is the movements' business). */
const snapshot = (row: ProductRow) => ({
  name: row.name,
  groupId: row.groupId,
  price: row.price,
  vatMode: row.vatMode,
  lowStockAt: row.lowStockAt,
  status: row.status,
  memo: row.memo,
});

/** Whether the product was ever sold: a SALE movement (every desk sale of goods writes one; indexed). */
const soldBySale = async (db: Executor, productId: number) => {
  const [row] = await db
    .select({ id: stockMovement.id })
    .from(stockMovement)
    .where(and(eq(stockMovement.productId, productId), eq(stockMovement.kind, 'SALE')))
    .limit(1);
  return row !== undefined;
};

/** One product of the facility with its group's name and whether it was sold, or 404. */
export const productRecord = async (db: Executor, gymId: number, id: number): Promise<ProductDetail> => {
  const [row] = await db
    .select(productColumns)
    .from(product)
    .leftJoin(productGroup, eq(productGroup.id, product.groupId))
    .where(and(eq(product.id, id), eq(product.gymId, gymId)));
  if (!row) throw notFound();
  return { ...toProduct(row), sold: await soldBySale(db, id) };
};

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

// ---------------------------------------------------------------------------------------------------------
// Products

const productWhere = (gymId: number, query: ProductListQuery): SQL => {
  const conditions: SQL[] = [eq(product.gymId, gymId)];
  if (query.groupId !== undefined)
    conditions.push(query.groupId === 0 ? isNull(product.groupId) : eq(product.groupId, query.groupId));
  if (query.status) conditions.push(eq(product.status, query.status));
  if (query.lowStock) conditions.push(isNotNull(product.lowStockAt), lte(product.stock, product.lowStockAt));
  const q = query.q?.replace(/\s/g, '');
  if (q) conditions.push(sql`regexp_replace(${product.name}, '\\s', '', 'g') ilike ${`%${escapeLike(q)}%`}`);
  return and(...conditions)!;
};

/** A page of the facility's products, newest first (one statement: the page with its capped total). */
export const listProducts = async (db: Executor, gymId: number, query: ProductListQuery) => {
  const where = productWhere(gymId, query);
  const rows = await db
    .select({ ...productColumns, total: cappedTotal(product, where) })
    .from(product)
    .leftJoin(productGroup, eq(productGroup.id, product.groupId))
    .where(where)
    .orderBy(desc(product.id))
    .limit(query._end - query._start)
    .offset(query._start);
  const total = rows[0]?.total ?? (query._start === 0 ? 0 : query._start);
  return { data: rows.map(toProduct), total };
};

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
  await audit(tx, actor, {
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
  await audit(tx, actor, {
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
  await audit(tx, actor, {
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
  await audit(tx, actor, {
    gymId,
    action: 'product.stock',
    entity: 'product',
    entityId: id,
    before: { stock: before.stock },
    after: { stock: before.stock + input.change, change: input.change, note: input.note },
  });
};

/** A page of the product's stock movements, newest first, with who made each. */
export const listMovements = async (
  db: Executor,
  gymId: number,
  id: number,
  page: { _start: number; _end: number },
): Promise<{ data: StockMovement[]; total: number }> => {
  const [owned] = await db
    .select({ id: product.id })
    .from(product)
    .where(and(eq(product.id, id), eq(product.gymId, gymId)));
  if (!owned) throw notFound();
  const where = eq(stockMovement.productId, id);
  const rows = await db
    .select({
      id: stockMovement.id,
      productId: stockMovement.productId,
      kind: stockMovement.kind,
      change: stockMovement.change,
      stockAfter: stockMovement.stockAfter,
      saleId: stockMovement.saleId,
      note: stockMovement.note,
      createdByName: member.name,
      createDate: stockMovement.createDate,
      total: cappedTotal(stockMovement, where),
    })
    .from(stockMovement)
    .leftJoin(member, eq(member.id, stockMovement.createdByMemberId))
    .where(where)
    .orderBy(desc(stockMovement.id))
    .limit(page._end - page._start)
    .offset(page._start);
  const total = rows[0]?.total ?? (page._start === 0 ? 0 : page._start);
  return {
    data: rows.map(({ total: _total, createDate, ...r }) => ({ ...r, createDate: createDate.toISOString() })),
    total,
  };
};

// ---------------------------------------------------------------------------------------------------------
// Groups

/** Group changes of one facility run one at a time, so the order never takes a place twice. */
const lockGroups = (tx: Executor, gymId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`product-group:${gymId}`}))`);

const groupOf = async (db: Executor, gymId: number, id: number): Promise<ProductGroupRow> => {
  const [row] = await db
    .select()
    .from(productGroup)
    .where(and(eq(productGroup.id, id), eq(productGroup.gymId, gymId)));
  if (!row) throw notFound();
  return row;
};

/** Every group of the facility in its order, each with how many products it holds (one statement). */
export const listGroups = async (db: Executor, gymId: number): Promise<ProductGroup[]> => {
  const rows = await db
    .select({
      id: productGroup.id,
      gymId: productGroup.gymId,
      name: productGroup.name,
      sortOrder: productGroup.sortOrder,
      productCount:
        // Qualified in full: Drizzle leaves a one-table select's columns unqualified.
        sql<number>`(select count(*) from ${product} p where p.group_id = "product_group"."id")`.mapWith(
          Number,
        ),
    })
    .from(productGroup)
    .where(eq(productGroup.gymId, gymId))
    .orderBy(asc(productGroup.sortOrder), asc(productGroup.id))
    .limit(PRODUCT_GROUP_MAX * 2);
  return rows;
};

export const groupRecord = async (db: Executor, gymId: number, id: number): Promise<ProductGroup> => {
  const group = await groupOf(db, gymId, id);
  const [row] = await db.select({ n: count() }).from(product).where(eq(product.groupId, id));
  return {
    id: group.id,
    gymId: group.gymId,
    name: group.name,
    sortOrder: group.sortOrder,
    productCount: Number(row?.n ?? 0),
  };
};

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
  await audit(tx, actor, {
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
  await audit(tx, actor, {
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
  await audit(tx, actor, {
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
  await audit(tx, actor, {
    gymId,
    action: 'product-group.delete',
    entity: 'product-group',
    entityId: id,
    before: { name: group.name, sortOrder: group.sortOrder, products: moved.map((p) => p.id) },
  });
};

/** The facility's products with these ids (for a promotion's targets). */
export const ownProductIds = async (db: Executor, gymId: number, ids: readonly number[]) => {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: product.id })
    .from(product)
    .where(and(eq(product.gymId, gymId), inArray(product.id, [...ids])));
  return new Set(rows.map((r) => r.id));
};
