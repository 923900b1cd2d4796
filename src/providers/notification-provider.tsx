import { UndoOutlined } from '@ant-design/icons';
import type { NotificationProvider } from '@refinedev/core';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The notification provider of @refinedev/antd, kept here: importing that package at all pulls react-markdown and
 * its parsers (no sideEffects flag) into the first load. Same behaviour: antd's notification from <App>, and the
 * "progress" type for undoable mutations.
 */
export const useNotificationProvider = (): NotificationProvider => {
  const { notification } = App.useApp();
  // Refine calls this hook above its own i18n context, so the text comes from react-i18next directly.
  const { t } = useTranslation();
  return {
    open: ({ key, message, description, type, cancelMutation, undoableTimeout }) => {
      if (type === 'progress') {
        notification.open({
          key,
          message: null,
          duration: 0,
          closeIcon: false,
          description: (
            <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
              <span>{message}</span>
              <span aria-hidden="true">{undoableTimeout}</span>
              <Button
                aria-label={t('buttons.undo')}
                icon={<UndoOutlined />}
                disabled={undoableTimeout === 0}
                onClick={() => {
                  cancelMutation?.();
                  notification.destroy(key ?? '');
                }}
              />
            </div>
          ),
        });
        return;
      }
      notification.open({ key, description: message, message: description ?? null, type });
    },
    close: (key) => notification.destroy(key),
  };
};
