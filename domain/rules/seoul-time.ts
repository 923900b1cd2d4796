import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

// Calendar days in Asia/Seoul (docs/rules.md#passes). Every facility lives in Seoul; a date is an ISO
// 'YYYY-MM-DD' string naming a Seoul calendar day, and "now" always comes in as an argument.

dayjs.extend(utc);
dayjs.extend(timezone);

/** The one time zone every facility lives in (docs/rules.md#passes). */
export const SEOUL = 'Asia/Seoul';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const FORMAT = 'YYYY-MM-DD';

/** The calendar day in Seoul at the instant `now`: 2026-11-24T15:30Z → '2026-11-25' (docs/rules.md#passes). */
export const seoulToday = (now: Date): string => dayjs(now).tz(SEOUL).format(FORMAT);

/** `date` plus `n` calendar days (n may be negative) (docs/rules.md#passes). */
export const addDays = (date: string, n: number): string => dayjs.utc(date).add(n, 'day').format(FORMAT);

/** `to − from` in whole days; negative when `to` is earlier (docs/rules.md#passes). */
export const daysBetween = (from: string, to: string): number => dayjs.utc(to).diff(dayjs.utc(from), 'day');

/** The first day of the Seoul month containing `now` (docs/rules.md#passes). */
export const seoulMonthStart = (now: Date): string => `${seoulToday(now).slice(0, 7)}-01`;

/** The instant 00:00 KST starts the Seoul day `date` (docs/rules.md#passes). */
export const seoulDayStartUtc = (date: string): Date => dayjs.tz(date, SEOUL).toDate();

/** The month (1–12) of an ISO date (docs/rules.md#passes). */
export const monthOfDate = (date: string): number => Number(date.slice(5, 7));

const daysInMonth = (year: number, month: number): number => {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
};

/** A real calendar date written 'YYYY-MM-DD', years 1000–9999 (2026-02-30 is not) (docs/rules.md#passes). */
export const isIsoDate = (value: string): boolean => {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  return year >= 1000 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
};
