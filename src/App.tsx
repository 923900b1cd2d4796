import { Authenticated, type IRefineOptions, Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { App as AntdApp, ConfigProvider, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import koKR from 'antd/locale/ko_KR';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, Outlet, Route, Routes } from 'react-router';
import { currentLanguage } from './i18n/config.ts';
import { createI18nProvider } from './providers/i18n-provider.ts';
import { authProvider, dataProvider, memberApi, sessionStore, storedSession } from './providers/instances.ts';
import { useNotificationProvider } from './providers/notification-provider.tsx';
import { ANONYMOUS_LANDING, ROUTES } from './routes.ts';
import { SessionProvider, type SessionServices } from './session/session-context.tsx';
import { SessionGuard } from './session/session-guard.tsx';
import { JoinLayout } from './shell/join-layout.tsx';
import { PageSpinner } from './shell/page-spinner.tsx';

// Pages load on demand, so /login does not carry the join form (zod) or the other pages.
const LoginPage = lazy(() => import('./pages/auth/login-page.tsx').then((m) => ({ default: m.LoginPage })));
const JoinPage = lazy(() => import('./pages/auth/join-page.tsx').then((m) => ({ default: m.JoinPage })));
const HomePage = lazy(() => import('./pages/home/home-page.tsx').then((m) => ({ default: m.HomePage })));
const OwnerResourceRoutes = lazy(() =>
  import('./resources/owner-routes.tsx').then((m) => ({ default: m.OwnerResourceRoutes })),
);
const AdminConsole = lazy(() =>
  import('./pages/admin/admin-console.tsx').then((m) => ({ default: m.AdminConsole })),
);
const NotFoundPage = lazy(() =>
  import('./pages/errors/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })),
);

// WCAG AA contrast on white: antd's default blue (#1677ff, 4.1:1) fails behind and as text (STACK.md), links follow
// colorInfo unless set, form hints are 45% black (3.4:1) and error texts #ff4d4f (3.3:1).
const theme: ThemeConfig = {
  token: {
    colorPrimary: '#0958d9',
    colorLink: '#0958d9',
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    colorError: '#cf1322',
  },
};

// One stable object: Refine builds its QueryClient from it, so a new object would drop the cache.
const refineOptions: IRefineOptions = {
  // No record ids, names or phone numbers in URLs (DESIGN §7).
  syncWithLocation: false,
  disableTelemetry: true,
  // Refine would call check (GET validate) on every path change; <Authenticated> and the session rules already do.
  disableRouteChangeHandler: true,
  reactQuery: {
    clientConfig: {
      // SPEC §8 and §9: no retries (retry delay 100 ms if one is ever allowed), no refetch on window focus.
      defaultOptions: {
        queries: { retry: 0, retryDelay: 100, refetchOnWindowFocus: false },
        mutations: { retry: 0 },
      },
    },
  },
};

const session: SessionServices = {
  store: sessionStore,
  stored: storedSession,
  fetchMember: memberApi.getMember,
  validate: memberApi.validate,
  // SELECT is served by the marketing entry, outside this router (src/main.tsx): a full navigation.
  goToLanding: () => window.location.replace(ANONYMOUS_LANDING),
};

export function App() {
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  // A new provider object on a language change re-renders everything that translates.
  // biome-ignore lint/correctness/useExhaustiveDependencies: language is the trigger, not an input.
  const i18nProvider = useMemo(() => createI18nProvider(i18n), [i18n, language]);

  return (
    <BrowserRouter>
      <ConfigProvider theme={theme} locale={language === 'ko' ? koKR : enUS}>
        <AntdApp>
          <Refine
            routerProvider={routerProvider}
            dataProvider={dataProvider}
            authProvider={authProvider}
            i18nProvider={i18nProvider}
            notificationProvider={useNotificationProvider}
            options={refineOptions}
          >
            <SessionProvider value={session}>
              <SessionGuard fallback={<PageSpinner />}>
                <Suspense fallback={<PageSpinner />}>
                  <Routes>
                    {/* Someone who still has a session cookie skips the login form. */}
                    <Route
                      element={
                        <Authenticated key="login" fallback={<Outlet />} loading={<Outlet />}>
                          <Navigate to={ROUTES.HOME} replace />
                        </Authenticated>
                      }
                    >
                      <Route path={ROUTES.LOGIN} element={<LoginPage />} />
                    </Route>
                    <Route element={<JoinLayout />}>
                      <Route path={ROUTES.JOIN} element={<JoinPage authCode="ADMIN" />} />
                      <Route path={ROUTES.JOIN_WORKER} element={<JoinPage authCode="MEMBER" />} />
                    </Route>
                    <Route
                      element={
                        <Authenticated
                          key="protected"
                          redirectOnFail={ROUTES.LOGIN}
                          loading={<PageSpinner />}
                        >
                          <Outlet />
                        </Authenticated>
                      }
                    >
                      <Route path={ROUTES.HOME} element={<HomePage />} />
                      <Route path={`${ROUTES.ADMIN}/*`} element={<AdminConsole />} />
                      {/* The declared resources' screens (src/resources); an unknown name is not found. */}
                      <Route path="/:resource/*" element={<OwnerResourceRoutes />} />
                    </Route>
                    <Route path="*" element={<NotFoundPage />} />
                  </Routes>
                </Suspense>
              </SessionGuard>
            </SessionProvider>
          </Refine>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}
