import { z } from 'zod';
import { dataOf, gymIdParamsSchema, idParamsSchema, listOf } from '../schemas/common.ts';
import {
  movementListQuerySchema,
  productCreateSchema,
  productDetailSchema,
  productGroupCreateSchema,
  productGroupOrderSchema,
  productGroupRenameSchema,
  productGroupSchema,
  productListQuerySchema,
  productSchema,
  productUpdateSchema,
  promotionCreateSchema,
  promotionListQuerySchema,
  promotionSchema,
  promotionUpdateSchema,
  stockAdjustSchema,
  stockMovementSchema,
} from '../schemas/product.ts';
import { defineRoute } from './define.ts';

// Desk products, their groups and stock, and promotions (docs/rules.md#products, docs/rules.md#promotions). Staff
// read with payHistoryUseYn and change with payHistorySettingYn; a closed facility is read-only (409
// facilityClosed). Ids of products, groups and promotions are the facility's own: another facility's answer 404.

const gymQuery = z.strictObject({ gymId: z.coerce.number().int().positive().max(2_147_483_647) });

// ─── Products ─────────────────────────────────────────────────────────────────────────────────────────────────

/** `GET /web/product/list/{gymId}`: paged, newest first; filters by group (0 = none), status, low stock, name. */
export const productListRoute = defineRoute({
  method: 'GET',
  path: '/product/list/:gymId',
  params: gymIdParamsSchema,
  query: productListQuerySchema,
  status: 200,
  response: listOf(productSchema),
});

export const productGetRoute = defineRoute({
  method: 'GET',
  path: '/product/:id',
  params: idParamsSchema,
  query: gymQuery,
  status: 200,
  response: dataOf(productDetailSchema),
});

/** A new product; a positive `initialStock` is its first movement (ADJUST, with `stockNote`). */
export const productCreateRoute = defineRoute({
  method: 'POST',
  path: '/product',
  body: productCreateSchema,
  status: 201,
  response: dataOf(productDetailSchema),
});

/** Its fields (all of them); the stock moves only through `POST /web/product/{id}/stock` and sales. */
export const productUpdateRoute = defineRoute({
  method: 'PUT',
  path: '/product/:id',
  params: idParamsSchema,
  query: gymQuery,
  body: productUpdateSchema,
  status: 200,
  response: dataOf(productDetailSchema),
});

/** Only a product never sold can be removed (409 productSold): stop it (INACTIVE) instead. */
export const productDeleteRoute = defineRoute({
  method: 'DELETE',
  path: '/product/:id',
  params: idParamsSchema,
  query: gymQuery,
  status: 204,
  response: z.null(),
});

/** An adjustment of the stock with its note (409 stockBelowZero when it would go below zero). */
export const productStockRoute = defineRoute({
  method: 'POST',
  path: '/product/:id/stock',
  params: idParamsSchema,
  body: stockAdjustSchema,
  status: 200,
  response: dataOf(productDetailSchema),
});

/** `GET /web/product/{id}/movement?gymId=`: the stock's movements, newest first, paged. */
export const productMovementListRoute = defineRoute({
  method: 'GET',
  path: '/product/:id/movement',
  params: idParamsSchema,
  query: movementListQuerySchema,
  status: 200,
  response: listOf(stockMovementSchema),
});

// ─── Groups ───────────────────────────────────────────────────────────────────────────────────────────────────

/** Every group of the facility in its order (at most 100), with how many products each holds. */
export const productGroupListRoute = defineRoute({
  method: 'GET',
  path: '/product-group/list/:gymId',
  params: gymIdParamsSchema,
  status: 200,
  response: listOf(productGroupSchema),
});

/** A new group, last in the order (409 productGroupLimit past 100). */
export const productGroupCreateRoute = defineRoute({
  method: 'POST',
  path: '/product-group',
  body: productGroupCreateSchema,
  status: 201,
  response: dataOf(productGroupSchema),
});

export const productGroupRenameRoute = defineRoute({
  method: 'PUT',
  path: '/product-group/:id',
  params: idParamsSchema,
  query: gymQuery,
  body: productGroupRenameSchema,
  status: 200,
  response: dataOf(productGroupSchema),
});

/** The new order of all the facility's groups in one call; the answer is the list in that order. */
export const productGroupOrderRoute = defineRoute({
  method: 'PUT',
  path: '/product-group/order',
  body: productGroupOrderSchema,
  status: 200,
  response: listOf(productGroupSchema),
});

/** Removing a group leaves its products without a group. */
export const productGroupDeleteRoute = defineRoute({
  method: 'DELETE',
  path: '/product-group/:id',
  params: idParamsSchema,
  query: gymQuery,
  status: 204,
  response: z.null(),
});

// ─── Promotions ───────────────────────────────────────────────────────────────────────────────────────────────

/** `GET /web/promotion/list/{gymId}?state=`: paged, latest end first, each with its state and usage. */
export const promotionListRoute = defineRoute({
  method: 'GET',
  path: '/promotion/list/:gymId',
  params: gymIdParamsSchema,
  query: promotionListQuerySchema,
  status: 200,
  response: listOf(promotionSchema),
});

export const promotionGetRoute = defineRoute({
  method: 'GET',
  path: '/promotion/:id',
  params: idParamsSchema,
  query: gymQuery,
  status: 200,
  response: dataOf(promotionSchema),
});

/** A promotion and its targets: the facility's pass products and desk products (404 for another's). */
export const promotionCreateRoute = defineRoute({
  method: 'POST',
  path: '/promotion',
  body: promotionCreateSchema,
  status: 201,
  response: dataOf(promotionSchema),
});

export const promotionUpdateRoute = defineRoute({
  method: 'PUT',
  path: '/promotion/:id',
  params: idParamsSchema,
  query: gymQuery,
  body: promotionUpdateSchema,
  status: 200,
  response: dataOf(promotionSchema),
});

/** Only a promotion never applied can be removed (409 promotionUsed): stop it (INACTIVE) instead. */
export const promotionDeleteRoute = defineRoute({
  method: 'DELETE',
  path: '/promotion/:id',
  params: idParamsSchema,
  query: gymQuery,
  status: 204,
  response: z.null(),
});
