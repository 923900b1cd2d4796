import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, Card, Space, Typography } from 'antd';
import { bankRange, type LockerBank, type LockerRoom, type roomsOf } from './locker-model.ts';

type RoomBanks = ReturnType<typeof roomsOf>[number]['banks'];

/** One room of the layout editor: its banks, each to edit or delete, and the room's own buttons. */
export function RoomCard({
  room,
  banks,
  onRename,
  onDelete,
  onEditBank,
  onDeleteBank,
  onAddBank,
}: {
  room: LockerRoom;
  banks: RoomBanks;
  onRename: () => void;
  onDelete: () => void;
  onEditBank: (bank: LockerBank) => void;
  onDeleteBank: (bank: LockerBank, lockers: number) => void;
  onAddBank: () => void;
}) {
  const translate = useTranslate();
  return (
    <Card
      size="small"
      className="fd-locker-bank"
      title={<h3 className="fd-locker-bank-title">{room.name}</h3>}
      extra={
        <Space size={4} wrap>
          <Button
            size="small"
            icon={<EditOutlined aria-hidden />}
            aria-label={translate('lockers.layout.renameRoomOf', { name: room.name })}
            onClick={onRename}
          >
            {translate('lockers.layout.renameRoom')}
          </Button>
          <Button
            size="small"
            danger
            icon={<DeleteOutlined aria-hidden />}
            aria-label={translate('lockers.layout.deleteRoomOf', { name: room.name })}
            onClick={onDelete}
          >
            {translate('lockers.layout.delete')}
          </Button>
        </Space>
      }
    >
      {banks.length === 0 ? (
        <Typography.Paragraph type="secondary">{translate('lockers.layout.noBanks')}</Typography.Paragraph>
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
                  onClick={() => onEditBank(bank)}
                >
                  {translate('lockers.layout.editBank')}
                </Button>
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={translate('lockers.layout.deleteBankOf', { name: bank.name })}
                  onClick={() => onDeleteBank(bank, tiles.length)}
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
        onClick={onAddBank}
      >
        {translate('lockers.layout.addBank')}
      </Button>
    </Card>
  );
}
