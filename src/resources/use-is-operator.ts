import { useSessionMember } from '../session/session-context.tsx';

/** The platform operator (SUPERADMIN) lists across facilities; staff only see their own. */
export const useIsOperator = (): boolean => useSessionMember()?.authCode === 'SUPERADMIN';
