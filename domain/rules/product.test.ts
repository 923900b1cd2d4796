import { describe, expect, it } from 'vitest';
import { isLowStock, promotionState } from './product.ts';

describe('isLowStock', () => {
  it('flags a stock at or below the threshold, and never without one', () => {
    expect(isLowStock(3, 3)).toBe(true);
    expect(isLowStock(0, 0)).toBe(true);
    expect(isLowStock(4, 3)).toBe(false);
    expect(isLowStock(0, null)).toBe(false);
  });
});

describe('promotionState', () => {
  const promo = { status: 'ACTIVE' as const, startDate: '2026-03-01', endDate: '2026-03-31' };
  it('is SCHEDULED before the first day and RUNNING on both edge days', () => {
    expect(promotionState(promo, '2026-02-28')).toBe('SCHEDULED');
    expect(promotionState(promo, '2026-03-01')).toBe('RUNNING');
    expect(promotionState(promo, '2026-03-31')).toBe('RUNNING');
  });
  it('is ENDED after the last day', () => {
    expect(promotionState(promo, '2026-04-01')).toBe('ENDED');
  });
  it('is STOPPED whenever it is inactive, whatever the day', () => {
    for (const day of ['2026-02-28', '2026-03-15', '2026-04-01'])
      expect(promotionState({ ...promo, status: 'INACTIVE' }, day)).toBe('STOPPED');
  });
});
