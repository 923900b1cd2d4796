import {
  useGo,
  useInvalidateAuthStore,
  useLogin,
  useNotification,
  useRegister,
  useTranslate,
} from '@refinedev/core';
import { Form } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { JoinAuthCode } from '#domain/enums.ts';
import type { Login, MemberJoin } from '#domain/schemas/member.ts';
import { fieldErrorsOf, isHttpError } from '../../providers/http-error.ts';
import { memberApi } from '../../providers/instances.ts';
import { ROUTES } from '../../routes.ts';
import { isJoinField, JoinForm, type JoinFormValues } from './components/join-form.tsx';
import { WorkerFacilityStep } from './components/worker-facility-step.tsx';

const copyKey: Record<JoinAuthCode, 'representative' | 'worker'> = {
  ADMIN: 'representative',
  MEMBER: 'worker',
};

const ignore = (): void => {};

/**
 * /join makes a representative (ADMIN) account with its first facility as a draft, /join/worker a worker (MEMBER)
 * account. Either is signed in right away: the representative lands on HOME (and its welcome), the worker goes on
 * to find a facility and ask to join it.
 */
export function JoinPage({ authCode }: { authCode: JoinAuthCode }) {
  const translate = useTranslate();
  const go = useGo();
  const { open } = useNotification();
  const invalidateAuthStore = useInvalidateAuthStore();
  const [form] = Form.useForm<JoinFormValues>();
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const [joined, setJoined] = useState(false);

  const handleFailure = (error: unknown): void => {
    const fieldErrors = fieldErrorsOf(error);
    const placed = fieldErrors.flatMap(({ name, errors }) => (isJoinField(name) ? [{ name, errors }] : []));
    form.setFields(placed);
    // Errors on fields speak for themselves; anything else needs the message above the form.
    const needsMessage = placed.length === 0 || placed.length < fieldErrors.length;
    setErrorMessage(needsMessage ? (isHttpError(error) ? error.message : translate('errors.UNKNOWN')) : null);
  };

  // The page decides where to go after signing in (Refine's own redirect and toasts are turned off).
  const { mutateAsync: login } = useLogin<Login>({ mutationOptions: { onSuccess: ignore, onError: ignore } });

  const signIn = async ({ userId, password }: MemberJoin): Promise<void> => {
    setSigningIn(true);
    try {
      const result = await login({ userId, password }).catch(() => null);
      if (!result?.success) {
        // The account exists: the login page finishes the job.
        open?.({ key: 'register-success', type: 'success', message: translate('join.signInFailed') });
        go({ to: ROUTES.LOGIN, type: 'replace' });
        return;
      }
      await invalidateAuthStore();
      if (authCode === 'ADMIN') go({ to: ROUTES.HOME, type: 'replace' });
      else setJoined(true);
    } finally {
      setSigningIn(false);
    }
  };

  // Failures go onto the fields instead of a toast.
  const { mutate: register, isPending } = useRegister<MemberJoin>({
    mutationOptions: {
      onSuccess: (result, values) => {
        if (!result.success) {
          handleFailure(result.error);
          return;
        }
        setErrorMessage(null);
        void signIn(values);
      },
      onError: handleFailure,
    },
  });

  if (joined) return <WorkerFacilityStep onFinish={() => go({ to: ROUTES.HOME, type: 'replace' })} />;

  const kind = copyKey[authCode];
  return (
    <>
      <h1 className="fd-title">{translate(`join.titles.${kind}`)}</h1>
      <p className="fd-subtitle">{translate(`join.descriptions.${kind}`)}</p>
      <JoinForm
        form={form}
        authCode={authCode}
        onSubmit={(values) => register(values)}
        isUserIdAvailable={memberApi.isUserIdAvailable}
        submitting={isPending || signingIn}
        errorMessage={errorMessage}
      />
      <p className="fd-muted fd-after-form">
        {translate('join.haveAccount')} <Link to={ROUTES.LOGIN}>{translate('join.toLogin')}</Link>
      </p>
    </>
  );
}
