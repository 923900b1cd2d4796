import type { CashReceiptIdentifierType } from '../enums.ts';
import { maskPhone } from './customer.ts';
import { cashReceiptDeadline, cashReceiptRequired, formatBusinessNumber } from './money.ts';

// Where a payment stands with its cash receipt, why a sale cannot get a tax invoice, and how a receipt's holder is
// shown (docs/rules.md#cash-receipts, docs/rules.md#tax-invoices): pure functions the server's lists call.

export type CashReceiptState = 'DUE' | 'OVERDUE' | 'ISSUED' | 'INVOICED' | 'OPTIONAL';

/**
 * A checkout's state on `today` (Seoul dates): ISSUED with an issued receipt; else INVOICED when an issued tax
 * invoice covers any of its cash (one proof per supply: no receipt may be issued, and none is owed); else OPTIONAL
 * under 100,000 won of cash and transfer; else DUE up to and including the deadline (the payment day + 5),
 * OVERDUE after it.
 */
export const cashReceiptState = (
  cashPaid: number,
  paidOn: string,
  issued: boolean,
  today: string,
  invoiced = false,
): CashReceiptState => {
  if (issued) return 'ISSUED';
  if (invoiced) return 'INVOICED';
  if (!cashReceiptRequired(cashPaid)) return 'OPTIONAL';
  return today > cashReceiptDeadline(paidOn) ? 'OVERDUE' : 'DUE';
};

export type TaxInvoiceRefusal =
  | 'taxInvoiceAlreadyIssued'
  | 'taxInvoiceCardSale'
  | 'taxInvoiceUnpaid'
  | 'proofCashReceiptIssued';

/**
 * Why a sale cannot get a tax invoice, or null: one is already issued; a card took any of it (the card slip
 * already serves); nothing is paid (payments less refunds); an issued cash receipt covers a cash or transfer
 * payment of it (one proof per supply: cancel the receipt first).
 */
export const taxInvoiceRefusal = (sale: {
  paid: number;
  hasCard: boolean;
  invoiced: boolean;
  receipted?: boolean;
}): TaxInvoiceRefusal | null => {
  if (sale.invoiced) return 'taxInvoiceAlreadyIssued';
  if (sale.hasCard) return 'taxInvoiceCardSale';
  if (sale.paid <= 0) return 'taxInvoiceUnpaid';
  if (sale.receipted) return 'proofCashReceiptIssued';
  return null;
};

/** A receipt's identifier as lists show it: a phone or a card with its middle hidden, a business number whole. */
export const maskReceiptIdentifier = (type: CashReceiptIdentifierType, digits: string): string => {
  if (type === 'PHONE') return maskPhone(digits);
  if (type === 'BUSINESS') return formatBusinessNumber(digits);
  const hidden = `${'*'.repeat(Math.max(0, digits.length - 4))}${digits.slice(-4)}`;
  return hidden.replace(/(.{4})(?=.)/g, '$1-');
};
