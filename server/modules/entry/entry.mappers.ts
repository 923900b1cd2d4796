import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { Language } from '#domain/enums.ts';
import { toCsv } from '#domain/rules/csv.ts';
import { maskPhone } from '#domain/rules/customer.ts';
import {
  type CheckInPass,
  type EntryMethod,
  type EntryRefusal,
  maskName,
  RENEW_SOON_DAYS,
} from '#domain/rules/entry.ts';
import { addDays, SEOUL } from '#domain/rules/seoul-time.ts';
import { formatPhone } from '#domain/rules/text.ts';
import type { Entry, KioskAnswer } from '#domain/schemas/entry.ts';
import type { EntryLogRow } from '../../db/schema/index.ts';

// Check-in's rows as answers (docs/rules.md#check-in): the kiosk's answers, the passes as the decision reads them,
// an entry of the log, and the log's CSV.

dayjs.extend(utc);
dayjs.extend(timezone);

// ---------------------------------------------------------------------------------------------------------
// Answers

export type Found = { id: number; name: string; image: string | null };

export const unknownAnswer = (): KioskAnswer => ({
  outcome: 'UNKNOWN',
  entryId: null,
  name: null,
  photoUrl: null,
  passName: null,
  reason: null,
  reasonDate: null,
  unpaidAmount: null,
  unpaidSales: [],
  sessionUsed: false,
  sessionsLeft: null,
  daysLeft: null,
  endDate: null,
  renewSoon: false,
  repeat: false,
  choices: [],
});

export const chooseAnswer = (found: Found[]): KioskAnswer => ({
  ...unknownAnswer(),
  outcome: 'CHOOSE',
  choices: found.map((f) => ({ choice: f.id, maskedName: maskName(f.name), photoUrl: f.image })),
});

type Who = { name: string; image: string | null; unpaidAmount: number };

export const answerOf = (
  entry: Pick<
    EntryLogRow,
    'id' | 'result' | 'reason' | 'reasonDate' | 'passName' | 'sessionUsed' | 'sessionsLeft' | 'daysLeft'
  >,
  who: Who,
  pass: { endDate: string | null } | null,
  options: { today: string; maskName: boolean; repeat: boolean },
): KioskAnswer => {
  const allowed = entry.result !== 'REFUSED';
  const endDate = pass?.endDate ?? null;
  return {
    outcome: allowed ? 'ALLOWED' : 'REFUSED',
    entryId: entry.id,
    name: options.maskName ? maskName(who.name) : who.name,
    photoUrl: who.image,
    passName: entry.passName,
    reason: entry.reason,
    reasonDate: entry.reasonDate,
    // The kiosk's customer side never shows what is owed (docs/rules.md#check-in): a masked answer carries none.
    unpaidAmount: entry.reason === 'unpaid' && !options.maskName ? who.unpaidAmount : null,
    unpaidSales: [],
    sessionUsed: entry.sessionUsed,
    sessionsLeft: entry.sessionsLeft,
    daysLeft: entry.daysLeft,
    endDate,
    renewSoon: allowed && endDate !== null && endDate <= addDays(options.today, RENEW_SOON_DAYS - 1),
    repeat: options.repeat,
    choices: [],
  };
};

// ---------------------------------------------------------------------------------------------------------
// The passes as the decision reads them

export type LoadedPass = CheckInPass & { periodAmount: number | null };

export type RawPass = Omit<LoadedPass, 'dayBased'>;

export const toPasses = (rows: RawPass[] | null | undefined): LoadedPass[] =>
  (rows ?? []).map((r) => ({
    id: Number(r.id),
    name: r.name,
    status: r.status,
    startDate: r.startDate,
    endDate: r.endDate ?? null,
    sessionCount: r.sessionCount === null ? null : Number(r.sessionCount),
    periodAmount: r.periodAmount === null ? null : Number(r.periodAmount),
    entryUsesSession: r.entryUsesSession === true,
    sessionsUsed: Number(r.sessionsUsed),
    holds: r.holds ?? [],
    sessionUsedToday: r.sessionUsedToday === true,
    // A period (day-based) pass: a second entry on one day uses no second session.
    dayBased: r.periodAmount !== null,
  }));

/** The fields of an entry a repeat answer shows, with its pass's end date. */
export type RecentEntry = Pick<
  EntryLogRow,
  'id' | 'result' | 'reason' | 'reasonDate' | 'passName' | 'sessionUsed' | 'sessionsLeft' | 'daysLeft'
> & { endDate: string | null; hasPass: boolean };

// ---------------------------------------------------------------------------------------------------------
// The entry log

/** A row of `entriesFrom` (entry.queries.ts). */
export type EntryRow = Omit<Entry, 'createDate'> & { createDate: Date };

/** A row of the list: the phone masked (docs/rules.md#customers). */
export const entryOf = (r: EntryRow): Entry => ({
  ...r,
  phone: maskPhone(r.phone),
  createDate: r.createDate.toISOString(),
});

const exportHeaders: Record<Language, string[]> = {
  ko: [
    '일시',
    '이름',
    '휴대폰',
    '방법',
    '결과',
    '사유',
    '사유 날짜',
    '이용권',
    '횟수 차감',
    '남은 횟수',
    '남은 일수',
    '직원',
    '메모',
  ],
  en: [
    'Time',
    'Name',
    'Phone',
    'Method',
    'Result',
    'Reason',
    'Date',
    'Pass',
    'Session used',
    'Sessions left',
    'Days left',
    'Staff',
    'Note',
  ],
};
const methodLabels: Record<Language, Record<EntryMethod, string>> = {
  ko: { QR: 'QR', CARD: '카드', PHONE: '휴대폰 뒤 4자리', MANUAL: '수동' },
  en: { QR: 'QR', CARD: 'Card', PHONE: 'Phone (last 4)', MANUAL: 'Manual' },
};
const resultLabels: Record<Language, Record<Entry['result'], string>> = {
  ko: { ALLOWED: '입장', REFUSED: '거부', OVERRIDE: '직원 허용' },
  en: { ALLOWED: 'Allowed', REFUSED: 'Refused', OVERRIDE: 'Overridden' },
};
const reasonLabels: Record<Language, Record<EntryRefusal, string>> = {
  ko: {
    noPass: '이용권 없음',
    notStarted: '시작 전',
    onHold: '홀딩 중',
    expired: '만료',
    noSessions: '횟수 소진',
    unpaid: '미수금',
  },
  en: {
    noPass: 'No pass',
    notStarted: 'Not started',
    onHold: 'On hold',
    expired: 'Expired',
    noSessions: 'No sessions left',
    unpaid: 'Unpaid balance',
  },
};

/** The log's rows as a CSV (UTF-8 with a BOM, so that Excel reads Korean), whole phone numbers. */
export const entriesCsv = (rows: EntryRow[], language: Language): string => {
  const yes = language === 'ko' ? '예' : 'Yes';
  return toCsv(
    exportHeaders[language],
    rows.map((r) => [
      dayjs(r.createDate).tz(SEOUL).format('YYYY-MM-DD HH:mm:ss'),
      r.memberName,
      formatPhone(r.phone),
      methodLabels[language][r.method],
      resultLabels[language][r.result],
      r.reason ? reasonLabels[language][r.reason] : '',
      r.reasonDate ?? '',
      r.passName ?? '',
      r.sessionUsed ? yes : '',
      r.sessionsLeft ?? '',
      r.daysLeft ?? '',
      r.staffName ?? '',
      r.note ?? '',
    ]),
  );
};
