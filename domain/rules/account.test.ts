import { describe, expect, it } from 'vitest';
import { isStrongEnoughPassword, isValidUserId, normalizeUserId } from './account.ts';

describe('account rules', () => {
  it.each(['abcd', 'a.b_c-d', 'User_2026', 'x'.repeat(20)])('accepts userId %s', (id) => {
    expect(isValidUserId(id)).toBe(true);
  });
  it.each(['abc', 'x'.repeat(21), 'with space', '한글', 'a@b.c', ''])('refuses userId %j', (id) => {
    expect(isValidUserId(id)).toBe(false);
  });
  it.each(['abcd1234', 'Passw0rd', '비밀번호abc1'])('accepts password %s', (pw) => {
    expect(isStrongEnoughPassword(pw)).toBe(true);
  });
  it.each(['abc1234', 'abcdefgh', '12345678', 'a1'.repeat(65)])('refuses password %s', (pw) => {
    expect(isStrongEnoughPassword(pw)).toBe(false);
  });
  it('compares userIds without case or surrounding space', () => {
    expect(normalizeUserId('  Demo.User ')).toBe('demo.user');
  });
});
