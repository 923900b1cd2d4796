import dayjs from 'dayjs';
import 'dayjs/locale/ko';
import type { i18n as I18n } from 'i18next';
import { createI18n, currentLanguage } from './config.ts';

/** Keeps <html lang>, the document title and dayjs's locale on the current language. */
const followLanguage = (instance: I18n): void => {
  const apply = (): void => {
    const language = currentLanguage(instance);
    document.documentElement.lang = language;
    document.title = instance.t('app.name');
    dayjs.locale(language);
  };
  apply();
  instance.on('languageChanged', apply);
};

/** The app's i18next instance. */
export const i18n = createI18n();
followLanguage(i18n);
