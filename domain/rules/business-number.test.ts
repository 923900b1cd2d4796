import { describe, expect, it } from 'vitest';
import {
  businessNoChecksumOk,
  formatBusinessNo,
  hasValidBusinessNoCheckDigit,
  isBusinessNoShape,
} from './business-number.ts';

describe('business number (docs/rules.md#business-number)', () => {
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

  it('businessNoChecksumOk: known-valid numbers pass, any one changed digit fails', () => {
    // Worked by hand. 123-45-67891: 1·1+2·3+3·7+4·1+5·3+6·7+7·1+8·3+9·5 = 165, plus ⌊9·5/10⌋ = 4 → 169 → (10 − 9) % 10 = 1.
    // 220-81-62517: 2+6+0+8+3+42+2+15+5 = 83, plus ⌊1·5/10⌋ = 0 → 83 → 7.
    for (const valid of ['220-81-62517', '123-45-67891', '214-86-18758', '2208162517']) {
      expect(businessNoChecksumOk(valid), valid).toBe(true);
      const digits = valid.replace(/\D/g, '');
      for (let i = 0; i < 10; i++) {
        const changed = digits.slice(0, i) + ((Number(digits[i]) + 1) % 10) + digits.slice(i + 1);
        expect(businessNoChecksumOk(changed), changed).toBe(false);
      }
    }
    expect(businessNoChecksumOk('123-45-67890')).toBe(false);
    expect(businessNoChecksumOk('')).toBe(false);
    expect(businessNoChecksumOk('12345678901')).toBe(false);
    expect(hasValidBusinessNoCheckDigit).toBe(businessNoChecksumOk);
  });
});
