import { Outlet, useSearchParams } from 'react-router';
import { SubServiceUnavailablePage } from '../pages/errors/sub-service-unavailable-page.tsx';

/**
 * docs/rules.md#add-ons, #consulting: the consulting area of one facility, opened from the side menu in a new
 * window (`gymId`, `gymMaster=Y`). Without gymId it shows the generic unavailable page. The tablet runs on its own
 * token, not on a session: the facility's name and whether its CONSULT add-on is APPROVE come with the tablet's
 * own calls (src/pages/consult/kiosk-context.tsx), which show the consulting-unavailable page, or "gym
 * information not found", when they are refused.
 */
export function ConsultingLayout() {
  const [params] = useSearchParams();
  const raw = params.get('gymId');
  const gymId = raw !== null && /^\d{1,10}$/.test(raw) ? Number(raw) : null;
  if (gymId === null) return <SubServiceUnavailablePage fullScreen />;
  return (
    <div className="fd-plain" data-gym-id={gymId}>
      <Outlet />
    </div>
  );
}
