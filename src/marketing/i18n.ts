import i18next, { type i18n as I18n, type InitOptions, type Resource } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import type { Language } from '#domain/enums.ts';
import { sharedI18nOptions } from '../i18n/options.ts';

type Texts = Record<Language, Record<string, unknown>>;

/**
 * An i18next instance for the public pages: the back-office's detection rules (docs/rules.md#language, cached
 * in localStorage, so a choice made here holds on /login too) with the public pages' own texts only.
 */
export const createMarketingI18n = (texts: Texts, options: InitOptions = {}): I18n => {
  const resources: Resource = {
    en: { translation: texts.en },
    ko: { translation: texts.ko },
  } as Resource;
  const instance = i18next.createInstance();
  instance.use(LanguageDetector);
  void instance.init({ ...sharedI18nOptions, resources, ...options });
  return instance;
};
