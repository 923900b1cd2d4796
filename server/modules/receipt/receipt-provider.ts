import { randomBytes } from 'node:crypto';
import type { CashReceiptIdentifierType, CashReceiptPurpose } from '#domain/enums.ts';

/**
 * How a cash receipt or a tax invoice reaches the tax office (docs/rules.md#cash-receipts,
 * docs/rules.md#tax-invoices). A real provider (a VAN or an e-invoicing service) implements this and is passed to
 * buildApp; without one the test-mode provider is used, which records the receipt here and sends nothing. The
 * receipt rows store the provider's name and approval number, so the screens label test-mode receipts.
 */
export type CashReceiptRequest = {
  gymId: number;
  checkoutId: number;
  amount: number;
  supply: number;
  vat: number;
  purpose: CashReceiptPurpose;
  identifierType: CashReceiptIdentifierType;
  /** Digits only. */
  identifier: string;
  selfIssued: boolean;
  issuedAt: Date;
};

export type TaxInvoiceRequest = {
  gymId: number;
  saleId: number;
  supplierBusinessNumber: string;
  supplierName: string;
  supplierRepresentative: string | null;
  buyerBusinessNumber: string;
  buyerName: string;
  buyerEmail: string | null;
  total: number;
  supply: number;
  vat: number;
  supplyDate: string;
  issuedAt: Date;
};

export type ProviderApproval = { approvalNumber: string };

export type ProviderCancel = {
  approvalNumber: string;
  reason: string;
  cancelledAt: Date;
};

export interface ReceiptProvider {
  /** Stored on each receipt (`test-mode` for the default). */
  readonly name: string;
  /** True when nothing reaches the tax office: the screens say "test mode". */
  readonly testMode: boolean;
  /** Resolves with the approval number; a rejection fails the issue and nothing is written. */
  issueCashReceipt(request: CashReceiptRequest): Promise<ProviderApproval>;
  cancelCashReceipt(request: ProviderCancel): Promise<void>;
  issueTaxInvoice(request: TaxInvoiceRequest): Promise<ProviderApproval>;
  cancelTaxInvoice(request: ProviderCancel): Promise<void>;
}

export const TEST_MODE_PROVIDER = 'test-mode';

/** `TEST-C-20260302-9F3A1B2C`: the prefix says test mode, the letter the kind, then the Seoul-less UTC day. */
const testApproval = (kind: 'C' | 'T', at: Date) =>
  `TEST-${kind}-${at.toISOString().slice(0, 10).replace(/-/g, '')}-${randomBytes(4).toString('hex').toUpperCase()}`;

/**
 * The default: every receipt is "approved" at once with a `TEST-` approval number, and nothing leaves the
 * machine. It keeps the latest requests in memory (bounded) so that a test can see what would have been sent.
 */
export const createTestModeReceiptProvider = (): ReceiptProvider & {
  readonly sent: { kind: string; approvalNumber: string }[];
} => {
  const sent: { kind: string; approvalNumber: string }[] = [];
  const record = (kind: string, approvalNumber: string) => {
    if (sent.length >= 100) sent.shift();
    sent.push({ kind, approvalNumber });
  };
  return {
    name: TEST_MODE_PROVIDER,
    testMode: true,
    sent,
    issueCashReceipt: async (request) => {
      const approvalNumber = testApproval('C', request.issuedAt);
      record('cash-receipt.issue', approvalNumber);
      return { approvalNumber };
    },
    cancelCashReceipt: async (request) => {
      record('cash-receipt.cancel', request.approvalNumber);
    },
    issueTaxInvoice: async (request) => {
      const approvalNumber = testApproval('T', request.issuedAt);
      record('tax-invoice.issue', approvalNumber);
      return { approvalNumber };
    },
    cancelTaxInvoice: async (request) => {
      record('tax-invoice.cancel', request.approvalNumber);
    },
  };
};

/** Whether a stored receipt came from the test mode (its provider's name, or its approval number's prefix). */
export const isTestModeReceipt = (row: { provider: string; approvalNumber: string }) =>
  row.provider === TEST_MODE_PROVIDER || row.approvalNumber.startsWith('TEST-');
