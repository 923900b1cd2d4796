import { Authenticated, type IRefineOptions, Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { App as AntdApp, ConfigProvider, type ThemeConfig } from 'antd';
// The ES modules: the CommonJS `antd/locale/*` reaches the bundle as `{ default }`, and antd fell back to
// English ("20 / page") in Korean.
import enUS from 'antd/es/locale/en_US';
import koKR from 'antd/es/locale/ko_KR';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Outlet, Route, Routes } from 'react-router';
import { FacilityProvider } from './facility/facility-context.tsx';
import { currentLanguage } from './i18n/config.ts';
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

// Pages load on demand. LOGIN and the join pages are the light sign-in entry's (src/main.tsx); a logout or a lost
// session that goes to LOGIN from here renders the same light pages in place.
const SignInPages = lazy(() =>
  import('./pages/auth/sign-in-app.tsx').then((m) => ({ default: m.SignInPages })),
);
const HomePage = lazy(() => import('./pages/home/home-page.tsx').then((m) => ({ default: m.HomePage })));
// The signed-in layouts load on demand too: /login needs neither the side menu nor the consulting checks.
const MainLayout = lazy(() => import('./shell/main-layout.tsx').then((m) => ({ default: m.MainLayout })));
const ConsultingLayout = lazy(() =>
  import('./shell/consulting-layout.tsx').then((m) => ({ default: m.ConsultingLayout })),
);
const BareLayout = lazy(() => import('./shell/bare-layout.tsx').then((m) => ({ default: m.BareLayout })));
const ConsultingFlow = lazy(() =>
  import('./pages/consult/kiosk-pages.tsx').then((m) => ({ default: m.ConsultingFlow })),
);
const KioskStartPage = lazy(() =>
  import('./pages/consult/kiosk-pages.tsx').then((m) => ({ default: m.KioskStartPage })),
);
const KioskWritePage = lazy(() =>
  import('./pages/consult/kiosk-pages.tsx').then((m) => ({ default: m.KioskWritePage })),
);
const KioskWaitingPage = lazy(() =>
  import('./pages/consult/kiosk-pages.tsx').then((m) => ({ default: m.KioskWaitingPage })),
);
const KioskResultPage = lazy(() =>
  import('./pages/consult/kiosk-pages.tsx').then((m) => ({ default: m.KioskResultPage })),
);
const KioskFinishPage = lazy(() =>
  import('./pages/consult/kiosk-pages.tsx').then((m) => ({ default: m.KioskFinishPage })),
);
const FinishGymPage = lazy(() =>
  import('./pages/consult/finish-gym-page.tsx').then((m) => ({ default: m.FinishGymPage })),
);
const ConsultListPage = lazy(() =>
  import('./pages/consult/consult-list-page.tsx').then((m) => ({ default: m.ConsultListPage })),
);
const CrmPage = lazy(() => import('./pages/consult/crm-page.tsx').then((m) => ({ default: m.CrmPage })));
const PlainLayout = lazy(() => import('./shell/plain-layout.tsx').then((m) => ({ default: m.PlainLayout })));
const ProfilePage = lazy(() =>
  import('./pages/profile/profile-page.tsx').then((m) => ({ default: m.ProfilePage })),
);
const OwnerResourceRoutes = lazy(() =>
  import('./resources/owner-routes.tsx').then((m) => ({ default: m.OwnerResourceRoutes })),
);
const CustomerListPage = lazy(() =>
  import('./pages/customers/customer-list-page.tsx').then((m) => ({ default: m.CustomerListPage })),
);
const CustomerDetailPage = lazy(() =>
  import('./pages/customers/customer-detail-page.tsx').then((m) => ({ default: m.CustomerDetailPage })),
);
const TicketListPage = lazy(() =>
  import('./pages/passes/ticket-list-page.tsx').then((m) => ({ default: m.TicketListPage })),
);
const TicketFormPage = lazy(() =>
  import('./pages/passes/ticket-form-page.tsx').then((m) => ({ default: m.TicketFormPage })),
);
const SchedulePage = lazy(() =>
  import('./pages/schedule/schedule-page.tsx').then((m) => ({ default: m.SchedulePage })),
);
const LessonDetailPage = lazy(() =>
  import('./pages/schedule/lesson-detail-page.tsx').then((m) => ({ default: m.LessonDetailPage })),
);
const ReservationHistoryPage = lazy(() =>
  import('./pages/reservations/reservation-history-page.tsx').then((m) => ({
    default: m.ReservationHistoryPage,
  })),
);
const ReservationDetailPage = lazy(() =>
  import('./pages/reservations/reservation-detail-page.tsx').then((m) => ({
    default: m.ReservationDetailPage,
  })),
);
const TrainerListPage = lazy(() =>
  import('./pages/trainers/trainer-list-page.tsx').then((m) => ({ default: m.TrainerListPage })),
);
const TrainerDetailPage = lazy(() =>
  import('./pages/trainers/trainer-detail-page.tsx').then((m) => ({ default: m.TrainerDetailPage })),
);
const SelfBookingPage = lazy(() =>
  import('./pages/self-booking/self-booking-page.tsx').then((m) => ({ default: m.SelfBookingPage })),
);
const IssueListPage = lazy(() =>
  import('./pages/passes/issue-list-page.tsx').then((m) => ({ default: m.IssueListPage })),
);
const IssueDetailPage = lazy(() =>
  import('./pages/passes/issue-detail-page.tsx').then((m) => ({ default: m.IssueDetailPage })),
);
const AdminConsole = lazy(() =>
  import('./pages/admin/admin-console.tsx').then((m) => ({ default: m.AdminConsole })),
);
const FacilitySettingsPage = lazy(() =>
  import('./pages/settings/facility-settings-page.tsx').then((m) => ({ default: m.FacilitySettingsPage })),
);
const PermissionPage = lazy(() =>
  import('./pages/settings/permission-page.tsx').then((m) => ({ default: m.PermissionPage })),
);
const StaffPage = lazy(() =>
  import('./pages/settings/staff/staff-page.tsx').then((m) => ({ default: m.StaffPage })),
);
const AuditPage = lazy(() =>
  import('./pages/settings/audit/audit-page.tsx').then((m) => ({ default: m.AuditPage })),
);
const EntryKioskPage = lazy(() =>
  import('./pages/entry/entry-kiosk-page.tsx').then((m) => ({ default: m.EntryKioskPage })),
);
const EntryListPage = lazy(() =>
  import('./pages/entry/entry-list-page.tsx').then((m) => ({ default: m.EntryListPage })),
);
const LockerPage = lazy(() =>
  import('./pages/lockers/locker-page.tsx').then((m) => ({ default: m.LockerPage })),
);
const DeskPage = lazy(() => import('./pages/sales/desk-page.tsx').then((m) => ({ default: m.DeskPage })));
const PaymentHistoryPage = lazy(() =>
  import('./pages/sales/payment-history-page.tsx').then((m) => ({ default: m.PaymentHistoryPage })),
);
const UnpaidPage = lazy(() =>
  import('./pages/sales/unpaid-page.tsx').then((m) => ({ default: m.UnpaidPage })),
);
const SalesListPage = lazy(() =>
  import('./pages/sales/sales-list-page.tsx').then((m) => ({ default: m.SalesListPage })),
);
const ProductListPage = lazy(() =>
  import('./pages/products/product-list-page.tsx').then((m) => ({ default: m.ProductListPage })),
);
const ProductFormPage = lazy(() =>
  import('./pages/products/product-form-page.tsx').then((m) => ({ default: m.ProductFormPage })),
);
const ProductInfoPage = lazy(() =>
  import('./pages/products/product-info-page.tsx').then((m) => ({ default: m.ProductInfoPage })),
);
const ProductGroupPage = lazy(() =>
  import('./pages/products/product-group-page.tsx').then((m) => ({ default: m.ProductGroupPage })),
);
const PromotionPage = lazy(() =>
  import('./pages/products/promotion-page.tsx').then((m) => ({ default: m.PromotionPage })),
);
const ReceiptPage = lazy(() =>
  import('./pages/receipts/receipt-page.tsx').then((m) => ({ default: m.ReceiptPage })),
);
const ExpensePage = lazy(() =>
  import('./pages/expenses/expense-page.tsx').then((m) => ({ default: m.ExpensePage })),
);
const PayRequestPage = lazy(() =>
  import('./pages/pay-request/pay-request-page.tsx').then((m) => ({ default: m.PayRequestPage })),
);
const StatisticsPage = lazy(() =>
  import('./pages/reports/statistics-page.tsx').then((m) => ({ default: m.StatisticsPage })),
);
const RevenueHistoryPage = lazy(() =>
  import('./pages/reports/revenue-history-page.tsx').then((m) => ({ default: m.RevenueHistoryPage })),
);
const RevenueChartPage = lazy(() =>
  import('./pages/reports/revenue-chart-page.tsx').then((m) => ({ default: m.RevenueChartPage })),
);
const NotFoundPage = lazy(() =>
  import('./pages/errors/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })),
);

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
          <Route path={ROUTES.HOME} element={<HomePage />} />
          <Route path={ROUTES.PROFILE} element={<ProfilePage />} />
          {/* Facility settings: the representative's alone (domain/access.ts, behind the shell's access gate). */}
          <Route path="/setting/gym" element={<FacilitySettingsPage />} />
          <Route path="/setting/gym/permission" element={<PermissionPage />} />
          <Route path="/setting/gym/worker/detail" element={<StaffPage />} />
          <Route path="/setting/gym/audit" element={<AuditPage />} />
          <Route path="/memberManage/list" element={<CustomerListPage />} />
          <Route path="/memberManage/list/info" element={<CustomerDetailPage />} />
          <Route path="/memberManage/consult-list" element={<ConsultListPage />} />
          <Route path="/ticket/list" element={<TicketListPage />} />
          <Route path="/ticket/list/add" element={<TicketFormPage />} />
          <Route path="/ticket/list/info" element={<TicketFormPage />} />
          <Route path="/ticket/issueList" element={<IssueListPage />} />
          <Route path="/ticket/issueList/info" element={<IssueDetailPage />} />
          <Route path="/plan/schedule" element={<SchedulePage />} />
          <Route path="/plan/schedule/lessondetail" element={<LessonDetailPage />} />
          <Route path="/plan/reservationHistory" element={<ReservationHistoryPage />} />
          <Route path="/plan/reservationHistory/info" element={<ReservationDetailPage />} />
          <Route path="/trainer" element={<TrainerListPage />} />
          <Route path="/trainer/info" element={<TrainerDetailPage />} />
          <Route path="/manage/entryList" element={<EntryListPage />} />
          <Route path="/locker" element={<LockerPage />} />
          {/* Money (docs/rules.md#money): read with payHistoryUseYn, changed with payHistorySettingYn. */}
          <Route path="/pay/payment" element={<DeskPage />} />
          <Route path="/pay/history" element={<PaymentHistoryPage />} />
          <Route path="/sales/unpaid" element={<UnpaidPage />} />
          <Route path="/sales/management" element={<SalesListPage />} />
          <Route path="/product/manage" element={<ProductListPage />} />
          <Route path="/product/manage/add" element={<ProductFormPage />} />
          <Route path="/product/manage/detail" element={<ProductFormPage />} />
          <Route path="/product/manage/info" element={<ProductInfoPage />} />
          <Route path="/product/group" element={<ProductGroupPage />} />
          <Route path="/product/promotion" element={<PromotionPage />} />
          <Route path="/manage/receipt" element={<ReceiptPage />} />
          <Route path="/pay/expenditure" element={<ExpensePage />} />
          <Route path="/sales/statistics" element={<StatisticsPage />} />
          <Route path="/revenue/revenue-history" element={<RevenueHistoryPage />} />
          <Route path="/revenue/revenue-chart" element={<RevenueChartPage />} />
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
