import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * The back-office's LOGIN and join routes: those pages are the light sign-in entry's (src/main.tsx,
 * docs/architecture.md#web-app), so a navigation to them inside the back-office (a logout, a lost session) becomes a
 * full page load.
 */
export function LeaveForSignIn() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.location.replace(pathname + search);
  }, [pathname, search]);
  return null;
}
