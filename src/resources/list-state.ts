import type { CrudSort } from '@refinedev/core';
import type { FilterValues } from './filters.ts';

/**
 * A list's applied filters, sort and page, kept per list and facility in the tab's sessionStorage
 * (docs/rules.md#lists-and-search), so that Back from a record finds the list as it was. Not in the URL: a
 * filter may hold a person's name or phone number. Signing out clears them all.
 */
export type ListState = { values: FilterValues; sorters: CrudSort[]; currentPage: number; pageSize: number };

const PREFIX = 'fitdesk.list.';

export const listStateKey = (identifier: string, gymId: number | null | undefined): string =>
  `${PREFIX}${identifier}.${gymId ?? 'all'}`;

const storage = (): Storage | undefined => {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isSort = (value: unknown): value is CrudSort =>
  isRecord(value) && typeof value.field === 'string' && (value.order === 'asc' || value.order === 'desc');

const isPage = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/** The kept state, or undefined when there is none or it is not one (an old or tampered entry is ignored). */
export const readListState = (key: string): ListState | undefined => {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(key) ?? 'null');
    if (!isRecord(parsed) || !isRecord(parsed.values) || !Array.isArray(parsed.sorters)) return undefined;
    if (!parsed.sorters.every(isSort) || !isPage(parsed.currentPage) || !isPage(parsed.pageSize))
      return undefined;
    return {
      values: parsed.values as FilterValues,
      sorters: parsed.sorters,
      currentPage: parsed.currentPage,
      pageSize: parsed.pageSize,
    };
  } catch {
    return undefined;
  }
};

export const writeListState = (key: string, state: ListState): void => {
  try {
    storage()?.setItem(key, JSON.stringify(state));
  } catch {
    // A full or denied storage only loses the convenience.
  }
};

/** Every kept list state of this tab (at sign-out). */
export const clearListStates = (): void => {
  const store = storage();
  if (!store) return;
  try {
    const keys = Array.from({ length: store.length }, (_, i) => store.key(i)).filter(
      (key): key is string => key?.startsWith(PREFIX) ?? false,
    );
    for (const key of keys) store.removeItem(key);
  } catch {
    // As above.
  }
};
