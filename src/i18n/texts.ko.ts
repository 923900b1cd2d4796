import { validationMessages } from '#domain/i18n/validation.ts';
import backups from './locales/features/backups.ko.json';
import bookingRules from './locales/features/bookingRules.ko.json';
import consult from './locales/features/consult.ko.json';
import customers from './locales/features/customers.ko.json';
import entries from './locales/features/entries.ko.json';
import expenses from './locales/features/expenses.ko.json';
import kiosk from './locales/features/kiosk.ko.json';
import lessons from './locales/features/lessons.ko.json';
import lockers from './locales/features/lockers.ko.json';
import messageSettings from './locales/features/messageSettings.ko.json';
import messages from './locales/features/messages.ko.json';
import passes from './locales/features/passes.ko.json';
import payRequest from './locales/features/payRequest.ko.json';
import products from './locales/features/products.ko.json';
import receipts from './locales/features/receipts.ko.json';
import reports from './locales/features/reports.ko.json';
import reservations from './locales/features/reservations.ko.json';
import sales from './locales/features/sales.ko.json';
import schedule from './locales/features/schedule.ko.json';
import selfBooking from './locales/features/selfBooking.ko.json';
import today from './locales/features/today.ko.json';
import trainers from './locales/features/trainers.ko.json';
import ko from './locales/ko.json';

// The back-office's Korean texts, one module per language: the app loads only the language in use
// (src/i18n/index.ts), the unit tests both (src/i18n/config.ts).

/**
 * The texts of the larger features, one file per feature and language (`locales/features/<feature>.<lang>.json`),
 * each under its own top-level key, so that features can grow without touching one shared file.
 */
export const featureTextsKo = {
  consult,
  customers,
  passes,
  schedule,
  lessons,
  reservations,
  trainers,
  selfBooking,
  bookingRules,
  kiosk,
  entries,
  lockers,
  backups,
  sales,
  products,
  receipts,
  expenses,
  payRequest,
  reports,
  today,
  messageSettings,
  messages,
};

/** The app's own texts, plus the validation messages that the API shares (domain/i18n), under `validation.*`. */
export const textsKo = { ...ko, ...featureTextsKo, validation: validationMessages.ko };
