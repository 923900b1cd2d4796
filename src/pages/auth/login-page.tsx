import { useEffect, useRef, useState } from 'react';
import type { Login } from '#domain/schemas/member.ts';
import { useI18n } from '#src/marketing/i18n-context.tsx';
import { isHttpError } from '../../providers/http-error.ts';
import { ROUTES } from '../../routes.ts';
import type { StoredSession } from '../../session/stored-session.ts';
import { type AuthApi, detailOf } from './auth-api.ts';
import { Alert, AuthCard, Dialog } from './components/controls.tsx';
import { type LoginFailure, LoginForm } from './components/login-form.tsx';
import { Link, useNavigation } from './navigation.tsx';
import { PasswordReset } from './password-reset.tsx';
import { RESET_PATH, safeReturnPath } from './paths.ts';

type LoginPageProps = { api: AuthApi; stored: StoredSession };

/**
 * LOGIN (docs/rules.md#session, docs/rules.md#login). A signed-in visitor never sees it: the server sends one with a
 * live session cookie on to HOME, and a stored id is checked here (success moves on, failure clears it and alerts).
 * A visitor without either makes no call, so nothing fails and nothing is logged.
 */
export function LoginPage({ api, stored }: LoginPageProps) {
  const { t } = useI18n();
  const { navigate, search, notice } = useNavigation();
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [restoreFailed, setRestoreFailed] = useState(false);
  const returnTo = safeReturnPath(search.get('to')) ?? ROUTES.HOME;

  const latest = useRef({ navigate, returnTo });
  latest.current = { navigate, returnTo };
  const restoreStarted = useRef(false);
  useEffect(() => {
    if (restoreStarted.current) return;
    restoreStarted.current = true;
    const id = stored.getId();
    if (id === null) return;
    api
      .getMember(id)
      .then(() => latest.current.navigate(latest.current.returnTo, { replace: true }))
      .catch(() => {
        stored.clearId();
        setRestoreFailed(true);
      });
  }, [api, stored]);

  // The page words the refusal from its own texts and the figures of the envelope's details
  // (docs/rules.md#login): tries left from the 3rd failure, one wait in minutes for a lock.
  const toFailure = (error: unknown): LoginFailure => {
    const retryUntil =
      isHttpError(error) && error.retryAfter !== undefined ? Date.now() + error.retryAfter * 1000 : null;
    if (!isHttpError(error)) return { message: t('errors.UNKNOWN'), retryUntil };
    const remaining = detailOf(error, 'remainingTries');
    if (error.reason === 'loginFailedTriesLeft' && remaining !== undefined)
      return { message: t('login.failedTriesLeft', { count: remaining }), retryUntil };
    if (error.reason === 'loginLocked') return { message: error.message, retryUntil, locked: true };
    return { message: error.message, retryUntil };
  };

  // The failure is shown in the form rather than as a toast, so it stays readable and is announced (role=alert).
  const login = async (values: Login): Promise<void> => {
    setSubmitting(true);
    try {
      const member = await api.login(values);
      stored.setId(member.id);
      setFailure(null);
      // The back-office is another entry: a full page load, which finds the member through the stored id.
      navigate(returnTo, { replace: true });
    } catch (error) {
      setFailure(toFailure(error));
      setSubmitting(false);
    }
  };

  if (search.get('reset') !== null) return <PasswordReset api={api} />;

  return (
    <AuthCard>
      <h1 className="fd-title">{t('login.title')}</h1>
      <p className="fd-subtitle">{t('login.subtitle')}</p>
      {notice && <Alert type="success" message={notice} />}
      <LoginForm
        onSubmit={(values) => void login(values)}
        submitting={submitting}
        failure={failure}
        resetLink={<Link to={RESET_PATH}>{t('login.forgot')}</Link>}
      />
      <p className="fd-after-form">
        <Link to={RESET_PATH}>{t('login.forgot')}</Link>
      </p>
      <nav className="fd-links" aria-label={t('login.noAccount')}>
        <p className="fd-muted">{t('login.noAccount')}</p>
        <Link to={ROUTES.JOIN}>{t('login.joinRepresentative')}</Link>
        <Link to={ROUTES.JOIN_WORKER}>{t('login.joinWorker')}</Link>
      </nav>
      {restoreFailed && (
        <Dialog title={t('modal.notice')} onOk={() => setRestoreFailed(false)}>
          {t('session.restoreFailed')}
        </Dialog>
      )}
    </AuthCard>
  );
}
