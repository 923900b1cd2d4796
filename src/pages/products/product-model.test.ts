import { describe, expect, it } from 'vitest';
import type { Product, StockMovement } from '#domain/schemas/product.ts';
import { moved, movementCsv, productCsv, seoulDateTime, signed } from './product-model.ts';

const translate = (key: string) => key.split('.').at(-1)!;

describe('moved (the group order)', () => {
  it('swaps a group with its neighbour, and refuses to move past either end', () => {
    expect(moved([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(moved([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 0, -1)).toBeNull();
    expect(moved([1, 2, 3], 2, 1)).toBeNull();
  });
});

describe('formats', () => {
  it('signs a change and shows an instant on the Seoul clock', () => {
    expect([signed(3), signed(-2), signed(0)]).toEqual(['+3', '−2', '0']);
    expect(seoulDateTime('2026-03-01T15:30:00.000Z')).toBe('2026.03.02 00:30');
  });
});

describe('the CSV files', () => {
  const product: Product = {
    id: 1,
    gymId: 1,
    groupId: null,
    groupName: null,
    name: '물, "생수"',
    price: 1_000,
    vatMode: 'EXEMPT',
    stock: 2,
    lowStockAt: 3,
    lowStock: true,
    status: 'ACTIVE',
    memo: null,
    createDate: '2026-03-01T00:00:00.000Z',
    modifiedDate: '2026-03-01T00:00:00.000Z',
  };
  it('starts with a byte order mark and quotes what needs it', () => {
    const file = productCsv([product], translate);
    expect(file.startsWith('\uFEFF')).toBe(true);
    const [head, row] = file.slice(1).split('\r\n');
    expect(head).toBe('name,group,price,vat,stock,lowStockAt,lowStock,status');
    expect(row).toBe('"물, ""생수""",,1000,EXEMPT,2,3,lowStock,ACTIVE');
  });
  it('lists movements with their time, kind, change, stock after, note and maker', () => {
    const m: StockMovement = {
      id: 1,
      productId: 1,
      kind: 'ADJUST',
      change: -2,
      stockAfter: 5,
      saleId: null,
      note: '파손',
      createdByName: '김대표',
      createDate: '2026-03-01T00:00:00.000Z',
    };
    expect(movementCsv([m], translate).slice(1).split('\r\n')[1]).toBe(
      '2026.03.01 09:00,ADJUST,-2,5,파손,김대표',
    );
  });
});
