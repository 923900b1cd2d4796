import { LogoutOutlined, MenuOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button } from 'antd';
import { Link } from 'react-router';
import { ROUTES } from '../routes.ts';
import { useSessionMember } from '../session/session-context.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { useConfirmLogout } from './modal/use-confirm-logout.ts';
import { NotificationBell } from './notification-bell.tsx';

export const MOBILE_MENU_ID = 'fd-mobile-menu';

type AppHeaderProps = {
  /** On a phone the header holds the brand, the bell and the menu button; the rest is in the drawer. */
  mobile?: boolean;
  menuOpen?: boolean;
  onMenuToggle?: () => void;
};

/**
 * docs/rules.md#app-shell: the 80 px header: the brand (to HOME), the notice bell and logout, which asks
 * first. On a phone (docs/DECISIONS.md) the member's name, the language switch and logout move into the menu
 * drawer.
 */
export function AppHeader({ mobile = false, menuOpen = false, onMenuToggle }: AppHeaderProps) {
  const translate = useTranslate();
  return (
    <header className={mobile ? 'fd-shell-header is-mobile' : 'fd-shell-header'}>
      <Link to={ROUTES.HOME} className="fd-brand" aria-label={translate('shell.brandHome')}>
        {translate('app.name')}
      </Link>
      <div className="fd-shell-header-actions">
        {mobile ? (
          <>
            <NotificationBell />
            <Button
              type="text"
              icon={<MenuOutlined aria-hidden />}
              className="fd-shell-menu-button"
              aria-label={translate('shell.menu.open')}
              aria-expanded={menuOpen}
              aria-controls={MOBILE_MENU_ID}
              onClick={onMenuToggle}
            />
          </>
        ) : (
          <>
            <MemberName />
            <NotificationBell />
            <LanguageSwitch />
            <LogoutButton />
          </>
        )}
      </div>
    </header>
  );
}

export function MemberName() {
  const member = useSessionMember();
  return member ? <span className="fd-shell-member">{member.name}</span> : null;
}

export function LogoutButton({ block = false }: { block?: boolean }) {
  const translate = useTranslate();
  const { confirmLogout, isPending } = useConfirmLogout();
  return (
    <Button icon={<LogoutOutlined />} onClick={confirmLogout} loading={isPending} block={block}>
      {translate('buttons.logout')}
    </Button>
  );
}
