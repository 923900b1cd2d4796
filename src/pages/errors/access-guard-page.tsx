import { HomeOutlined, LogoutOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, Typography } from 'antd';
import { useNavigate } from 'react-router';
import type { AccessDecision } from '#domain/access.ts';
import { ROUTE_NAMES } from '#domain/routes.ts';
import { useConfirmLogout } from '../../shell/modal/use-confirm-logout.ts';
import { StatusPage } from './status-page.tsx';

type Missing = Extract<AccessDecision, { allowed: false }>['missing'];

/** The words for a missing right: a flag's name in the permission matrix, or the role. */
const rightLabelKey = (missing: NonNullable<Missing>) =>
  missing === 'represent' || missing === 'superadmin' || missing === 'staff'
    ? `guard.noAccess.rights.${missing}`
    : `gym-auth.fields.${missing}`;

/**
 * docs/rules.md#access-table: this account may not be here.
 * - `inShell`: shown by the shell's access gate in place of a page the permission set does not open: it names the
 *   right that is missing and leads back to HOME (logging out stays offered).
 * - otherwise the account may use no admin screen at all: logging out (after a confirm) is the way on.
 */
export function AccessGuardPage({ inShell = false, missing }: { inShell?: boolean; missing?: Missing }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { confirmLogout, isPending } = useConfirmLogout();
  const logout = (
    <Button
      type={inShell ? 'default' : 'primary'}
      icon={<LogoutOutlined />}
      loading={isPending}
      onClick={confirmLogout}
    >
      {translate('buttons.logout')}
    </Button>
  );
  return (
    <StatusPage
      fullScreen={!inShell}
      status="403"
      title={translate('guard.noAccess.title')}
      description={
        inShell ? (
          <>
            {translate('guard.noAccess.inShell')}
            {missing ? (
              <Typography.Paragraph strong data-testid="missing-right">
                {translate('guard.noAccess.missing', { right: translate(rightLabelKey(missing)) })}
              </Typography.Paragraph>
            ) : null}
          </>
        ) : (
          translate('guard.noAccess.description')
        )
      }
      actions={
        inShell ? (
          <>
            <Button type="primary" icon={<HomeOutlined />} onClick={() => navigate(ROUTE_NAMES.HOME)}>
              {translate('buttons.goHome')}
            </Button>
            {logout}
          </>
        ) : (
          logout
        )
      }
    />
  );
}
