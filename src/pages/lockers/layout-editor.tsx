import { PlusOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Typography } from 'antd';
import { useState } from 'react';
import { lockerBankDeleteRoute, lockerRoomDeleteRoute } from '#domain/api/locker.ts';
import type { LockerMap } from '#domain/schemas/locker.ts';
import { errorText } from '#src/kit/error-text.ts';
import { api } from '#src/providers/instances.ts';
import { BankDrawer } from './bank-drawer.tsx';
import { type LockerBank, type LockerRoom, roomsOf } from './locker-model.ts';
import { RoomCard } from './room-card.tsx';
import { RoomModal } from './room-modal.tsx';

/** Deleting a room or a bank, after a confirmation; a refusal (an active rental) is said by `onFailure`. */
const useLayoutDeletes = (gymId: number, onChanged: () => void, onFailure: (text: string | null) => void) => {
  const translate = useTranslate();
  const { message, modal } = App.useApp();
  const deleteRoom = useMutation({
    meta: { silent: true },
    mutationFn: (id: number) => api.call(lockerRoomDeleteRoute, { params: { id }, query: { gymId } }),
    onSuccess: () => {
      message.success(translate('lockers.layout.deleted'));
      onChanged();
    },
    onError: (error) => onFailure(errorText(error, translate)),
  });
  const deleteBank = useMutation({
    meta: { silent: true },
    mutationFn: (id: number) => api.call(lockerBankDeleteRoute, { params: { id }, query: { gymId } }),
    onSuccess: () => {
      message.success(translate('lockers.layout.deleted'));
      onChanged();
    },
    onError: (error) => onFailure(errorText(error, translate)),
  });

  const confirmDeleteRoom = (room: LockerRoom, banks: number) => {
    onFailure(null);
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
    onFailure(null);
    modal.confirm({
      title: translate('lockers.layout.deleteBankTitle', { name: bank.name }),
      content: translate('lockers.layout.deleteBankText', { count: lockers }),
      okText: translate('lockers.layout.deleteConfirm'),
      okButtonProps: { danger: true },
      cancelText: translate('buttons.cancel'),
      onOk: () => deleteBank.mutateAsync(bank.id).catch(() => undefined),
    });
  };

  return { confirmDeleteRoom, confirmDeleteBank };
};

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
  const rooms = roomsOf(map);
  const [roomForm, setRoomForm] = useState<{ room: LockerRoom | null } | null>(null);
  const [bankForm, setBankForm] = useState<{ roomId: number; bank: LockerBank | null } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const { confirmDeleteRoom, confirmDeleteBank } = useLayoutDeletes(gymId, onChanged, setFailure);

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
        <RoomCard
          key={room.id}
          room={room}
          banks={banks}
          onRename={() => {
            setFailure(null);
            setRoomForm({ room });
          }}
          onDelete={() => confirmDeleteRoom(room, banks.length)}
          onEditBank={(bank) => {
            setFailure(null);
            setBankForm({ roomId: room.id, bank });
          }}
          onDeleteBank={(bank, lockers) => confirmDeleteBank(bank, lockers)}
          onAddBank={() => {
            setFailure(null);
            setBankForm({ roomId: room.id, bank: null });
          }}
        />
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
