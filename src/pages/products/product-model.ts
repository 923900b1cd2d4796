import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { toCsv } from '#domain/rules/csv.ts';
import { SEOUL } from '#domain/rules/seoul-time.ts';
import type { Product, StockMovement } from '#domain/schemas/product.ts';
import type { Translate } from '#src/kit/translate.ts';

// The product pages' pure pieces (docs/rules.md#products): the group order's moves, the formats and the CSV files
// (`toCsv`, docs/rules.md#exports: Excel-friendly UTF-8 with a byte order mark, no formulas), unit-tested beside
// them.

dayjs.extend(utc);
dayjs.extend(timezone);

/** The order after moving the group at `index` one place up (-1) or down (+1); null at either end. */
export const moved = (ids: readonly number[], index: number, step: -1 | 1): number[] | null => {
  const to = index + step;
  if (to < 0 || to >= ids.length) return null;
  const next = [...ids];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
};

/** An instant as a Seoul wall clock, `2026.11.25 19:00`. */
export const seoulDateTime = (iso: string): string => dayjs(iso).tz(SEOUL).format('YYYY.MM.DD HH:mm');

/** A signed change: `+3`, `−2`. */
export const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `−${Math.abs(n)}` : '0');

/** The products as an inventory sheet (Excel-friendly UTF-8 with a byte order mark). */
export const productCsv = (rows: readonly Product[], translate: Translate): string =>
  toCsv(
    ['name', 'group', 'price', 'vat', 'stock', 'lowStockAt', 'lowStock', 'status'].map((c) =>
      translate(`products.csv.${c}`),
    ),
    rows.map((p) => [
      p.name,
      p.groupName ?? '',
      p.price,
      translate(`products.vat.${p.vatMode}`),
      p.stock,
      p.lowStockAt ?? '',
      p.lowStock ? translate('products.lowStock') : '',
      translate(`products.status.${p.status}`),
    ]),
  );

/** A product's stock movements, for the records. */
export const movementCsv = (rows: readonly StockMovement[], translate: Translate): string =>
  toCsv(
    ['at', 'kind', 'change', 'stockAfter', 'note', 'by'].map((c) => translate(`products.movements.${c}`)),
    rows.map((m) => [
      seoulDateTime(m.createDate),
      translate(`products.movements.kinds.${m.kind}`),
      m.change,
      m.stockAfter,
      m.note ?? '',
      m.createdByName ?? '',
    ]),
  );
