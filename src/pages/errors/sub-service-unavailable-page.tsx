import { useTranslate } from '@refinedev/core';
import type { SubServiceType } from '#domain/enums.ts';
import { HomeButton } from './home-button.tsx';
import { StatusPage } from './status-page.tsx';

export type SubServiceUnavailablePageProps = {
  /** The add-on that is not in use; without it the page is the generic one (e.g. the consulting link lacks gymId). */
  service?: SubServiceType;
  /** Shown by a layout without the shell (the consulting window). */
  fullScreen?: boolean;
};

/** docs/rules.md#add-ons: an add-on page that cannot be used here. */
export function SubServiceUnavailablePage({ service, fullScreen = false }: SubServiceUnavailablePageProps) {
  const translate = useTranslate();
  const description = service
    ? translate('unavailable.subService.descriptionOf', {
        service: translate(`enums.subServiceType.${service}`),
      })
    : translate('unavailable.subService.description');
  return (
    <StatusPage
      fullScreen={fullScreen}
      status="warning"
      title={translate('unavailable.subService.title')}
      description={description}
      actions={<HomeButton />}
    />
  );
}
