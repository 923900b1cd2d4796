import type { I18nProvider } from '@refinedev/core';
import type { i18n as I18n } from 'i18next';
import { currentLanguage } from '../i18n/options.ts';

/** Refine's i18n provider over i18next. Refine passes either options or a default message as the second argument. */
export const createI18nProvider = (i18n: I18n): I18nProvider => ({
  translate: (key: string, options?: unknown, defaultMessage?: string) => {
    if (typeof options === 'string') return i18n.t(key, { defaultValue: options });
    const values = typeof options === 'object' && options !== null ? options : {};
    return i18n.t(key, { ...values, defaultValue: defaultMessage ?? key });
  },
  changeLocale: (language: string) => i18n.changeLanguage(language),
  getLocale: () => currentLanguage(i18n),
});
