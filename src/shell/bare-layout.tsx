import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AccessGate } from './access-gate.tsx';
import { PageSpinner } from './page-spinner.tsx';
import { SelectionRules } from './selection-rules.tsx';

/**
 * docs/rules.md#routes-and-layouts: the bare layout (CRM): no header and no side menu, behind the same access gate
 * as the main layout, for a front-desk monitor in full screen.
 */
export function BareLayout() {
  return (
    <>
      <SelectionRules />
      <main>
        <AccessGate>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </AccessGate>
      </main>
    </>
  );
}
