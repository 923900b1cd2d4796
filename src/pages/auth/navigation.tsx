import {
  createContext,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { type SignInPath, signInPathOf } from './paths.ts';

// A few lines instead of a router: the sign-in entry has three pages; any other path is a full page load into the
// entry that serves it (src/main.tsx), the back-office after a sign-in.

type NavigateOptions = {
  replace?: boolean;
  /** A short notice for the next sign-in page (the back-office showed a toast). */
  notice?: string;
};

type Navigation = {
  path: SignInPath;
  search: URLSearchParams;
  notice: string | null;
  navigate: (to: string, options?: NavigateOptions) => void;
};

const NavigationContext = createContext<Navigation | null>(null);

const listeners = new Set<() => void>();
const subscribe = (onChange: () => void) => {
  listeners.add(onChange);
  window.addEventListener('popstate', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('popstate', onChange);
  };
};
const currentLocation = (): string => window.location.pathname + window.location.search;

export function NavigationProvider({ children }: { children?: ReactNode }) {
  const location = useSyncExternalStore(subscribe, currentLocation);
  const [notice, setNotice] = useState<string | null>(null);

  const navigate = useCallback((to: string, { replace = false, notice: next }: NavigateOptions = {}) => {
    const url = new URL(to, window.location.origin);
    if (signInPathOf(url.pathname) === null) {
      // The back-office (or a public page) is another entry: a full page load.
      if (replace) window.location.replace(url.href);
      else window.location.assign(url.href);
      return;
    }
    setNotice(next ?? null);
    window.history[replace ? 'replaceState' : 'pushState'](null, '', url.pathname + url.search + url.hash);
    window.scrollTo(0, 0);
    for (const listener of listeners) listener();
  }, []);

  const value = useMemo<Navigation>(() => {
    const url = new URL(location, window.location.origin);
    return {
      path: signInPathOf(url.pathname) ?? '/login',
      search: url.searchParams,
      notice,
      navigate,
    };
  }, [location, notice, navigate]);

  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

export const useNavigation = (): Navigation => {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('useNavigation needs a <NavigationProvider>.');
  return navigation;
};

/** A link to another sign-in page, followed in place; a modified click keeps the browser's own behaviour. */
export function Link({ to, children }: { to: string; children?: ReactNode }) {
  const { navigate } = useNavigation();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>): void => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={to} onClick={handleClick}>
      {children}
    </a>
  );
}
