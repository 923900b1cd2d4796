import { z } from 'zod';
import { dataOf, idParamsSchema, listOf } from '../schemas/common.ts';
import {
  cashReceiptDueQuerySchema,
  cashReceiptDueRowSchema,
  cashReceiptIssueBodySchema,
  cashReceiptSchema,
  receiptCancelBodySchema,
  receiptExportQuerySchema,
  receiptSettingsSchema,
  taxInvoiceCandidateQuerySchema,
  taxInvoiceCandidateSchema,
  taxInvoiceIssueBodySchema,
  taxInvoiceListQuerySchema,
  taxInvoiceSchema,
} from '../schemas/receipt.ts';
import { defineRoute } from './define.ts';

// Cash receipts and tax invoices (docs/rules.md#cash-receipts, docs/rules.md#tax-invoices). Read with
// payHistoryUseYn, issued and cancelled with payHistorySettingYn. Ids are the facility's own: another facility's
// checkout, sale or receipt answers 404.

const gymQuery = z.strictObject({ gymId: z.coerce.number().int().positive() });

/** `GET /web/receipt/settings`: the provider (test mode or not) and the supplier details a tax invoice uses. */
export const receiptSettingsRoute = defineRoute({
  method: 'GET',
  path: '/receipt/settings',
  query: gymQuery,
  status: 200,
  response: dataOf(receiptSettingsSchema),
});

/**
 * `GET /web/receipt/cash/due`: checkouts with cash or transfer paid, newest first, each flagged mandatory (≥
 * 100,000 won) with its 5-day deadline, OVERDUE past it without an issued receipt, and the receipt if issued.
 */
export const cashReceiptDueRoute = defineRoute({
  method: 'GET',
  path: '/receipt/cash/due',
  query: cashReceiptDueQuerySchema,
  status: 200,
  response: listOf(cashReceiptDueRowSchema),
});

/**
 * `POST /web/receipt/cash`: issues the cash receipt of a checkout's cash and transfer part through the provider.
 * 400 on an identifier of the wrong shape (the reason on `identifier`); 409 `receiptAlreadyIssued` when one is
 * issued; 409 `receiptNothingCash` when the checkout took no cash or transfer; 409 `proofTaxInvoiceIssued` when
 * an issued tax invoice covers a sale it took cash for (one proof per supply).
 */
export const cashReceiptIssueRoute = defineRoute({
  method: 'POST',
  path: '/receipt/cash',
  body: cashReceiptIssueBodySchema,
  status: 201,
  response: dataOf(cashReceiptSchema),
});

/** `POST /web/receipt/cash/{id}/cancel`: cancels an issued receipt with a reason; a new one may then be issued. */
export const cashReceiptCancelRoute = defineRoute({
  method: 'POST',
  path: '/receipt/cash/:id/cancel',
  params: idParamsSchema,
  body: receiptCancelBodySchema,
  status: 200,
  response: dataOf(cashReceiptSchema),
});

/** `GET /web/receipt/tax-invoice`: the facility's tax invoices, newest first. */
export const taxInvoiceListRoute = defineRoute({
  method: 'GET',
  path: '/receipt/tax-invoice',
  query: taxInvoiceListQuerySchema,
  status: 200,
  response: listOf(taxInvoiceSchema),
});

/** `GET /web/receipt/tax-invoice/candidates`: a customer's recent sales, each with why it can or cannot get one. */
export const taxInvoiceCandidatesRoute = defineRoute({
  method: 'GET',
  path: '/receipt/tax-invoice/candidates',
  query: taxInvoiceCandidateQuerySchema,
  status: 200,
  response: dataOf(z.array(taxInvoiceCandidateSchema)),
});

/**
 * `POST /web/receipt/tax-invoice`: a tax invoice for what was paid on a sale. 409 `taxInvoiceCardSale` when any of
 * its payments was by card, `taxInvoiceUnpaid` when nothing was paid, `taxInvoiceAlreadyIssued`,
 * `supplierNotVerified` when the facility has no business number, `proofCashReceiptIssued` when an issued cash
 * receipt covers a cash payment of it (one proof per supply).
 */
export const taxInvoiceIssueRoute = defineRoute({
  method: 'POST',
  path: '/receipt/tax-invoice',
  body: taxInvoiceIssueBodySchema,
  status: 201,
  response: dataOf(taxInvoiceSchema),
});

export const taxInvoiceCancelRoute = defineRoute({
  method: 'POST',
  path: '/receipt/tax-invoice/:id/cancel',
  params: idParamsSchema,
  body: receiptCancelBodySchema,
  status: 200,
  response: dataOf(taxInvoiceSchema),
});

/** `GET /web/receipt/export.csv?month=YYYY-MM`: every cash receipt and tax invoice of the month (UTF-8 BOM). */
export const receiptExportRoute = defineRoute({
  method: 'GET',
  path: '/receipt/export.csv',
  query: receiptExportQuerySchema,
  status: 200,
  response: z.string().meta({ description: 'text/csv' }),
});
