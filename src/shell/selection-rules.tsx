import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { isUnder, ROUTE_NAMES } from '#domain/routes.ts';
import { useFacility } from '../facility/facility-context.tsx';

/**
 * The add-on pages, whose entry re-fetches the facility's subscriptions (docs/rules.md#facility-selection).
 */
const SUB_SERVICE_PAGES = [ROUTE_NAMES.SUBSERVICE, '/gym-sub-service'];

/**
 * docs/rules.md#facility-selection, the rules tied to moving around:
 * - on leaving HOME, the selection stays only if the facility is ACTIVE;
 * - back on HOME with nothing selected, the first facility is chosen again;
 * - entering the sub-service pages re-fetches the add-ons.
 */
export function SelectionRules() {
  const { pathname } = useLocation();
  const { selected, select, facilities, refetchSubServices } = useFacility();
  const previous = useRef(pathname);
  const latest = useRef({ selected, select, facilities, refetchSubServices });
  latest.current = { selected, select, facilities, refetchSubServices };

  useEffect(() => {
    const from = previous.current;
    previous.current = pathname;
    const { selected, select, facilities, refetchSubServices } = latest.current;
    const onHome = isUnder(pathname, ROUTE_NAMES.HOME);
    if (isUnder(from, ROUTE_NAMES.HOME) && !onHome && selected && selected.gymStatus !== 'ACTIVE')
      select(null);
    if (onHome && !isUnder(from, ROUTE_NAMES.HOME) && !selected && facilities?.[0]) select(facilities[0].id);
    if (SUB_SERVICE_PAGES.some((page) => isUnder(pathname, page)) && from !== pathname)
      void refetchSubServices();
  }, [pathname]);

  return null;
}
