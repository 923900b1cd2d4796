// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { goals } from '#domain/enums.ts';
import { company } from './company.ts';
import { createMarketingI18n } from './i18n.ts';
import { FOODS } from './landing/diet/foods.ts';
import { FAQ_TOPICS } from './landing/faq.tsx';
import type { LegalDocument } from './legal/legal-page.tsx';
import legalEn from './legal/locales/en.json';
import legalKo from './legal/locales/ko.json';
import en from './locales/en.json';
import ko from './locales/ko.json';

/** Every leaf of a JSON tree as a dotted path; arrays count by index. */
const leaves = (tree: unknown, prefix = ''): string[] =>
  typeof tree === 'object' && tree !== null
    ? Object.entries(tree).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key))
    : [prefix];

/** Plural forms differ by language (Korean has one): compare keys without their plural suffix. */
const withoutPlural = (key: string): string => key.replace(/_(zero|one|two|few|many|other)$/, '');

const valueAt = (tree: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree);

afterEach(() => {
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe.each([
  ['landing', en, ko],
  ['legal', legalEn, legalKo],
])('the %s texts', (_name, english, korean) => {
  it('have the same keys (and the same paragraphs) in English and Korean', () => {
    const enKeys = [...new Set(leaves(english).map(withoutPlural))].sort();
    const koKeys = [...new Set(leaves(korean).map(withoutPlural))].sort();
    expect(koKeys).toEqual(enKeys);
  });

  it('have no empty text', () => {
    for (const tree of [english, korean]) {
      const empty = leaves(tree).filter((key) => {
        const value = valueAt(tree, key);
        return typeof value !== 'string' || value.trim() === '';
      });
      expect(empty).toEqual([]);
    }
  });
});

describe('the landing texts cover the data they name', () => {
  const i18n = createMarketingI18n({ en, ko }, { lng: 'en' });
  const has = (key: string) => expect(i18n.exists(key), key).toBe(true);

  it('names every FAQ question and answer, every food and every goal', () => {
    for (const item of Object.values(FAQ_TOPICS).flat()) {
      has(`faq.items.${item}.q`);
      has(`faq.items.${item}.a`);
    }
    for (const food of FOODS) {
      has(`demo.foods.items.${food.id}.name`);
      has(`demo.foods.items.${food.id}.serving`);
    }
    for (const goal of goals) has(`demo.goal.${goal}`);
  });

  it('interpolates the trainer limit and pluralises the search count in English', () => {
    expect(i18n.t('pricing.trainers', { limit: 20 })).toBe('Up to 20 trainers');
    expect(i18n.t('explore.results', { count: 1, query: 'a' })).toBe('1 facility found for “a”.');
    expect(i18n.t('explore.results', { count: 3, query: 'a' })).toBe('3 facilities found for “a”.');
  });

  it('has one Korean count form', () => {
    const korean = createMarketingI18n({ en, ko }, { lng: 'ko' });
    expect(korean.t('explore.results', { count: 1, query: '강남' })).toBe('‘강남’ 검색 결과 1곳');
    expect(korean.t('pricing.trainers', { limit: 2 })).toBe('트레이너 최대 2명');
  });
});

describe('the legal pages', () => {
  it('interpolate the company details into their sections', () => {
    const i18n = createMarketingI18n({ en: { ...en, ...legalEn }, ko: { ...ko, ...legalKo } }, { lng: 'ko' });
    const privacy = i18n.t('privacyPage', {
      returnObjects: true,
      company: company.name.ko,
      officer: company.privacyOfficer.name.ko,
      officerEmail: company.privacyOfficer.email,
      phone: company.phone,
      brand: company.brand.ko,
    }) as LegalDocument;
    expect(privacy.intro[0]).toContain('주식회사 핏데스크');
    expect(privacy.intro[0]).toContain('개인정보 보호법');
    const officer = privacy.sections.find((section) => section.heading.includes('보호책임자'));
    expect(officer?.paragraphs?.[0]).toContain(company.privacyOfficer.email);
    expect(JSON.stringify(privacy)).not.toContain('{{');
  });
});
