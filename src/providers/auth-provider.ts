import type { AuthProvider } from '@refinedev/core';
import type { Login, MemberJoin } from '#domain/schemas/member.ts';
import { clearListStates } from '../resources/list-state.ts';
import { ROUTES } from '../routes.ts';
import type { SessionStore } from '../session/session-store.ts';
import type { StoredSession } from '../session/stored-session.ts';
import { type AppHttpError, isHttpError, statusOf, type Translate } from './http-error.ts';
import type { MemberApi } from './member-api.ts';

export type AuthProviderDeps = {
  members: Pick<MemberApi, 'login' | 'logout' | 'validate' | 'join'>;
  session: SessionStore;
  stored: StoredSession;
  translate: Translate;
};

const asError = (error: unknown): Error | AppHttpError =>
  error instanceof Error || isHttpError(error) ? error : new Error(String(error));

/**
 * Cookie sessions (docs/rules.md#session): the server holds the session; the client keeps the member and an
 * id hint.
 */
export const createAuthProvider = ({
  members,
  session,
  stored,
  translate,
}: AuthProviderDeps): AuthProvider => ({
  login: async ({ userId, password }: Login) => {
    try {
      const member = await members.login({ userId, password });
      stored.setId(member.id);
      session.setMember(member);
      return { success: true, redirectTo: ROUTES.HOME };
    } catch (error) {
      return { success: false, error: asError(error) };
    }
  },

  logout: async () => {
    try {
      await members.logout();
    } catch (error) {
      // The local session ends anyway; the cookie expires on its own.
      console.warn('Logout request failed', statusOf(error));
    }
    stored.clearId();
    clearListStates();
    session.setMember(null);
    return { success: true, redirectTo: ROUTES.LOGIN };
  },

  check: async () => {
    try {
      const member = await members.validate();
      stored.setId(member.id);
      session.setMember(member);
      return { authenticated: true };
    } catch (error) {
      console.info('Cookie validation failed', statusOf(error));
      return {
        authenticated: false,
        redirectTo: ROUTES.LOGIN,
        logout: statusOf(error) === 401,
        error: asError(error),
      };
    }
  },

  getIdentity: async () => {
    const member = session.getMember();
    if (member) return member;
    try {
      return await members.validate();
    } catch {
      return null;
    }
  },

  // Only a lost session logs out: 403, 404 and 500 are the page's business.
  onError: async (error: unknown) =>
    statusOf(error) === 401 ? { logout: true, redirectTo: ROUTES.LOGIN, error: asError(error) } : {},

  register: async (values: MemberJoin) => {
    try {
      await members.join(values);
      return {
        success: true,
        redirectTo: ROUTES.LOGIN,
        successNotification: { message: translate('join.success') },
      };
    } catch (error) {
      return { success: false, error: asError(error) };
    }
  },
});
