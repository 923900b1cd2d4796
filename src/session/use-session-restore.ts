import { useTranslate } from '@refinedev/core';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { statusOf } from '../providers/http-error.ts';
import { ROUTES, shouldSendToLanding } from '../routes.ts';
import { useModal } from '../shell/modal/use-modal.ts';
import { useSession, useSessionMember } from './session-context.tsx';

/**
 * docs/rules.md#session. On load a stored id triggers a member fetch: success stores the member (and leaves
 * LOGIN for HOME), failure clears member and id and alerts "A problem has occurred.". With no member and no
 * stored id, any page but a public one is replaced by the anonymous landing.
 *
 * Before leaving for the landing, the session cookie is asked once (GET validate): a new tab of someone who is
 * signed in has a cookie but no stored id yet, and should stay where it is. The landing lives outside this app
 * (a full page load), so after a failed restore the alert is read and closed first.
 *
 * Answers whether the page may render: false while the visitor is being checked or sent away.
 */
export const useSessionRestore = (): boolean => {
  const { store, stored, fetchMember, validate, goToLanding } = useSession();
  const member = useSessionMember();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const translate = useTranslate();
  const modal = useModal();
  const [restoring, setRestoring] = useState(() => stored.getId() !== null && store.getMember() === null);
  const [alerting, setAlerting] = useState(false);

  // The restore answers later; it must act on where the user is then, and with the texts of that moment.
  const latest = useRef({ pathname, navigate, translate, modal });
  useEffect(() => {
    latest.current = { pathname, navigate, translate, modal };
  });

  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const id = stored.getId();
    if (id === null || store.getMember()?.id === id) {
      setRestoring(false);
      return;
    }
    fetchMember(id)
      .then((restored) => {
        store.setMember(restored);
        if (latest.current.pathname === ROUTES.LOGIN) latest.current.navigate(ROUTES.HOME, { replace: true });
      })
      .catch((error: unknown) => {
        console.warn('Session restore failed', statusOf(error));
        store.setMember(null);
        stored.clearId();
        setAlerting(true);
        const t = latest.current.translate;
        latest.current.modal.open({
          type: 'ALERT',
          children: t('session.restoreFailed'),
          handleConfirm: () => setAlerting(false),
          handleClose: () => setAlerting(false),
        });
      })
      .finally(() => setRestoring(false));
  }, [fetchMember, store, stored]);

  // The rule applies to someone arriving at a page (a load, a navigation, the end of a restore). A member who goes
  // away while on a page (logout, an expired session) is sent to LOGIN by the auth provider; acting here too would
  // race that redirect with a full page load.
  const arrivalKey = `${pathname}|${restoring}`;
  const anonymousNow = member === null && stored.getId() === null;
  const [arrival, setArrival] = useState({ key: arrivalKey, anonymous: anonymousNow });
  if (arrival.key !== arrivalKey) setArrival({ key: arrivalKey, anonymous: anonymousNow });
  // A member who turns up on this page (restored, or through the cookie) makes it a signed-in arrival: logging out
  // later must leave the redirect to the auth provider (LOGIN), not send the page to the landing.
  else if (arrival.anonymous && member !== null) setArrival({ key: arrivalKey, anonymous: false });
  const arrivedAnonymous = arrival.key === arrivalKey ? arrival.anonymous : anonymousNow;

  const leaving =
    !restoring &&
    arrivedAnonymous &&
    shouldSendToLanding({ pathname, hasMember: member !== null, hasStoredId: stored.getId() !== null });

  useEffect(() => {
    if (!leaving || alerting) return;
    let current = true;
    validate()
      .then((signedIn) => {
        if (!current) return;
        stored.setId(signedIn.id);
        store.setMember(signedIn);
      })
      .catch((error: unknown) => {
        if (!current) return;
        console.info('No session; going to the landing', statusOf(error));
        goToLanding();
      });
    return () => {
      current = false;
    };
  }, [leaving, alerting, validate, goToLanding, store, stored]);

  return !leaving;
};
