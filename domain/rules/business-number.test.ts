import { describe, expect, it } from 'vitest';
import { formatBusinessNo, hasValidBusinessNoCheckDigit, isBusinessNoShape } from './business-number.ts';

describe('business number (SPEC §5)', () => {
  it('formats digits as 3-2-5 while typing', () => {
    expect(formatBusinessNo('12')).toBe('12');
    expect(formatBusinessNo('1234')).toBe('123-4');
    expect(formatBusinessNo('123456')).toBe('123-45-6');
    expect(formatBusinessNo('1234567890')).toBe('123-45-67890');
    expect(formatBusinessNo('123-45-678901')).toBe('123-45-67890');
  });
  it('requires the 3-2-5 shape', () => {
    expect(isBusinessNoShape('123-45-67890')).toBe(true);
    expect(isBusinessNoShape('1234567890')).toBe(false);
    expect(isBusinessNoShape('123-456-7890')).toBe(false);
  });
  it('checks the National Tax Service check digit', () => {
    // 220-81-62517 is a published, valid number; changing its last digit breaks the check.
    expect(hasValidBusinessNoCheckDigit('220-81-62517')).toBe(true);
    expect(hasValidBusinessNoCheckDigit('220-81-62518')).toBe(false);
    expect(hasValidBusinessNoCheckDigit('123')).toBe(false);
  });
});
