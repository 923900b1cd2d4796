import dayjs from 'dayjs';
import 'dayjs/locale/ko';
import i18next, { type BackendModule, type i18n as I18n, type ResourceKey } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import type { Language } from '#domain/enums.ts';
import { currentLanguage, FALLBACK_LANGUAGE, isLanguage, sharedI18nOptions } from './options.ts';

/** One chunk of texts per language (src/i18n/texts.<lang>.ts): a visit downloads the language it shows only. */
const TEXTS: Record<Language, () => Promise<ResourceKey>> = {
  en: () => import('./texts.en.ts').then((module) => module.textsEn),
  ko: () => import('./texts.ko.ts').then((module) => module.textsKo),
};

/**
 * Reads a language's texts the first time it is needed: at start, and on a switch, where i18next waits for them
 * before it changes the language, so that no screen ever renders a key.
 */
const lazyTexts: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, _namespace, callback) => {
    if (!isLanguage(language)) return callback(null, {});
    TEXTS[language]().then(
      (texts) => callback(null, texts),
      (error: Error) => callback(error, false),
    );
  },
};

/** Keeps <html lang>, the document title and dayjs's locale on the current language. */
const followLanguage = (instance: I18n): void => {
  const apply = (): void => {
    const language = currentLanguage(instance);
    document.documentElement.lang = language;
    document.title = instance.t('app.name');
    dayjs.locale(language);
  };
  instance.on('languageChanged', apply);
};

/** The app's i18next instance. */
export const i18n = i18next.createInstance();
i18n.use(LanguageDetector).use(lazyTexts).use(initReactI18next);
followLanguage(i18n);

/**
 * Resolves once the detected language's texts are in: the back-office renders after it (src/back-office.tsx).
 * Korean and English hold the same keys (config.test.ts), so Korean needs no English beside it; any other language
 * falls back to English, as before.
 */
export const i18nReady: Promise<unknown> = i18n.init({
  ...sharedI18nOptions,
  fallbackLng: (code) => (code === 'ko' || code.startsWith('ko-') ? [] : [FALLBACK_LANGUAGE]),
});
