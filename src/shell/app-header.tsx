import { LogoutOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button } from 'antd';
import { Link } from 'react-router';
import { ROUTES } from '../routes.ts';
import { useSessionMember } from '../session/session-context.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { useConfirmLogout } from './modal/use-confirm-logout.ts';
import { NotificationBell } from './notification-bell.tsx';

/**
 * docs/rules.md#app-shell: the 80 px header: the brand (to HOME), the notice bell and logout, which asks
 * first.
 */
export function AppHeader() {
  const translate = useTranslate();
  const member = useSessionMember();
  const { confirmLogout, isPending } = useConfirmLogout();

  return (
    <header className="fd-shell-header">
      <Link to={ROUTES.HOME} className="fd-brand" aria-label={translate('shell.brandHome')}>
        {translate('app.name')}
      </Link>
      <div className="fd-shell-header-actions">
        {member && <span className="fd-shell-member">{member.name}</span>}
        <NotificationBell />
        <LanguageSwitch />
        <Button icon={<LogoutOutlined />} onClick={confirmLogout} loading={isPending}>
          {translate('buttons.logout')}
        </Button>
      </div>
    </header>
  );
}
