import type { AuthProvider, CheckResponse } from '@refinedev/core';
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
}: AuthProviderDeps): AuthProvider => {
  // Moves on as a sign-in or a sign-out starts and as it ends. A check on its way meanwhile may answer for the
  // session before: it must not store that member again over a logout (docs/rules.md#session), so it is asked again.
  let epoch = 0;

  const check = async (): Promise<CheckResponse> => {
    const started = epoch;
    let member: Awaited<ReturnType<typeof members.validate>>;
    try {
      member = await members.validate();
    } catch (error) {
      if (epoch !== started) return check();
      console.info('Cookie validation failed', statusOf(error));
      return {
        authenticated: false,
        redirectTo: ROUTES.LOGIN,
        logout: statusOf(error) === 401,
        error: asError(error),
      };
    }
    if (epoch !== started) return check();
    stored.setId(member.id);
    session.setMember(member);
    return { authenticated: true };
  };

  return {
    login: async ({ userId, password }: Login) => {
      epoch++;
      try {
        const member = await members.login({ userId, password });
        epoch++;
        stored.setId(member.id);
        session.setMember(member);
        return { success: true, redirectTo: ROUTES.HOME };
      } catch (error) {
        return { success: false, error: asError(error) };
      }
    },

    logout: async () => {
      epoch++;
      try {
        await members.logout();
      } catch (error) {
        // The local session ends anyway; the cookie expires on its own.
        console.warn('Logout request failed', statusOf(error));
      }
      epoch++;
      stored.clearId();
      clearListStates();
      session.setMember(null);
      return { success: true, redirectTo: ROUTES.LOGIN };
    },

    check,

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
  };
};
