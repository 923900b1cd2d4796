// The text helpers (docs/rules.md#input).

/** Digits only: phone numbers are stored this way (docs/rules.md#input). */
export const digitsOnly = (value: string): string => value.replace(/\D/g, '');

/** A phone-like value: 10 or 11 digits once separators are dropped. */
export const isPhoneLike = (value: string): boolean => /^\d{10,11}$/.test(digitsOnly(value));

/** 01012345678 → 010-1234-5678, 0212345678 → 02-1234-5678; anything else is returned as given. */
export const formatPhone = (value: string): string => {
  const d = digitsOnly(value);
  if (d.length === 11) return `${d.slice(0, 3)}-${d.slice(3, 7)}-${d.slice(7)}`;
  if (d.length === 10 && d.startsWith('02')) return `${d.slice(0, 2)}-${d.slice(2, 6)}-${d.slice(6)}`;
  if (d.length === 10) return `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`;
  return value;
};

/** Keeps letters (any script, Korean included), digits and spaces. */
export const stripToWords = (value: string): string => value.replace(/[^\p{L}\p{Nd} ]/gu, '');

/** Keeps letters only. */
export const lettersOnly = (value: string): string => value.replace(/[^\p{L}]/gu, '');

const HANGUL = /[\u1100-\u11FF\u3130-\u318F\uAC00-\uD7AF]/;

/** Display length where a Korean character counts 2 and any other character 1 (SMS byte budgets). */
export const koreanWeightedLength = (value: string): number => {
  let n = 0;
  for (const ch of value) n += HANGUL.test(ch) ? 2 : 1;
  return n;
};

/** CRLF and lone CR become LF. */
export const normalizeLineEndings = (value: string): string => value.replace(/\r\n?/g, '\n');

/**
 * Search matching (docs/rules.md#lists-and-search): whitespace is ignored on both sides, and the keyword
 * matches as a substring.
 */
export const compactForSearch = (value: string): string => value.replace(/\s+/g, '').toLowerCase();

export const matchesCompact = (haystack: string, keyword: string): boolean =>
  compactForSearch(haystack).includes(compactForSearch(keyword));
