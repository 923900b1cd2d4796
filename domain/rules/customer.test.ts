import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  leadSources,
  maskName,
  maskPhone,
  nameSearchKey,
  normalizeMobile,
  phoneSearchDigits,
} from './customer.ts';

describe('mobile numbers (docs/rules.md#customers)', () => {
  it('normalises to the digits', () => {
    expect(normalizeMobile('010-1234-5678')).toBe('01012345678');
    expect(normalizeMobile('010 1234 5678')).toBe('01012345678');
    expect(normalizeMobile('010.1234.5678')).toBe('01012345678');
    expect(normalizeMobile('(010) 1234-5678')).toBe('01012345678');
    expect(normalizeMobile('+82 10-1234-5678')).toBe('01012345678');
    expect(normalizeMobile('+821012345678')).toBe('01012345678');
    expect(normalizeMobile('+82 (0)10-1234-5678')).toBe('01012345678');
    expect(normalizeMobile('011-123-4567')).toBe('0111234567');
    expect(normalizeMobile('016-123-4567')).toBe('0161234567');
    expect(normalizeMobile('019-1234-5678')).toBe('01912345678');
    expect(normalizeMobile('010-123-4567')).toBe('0101234567'); // 01X and 7 digits: the regex allows it
  });
  it('refuses anything that is not a Korean mobile number', () => {
    expect(normalizeMobile('')).toBeNull();
    expect(normalizeMobile('02-1234-5678')).toBeNull();
    expect(normalizeMobile('012-1234-5678')).toBeNull();
    expect(normalizeMobile('010-123-456')).toBeNull();
    expect(normalizeMobile('010-1234-56789')).toBeNull();
    expect(normalizeMobile('010_1234_5678')).toBeNull();
    expect(normalizeMobile('１０１２３４５６７８')).toBeNull();
    expect(normalizeMobile('82 10 1234 5678')).toBeNull();
  });
  it('is stable: a normalised number normalises to itself', () => {
    const mobile = fc
      .tuple(fc.constantFrom('0', '1', '6', '7', '8', '9'), fc.stringMatching(/^\d{7,8}$/))
      .map(([c, rest]) => `01${c}${rest}`);
    fc.assert(
      fc.property(mobile, (m) => {
        expect(normalizeMobile(m)).toBe(m);
        expect(normalizeMobile(`${m.slice(0, 3)}-${m.slice(3, -4)}-${m.slice(-4)}`)).toBe(m);
        expect(normalizeMobile(`+82 ${m.slice(1)}`)).toBe(m);
      }),
    );
  });
});

describe('search keys (docs/rules.md#customers)', () => {
  it('treats 3 or more digits as a phone search', () => {
    expect(phoneSearchDigits('5678')).toBe('5678');
    expect(phoneSearchDigits('010-1234')).toBe('0101234');
    expect(phoneSearchDigits(' 010 12 ')).toBe('01012');
    expect(phoneSearchDigits('12')).toBeNull();
    expect(phoneSearchDigits('김 5678')).toBeNull();
    expect(phoneSearchDigits('010.1234')).toBeNull();
    expect(phoneSearchDigits('')).toBeNull();
  });
  it('drops spaces from a name search', () => {
    expect(nameSearchKey(' 김 민수 ')).toBe('김민수');
    expect(nameSearchKey('John Kim')).toBe('JohnKim');
  });
});

describe('masking (docs/rules.md#customers)', () => {
  it('masks names keeping the first and last letter', () => {
    expect(maskName('김민수')).toBe('김*수');
    expect(maskName('김수')).toBe('김*');
    expect(maskName('남궁민수')).toBe('남**수');
    expect(maskName('김')).toBe('김');
    expect(maskName('')).toBe('');
    expect(maskName('John Kim')).toBe('J******m');
  });
  it('keeps the length of a name and never shows its middle', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 3, maxLength: 20, unit: 'grapheme-ascii' }), (raw) => {
        const name = raw.trim();
        const chars = Array.from(name);
        const masked = Array.from(maskName(name));
        expect(masked.length).toBe(chars.length);
        if (chars.length >= 3) expect(masked.slice(1, -1).every((c) => c === '*')).toBe(true);
      }),
    );
  });
  it('masks phone numbers for lists', () => {
    expect(maskPhone('01012345678')).toBe('010-****-5678');
    expect(maskPhone('010-1234-5678')).toBe('010-****-5678');
    expect(maskPhone('0111235678')).toBe('011-***-5678');
    expect(maskPhone('011-123-5678')).toBe('011-***-5678');
    expect(maskPhone('02-1234-5678')).toBe('02-****-5678');
    expect(maskPhone('02-123-5678')).toBe('02-***-5678');
    expect(maskPhone('1588-1234')).toBe('****1234');
    expect(maskPhone('123')).toBe('****');
  });
});

describe('lead sources (docs/rules.md#customers)', () => {
  it('lists them', () => {
    expect(leadSources).toEqual(['WALK_IN', 'REFERRAL', 'ONLINE', 'SNS', 'FLYER', 'CONSULT', 'OTHER']);
  });
});
