import { useSessionRestore } from './use-session-restore.ts';

/** Runs the session rules of SPEC §4 for the whole app; renders nothing. */
export function SessionGuard() {
  useSessionRestore();
  return null;
}
