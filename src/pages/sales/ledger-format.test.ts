import { describe, expect, it } from 'vitest';
import type { SalesRow } from '#domain/schemas/ledger.ts';
import { compact, exportUrl, linesOf, pageRange, seoulDateTime, thisMonth } from './ledger-format.ts';

// The ledger pages' helpers (docs/rules.md#money).

const sale = (over: Partial<SalesRow> = {}): SalesRow => ({
  id: 7,
  createDate: '2026-03-10T03:00:00.000Z',
  memberId: 1,
  memberName: '김하늘',
  phone: '010-****-1234',
  itemType: 'PASS',
  itemName: '헬스 6개월',
  quantity: 1,
  listPrice: 600_000,
  discount: 50_000,
  promotionName: null,
  priceReason: '지인 할인',
  price: 550_000,
  adjustments: [],
  refunds: [],
  paid: 400_000,
  refunded: 0,
  owed: 150_000,
  closed: false,
  staffId: null,
  staffName: null,
  checkoutId: 3,
  ...over,
});

describe('the ledger pages', () => {
  it('puts each sale’s adjustments and refunds under it as negative rows', () => {
    const lines = linesOf(
      [
        sale({
          adjustments: [
            {
              id: 1,
              kind: 'CORRECTION',
              amount: 30_000,
              reason: '가격 오기',
              createDate: '2026-03-11T00:00:00.000Z',
              staffName: '홍길동',
            },
          ],
          refunds: [
            { id: 9, method: 'CASH', amount: -100_000, createDate: '2026-03-12T00:00:00Z', staffName: null },
          ],
        }),
        sale({ id: 8 }),
      ],
      (m) => `m:${m}`,
    );
    expect(lines.map((l) => [l.key, l.kind, l.kind === 'sale' ? l.sale.price : l.amount])).toEqual([
      ['s7', 'sale', 550_000],
      ['a1', 'CORRECTION', -30_000],
      ['r9', 'REFUND', -100_000],
      ['s8', 'sale', 550_000],
    ]);
    expect(lines[2]).toMatchObject({ note: 'm:CASH' });
  });

  it('builds the export URL from the same filters, without blanks', () => {
    expect(compact({ a: 1, b: undefined, c: '', d: 0 })).toEqual({ a: 1, d: 0 });
    expect(exportUrl('/sales/export.csv', { gymId: 3, from: '2026-03-01', staffId: undefined })).toBe(
      '/web/sales/export.csv?gymId=3&from=2026-03-01',
    );
    expect(pageRange(3, 20)).toEqual({ _start: 40, _end: 60 });
    expect(thisMonth('2026-03-10')).toEqual(['2026-03-01', '2026-03-10']);
    expect(seoulDateTime('2026-03-31T14:30:00Z')).toBe('2026.03.31 23:30');
  });
});
