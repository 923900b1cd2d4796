import type { i18n as I18n } from 'i18next';
import { lazy, useEffect } from 'react';
import { applyHead } from '#src/marketing/head.ts';
import { createMarketingI18n } from '#src/marketing/i18n.ts';
import { I18nProvider, useI18n } from '#src/marketing/i18n-context.tsx';
import { ROUTES } from '../../routes.ts';
import { browserSessionStorage, createStoredSession } from '../../session/stored-session.ts';
import '../../styles.css';
import './auth.css';
import { type AuthApi, createAuthApi } from './auth-api.ts';
import { LoginPage } from './login-page.tsx';
import { NavigationProvider, useNavigation } from './navigation.tsx';
import { startOutsideScripts } from './outside-scripts.ts';
import { signInTexts } from './texts.ts';

const stored = createStoredSession(browserSessionStorage());

// The join form brings zod and the domain schemas: LOGIN does without them.
const JoinPage = lazy(() => import('./join-page.tsx').then((m) => ({ default: m.JoinPage })));

let services: { i18n: I18n; api: AuthApi } | null = null;
/** One i18next instance and one client per page load, made on first use. */
const servicesOf = (): { i18n: I18n; api: AuthApi } => {
  if (services) return services;
  const i18n = createMarketingI18n(signInTexts);
  const api = createAuthApi({
    getLanguage: () => i18n.resolvedLanguage ?? i18n.language,
    translate: (key, options) => String(i18n.t(key, options)),
  });
  services = { i18n, api };
  return services;
};

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

function SignInPage({ api }: { api: AuthApi }) {
  const { path } = useNavigation();
  useHead();
  if (path === ROUTES.JOIN) return <JoinPage key="ADMIN" authCode="ADMIN" api={api} stored={stored} />;
  if (path === ROUTES.JOIN_WORKER)
    return <JoinPage key="MEMBER" authCode="MEMBER" api={api} stored={stored} />;
  return <LoginPage api={api} stored={stored} />;
}

/**
 * LOGIN and the join pages: plain React and CSS, no Refine or antd (docs/architecture.md#web-app). The light
 * sign-in entry mounts it; the back-office renders it in place when it goes to LOGIN itself (a logout, a lost
 * session). A sign-in ends with a full page load into the back-office, which finds the member through the stored
 * id.
 */
export function SignInPages() {
  const { i18n, api } = servicesOf();
  return (
    <I18nProvider i18n={i18n}>
      <NavigationProvider>
        <SignInPage api={api} />
      </NavigationProvider>
    </I18nProvider>
  );
}

/** The messaging SDK and the chat widget, after the first paint: nothing outside may hold the form back. */
export const startOutsideScriptsLater = (): void => {
  const later = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
  later(() => void startOutsideScripts(servicesOf().api).catch((error: unknown) => console.warn(error)));
};
