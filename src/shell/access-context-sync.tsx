import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { AccessContext } from '#domain/access.ts';
import { useFacility } from '../facility/facility-context.tsx';
import type { AccessContextStore } from '../providers/access-control-provider.ts';
import { useSessionMember } from '../session/session-context.tsx';

/** The access context of the signed-in member in the selected facility. */
export const useAccessContext = (): AccessContext => {
  const member = useSessionMember();
  const { rights, approvedSubServices } = useFacility();
  return { isSuperadmin: member?.authCode === 'SUPERADMIN', rights, approvedSubServices };
};

/**
 * Mirrors the facility context into the access control provider's store, and drops Refine's cached answers
 * (query key ['access', …]) whenever it changes, so buttons follow a new facility or permission set.
 */
export function AccessContextSync({ store }: { store: AccessContextStore }) {
  const context = useAccessContext();
  const queryClient = useQueryClient();
  const { isSuperadmin, rights, approvedSubServices } = context;
  const signature = JSON.stringify([isSuperadmin, rights, [...approvedSubServices].sort()]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for the context's contents.
  useEffect(() => {
    store.set(context);
    void queryClient.invalidateQueries({ queryKey: ['access'] });
  }, [signature, store, queryClient]);
  return null;
}
