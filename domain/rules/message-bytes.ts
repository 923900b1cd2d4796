import iconv from 'iconv-lite';
import { LMS_MAX_BYTES, type MessageKind, SMS_MAX_BYTES, SUBJECT_MAX_BYTES } from './message.ts';

// A message's size in EUC-KR bytes and the characters EUC-KR cannot carry (docs/rules.md#messaging), through
// iconv-lite. Its own file, apart from the other messaging rules, so that a screen that needs only those (a
// customer's consents, the settings' enums) does not load iconv-lite's tables.

/**
 * The carriers' EUC-KR. iconv-lite's `euc-kr` is CP949 (Unified Hangul Code), the superset every Korean carrier
 * takes: all 11,172 Hangul syllables are 2 bytes (똠, 쌰 included), ASCII 1 byte.
 */
const ENCODING = 'euc-kr';

/** EUC-KR byte length via iconv-lite (never a hand table); a character EUC-KR cannot carry counts as 1 ('?'). */
export const eucKrBytes = (text: string): number => iconv.encode(text, ENCODING).length;

/** Code points already checked: the compose screen asks on every keystroke. */
const carried = new Map<string, boolean>();

const eucKrCarries = (char: string): boolean => {
  let ok = carried.get(char);
  if (ok === undefined) {
    ok = iconv.decode(iconv.encode(char, ENCODING), ENCODING) === char;
    if (carried.size > 10_000) carried.clear();
    carried.set(char, ok);
  }
  return ok;
};

/**
 * Characters EUC-KR cannot carry (most emoji, a lone surrogate), each with its UTF-16 index in `text` and the
 * character (a surrogate pair is one character): they fail at the carrier, so a send is refused before it
 * (docs/rules.md#messaging). Each code point goes through an iconv-lite round trip.
 */
export const unsupportedCharacters = (text: string): { index: number; char: string }[] => {
  const found: { index: number; char: string }[] = [];
  let index = 0;
  for (const char of text) {
    if (!eucKrCarries(char)) found.push({ index, char });
    index += char.length;
  }
  return found;
};

/** SMS when ≤ 90 bytes and no image, LMS up to 2,000 (and beyond: `tooLong` says so), MMS when an image is attached. */
export const messageKindOf = (bytes: number, hasImage: boolean): MessageKind => {
  if (hasImage) return 'MMS';
  return bytes <= SMS_MAX_BYTES ? 'SMS' : 'LMS';
};

export type MessageAnalysis = {
  bytes: number;
  subjectBytes: number;
  kind: MessageKind;
  /** The text is over 2,000 bytes or the subject over 40. */
  tooLong: boolean;
  /** In the text. */
  unsupported: { index: number; char: string }[];
  /** In the subject. */
  subjectUnsupported: { index: number; char: string }[];
};

/**
 * One analysis for the compose screen and the server (docs/rules.md#messaging). The subject does not change the
 * kind: an SMS carries none, so the screen shows the subject field for LMS and MMS only.
 */
export const analyzeMessage = (input: {
  text: string;
  subject?: string;
  hasImage?: boolean;
}): MessageAnalysis => {
  const bytes = eucKrBytes(input.text);
  const subject = input.subject ?? '';
  const subjectBytes = eucKrBytes(subject);
  return {
    bytes,
    subjectBytes,
    kind: messageKindOf(bytes, input.hasImage ?? false),
    tooLong: bytes > LMS_MAX_BYTES || subjectBytes > SUBJECT_MAX_BYTES,
    unsupported: unsupportedCharacters(input.text),
    subjectUnsupported: unsupportedCharacters(subject),
  };
};
