import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useFacility } from '../facility/facility-context.tsx';
import { AccessGuardPage } from '../pages/errors/access-guard-page.tsx';
import { NoFacilityPage } from '../pages/errors/no-facility-page.tsx';
import { decideResourceAccess } from '../providers/access-control-provider.ts';
import { useAccessContext } from '../shell/access-context-sync.tsx';
import { PageSpinner } from '../shell/page-spinner.tsx';
import type { RegisteredResource } from './registry.ts';

/** The Refine action of a screen path: /<name>, /<name>/create, /<name>/edit/:id, /<name>/show/:id. */
export const screenActionOf = (pathname: string, base: string): 'list' | 'create' | 'edit' | 'show' => {
  const rest = pathname.slice(base.length).split('/').filter(Boolean)[0];
  return rest === 'create' || rest === 'edit' || rest === 'show' ? rest : 'list';
};

/**
 * A generic screen opens only when the resource's rule allows it in the selected facility
 * (docs/rules.md#access-table).
 */
export function ScreenAccess({ entry, children }: { entry: RegisteredResource; children?: ReactNode }) {
  const { pathname } = useLocation();
  const context = useAccessContext();
  const { contextLoading } = useFacility();
  if (contextLoading) return <PageSpinner />;
  const action = screenActionOf(pathname, `/${entry.declaration.name}`);
  const decision = decideResourceAccess(
    { access: entry.declaration.access, area: entry.area },
    action,
    context,
  );
  if (decision.allowed) return children;
  return decision.reason === 'noFacility' ? <NoFacilityPage /> : <AccessGuardPage inShell />;
}
