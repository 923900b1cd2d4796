import { UserAddOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { inviteLookupRoute, inviteMemberRoute } from '#domain/api/gym-member.ts';
import type { Gym } from '#domain/schemas/gym.ts';
import { useContractMutation } from '#src/kit/contract-hooks.ts';
import { showFieldErrors } from '#src/kit/form-errors.ts';
import { statusOf } from '#src/providers/http-error.ts';
import { staffKeys } from './use-staff.ts';

type Found = { userId: string; maskedName: string; maskedPhone: string };

/**
 * Invitations by exact user id (docs/rules.md#permissions): the dialog looks the worker account up
 * (GET /web/gym-member/invite-lookup), shows its masked name and phone, and only then sends
 * (POST /web/gym-member/invite-member). There is no account search: a partial id finds nothing. The invited
 * person accepts from their HOME; until then the staff page lists them as invited, masked.
 */
function InviteDialog({
  gym,
  open,
  onClose,
  onSent,
}: {
  gym: Gym;
  open: boolean;
  onClose: () => void;
  onSent: () => unknown;
}) {
  const translate = useTranslate();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ userId: string }>();
  const [found, setFound] = useState<Found | null>(null);
  const lookup = useContractMutation(inviteLookupRoute, {
    input: (userId: string) => ({ query: { gymId: gym.id, userId } }),
    meta: { silent: true },
  });
  const invite = useContractMutation(inviteMemberRoute, {
    input: (userId: string) => ({ body: { gymId: gym.id, targetList: [userId] } }),
    meta: { silent: true },
  });

  const find = async (): Promise<void> => {
    const { userId } = await form.validateFields();
    setFound(null);
    try {
      setFound(await lookup.mutateAsync(userId.trim()));
    } catch (error) {
      // Every field error the server names lands on the one field.
      if (statusOf(error) === 404)
        form.setFields([{ name: 'userId', errors: [translate('settings.staff.invite.notFound')] }]);
      else if (!showFieldErrors(form, error, { pathOf: () => 'userId' }))
        form.setFields([{ name: 'userId', errors: [translate('settings.staff.invite.failed')] }]);
    }
  };

  const send = async (): Promise<void> => {
    if (!found) return;
    try {
      const data = await invite.mutateAsync(found.userId);
      const sent = data.some((result) => result.sent);
      if (sent) void message.success(translate('settings.staff.invite.sentTo', { name: found.maskedName }));
      else void message.info(translate('settings.staff.invite.already', { name: found.maskedName }));
      await onSent();
      onClose();
    } catch (error) {
      form.setFields([
        {
          name: 'userId',
          errors: [
            translate(
              statusOf(error) === 429 ? 'settings.staff.invite.tooMany' : 'settings.staff.invite.failed',
            ),
          ],
        },
      ]);
    }
  };

  return (
    <Modal
      open={open}
      title={translate('settings.staff.invite.title')}
      okText={translate('settings.staff.invite.send')}
      okButtonProps={{ loading: invite.isPending, disabled: !found }}
      cancelText={translate('buttons.cancel')}
      onOk={() => void send()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert type="info" showIcon message={translate('settings.staff.invite.howTo')} />
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        style={{ marginTop: 16 }}
        onFinish={() => void find().catch(() => undefined)}
      >
        <Form.Item
          name="userId"
          label={translate('settings.staff.invite.userIdLabel')}
          rules={[{ required: true, whitespace: true, message: translate('validation.required') }]}
        >
          <Input.Search
            autoFocus
            autoComplete="off"
            enterButton={translate('settings.staff.invite.find')}
            loading={lookup.isPending}
            onChange={() => setFound(null)}
            onSearch={() => form.submit()}
          />
        </Form.Item>
      </Form>
      {found && (
        <Descriptions
          bordered
          size="small"
          column={1}
          title={translate('settings.staff.invite.confirm')}
          items={[
            { key: 'name', label: translate('settings.staff.invite.name'), children: found.maskedName },
            { key: 'userId', label: translate('settings.staff.invite.userIdLabel'), children: found.userId },
            { key: 'phone', label: translate('settings.staff.invite.phone'), children: found.maskedPhone },
          ]}
        />
      )}
    </Modal>
  );
}

export function InviteButton({ gym }: { gym: Gym }) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  // The staff page's list (use-staff.ts) shows the new invitation.
  const onSent = () => queryClient.invalidateQueries({ queryKey: staffKeys['worker-list'](gym.id) });
  return (
    <>
      <Button icon={<UserAddOutlined />} onClick={() => setOpen(true)}>
        {translate('settings.staff.invite.button')}
      </Button>
      <InviteDialog gym={gym} open={open} onClose={() => setOpen(false)} onSent={onSent} />
    </>
  );
}
