import { LogoutOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button } from 'antd';
import { useConfirmLogout } from '../../shell/modal/use-confirm-logout.ts';
import { StatusPage } from './status-page.tsx';

/**
 * docs/rules.md#access-table: this account may not be here; logging out (after a confirm) is the way on.
 * `inShell`: shown by the shell's access gate in place of a page the permission set does not open.
 */
export function AccessGuardPage({ inShell = false }: { inShell?: boolean }) {
  const translate = useTranslate();
  const { confirmLogout, isPending } = useConfirmLogout();
  return (
    <StatusPage
      fullScreen={!inShell}
      status="403"
      title={translate('guard.noAccess.title')}
      description={translate(inShell ? 'guard.noAccess.inShell' : 'guard.noAccess.description')}
      actions={
        <Button type="primary" icon={<LogoutOutlined />} loading={isPending} onClick={confirmLogout}>
          {translate('buttons.logout')}
        </Button>
      }
    />
  );
}
