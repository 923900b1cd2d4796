import { useSyncExternalStore } from 'react';

/** docs/rules.md#limits-and-constants: mobile is up to 767 px. */
export const MOBILE_QUERY = '(max-width: 767px)';

const mediaQuery = (): MediaQueryList | null =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(MOBILE_QUERY)
    : null;

const subscribe = (onChange: () => void): (() => void) => {
  const query = mediaQuery();
  if (!query?.addEventListener) return () => {};
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

const isMobileNow = (): boolean => mediaQuery()?.matches ?? false;

/** True on a phone-sized viewport; follows the viewport as it changes. */
export const useIsMobile = (): boolean => useSyncExternalStore(subscribe, isMobileNow, () => false);
