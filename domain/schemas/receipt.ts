import { z } from 'zod';
import { cashReceiptIdentifierTypes, cashReceiptPurposes, receiptStatuses, vatModes } from '../enums.ts';
import { calendarDate, calendarMonth, idSchema, isoDateTime } from './common.ts';
import { text } from './text.ts';

// Cash receipts and tax invoices (docs/rules.md#cash-receipts, docs/rules.md#tax-invoices).

const day = calendarDate;
const month = calendarMonth;
const gymIdQuery = z.coerce.number().int().positive().max(2_147_483_647);
const paging = {
  _start: z.coerce.number().int().min(0).max(1_000_000).default(0),
  _end: z.coerce.number().int().min(1).max(10_000).default(50),
};

/**
 * Where a checkout stands with its cash receipt: issued, due (mandatory, deadline ahead), overdue, optional, or
 * invoiced (an issued tax invoice covers its cash: one proof per supply, docs/rules.md#cash-receipts).
 */
export const cashReceiptDueStates = ['DUE', 'OVERDUE', 'ISSUED', 'INVOICED', 'OPTIONAL'] as const;
export type CashReceiptDueState = (typeof cashReceiptDueStates)[number];

export const cashReceiptSchema = z
  .object({
    id: z.number().int(),
    gymId: z.number().int(),
    memberId: z.number().int(),
    checkoutId: z.number().int(),
    amount: z.number().int(),
    supply: z.number().int(),
    vat: z.number().int(),
    purpose: z.enum(cashReceiptPurposes),
    identifierType: z.enum(cashReceiptIdentifierTypes),
    /** The identifier with its middle hidden (010-****-5678). */
    identifierMasked: z.string(),
    selfIssued: z.boolean(),
    status: z.enum(receiptStatuses),
    provider: z.string(),
    approvalNumber: z.string(),
    /** True when the provider is the test mode: nothing went to the tax office. */
    testMode: z.boolean(),
    paidOn: z.string(),
    issuedAt: isoDateTime,
    cancelledAt: isoDateTime.nullable(),
    cancelReason: z.string().nullable(),
  })
  .meta({ id: 'CashReceipt' });
export type CashReceipt = z.infer<typeof cashReceiptSchema>;

/** `POST /receipt/cash`: a receipt for a checkout's cash and transfer part, to an identifier or self-issued. */
export const cashReceiptIssueBodySchema = z
  .strictObject({
    gymId: idSchema,
    checkoutId: idSchema,
    purpose: z.enum(cashReceiptPurposes, 'invalidValue'),
    identifierType: z.enum(cashReceiptIdentifierTypes, 'invalidValue'),
    identifier: text({ max: 30 }).optional(),
    selfIssue: z.boolean().optional(),
  })
  .meta({ id: 'CashReceiptIssue' });
export type CashReceiptIssueBody = z.output<typeof cashReceiptIssueBodySchema>;

export const receiptCancelBodySchema = z
  .strictObject({
    gymId: idSchema,
    reason: text({ min: 1, max: 200 }),
  })
  .meta({ id: 'ReceiptCancel' });
export type ReceiptCancelBody = z.output<typeof receiptCancelBodySchema>;

/** One checkout with cash or transfer paid, and where it stands with its receipt. */
export const cashReceiptDueRowSchema = z
  .object({
    checkoutId: z.number().int(),
    memberId: z.number().int(),
    memberName: z.string(),
    /** Masked (010-****-5678). */
    memberPhone: z.string().nullable(),
    kind: z.string(),
    createdAt: isoDateTime,
    paidOn: z.string(),
    total: z.number().int(),
    paid: z.number().int(),
    cashPaid: z.number().int(),
    cashReceiptRequired: z.boolean(),
    cashReceiptDeadline: z.string(),
    state: z.enum(cashReceiptDueStates),
    receipt: cashReceiptSchema.nullable(),
    /** The approval number of the issued tax invoice that covers this payment's cash (state INVOICED), or null. */
    taxInvoiceApprovalNumber: z.string().nullable(),
  })
  .meta({ id: 'CashReceiptDueRow' });
export type CashReceiptDueRow = z.infer<typeof cashReceiptDueRowSchema>;

export const cashReceiptDueQuerySchema = z.strictObject({
  gymId: gymIdQuery,
  from: day.optional(),
  to: day.optional(),
  /** DUE: mandatory and not yet issued (overdue included); OVERDUE: past the deadline; ISSUED; ALL (default). */
  state: z.enum(['DUE', 'OVERDUE', 'ISSUED', 'ALL']).default('ALL'),
  ...paging,
});
export type CashReceiptDueQuery = z.output<typeof cashReceiptDueQuerySchema>;

export const taxInvoiceSchema = z
  .object({
    id: z.number().int(),
    gymId: z.number().int(),
    memberId: z.number().int(),
    memberName: z.string(),
    saleId: z.number().int(),
    itemName: z.string(),
    supplierBusinessNumber: z.string(),
    supplierName: z.string(),
    supplierRepresentative: z.string().nullable(),
    buyerBusinessNumber: z.string(),
    buyerName: z.string(),
    buyerEmail: z.string().nullable(),
    total: z.number().int(),
    supply: z.number().int(),
    vat: z.number().int(),
    supplyDate: z.string(),
    status: z.enum(receiptStatuses),
    provider: z.string(),
    approvalNumber: z.string(),
    testMode: z.boolean(),
    issuedAt: isoDateTime,
    cancelledAt: isoDateTime.nullable(),
    cancelReason: z.string().nullable(),
  })
  .meta({ id: 'TaxInvoice' });
export type TaxInvoice = z.infer<typeof taxInvoiceSchema>;

export const taxInvoiceIssueBodySchema = z
  .strictObject({
    gymId: idSchema,
    saleId: idSchema,
    buyerBusinessNumber: text({ min: 1, max: 20 }),
    buyerName: text({ min: 1, max: 100 }),
    buyerEmail: z.email('emailFormat').max(200).optional(),
    /** The date of supply; the sale's day when left out. */
    supplyDate: day.optional(),
  })
  .meta({ id: 'TaxInvoiceIssue' });
export type TaxInvoiceIssueBody = z.output<typeof taxInvoiceIssueBodySchema>;

export const taxInvoiceListQuerySchema = z.strictObject({
  gymId: gymIdQuery,
  from: day.optional(),
  to: day.optional(),
  ...paging,
});
export type TaxInvoiceListQuery = z.output<typeof taxInvoiceListQuerySchema>;

/** Why a sale can or cannot get a tax invoice (the drawer explains before the staff member tries). */
export const taxInvoiceRefusals = [
  'taxInvoiceCardSale',
  'taxInvoiceUnpaid',
  'taxInvoiceAlreadyIssued',
  'proofCashReceiptIssued',
] as const;

/** A customer's sales, as the tax-invoice drawer offers them. */
export const taxInvoiceCandidateSchema = z
  .object({
    saleId: z.number().int(),
    itemName: z.string(),
    saleDate: z.string(),
    price: z.number().int(),
    paid: z.number().int(),
    vatMode: z.enum(vatModes),
    supply: z.number().int(),
    vat: z.number().int(),
    hasCard: z.boolean(),
    /** Null when an invoice can be issued; else the reason it cannot. */
    refusal: z.enum(taxInvoiceRefusals).nullable(),
  })
  .meta({ id: 'TaxInvoiceCandidate' });
export type TaxInvoiceCandidate = z.infer<typeof taxInvoiceCandidateSchema>;

export const taxInvoiceCandidateQuerySchema = z.strictObject({
  gymId: gymIdQuery,
  memberId: gymIdQuery,
});

/** The facility's verified details a tax invoice names as its supplier, and whether the provider is a test. */
export const receiptSettingsSchema = z
  .object({
    provider: z.string(),
    testMode: z.boolean(),
    supplierBusinessNumber: z.string().nullable(),
    supplierName: z.string(),
    supplierRepresentative: z.string().nullable(),
  })
  .meta({ id: 'ReceiptSettings' });
export type ReceiptSettings = z.infer<typeof receiptSettingsSchema>;

export const receiptExportQuerySchema = z.strictObject({ gymId: gymIdQuery, month });
