import { normalizePath, ROUTE_NAMES } from '#domain/routes.ts';
import { ROUTES } from '../routes.ts';

/**
 * docs/rules.md#routes-and-layouts, by path:
 * - `consulting`: the tablet consulting area, which needs `gymId` and an APPROVE CONSULT add-on;
 * - `plain`: the full-screen request pages (/pay/req, /reservation/req);
 * - `join`: the centred join card;
 * - `bare`: no header and no side menu (LOGIN, ENTRY, SELECT, CRM);
 * - `main`: the header with the 50 px icon rail (HOME, PAYMENT_METHOD, PROFILE) or the 200 px side menu.
 */
export type ShellLayout =
  | { kind: 'consulting' | 'plain' | 'join' | 'bare' }
  | { kind: 'main'; menu: 'rail' | 'full' };

/**
 * docs/rules.md#routes-and-layouts: the first 10 characters of the first path segment are compared with this
 * prefix.
 */
export const CONSULTING_PREFIX = 'consulting';

const PLAIN_PAGES: readonly string[] = ['/pay/req', '/reservation/req'];
const JOIN_PAGES: readonly string[] = [ROUTES.JOIN, ROUTES.JOIN_WORKER];
const BARE_PAGES: readonly string[] = [
  ROUTE_NAMES.LOGIN,
  ROUTE_NAMES.ENTRY,
  ROUTE_NAMES.SELECT,
  ROUTE_NAMES.CRM,
];
const RAIL_PAGES: readonly string[] = [ROUTE_NAMES.HOME, ROUTE_NAMES.PAYMENT_METHOD, ROUTE_NAMES.PROFILE];

export const firstSegment = (pathname: string): string => normalizePath(pathname).split('/')[1] ?? '';

export const layoutOf = (pathname: string): ShellLayout => {
  const path = normalizePath(pathname);
  if (firstSegment(path).slice(0, CONSULTING_PREFIX.length) === CONSULTING_PREFIX)
    return { kind: 'consulting' };
  if (PLAIN_PAGES.includes(path)) return { kind: 'plain' };
  if (JOIN_PAGES.includes(path)) return { kind: 'join' };
  if (BARE_PAGES.includes(path)) return { kind: 'bare' };
  return { kind: 'main', menu: RAIL_PAGES.includes(path) ? 'rail' : 'full' };
};
