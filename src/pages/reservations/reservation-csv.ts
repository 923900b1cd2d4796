import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { toCsv } from '#domain/rules/csv.ts';
import { SEOUL } from '#domain/rules/seoul-time.ts';
import type { Reservation } from '#domain/schemas/schedule.ts';
import type { Translate } from '#src/kit/translate.ts';

// The reservation history's CSV (issue 13): pure, so the headers, the labels and the paging are unit-tested.

dayjs.extend(utc);
dayjs.extend(timezone);

/** The most rows one export holds. */
export const CSV_MAX_ROWS = 5_000;
/** The page size of the export's calls: the API's largest page. */
export const CSV_PAGE_SIZE = 100;

/** An instant as a Seoul wall clock, `2026.11.25 19:00`. */
export const seoulDateTime = (iso: string): string => dayjs(iso).tz(SEOUL).format('YYYY.MM.DD HH:mm');

/** The CSV's columns, in order; each header is `reservations.csv.<column>`. */
export const csvColumns = [
  'lessonAt',
  'lessonTitle',
  'trainer',
  'customer',
  'phone',
  'pass',
  'status',
  'attendance',
  'late',
  'source',
  'bookedAt',
] as const;
export type CsvColumn = (typeof csvColumns)[number];

/** One reservation as the CSV's cells, in the order of `csvColumns`; every label in the current language. */
export const reservationCsvRow = (r: Reservation, translate: Translate): string[] => [
  seoulDateTime(r.startAt),
  r.lessonTitle,
  r.trainerName ?? '',
  r.memberName,
  r.phone,
  r.ticketName,
  translate(`reservations.status.${r.status}`),
  r.attendance ? translate(`reservations.attendance.${r.attendance}`) : '',
  r.late ? translate('reservations.list.lateMark') : '',
  translate(`reservations.source.${r.source}`),
  seoulDateTime(r.createDate),
];

/**
 * The whole file (`toCsv`, docs/rules.md#exports): a byte order mark (so Excel reads UTF-8), the translated headers,
 * then one line per row, with no cell a spreadsheet would run as a formula.
 */
export const reservationCsv = (rows: readonly Reservation[], translate: Translate): string =>
  toCsv(
    csvColumns.map((column) => translate(`reservations.csv.${column}`)),
    rows.map((r) => reservationCsvRow(r, translate)),
  );

export type PageFetcher<T> = (start: number, end: number) => Promise<{ data: T[]; total: number }>;

/**
 * Reads a filtered list page by page (`pageSize` rows a call) until the total, an empty or short page, or `max`
 * rows. `onProgress` hears the rows read so far and the total to read; `truncated` says the list held more.
 */
export const collectPages = async <T>(
  fetchPage: PageFetcher<T>,
  {
    max = CSV_MAX_ROWS,
    pageSize = CSV_PAGE_SIZE,
    onProgress,
  }: { max?: number; pageSize?: number; onProgress?: (read: number, total: number) => void } = {},
): Promise<{ rows: T[]; total: number; truncated: boolean }> => {
  const rows: T[] = [];
  let total = Number.POSITIVE_INFINITY;
  while (rows.length < Math.min(total, max)) {
    const start = rows.length;
    const end = Math.min(start + pageSize, max);
    const page = await fetchPage(start, end);
    total = page.total;
    rows.push(...page.data.slice(0, end - start));
    onProgress?.(rows.length, Math.min(total, max));
    if (page.data.length < end - start) break;
  }
  return { rows, total: Number.isFinite(total) ? total : rows.length, truncated: total > rows.length };
};
