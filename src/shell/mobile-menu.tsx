import { Drawer } from 'antd';
import { LogoutButton, MemberName, MOBILE_MENU_ID } from './app-header.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { SideMenu } from './side-menu.tsx';

/**
 * The phone's menu drawer: the pages, the member's name, the language and logout. Its own chunk: it is drawn the
 * first time the header's menu button opens it, never in a page's first load (src/shell/main-layout.tsx).
 */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer
      id={MOBILE_MENU_ID}
      open={open}
      onClose={onClose}
      placement="right"
      width="min(320px, 85vw)"
      title={<MemberName />}
      rootClassName="fd-mobile-drawer"
      footer={
        <div className="fd-mobile-drawer-footer">
          <LanguageSwitch />
          <LogoutButton />
        </div>
      }
    >
      <SideMenu drawer />
    </Drawer>
  );
}
