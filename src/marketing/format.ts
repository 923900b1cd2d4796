import type { Language } from '#domain/enums.ts';

const LOCALES: Record<Language, string> = { en: 'en-US', ko: 'ko-KR' };

// Building an Intl formatter is costly (toLocaleString builds one per call): keep one per language and options.
const formatters = new Map<string, Intl.NumberFormat>();

export const numberFormat = (
  language: Language,
  options: Intl.NumberFormatOptions = {},
): Intl.NumberFormat => {
  const key = `${language}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALES[language], options);
    formatters.set(key, formatter);
  }
  return formatter;
};

/** 1,500 / 79.3: grouped, at most one decimal. */
export const formatNumber = (value: number, language: Language): string =>
  numberFormat(language, { maximumFractionDigits: 1 }).format(value);

/** A percentage's number as written before "%": 99.9, 99.99 (never rounded up to 100). */
export const formatPercentValue = (value: number, language: Language): string =>
  numberFormat(language, { maximumFractionDigits: 3 }).format(value);
