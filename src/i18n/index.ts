import dayjs from 'dayjs';
import 'dayjs/locale/ko';
import i18next, { type BackendModule, type i18n as I18n, type ResourceKey } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import type { Language } from '#domain/enums.ts';
import { normalizePath } from '#domain/routes.ts';
import { currentLanguage, FALLBACK_LANGUAGE, isLanguage, sharedI18nOptions } from './options.ts';

type Texts = Record<string, unknown>;

/**
 * A language's own texts (`locales/<lang>.json`: the shell, the menu, the common words) with the validation
 * messages under `validation.*`: what every screen reads.
 */
const CORE: Record<Language, () => Promise<Texts>> = {
  en: () =>
    Promise.all([import('./locales/en.json'), import('#domain/i18n/validation.ts')]).then(
      ([core, validation]) => ({ ...core.default, validation: validation.validationMessages.en }),
    ),
  ko: () =>
    Promise.all([import('./locales/ko.json'), import('#domain/i18n/validation.ts')]).then(
      ([core, validation]) => ({ ...core.default, validation: validation.validationMessages.ko }),
    ),
};

/** Every feature's texts of a language (src/i18n/texts.<lang>.ts), each under its feature's key. */
const ALL_FEATURES: Record<Language, () => Promise<Texts>> = {
  en: () => import('./texts.en.ts').then((module) => module.featureTextsEn),
  ko: () => import('./texts.ko.ts').then((module) => module.featureTextsKo),
};

/** The features a first screen may draw with, read one by one (the side menu's messaging entries are the shell's). */
const FIRST_SCREEN_FEATURES = {
  customers: {
    en: () => import('./locales/features/customers.en.json'),
    ko: () => import('./locales/features/customers.ko.json'),
  },
  entries: {
    en: () => import('./locales/features/entries.en.json'),
    ko: () => import('./locales/features/entries.ko.json'),
  },
  messageSettings: {
    en: () => import('./locales/features/messageSettings.en.json'),
    ko: () => import('./locales/features/messageSettings.ko.json'),
  },
} satisfies Record<string, Record<Language, () => Promise<{ default: Texts }>>>;
type FirstScreenFeature = keyof typeof FIRST_SCREEN_FEATURES;

/**
 * Desk pages whose first load reads only some features' texts (issue 28 item 7): a cold visit of the path loads
 * those beside the core texts, and every other screen (another page, a drawer opened from this one) waits for all
 * of them (`allTexts`). The features listed must hold every key the page, the shell and the page's own static
 * imports translate; any path not listed loads all the texts before its first screen, as before.
 */
export const FIRST_SCREENS: Readonly<Record<string, readonly FirstScreenFeature[]>> = {
  '/memberManage/list': ['customers', 'entries', 'messageSettings'],
};

/** The path's first-screen features, or null when its first screen reads every feature. */
const firstScreenOf = (pathname: string): readonly FirstScreenFeature[] | null =>
  FIRST_SCREENS[normalizePath(pathname)] ?? null;

/** The languages holding some features only, and the load that completes each. */
const partial = new Set<Language>();
const completing = new Map<Language, Promise<void>>();

const readTexts = async (
  language: Language,
  features: readonly FirstScreenFeature[] | null,
): Promise<Texts> => {
  if (!features) {
    const [core, all] = await Promise.all([CORE[language](), ALL_FEATURES[language]()]);
    return { ...core, ...all };
  }
  const [core, ...parts] = await Promise.all([
    CORE[language](),
    ...features.map((feature) => FIRST_SCREEN_FEATURES[feature][language]()),
  ]);
  partial.add(language);
  return {
    ...core,
    ...Object.fromEntries(features.map((feature, index) => [feature, parts[index]!.default])),
  };
};

/**
 * Resolves once every feature's texts are in for each language that started with some only; at once when none
 * did. A lazy screen waits for it before it renders (src/App.tsx), so no screen ever renders a key.
 */
export const allTexts = (): Promise<void> =>
  Promise.all(
    [...partial].map((language) => {
      const pending =
        completing.get(language) ??
        ALL_FEATURES[language]().then((features) => {
          i18n.addResourceBundle(language, 'translation', features, true, true);
          partial.delete(language);
          completing.delete(language);
        });
      completing.set(language, pending);
      return pending;
    }),
  ).then(() => undefined);

/** Resolves when `pathname`'s first screen can render: at once for a first-screen path, else after `allTexts`. */
export const textsFor = (pathname: string): Promise<void> => {
  const features = firstScreenOf(pathname);
  const language = currentLanguage(i18n);
  return features && partial.has(language) ? Promise.resolve() : allTexts();
};

/** True until the start's texts are in: only the first read may load a first screen's features alone. */
let starting = true;

/**
 * Reads a language's texts the first time it is needed: at start, and on a switch, where i18next waits for them
 * before it changes the language, so that no screen ever renders a key.
 */
const lazyTexts: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, _namespace, callback) => {
    if (!isLanguage(language)) return callback(null, {});
    const features =
      starting && typeof window !== 'undefined' ? firstScreenOf(window.location.pathname) : null;
    readTexts(language, features).then(
      (texts) => callback(null, texts as ResourceKey),
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
export const i18nReady: Promise<unknown> = i18n
  .init({
    ...sharedI18nOptions,
    fallbackLng: (code) => (code === 'ko' || code.startsWith('ko-') ? [] : [FALLBACK_LANGUAGE]),
  })
  .finally(() => {
    starting = false;
  });
