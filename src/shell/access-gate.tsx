import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { decidePathAccess, requirementOf } from '#domain/access.ts';
import { useFacility } from '../facility/facility-context.tsx';
import { AccessGuardPage } from '../pages/errors/access-guard-page.tsx';
import { NoFacilityPage } from '../pages/errors/no-facility-page.tsx';
import { NoPermissionPage } from '../pages/errors/no-permission-page.tsx';
import { useAccessContext } from './access-context-sync.tsx';
import { PageSpinner } from './page-spinner.tsx';

/**
 * docs/rules.md#access-table: a page renders only when the permission table (domain/access.ts) allows it in
 * the selected facility. Otherwise: the access guard ("No access permission.", naming the missing right, with a
 * way back to HOME), the no-permission page for an
 * add-on that is not APPROVE, or a page asking to choose an active facility.
 */
export function AccessGate({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  const context = useAccessContext();
  const { contextLoading } = useFacility();
  const requirement = requirementOf(pathname);
  if (requirement?.rights && !context.isSuperadmin && contextLoading) return <PageSpinner />;
  const decision = decidePathAccess(pathname, context);
  if (decision.allowed) return children;
  if (decision.reason === 'noFacility') return <NoFacilityPage />;
  if (decision.reason === 'subService') return <NoPermissionPage />;
  return <AccessGuardPage inShell missing={decision.missing} />;
}
