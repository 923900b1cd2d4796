import { useTranslate } from '@refinedev/core';
import { HomeButton } from './home-button.tsx';
import { StatusPage } from './status-page.tsx';

/**
 * docs/rules.md#access-table: the page belongs to an add-on service that this facility or member may not use.
 */
export function NoPermissionPage() {
  const translate = useTranslate();
  return (
    <StatusPage
      status="403"
      title={translate('guard.noPermission.title')}
      description={translate('guard.noPermission.description')}
      actions={<HomeButton />}
    />
  );
}
