import { describe, expect, it } from 'vitest';
import type { DeskCatalog } from '#domain/schemas/desk.ts';
import { applicablePromotions, type CartLine, checkoutBodyOf, deskTotals } from './desk-model.ts';

// The desk page's model (docs/rules.md#the-desk): the promotions a line is offered and the body it sends.

const catalog: DeskCatalog = {
  today: '2026-03-02',
  passes: [
    {
      id: 10,
      name: '헬스 6개월',
      originPrice: 660_000,
      salePrice: 600_000,
      periodAmount: 6,
      periodUnit: 'MONTH',
      sessionCount: null,
      color: '#1677ff',
    },
  ],
  products: [
    {
      id: 1,
      name: '물',
      price: 1_000,
      vatMode: 'INCLUDED',
      stock: 5,
      lowStock: false,
      groupId: null,
      groupName: null,
    },
  ],
  groups: [],
  promotions: [
    {
      id: 7,
      name: '한 번만',
      kind: 'AMOUNT',
      value: 50_000,
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      status: 'ACTIVE',
      perCustomerLimit: 1,
      targets: [{ itemType: 'PASS', itemId: 10 }],
    },
  ],
  lockerAddOn: false,
  lockers: [],
  staff: [],
};
const pass = (key: string, promotionId: number | null = null): CartLine => ({
  key,
  type: 'PASS',
  ticketId: 10,
  startDate: '2026-03-02',
  promotionId,
  manualDiscount: 0,
});

describe('applicablePromotions', () => {
  it("offers a promotion for its items only, while the customer's uses (and this cart's) leave some", () => {
    const water: CartLine = {
      key: 'w',
      type: 'PRODUCT',
      productId: 1,
      quantity: 1,
      promotionId: null,
      manualDiscount: 0,
    };
    expect(applicablePromotions(catalog, [water], water, {})).toEqual([]);
    expect(applicablePromotions(catalog, [pass('a')], pass('a'), {}).map((p) => p.left)).toEqual([1]);
    expect(applicablePromotions(catalog, [pass('a')], pass('a'), { 7: 1 })).toEqual([]);
    const cart = [pass('a', 7), pass('b')];
    expect(applicablePromotions(catalog, cart, cart[1]!, {})).toEqual([]);
    // The line that holds it keeps it in its list.
    expect(applicablePromotions(catalog, cart, cart[0]!, {})).toHaveLength(1);
  });
});

describe('the body and the totals', () => {
  it('prices with the shared rule and sends the reason only with a manual discount', () => {
    const cart: CartLine[] = [
      { ...(pass('a', 7) as Extract<CartLine, { type: 'PASS' }>), manualDiscount: 10_000 },
    ];
    const rows = [
      { method: 'CARD' as const, amount: 300_000 },
      { method: 'CASH' as const, amount: null },
    ];
    expect(deskTotals(catalog, cart, {}, rows)).toMatchObject({
      total: 540_000,
      paid: 300_000,
      owed: 240_000,
    });
    const body = checkoutBodyOf({
      gymId: 1,
      memberId: 2,
      cart,
      rows,
      discountReason: ' 단골 ',
      soldByMemberId: null,
      note: '',
    });
    expect(body).toEqual({
      gymId: 1,
      memberId: 2,
      items: [
        { type: 'PASS', ticketId: 10, startDate: '2026-03-02', promotionId: 7, manualDiscount: 10_000 },
      ],
      payments: [{ method: 'CARD', amount: 300_000 }],
      discountReason: '단골',
      soldByMemberId: null,
    });
  });
});
