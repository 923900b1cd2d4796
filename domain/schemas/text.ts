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
};

/**
 * A text field: `text({ max: 100 })`, `text({ min: 1, max: 50, minMessage: 'nameRequired' })`. Returns a plain
 * `z.string()` chain, so `.regex()`, `.nullable()` and `.optional()` follow as usual.
 */
export const text = ({ max, min, minMessage = 'required', maxMessage, trim = true }: TextOptions) => {
  // The control check comes before trimming: a leading vertical tab or form feed is refused, not cut off.
  let schema = z
    .string()
    .overwrite(toLf)
    .refine((value) => !hasForbiddenControl(value), { message: 'controlCharacter', abort: true });
  if (trim) schema = schema.trim();
  if (min !== undefined) schema = schema.min(min, minMessage);
  return schema.max(max, maxMessage);
};
