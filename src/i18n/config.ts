import i18next, { type i18n as I18n, type InitOptions } from 'i18next';
import LanguageDetector, { type DetectorOptions } from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { type Language, languages } from '../../domain/enums.ts';
import { validationMessages } from '../../domain/i18n/validation.ts';
import en from './locales/en.json';
import ko from './locales/ko.json';

export const FALLBACK_LANGUAGE: Language = 'en';

/** SPEC §9 "Language": query lng, cookie i18next, localStorage i18nextLng, sessionStorage, browser, html tag. */
export const detectionOptions: DetectorOptions = {
  order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
  lookupQuerystring: 'lng',
  lookupCookie: 'i18next',
  lookupLocalStorage: 'i18nextLng',
  lookupSessionStorage: 'i18nextLng',
  caches: ['localStorage'],
};

/** The app's own texts, plus the validation messages that the API shares (domain/i18n), under `validation.*`. */
export const resources = {
  en: { translation: { ...en, validation: validationMessages.en } },
  ko: { translation: { ...ko, validation: validationMessages.ko } },
} as const;

export const i18nOptions: InitOptions = {
  resources,
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

/** A new i18next instance with the app's resources and language detection, also bound to react-i18next. */
export const createI18n = (options: InitOptions = {}): I18n => {
  const instance = i18next.createInstance();
  instance.use(LanguageDetector).use(initReactI18next);
  void instance.init({ ...i18nOptions, ...options });
  return instance;
};

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);

/** The supported language in use: ko or en. */
export const currentLanguage = (instance: I18n): Language => {
  const resolved = instance.resolvedLanguage ?? instance.language;
  return isLanguage(resolved) ? resolved : FALLBACK_LANGUAGE;
};
