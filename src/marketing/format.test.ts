import { describe, expect, it } from 'vitest';
import { formatNumber, formatPercentValue, numberFormat } from './format.ts';

describe('number formats', () => {
  it('groups thousands and keeps one decimal', () => {
    expect(formatNumber(1500, 'en')).toBe('1,500');
    expect(formatNumber(79.34, 'ko')).toBe('79.3');
    expect(formatNumber(0, 'en')).toBe('0');
  });

  it('writes SLA percentages without rounding them up', () => {
    expect(formatPercentValue(99.9, 'en')).toBe('99.9');
    expect(formatPercentValue(99.99, 'ko')).toBe('99.99');
  });

  it('reuses one formatter per language and options', () => {
    expect(numberFormat('en', { maximumFractionDigits: 1 })).toBe(
      numberFormat('en', { maximumFractionDigits: 1 }),
    );
    expect(numberFormat('en')).not.toBe(numberFormat('ko'));
  });
});
