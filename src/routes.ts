import { ROUTE_NAMES } from '#domain/routes.ts';

/**
 * The route names (docs/rules.md#routes-and-layouts) with their paths (domain/routes.ts), plus the join pages
 * and the operator console. A name here is not a promise that its page exists: App.tsx registers only the
 * built pages.
 */
export const ROUTES = {
  ...ROUTE_NAMES,
  JOIN: '/join',
  JOIN_WORKER: '/join/worker',
  /** The operator console (SUPERADMIN); the owner resource screens sit at /<resource name>. */
  ADMIN: '/admin',
} as const;

export type RouteName = keyof typeof ROUTES;

/**
 * Where a visitor with no session lands (docs/rules.md#session): SELECT, the public landing. It is served by
 * the light marketing entry (src/main.tsx picks the entry by path), outside the back-office router, so the
 * back-office goes there with a full navigation.
 */
export const ANONYMOUS_LANDING: string = ROUTES.SELECT;

/**
 * Pages a visitor may stay on without a member: LOGIN and SELECT (docs/rules.md#session), plus the two join
 * pages.
 */
const PUBLIC_PATHS: ReadonlySet<string> = new Set([
  ROUTES.LOGIN,
  ROUTES.SELECT,
  ROUTES.JOIN,
  ROUTES.JOIN_WORKER,
  // The customer's own booking page opens with its link's token, not a session (docs/rules.md#self-booking).
  '/reservation/req',
  // The customer's payment-request page, likewise (docs/rules.md#payment-requests).
  '/pay/req',
]);

const withoutTrailingSlash = (pathname: string): string =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;

/**
 * The consulting tablet runs on its own token, not a session (docs/rules.md#consulting): a tablet whose opener's
 * session has ended stays where it is.
 */
const isConsultingTablet = (pathname: string): boolean => /^\/consulting(\/|$)/.test(pathname);

export const isPublicPath = (pathname: string): boolean =>
  PUBLIC_PATHS.has(withoutTrailingSlash(pathname)) || isConsultingTablet(pathname);

/**
 * docs/rules.md#session: with no member and no stored id, anywhere but a public page, replace the location
 * with the landing.
 */
export const shouldSendToLanding = (state: {
  pathname: string;
  hasMember: boolean;
  hasStoredId: boolean;
}): boolean => !state.hasMember && !state.hasStoredId && !isPublicPath(state.pathname);
