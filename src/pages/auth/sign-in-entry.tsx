import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { applyHead } from '#src/marketing/head.ts';
import { createMarketingI18n } from '#src/marketing/i18n.ts';
import { I18nProvider, useI18n } from '#src/marketing/i18n-context.tsx';
import { ROUTES } from '../../routes.ts';
import { browserSessionStorage, createStoredSession } from '../../session/stored-session.ts';
import '../../styles.css';
import './auth.css';
import { type AuthApi, createAuthApi } from './auth-api.ts';
import { JoinPage } from './join-page.tsx';
import { LoginPage } from './login-page.tsx';
import { NavigationProvider, useNavigation } from './navigation.tsx';
import { startOutsideScripts } from './outside-scripts.ts';
import { signInTexts } from './texts.ts';

const stored = createStoredSession(browserSessionStorage());

/** Head title (the brand), author and description, in the page's language (docs/rules.md#routes-and-layouts). */
function useHead(): void {
  const { t, language } = useI18n();
  useEffect(() => {
    applyHead({
      language,
      title: t('app.name'),
      description: t('shell.head.description'),
      author: t('shell.head.author'),
    });
  }, [t, language]);
}

function SignInPages({ api }: { api: AuthApi }) {
  const { path } = useNavigation();
  useHead();
  if (path === ROUTES.JOIN) return <JoinPage key="ADMIN" authCode="ADMIN" api={api} stored={stored} />;
  if (path === ROUTES.JOIN_WORKER)
    return <JoinPage key="MEMBER" authCode="MEMBER" api={api} stored={stored} />;
  return <LoginPage api={api} stored={stored} />;
}

/**
 * LOGIN and the join pages: plain React and CSS, no Refine or antd (docs/architecture.md#web-app). A sign-in ends
 * with a full page load into the back-office, which finds the member through the stored id.
 */
export const mountSignIn = (container: HTMLElement): void => {
  const i18n = createMarketingI18n(signInTexts);
  const api = createAuthApi({
    getLanguage: () => i18n.resolvedLanguage ?? i18n.language,
    translate: (key, options) => String(i18n.t(key, options)),
  });
  createRoot(container).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <NavigationProvider>
          <SignInPages api={api} />
        </NavigationProvider>
      </I18nProvider>
    </StrictMode>,
  );
  // After the first paint: nothing outside may hold the sign-in form back.
  const later = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
  later(() => void startOutsideScripts(api).catch((error: unknown) => console.warn(error)));
};
