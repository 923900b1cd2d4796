import { LogoutOutlined } from '@ant-design/icons';
import { useLogout, useTranslate } from '@refinedev/core';
import { App, Button } from 'antd';
import { lazy, Suspense } from 'react';
import { useSessionMember } from '../../session/session-context.tsx';
import { LanguageSwitch } from '../../shell/language-switch.tsx';
import { PageSpinner } from '../../shell/page-spinner.tsx';

// The resource links load with the registry, so this page stays light until they are needed.
const ResourceNav = lazy(() =>
  import('../../resources/resource-nav.tsx').then((m) => ({ default: m.ResourceNav })),
);

/** A signed-in placeholder until the shell issue brings the facility panel (SPEC §2.5). */
export function HomePage() {
  const translate = useTranslate();
  const member = useSessionMember();
  const { modal } = App.useApp();
  const { mutate: logout, isPending } = useLogout();

  const handleLogout = (): void => {
    modal.confirm({
      title: translate('modal.notice'),
      content: translate('logout.confirm'),
      okText: translate('buttons.ok'),
      cancelText: translate('buttons.cancel'),
      onOk: () => logout(),
    });
  };

  if (!member) return <PageSpinner />;

  return (
    <div className="fd-page">
      <header className="fd-page-top">
        <span className="fd-brand">{translate('app.name')}</span>
        <div className="fd-page-actions">
          <LanguageSwitch />
          <Button icon={<LogoutOutlined />} onClick={handleLogout} loading={isPending}>
            {translate('buttons.logout')}
          </Button>
        </div>
      </header>
      <main>
        <h1 className="fd-title fd-title-large">{translate('home.greeting', { name: member.name })}</h1>
        <p className="fd-subtitle">{translate('home.intro')}</p>
        <Suspense fallback={null}>
          <ResourceNav />
        </Suspense>
      </main>
    </div>
  );
}
