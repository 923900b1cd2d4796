import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { passwordResetConfirmSchema } from '#domain/api/password-reset.ts';
import { issueMessage } from '#src/forms/zod-rule.ts';
import type { Translate } from '#src/kit/translate.ts';
import { useI18n } from '#src/marketing/i18n-context.tsx';
import { isHttpError } from '../../providers/http-error.ts';
import { ROUTES } from '../../routes.ts';
import { type AuthApi, detailOf } from './auth-api.ts';
import { Alert, AuthCard, Button, TextField } from './components/controls.tsx';
import { Link, useNavigation } from './navigation.tsx';

type Values = { userId: string; code: string; newPassword: string; newPasswordConfirm: string };
type Field = keyof Values;

const EMPTY: Values = { userId: '', code: '', newPassword: '', newPasswordConfirm: '' };
const fields = passwordResetConfirmSchema.shape;

/** One message from the page's own texts: a lock with its minutes, or the server's words. */
const messageOf = (error: unknown, t: Translate): string => {
  if (!isHttpError(error)) return t('errors.UNKNOWN');
  const minutes = detailOf(error, 'retryAfterMinutes');
  if (error.code === 'RATE_LIMITED' && minutes !== undefined) return t('reset.tooMany', { count: minutes });
  return error.message;
};

/** The new password's step, checked here first: the code's form, the password's rules and the confirmation. */
const localErrors = (values: Values, t: Translate): Partial<Record<Field, string>> => {
  const found: Partial<Record<Field, string>> = {};
  const code = fields.code.safeParse(values.code).error?.issues[0];
  if (values.code === '') found.code = t('validation.required');
  else if (code) found.code = t('reset.codeFormat');
  const password = fields.newPassword.safeParse(values.newPassword).error?.issues[0];
  if (values.newPassword === '') found.newPassword = t('validation.required');
  else if (password) found.newPassword = issueMessage(password, t);
  if (values.newPasswordConfirm === '') found.newPasswordConfirm = t('validation.required');
  else if (values.newPasswordConfirm !== values.newPassword)
    found.newPasswordConfirm = t('validation.passwordMismatch');
  return found;
};

type FieldBinding = {
  name: Field;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
};

/** The second step's fields: the code sent to the phone, the new password and its confirmation. */
function ConfirmFields({
  field,
  codeRef,
}: {
  field: (name: Field) => FieldBinding;
  codeRef: RefObject<HTMLInputElement | null>;
}) {
  const { t } = useI18n();
  return (
    <>
      <TextField
        {...field('code')}
        label={t('reset.fields.code')}
        inputRef={codeRef}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={6}
        size="large"
      />
      <TextField
        {...field('newPassword')}
        type="password"
        label={t('reset.fields.newPassword')}
        hint={t('join.hints.password')}
        autoComplete="new-password"
        size="large"
      />
      <TextField
        {...field('newPasswordConfirm')}
        type="password"
        label={t('reset.fields.newPasswordConfirm')}
        autoComplete="new-password"
        size="large"
      />
    </>
  );
}

/** The first step: the user id the code is sent for. */
function RequestForm({
  busy,
  failure,
  field,
  userIdRef,
  onSubmit,
}: {
  busy: boolean;
  failure: string | null;
  field: (name: Field) => FieldBinding;
  userIdRef: RefObject<HTMLInputElement | null>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const { t } = useI18n();
  return (
    <form name="password-reset" className="fd-a-form" noValidate onSubmit={onSubmit}>
      <p className="fd-subtitle">{t('reset.requestIntro')}</p>
      <fieldset className="fd-a-fieldset" disabled={busy}>
        {failure && <Alert type="error" message={failure} />}
        <TextField
          {...field('userId')}
          label={t('reset.fields.userId')}
          inputRef={userIdRef}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          size="large"
        />
        <div className="fd-a-actions">
          <Button type="submit" variant="primary" size="large" block loading={busy}>
            {t('reset.send')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

/**
 * "Forgot password?" (docs/rules.md#password-reset): the user id, then the 6-digit code sent to the account's phone
 * with a new password. The first answer is the same whether the account exists or not, so the page always goes on
 * to the second step. A success ends every session and returns to LOGIN with a notice.
 */
export function PasswordReset({ api }: { api: AuthApi }) {
  const { t } = useI18n();
  const { navigate } = useNavigation();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [step, setStep] = useState<'request' | 'confirm'>('request');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const userIdRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    (step === 'request' ? userIdRef : codeRef).current?.focus();
  }, [step]);

  const change = (field: Field, value: string): void => {
    setValues((current) => ({
      ...current,
      [field]: field === 'code' ? value.replace(/\D/g, '').slice(0, 6) : value,
    }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const send = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (busy) return;
    if (values.userId.trim() === '') {
      setErrors({ userId: t('validation.required') });
      userIdRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await api.requestPasswordReset({ userId: values.userId.trim() });
      setFailure(null);
      setStep('confirm');
    } catch (error) {
      setFailure(messageOf(error, t));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (busy) return;
    const found = localErrors(values, t);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    try {
      await api.confirmPasswordReset({
        userId: values.userId.trim(),
        code: values.code,
        newPassword: values.newPassword,
      });
      navigate(ROUTES.LOGIN, { replace: true, notice: t('reset.done') });
    } catch (error) {
      if (isHttpError(error) && error.reason === 'resetCodeInvalid') {
        setFailure(null);
        setErrors({ code: t('reset.codeExpired') });
        codeRef.current?.focus();
      } else if (isHttpError(error) && error.errors?.newPassword) {
        setFailure(null);
        setErrors({ newPassword: String([error.errors.newPassword].flat()[0] ?? '') });
      } else setFailure(messageOf(error, t));
      setBusy(false);
    }
  };

  const field = (name: Field): FieldBinding => ({
    name,
    value: values[name],
    onChange: (value: string) => change(name, value),
    error: errors[name],
  });

  return (
    <AuthCard>
      <h1 className="fd-title">{t('reset.title')}</h1>
      {step === 'request' ? (
        <RequestForm
          busy={busy}
          failure={failure}
          field={field}
          userIdRef={userIdRef}
          onSubmit={(event) => void send(event)}
        />
      ) : (
        <form
          name="password-reset-confirm"
          className="fd-a-form"
          noValidate
          onSubmit={(event) => void confirm(event)}
        >
          <Alert type="success" message={t('reset.sent')} />
          <p className="fd-subtitle">{t('reset.confirmIntro')}</p>
          <fieldset className="fd-a-fieldset" disabled={busy}>
            {failure && <Alert type="error" message={failure} />}
            <ConfirmFields field={field} codeRef={codeRef} />
            <div className="fd-a-actions">
              <Button type="submit" variant="primary" size="large" block loading={busy}>
                {t('reset.submit')}
              </Button>
            </div>
            <Button variant="link" onClick={() => setStep('request')}>
              {t('reset.again')}
            </Button>
          </fieldset>
        </form>
      )}
      <p className="fd-muted fd-after-form">
        <Link to={ROUTES.LOGIN}>{t('reset.back')}</Link>
      </p>
    </AuthCard>
  );
}
