import { describe, expect, it } from 'vitest';
import { hasValidBusinessNoCheckDigit, isBusinessNoShape } from '#domain/rules/business-number.ts';
import { isPhoneLike } from '#domain/rules/text.ts';
import { company } from './company.ts';

describe('company details', () => {
  it('has a well-formed business registration number', () => {
    expect(isBusinessNoShape(company.businessRegistrationNumber)).toBe(true);
    expect(hasValidBusinessNoCheckDigit(company.businessRegistrationNumber)).toBe(true);
  });

  it('has a phone number and mail addresses that look right', () => {
    expect(isPhoneLike(company.phone)).toBe(true);
    expect(company.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
    expect(company.privacyOfficer.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
  });

  it('names everything in both languages', () => {
    for (const value of [
      company.name,
      company.brand,
      company.representative,
      company.mailOrderNumber,
      company.address,
      company.privacyOfficer.name,
    ]) {
      expect(value.en.trim()).not.toBe('');
      expect(value.ko.trim()).not.toBe('');
    }
  });
});
