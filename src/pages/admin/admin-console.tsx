import {
  AuditOutlined,
  DatabaseOutlined,
  LogoutOutlined,
  SafetyCertificateOutlined,
  SendOutlined,
  TableOutlined,
} from '@ant-design/icons';
import { useLogout, useTranslate } from '@refinedev/core';
import { Button, Layout, Menu, type MenuProps } from 'antd';
import { lazy, Suspense } from 'react';
import { Link, Navigate, Route, Routes, useLocation, useParams } from 'react-router';
import { ADMIN_BASE, adminResources, findResource } from '../../resources/registry.ts';
import { ResourceScope } from '../../resources/resource-scope.tsx';
import { ResourceScreens } from '../../resources/screens.tsx';
import { ROUTES } from '../../routes.ts';
import { useSessionMember } from '../../session/session-context.tsx';
import { LanguageSwitch } from '../../shell/language-switch.tsx';
import { PageSpinner } from '../../shell/page-spinner.tsx';
import { NotFoundPage } from '../errors/not-found-page.tsx';
import { AccessDenied } from './access-denied.tsx';
import { AddOnReviewPage } from './add-on-review-page.tsx';
import { FacilityReviewPage } from './facility-review-page.tsx';

// The outbox page loads on demand: only the operator opens it, and rarely.
const OutboxPage = lazy(() => import('./outbox-page.tsx').then((m) => ({ default: m.OutboxPage })));
const BackupsPage = lazy(() => import('./backups-page.tsx').then((m) => ({ default: m.BackupsPage })));
const AccountConsentsPage = lazy(() =>
  import('./account-consents-page.tsx').then((m) => ({ default: m.AccountConsentsPage })),
);
// The messaging reviews and prices (issue 29), on demand like the other operator pages.
const MessageSenderReviewPage = lazy(() =>
  import('./message-sender-review-page.tsx').then((m) => ({ default: m.MessageSenderReviewPage })),
);
const MessageTemplateReviewPage = lazy(() =>
  import('./message-template-review-page.tsx').then((m) => ({ default: m.MessageTemplateReviewPage })),
);
const MessagePlatformPage = lazy(() =>
  import('./message-platform-page.tsx').then((m) => ({ default: m.MessagePlatformPage })),
);

export const ADMIN_PATHS = {
  facilityReview: `${ADMIN_BASE}/review/facilities`,
  addOnReview: `${ADMIN_BASE}/review/add-ons`,
  messageSenders: `${ADMIN_BASE}/review/message-senders`,
  messageTemplates: `${ADMIN_BASE}/review/message-templates`,
  messagePlatform: `${ADMIN_BASE}/operations/messages`,
  outbox: `${ADMIN_BASE}/operations/outbox`,
  accounts: `${ADMIN_BASE}/operations/accounts`,
  backups: `${ADMIN_BASE}/operations/backups`,
} as const;

function AdminResource() {
  const { resource } = useParams();
  const entry = findResource('admin', resource);
  return entry ? <ResourceScreens key={entry.identifier} entry={entry} /> : <NotFoundPage />;
}

function AdminMenu() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const items: MenuProps['items'] = [
    {
      type: 'group',
      key: 'review',
      label: translate('admin.menu.review'),
      children: [
        {
          key: ADMIN_PATHS.facilityReview,
          icon: <AuditOutlined />,
          label: <Link to={ADMIN_PATHS.facilityReview}>{translate('admin.review.facilities.title')}</Link>,
        },
        {
          key: ADMIN_PATHS.addOnReview,
          icon: <AuditOutlined />,
          label: <Link to={ADMIN_PATHS.addOnReview}>{translate('admin.review.addOns.title')}</Link>,
        },
        {
          key: ADMIN_PATHS.messageSenders,
          icon: <AuditOutlined />,
          label: (
            <Link to={ADMIN_PATHS.messageSenders}>{translate('messageSettings.admin.menu.senders')}</Link>
          ),
        },
        {
          key: ADMIN_PATHS.messageTemplates,
          icon: <AuditOutlined />,
          label: (
            <Link to={ADMIN_PATHS.messageTemplates}>{translate('messageSettings.admin.menu.templates')}</Link>
          ),
        },
      ],
    },
    {
      type: 'group',
      key: 'operations',
      label: translate('admin.outbox.menu'),
      children: [
        {
          key: ADMIN_PATHS.outbox,
          icon: <SendOutlined />,
          label: <Link to={ADMIN_PATHS.outbox}>{translate('admin.outbox.title')}</Link>,
        },
        {
          key: ADMIN_PATHS.accounts,
          icon: <SafetyCertificateOutlined />,
          label: <Link to={ADMIN_PATHS.accounts}>{translate('admin.consents.title')}</Link>,
        },
        {
          key: ADMIN_PATHS.backups,
          icon: <DatabaseOutlined />,
          label: <Link to={ADMIN_PATHS.backups}>{translate('backups.title')}</Link>,
        },
        {
          key: ADMIN_PATHS.messagePlatform,
          icon: <SendOutlined />,
          label: (
            <Link to={ADMIN_PATHS.messagePlatform}>{translate('messageSettings.admin.menu.platform')}</Link>
          ),
        },
      ],
    },
    {
      type: 'group',
      key: 'resources',
      label: translate('admin.menu.resources'),
      children: adminResources.flatMap(({ declaration, routes }) =>
        routes.list
          ? [
              {
                key: routes.list,
                icon: <TableOutlined />,
                label: <Link to={routes.list}>{translate(`${declaration.name}.titles.list`)}</Link>,
              },
            ]
          : [],
      ),
    },
  ];
  const selected = [
    ...ADMIN_PATHS_LIST,
    ...adminResources.flatMap((entry) => entry.routes.list ?? []),
  ].filter((path) => pathname === path || pathname.startsWith(`${path}/`));
  return (
    <nav aria-label={translate('admin.menu.label')}>
      <Menu mode="inline" items={items} selectedKeys={selected} style={{ borderInlineEnd: 'none' }} />
    </nav>
  );
}

const ADMIN_PATHS_LIST: readonly string[] = Object.values(ADMIN_PATHS);

/** The operator console (SUPERADMIN): the review queues and every declared resource, across all facilities. */
export function AdminConsole() {
  const translate = useTranslate();
  const member = useSessionMember();
  const { mutate: logout, isPending } = useLogout();
  if (!member) return <PageSpinner />;
  if (member.authCode !== 'SUPERADMIN') return <AccessDenied />;
  return (
    <ResourceScope area="admin">
      <Layout style={{ minHeight: '100vh' }}>
        <Layout.Header
          style={{ display: 'flex', alignItems: 'center', gap: 16, background: '#fff', paddingInline: 24 }}
        >
          <Link to={ROUTES.HOME} className="fd-brand">
            {translate('app.name')}
          </Link>
          <span style={{ fontWeight: 600 }}>{translate('admin.title')}</span>
          <span style={{ flex: 1 }} />
          <LanguageSwitch />
          <Button icon={<LogoutOutlined />} loading={isPending} onClick={() => logout()}>
            {translate('buttons.logout')}
          </Button>
        </Layout.Header>
        <Layout>
          <Layout.Sider width={232} theme="light" breakpoint="lg" collapsedWidth={0}>
            <AdminMenu />
          </Layout.Sider>
          <Layout.Content style={{ padding: 24, minWidth: 0 }}>
            <main>
              <Routes>
                <Route index element={<Navigate to={ADMIN_PATHS.facilityReview} replace />} />
                <Route path="review/facilities" element={<FacilityReviewPage />} />
                <Route path="review/add-ons" element={<AddOnReviewPage />} />
                <Route
                  path="review/message-senders"
                  element={
                    <Suspense fallback={<PageSpinner />}>
                      <MessageSenderReviewPage />
                    </Suspense>
                  }
                />
                <Route
                  path="review/message-templates"
                  element={
                    <Suspense fallback={<PageSpinner />}>
                      <MessageTemplateReviewPage />
                    </Suspense>
                  }
                />
                <Route
                  path="operations/messages"
                  element={
                    <Suspense fallback={<PageSpinner />}>
                      <MessagePlatformPage />
                    </Suspense>
                  }
                />
                <Route
                  path="operations/outbox"
                  element={
                    <Suspense fallback={<PageSpinner />}>
                      <OutboxPage />
                    </Suspense>
                  }
                />
                <Route
                  path="operations/accounts"
                  element={
                    <Suspense fallback={<PageSpinner />}>
                      <AccountConsentsPage />
                    </Suspense>
                  }
                />
                <Route
                  path="operations/backups"
                  element={
                    <Suspense fallback={<PageSpinner />}>
                      <BackupsPage />
                    </Suspense>
                  }
                />
                <Route path=":resource/*" element={<AdminResource />} />
              </Routes>
            </main>
          </Layout.Content>
        </Layout>
      </Layout>
    </ResourceScope>
  );
}
