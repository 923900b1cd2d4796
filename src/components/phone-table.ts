import type { TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useIsMobile } from '../shell/use-is-mobile.ts';

/**
 * The keys of a list's two columns that stay in view on a phone: who (or what) the row is, and the one figure or
 * state that matters (an amount, a balance, a result).
 */
export type PhonePins = { name: string; figure?: string };

/**
 * A list on a phone (docs/rules.md#lists-and-search): the row's name first, pinned at the start, and its figure
 * last, pinned at the end, while the columns between scroll inside the table's own area. Every other column keeps
 * its order and is not pinned. A key that is not among the columns pins nothing.
 */
export function phoneColumns<Row>(columns: ColumnsType<Row>, pins: PhonePins): ColumnsType<Row> {
  const name = columns.find((column) => column.key === pins.name);
  const amount = pins.figure === undefined ? undefined : columns.find((column) => column.key === pins.figure);
  const rest = columns.filter((column) => column !== name && column !== amount);
  return [
    ...(name ? [{ ...name, fixed: 'left' as const }] : []),
    ...rest.map((column) => ({ ...column, fixed: undefined })),
    ...(amount ? [{ ...amount, fixed: 'right' as const }] : []),
  ];
}

/**
 * The columns and the scroll of a list: on a phone the name and figure are pinned and the table scrolls inside its
 * card (never the page); on a desk the columns are as given, with the desk's own scroll.
 */
export function usePhoneTable<Row>(
  columns: ColumnsType<Row>,
  pins: PhonePins,
  deskScroll?: TableProps<Row>['scroll'],
): { columns: ColumnsType<Row>; scroll: TableProps<Row>['scroll'] } {
  const mobile = useIsMobile();
  return mobile
    ? { columns: phoneColumns(columns, pins), scroll: { x: 'max-content' } }
    : { columns, scroll: deskScroll };
}
