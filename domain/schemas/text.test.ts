import { describe, expect, it } from 'vitest';
import { hasForbiddenControl, text } from './text.ts';

// docs/rules.md#input: the one text helper.

describe('text()', () => {
  const name = text({ min: 1, max: 5 });

  it.each(['\u0000', '\u0007', '\u000b', '\u000c', '\u001b', '\u007f', '\u0085', '\u009f'])(
    'refuses U+%s with controlCharacter, even at the edges where trimming would cut it',
    (control) => {
      for (const value of [`a${control}b`, `${control}ab`, `ab${control}`]) {
        const result = name.safeParse(value);
        expect(result.success, JSON.stringify(value)).toBe(false);
        expect(result.error?.issues[0]?.message).toBe('controlCharacter');
      }
    },
  );

  it('keeps newline and tab, makes CRLF and a lone CR a newline, and trims', () => {
    expect(text({ max: 50 }).parse('  a\tb\r\nc\rd \n')).toBe('a\tb\nc\nd');
  });

  it('keeps a password as typed', () => {
    expect(text({ max: 50, trim: false }).parse('  pw 1 ')).toBe('  pw 1 ');
  });

  it('applies min and max after trimming, with the given messages', () => {
    expect(name.safeParse('   ').error?.issues[0]?.message).toBe('required');
    expect(text({ max: 2, maxMessage: 'tooLong' }).safeParse('abc').error?.issues[0]?.message).toBe(
      'tooLong',
    );
    expect(name.parse('  abcde  ')).toBe('abcde');
  });

  it('hasForbiddenControl: Korean, emoji and other scripts are text', () => {
    expect(hasForbiddenControl('김철수 😀 Ünïcödé\t\n\r')).toBe(false);
    expect(hasForbiddenControl('\u0000')).toBe(true);
  });
});
