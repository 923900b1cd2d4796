import { describe, expect, it } from 'vitest';
import { periodGeometry } from './period-bar.ts';

describe('the period bar', () => {
  it('places today and the holds between the start and the end', () => {
    const g = periodGeometry('2026-01-01', '2026-01-10', '2026-01-06', [
      { startDate: '2026-01-03', endDate: '2026-01-04' },
    ]);
    expect(g.today).toBe(50);
    expect(g.used).toBe(50);
    expect(g.holds).toEqual([{ left: 20, width: 20 }]);
  });

  it('has no today marker before the start or after the end', () => {
    expect(periodGeometry('2026-01-01', '2026-01-10', '2025-12-31', []).today).toBeNull();
    expect(periodGeometry('2026-01-01', '2026-01-10', '2026-02-01', []).used).toBe(100);
  });
});
