import { describe, expect, it } from 'vitest';
import { hasBidiControl, hasForbiddenControl, hasInvisible, text } from './text.ts';

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

  // docs/rules.md#input: invisible and text-direction characters.
  const ZERO_WIDTH = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u200e', '\u200f'];
  const BIDI = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];

  it.each([...ZERO_WIDTH, ...BIDI])('refuses %j in a single-line text with invisibleCharacter', (char) => {
    for (const value of [`김${char}철수`, `${char}김철수`, `김철수${char}`]) {
      const result = name.safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('invisibleCharacter');
    }
  });

  it('keeps zero-width joiners and marks in a multi-line text, and refuses the overrides there too', () => {
    const memo = text({ max: 200, multiline: true });
    const family = '가족 👨\u200d👩\u200d👧 회원\n둘째 줄\u200e';
    expect(memo.parse(family)).toBe(family);
    for (const char of BIDI)
      expect(memo.safeParse(`메모 ${char}gnp.exe`).error?.issues[0]?.message, char).toBe(
        'invisibleCharacter',
      );
  });

  it('keeps a secret as typed, invisible characters too', () => {
    expect(text({ max: 50, trim: false }).parse('pw\u200b1')).toBe('pw\u200b1');
  });

  it('hasInvisible and hasBidiControl: Hangul, emoji and accents are visible text', () => {
    expect(hasInvisible('김철수 😀 Ünïcödé 한글')).toBe(false);
    expect(hasInvisible('a\u200bb')).toBe(true);
    expect(hasBidiControl('a\u200bb')).toBe(false);
    expect(hasBidiControl('a\u202eb')).toBe(true);
  });
});
