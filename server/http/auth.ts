import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { MemberRow } from '../db/schema/index.ts';
import type { SessionRepository } from '../modules/auth/session.repository.ts';
import { AUTH_CACHE_TTL_MS, type AuthCacheOptions, createTtlCache } from './auth-cache.ts';
import { unauthenticated } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    member: MemberRow | null;
    sessionTokenHash: string | null;
    sessionExpired: boolean;
  }
}

export const SESSION_COOKIE = 'sid';

type ValidSession = Extract<Awaited<ReturnType<SessionRepository['resolve']>>, { state: 'valid' }>;

/**
 * Resolves the `sid` cookie to a member on every /web request that carries one. A valid session is kept for a
 * few seconds (server/http/auth-cache.ts), keyed by the token's SHA-256; `clear()` on the returned cache forgets
 * them all, as every successful write does (server/app.ts).
 */
export const registerSessionResolver = (
  app: FastifyInstance,
  sessions: SessionRepository,
  cacheOptions: AuthCacheOptions = { ttlMs: AUTH_CACHE_TTL_MS },
) => {
  const cache = createTtlCache<ValidSession>(cacheOptions);
  app.decorateRequest('member', null);
  app.decorateRequest('sessionTokenHash', null);
  app.decorateRequest('sessionExpired', false);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/web/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 128) return;
    const key = createHash('sha256').update(token).digest('base64');
    let resolved = cache.get(key);
    if (!resolved) {
      const generation = cache.generation;
      const fresh = await sessions.resolve(token);
      if (fresh.state !== 'valid') {
        request.sessionExpired = fresh.state === 'expired';
        return;
      }
      cache.set(key, fresh, generation);
      resolved = fresh;
    }
    request.member = resolved.member;
    request.sessionTokenHash = resolved.tokenHash;
  });
  return cache;
};

/** The signed-in member, or 401 (saying so when the session has just expired). */
export const requireMember = (request: FastifyRequest): MemberRow => {
  if (!request.member) throw unauthenticated(request.sessionExpired ? 'sessionExpired' : 'UNAUTHENTICATED');
  return request.member;
};

export const setSessionCookie = (
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  config: Pick<Config, 'cookieSecure' | 'session'>,
) => {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: config.cookieSecure === 'auto' ? request.protocol === 'https' : config.cookieSecure,
    maxAge: Math.floor(config.session.absoluteMs / 1000),
  });
};

export const clearSessionCookie = (reply: FastifyReply) => {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax' });
};
