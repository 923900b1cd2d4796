import { useDelete, useTranslate } from '@refinedev/core';
import { Alert, App, Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Gym } from '#domain/schemas/gym.ts';
import { SectionCard } from '../../components/section-card.tsx';
import { useFacility } from '../../facility/facility-context.tsx';
import { ROUTES } from '../../routes.ts';
import { confirmsClosing } from './settings-rules.ts';
import { useReportError } from './use-report-error.ts';

/**
 * Closing a facility (docs/rules.md#state-machines: any → QUIT, the representative's alone): the records
 * stay, read-only. The dialog asks for the facility's name, typed exactly, before DELETE /web/gym/{id}; then
 * the facility list is reloaded and the representative lands on HOME.
 */
export function CloseFacility({ gym }: { gym: Gym }) {
  const translate = useTranslate();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { refresh } = useFacility();
  const report = useReportError();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const { mutateAsync, mutation } = useDelete({ mutationOptions: { meta: { silent: true } } });
  const matches = confirmsClosing(typed, gym.name);

  const handleOpen = (): void => {
    setTyped('');
    setOpen(true);
  };

  const handleClose = async (): Promise<void> => {
    if (!matches) return;
    try {
      await mutateAsync({
        resource: 'gym',
        id: gym.id,
        successNotification: false,
        errorNotification: false,
      });
    } catch (error) {
      setOpen(false);
      report('settings.gym.close.failed', error);
      return;
    }
    setOpen(false);
    void message.success(translate('settings.gym.close.closed', { name: gym.name }));
    navigate(ROUTES.HOME);
    await refresh();
  };

  return (
    <SectionCard title={translate('settings.gym.close.title')}>
      <Typography.Paragraph>{translate('settings.gym.close.body')}</Typography.Paragraph>
      <Button danger onClick={handleOpen}>
        {translate('settings.gym.close.button')}
      </Button>
      <Modal
        open={open}
        title={translate('settings.gym.close.dialogTitle', { name: gym.name })}
        okText={translate('settings.gym.close.confirm')}
        okButtonProps={{ danger: true, disabled: !matches, loading: mutation.isPending }}
        cancelText={translate('buttons.cancel')}
        onOk={() => void handleClose()}
        onCancel={() => setOpen(false)}
        maskClosable={false}
        destroyOnHidden
      >
        <Alert type="warning" showIcon message={translate('settings.gym.close.warning')} />
        <Form layout="vertical" style={{ marginTop: 16 }} onFinish={() => void handleClose()}>
          <Form.Item
            label={translate('settings.gym.close.typeLabel', { name: gym.name })}
            htmlFor="close-facility-name"
            validateStatus={typed && !matches ? 'error' : undefined}
            help={typed && !matches ? translate('settings.gym.close.mismatch') : undefined}
          >
            <Input
              id="close-facility-name"
              value={typed}
              autoComplete="off"
              autoFocus
              onChange={(event) => setTyped(event.target.value)}
            />
          </Form.Item>
        </Form>
      </Modal>
    </SectionCard>
  );
}
