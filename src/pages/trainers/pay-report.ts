import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { toCsv } from '#domain/rules/csv.ts';
import type { PayKind } from '#domain/rules/schedule.ts';
import { SEOUL } from '#domain/rules/seoul-time.ts';
import type { PayReport } from '#domain/schemas/schedule.ts';
import { formatWon } from '../members/money.ts';

// A trainer's month of pay (docs/rules.md#trainer-pay) as the table and the CSV show it. Pure, so the labels, the
// per-session price and the file are unit-tested; the amounts themselves come from the server (`sessionPay`).

dayjs.extend(utc);
dayjs.extend(timezone);

type Translate = (key: string, options?: Record<string, unknown>) => string;
export type PaySession = PayReport['sessions'][number];

/** An instant as a Seoul wall clock, `2026.11.25 19:00`. */
export const seoulDateTime = (iso: string): string => dayjs(iso).tz(SEOUL).format('YYYY.MM.DD HH:mm');

/** Why a session is paid: attended, a charged no-show, or a charged late cancel. */
export const sessionMarks = ['ATTENDED', 'NOSHOW', 'LATE'] as const;
export type SessionMark = (typeof sessionMarks)[number];

/** A paid session without attendance was a late cancel that used a session. */
export const markOf = (s: Pick<PaySession, 'attendance' | 'late'>): SessionMark =>
  s.attendance === 'ATTENDED' ? 'ATTENDED' : s.attendance === 'NOSHOW' ? 'NOSHOW' : 'LATE';

/** The pass's price per session, rounded down to the won; a period pass (no sessions) has none. */
export const perSessionPrice = (s: Pick<PaySession, 'passPrice' | 'passSessions'>): number | null =>
  s.passSessions ? Math.floor(s.passPrice / s.passSessions) : null;

/** One line of the pay table. */
export type PayRow = {
  key: number;
  date: string;
  lesson: string;
  customer: string;
  pass: string;
  unitPrice: number | null;
  mark: SessionMark;
  pay: number;
};

export const payRows = (report: Pick<PayReport, 'sessions'>): PayRow[] =>
  report.sessions.map((s) => ({
    key: s.reservationId,
    date: seoulDateTime(s.startAt),
    lesson: s.lessonTitle,
    customer: s.memberName,
    pass: s.ticketName,
    unitPrice: perSessionPrice(s),
    mark: markOf(s),
    pay: s.pay,
  }));

/** The table's and the CSV's columns, in order; each header is `trainers.pay.columns.<column>`. */
export const payColumns = ['date', 'lesson', 'customer', 'pass', 'unitPrice', 'mark', 'pay'] as const;
export type PayColumn = (typeof payColumns)[number];

/** "회당 30,000원" / "₩30,000 per session", or "회당 단가의 40%" / "40% of the per-session price". */
export const payRuleText = (kind: PayKind, rate: number, translate: Translate, language: string): string =>
  kind === 'PER_SESSION'
    ? translate('trainers.payRule.PER_SESSION', { amount: formatWon(rate, language) })
    : translate('trainers.payRule.PERCENT', { rate });

/**
 * The month as a CSV (`toCsv`, docs/rules.md#exports): a byte order mark (so Excel reads UTF-8), the headers in the
 * current language, one line per session (amounts as plain integers in won, so a spreadsheet can sum them), then
 * the total; no text cell a spreadsheet would run as a formula.
 */
export const payReportCsv = (report: Pick<PayReport, 'sessions' | 'total'>, translate: Translate): string => {
  const data = payRows(report).map((row) => [
    row.date,
    row.lesson,
    row.customer,
    row.pass,
    row.unitPrice ?? '',
    translate(`trainers.pay.marks.${row.mark}`),
    row.pay,
  ]);
  const total = [translate('trainers.pay.total'), '', '', '', '', '', report.total];
  return toCsv(
    payColumns.map((column) => translate(`trainers.pay.columns.${column}`)),
    [...data, total],
  );
};

/** A file name without the characters file systems refuse: `trainer-pay-2026-11-김코치.csv`. */
export const payCsvName = (month: string, trainerName: string): string =>
  `trainer-pay-${month}-${trainerName.replace(/[\\/:*?"<>|\s]+/g, '_')}.csv`;
