import type { i18n as I18n } from 'i18next';
import { createContext, type ReactNode, useCallback, useContext, useSyncExternalStore } from 'react';
import type { Language } from '#domain/enums.ts';
import { currentLanguage } from '../i18n/options.ts';
import type { Translate } from '../kit/translate.ts';

// A few lines instead of react-i18next: the public pages only need t, the language and a way to change it.

const I18nContext = createContext<I18n | null>(null);

const textCache = new WeakMap<I18n, Map<Language, Map<string, string>>>();
const cachedTexts = (i18n: I18n, language: Language): Map<string, string> => {
  let byLanguage = textCache.get(i18n);
  if (!byLanguage) {
    byLanguage = new Map();
    textCache.set(i18n, byLanguage);
  }
  let texts = byLanguage.get(language);
  if (!texts) {
    texts = new Map();
    byLanguage.set(language, texts);
  }
  return texts;
};

export function I18nProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

export type MarketingI18n = {
  t: Translate;
  /** A structured text (a list of paragraphs, sections), interpolated like t. */
  tObject: <T>(key: string, options?: Record<string, unknown>) => T;
  language: Language;
  changeLanguage: (language: Language) => void;
};

export const useI18n = (): MarketingI18n => {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useI18n needs an <I18nProvider>.');
  const subscribe = useCallback(
    (onChange: () => void) => {
      i18n.on('languageChanged', onChange);
      return () => i18n.off('languageChanged', onChange);
    },
    [i18n],
  );
  const language = useSyncExternalStore(subscribe, () => currentLanguage(i18n));
  // A new function per language, so memoised children that take t re-render on a switch. Plain lookups (no
  // options) are most of the page and cost a full i18next resolution each: they are remembered per language.
  const t = useCallback<Translate>(
    (key, options) => {
      if (options) return String(i18n.t(key, options));
      const texts = cachedTexts(i18n, language);
      let text = texts.get(key);
      if (text === undefined) {
        text = String(i18n.t(key));
        texts.set(key, text);
      }
      return text;
    },
    [i18n, language],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: language is the trigger, not an input.
  const tObject = useCallback(
    <T,>(key: string, options?: Record<string, unknown>): T =>
      i18n.t(key, { ...options, returnObjects: true }) as T,
    [i18n, language],
  );
  const changeLanguage = useCallback((next: Language) => void i18n.changeLanguage(next), [i18n]);
  return { t, tObject, language, changeLanguage };
};
