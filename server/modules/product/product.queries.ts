import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { PRODUCT_GROUP_MAX } from '#domain/rules/product.ts';
import type {
  ProductDetail,
  ProductGroup,
  ProductListQuery,
  StockMovement,
} from '#domain/schemas/product.ts';
import type { Executor } from '../../db/client.ts';
import { cappedTotal } from '../../db/count.ts';
import { member, type ProductGroupRow, product, productGroup, stockMovement } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { toProduct } from './product.mappers.ts';

// Desk products, their groups and stock movements read (docs/rules.md#products).

/** `LIKE` wildcards taken literally. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

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

/** Whether the product was ever sold: a SALE movement (every desk sale of goods writes one; indexed). */
export const soldBySale = async (db: Executor, productId: number) => {
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

export const groupOf = async (db: Executor, gymId: number, id: number): Promise<ProductGroupRow> => {
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

/** The facility's products with these ids (for a promotion's targets). */
export const ownProductIds = async (db: Executor, gymId: number, ids: readonly number[]) => {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: product.id })
    .from(product)
    .where(and(eq(product.gymId, gymId), inArray(product.id, [...ids])));
  return new Set(rows.map((r) => r.id));
};
