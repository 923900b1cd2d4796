import { useTranslate } from '@refinedev/core';
import { HomeButton } from './home-button.tsx';
import { StatusPage } from './status-page.tsx';

/** The page works on the selected ACTIVE facility (docs/rules.md#facility-selection) and none is selected. */
export function NoFacilityPage() {
  const translate = useTranslate();
  return (
    <StatusPage
      status="info"
      title={translate('guard.noFacility.title')}
      description={translate('guard.noFacility.description')}
      actions={<HomeButton />}
    />
  );
}
