import { useTranslate } from '@refinedev/core';
import { Button, Card, Empty, Segmented } from 'antd';
import { useState } from 'react';
import { type LockerState, lockerStates } from '#domain/rules/locker.ts';
import type { LockerMap as MapData, LockerTile as Tile } from '#domain/schemas/locker.ts';
import { bankRange, roomsOf } from './locker-model.ts';
import { LockerTile, STATE_ICON } from './locker-tile.tsx';

/** The legend: every state with its icon, its colour and how many lockers are in it. */
export function LockerLegend({ counts }: { counts: Partial<Record<LockerState, number>> }) {
  const translate = useTranslate();
  return (
    <ul className="fd-locker-legend" aria-label={translate('lockers.legend.title')}>
      {lockerStates.map((state) => (
        <li key={state}>
          <span className={`fd-locker-swatch fd-locker-state-${state}`}>{STATE_ICON[state]}</span>
          <span>{translate(`lockers.state.${state}`)}</span>
          <span className="fd-locker-legend-count">{counts[state] ?? 0}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The map: a room at a time (a selector when there are several), each bank a grid of rows × columns of tiles that
 * scrolls sideways inside its card on a narrow screen.
 */
export function LockerMapView({
  map,
  canChange,
  onOpen,
  onOpenLayout,
}: {
  map: MapData;
  canChange: boolean;
  onOpen: (tile: Tile) => void;
  onOpenLayout: () => void;
}) {
  const translate = useTranslate();
  const rooms = roomsOf(map);
  const [roomId, setRoomId] = useState<number | undefined>(undefined);
  const current = rooms.find((r) => r.room.id === roomId) ?? rooms[0];

  if (!current || map.lockers.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={translate(canChange ? 'lockers.map.empty' : 'lockers.map.emptyReadOnly')}
      >
        {canChange && (
          <Button type="primary" onClick={onOpenLayout}>
            {translate('lockers.map.openLayout')}
          </Button>
        )}
      </Empty>
    );
  }

  return (
    <div className="fd-locker-banks">
      <div className="fd-locker-toolbar">
        {rooms.length > 1 && (
          <div className="fd-locker-rooms">
            <Segmented<number>
              aria-label={translate('lockers.map.room')}
              value={current.room.id}
              onChange={setRoomId}
              options={rooms.map((r) => ({ value: r.room.id, label: r.room.name }))}
            />
          </div>
        )}
        <h2 className={rooms.length > 1 ? 'fd-locker-visually-hidden' : 'fd-locker-room-title'}>
          {current.room.name}
        </h2>
        <LockerLegend counts={map.counts} />
      </div>
      {current.banks.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={translate('lockers.map.roomEmpty')} />
      )}
      {current.banks.map(({ bank, tiles }) => (
        <Card
          key={bank.id}
          size="small"
          className="fd-locker-bank"
          title={
            <div className="fd-locker-bank-head">
              <h3 className="fd-locker-bank-title">{bank.name}</h3>
              <span className="fd-locker-bank-meta">
                {translate('lockers.map.bankMeta', {
                  count: tiles.length,
                  range: bankRange(bank, tiles),
                  size: translate(`lockers.size.${bank.size}`),
                })}
              </span>
            </div>
          }
        >
          <div className="fd-locker-scroll">
            <div
              className="fd-locker-grid"
              style={{
                gridTemplateColumns: `repeat(${bank.cols}, 76px)`,
                gridTemplateRows: `repeat(${bank.rows}, auto)`,
              }}
            >
              {tiles.map((tile) => (
                <LockerTile key={tile.id} tile={tile} onOpen={onOpen} />
              ))}
            </div>
          </div>
        </Card>
      ))}
    </div>
  );
}
