import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { toCsv } from '#domain/rules/csv.ts';
import { SEOUL } from '#domain/rules/seoul-time.ts';
import type { GroupPayKind, PayKind, PayLineRule } from '#domain/rules/trainer-pay.ts';
import type { PayReport } from '#domain/schemas/schedule.ts';
import type { Translate } from '#src/kit/translate.ts';
import { formatWon } from '../customers/money.ts';

// A trainer's month of pay (docs/rules.md#trainer-pay) as the table and the CSV show it: a line per PT session and
// per group class, each with the rule it used. Pure, so the labels, the per-session value and the file are
// unit-tested; the amounts themselves come from the server (`sessionPay`, `groupClassPay`).

dayjs.extend(utc);
dayjs.extend(timezone);

export type PaySession = PayReport['sessions'][number];
export type PayClass = PayReport['classes'][number];

/** An instant as a Seoul wall clock, `2026.11.25 19:00`. */
export const seoulDateTime = (iso: string): string => dayjs(iso).tz(SEOUL).format('YYYY.MM.DD HH:mm');

/** Why a session is paid: attended, a charged no-show, or a charged late cancel. */
export const sessionMarks = ['ATTENDED', 'NOSHOW', 'LATE'] as const;
export type SessionMark = (typeof sessionMarks)[number];

/** A paid session without attendance was a late cancel that used a session. */
export const markOf = (s: Pick<PaySession, 'attendance' | 'late'>): SessionMark =>
  s.attendance === 'ATTENDED' ? 'ATTENDED' : s.attendance === 'NOSHOW' ? 'NOSHOW' : 'LATE';

/** The pass's value per session (a bundle's session value, else its price), rounded down; none without sessions. */
export const perSessionPrice = (
  s: Pick<PaySession, 'passPrice' | 'passSessions'> & Partial<Pick<PaySession, 'passSessionValue'>>,
): number | null =>
  s.passSessions ? Math.floor((s.passSessionValue ?? s.passPrice) / s.passSessions) : null;

/** One line of the pay table: a PT session, or a group class (its attendees in the customer column). */
export type PayRow = {
  key: string;
  startAt: string;
  date: string;
  lesson: string;
  customer: string;
  pass: string;
  unitPrice: number | null;
  mark: SessionMark;
  rule: PayLineRule;
  pay: number;
};

export const payRows = (report: Pick<PayReport, 'sessions' | 'classes'>, translate?: Translate): PayRow[] => {
  const sessions: PayRow[] = report.sessions.map((s) => ({
    key: `s${s.reservationId}`,
    startAt: s.startAt,
    date: seoulDateTime(s.startAt),
    lesson: s.lessonTitle,
    customer: s.memberName,
    pass: s.ticketName,
    unitPrice: s.unitValue ?? perSessionPrice(s),
    mark: markOf(s),
    rule: s.rule,
    pay: s.pay,
  }));
  const classes: PayRow[] = (report.classes ?? []).map((c) => ({
    key: `c${c.lessonId}`,
    startAt: c.startAt,
    date: seoulDateTime(c.startAt),
    lesson: c.lessonTitle,
    customer: translate
      ? c.paidHeads > c.attendees
        ? translate('trainers.pay.classCustomerMin', { count: c.attendees, paid: c.paidHeads })
        : translate('trainers.pay.classCustomer', { count: c.attendees })
      : String(c.attendees),
    pass: translate ? translate('trainers.pay.groupPass') : '',
    unitPrice: null,
    mark: 'ATTENDED',
    rule: c.rule,
    pay: c.pay,
  }));
  return [...sessions, ...classes].sort((a, b) => a.startAt.localeCompare(b.startAt));
};

/** The table's and the CSV's columns, in order; each header is `trainers.pay.columns.<column>`. */
export const payColumns = ['date', 'lesson', 'customer', 'pass', 'unitPrice', 'mark', 'rule', 'pay'] as const;
export type PayColumn = (typeof payColumns)[number];

/** "회당 30,000원" / "₩30,000 per session", or "회당 단가의 40%" / "40% of the per-session price". */
export const payRuleText = (kind: PayKind, rate: number, translate: Translate, language: string): string =>
  kind === 'PER_SESSION'
    ? translate('trainers.payRule.PER_SESSION', { amount: formatWon(rate, language) })
    : translate('trainers.payRule.PERCENT', { rate });

/** "수업당 50,000원", "참석 1인당 8,000원 (최소 4명분)" (docs/rules.md#trainer-pay). */
export const groupRuleText = (
  rule: { groupPayKind: GroupPayKind; groupPayRate: number; groupPayMinAttendees: number },
  translate: Translate,
  language: string,
): string => {
  const amount = formatWon(rule.groupPayRate, language);
  if (rule.groupPayKind === 'PER_CLASS') return translate('trainers.payRule.PER_CLASS', { amount });
  return rule.groupPayMinAttendees > 0
    ? translate('trainers.payRule.PER_ATTENDEE_MIN', { amount, min: rule.groupPayMinAttendees })
    : translate('trainers.payRule.PER_ATTENDEE', { amount });
};

/**
 * The month as a CSV (`toCsv`, docs/rules.md#exports): a byte order mark (so Excel reads UTF-8), the headers in the
 * current language, one line per PT session and per group class with the rule it used (amounts as plain integers
 * in won, so a spreadsheet can sum them), then the total; no text cell a spreadsheet would run as a formula.
 */
export const payReportCsv = (
  report: Pick<PayReport, 'sessions' | 'classes' | 'total'>,
  translate: Translate,
): string => {
  const data = payRows(report, translate).map((row) => [
    row.date,
    row.lesson,
    row.customer,
    row.pass,
    row.unitPrice ?? '',
    row.key.startsWith('c') ? '' : translate(`trainers.pay.marks.${row.mark}`),
    translate(`trainers.pay.rules.${row.rule}`),
    row.pay,
  ]);
  const total = [translate('trainers.pay.total'), '', '', '', '', '', '', report.total];
  return toCsv(
    payColumns.map((column) => translate(`trainers.pay.columns.${column}`)),
    [...data, total],
  );
};

/** A file name without the characters file systems refuse: `trainer-pay-2026-11-김코치.csv`. */
export const payCsvName = (month: string, trainerName: string): string =>
  `trainer-pay-${month}-${trainerName.replace(/[\\/:*?"<>|\s]+/g, '_')}.csv`;
