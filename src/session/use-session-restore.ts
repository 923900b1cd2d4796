import { useTranslate } from '@refinedev/core';
import { App } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { statusOf } from '../providers/http-error.ts';
import { ANONYMOUS_LANDING, ROUTES, shouldSendToLanding } from '../routes.ts';
import { useSession, useSessionMember } from './session-context.tsx';

/**
 * SPEC §4 "Session". On load a stored id triggers a member fetch: success stores the member (and leaves LOGIN for
 * HOME), failure clears member and id and alerts "A problem has occurred.". With no member and no stored id,
 * any page but a public one is replaced by the anonymous landing.
 */
export const useSessionRestore = (): void => {
  const { store, stored, fetchMember } = useSession();
  const member = useSessionMember();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const translate = useTranslate();
  const { modal } = App.useApp();
  const [restoring, setRestoring] = useState(() => stored.getId() !== null && store.getMember() === null);

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
        const t = latest.current.translate;
        latest.current.modal.warning({
          title: t('modal.notice'),
          content: t('session.restoreFailed'),
          okText: t('buttons.ok'),
        });
      })
      .finally(() => setRestoring(false));
  }, [fetchMember, store, stored]);

  useEffect(() => {
    if (restoring) return;
    if (shouldSendToLanding({ pathname, hasMember: member !== null, hasStoredId: stored.getId() !== null })) {
      navigate(ANONYMOUS_LANDING, { replace: true });
    }
  }, [restoring, pathname, member, stored, navigate]);
};
