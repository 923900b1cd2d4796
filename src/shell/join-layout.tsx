import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { useSession } from '../session/session-context.tsx';
import { AuthCard } from './auth-card.tsx';
import { PageSpinner } from './page-spinner.tsx';

/**
 * docs/rules.md#routes-and-layouts: the join pages' card; entering it clears the stored registration value
 * and the stored id.
 */
export function JoinLayout() {
  const { stored } = useSession();

  useEffect(() => {
    stored.clearRegistration();
    stored.clearId();
  }, [stored]);

  return (
    <AuthCard>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </AuthCard>
  );
}
