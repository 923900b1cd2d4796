import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from './page-spinner.tsx';

/** SPEC §2.3 points 2 and 3: the plain full-screen layout of /pay/req and /reservation/req. */
export function PlainLayout() {
  return (
    <div className="fd-plain">
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
