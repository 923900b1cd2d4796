import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import type { Member } from '#domain/schemas/member.ts';
import type { SessionStore } from './session-store.ts';
import type { StoredSession } from './stored-session.ts';

export type SessionServices = {
  store: SessionStore;
  stored: StoredSession;
  fetchMember: (id: number) => Promise<Member>;
  /** The member of the session cookie (GET validate); rejects without a session. */
  validate: () => Promise<Member>;
  /** Replaces the page with the anonymous landing. */
  goToLanding: () => void;
};

const SessionContext = createContext<SessionServices | null>(null);

export function SessionProvider({ value, children }: { value: SessionServices; children?: ReactNode }) {
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export const useSession = (): SessionServices => {
  const services = useContext(SessionContext);
  if (!services) throw new Error('useSession needs a <SessionProvider>.');
  return services;
};

/** The signed-in member, or null; re-renders when it changes. */
export const useSessionMember = (): Member | null => {
  const { store } = useSession();
  return useSyncExternalStore(store.subscribe, store.getMember, store.getMember);
};
