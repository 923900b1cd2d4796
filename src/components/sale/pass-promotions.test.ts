import { describe, expect, it } from 'vitest';
import type { DeskPromotion, PassPromotions } from '#domain/schemas/desk.ts';
import { passPromotionOptions, promotedPassPrice } from './pass-promotions.ts';

// docs/rules.md#promotions: the customer page's and the tablet's pass sale offer the promotions that apply to the
// product for the customer today, and preview the price the server will charge.

const promo = (values: Partial<DeskPromotion>): DeskPromotion => ({
  id: 1,
  name: '재등록 10% 할인',
  kind: 'PERCENT',
  value: 10,
  startDate: '2026-03-01',
  endDate: '2026-03-31',
  status: 'ACTIVE',
  perCustomerLimit: null,
  targets: [{ itemType: 'PASS', itemId: 7 }],
  ...values,
});

const data = (promotions: DeskPromotion[], used: PassPromotions['used'] = []): PassPromotions => ({
  today: '2026-03-02',
  promotions,
  used,
});

describe('the promotions a pass sale offers', () => {
  it('keeps those that name the product, run today and are under the limit, with the uses left', () => {
    const offered = data(
      [
        promo({ id: 1, perCustomerLimit: 2 }),
        promo({ id: 2, targets: [{ itemType: 'PASS', itemId: 8 }] }),
        promo({ id: 3, perCustomerLimit: 1 }),
        promo({ id: 4, startDate: '2026-03-03' }),
        promo({ id: 5, targets: [{ itemType: 'PRODUCT', itemId: 7 }] }),
      ],
      [
        { promotionId: 1, used: 1 },
        { promotionId: 3, used: 1 },
      ],
    );
    expect(passPromotionOptions(offered, 7).map((o) => [o.promotion.id, o.left])).toEqual([[1, 1]]);
    expect(passPromotionOptions(offered, undefined)).toEqual([]);
    expect(passPromotionOptions(undefined, 7)).toEqual([]);
  });

  it('prices the pass as the server does: a percent rounded down, an amount never above the price', () => {
    const product = { id: 7, salePrice: 123_456 };
    expect(promotedPassPrice(data([]), product, promo({}))).toEqual({ price: 111_111, discount: 12_345 });
    expect(promotedPassPrice(data([]), product, promo({ kind: 'AMOUNT', value: 200_000 }))).toEqual({
      price: 0,
      discount: 123_456,
    });
    expect(promotedPassPrice(data([]), product, undefined)).toEqual({ price: 123_456, discount: 0 });
    // One the product does not take leaves the sale price.
    expect(
      promotedPassPrice(data([]), product, promo({ targets: [{ itemType: 'PASS', itemId: 8 }] })),
    ).toEqual({ price: 123_456, discount: 0 });
  });
});
