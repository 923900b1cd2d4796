import { useTranslate } from '@refinedev/core';
import { useEffect, useState } from 'react';
import { Outlet, useSearchParams } from 'react-router';
import type { Gym } from '#domain/schemas/gym.ts';
import { useFacilityApi } from '../facility/facility-context.tsx';
import { ConsultingUnavailablePage } from '../pages/errors/consulting-unavailable-page.tsx';
import { SubServiceUnavailablePage } from '../pages/errors/sub-service-unavailable-page.tsx';
import { useModal } from './modal/use-modal.ts';
import { PageSpinner } from './page-spinner.tsx';

type Loaded =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'ready'; gym: Gym; consultApproved: boolean };

/**
 * docs/rules.md#add-ons: the consulting area of one facility, opened from the side menu in
 * a new window (`gymId`, `gymMaster=Y`). Without gymId it shows the generic unavailable page. On every gymId change
 * the stored facility is cleared and fetched again; a failure says "gym information not found". The area opens
 * only while the facility's CONSULT add-on is APPROVE.
 */
export function ConsultingLayout() {
  const translate = useTranslate();
  const api = useFacilityApi();
  const modal = useModal();
  const [params] = useSearchParams();
  const raw = params.get('gymId');
  const gymId = raw !== null && /^\d{1,10}$/.test(raw) ? Number(raw) : null;
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });

  useEffect(() => {
    if (gymId === null) return;
    let current = true;
    setLoaded({ state: 'loading' });
    Promise.all([api.gym(gymId), api.subServices(gymId)])
      .then(([gym, subServices]) => {
        if (!current) return;
        const consultApproved = subServices.some(
          (item) =>
            item.service.gymSubServiceType === 'CONSULT' &&
            item.gymSubService.gymSubServiceStatus === 'APPROVE',
        );
        setLoaded({ state: 'ready', gym, consultApproved });
      })
      .catch((error: unknown) => {
        if (!current) return;
        console.warn('Consulting: the facility could not be loaded', error);
        setLoaded({ state: 'failed' });
        modal.open({ type: 'ERROR', children: translate('consulting.gymNotFound'), key: 'consulting-gym' });
      });
    return () => {
      current = false;
    };
  }, [gymId, api, modal, translate]);

  if (gymId === null) return <SubServiceUnavailablePage fullScreen />;
  if (loaded.state === 'loading') return <PageSpinner />;
  if (loaded.state === 'failed' || !loaded.consultApproved) return <ConsultingUnavailablePage />;
  return (
    <div className="fd-plain" data-gym-id={loaded.gym.id}>
      <Outlet />
    </div>
  );
}
