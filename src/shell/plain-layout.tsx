import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from './page-spinner.tsx';

/** docs/rules.md#routes-and-layouts: the plain full-screen layout of /pay/req and /reservation/req. */
export function PlainLayout() {
  return (
    <div className="fd-plain">
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
