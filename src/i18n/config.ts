import i18next, { type i18n as I18n, type InitOptions } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { sharedI18nOptions } from './options.ts';
import { featureTextsEn, textsEn } from './texts.en.ts';
import { featureTextsKo, textsKo } from './texts.ko.ts';

// The detection rules live in options.ts, so the public pages can share them without the back-office texts.
export { currentLanguage, detectionOptions, FALLBACK_LANGUAGE, isLanguage } from './options.ts';

/** Each feature's texts per language (src/i18n/texts.<lang>.ts). */
export const featureTexts = { en: featureTextsEn, ko: featureTextsKo } as const;

/**
 * Both languages at once: the unit tests and the page harness use these. The app itself loads only the language in
 * use (src/i18n/index.ts).
 */
export const resources = {
  en: { translation: textsEn },
  ko: { translation: textsKo },
} as const;

export const i18nOptions: InitOptions = { ...sharedI18nOptions, resources };

/** A new i18next instance with the app's resources and language detection, also bound to react-i18next. */
export const createI18n = (options: InitOptions = {}): I18n => {
  const instance = i18next.createInstance();
  instance.use(LanguageDetector).use(initReactI18next);
  void instance.init({ ...i18nOptions, ...options });
  return instance;
};
