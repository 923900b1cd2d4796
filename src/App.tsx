import { Authenticated, type IRefineOptions, Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { App as AntdApp, ConfigProvider, type ThemeConfig } from 'antd';
// The ES modules: the CommonJS `antd/locale/*` reaches the bundle as `{ default }`, and antd fell back to
// English ("20 / page") in Korean.
import enUS from 'antd/es/locale/en_US';
import koKR from 'antd/es/locale/ko_KR';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Outlet, Route, Routes } from 'react-router';
import { normalizePath } from '#domain/routes.ts';
import { FacilityProvider } from './facility/facility-context.tsx';
import { textsFor } from './i18n/index.ts';
import { currentLanguage } from './i18n/options.ts';
import { RouteErrorBoundary } from './pages/errors/app-error-boundary.tsx';
import {
  createAccessContextStore,
  createAccessControlProvider,
} from './providers/access-control-provider.ts';
import { createI18nProvider } from './providers/i18n-provider.ts';
import {
  authProvider,
  dataProvider,
  facilityApi,
  memberApi,
  selectedFacilityStorage,
  sessionStore,
  storedSession,
} from './providers/instances.ts';
import { useNotificationProvider } from './providers/notification-provider.tsx';
import { createQueryClient } from './providers/query-client.ts';
import { ANONYMOUS_LANDING, ROUTES } from './routes.ts';
import { SessionProvider, type SessionServices } from './session/session-context.tsx';
import { SessionGuard } from './session/session-guard.tsx';
import { AccessContextSync } from './shell/access-context-sync.tsx';
import { ModalHost } from './shell/modal/modal-host.tsx';
import { openModal } from './shell/modal/modal-store.ts';
import { OutsideScripts } from './shell/outside-scripts.tsx';
import { usePageHead } from './shell/page-head.ts';
import { PageSpinner } from './shell/page-spinner.tsx';

/** A page or a layout loaded on demand; `preload` fetches its chunk ahead, without rendering it. */
type LazyPage = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

/**
 * A lazy page renders once its chunk and the texts it reads are in: a cold visit of a first-screen path
 * (src/i18n/index.ts, FIRST_SCREENS) has some features' texts only, and any other screen waits for all of them.
 */
const lazyPage = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage =>
  Object.assign(
    lazy(() =>
      Promise.all([load(), textsFor(window.location.pathname)]).then(([module]) => ({
        default: pick(module),
      })),
    ),
    { preload: load },
  );

// Pages load on demand. LOGIN and the join pages are the light sign-in entry's (src/main.tsx); a logout or a lost
// session that goes to LOGIN from here renders the same light pages in place.
const SignInPages = lazyPage(
  () => import('./pages/auth/sign-in-app.tsx'),
  (m) => m.SignInPages,
);
const HomePage = lazyPage(
  () => import('./pages/home/home-page.tsx'),
  (m) => m.HomePage,
);
// The signed-in layouts load on demand too: /login needs neither the side menu nor the consulting checks.
const MainLayout = lazyPage(
  () => import('./shell/main-layout.tsx'),
  (m) => m.MainLayout,
);
const ConsultingLayout = lazyPage(
  () => import('./shell/consulting-layout.tsx'),
  (m) => m.ConsultingLayout,
);
const BareLayout = lazyPage(
  () => import('./shell/bare-layout.tsx'),
  (m) => m.BareLayout,
);
const ConsultingFlow = lazyPage(
  () => import('./pages/consult/kiosk-pages.tsx'),
  (m) => m.ConsultingFlow,
);
const KioskStartPage = lazyPage(
  () => import('./pages/consult/kiosk-pages.tsx'),
  (m) => m.KioskStartPage,
);
const KioskWritePage = lazyPage(
  () => import('./pages/consult/kiosk-pages.tsx'),
  (m) => m.KioskWritePage,
);
const KioskWaitingPage = lazyPage(
  () => import('./pages/consult/kiosk-pages.tsx'),
  (m) => m.KioskWaitingPage,
);
const KioskResultPage = lazyPage(
  () => import('./pages/consult/kiosk-pages.tsx'),
  (m) => m.KioskResultPage,
);
const KioskFinishPage = lazyPage(
  () => import('./pages/consult/kiosk-pages.tsx'),
  (m) => m.KioskFinishPage,
);
const FinishGymPage = lazyPage(
  () => import('./pages/consult/finish-gym-page.tsx'),
  (m) => m.FinishGymPage,
);
const ConsultListPage = lazyPage(
  () => import('./pages/consult/consult-list-page.tsx'),
  (m) => m.ConsultListPage,
);
const CrmPage = lazyPage(
  () => import('./pages/consult/crm-page.tsx'),
  (m) => m.CrmPage,
);
const PlainLayout = lazyPage(
  () => import('./shell/plain-layout.tsx'),
  (m) => m.PlainLayout,
);
const ProfilePage = lazyPage(
  () => import('./pages/profile/profile-page.tsx'),
  (m) => m.ProfilePage,
);
const OwnerResourceRoutes = lazyPage(
  () => import('./resources/owner-routes.tsx'),
  (m) => m.OwnerResourceRoutes,
);
const CustomerListPage = lazyPage(
  () => import('./pages/customers/customer-list-page.tsx'),
  (m) => m.CustomerListPage,
);
const CustomerDetailPage = lazyPage(
  () => import('./pages/customers/customer-detail-page.tsx'),
  (m) => m.CustomerDetailPage,
);
const TicketListPage = lazyPage(
  () => import('./pages/passes/ticket-list-page.tsx'),
  (m) => m.TicketListPage,
);
const TicketFormPage = lazyPage(
  () => import('./pages/passes/ticket-form-page.tsx'),
  (m) => m.TicketFormPage,
);
const SchedulePage = lazyPage(
  () => import('./pages/schedule/schedule-page.tsx'),
  (m) => m.SchedulePage,
);
const LessonDetailPage = lazyPage(
  () => import('./pages/schedule/lesson-detail-page.tsx'),
  (m) => m.LessonDetailPage,
);
const ReservationHistoryPage = lazyPage(
  () => import('./pages/reservations/reservation-history-page.tsx'),
  (m) => m.ReservationHistoryPage,
);
const ReservationDetailPage = lazyPage(
  () => import('./pages/reservations/reservation-detail-page.tsx'),
  (m) => m.ReservationDetailPage,
);
const TrainerListPage = lazyPage(
  () => import('./pages/trainers/trainer-list-page.tsx'),
  (m) => m.TrainerListPage,
);
const TrainerDetailPage = lazyPage(
  () => import('./pages/trainers/trainer-detail-page.tsx'),
  (m) => m.TrainerDetailPage,
);
const SelfBookingPage = lazyPage(
  () => import('./pages/self-booking/self-booking-page.tsx'),
  (m) => m.SelfBookingPage,
);
const IssueListPage = lazyPage(
  () => import('./pages/passes/issue-list-page.tsx'),
  (m) => m.IssueListPage,
);
const IssueDetailPage = lazyPage(
  () => import('./pages/passes/issue-detail-page.tsx'),
  (m) => m.IssueDetailPage,
);
const AdminConsole = lazyPage(
  () => import('./pages/admin/admin-console.tsx'),
  (m) => m.AdminConsole,
);
const FacilitySettingsPage = lazyPage(
  () => import('./pages/settings/facility-settings-page.tsx'),
  (m) => m.FacilitySettingsPage,
);
const PermissionPage = lazyPage(
  () => import('./pages/settings/permission-page.tsx'),
  (m) => m.PermissionPage,
);
const StaffPage = lazyPage(
  () => import('./pages/settings/staff/staff-page.tsx'),
  (m) => m.StaffPage,
);
const AuditPage = lazyPage(
  () => import('./pages/settings/audit/audit-page.tsx'),
  (m) => m.AuditPage,
);
const SenderPage = lazyPage(
  () => import('./pages/message-settings/sender-page.tsx'),
  (m) => m.SenderPage,
);
const KakaoChannelPage = lazyPage(
  () => import('./pages/message-settings/kakao-channel-page.tsx'),
  (m) => m.KakaoChannelPage,
);
const EntryKioskPage = lazyPage(
  () => import('./pages/entry/entry-kiosk-page.tsx'),
  (m) => m.EntryKioskPage,
);
const EntryListPage = lazyPage(
  () => import('./pages/entry/entry-list-page.tsx'),
  (m) => m.EntryListPage,
);
const LockerPage = lazyPage(
  () => import('./pages/lockers/locker-page.tsx'),
  (m) => m.LockerPage,
);
const DeskPage = lazyPage(
  () => import('./pages/sales/desk-page.tsx'),
  (m) => m.DeskPage,
);
const PaymentHistoryPage = lazyPage(
  () => import('./pages/sales/payment-history-page.tsx'),
  (m) => m.PaymentHistoryPage,
);
const UnpaidPage = lazyPage(
  () => import('./pages/sales/unpaid-page.tsx'),
  (m) => m.UnpaidPage,
);
const SalesListPage = lazyPage(
  () => import('./pages/sales/sales-list-page.tsx'),
  (m) => m.SalesListPage,
);
const ProductListPage = lazyPage(
  () => import('./pages/products/product-list-page.tsx'),
  (m) => m.ProductListPage,
);
const ProductFormPage = lazyPage(
  () => import('./pages/products/product-form-page.tsx'),
  (m) => m.ProductFormPage,
);
const ProductInfoPage = lazyPage(
  () => import('./pages/products/product-info-page.tsx'),
  (m) => m.ProductInfoPage,
);
const ProductGroupPage = lazyPage(
  () => import('./pages/products/product-group-page.tsx'),
  (m) => m.ProductGroupPage,
);
const PromotionPage = lazyPage(
  () => import('./pages/products/promotion-page.tsx'),
  (m) => m.PromotionPage,
);
const ReceiptPage = lazyPage(
  () => import('./pages/receipts/receipt-page.tsx'),
  (m) => m.ReceiptPage,
);
const ExpensePage = lazyPage(
  () => import('./pages/expenses/expense-page.tsx'),
  (m) => m.ExpensePage,
);
const PayRequestPage = lazyPage(
  () => import('./pages/pay-request/pay-request-page.tsx'),
  (m) => m.PayRequestPage,
);
const StatisticsPage = lazyPage(
  () => import('./pages/reports/statistics-page.tsx'),
  (m) => m.StatisticsPage,
);
const RevenueHistoryPage = lazyPage(
  () => import('./pages/reports/revenue-history-page.tsx'),
  (m) => m.RevenueHistoryPage,
);
const RevenueChartPage = lazyPage(
  () => import('./pages/reports/revenue-chart-page.tsx'),
  (m) => m.RevenueChartPage,
);
const SendListPage = lazyPage(
  () => import('./pages/messages/send-list-page.tsx'),
  (m) => m.SendListPage,
);
const ComposePage = lazyPage(
  () => import('./pages/messages/compose-page.tsx'),
  (m) => m.ComposePage,
);
const NotFoundPage = lazyPage(
  () => import('./pages/errors/not-found-page.tsx'),
  (m) => m.NotFoundPage,
);

/**
 * The main layout's pages (header and side menu), by path. Each loads on demand; the one a visit opens with is
 * fetched at once, beside the session check (preloadFirstScreen).
 */
const MAIN_PAGES: ReadonlyArray<readonly [path: string, page: LazyPage]> = [
  [ROUTES.HOME, HomePage],
  [ROUTES.PROFILE, ProfilePage],
  // Facility settings: the representative's alone (domain/access.ts, behind the shell's access gate).
  ['/setting/gym', FacilitySettingsPage],
  ['/setting/gym/permission', PermissionPage],
  ['/setting/gym/worker/detail', StaffPage],
  ['/setting/gym/audit', AuditPage],
  // Messaging settings (docs/rules.md#messaging): read with adMessageUseYn, changed with adMessageSettingYn.
  ['/setting/gym/messagesender', SenderPage],
  ['/setting/gym/kakaochannel', KakaoChannelPage],
  ['/memberManage/list', CustomerListPage],
  ['/memberManage/list/info', CustomerDetailPage],
  ['/memberManage/consult-list', ConsultListPage],
  ['/ticket/list', TicketListPage],
  ['/ticket/list/add', TicketFormPage],
  ['/ticket/list/info', TicketFormPage],
  ['/ticket/issueList', IssueListPage],
  ['/ticket/issueList/info', IssueDetailPage],
  ['/plan/schedule', SchedulePage],
  ['/plan/schedule/lessondetail', LessonDetailPage],
  ['/plan/reservationHistory', ReservationHistoryPage],
  ['/plan/reservationHistory/info', ReservationDetailPage],
  ['/trainer', TrainerListPage],
  ['/trainer/info', TrainerDetailPage],
  ['/manage/entryList', EntryListPage],
  ['/locker', LockerPage],
  // Money (docs/rules.md#money): read with payHistoryUseYn, changed with payHistorySettingYn.
  ['/pay/payment', DeskPage],
  ['/pay/history', PaymentHistoryPage],
  ['/sales/unpaid', UnpaidPage],
  ['/sales/management', SalesListPage],
  ['/product/manage', ProductListPage],
  ['/product/manage/add', ProductFormPage],
  ['/product/manage/detail', ProductFormPage],
  ['/product/manage/info', ProductInfoPage],
  ['/product/group', ProductGroupPage],
  ['/product/promotion', PromotionPage],
  ['/manage/receipt', ReceiptPage],
  ['/pay/expenditure', ExpensePage],
  ['/sales/statistics', StatisticsPage],
  ['/revenue/revenue-history', RevenueHistoryPage],
  ['/revenue/revenue-chart', RevenueChartPage],
  // Group messages (docs/rules.md#messaging): adMessageUseYn while MESSAGE is APPROVE.
  ['/subservice/groupsns', SendListPage],
  ['/subservice/groupsns/add', ComposePage],
];

/**
 * The first screen's chunks (the main layout and the page) start downloading with the back-office itself, while
 * the session is checked, instead of after it: a desk page opened cold is drawn one round trip sooner, and no
 * other page's chunk is fetched.
 */
const preloadFirstScreen = (pathname: string): void => {
  const path = normalizePath(pathname);
  const page = MAIN_PAGES.find(([pagePath]) => pagePath === path)?.[1];
  if (!page) return;
  for (const chunk of [MainLayout, page]) chunk.preload().catch(() => {});
};
preloadFirstScreen(window.location.pathname);

// WCAG AA contrast on white: antd's default blue (#1677ff, 4.1:1) fails behind and as text
// (docs/architecture.md#web-app), links follow colorInfo unless set, form hints are 45% black (3.4:1) and
// error texts #ff4d4f (3.3:1).
const theme: ThemeConfig = {
  token: {
    colorPrimary: '#0958d9',
    colorLink: '#0958d9',
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    colorError: '#cf1322',
  },
};

// docs/rules.md#modals-and-errors: every query and mutation error is logged; 400, 404 and 500 open an alert
// (src/providers/query-client.ts).
const queryClient = createQueryClient((text) =>
  openModal({ type: 'ALERT', children: text, key: `alert-${text}` }),
);

// The access guard's context, mirrored from the facility context by <AccessContextSync>.
const accessContextStore = createAccessContextStore();

// One stable object: Refine keeps the QueryClient from it, so a new object would drop the cache.
const refineOptions: IRefineOptions = {
  // No record ids, names or phone numbers in URLs (docs/rules.md#personal-data).
  syncWithLocation: false,
  disableTelemetry: true,
  // Refine would call check (GET validate) on every path change; <Authenticated> and the session rules already do.
  disableRouteChangeHandler: true,
  // Retry 0, no refetch on focus, and the global error alerts are set on the client itself.
  reactQuery: { clientConfig: queryClient },
};

const session: SessionServices = {
  store: sessionStore,
  stored: storedSession,
  fetchMember: memberApi.getMember,
  validate: memberApi.validate,
  // SELECT is served by the marketing entry, outside this router (src/main.tsx): a full navigation.
  goToLanding: () => window.location.replace(ANONYMOUS_LANDING),
};

/** Head title, author and description on every back-office page (docs/rules.md#routes-and-layouts). */
function PageHead() {
  usePageHead();
  return null;
}

/**
 * The built pages only (issue scope): a SPEC path whose page comes later is not registered and answers 404.
 * Layouts follow docs/rules.md#routes-and-layouts (src/shell/layout-of.ts): LOGIN bare, the join card, the
 * consulting area, the plain request pages, and the main layout with header and side menu for the rest.
 */
function AppRoutes() {
  return (
    <Routes>
      {/* A logout or a lost session lands here (src/pages/auth). */}
      <Route path={ROUTES.LOGIN} element={<SignInPages />} />
      <Route path={ROUTES.JOIN} element={<SignInPages />} />
      <Route path={ROUTES.JOIN_WORKER} element={<SignInPages />} />
      {/* The customer's own booking page: no session, the link's token (docs/rules.md#self-booking). */}
      <Route element={<PlainLayout />}>
        <Route path="/reservation/req" element={<SelfBookingPage />} />
        {/* The customer's payment-request page: no session, the link's token (docs/rules.md#payment-requests). */}
        <Route path="/pay/req" element={<PayRequestPage />} />
      </Route>
      {/* The consulting tablet (docs/rules.md#consulting): its own token, not a session; the layout wants gymId. */}
      <Route path={ROUTES.CONSULTING} element={<ConsultingLayout />}>
        <Route element={<ConsultingFlow />}>
          <Route index element={<KioskStartPage />} />
          <Route path="write" element={<KioskWritePage />} />
          <Route path="waiting" element={<KioskWaitingPage />} />
          <Route path="result" element={<KioskResultPage />} />
          <Route path="finish" element={<KioskFinishPage />} />
          <Route path="finishGym" element={<FinishGymPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route
        element={
          <Authenticated key="protected" redirectOnFail={ROUTES.LOGIN} loading={<PageSpinner />}>
            <Outlet />
          </Authenticated>
        }
      >
        <Route element={<BareLayout />}>
          <Route path="/crm" element={<CrmPage />} />
          {/* The check-in kiosk (docs/rules.md#check-in): full screen, no header, no menu. */}
          <Route path="/entry" element={<EntryKioskPage />} />
        </Route>
        <Route path={`${ROUTES.ADMIN}/*`} element={<AdminConsole />} />
        <Route element={<MainLayout />}>
          {MAIN_PAGES.map(([path, Page]) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          {/* The declared resources' screens (src/resources); an unknown path is not found. */}
          <Route path="/:resource/*" element={<OwnerResourceRoutes />} />
        </Route>
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

export function App() {
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  // A new provider object on a language change re-renders everything that translates.
  // biome-ignore lint/correctness/useExhaustiveDependencies: language is the trigger, not an input.
  const i18nProvider = useMemo(() => createI18nProvider(i18n), [i18n, language]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the reasons follow the language.
  const accessControlProvider = useMemo(
    () => createAccessControlProvider(accessContextStore, (key) => i18n.t(key)),
    [i18n, language],
  );

  return (
    <BrowserRouter>
      <ConfigProvider theme={theme} locale={language === 'ko' ? koKR : enUS}>
        <AntdApp>
          <Refine
            routerProvider={routerProvider}
            dataProvider={dataProvider}
            authProvider={authProvider}
            i18nProvider={i18nProvider}
            accessControlProvider={accessControlProvider}
            notificationProvider={useNotificationProvider}
            options={refineOptions}
          >
            <SessionProvider value={session}>
              <FacilityProvider api={facilityApi} storage={selectedFacilityStorage}>
                <AccessContextSync store={accessContextStore} />
                <OutsideScripts />
                <PageHead />
                <ModalHost />
                <RouteErrorBoundary>
                  <SessionGuard fallback={<PageSpinner />}>
                    <Suspense fallback={<PageSpinner />}>
                      <AppRoutes />
                    </Suspense>
                  </SessionGuard>
                </RouteErrorBoundary>
              </FacilityProvider>
            </SessionProvider>
          </Refine>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}
