import { describe, expect, it } from 'vitest';
import { gymStatuses } from '#domain/enums.ts';
import { allFlags } from '#domain/permissions.ts';
import { resources } from '../../i18n/config.ts';
import en from '../../i18n/locales/en.json';
import ko from '../../i18n/locales/ko.json';
import {
  cardSubtitle,
  EMPTY_FILTER,
  filterFacilities,
  isFilterActive,
  statusFilterLabelKey,
  statusFilterOptions,
} from './facility-filter.ts';
import { QUICK_LINKS, quickLinksFor } from './quick-links.ts';

const gyms = [
  { id: 1, name: '핏데스크 강남점', gymStatus: 'ACTIVE' },
  { id: 2, name: '핏데스크  역삼점', gymStatus: 'WAIT' },
  { id: 3, name: 'Iron Gym', gymStatus: 'INACTIVE' },
  { id: 4, name: 'Closed Place', gymStatus: 'QUIT' },
] as const;

const names = (list: readonly { name: string }[]) => list.map((gym) => gym.name);

describe('filterFacilities (docs/rules.md#lists-and-search)', () => {
  it('lets everything through with no keyword and the status NONE', () => {
    expect(filterFacilities(gyms, EMPTY_FILTER)).toEqual(gyms);
  });

  it('ignores whitespace in the keyword and in the name, and matches a substring', () => {
    expect(names(filterFacilities(gyms, { keyword: '핏 데스크', status: 'NONE' }))).toEqual([
      '핏데스크 강남점',
      '핏데스크  역삼점',
    ]);
    expect(names(filterFacilities(gyms, { keyword: '데스크역삼', status: 'NONE' }))).toEqual([
      '핏데스크  역삼점',
    ]);
    expect(names(filterFacilities(gyms, { keyword: ' 강 남 ', status: 'NONE' }))).toEqual([
      '핏데스크 강남점',
    ]);
    expect(names(filterFacilities(gyms, { keyword: 'irongym', status: 'NONE' }))).toEqual(['Iron Gym']);
  });

  it('finds nothing for a keyword that no name contains', () => {
    expect(filterFacilities(gyms, { keyword: '부산', status: 'NONE' })).toEqual([]);
  });

  it('keeps only the chosen status, together with the keyword', () => {
    expect(names(filterFacilities(gyms, { keyword: '', status: 'INACTIVE' }))).toEqual(['Iron Gym']);
    expect(filterFacilities(gyms, { keyword: '핏데스크', status: 'INACTIVE' })).toEqual([]);
    expect(names(filterFacilities(gyms, { keyword: '핏데스크', status: 'WAIT' }))).toEqual([
      '핏데스크  역삼점',
    ]);
  });

  it('knows when a filter is set', () => {
    expect(isFilterActive(EMPTY_FILTER)).toBe(false);
    expect(isFilterActive({ keyword: '   ', status: 'NONE' })).toBe(false);
    expect(isFilterActive({ keyword: 'a', status: 'NONE' })).toBe(true);
    expect(isFilterActive({ keyword: '', status: 'QUIT' })).toBe(true);
  });
});

describe('cardSubtitle', () => {
  it('joins the business number and the representative with a bar', () => {
    expect(cardSubtitle({ businessNo: '220-81-62517', representName: '김대표' })).toBe(
      '220-81-62517 | 김대표',
    );
  });

  it('puts a dash for a missing or blank representative', () => {
    expect(cardSubtitle({ businessNo: '220-81-62517', representName: null })).toBe('220-81-62517 | -');
    expect(cardSubtitle({ businessNo: '220-81-62517', representName: '  ' })).toBe('220-81-62517 | -');
  });

  it('puts a dash for a missing business number (a draft)', () => {
    expect(cardSubtitle({ businessNo: null, representName: '김대표' })).toBe('- | 김대표');
    expect(cardSubtitle({ businessNo: null, representName: null })).toBe('- | -');
  });
});

type Tree = { [key: string]: string | Tree };
const lookup = (tree: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree);
const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );

describe('status texts', () => {
  it('has the status filter options NONE plus every facility status (docs/rules.md#home)', () => {
    expect(statusFilterOptions).toEqual(['NONE', ...gymStatuses]);
  });

  for (const language of ['en', 'ko'] as const) {
    const texts = resources[language].translation;

    it(`labels every filter option and every status in ${language}`, () => {
      for (const option of statusFilterOptions) {
        expect(lookup(texts, statusFilterLabelKey(option)), option).toEqual(expect.any(String));
      }
    });

    it(`says what to do next for every status in ${language}`, () => {
      for (const status of gymStatuses) {
        expect(lookup(texts, `home.detail.${status}.title`), status).toEqual(expect.any(String));
        expect(lookup(texts, `home.detail.${status}.body`), status).toEqual(expect.any(String));
      }
    });

    it(`names every quick link in ${language}`, () => {
      for (const link of QUICK_LINKS) {
        expect(lookup(texts, `${link.resource}.titles.list`), link.resource).toEqual(expect.any(String));
      }
    });
  }

  it('has the same keys in English and Korean', () => {
    expect(keysOf(ko as Tree).sort()).toEqual(keysOf(en as Tree).sort());
  });

  it('mentions the 3 to 5 business days of the review (docs/rules.md#verification)', () => {
    expect(en.home.detail.REQUEST.body).toContain('3 to 5 business days');
    expect(ko.home.detail.REQUEST.body).toContain('3~5일');
  });
});

describe('quickLinksFor', () => {
  it('offers no link without rights', () => {
    expect(quickLinksFor(null)).toEqual([]);
  });

  it('offers every link to the representative', () => {
    expect(quickLinksFor({ ...allFlags(false), representYn: true })).toEqual(QUICK_LINKS);
  });

  it('follows the flags of another set, and keeps the permission sets for the representative', () => {
    const rights = { ...allFlags(false), consultUseYn: true, representYn: false };
    expect(quickLinksFor(rights).map((link) => link.path)).toEqual(['/memberManage/consult-list']);
  });
});
