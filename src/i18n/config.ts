import i18next, { type i18n as I18n, type InitOptions } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { validationMessages } from '#domain/i18n/validation.ts';
import en from './locales/en.json';
import backupsEn from './locales/features/backups.en.json';
import backupsKo from './locales/features/backups.ko.json';
import bookingRulesEn from './locales/features/bookingRules.en.json';
import bookingRulesKo from './locales/features/bookingRules.ko.json';
import consultEn from './locales/features/consult.en.json';
import consultKo from './locales/features/consult.ko.json';
import customersEn from './locales/features/customers.en.json';
import customersKo from './locales/features/customers.ko.json';
import entriesEn from './locales/features/entries.en.json';
import entriesKo from './locales/features/entries.ko.json';
import expensesEn from './locales/features/expenses.en.json';
import expensesKo from './locales/features/expenses.ko.json';
import kioskEn from './locales/features/kiosk.en.json';
import kioskKo from './locales/features/kiosk.ko.json';
import lessonsEn from './locales/features/lessons.en.json';
import lessonsKo from './locales/features/lessons.ko.json';
import lockersEn from './locales/features/lockers.en.json';
import lockersKo from './locales/features/lockers.ko.json';
import passesEn from './locales/features/passes.en.json';
import passesKo from './locales/features/passes.ko.json';
import payRequestEn from './locales/features/payRequest.en.json';
import payRequestKo from './locales/features/payRequest.ko.json';
import productsEn from './locales/features/products.en.json';
import productsKo from './locales/features/products.ko.json';
import receiptsEn from './locales/features/receipts.en.json';
import receiptsKo from './locales/features/receipts.ko.json';
import reportsEn from './locales/features/reports.en.json';
import reportsKo from './locales/features/reports.ko.json';
import reservationsEn from './locales/features/reservations.en.json';
import reservationsKo from './locales/features/reservations.ko.json';
import salesEn from './locales/features/sales.en.json';
import salesKo from './locales/features/sales.ko.json';
import scheduleEn from './locales/features/schedule.en.json';
import scheduleKo from './locales/features/schedule.ko.json';
import selfBookingEn from './locales/features/selfBooking.en.json';
import selfBookingKo from './locales/features/selfBooking.ko.json';
import todayEn from './locales/features/today.en.json';
import todayKo from './locales/features/today.ko.json';
import trainersEn from './locales/features/trainers.en.json';
import trainersKo from './locales/features/trainers.ko.json';
import ko from './locales/ko.json';
import { sharedI18nOptions } from './options.ts';

// The detection rules live in options.ts, so the public pages can share them without the back-office texts.
export { currentLanguage, detectionOptions, FALLBACK_LANGUAGE, isLanguage } from './options.ts';

/**
 * The texts of the larger features, one file per feature and language (`locales/features/<feature>.<lang>.json`),
 * each under its own top-level key, so that features can grow without touching one shared file.
 */
export const featureTexts = {
  en: {
    consult: consultEn,
    customers: customersEn,
    passes: passesEn,
    schedule: scheduleEn,
    lessons: lessonsEn,
    reservations: reservationsEn,
    trainers: trainersEn,
    selfBooking: selfBookingEn,
    bookingRules: bookingRulesEn,
    kiosk: kioskEn,
    entries: entriesEn,
    lockers: lockersEn,
    backups: backupsEn,
    sales: salesEn,
    products: productsEn,
    receipts: receiptsEn,
    expenses: expensesEn,
    payRequest: payRequestEn,
    reports: reportsEn,
    today: todayEn,
  },
  ko: {
    consult: consultKo,
    customers: customersKo,
    passes: passesKo,
    schedule: scheduleKo,
    lessons: lessonsKo,
    reservations: reservationsKo,
    trainers: trainersKo,
    selfBooking: selfBookingKo,
    bookingRules: bookingRulesKo,
    kiosk: kioskKo,
    entries: entriesKo,
    lockers: lockersKo,
    backups: backupsKo,
    sales: salesKo,
    products: productsKo,
    receipts: receiptsKo,
    expenses: expensesKo,
    payRequest: payRequestKo,
    reports: reportsKo,
    today: todayKo,
  },
} as const;

/** The app's own texts, plus the validation messages that the API shares (domain/i18n), under `validation.*`. */
export const resources = {
  en: { translation: { ...en, ...featureTexts.en, validation: validationMessages.en } },
  ko: { translation: { ...ko, ...featureTexts.ko, validation: validationMessages.ko } },
} as const;

export const i18nOptions: InitOptions = { ...sharedI18nOptions, resources };

/** A new i18next instance with the app's resources and language detection, also bound to react-i18next. */
export const createI18n = (options: InitOptions = {}): I18n => {
  const instance = i18next.createInstance();
  instance.use(LanguageDetector).use(initReactI18next);
  void instance.init({ ...i18nOptions, ...options });
  return instance;
};
