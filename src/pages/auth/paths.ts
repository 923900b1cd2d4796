import { ROUTES } from '../../routes.ts';

/**
 * The sign-in pages served by the light sign-in entry instead of the back-office (docs/architecture.md#web-app):
 * LOGIN and the two join pages.
 */
export const SIGN_IN_PATHS = [ROUTES.LOGIN, ROUTES.JOIN, ROUTES.JOIN_WORKER] as const;
export type SignInPath = (typeof SIGN_IN_PATHS)[number];

const withoutTrailingSlash = (pathname: string): string =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;

/** The sign-in page at a path (a trailing slash is ignored), or null when the path is not one. */
export const signInPathOf = (pathname: string): SignInPath | null => {
  const path = withoutTrailingSlash(pathname);
  return (SIGN_IN_PATHS as readonly string[]).includes(path) ? (path as SignInPath) : null;
};

/** The password reset: a step of LOGIN rather than a page of its own (docs/rules.md#password-reset). */
export const RESET_PATH = `${ROUTES.LOGIN}?reset`;

/** Only a path inside the app is a place to return to after login (no open redirect through ?to=). */
export const safeReturnPath = (value: unknown): string | undefined =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')
    ? value
    : undefined;
