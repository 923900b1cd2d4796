import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { EntryMethod, EntryRefusal, EntryResult } from '#domain/rules/entry.ts';
import { addDays, SEOUL } from '#domain/rules/seoul-time.ts';
import type { Translate } from '#src/kit/translate.ts';

// The entry log's formatting and filters (issue 14): pure, so the unit tests cover them.

dayjs.extend(utc);
dayjs.extend(timezone);

/** The days the list shows by default: the last 7 Seoul days, today included. */
export const DEFAULT_DAYS = 7;
/** The longest range the entry routes read (docs/rules.md#check-in). */
export const MAX_RANGE_DAYS = 366;

/** An instant as a Seoul wall clock: `2026.11.25 19:00`. */
export const seoulDateTime = (iso: string): string => dayjs(iso).tz(SEOUL).format('YYYY.MM.DD HH:mm');

/** An instant's Seoul day, dotted: `2026.11.25`. */
export const seoulDotDate = (iso: string): string => dayjs(iso).tz(SEOUL).format('YYYY.MM.DD');

/** An ISO day dotted: `2026-11-25` → `2026.11.25`. */
export const dotDate = (date: string): string => date.replaceAll('-', '.');

/** The default range: today − 6 … today (Seoul). */
export const defaultRange = (today: string): [string, string] => [addDays(today, 1 - DEFAULT_DAYS), today];

export type EntryFilters = {
  from: string | null;
  to: string | null;
  result?: EntryResult | undefined;
  method?: EntryMethod | undefined;
  q: string;
};

/** The list's and the export's query for the filters (without the page). */
export const entryQueryOf = (f: EntryFilters) => ({
  ...(f.from ? { from: f.from } : {}),
  ...(f.to ? { to: f.to } : {}),
  ...(f.result ? { result: f.result } : {}),
  ...(f.method ? { method: f.method } : {}),
  ...(f.q.trim() ? { q: f.q.trim() } : {}),
});

/** The export's URL: the same filters as the list. */
export const entryExportUrl = (gymId: number, f: EntryFilters): string => {
  const query = new URLSearchParams(entryQueryOf(f) as Record<string, string>);
  const search = query.toString();
  return `/web/entry/export/${gymId}${search ? `?${search}` : ''}`;
};

/** A refusal's reason, as the kiosk words it: "Expired on 2026.03.01". */
export const reasonText = (
  translate: Translate,
  reason: EntryRefusal | null,
  date: string | null,
  unpaidAmount?: string | null,
): string => {
  if (!reason) return '';
  if (reason === 'unpaid' && unpaidAmount)
    return translate('entries.reasons.unpaidAmount', { amount: unpaidAmount });
  return translate(`entries.reasons.${reason}`, { date: date ? dotDate(date) : '—' });
};

/**
 * The result tags' colours: solid, with white text that keeps AA contrast (antd's green and orange tints do not).
 * The word is always written too, so the colour is never the only sign.
 */
export const RESULT_COLORS: Record<EntryResult, string> = {
  ALLOWED: '#237804',
  REFUSED: '#a8071a',
  OVERRIDE: '#ad4e00',
};

/** The busiest hour of a day's 24 counts (the first on a tie); null when nobody came. */
export const busiestHour = (byHour: readonly number[]): { hour: number; count: number } | null => {
  let best: { hour: number; count: number } | null = null;
  byHour.forEach((count, hour) => {
    if (count > 0 && (!best || count > best.count)) best = { hour, count };
  });
  return best;
};
