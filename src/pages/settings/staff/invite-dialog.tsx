import { UserAddOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { inviteMemberRoute } from '#domain/api/gym-member.ts';
import type { Gym } from '#domain/schemas/gym.ts';
import { fieldErrorsOf } from '#src/providers/http-error.ts';
import { api } from '#src/providers/instances.ts';
import { parseMemberIds } from '../settings-rules.ts';

/**
 * Invitations by member number (POST /web/gym-member/invite-member). A facility cannot search accounts (only the
 * operator lists members), so the number has to come from the person invited; the dialog says so.
 */
function InviteDialog({ gym, open, onClose }: { gym: Gym; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ ids: string }>();
  const invite = useMutation({
    mutationFn: (targetList: number[]) =>
      api.call(inviteMemberRoute, { body: { gymId: gym.id, targetList } }),
    meta: { silent: true },
  });

  const handleOk = async (): Promise<void> => {
    const { ids: text } = await form.validateFields();
    const { ids } = parseMemberIds(text);
    try {
      const data = await invite.mutateAsync(ids);
      const created = Array.isArray(data) ? data.length : 0;
      void message.success(translate('settings.staff.invite.sent', { count: created }));
      onClose();
    } catch (error) {
      const errors = fieldErrorsOf(error).flatMap((field) => field.errors);
      form.setFields([
        { name: 'ids', errors: errors.length > 0 ? errors : [translate('settings.staff.invite.failed')] },
      ]);
    }
  };

  return (
    <Modal
      open={open}
      title={translate('settings.staff.invite.title')}
      okText={translate('settings.staff.invite.send')}
      okButtonProps={{ loading: invite.isPending }}
      cancelText={translate('buttons.cancel')}
      onOk={() => void handleOk().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert type="info" showIcon message={translate('settings.staff.invite.howTo')} />
      <Form form={form} layout="vertical" preserve={false} style={{ marginTop: 16 }}>
        <Form.Item
          name="ids"
          label={translate('settings.staff.invite.idsLabel')}
          extra={translate('settings.staff.invite.idsHint')}
          rules={[
            { required: true, whitespace: true, message: translate('validation.required') },
            {
              validator: async (_, value: string | undefined) => {
                const { ids, invalid } = parseMemberIds(value ?? '');
                if (invalid.length > 0)
                  throw new Error(translate('settings.staff.invite.invalid', { values: invalid.join(', ') }));
                if (ids.length > 100)
                  throw new Error(translate('settings.staff.invite.tooMany', { max: 100 }));
              },
            },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 2 }} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function InviteButton({ gym }: { gym: Gym }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<UserAddOutlined />} onClick={() => setOpen(true)}>
        {translate('settings.staff.invite.button')}
      </Button>
      <InviteDialog gym={gym} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
