import { validationMessages } from '#domain/i18n/validation.ts';
import en from './locales/en.json';
import backups from './locales/features/backups.en.json';
import bookingRules from './locales/features/bookingRules.en.json';
import consult from './locales/features/consult.en.json';
import customers from './locales/features/customers.en.json';
import entries from './locales/features/entries.en.json';
import expenses from './locales/features/expenses.en.json';
import kiosk from './locales/features/kiosk.en.json';
import lessons from './locales/features/lessons.en.json';
import lockers from './locales/features/lockers.en.json';
import messageSettings from './locales/features/messageSettings.en.json';
import messages from './locales/features/messages.en.json';
import passes from './locales/features/passes.en.json';
import payRequest from './locales/features/payRequest.en.json';
import products from './locales/features/products.en.json';
import receipts from './locales/features/receipts.en.json';
import reports from './locales/features/reports.en.json';
import reservations from './locales/features/reservations.en.json';
import sales from './locales/features/sales.en.json';
import schedule from './locales/features/schedule.en.json';
import selfBooking from './locales/features/selfBooking.en.json';
import today from './locales/features/today.en.json';
import trainers from './locales/features/trainers.en.json';

// The back-office's English texts, one module per language: the app loads only the language in use
// (src/i18n/index.ts), the unit tests both (src/i18n/config.ts).

/**
 * The texts of the larger features, one file per feature and language (`locales/features/<feature>.<lang>.json`),
 * each under its own top-level key, so that features can grow without touching one shared file.
 */
export const featureTextsEn = {
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
export const textsEn = { ...en, ...featureTextsEn, validation: validationMessages.en };
