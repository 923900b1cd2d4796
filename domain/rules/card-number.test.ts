import { describe, expect, it } from 'vitest';
import { isCardNumber, normalizeCardNumber } from './card-number.ts';

describe('card numbers (docs/rules.md#card-numbers)', () => {
  it('cuts spaces and upper-cases letters, so a typed card matches a scanned one', () => {
    expect(normalizeCardNumber(' fd-0150 ')).toBe('FD-0150');
    expect(normalizeCardNumber('0012345678')).toBe('0012345678');
  });

  it('reads a blank value as no card', () => {
    expect(normalizeCardNumber('')).toBeNull();
    expect(normalizeCardNumber('   ')).toBeNull();
  });

  it('allows letters, digits and inner hyphens, 4 to 40 characters', () => {
    for (const ok of ['FD-0150', '1234', 'A1B2-C3D4-E5F6', '9'.repeat(40)])
      expect(isCardNumber(ok), ok).toBe(true);
    for (const bad of ['123', '9'.repeat(41), '-123', '123-', 'FD 0150', 'FD_0150', 'FD-015O!', '카드1234'])
      expect(isCardNumber(bad), bad).toBe(false);
  });
});
