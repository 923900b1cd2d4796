import { describe, expect, it } from 'vitest';
import {
  compactForSearch,
  digitsOnly,
  formatPhone,
  isPhoneLike,
  koreanWeightedLength,
  lettersOnly,
  matchesCompact,
  normalizeLineEndings,
  stripToWords,
} from './text.ts';

describe('text helpers (docs/rules.md#input)', () => {
  it('checks phone-like values of 10 or 11 digits', () => {
    expect(isPhoneLike('010-1234-5678')).toBe(true);
    expect(isPhoneLike('02-123-4567')).toBe(false);
    expect(isPhoneLike('0212345678')).toBe(true);
    expect(isPhoneLike('010123456789')).toBe(false);
    expect(digitsOnly('+82 (10) 1234')).toBe('82101234');
  });
  it('formats phone numbers for display', () => {
    expect(formatPhone('01012345678')).toBe('010-1234-5678');
    expect(formatPhone('0212345678')).toBe('02-1234-5678');
    expect(formatPhone('0311234567')).toBe('031-123-4567');
    expect(formatPhone('123')).toBe('123');
  });
  it('strips text to letters, digits, Korean and spaces', () => {
    expect(stripToWords('핏데스크! Gym #1 (강남)')).toBe('핏데스크 Gym 1 강남');
    expect(lettersOnly('A1 b2 가-나')).toBe('Ab가나');
  });
  it('counts Korean characters as 2', () => {
    expect(koreanWeightedLength('abc')).toBe(3);
    expect(koreanWeightedLength('헬스장 A')).toBe(8);
  });
  it('normalises line endings', () => {
    expect(normalizeLineEndings('a\r\nb\rc\n')).toBe('a\nb\nc\n');
  });
  it('matches search keywords ignoring every whitespace, as substrings', () => {
    expect(compactForSearch(' 강남 헬스 \t클럽 ')).toBe('강남헬스클럽');
    expect(matchesCompact('강남 헬스 클럽', '남헬 스')).toBe(true);
    expect(matchesCompact('FitDesk Gym', 'desk g')).toBe(true);
    expect(matchesCompact('강남 헬스 클럽', '강북')).toBe(false);
  });
});
