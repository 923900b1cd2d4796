import { dataOf, gymIdParamsSchema, idParamsSchema } from '../schemas/common.ts';
import * as desk from '../schemas/desk.ts';
import * as ledger from '../schemas/ledger.ts';
import { defineRoute } from './define.ts';

// Sales (docs/rules.md#money): the payment desk and the ledger's routes share this file, each in its section.

// ─── The payment desk (docs/rules.md#the-desk) ─────────────────────────────────────────────────────────────────
// Read with payHistoryUseYn, sold with payHistorySettingYn. A customer, pass product, product, locker, staff
// member or checkout of another facility answers 404.

/** `GET /web/sales/desk/{gymId}`: what the desk can sell today, the promotions valid today, and the staff. */
export const deskCatalogRoute = defineRoute({
  method: 'GET',
  path: '/sales/desk/:gymId',
  params: gymIdParamsSchema,
  status: 200,
  response: dataOf(desk.deskCatalogSchema),
});

/** `GET /web/sales/desk/{gymId}/promotion-usage?memberId=`: how often the customer used each promotion. */
export const deskPromotionUsageRoute = defineRoute({
  method: 'GET',
  path: '/sales/desk/:gymId/promotion-usage',
  params: gymIdParamsSchema,
  query: desk.promotionUsageQuerySchema,
  status: 200,
  response: dataOf(desk.promotionUsageSchema),
});

/**
 * `POST /web/sales/checkout`: one desk checkout in one transaction. 409 with the promotion's refusal
 * (`promotionNotActive`, `promotionNotForItem`, `promotionLimitReached`), `outOfStock`, `ticketNotOnSale`,
 * `lockerTaken`...; 400 `discountReasonRequired` or `paymentsAboveTotal`. A refusal writes nothing.
 */
export const checkoutCreateRoute = defineRoute({
  method: 'POST',
  path: '/sales/checkout',
  body: desk.checkoutBodySchema,
  status: 201,
  response: dataOf(desk.checkoutResultSchema),
});

/** `GET /web/sales/checkout/{id}?gymId=`: the checkout with its sales, lines, what is owed and its cash receipt. */
export const checkoutGetRoute = defineRoute({
  method: 'GET',
  path: '/sales/checkout/:id',
  params: idParamsSchema,
  query: desk.checkoutQuerySchema,
  status: 200,
  response: dataOf(desk.checkoutDetailSchema),
});

/** `GET /web/sales/checkout/{id}/slip.pdf?gymId=&lang=`: the receipt slip (80 mm wide PDF, Korean text). */
export const checkoutSlipRoute = defineRoute({
  method: 'GET',
  path: '/sales/checkout/:id/slip.pdf',
  params: idParamsSchema,
  query: desk.slipQuerySchema,
  status: 200,
  response: 'file',
});

// ─── end of the payment desk ──────────────────────────────────────────────────────────────────────────────────

// ─── The ledger (payment history, unpaid, sales list) ────────────────────────────────────────────────────────
// (ledger routes go below this line)

export type { defineRoute as _defineRoute };

// ─── ledger: the routes of the ledger helper (docs/rules.md#money) ──────────────────────────────────────────────
// Read with payHistoryUseYn; collect and correct need payHistorySettingYn, a write-off the representative. A
// sale, customer or staff id of another facility answers 404.

/** `GET /web/pay/history`: every payment line of the range, paged, with the whole range's totals by method. */
export const payHistoryRoute = defineRoute({
  method: 'GET',
  path: '/pay/history',
  query: ledger.payHistoryQuerySchema,
  status: 200,
  response: ledger.payHistoryAnswer,
});

/** `GET /web/pay/history/export.csv`: the same filter as a CSV (audit `sales.export`). */
export const payHistoryExportRoute = defineRoute({
  method: 'GET',
  path: '/pay/history/export.csv',
  query: ledger.payHistoryFilterSchema,
  status: 200,
  response: ledger.csvAnswer,
});

/** `GET /web/sales/unpaid`: every sale with a balance, with the total owed. */
export const unpaidListRoute = defineRoute({
  method: 'GET',
  path: '/sales/unpaid',
  query: ledger.unpaidQuerySchema,
  status: 200,
  response: ledger.unpaidAnswer,
});

export const unpaidExportRoute = defineRoute({
  method: 'GET',
  path: '/sales/unpaid/export.csv',
  query: ledger.unpaidFilterSchema,
  status: 200,
  response: ledger.csvAnswer,
});

/** `POST /web/sales/{saleId}/collect`: a COLLECT checkout of payment lines, never above what is owed. */
export const saleCollectRoute = defineRoute({
  method: 'POST',
  path: '/sales/:saleId/collect',
  params: ledger.saleIdParamsSchema,
  body: ledger.collectSaleBodySchema,
  status: 200,
  response: ledger.collectAnswer,
});

/** `POST /web/sales/{saleId}/write-off`: the whole balance written off, with a reason (the representative). */
export const saleWriteOffRoute = defineRoute({
  method: 'POST',
  path: '/sales/:saleId/write-off',
  params: ledger.saleIdParamsSchema,
  body: ledger.writeOffBodySchema,
  status: 200,
  response: ledger.adjustAnswer,
});

/** `POST /web/sales/{saleId}/correct`: the price lowered by an amount, never below what was paid. */
export const saleCorrectRoute = defineRoute({
  method: 'POST',
  path: '/sales/:saleId/correct',
  params: ledger.saleIdParamsSchema,
  body: ledger.correctBodySchema,
  status: 200,
  response: ledger.adjustAnswer,
});

/** `GET /web/sales`: the sales of the range with their discounts, adjustments and refunds. */
export const salesListRoute = defineRoute({
  method: 'GET',
  path: '/sales',
  query: ledger.salesQuerySchema,
  status: 200,
  response: ledger.salesAnswer,
});

export const salesExportRoute = defineRoute({
  method: 'GET',
  path: '/sales/export.csv',
  query: ledger.salesFilterSchema,
  status: 200,
  response: ledger.csvAnswer,
});
// ─── end of the ledger ──────────────────────────────────────────────────────────────────────────────────────────
