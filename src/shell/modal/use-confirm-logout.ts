import { useLogout, useTranslate } from '@refinedev/core';
import { useCallback } from 'react';
import { useModal } from './use-modal.ts';

/**
 * docs/rules.md#app-shell: logging out first asks "Are you sure you want to log out?" (a CONFIRM); on confirm
 * Refine's logout ends the session and the auth provider sends the member to LOGIN. Shared by the header and
 * the guard pages.
 */
export const useConfirmLogout = (): { confirmLogout: () => void; isPending: boolean } => {
  const translate = useTranslate();
  const { open } = useModal();
  const { mutate: logout, isPending } = useLogout();

  const confirmLogout = useCallback(() => {
    open({
      type: 'CONFIRM',
      key: 'logout',
      children: translate('logout.confirm'),
      confirmText: translate('buttons.logout'),
      handleConfirm: () => logout(),
    });
  }, [open, translate, logout]);

  return { confirmLogout, isPending };
};
