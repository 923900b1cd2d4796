import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import type { Login } from '#domain/schemas/member.ts';
import { useI18n } from '#src/marketing/i18n-context.tsx';
import { Alert, Button, TextField } from './controls.tsx';
import { formatWait } from './format-wait.ts';
import { useSecondsLeft } from './use-seconds-left.ts';

/**
 * Why the last attempt failed: the message and, after 429, when trying again makes sense (epoch ms). A locked
 * account (`locked`) shows one message with the minutes left, counted down here, and the way to a reset.
 */
export type LoginFailure = {
  message: string;
  retryUntil: number | null;
  locked?: boolean;
};

type LoginFormProps = {
  onSubmit: (values: Login) => void;
  submitting: boolean;
  failure: LoginFailure | null;
  /** The link to the password reset, offered with a lock. */
  resetLink?: ReactNode;
};

type Field = keyof Login;
const FIELDS: readonly Field[] = ['userId', 'password'];

export function LoginForm({ onSubmit, submitting, failure, resetLink }: LoginFormProps) {
  const { t, language } = useI18n();
  const userIdRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState<Login>({ userId: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const secondsLeft = useSecondsLeft(failure?.retryUntil ?? null);
  const waiting = secondsLeft > 0;

  useEffect(() => {
    userIdRef.current?.focus();
  }, []);

  const errorOf = (value: string): string | undefined =>
    value === '' ? t('validation.required') : undefined;

  const change = (field: Field, value: string): void => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: errorOf(value) }));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (submitting || waiting) return;
    const found = Object.fromEntries(FIELDS.map((field) => [field, errorOf(values[field])]));
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) {
      (first === 'userId' ? userIdRef : passwordRef).current?.focus();
      return;
    }
    onSubmit({ userId: values.userId.trim(), password: values.password });
  };

  return (
    <form name="login" className="fd-a-form" noValidate onSubmit={handleSubmit}>
      <fieldset className="fd-a-fieldset" disabled={submitting}>
        {failure?.locked ? (
          <Alert
            type="error"
            message={
              waiting ? t('login.locked', { count: Math.ceil(secondsLeft / 60) }) : t('login.retryNow')
            }
            description={
              resetLink && (
                <>
                  {t('login.lockedHint')} {resetLink}
                </>
              )
            }
          />
        ) : (
          failure && (
            <Alert
              type="error"
              message={failure.message}
              description={
                failure.retryUntil === null
                  ? undefined
                  : waiting
                    ? t('login.retryIn', { wait: formatWait(secondsLeft, language) })
                    : t('login.retryNow')
              }
            />
          )
        )}
        <TextField
          name="userId"
          label={t('login.fields.userId')}
          value={values.userId}
          onChange={(value) => change('userId', value)}
          error={errors.userId}
          inputRef={userIdRef}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          size="large"
        />
        <TextField
          name="password"
          type="password"
          label={t('login.fields.password')}
          value={values.password}
          onChange={(value) => change('password', value)}
          error={errors.password}
          inputRef={passwordRef}
          autoComplete="current-password"
          size="large"
        />
        <div className="fd-a-actions">
          <Button type="submit" variant="primary" size="large" block loading={submitting} disabled={waiting}>
            {t('login.submit')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
