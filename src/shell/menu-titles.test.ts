import { describe, expect, it } from 'vitest';
import en from '../i18n/locales/en.json' with { type: 'json' };
import consultEn from '../i18n/locales/features/consult.en.json' with { type: 'json' };
import consultKo from '../i18n/locales/features/consult.ko.json' with { type: 'json' };
import customersEn from '../i18n/locales/features/customers.en.json' with { type: 'json' };
import customersKo from '../i18n/locales/features/customers.ko.json' with { type: 'json' };
import entriesEn from '../i18n/locales/features/entries.en.json' with { type: 'json' };
import entriesKo from '../i18n/locales/features/entries.ko.json' with { type: 'json' };
import expensesEn from '../i18n/locales/features/expenses.en.json' with { type: 'json' };
import expensesKo from '../i18n/locales/features/expenses.ko.json' with { type: 'json' };
import lockersEn from '../i18n/locales/features/lockers.en.json' with { type: 'json' };
import lockersKo from '../i18n/locales/features/lockers.ko.json' with { type: 'json' };
import messagesEn from '../i18n/locales/features/messages.en.json' with { type: 'json' };
import messagesKo from '../i18n/locales/features/messages.ko.json' with { type: 'json' };
import passesEn from '../i18n/locales/features/passes.en.json' with { type: 'json' };
import passesKo from '../i18n/locales/features/passes.ko.json' with { type: 'json' };
import productsEn from '../i18n/locales/features/products.en.json' with { type: 'json' };
import productsKo from '../i18n/locales/features/products.ko.json' with { type: 'json' };
import receiptsEn from '../i18n/locales/features/receipts.en.json' with { type: 'json' };
import receiptsKo from '../i18n/locales/features/receipts.ko.json' with { type: 'json' };
import reportsEn from '../i18n/locales/features/reports.en.json' with { type: 'json' };
import reportsKo from '../i18n/locales/features/reports.ko.json' with { type: 'json' };
import reservationsEn from '../i18n/locales/features/reservations.en.json' with { type: 'json' };
import reservationsKo from '../i18n/locales/features/reservations.ko.json' with { type: 'json' };
import salesEn from '../i18n/locales/features/sales.en.json' with { type: 'json' };
import salesKo from '../i18n/locales/features/sales.ko.json' with { type: 'json' };
import scheduleEn from '../i18n/locales/features/schedule.en.json' with { type: 'json' };
import scheduleKo from '../i18n/locales/features/schedule.ko.json' with { type: 'json' };
import trainersEn from '../i18n/locales/features/trainers.en.json' with { type: 'json' };
import trainersKo from '../i18n/locales/features/trainers.ko.json' with { type: 'json' };
import ko from '../i18n/locales/ko.json' with { type: 'json' };
import { MENU } from './menu-model.ts';

const FEATURES = {
  ko: {
    consult: consultKo,
    customers: customersKo,
    entries: entriesKo,
    expenses: expensesKo,
    lockers: lockersKo,
    messages: messagesKo,
    passes: passesKo,
    products: productsKo,
    receipts: receiptsKo,
    reports: reportsKo,
    reservations: reservationsKo,
    sales: salesKo,
    schedule: scheduleKo,
    trainers: trainersKo,
  },
  en: {
    consult: consultEn,
    customers: customersEn,
    entries: entriesEn,
    expenses: expensesEn,
    lockers: lockersEn,
    messages: messagesEn,
    passes: passesEn,
    products: productsEn,
    receipts: receiptsEn,
    reports: reportsEn,
    reservations: reservationsEn,
    sales: salesEn,
    schedule: scheduleEn,
    trainers: trainersEn,
  },
} as const;

/** Each menu entry and the key of its page's heading (the `<h1>` the entry opens), as `namespace:path`. */
const PAGE_TITLES: Record<string, string> = {
  memberList: 'customers:list.title',
  passProducts: 'passes:products.title',
  soldPasses: 'passes:issued.title',
  consultList: 'consult:list.title',
  schedule: 'schedule:title',
  reservations: 'reservations:list.title',
  trainers: 'trainers:list.title',
  entryList: 'entries:list.title',
  locker: 'lockers:title',
  message: 'messages:title',
  desk: 'sales:desk.title',
  payHistory: 'sales:history.title',
  unpaid: 'sales:unpaid.title',
  salesList: 'sales:salesList.title',
  statistics: 'reports:statistics.title',
  revenueHistory: 'reports:history.title',
  revenueChart: 'reports:revenue.title',
  expenditure: 'expenses:title',
  receipts: 'receipts:title',
  products: 'products:title',
  productGroups: 'products:groups.title',
  promotions: 'products:promotions.title',
};

const at = (tree: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

const entries = MENU.flatMap((group) => group.entries);

// docs/rules.md#app-shell: a menu entry reads as the title of the page it opens, so the desk finds what it clicked.
describe.each([
  ['ko', ko],
  ['en', en],
] as const)('menu entries and the pages they open (%s)', (language, shell) => {
  it.each(Object.entries(PAGE_TITLES))('%s is named as its page is titled', (key, title) => {
    const entry = entries.find((candidate) => candidate.key === key);
    expect(entry, key).toBeDefined();
    const [namespace = '', path = ''] = title.split(':');
    const heading = at(FEATURES[language][namespace as keyof (typeof FEATURES)['ko']], path);
    expect(typeof heading).toBe('string');
    expect(at(shell, entry?.labelKey ?? '')).toBe(heading);
  });
});
