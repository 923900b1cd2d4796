import type { Member } from '#domain/schemas/member.ts';

/**
 * The signed-in member (docs/rules.md#session), readable outside React so that the auth provider can set it.
 */
export type SessionStore = {
  getMember: () => Member | null;
  setMember: (member: Member | null) => void;
  subscribe: (listener: () => void) => () => void;
};

export const createSessionStore = (initial: Member | null = null): SessionStore => {
  let member = initial;
  const listeners = new Set<() => void>();
  return {
    getMember: () => member,
    setMember: (next) => {
      if (next === member) return;
      member = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};
