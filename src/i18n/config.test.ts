// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validationMessages } from '#domain/i18n/validation.ts';
import { createI18n, currentLanguage, detectionOptions, featureTexts, i18nOptions } from './config.ts';
import en from './locales/en.json';
import ko from './locales/ko.json';

/** Every leaf key of a JSON tree, as dotted paths. */
const leafKeys = (tree: unknown, prefix = ''): string[] =>
  typeof tree === 'object' && tree !== null
    ? Object.entries(tree).flatMap(([key, value]) => leafKeys(value, prefix ? `${prefix}.${key}` : key))
    : [prefix];

const emptyLeaves = (tree: unknown): string[] =>
  leafKeys(tree).filter((key) => {
    const value = key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree);
    return typeof value !== 'string' || value.trim() === '';
  });

const setCookie = (cookie: string): void => {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API, and the detector reads document.cookie.
  document.cookie = cookie;
};

const visit = (search: string): void => window.history.replaceState(null, '', `/login${search}`);

afterEach(() => {
  visit('');
  window.localStorage.clear();
  window.sessionStorage.clear();
  setCookie('i18next=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/');
  vi.restoreAllMocks();
});

describe('locale files', () => {
  it('en.json and ko.json have exactly the same keys', () => {
    const enKeys = leafKeys({ ...en, ...featureTexts.en }).sort();
    const koKeys = leafKeys({ ...ko, ...featureTexts.ko }).sort();
    expect(koKeys.filter((key) => !enKeys.includes(key))).toEqual([]);
    expect(enKeys.filter((key) => !koKeys.includes(key))).toEqual([]);
    expect(enKeys.length).toBeGreaterThan(20);
  });

  it('has no empty texts', () => {
    expect(emptyLeaves({ ...en, ...featureTexts.en })).toEqual([]);
    expect(emptyLeaves({ ...ko, ...featureTexts.ko })).toEqual([]);
    for (const feature of Object.keys(featureTexts.en)) expect(Object.keys(en)).not.toContain(feature);
  });

  it('does not shadow the shared validation namespace', () => {
    expect(Object.keys(en)).not.toContain('validation');
    expect(Object.keys(ko)).not.toContain('validation');
  });
});

describe('i18n configuration (docs/rules.md#language)', () => {
  it('falls back to English and supports only en and ko', () => {
    expect(i18nOptions.fallbackLng).toBe('en');
    expect(i18nOptions.supportedLngs).toEqual(['en', 'ko']);
  });

  it('detects in the SPEC order and caches in localStorage i18nextLng', () => {
    expect(detectionOptions).toMatchObject({
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
      lookupCookie: 'i18next',
      lookupLocalStorage: 'i18nextLng',
      caches: ['localStorage'],
    });
  });

  it('takes ?lng= first, before a cached choice, and caches it', () => {
    window.localStorage.setItem('i18nextLng', 'en');
    visit('?lng=ko');
    const i18n = createI18n();
    expect(currentLanguage(i18n)).toBe('ko');
    expect(window.localStorage.getItem('i18nextLng')).toBe('ko');
    expect(i18n.t('logout.confirm')).toBe('로그아웃 하시겠습니까?');
  });

  it('takes the cookie before localStorage', () => {
    window.localStorage.setItem('i18nextLng', 'en');
    setCookie('i18next=ko; path=/');
    expect(currentLanguage(createI18n())).toBe('ko');
  });

  it('maps a regional browser language (ko-KR) to ko', () => {
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['ko-KR']);
    vi.spyOn(window.navigator, 'language', 'get').mockReturnValue('ko-KR');
    expect(currentLanguage(createI18n())).toBe('ko');
  });

  it('falls back to English for an unsupported language', () => {
    visit('?lng=fr');
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['fr-FR']);
    vi.spyOn(window.navigator, 'language', 'get').mockReturnValue('fr-FR');
    const i18n = createI18n();
    expect(currentLanguage(i18n)).toBe('en');
    expect(i18n.t('logout.confirm')).toBe('Are you sure you want to log out?');
  });

  it('serves the domain validation messages under validation.*', () => {
    visit('?lng=ko');
    const i18n = createI18n();
    expect(i18n.t('validation.userIdFormat')).toBe(validationMessages.ko.userIdFormat);
    expect(i18n.t('validation.tooShort', { min: 4 })).toBe('4자 이상 입력해 주세요.');
  });
});
