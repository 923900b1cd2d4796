import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Form, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import {
  lockerBankDeleteRoute,
  lockerRoomCreateRoute,
  lockerRoomDeleteRoute,
  lockerRoomUpdateRoute,
} from '#domain/api/locker.ts';
import type { LockerMap } from '#domain/schemas/locker.ts';
import { api } from '#src/providers/instances.ts';
import { BankDrawer } from './bank-drawer.tsx';
import { errorText, showFieldErrors } from './locker-api.ts';
import { bankRange, type LockerBank, type LockerRoom, roomsOf } from './locker-model.ts';

/**
 * The layout: the facility's rooms and, in each, its banks of lockers. Adding, renaming and deleting (after a
 * confirmation); the server refuses to delete a room or bank with an active rental, and shows why here.
 */
export function LayoutEditor({
  gymId,
  map,
  onChanged,
}: {
  gymId: number;
  map: LockerMap;
  onChanged: () => void;
}) {
  const translate = useTranslate();
  const { message, modal } = App.useApp();
  const rooms = roomsOf(map);
  const [roomForm, setRoomForm] = useState<{ room: LockerRoom | null } | null>(null);
  const [bankForm, setBankForm] = useState<{ roomId: number; bank: LockerBank | null } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const deleteRoom = useMutation({
    meta: { silent: true },
    mutationFn: (id: number) => api.call(lockerRoomDeleteRoute, { params: { id }, query: { gymId } }),
    onSuccess: () => {
      message.success(translate('lockers.layout.deleted'));
      onChanged();
    },
    onError: (error) => setFailure(errorText(error, translate)),
  });
  const deleteBank = useMutation({
    meta: { silent: true },
    mutationFn: (id: number) => api.call(lockerBankDeleteRoute, { params: { id }, query: { gymId } }),
    onSuccess: () => {
      message.success(translate('lockers.layout.deleted'));
      onChanged();
    },
    onError: (error) => setFailure(errorText(error, translate)),
  });

  const confirmDeleteRoom = (room: LockerRoom, banks: number) => {
    setFailure(null);
    modal.confirm({
      title: translate('lockers.layout.deleteRoomTitle', { name: room.name }),
      content: translate(banks ? 'lockers.layout.deleteRoomText' : 'lockers.layout.deleteRoomEmpty', {
        count: banks,
      }),
      okText: translate('lockers.layout.deleteConfirm'),
      okButtonProps: { danger: true },
      cancelText: translate('buttons.cancel'),
      onOk: () => deleteRoom.mutateAsync(room.id).catch(() => undefined),
    });
  };
  const confirmDeleteBank = (bank: LockerBank, lockers: number) => {
    setFailure(null);
    modal.confirm({
      title: translate('lockers.layout.deleteBankTitle', { name: bank.name }),
      content: translate('lockers.layout.deleteBankText', { count: lockers }),
      okText: translate('lockers.layout.deleteConfirm'),
      okButtonProps: { danger: true },
      cancelText: translate('buttons.cancel'),
      onOk: () => deleteBank.mutateAsync(bank.id).catch(() => undefined),
    });
  };

  return (
    <div className="fd-locker-banks">
      <div className="fd-locker-toolbar">
        <Typography.Title level={2} className="fd-locker-room-title">
          {translate('lockers.layout.title')}
        </Typography.Title>
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          onClick={() => {
            setFailure(null);
            setRoomForm({ room: null });
          }}
        >
          {translate('lockers.layout.addRoom')}
        </Button>
      </div>
      {failure && (
        <Alert
          type="error"
          showIcon
          role="alert"
          closable
          message={translate('lockers.layout.failed')}
          description={failure}
          onClose={() => setFailure(null)}
        />
      )}
      {rooms.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={translate('lockers.layout.noRooms')} />
      )}
      {rooms.map(({ room, banks }) => (
        <Card
          key={room.id}
          size="small"
          className="fd-locker-bank"
          title={<h3 className="fd-locker-bank-title">{room.name}</h3>}
          extra={
            <Space size={4} wrap>
              <Button
                size="small"
                icon={<EditOutlined aria-hidden />}
                aria-label={translate('lockers.layout.renameRoomOf', { name: room.name })}
                onClick={() => {
                  setFailure(null);
                  setRoomForm({ room });
                }}
              >
                {translate('lockers.layout.renameRoom')}
              </Button>
              <Button
                size="small"
                danger
                icon={<DeleteOutlined aria-hidden />}
                aria-label={translate('lockers.layout.deleteRoomOf', { name: room.name })}
                onClick={() => confirmDeleteRoom(room, banks.length)}
              >
                {translate('lockers.layout.delete')}
              </Button>
            </Space>
          }
        >
          {banks.length === 0 ? (
            <Typography.Paragraph type="secondary">
              {translate('lockers.layout.noBanks')}
            </Typography.Paragraph>
          ) : (
            <ul className="fd-locker-bank-list">
              {banks.map(({ bank, tiles }) => (
                <li key={bank.id}>
                  <div>
                    <strong>{bank.name}</strong>
                    <span className="fd-locker-bank-meta">
                      {translate('lockers.layout.bankSummary', {
                        rows: bank.rows,
                        cols: bank.cols,
                        range: bankRange(bank, tiles),
                        size: translate(`lockers.size.${bank.size}`),
                      })}
                    </span>
                  </div>
                  <Space size={4} wrap>
                    <Button
                      size="small"
                      icon={<EditOutlined aria-hidden />}
                      aria-label={translate('lockers.layout.editBankOf', { name: bank.name })}
                      onClick={() => {
                        setFailure(null);
                        setBankForm({ roomId: room.id, bank });
                      }}
                    >
                      {translate('lockers.layout.editBank')}
                    </Button>
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined aria-hidden />}
                      aria-label={translate('lockers.layout.deleteBankOf', { name: bank.name })}
                      onClick={() => confirmDeleteBank(bank, tiles.length)}
                    >
                      {translate('lockers.layout.delete')}
                    </Button>
                  </Space>
                </li>
              ))}
            </ul>
          )}
          <Button
            icon={<PlusOutlined aria-hidden />}
            aria-label={translate('lockers.layout.addBankTo', { room: room.name })}
            onClick={() => {
              setFailure(null);
              setBankForm({ roomId: room.id, bank: null });
            }}
          >
            {translate('lockers.layout.addBank')}
          </Button>
        </Card>
      ))}
      {roomForm && (
        <RoomModal
          gymId={gymId}
          room={roomForm.room}
          nextOrder={rooms.length}
          onClose={() => setRoomForm(null)}
          onSaved={() => {
            setRoomForm(null);
            onChanged();
          }}
        />
      )}
      {bankForm && (
        <BankDrawer
          gymId={gymId}
          rooms={map.rooms}
          roomId={bankForm.roomId}
          bank={bankForm.bank}
          nextOrder={map.banks.filter((b) => b.roomId === bankForm.roomId).length}
          onClose={() => setBankForm(null)}
          onSaved={() => {
            setBankForm(null);
            onChanged();
          }}
        />
      )}
    </div>
  );
}

/** Adding or renaming a room. */
function RoomModal({
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
