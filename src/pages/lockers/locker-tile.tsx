import {
  ClockCircleOutlined,
  ExclamationCircleOutlined,
  LockOutlined,
  ToolOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import type { ReactNode } from 'react';
import type { LockerState } from '#domain/rules/locker.ts';
import type { LockerTile as Tile } from '#domain/schemas/locker.ts';
import { tileDate, tileName } from './locker-model.ts';

/** Each state's icon: with the border and the background, colour is never the only sign. */
export const STATE_ICON: Record<LockerState, ReactNode> = {
  FREE: <UnlockOutlined aria-hidden />,
  IN_USE: <LockOutlined aria-hidden />,
  EXPIRING: <ClockCircleOutlined aria-hidden />,
  EXPIRED: <ExclamationCircleOutlined aria-hidden />,
  BROKEN: <ToolOutlined aria-hidden />,
};

/**
 * One locker on the map: a button named by its label, state, renter and end date. Its visible text is hidden from
 * the accessibility tree, which reads the one complete name instead.
 */
export function LockerTile({ tile, onOpen }: { tile: Tile; onOpen: (tile: Tile) => void }) {
  const translate = useTranslate();
  return (
    <button
      type="button"
      className={`fd-locker-tile fd-locker-state-${tile.state}`}
      style={{ gridRow: tile.row, gridColumn: tile.col }}
      aria-label={tileName(tile, translate)}
      title={tile.state === 'BROKEN' && tile.brokenNote ? tile.brokenNote : undefined}
      onClick={() => onOpen(tile)}
    >
      <span className="fd-locker-tile-label" aria-hidden>
        {tile.label}
      </span>
      <span className="fd-locker-tile-icon">{STATE_ICON[tile.state]}</span>
      {tile.maskedName && (
        <span className="fd-locker-tile-line" aria-hidden>
          {tile.maskedName}
        </span>
      )}
      {tile.endDate && (
        <span className="fd-locker-tile-line" aria-hidden>
          ~{tileDate(tile.endDate)}
        </span>
      )}
      {tile.size === 'LARGE' && (
        <span className="fd-locker-tile-size" aria-hidden>
          L
        </span>
      )}
    </button>
  );
}
