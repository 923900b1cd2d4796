import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paymentMethods } from '../enums.ts';
import {
  allocatePayments,
  CASH_RECEIPT_THRESHOLD,
  cashReceiptDeadline,
  cashReceiptRequired,
  checkReceiptIdentifier,
  deskLinePrice,
  formatBusinessNumber,
  isCashLike,
  type PaymentPart,
  type PromotionTerms,
  promotionDiscount,
  promotionRefusal,
  safeSum,
  saleOwed,
  splitVat,
  unpaidChoice,
} from './money.ts';

// The money rules (docs/rules.md#vat, #cash-receipts, #promotions, #the-desk): DOMAIN's examples and properties
// over random amounts.

describe('VAT (docs/rules.md#vat)', () => {
  it("reproduces DOMAIN's examples", () => {
    expect(splitVat(110_000)).toEqual({ supply: 100_000, vat: 10_000 });
    expect(splitVat(55_000)).toEqual({ supply: 50_000, vat: 5_000 });
    expect(splitVat(0)).toEqual({ supply: 0, vat: 0 });
    expect(splitVat(1)).toEqual({ supply: 1, vat: 0 });
    expect(splitVat(6)).toEqual({ supply: 5, vat: 1 });
  });

  it('an exempt price is all supply', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e10 }), (total) => {
        expect(splitVat(total, 'EXEMPT')).toEqual({ supply: total, vat: 0 });
      }),
    );
  });

  it('supply + VAT = total, 0 ≤ VAT ≤ total / 11 + 1, supply = round(total / 1.1)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e10 }), (total) => {
        const { supply, vat } = splitVat(total);
        expect(supply + vat).toBe(total);
        expect(vat).toBeGreaterThanOrEqual(0);
        expect(vat).toBeLessThanOrEqual(total / 11 + 1);
        expect(supply).toBe(Math.round(total / 1.1));
        expect(Number.isInteger(supply) && Number.isInteger(vat)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('a negative total (a refund) splits as its opposite', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), (total) => {
        const plus = splitVat(total);
        expect(splitVat(-total)).toEqual({ supply: -plus.supply, vat: -plus.vat });
      }),
    );
  });
});

describe('cash receipts (docs/rules.md#cash-receipts)', () => {
  it('are mandatory from 100,000 won paid in cash or by transfer', () => {
    expect(CASH_RECEIPT_THRESHOLD).toBe(100_000);
    expect(cashReceiptRequired(99_999)).toBe(false);
    expect(cashReceiptRequired(100_000)).toBe(true);
    expect(cashReceiptRequired(0)).toBe(false);
    expect(isCashLike('CASH') && isCashLike('TRANSFER')).toBe(true);
    expect(isCashLike('CARD')).toBe(false);
  });

  it('are due 5 days after the payment', () => {
    expect(cashReceiptDeadline('2026-03-28')).toBe('2026-04-02');
  });

  it('take a phone of 10–11 digits starting 01', () => {
    expect(checkReceiptIdentifier('PHONE', '010-1234-5678')).toEqual({ ok: true, digits: '01012345678' });
    expect(checkReceiptIdentifier('PHONE', ' 01012345678 ')).toEqual({ ok: true, digits: '01012345678' });
    expect(checkReceiptIdentifier('PHONE', '011-123-4567')).toEqual({ ok: true, digits: '0111234567' });
    for (const bad of [
      '010-123-456',
      '010123456789',
      '02-1234-5678',
      '0101234567a',
      '',
      '0-1012345678',
      '010--1234-5678',
      '0101234-5678',
    ])
      expect(checkReceiptIdentifier('PHONE', bad), bad).toEqual({ ok: false, reason: 'receiptPhoneShape' });
  });

  it('take a cash-receipt card of 13–19 digits', () => {
    expect(checkReceiptIdentifier('CARD', '1234-5678-9012-3')).toEqual({ ok: true, digits: '1234567890123' });
    expect(checkReceiptIdentifier('CARD', '1'.repeat(19))).toEqual({ ok: true, digits: '1'.repeat(19) });
    expect(checkReceiptIdentifier('CARD', '1234 5678 9012 3456')).toEqual({
      ok: true,
      digits: '1234567890123456',
    });
    for (const bad of [
      '1'.repeat(12),
      '1'.repeat(20),
      '1234-5678-9012-X',
      '1-234567890123',
      '12345678-90123',
    ])
      expect(checkReceiptIdentifier('CARD', bad), bad).toEqual({ ok: false, reason: 'receiptCardShape' });
  });

  it('take a business number written 3-2-5', () => {
    expect(checkReceiptIdentifier('BUSINESS', '123-45-67890')).toEqual({ ok: true, digits: '1234567890' });
    expect(checkReceiptIdentifier('BUSINESS', '1234567890')).toEqual({ ok: true, digits: '1234567890' });
    for (const bad of [
      '12-345-67890',
      '123-45-6789',
      '123456789012',
      '123-45-6789O',
      '1234-567890',
      '123-4567890',
    ])
      expect(checkReceiptIdentifier('BUSINESS', bad), bad).toEqual({
        ok: false,
        reason: 'receiptBusinessShape',
      });
    expect(formatBusinessNumber('1234567890')).toBe('123-45-67890');
  });

  it('give back the digits of any well-shaped identifier', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^01\d{8,9}$/), fc.stringMatching(/^\d{13,19}$/), (phone, card) => {
        expect(checkReceiptIdentifier('PHONE', phone)).toEqual({ ok: true, digits: phone });
        expect(checkReceiptIdentifier('CARD', card)).toEqual({ ok: true, digits: card });
      }),
    );
  });
});

describe('promotions (docs/rules.md#promotions)', () => {
  const promo: PromotionTerms = {
    kind: 'PERCENT',
    value: 10,
    startDate: '2026-03-01',
    endDate: '2026-03-31',
    status: 'ACTIVE',
    perCustomerLimit: 1,
    targets: [{ itemType: 'PASS', itemId: 7 }],
  };
  const pass7 = { itemType: 'PASS' as const, itemId: 7 };

  it('apply within their days, both ends included, to the items they name, up to the limit', () => {
    expect(promotionRefusal(promo, pass7, '2026-03-01', 0)).toBeNull();
    expect(promotionRefusal(promo, pass7, '2026-03-31', 0)).toBeNull();
    expect(promotionRefusal(promo, pass7, '2026-02-28', 0)).toBe('promotionNotActive');
    expect(promotionRefusal(promo, pass7, '2026-04-01', 0)).toBe('promotionNotActive');
    expect(promotionRefusal({ ...promo, status: 'INACTIVE' }, pass7, '2026-03-10', 0)).toBe(
      'promotionNotActive',
    );
    expect(promotionRefusal(promo, { itemType: 'PRODUCT', itemId: 7 }, '2026-03-10', 0)).toBe(
      'promotionNotForItem',
    );
    expect(promotionRefusal(promo, { itemType: 'PASS', itemId: 8 }, '2026-03-10', 0)).toBe(
      'promotionNotForItem',
    );
    expect(promotionRefusal(promo, pass7, '2026-03-10', 1)).toBe('promotionLimitReached');
    expect(promotionRefusal({ ...promo, perCustomerLimit: null }, pass7, '2026-03-10', 99)).toBeNull();
  });

  it('discount a percent rounded down, or an amount, never more than the price', () => {
    expect(promotionDiscount(99_999, { kind: 'PERCENT', value: 10 })).toBe(9_999);
    expect(promotionDiscount(50_000, { kind: 'AMOUNT', value: 10_000 })).toBe(10_000);
    expect(promotionDiscount(5_000, { kind: 'AMOUNT', value: 10_000 })).toBe(5_000);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e8 }),
        fc.constantFrom('PERCENT', 'AMOUNT') as fc.Arbitrary<'PERCENT' | 'AMOUNT'>,
        fc.integer({ min: 0, max: 1e8 }),
        (price, kind, raw) => {
          const value = kind === 'PERCENT' ? raw % 101 : raw;
          const d = promotionDiscount(price, { kind, value });
          expect(Number.isInteger(d)).toBe(true);
          expect(d).toBeGreaterThanOrEqual(0);
          expect(d).toBeLessThanOrEqual(price);
          if (kind === 'PERCENT') expect(d).toBe(Math.floor((price * value) / 100));
        },
      ),
    );
  });
});

describe('the desk (docs/rules.md#the-desk)', () => {
  it('prices a line: list price times quantity, less its discounts, never below 0', () => {
    expect(
      deskLinePrice({ unitPrice: 3_000, quantity: 2, promotionDiscount: 600, manualDiscount: 400 }),
    ).toEqual({ listPrice: 6_000, price: 5_000 });
    expect(
      deskLinePrice({ unitPrice: 3_000, quantity: 1, promotionDiscount: 0, manualDiscount: 9_000 }),
    ).toEqual({ listPrice: 3_000, price: 0 });
  });

  it('owes the price less adjustments and payments, nothing once refunded', () => {
    expect(saleOwed({ price: 100_000, adjusted: 10_000, paid: 30_000, closed: false })).toBe(60_000);
    expect(saleOwed({ price: 100_000, adjusted: 0, paid: 100_000, closed: false })).toBe(0);
    expect(saleOwed({ price: 100_000, adjusted: 0, paid: 0, closed: true })).toBe(0);
  });

  const method = fc.constantFrom(...paymentMethods);
  const split = fc
    .tuple(
      fc.array(fc.integer({ min: 0, max: 500_000 }), { minLength: 1, maxLength: 5 }),
      fc.array(fc.tuple(method, fc.integer({ min: 1, max: 100 })), { maxLength: 5 }),
      fc.integer({ min: 0, max: 100 }),
    )
    .map(([prices, parts, fill]) => {
      // Payments of at most `fill`% of the total, split by the parts' weights.
      const total = prices.reduce((s, p) => s + p, 0);
      const paying = Math.floor((total * fill) / 100);
      const weights = parts.reduce((s, [, w]) => s + w, 0);
      const payments: PaymentPart[] = parts
        .map(([m, w]) => ({ method: m, amount: Math.floor((paying * w) / weights) }))
        .filter((p) => p.amount > 0);
      return { prices, payments };
    });

  it('splits payments over the sales in order: sums kept per method, no sale over-filled', () => {
    fc.assert(
      fc.property(split, ({ prices, payments }) => {
        const result = allocatePayments(prices, payments);
        expect(result).not.toBeNull();
        const lines = result!;
        expect(lines).toHaveLength(prices.length);
        for (const m of paymentMethods) {
          const given = payments.filter((p) => p.method === m).reduce((s, p) => s + p.amount, 0);
          const split = lines.flat().filter((l) => l.method === m);
          expect(split.reduce((s, l) => s + l.amount, 0)).toBe(given);
        }
        let open = false;
        lines.forEach((bucket, i) => {
          const filled = bucket.reduce((s, l) => s + l.amount, 0);
          expect(filled).toBeLessThanOrEqual(prices[i]!);
          for (const l of bucket) expect(l.amount).toBeGreaterThan(0);
          // A sale takes money only once every earlier one is full.
          if (filled > 0) expect(open).toBe(false);
          if (filled < prices[i]!) open = true;
        });
      }),
      { numRuns: 500 },
    );
  });

  it('refuses payments above the total, and a zero or negative payment', () => {
    expect(allocatePayments([10_000, 5_000], [{ method: 'CARD', amount: 15_001 }])).toBeNull();
    expect(allocatePayments([10_000], [{ method: 'CARD', amount: 0 }])).toBeNull();
    expect(allocatePayments([10_000], [{ method: 'CASH', amount: -1 }])).toBeNull();
    expect(
      allocatePayments(
        [10_000, 5_000],
        [
          { method: 'CARD', amount: 12_000 },
          { method: 'CASH', amount: 3_000 },
        ],
      ),
    ).toEqual([
      [{ method: 'CARD', amount: 10_000 }],
      [
        { method: 'CARD', amount: 2_000 },
        { method: 'CASH', amount: 3_000 },
      ],
    ]);
  });
});

describe('safeSum (docs/rules.md#money-limits)', () => {
  it('reads a SQL sum as a number, from a string, a bigint or a number', () => {
    expect(safeSum('3000000000')).toBe(3_000_000_000);
    expect(safeSum(3_000_000_000n)).toBe(3_000_000_000);
    expect(safeSum(12)).toBe(12);
    expect(safeSum(null)).toBe(0);
  });

  it('refuses what a number cannot hold exactly', () => {
    expect(() => safeSum('9007199254740993')).toThrow(RangeError);
    expect(() => safeSum(2n ** 60n)).toThrow(RangeError);
    expect(() => safeSum('12.5')).toThrow(RangeError);
  });
});

describe('leaving a balance unpaid (docs/rules.md#leave-unpaid)', () => {
  it('passes a sale paid in full, and one whose balance is chosen for exactly its amount', () => {
    expect(unpaidChoice(483_000, 483_000, undefined)).toEqual({ ok: true, unpaid: 0 });
    expect(unpaidChoice(483_000, 483_000, 0)).toEqual({ ok: true, unpaid: 0 });
    expect(unpaidChoice(30_000, 20_000, 10_000)).toEqual({ ok: true, unpaid: 10_000 });
  });

  it('refuses a balance nobody chose, a different amount, and a balance on a sale paid in full', () => {
    // The desk's first day: "결제하기 · 483,000원" with the payment left at 0.
    expect(unpaidChoice(483_000, 0, undefined)).toEqual({ ok: false, unpaid: 483_000 });
    expect(unpaidChoice(30_000, 20_000, 5_000)).toEqual({ ok: false, unpaid: 10_000 });
    expect(unpaidChoice(30_000, 30_000, 10_000)).toEqual({ ok: false, unpaid: 0 });
  });

  it('accepts exactly one leaveUnpaid for any total and payment', () => {
    fc.assert(
      fc.property(
        fc.nat(1_000_000_000),
        fc.nat(1_000_000_000),
        fc.nat(1_000_000_000),
        (total, paid, chosen) => {
          const balance = Math.max(0, total - paid);
          expect(unpaidChoice(total, paid, chosen).ok).toBe(chosen === balance);
          expect(unpaidChoice(total, paid, balance)).toEqual({ ok: true, unpaid: balance });
        },
      ),
    );
  });
});
