import dayjs from 'dayjs';
import { formatBusinessNumber } from '#domain/rules/money.ts';
import { maskReceiptIdentifier } from '#domain/rules/receipts.ts';
import { SEOUL } from '#domain/rules/seoul-time.ts';
import type { CashReceipt, TaxInvoice } from '#domain/schemas/receipt.ts';
import { type CashReceiptRow, member, sale, type TaxInvoiceRow, taxInvoice } from '../../db/schema/index.ts';
import { isTestModeReceipt } from './receipt-provider.ts';

// Cash receipts and tax invoices: rows to the API's records (docs/architecture.md#inside-a-module).

export const seoulDayOf = (at: Date) => dayjs(at).tz(SEOUL).format('YYYY-MM-DD');
export const seoulTimeOf = (at: Date) => dayjs(at).tz(SEOUL).format('YYYY-MM-DD HH:mm');

export const maskIdentifier = maskReceiptIdentifier;

export const cashReceiptRecord = (row: CashReceiptRow): CashReceipt => ({
  id: row.id,
  gymId: row.gymId,
  memberId: row.memberId,
  checkoutId: row.checkoutId,
  amount: row.amount,
  supply: row.supply,
  vat: row.vat,
  purpose: row.purpose,
  identifierType: row.identifierType,
  identifierMasked: maskIdentifier(row.identifierType, row.identifier),
  selfIssued: row.selfIssued === 'Y',
  status: row.status,
  provider: row.provider,
  approvalNumber: row.approvalNumber,
  testMode: isTestModeReceipt(row),
  paidOn: row.paidOn,
  issuedAt: row.issuedAt.toISOString(),
  cancelledAt: row.cancelledAt?.toISOString() ?? null,
  cancelReason: row.cancelReason,
});

// ---------------------------------------------------------------------------------------------------------
// Tax invoices

export type InvoiceWithNames = { invoice: TaxInvoiceRow; memberName: string; itemName: string };

export const taxInvoiceRecord = ({ invoice: r, memberName, itemName }: InvoiceWithNames): TaxInvoice => ({
  id: r.id,
  gymId: r.gymId,
  memberId: r.memberId,
  memberName,
  saleId: r.saleId,
  itemName,
  supplierBusinessNumber: formatBusinessNumber(r.supplierBusinessNumber),
  supplierName: r.supplierName,
  supplierRepresentative: r.supplierRepresentative,
  buyerBusinessNumber: formatBusinessNumber(r.buyerBusinessNumber),
  buyerName: r.buyerName,
  buyerEmail: r.buyerEmail,
  total: r.total,
  supply: r.supply,
  vat: r.vat,
  supplyDate: r.supplyDate,
  status: r.status,
  provider: r.provider,
  approvalNumber: r.approvalNumber,
  testMode: isTestModeReceipt(r),
  issuedAt: r.issuedAt.toISOString(),
  cancelledAt: r.cancelledAt?.toISOString() ?? null,
  cancelReason: r.cancelReason,
});

export const invoiceSelect = { invoice: taxInvoice, memberName: member.name, itemName: sale.itemName };
