import { useEffect, useState } from 'react';
import type { JoinAuthCode } from '#domain/enums.ts';
import type { MemberJoin } from '#domain/schemas/member.ts';
import { errorText } from '#src/kit/error-text.ts';
import { useI18n } from '#src/marketing/i18n-context.tsx';
import { fieldErrorsOf } from '../../providers/http-error.ts';
import { ROUTES } from '../../routes.ts';
import type { StoredSession } from '../../session/stored-session.ts';
import type { AuthApi } from './auth-api.ts';
import type { ConsentErrors } from './components/consent-fields.tsx';
import { AuthCard } from './components/controls.tsx';
import { isJoinField, type JoinFieldErrors, JoinForm } from './components/join-form.tsx';
import { WorkerFacilityStep } from './components/worker-facility-step.tsx';
import { Link, useNavigation } from './navigation.tsx';

const copyKey: Record<JoinAuthCode, 'representative' | 'worker'> = {
  ADMIN: 'representative',
  MEMBER: 'worker',
};

type JoinPageProps = { authCode: JoinAuthCode; api: AuthApi; stored: StoredSession };

/**
 * /join makes a representative (ADMIN) account with its first facility as a draft, /join/worker a worker (MEMBER)
 * account. Either is signed in right away: the representative lands on HOME (and its welcome), the worker goes on
 * to find a facility and ask to join it. Entering the page clears the stored registration value and id
 * (docs/rules.md#routes-and-layouts).
 */
export function JoinPage({ authCode, api, stored }: JoinPageProps) {
  const { t } = useI18n();
  const { navigate } = useNavigation();
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<JoinFieldErrors | null>(null);
  const [consentErrors, setConsentErrors] = useState<ConsentErrors | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [joined, setJoined] = useState(false);

  useEffect(() => {
    stored.clearRegistration();
    stored.clearId();
  }, [stored]);

  const handleFailure = (error: unknown): void => {
    const all = fieldErrorsOf(error);
    const placed = all.filter(({ name }) => isJoinField(name));
    setFieldErrors(Object.fromEntries(placed.map(({ name, errors }) => [name, errors[0] ?? ''])));
    const consents = all.filter(({ name }) => name === 'consents.terms' || name === 'consents.privacy');
    setConsentErrors(
      Object.fromEntries(
        consents.map(({ name, errors }) => [name.slice('consents.'.length), errors[0] ?? '']),
      ),
    );
    // Errors on fields speak for themselves; anything else needs the message above the form.
    const shown = placed.length + consents.length;
    const needsMessage = shown === 0 || shown < all.length;
    setErrorMessage(needsMessage ? errorText(error, t) : null);
  };

  const join = async (values: MemberJoin): Promise<void> => {
    setSubmitting(true);
    try {
      await api.join(values);
    } catch (error) {
      handleFailure(error);
      setSubmitting(false);
      return;
    }
    setErrorMessage(null);
    const member = await api.login({ userId: values.userId, password: values.password }).catch(() => null);
    if (!member) {
      // The account exists: the login page finishes the job.
      navigate(ROUTES.LOGIN, { replace: true, notice: t('join.signInFailed') });
      return;
    }
    stored.setId(member.id);
    // HOME is the back-office: a full page load, signed in.
    if (authCode === 'ADMIN') navigate(ROUTES.HOME, { replace: true });
    else {
      setSubmitting(false);
      setJoined(true);
    }
  };

  const kind = copyKey[authCode];
  return (
    <AuthCard>
      {joined ? (
        <WorkerFacilityStep api={api} onFinish={() => navigate(ROUTES.HOME, { replace: true })} />
      ) : (
        <>
          <h1 className="fd-title">{t(`join.titles.${kind}`)}</h1>
          <p className="fd-subtitle">{t(`join.descriptions.${kind}`)}</p>
          <JoinForm
            // A new form for the other kind of account, as the back-office's routes gave.
            key={authCode}
            authCode={authCode}
            onSubmit={(values) => void join(values)}
            isUserIdAvailable={api.isUserIdAvailable}
            submitting={submitting}
            errorMessage={errorMessage}
            fieldErrors={fieldErrors}
            consentErrors={consentErrors}
          />
          <p className="fd-muted fd-after-form">
            {t('join.haveAccount')} <Link to={ROUTES.LOGIN}>{t('join.toLogin')}</Link>
          </p>
        </>
      )}
    </AuthCard>
  );
}
