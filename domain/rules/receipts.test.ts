import { describe, expect, it } from 'vitest';
import { cashReceiptState, maskReceiptIdentifier, taxInvoiceRefusal } from './receipts.ts';

// docs/rules.md#cash-receipts, docs/rules.md#tax-invoices

describe('cashReceiptState', () => {
  it('is DUE through the fifth day after the payment and OVERDUE from the sixth', () => {
    expect(cashReceiptState(100_000, '2026-03-02', false, '2026-03-02')).toBe('DUE');
    expect(cashReceiptState(100_000, '2026-03-02', false, '2026-03-07')).toBe('DUE');
    expect(cashReceiptState(100_000, '2026-03-02', false, '2026-03-08')).toBe('OVERDUE');
  });
  it('is OPTIONAL under 100,000 won and ISSUED once issued, whatever the day', () => {
    expect(cashReceiptState(99_999, '2026-03-02', false, '2026-04-01')).toBe('OPTIONAL');
    expect(cashReceiptState(500_000, '2026-03-02', true, '2026-04-01')).toBe('ISSUED');
  });
  it('is INVOICED, neither due nor overdue, when a tax invoice covers the payment', () => {
    expect(cashReceiptState(100_000, '2026-03-02', false, '2026-04-01', true)).toBe('INVOICED');
    expect(cashReceiptState(10_000, '2026-03-02', false, '2026-03-02', true)).toBe('INVOICED');
    expect(cashReceiptState(100_000, '2026-03-02', true, '2026-04-01', true)).toBe('ISSUED');
  });
});

describe('taxInvoiceRefusal', () => {
  it('refuses an issued sale first, then a card sale, then an unpaid one', () => {
    expect(taxInvoiceRefusal({ paid: 0, hasCard: true, invoiced: true })).toBe('taxInvoiceAlreadyIssued');
    expect(taxInvoiceRefusal({ paid: 50_000, hasCard: true, invoiced: false })).toBe('taxInvoiceCardSale');
    expect(taxInvoiceRefusal({ paid: 0, hasCard: false, invoiced: false })).toBe('taxInvoiceUnpaid');
    expect(taxInvoiceRefusal({ paid: 1, hasCard: false, invoiced: false })).toBeNull();
  });
  it('refuses a sale whose cash payment a cash receipt already covers (one proof per supply)', () => {
    expect(taxInvoiceRefusal({ paid: 1, hasCard: false, invoiced: false, receipted: true })).toBe(
      'proofCashReceiptIssued',
    );
    expect(taxInvoiceRefusal({ paid: 1, hasCard: false, invoiced: true, receipted: true })).toBe(
      'taxInvoiceAlreadyIssued',
    );
  });
});

describe('maskReceiptIdentifier', () => {
  it('hides the middle of a phone and a card, and prints a business number whole', () => {
    expect(maskReceiptIdentifier('PHONE', '01012345678')).toBe('010-****-5678');
    expect(maskReceiptIdentifier('CARD', '1234567890123456')).toBe('****-****-****-3456');
    expect(maskReceiptIdentifier('BUSINESS', '2208162517')).toBe('220-81-62517');
  });
});
