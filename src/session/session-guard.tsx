import type { ReactNode } from 'react';
import { useSessionRestore } from './use-session-restore.ts';

/**
 * Runs the session rules (docs/rules.md#session) for the whole app. It shows `fallback` instead of the page
 * while a visitor without a member is checked and sent to the landing, so the page never starts its own calls
 * meanwhile.
 */
export function SessionGuard({ children, fallback = null }: { children?: ReactNode; fallback?: ReactNode }) {
  const mayRender = useSessionRestore();
  return mayRender ? children : fallback;
}
