import { useGo, useNotification, useRegister, useTranslate } from '@refinedev/core';
import { Form } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { JoinAuthCode } from '../../../domain/enums.ts';
import type { MemberJoin } from '../../../domain/schemas/member.ts';
import { fieldErrorsOf, isHttpError } from '../../providers/http-error.ts';
import { memberApi } from '../../providers/instances.ts';
import { ROUTES } from '../../routes.ts';
import { isJoinField, JoinForm, type JoinFormValues } from './components/join-form.tsx';

const copyKey: Record<JoinAuthCode, 'representative' | 'worker'> = {
  ADMIN: 'representative',
  MEMBER: 'worker',
};

/** /join makes a representative (ADMIN) account, /join/worker a worker (MEMBER) account. */
export function JoinPage({ authCode }: { authCode: JoinAuthCode }) {
  const translate = useTranslate();
  const go = useGo();
  const { open } = useNotification();
  const [form] = Form.useForm<JoinFormValues>();
  const [errorMessage, setErrorMessage] = useState<string | null>(null);

  const handleFailure = (error: unknown): void => {
    const fieldErrors = fieldErrorsOf(error);
    const placed = fieldErrors.flatMap(({ name, errors }) => (isJoinField(name) ? [{ name, errors }] : []));
    form.setFields(placed);
    // Errors on fields speak for themselves; anything else needs the message above the form.
    const needsMessage = placed.length === 0 || placed.length < fieldErrors.length;
    setErrorMessage(needsMessage ? (isHttpError(error) ? error.message : translate('errors.UNKNOWN')) : null);
  };

  // Failures go onto the fields instead of a toast; success shows the provider's notification and goes to login.
  const { mutate: register, isPending } = useRegister<MemberJoin>({
    mutationOptions: {
      onSuccess: (result) => {
        if (!result.success) {
          handleFailure(result.error);
          return;
        }
        setErrorMessage(null);
        if (result.successNotification) {
          open?.({ key: 'register-success', type: 'success', message: result.successNotification.message });
        }
        go({ to: result.redirectTo ?? ROUTES.LOGIN, type: 'replace' });
      },
      onError: handleFailure,
    },
  });

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
        submitting={isPending}
        errorMessage={errorMessage}
      />
      <p className="fd-muted fd-after-form">
        {translate('join.haveAccount')} <Link to={ROUTES.LOGIN}>{translate('join.toLogin')}</Link>
      </p>
    </>
  );
}
