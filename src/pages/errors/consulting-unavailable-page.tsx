import { useTranslate } from '@refinedev/core';
import { HomeButton } from './home-button.tsx';
import { StatusPage } from './status-page.tsx';

/**
 * docs/rules.md#add-ons: the consulting layout's page for a facility without an APPROVE CONSULT add-on. That
 * layout has no shell, so the page fills the window unless told otherwise.
 */
export function ConsultingUnavailablePage({ fullScreen = true }: { fullScreen?: boolean }) {
  const translate = useTranslate();
  return (
    <StatusPage
      fullScreen={fullScreen}
      status="warning"
      title={translate('unavailable.consulting.title')}
      description={translate('unavailable.consulting.description')}
      actions={<HomeButton />}
    />
  );
}
