import { ROUTES } from '../routes.ts';

/**
 * The public pages served by the light marketing entry instead of the back-office
 * (docs/architecture.md#web-app).
 */
export const MARKETING_ROUTES = {
  landing: ROUTES.SELECT,
  terms: '/terms',
  privacy: '/privacy',
} as const;

export type MarketingPage = keyof typeof MARKETING_ROUTES;

const byPath = new Map<string, MarketingPage>(
  Object.entries(MARKETING_ROUTES).map(([page, path]) => [path, page as MarketingPage]),
);

/** The marketing page at a path (a trailing slash is ignored), or null when the path belongs to the back-office. */
export const marketingPageOf = (pathname: string): MarketingPage | null =>
  byPath.get(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname) ?? null;
