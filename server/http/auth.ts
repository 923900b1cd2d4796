import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { MemberRow } from '../db/schema/index.ts';
import type { SessionRepository } from '../modules/auth/session.repository.ts';
import { unauthenticated } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    member: MemberRow | null;
    sessionTokenHash: string | null;
    sessionExpired: boolean;
  }
}

export const SESSION_COOKIE = 'sid';

/** Resolves the `sid` cookie to a member on every /web request that carries one. */
export const registerSessionResolver = (app: FastifyInstance, sessions: SessionRepository) => {
  app.decorateRequest('member', null);
  app.decorateRequest('sessionTokenHash', null);
  app.decorateRequest('sessionExpired', false);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/web/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 128) return;
    const resolved = await sessions.resolve(token);
    if (resolved.state === 'valid') {
      request.member = resolved.member;
      request.sessionTokenHash = resolved.tokenHash;
    } else {
      request.sessionExpired = resolved.state === 'expired';
    }
  });
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
