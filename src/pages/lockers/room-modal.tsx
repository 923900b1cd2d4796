import { useTranslate } from '@refinedev/core';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal } from 'antd';
import { lockerRoomCreateRoute, lockerRoomUpdateRoute } from '#domain/api/locker.ts';
import { errorText } from '#src/kit/error-text.ts';
import { showFieldErrors } from '#src/kit/form-errors.ts';
import { api } from '#src/providers/instances.ts';
import type { LockerRoom } from './locker-model.ts';

/** Adding or renaming a room. */
export function RoomModal({
  gymId,
  room,
  nextOrder,
  onClose,
  onSaved,
}: {
  gymId: number;
  room: LockerRoom | null;
  nextOrder: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const translate = useTranslate();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const save = useMutation({
    meta: { silent: true },
    mutationFn: ({ name }: { name: string }) =>
      room
        ? api.call(lockerRoomUpdateRoute, {
            params: { id: room.id },
            query: { gymId },
            body: { name: name.trim() },
          })
        : api.call(lockerRoomCreateRoute, {
            body: { gymId, name: name.trim(), sortOrder: Math.min(nextOrder, 1000) },
          }),
    onSuccess: () => {
      message.success(translate('lockers.layout.saved'));
      onSaved();
    },
    onError: (error) => showFieldErrors(form, error),
  });
  return (
    <Modal
      open
      title={translate(room ? 'lockers.layout.renameRoomTitle' : 'lockers.layout.addRoomTitle')}
      okText={translate('lockers.layout.save')}
      cancelText={translate('buttons.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      rootClassName="fd-locker-overlay"
      destroyOnHidden
    >
      {save.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="fd-locker-alert"
          message={errorText(save.error, translate)}
        />
      )}
      <Form<{ name: string }>
        form={form}
        layout="vertical"
        requiredMark
        initialValues={{ name: room?.name ?? '' }}
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item
          name="name"
          label={translate('lockers.layout.roomName')}
          rules={[{ required: true, whitespace: true, message: translate('validation.required') }]}
        >
          <Input maxLength={40} placeholder={translate('lockers.layout.roomNamePlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
