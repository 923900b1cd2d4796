// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { clearListStates, listStateKey, readListState, writeListState } from './list-state.ts';

describe('list state in sessionStorage', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('keeps filters, sort and page per list and facility', () => {
    const key = listStateKey('gym-member', 7);
    const state = {
      values: { q: '김', status: 'ACTIVE' },
      sorters: [{ field: 'id', order: 'desc' as const }],
      currentPage: 3,
      pageSize: 50,
    };
    writeListState(key, state);
    expect(readListState(key)).toEqual(state);
    expect(readListState(listStateKey('gym-member', 8))).toBeUndefined();
  });

  it('ignores an entry that is not a list state', () => {
    const key = listStateKey('gym-auth', 1);
    window.sessionStorage.setItem(
      key,
      '{"values":{},"sorters":[{"field":"id","order":"sideways"}],"currentPage":1,"pageSize":20}',
    );
    expect(readListState(key)).toBeUndefined();
    window.sessionStorage.setItem(key, 'not json');
    expect(readListState(key)).toBeUndefined();
  });

  it('clears every list state at sign-out and nothing else', () => {
    writeListState(listStateKey('a', 1), { values: {}, sorters: [], currentPage: 1, pageSize: 20 });
    writeListState(listStateKey('b', null), { values: {}, sorters: [], currentPage: 2, pageSize: 20 });
    window.sessionStorage.setItem('other', 'kept');
    clearListStates();
    expect(readListState(listStateKey('a', 1))).toBeUndefined();
    expect(readListState(listStateKey('b', null))).toBeUndefined();
    expect(window.sessionStorage.getItem('other')).toBe('kept');
  });
});
