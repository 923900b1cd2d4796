import { useGo, useInvalidateAuthStore, useLogin, useParsed, useTranslate } from '@refinedev/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Login } from '#domain/schemas/member.ts';
import { isHttpError } from '../../providers/http-error.ts';
import { ROUTES } from '../../routes.ts';
import { AuthCard } from '../../shell/auth-card.tsx';
import { type LoginFailure, LoginForm } from './components/login-form.tsx';

/** Only a path inside the app is a place to return to after login (no open redirect through ?to=). */
const safeReturnPath = (value: unknown): string | undefined =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : undefined;

export function LoginPage() {
  const translate = useTranslate();
  const go = useGo();
  const parsed = useParsed();
  const invalidateAuthStore = useInvalidateAuthStore();
  const [failure, setFailure] = useState<LoginFailure | null>(null);

  const toFailure = (error: unknown): LoginFailure => ({
    message: isHttpError(error) ? error.message : translate('errors.UNKNOWN'),
    retryUntil:
      isHttpError(error) && error.retryAfter !== undefined ? Date.now() + error.retryAfter * 1000 : null,
  });

  // The failure is shown in the form rather than as a toast, so it stays readable and is announced (role=alert).
  const { mutate: login, isPending } = useLogin<Login>({
    mutationOptions: {
      onSuccess: async (result) => {
        if (!result.success) {
          setFailure(toFailure(result.error));
          return;
        }
        setFailure(null);
        await invalidateAuthStore();
        go({ to: safeReturnPath(parsed.params?.to) ?? result.redirectTo ?? ROUTES.HOME, type: 'replace' });
      },
      onError: (error) => setFailure(toFailure(error)),
    },
  });

  return (
    <AuthCard>
      <h1 className="fd-title">{translate('login.title')}</h1>
      <p className="fd-subtitle">{translate('login.subtitle')}</p>
      <LoginForm onSubmit={(values) => login(values)} submitting={isPending} failure={failure} />
      <nav className="fd-links" aria-label={translate('login.noAccount')}>
        <p className="fd-muted">{translate('login.noAccount')}</p>
        <Link to={ROUTES.JOIN}>{translate('login.joinRepresentative')}</Link>
        <Link to={ROUTES.JOIN_WORKER}>{translate('login.joinWorker')}</Link>
      </nav>
    </AuthCard>
  );
}
