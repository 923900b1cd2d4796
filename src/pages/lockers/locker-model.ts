import dayjs from 'dayjs';
import { toCsv } from '#domain/rules/csv.ts';
import { type BankLayout, bankPositions, type LockerState, lockerLabel } from '#domain/rules/locker.ts';
import { daysBetween } from '#domain/rules/seoul-time.ts';
import type { LockerMap, LockerRental, LockerTile } from '#domain/schemas/locker.ts';
import type { Translate } from '#src/kit/translate.ts';

// The locker page's pure helpers (issue 14): dates as the tiles show them, the tiles' names, the rental's default
// dates, the layout editor's numbering and the lists' CSV.

export type LockerRoom = LockerMap['rooms'][number];
export type LockerBank = LockerMap['banks'][number];

/** The views of the rental lists the page shows. */
export type ListView = 'expiring' | 'expired';

/** `2026-12-31` → `12.31`, as a tile shows an end date. */
export const tileDate = (iso: string): string => `${iso.slice(5, 7)}.${iso.slice(8, 10)}`;

/** `2026-12-31` → `2026.12.31`. */
export const dotDate = (iso: string): string => iso.replaceAll('-', '.');

/** A month after `start`, the day before (2026-03-01 → 2026-03-31): a month's rental, both days counted. */
export const monthRentalEnd = (start: string): string =>
  dayjs(start).add(1, 'month').subtract(1, 'day').format('YYYY-MM-DD');

/** The same day a month later (a renewal's default: 2026-03-31 → 2026-04-30). */
export const monthLater = (date: string): string => dayjs(date).add(1, 'month').format('YYYY-MM-DD');

/** The rental's default end: the customer's current pass end when it is not before the start, else a month. */
export const defaultRentEnd = (start: string, passEndDate: string | null | undefined): string =>
  passEndDate && passEndDate >= start ? passEndDate : monthRentalEnd(start);

/** The tile's accessible name: `M-012, in use, 김*수, until 2026.12.31` (and `, large` for a large locker). */
export const tileName = (tile: LockerTile, translate: Translate): string =>
  [
    tile.label,
    translate(`lockers.tileState.${tile.state}`),
    tile.maskedName,
    tile.endDate ? translate('lockers.map.until', { date: dotDate(tile.endDate) }) : null,
    tile.size === 'LARGE' ? translate('lockers.map.large') : null,
    tile.state === 'BROKEN' && tile.brokenNote ? tile.brokenNote : null,
  ]
    .filter(Boolean)
    .join(', ');

/** How many tiles of each state a set of tiles holds (a bank's or a room's legend). */
export const countStates = (tiles: readonly LockerTile[]): Record<LockerState, number> => {
  const counts: Record<LockerState, number> = { FREE: 0, IN_USE: 0, EXPIRING: 0, EXPIRED: 0, BROKEN: 0 };
  for (const t of tiles) counts[t.state] += 1;
  return counts;
};

/** The map's rooms in order, each with its banks in order and each bank with its tiles by row and column. */
export const roomsOf = (map: LockerMap) => {
  const byOrder = <T extends { sortOrder: number; id: number }>(a: T, b: T) =>
    a.sortOrder - b.sortOrder || a.id - b.id;
  return [...map.rooms].sort(byOrder).map((room) => ({
    room,
    banks: map.banks
      .filter((b) => b.roomId === room.id)
      .sort(byOrder)
      .map((bank) => ({
        bank,
        tiles: map.lockers.filter((l) => l.bankId === bank.id).sort((a, b) => a.row - b.row || a.col - b.col),
      })),
  }));
};

/** Skipped numbers typed as text: `4, 13 44` → [4, 13, 44]; null when a part is not a whole number. */
export const parseSkipNumbers = (text: string | undefined): number[] | null => {
  const parts = (text ?? '').split(/[\s,]+/).filter(Boolean);
  if (parts.some((p) => !/^\d{1,5}$/.test(p))) return null;
  return [...new Set(parts.map(Number))].sort((a, b) => a - b);
};

/** The labels a bank's layout gives, row by row (the editor's live preview, as the server numbers them). */
export const previewLabels = (layout: BankLayout, prefix: string) =>
  bankPositions(layout).map((p) => ({ ...p, label: lockerLabel(prefix, p.number) }));

/** A bank's numbering in short, `M-001–M-024`: from its lockers, or as its layout numbers them. */
export const bankRange = (bank: LockerBank, tiles: readonly LockerTile[] = []): string => {
  const labels = tiles.length
    ? [...tiles].sort((a, b) => a.number - b.number).map((t) => t.label)
    : previewLabels(bank, bank.prefix).map((p) => p.label);
  return labels.length ? `${labels[0]}–${labels.at(-1)}` : '';
};

/** Days left until the end (expiring list: 0 on the end day) or days past it (expired list). */
export const daysOf = (endDate: string, today: string, view: ListView): number =>
  view === 'expired' ? daysBetween(endDate, today) : daysBetween(today, endDate);

export const csvColumns = [
  'locker',
  'customer',
  'phone',
  'startDate',
  'endDate',
  'days',
  'deposit',
  'unpaid',
];

/**
 * A rental list as a CSV (`toCsv`, docs/rules.md#exports: a byte order mark so that Excel reads UTF-8, no formulas),
 * the headers in the page's language.
 */
export const rentalCsv = (
  rows: readonly LockerRental[],
  view: ListView,
  today: string,
  translate: Translate,
): string =>
  toCsv(
    csvColumns.map((c) =>
      translate(
        c === 'days'
          ? view === 'expired'
            ? 'lockers.lists.daysOverdue'
            : 'lockers.lists.daysLeft'
          : `lockers.lists.${c}`,
      ),
    ),
    rows.map((r) => [
      r.lockerLabel,
      r.memberName,
      r.phone,
      r.startDate,
      r.endDate,
      daysOf(r.endDate, today, view),
      r.deposit,
      r.unpaidAmount,
    ]),
  );
