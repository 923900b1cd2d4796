import type { i18n as I18n, InitOptions } from 'i18next';
import type { DetectorOptions } from 'i18next-browser-languagedetector';
import { type Language, languages } from '#domain/enums.ts';

// The language rules shared by the back-office and the public pages. No texts here: each side bundles only its own.

export const FALLBACK_LANGUAGE: Language = 'en';

/**
 * docs/rules.md#language: query lng, cookie i18next, localStorage i18nextLng, sessionStorage, browser, html
 * tag.
 */
export const detectionOptions: DetectorOptions = {
  order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
  lookupQuerystring: 'lng',
  lookupCookie: 'i18next',
  lookupLocalStorage: 'i18nextLng',
  lookupSessionStorage: 'i18nextLng',
  caches: ['localStorage'],
};

/** i18next options without resources. */
export const sharedI18nOptions: InitOptions = {
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...languages],
  // ko-KR and en-GB resolve to ko and en.
  load: 'languageOnly',
  nonExplicitSupportedLngs: true,
  detection: detectionOptions,
  // React escapes already.
  interpolation: { escapeValue: false },
  // Resources are bundled, so initialise synchronously: the first render already has its texts.
  initAsync: false,
};

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);

/** The supported language in use: ko or en. */
export const currentLanguage = (instance: I18n): Language => {
  const resolved = instance.resolvedLanguage ?? instance.language;
  return isLanguage(resolved) ? resolved : FALLBACK_LANGUAGE;
};
