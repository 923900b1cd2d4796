import { describe, expect, it } from 'vitest';
import type { PayReport } from '#domain/schemas/schedule.ts';
import { featureTexts } from '#src/i18n/config.ts';
import {
  groupRuleText,
  markOf,
  payCsvName,
  payReportCsv,
  payRows,
  payRuleText,
  perSessionPrice,
  seoulDateTime,
} from './pay-report.ts';

/** A translate over the real texts, with i18next's {{name}} interpolation. */
const translateIn =
  (language: 'en' | 'ko') =>
  (key: string, options: Record<string, unknown> = {}): string => {
    const value = key
      .split('.')
      .reduce<unknown>(
        (node, part) => (node as Record<string, unknown> | undefined)?.[part],
        featureTexts[language],
      );
    if (typeof value !== 'string') return key;
    return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name] ?? ''));
  };

const session = (over: Partial<PayReport['sessions'][number]> = {}): PayReport['sessions'][number] => ({
  reservationId: 1,
  lessonId: 1,
  lessonTitle: 'PT',
  startAt: '2026-11-25T10:00:00.000Z',
  memberName: '김회원',
  attendance: 'ATTENDED',
  late: false,
  ticketName: 'PT 20회',
  passPrice: 1_210_000,
  passSessions: 20,
  passSessionValue: null,
  unitValue: 60_500,
  rule: 'PERCENT',
  pay: 24_200,
  ...over,
});

const report: Pick<PayReport, 'sessions' | 'classes' | 'total'> = {
  sessions: [
    session(),
    session({ reservationId: 2, attendance: 'NOSHOW', memberName: 'Lee, "Jay"' }),
    session({
      reservationId: 3,
      attendance: null,
      late: true,
      passSessions: null,
      passPrice: 300_000,
      unitValue: null,
      pay: 0,
    }),
  ],
  classes: [],
  total: 48_400,
};

describe('the pay table (docs/rules.md#trainer-pay)', () => {
  it('writes the lesson time as a Seoul wall clock', () => {
    expect(seoulDateTime('2026-11-25T10:00:00.000Z')).toBe('2026.11.25 19:00');
    // 15:30 UTC on the last day of the month is already the next month in Seoul.
    expect(seoulDateTime('2026-11-30T15:30:00.000Z')).toBe('2026.12.01 00:30');
  });

  it('says why each session is paid: attended, a no-show, or a late cancel', () => {
    expect(markOf({ attendance: 'ATTENDED', late: false })).toBe('ATTENDED');
    expect(markOf({ attendance: 'NOSHOW', late: false })).toBe('NOSHOW');
    expect(markOf({ attendance: null, late: true })).toBe('LATE');
  });

  it('shows the per-session price rounded down, and none for a pass without sessions', () => {
    expect(perSessionPrice({ passPrice: 1_210_000, passSessions: 20 })).toBe(60_500);
    expect(perSessionPrice({ passPrice: 100_000, passSessions: 3 })).toBe(33_333);
    expect(perSessionPrice({ passPrice: 300_000, passSessions: null })).toBeNull();
    expect(perSessionPrice({ passPrice: 300_000, passSessions: 0 })).toBeNull();
    // A bundle's session value, not its whole price: 1,440,000 ÷ 30, not 1,700,000 ÷ 30 (56,666).
    expect(perSessionPrice({ passPrice: 1_700_000, passSessions: 30, passSessionValue: 1_440_000 })).toBe(
      48_000,
    );
  });

  it('maps every session to a row with the server pay', () => {
    expect(payRows(report)).toEqual([
      {
        key: 's1',
        startAt: '2026-11-25T10:00:00.000Z',
        date: '2026.11.25 19:00',
        lesson: 'PT',
        customer: '김회원',
        pass: 'PT 20회',
        unitPrice: 60_500,
        mark: 'ATTENDED',
        rule: 'PERCENT',
        pay: 24_200,
      },
      expect.objectContaining({ key: 's2', mark: 'NOSHOW', customer: 'Lee, "Jay"' }),
      expect.objectContaining({ key: 's3', mark: 'LATE', unitPrice: null, pay: 0 }),
    ]);
  });

  it('puts each group class on a line of its own, in time order, with the rule it used', () => {
    const rows = payRows(
      {
        sessions: [session({ startAt: '2026-11-26T10:00:00.000Z' })],
        classes: [
          {
            lessonId: 9,
            lessonTitle: '스피닝',
            startAt: '2026-11-24T11:00:00.000Z',
            attendees: 2,
            paidHeads: 4,
            rule: 'MINIMUM',
            pay: 32_000,
          },
        ],
      },
      translateIn('ko'),
    );
    expect(rows.map((r) => [r.key, r.customer, r.pass, r.rule, r.pay])).toEqual([
      ['c9', '2명 출석 · 4명분 지급', '그룹 수업', 'MINIMUM', 32_000],
      ['s1', '김회원', 'PT 20회', 'PERCENT', 24_200],
    ]);
  });

  it('words the pay rule with thousands separators', () => {
    expect(payRuleText('PER_SESSION', 30_000, translateIn('ko'), 'ko')).toBe('회당 30,000원');
    expect(payRuleText('PERCENT', 40, translateIn('ko'), 'ko')).toBe('회당 단가의 40%');
    expect(payRuleText('PER_SESSION', 30_000, translateIn('en'), 'en')).toBe('₩30,000 per session');
    expect(payRuleText('PERCENT', 40, translateIn('en'), 'en')).toBe('40% of the per-session price');
    const group = { groupPayKind: 'PER_ATTENDEE', groupPayRate: 8_000, groupPayMinAttendees: 4 } as const;
    expect(groupRuleText(group, translateIn('ko'), 'ko')).toBe('참석 1인당 8,000원 (최소 4명분)');
    expect(groupRuleText({ ...group, groupPayMinAttendees: 0 }, translateIn('en'), 'en')).toBe(
      '₩8,000 per attendee',
    );
    expect(groupRuleText({ ...group, groupPayKind: 'PER_CLASS' }, translateIn('ko'), 'ko')).toBe(
      '수업당 8,000원',
    );
  });
});

describe('the pay CSV', () => {
  it('starts with a byte order mark and has Korean headers in Korean', () => {
    const csv = payReportCsv(report, translateIn('ko'));
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('일시,수업,회원,이용권,회당 단가,출결,적용 기준,급여');
    expect(lines[1]).toBe('2026.11.25 19:00,PT,김회원,PT 20회,60500,출석,PT 회당 단가 비율,24200');
    expect(lines[2]).toBe('2026.11.25 19:00,PT,"Lee, ""Jay""",PT 20회,60500,노쇼,PT 회당 단가 비율,24200');
    expect(lines[3]).toBe('2026.11.25 19:00,PT,김회원,PT 20회,,늦은 취소,PT 회당 단가 비율,0');
    expect(lines[4]).toBe('합계,,,,,,,48400');
    expect(lines).toHaveLength(5);
  });

  it('has English headers and labels in English', () => {
    const lines = payReportCsv(report, translateIn('en')).slice(1).split('\r\n');
    expect(lines[0]).toBe('Date,Lesson,Customer,Pass,Per-session price,Attendance,Rule,Pay');
    expect(lines[1]).toContain(',Attended,');
    expect(lines.at(-1)).toBe('Total,,,,,,,48400');
  });

  it('is only headers and the total for an empty month', () => {
    const lines = payReportCsv({ sessions: [], classes: [], total: 0 }, translateIn('en'))
      .slice(1)
      .split('\r\n');
    expect(lines).toEqual([
      'Date,Lesson,Customer,Pass,Per-session price,Attendance,Rule,Pay',
      'Total,,,,,,,0',
    ]);
  });

  it('names the file by month and trainer, without characters file systems refuse', () => {
    expect(payCsvName('2026-11', '김코치')).toBe('trainer-pay-2026-11-김코치.csv');
    expect(payCsvName('2026-11', 'Jane / Doe')).toBe('trainer-pay-2026-11-Jane_Doe.csv');
  });
});
