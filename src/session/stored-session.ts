/**
 * sessionStorage keys (docs/rules.md#session, docs/rules.md#routes-and-layouts): the member id hint and the
 * join pages' registration value.
 */
export const STORED_ID_KEY = 'id';
export const REGISTRATION_KEY = 'registration';

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type StoredSession = {
  getId: () => number | null;
  setId: (id: number) => void;
  clearId: () => void;
  clearRegistration: () => void;
};

/** Storage can throw (disabled, private mode, quota): treat that as "nothing stored". */
export const attempt = <T>(action: () => T, fallback: T): T => {
  try {
    return action();
  } catch {
    return fallback;
  }
};

export const createStoredSession = (storage: KeyValueStorage | undefined): StoredSession => ({
  getId: () => {
    const raw = attempt(() => storage?.getItem(STORED_ID_KEY) ?? null, null);
    const id = raw === null ? Number.NaN : Number(raw);
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  },
  setId: (id) => attempt(() => storage?.setItem(STORED_ID_KEY, String(id)), undefined),
  clearId: () => attempt(() => storage?.removeItem(STORED_ID_KEY), undefined),
  clearRegistration: () => attempt(() => storage?.removeItem(REGISTRATION_KEY), undefined),
});

/** The tab's sessionStorage, or nothing where it is missing or denied. */
export const browserSessionStorage = (): KeyValueStorage | undefined =>
  attempt(() => (typeof window === 'undefined' ? undefined : window.sessionStorage), undefined);
