import { describe, expect, it } from 'vitest';
import { formatWait } from './format-wait.ts';

describe('formatWait', () => {
  it('says seconds under a minute and whole minutes (rounded up) from there', () => {
    expect(formatWait(1, 'en')).toBe('1 second');
    expect(formatWait(30, 'en')).toBe('30 seconds');
    expect(formatWait(61, 'en')).toBe('2 minutes');
    expect(formatWait(30, 'ko')).toBe('30초');
    expect(formatWait(120, 'ko')).toBe('2분');
  });
});
