import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { SEOUL } from '#domain/rules/seoul-time.ts';
import type { SalesRow } from '#domain/schemas/ledger.ts';

// The ledger pages' formatting and queries (docs/rules.md#money): pure, so unit tests cover them.

dayjs.extend(utc);
dayjs.extend(timezone);

/** An instant as a Seoul wall clock: `2026.11.25 19:00`. */
/** A Seoul day as the API writes it. */
export const DAY = 'YYYY-MM-DD';

export const seoulDateTime = (iso: string): string => dayjs(iso).tz(SEOUL).format('YYYY.MM.DD HH:mm');

/** An ISO day dotted: `2026-11-25` → `2026.11.25`. */
export const dotDate = (date: string): string => date.replaceAll('-', '.');

/** This month so far, in Seoul days: the ledger lists' default range. */
export const thisMonth = (today: string): [string, string] => [`${today.slice(0, 7)}-01`, today];

/** A list's query without the blanks: `{ a: 1, b: undefined, c: '' }` → `{ a: 1 }`. */
export const compact = <T extends Record<string, unknown>>(query: T): Partial<T> =>
  Object.fromEntries(
    Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  ) as Partial<T>;

/** An export's URL: the path with the same filters as the list (and no page). */
export const exportUrl = (path: string, query: Record<string, unknown>): string => {
  const search = new URLSearchParams(
    Object.entries(compact(query)).map(([k, v]) => [k, String(v)] as [string, string]),
  ).toString();
  return `/web${path}${search ? `?${search}` : ''}`;
};

/** The page's `_start`/`_end` for a 1-based page. */
export const pageRange = (page: number, size: number) => ({ _start: (page - 1) * size, _end: page * size });

/** A line of the table: a sale, or one of its reversing rows (an adjustment or a refund) right under it. */
export type Line =
  | { key: string; kind: 'sale'; sale: SalesRow }
  | {
      key: string;
      kind: 'WRITE_OFF' | 'CORRECTION' | 'REFUND';
      sale: SalesRow;
      createDate: string;
      /** Negative: what the row takes off. */
      amount: number;
      note: string;
      staffName: string | null;
    };

/** The sales of a page, each followed by its adjustments and refunds as reversing (negative) rows. */
export const linesOf = (rows: readonly SalesRow[], methodLabel: (m: string) => string): Line[] =>
  rows.flatMap((sale): Line[] => [
    { key: `s${sale.id}`, kind: 'sale', sale },
    ...sale.adjustments.map(
      (a): Line => ({
        key: `a${a.id}`,
        kind: a.kind,
        sale,
        createDate: a.createDate,
        amount: -a.amount,
        note: a.reason,
        staffName: a.staffName,
      }),
    ),
    ...sale.refunds.map(
      (p): Line => ({
        key: `r${p.id}`,
        kind: 'REFUND',
        sale,
        createDate: p.createDate,
        amount: p.amount,
        note: methodLabel(p.method),
        staffName: p.staffName,
      }),
    ),
  ]);
