import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AccessGate } from './access-gate.tsx';
import { AppHeader } from './app-header.tsx';
import { layoutOf } from './layout-of.ts';
import { PageSpinner } from './page-spinner.tsx';
import { SelectionRules } from './selection-rules.tsx';
import { IconRail, SideMenu } from './side-menu.tsx';

/**
 * docs/rules.md#app-shell: the default layout: the 80 px header, then the 50 px icon rail (HOME,
 * PAYMENT_METHOD, PROFILE) or the 200 px side menu, beside content at least 900 px wide. Pages render behind
 * the access gate.
 */
export function MainLayout() {
  const { pathname } = useLocation();
  const layout = layoutOf(pathname);
  const rail = layout.kind === 'main' && layout.menu === 'rail';
  return (
    <div className="fd-shell">
      <AppHeader />
      <SelectionRules />
      <div className="fd-shell-body">
        {rail ? <IconRail /> : <SideMenu />}
        <main className="fd-shell-content">
          <AccessGate>
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </AccessGate>
        </main>
      </div>
    </div>
  );
}
