import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The origin the request came to, as the browser would write it (scheme, host, a port other than the scheme's
 * default), or undefined for a host header no URL can hold. Both parts honour `X-Forwarded-Proto` and
 * `X-Forwarded-Host` only when TRUST_PROXY is on (Fastify's `request.protocol` and `request.host`).
 */
const ownOrigin = (request: FastifyRequest): string | undefined => {
  const scheme = String(request.protocol ?? 'http')
    .trim()
    .toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') return undefined;
  try {
    return new URL(`${scheme}://${request.host}`).origin;
  } catch {
    return undefined;
  }
};

/**
 * Refuses state-changing requests that the browser marks as cross-site (docs/architecture.md#request-path).
 * The session cookie is SameSite=Lax already; this closes the gaps Lax leaves (top-level POSTs, old browsers).
 * An `Origin` is same-origin only when its scheme and its host (with the port) are the request's own: a page at
 * `https://host` is another origin than the API at `http://host`.
 */
export const registerCsrfGuard = (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE.has(request.method)) return;
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite === 'cross-site') throw new AppError('FORBIDDEN', 'crossSite');
    const origin = request.headers.origin;
    if (origin === undefined) return;
    let from: string | undefined;
    try {
      from = origin === 'null' ? undefined : new URL(origin).origin;
    } catch {
      from = undefined;
    }
    const own = ownOrigin(request);
    if (!from || !own || from !== own) throw new AppError('FORBIDDEN', 'crossSite');
  });
};
