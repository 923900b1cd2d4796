import { z } from 'zod';

// The one string helper for text input (docs/rules.md#input): line endings made LF, control characters other than
// newline and tab refused with a field error, trimmed unless told not to, and always a maximum length.

/**
 * A control character (Unicode Cc: C0, DEL and C1) other than tab and newline. CR is a line ending, not refused:
 * `text()` turns CRLF and a lone CR into LF.
 */
const isForbiddenControl = (code: number) =>
  (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || (code >= 0x7f && code <= 0x9f);

/** True when the text holds a control character other than a line ending or a tab. */
export const hasForbiddenControl = (value: string): boolean => {
  for (let i = 0; i < value.length; i++) if (isForbiddenControl(value.charCodeAt(i))) return true;
  return false;
};

/**
 * Characters that change how the text around them is drawn: the bidirectional embeddings and overrides (U+202A–202E)
 * and isolates (U+2066–2069). Refused in every text, multi-line too (docs/rules.md#input): they can make a name or a
 * note read differently from what it holds.
 */
const isBidiControl = (code: number) =>
  (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);

/**
 * Invisible characters: zero-width space, non-joiner and joiner (U+200B–200D), word joiner (U+2060), the zero-width
 * no-break space (U+FEFF) and the direction marks (U+200E, U+200F). Refused in single-line texts (names, titles,
 * codes), kept in multi-line ones, where an emoji sequence joined by U+200D may stand in a memo.
 */
const isInvisible = (code: number) =>
  (code >= 0x200b && code <= 0x200f) || code === 0x2060 || code === 0xfeff;

/** True when the text holds a bidirectional override or isolate (refused in every text). */
export const hasBidiControl = (value: string): boolean => {
  for (let i = 0; i < value.length; i++) if (isBidiControl(value.charCodeAt(i))) return true;
  return false;
};

/** True when the text holds a bidirectional control or an invisible character (refused in single-line texts). */
export const hasInvisible = (value: string): boolean => {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (isBidiControl(code) || isInvisible(code)) return true;
  }
  return false;
};

/** CRLF and a lone CR become LF (what a textarea sends differs by browser and platform). */
const toLf = (value: string) => (value.includes('\r') ? value.replace(/\r\n?/g, '\n') : value);

export type TextOptions = {
  /** The maximum length, after trimming. Every text has one. */
  max: number;
  /** The minimum length, after trimming; `min: 1` makes an empty text `required` (or the given message). */
  min?: number;
  minMessage?: string;
  maxMessage?: string;
  /** Trim surrounding whitespace (default true). Passwords and other secrets keep theirs. */
  trim?: boolean;
  /**
   * A multi-line free text (a memo, a note): zero-width characters and direction marks are kept. A single-line text
   * (the default) refuses them; both refuse bidirectional overrides and isolates (`invisibleCharacter`). A secret
   * (`trim: false`) keeps all of them.
   */
  multiline?: boolean;
};

/**
 * A text field: `text({ max: 100 })`, `text({ min: 1, max: 50, minMessage: 'nameRequired' })`. Returns a plain
 * `z.string()` chain, so `.regex()`, `.nullable()` and `.optional()` follow as usual.
 */
export const text = ({
  max,
  min,
  minMessage = 'required',
  maxMessage,
  trim = true,
  multiline = false,
}: TextOptions) => {
  // The control check comes before trimming: a leading vertical tab or form feed is refused, not cut off.
  // A secret (`trim: false`) is never shown, so only the control check applies to it.
  const invisible = !trim ? () => false : multiline ? hasBidiControl : hasInvisible;
  let schema = z
    .string()
    .overwrite(toLf)
    .refine((value) => !hasForbiddenControl(value), { message: 'controlCharacter', abort: true })
    .refine((value) => !invisible(value), { message: 'invisibleCharacter', abort: true });
  if (trim) schema = schema.trim();
  if (min !== undefined) schema = schema.min(min, minMessage);
  return schema.max(max, maxMessage);
};
