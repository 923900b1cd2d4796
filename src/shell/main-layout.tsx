import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AccessGate } from './access-gate.tsx';
import { AppHeader } from './app-header.tsx';
import { layoutOf } from './layout-of.ts';
import { PageSpinner } from './page-spinner.tsx';
import { SelectionRules } from './selection-rules.tsx';
import { IconRail, SideMenu } from './side-menu.tsx';
import { useIsMobile } from './use-is-mobile.ts';

/**
 * docs/rules.md#app-shell: the default layout: the 80 px header, then the 50 px icon rail (HOME,
 * PAYMENT_METHOD, PROFILE) or the 200 px side menu, beside content at least 900 px wide. Pages render behind
 * the access gate. On a phone (up to 767 px, docs/DECISIONS.md) the menu is a drawer opened from the header,
 * and the content takes the screen's width.
 */
export function MainLayout() {
  const { pathname } = useLocation();
  const mobile = useIsMobile();
  const layout = layoutOf(pathname);
  const rail = layout.kind === 'main' && layout.menu === 'rail';
  return (
    <div className={mobile ? 'fd-shell is-mobile' : 'fd-shell'}>
      {mobile ? <MobileHeader /> : <AppHeader />}
      <SelectionRules />
      <div className="fd-shell-body">
        {mobile ? null : rail ? <IconRail /> : <SideMenu />}
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

const MobileMenu = lazy(() => import('./mobile-menu.tsx').then((m) => ({ default: m.MobileMenu })));

/**
 * The phone's header and its menu drawer: the pages, the member's name, the language and logout. The drawer loads
 * when it is first opened, and stays mounted after, so that it closes as it opened.
 */
function MobileHeader() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  // A chosen page closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger.
  useEffect(() => setOpen(false), [pathname]);
  const toggle = () => {
    setOpened(true);
    setOpen((value) => !value);
  };
  return (
    <>
      <AppHeader mobile menuOpen={open} onMenuToggle={toggle} />
      {opened ? (
        <Suspense fallback={null}>
          <MobileMenu open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
