import { describe, expect, it } from 'vitest';
import { checkoutFigures, type DeskQuoteItem, paidByMethod, quoteDesk } from './desk.ts';

// The desk's quote (docs/rules.md#the-desk, #promotions): each line priced by the money rules, a promotion's
// per-customer limit counting the lines above it in the same checkout, and a checkout's figures.

const TODAY = '2026-03-02';
const promo = (over: Partial<NonNullable<DeskQuoteItem['promotion']>> = {}) => ({
  id: 7,
  kind: 'PERCENT' as const,
  value: 10,
  startDate: '2026-03-01',
  endDate: '2026-03-31',
  status: 'ACTIVE' as const,
  perCustomerLimit: null,
  targets: [{ itemType: 'PRODUCT' as const, itemId: 1 }],
  ...over,
});
const drink = (over: Partial<DeskQuoteItem> = {}): DeskQuoteItem => ({
  itemType: 'PRODUCT',
  itemId: 1,
  unitPrice: 3_000,
  quantity: 2,
  promotion: null,
  manualDiscount: 0,
  ...over,
});

describe('quoteDesk', () => {
  it('takes the promotion off the line (unit × quantity), then the manual discount', () => {
    const { lines, total } = quoteDesk([drink({ promotion: promo(), manualDiscount: 400 })], {}, TODAY);
    expect(lines[0]).toEqual({
      listPrice: 6_000,
      promotionDiscount: 600,
      manualDiscount: 400,
      price: 5_000,
      refusal: null,
    });
    expect(total).toBe(5_000);
  });

  it("counts this checkout's earlier lines against the per-customer limit", () => {
    const limited = promo({ perCustomerLimit: 2 });
    const { lines } = quoteDesk(
      [drink({ promotion: limited }), drink({ promotion: limited }), drink({ promotion: limited })],
      { 7: 1 },
      TODAY,
    );
    expect(lines.map((l) => l.refusal)).toEqual([null, 'promotionLimitReached', 'promotionLimitReached']);
  });

  it('refuses a promotion outside its days or for another item, and a discount above the price', () => {
    expect(
      quoteDesk([drink({ promotion: promo({ endDate: '2026-03-01' }) })], {}, TODAY).lines[0]?.refusal,
    ).toBe('promotionNotActive');
    expect(quoteDesk([drink({ itemId: 2, promotion: promo() })], {}, TODAY).lines[0]?.refusal).toBe(
      'promotionNotForItem',
    );
    expect(quoteDesk([drink({ manualDiscount: 6_001 })], {}, TODAY).lines[0]?.refusal).toBe(
      'discountAbovePrice',
    );
    expect(quoteDesk([drink({ manualDiscount: 6_000 })], {}, TODAY).lines[0]).toMatchObject({
      price: 0,
      refusal: null,
    });
  });

  it('never discounts a locker line', () => {
    const locker: DeskQuoteItem = { ...drink(), itemType: 'LOCKER', unitPrice: 30_000, quantity: 1 };
    expect(quoteDesk([{ ...locker, promotion: promo() }], {}, TODAY).lines[0]?.refusal).toBe(
      'promotionNotForItem',
    );
    expect(quoteDesk([locker], {}, TODAY).total).toBe(30_000);
  });
});

describe('checkoutFigures', () => {
  it('leaves the rest owed and asks for a cash receipt from 100,000 won in cash or transfer', () => {
    expect(
      checkoutFigures(150_000, [
        { method: 'CARD', amount: 20_000 },
        { method: 'TRANSFER', amount: 100_000 },
      ]),
    ).toEqual({
      total: 150_000,
      paid: 120_000,
      owed: 30_000,
      cashPaid: 100_000,
      cashReceiptDue: true,
      aboveTotal: false,
    });
    expect(checkoutFigures(1_000, [{ method: 'CASH', amount: 1_001 }]).aboveTotal).toBe(true);
  });

  it('sums lines by method in card, cash, transfer order', () => {
    expect(
      paidByMethod([
        { method: 'CASH', amount: 1 },
        { method: 'CARD', amount: 2 },
        { method: 'CASH', amount: 3 },
      ]),
    ).toEqual([
      { method: 'CARD', amount: 2 },
      { method: 'CASH', amount: 4 },
    ]);
  });
});

describe('quoteDesk: money limits (docs/rules.md#money-limits)', () => {
  const dear = (quantity: number) => drink({ unitPrice: 100_000_000, quantity });

  it('refuses a line above 100,000,000 won with lineTooLarge', () => {
    const { lines } = quoteDesk([drink(), dear(2)], {}, TODAY);
    expect(lines.map((l) => l.refusal)).toEqual([null, 'lineTooLarge']);
    expect(quoteDesk([dear(1)], {}, TODAY).lines[0]!.refusal).toBeNull();
  });

  it('names the line that takes the checkout above 1,000,000,000 won', () => {
    const ten = quoteDesk(
      Array.from({ length: 10 }, () => dear(1)),
      {},
      TODAY,
    );
    expect(ten.total).toBe(1_000_000_000);
    expect(ten.lines.every((l) => l.refusal === null)).toBe(true);
    const eleven = quoteDesk([...Array.from({ length: 10 }, () => dear(1)), drink()], {}, TODAY);
    expect(eleven.lines.map((l) => l.refusal).indexOf('checkoutTooLarge')).toBe(10);
  });
});
