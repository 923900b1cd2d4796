import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses state-changing requests that the browser marks as cross-site (docs/architecture.md#request-path).
 * The session cookie is SameSite=Lax already; this closes the gaps Lax leaves (top-level POSTs, old browsers).
 */
export const registerCsrfGuard = (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE.has(request.method)) return;
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite === 'cross-site') throw new AppError('FORBIDDEN', 'crossSite');
    const origin = request.headers.origin;
    if (origin === undefined) return;
    let originHost: string | undefined;
    try {
      originHost = origin === 'null' ? undefined : new URL(origin).host;
    } catch {
      originHost = undefined;
    }
    // request.host honours X-Forwarded-Host only when TRUST_PROXY is on.
    if (!originHost || originHost !== request.host) throw new AppError('FORBIDDEN', 'crossSite');
  });
};
