import type { Language } from '#domain/enums.ts';
import { toCsv } from '#domain/rules/csv.ts';
import { safeSum } from '#domain/rules/money.ts';
import type { PeriodUnit } from '#domain/rules/passes.ts';
import { type Recognition, revenueBasisOf } from '#domain/rules/revenue.ts';
import { isoOfDayNumber } from '#domain/rules/revenue-fast.ts';
import type { PassRevenue, RevenueHistory } from '#domain/schemas/report.ts';
import type { Day, PassRow } from './report.sql.ts';

// The reports' rows as records (docs/rules.md#reports, #revenue-recognition): money sums, a pass's facts from its
// grouped statements, a pass's row of the "as of" list, and the CSVs.

export type Money = { received: number; refunds: number; net: number };
export const money = (): Money => ({ received: 0, refunds: 0, net: 0 });
export const addLine = (m: Money, status: string, amount: number) => {
  if (status === 'APPROVE') m.received += amount;
  else m.refunds += amount;
  m.net += amount;
};
export const addMoney = (m: Money, other: Money) => {
  m.received += other.received;
  m.refunds += other.refunds;
  m.net += other.net;
};

export const byReceived = <T extends Money>(a: T, b: T) => b.received - a.received || b.net - a.net;

/**
 * A sold pass and its history up to the last day read: payments, refunds (as positive amounts) and usage by
 * Seoul day number, in day order, and its holds. Days are day numbers (days since 1970-01-01).
 */
export type PassFacts = {
  id: number;
  memberId: number;
  memberName: string;
  ticketName: string;
  soldOn: Day;
  soldDay: number;
  startDate: Day;
  endDate: Day | null;
  endDay: number | null;
  periodAmount: number | null;
  periodUnit: PeriodUnit | null;
  sessionCount: number | null;
  price: number;
  refundedDay: number | null;
  payments: [number, number][];
  refunds: [number, number][];
  usage: [number, number][];
  holds: { startDate: Day; endDate: Day }[];
};

export type PassDay = Recognition & { used: number; closed: boolean };

/** A pass's grouped history rows (revenue.queries.ts's `loadPasses`): payment lines, usage and holds by pass. */
export type PassHistory = {
  lines: { id: number; day: number; status: string; amount: number | string }[];
  usage: { id: number; day: number; sessions: number | string }[];
  holds: { id: number; startDate: Day; endDate: Day }[];
};

/**
 * The passes' facts from their rows and grouped history: payments and refunds (as positive amounts) and usage in
 * day order, holds; newest sale first.
 */
export const passFactsOf = (passes: PassRow[], { lines, usage, holds }: PassHistory): PassFacts[] => {
  const byId = new Map<number, PassFacts>();
  const facts = passes.map((p) => {
    const f: PassFacts = {
      id: Number(p.id),
      memberId: Number(p.memberId),
      memberName: p.memberName,
      ticketName: p.ticketName,
      soldOn: isoOfDayNumber(Number(p.soldDay)),
      soldDay: Number(p.soldDay),
      startDate: p.startDate,
      endDate: p.endDate,
      endDay: p.endDay === null ? null : Number(p.endDay),
      periodAmount: p.periodAmount === null ? null : Number(p.periodAmount),
      periodUnit: p.periodUnit,
      sessionCount: p.sessionCount === null ? null : Number(p.sessionCount),
      price: Number(p.price),
      refundedDay: p.refundedDay === null ? null : Number(p.refundedDay),
      payments: [],
      refunds: [],
      usage: [],
      holds: [],
    };
    byId.set(f.id, f);
    return f;
  });
  for (const l of lines) {
    const f = byId.get(Number(l.id));
    if (!f) continue;
    if (l.status === 'APPROVE') f.payments.push([Number(l.day), safeSum(l.amount)]);
    else f.refunds.push([Number(l.day), -safeSum(l.amount)]);
  }
  // Usage counts for session passes and holds for period passes (the statements keep to them, but for a page).
  for (const u of usage) {
    const f = byId.get(Number(u.id));
    if (f && f.sessionCount !== null) f.usage.push([Number(u.day), Number(u.sessions)]);
  }
  for (const h of holds) {
    const f = byId.get(Number(h.id));
    if (f && f.periodAmount !== null) f.holds.push({ startDate: h.startDate, endDate: h.endDate });
  }
  // Newest sale first, as the lists show them (the statement leaves the order to JS: no sort of every row).
  facts.sort((a, b) => b.soldDay - a.soldDay || b.id - a.id);
  const byDay = (a: [number, number], b: [number, number]) => a[0] - b[0];
  for (const f of facts) {
    if (f.payments.length > 1) f.payments.sort(byDay);
    if (f.refunds.length > 1) f.refunds.sort(byDay);
    if (f.usage.length > 1) f.usage.sort(byDay);
  }
  return facts;
};

export const rowOf = (p: PassFacts, r: PassDay): PassRevenue => ({
  ticketIssueId: p.id,
  memberId: p.memberId,
  memberName: p.memberName,
  ticketName: p.ticketName,
  basis: revenueBasisOf(p),
  soldOn: p.soldOn,
  startDate: p.startDate,
  endDate: p.endDate,
  sessionCount: p.sessionCount,
  sessionsUsed: r.used,
  refundedOnDay: r.closed,
  price: p.price,
  paid: r.paid,
  earned: r.earned,
  deferred: r.deferred,
  refunded: r.refunded,
});

const historyHeaders: Record<Language, string[]> = {
  ko: ['기간', '매출(입금)', '환불', '지출', '순수익'],
  en: ['Period', 'Received', 'Refunds', 'Expenditure', 'Net'],
};
const totalLabel: Record<Language, string> = { ko: '합계', en: 'Total' };

/** The revenue history as a CSV (UTF-8 with a BOM, for Excel): one row a period, then the totals. */
export const revenueHistoryCsv = (history: RevenueHistory, language: Language): string =>
  toCsv(historyHeaders[language], [
    ...history.rows.map((r) => [r.period, r.received, r.refunds, r.expenditure, r.net]),
    [
      totalLabel[language],
      history.totals.received,
      history.totals.refunds,
      history.totals.expenditure,
      history.totals.net,
    ],
  ]);

const asOfHeaders: Record<Language, string[]> = {
  ko: [
    '이용권 번호',
    '회원',
    '이용권',
    '판매일',
    '인식 기준',
    '시작일',
    '종료일',
    '사용 횟수',
    '결제액',
    '인식 매출',
    '선수금',
    '환불액',
  ],
  en: [
    'Pass no.',
    'Customer',
    'Pass',
    'Sold on',
    'Earned by',
    'Start',
    'End',
    'Sessions used',
    'Paid',
    'Earned',
    'Deferred',
    'Refunded',
  ],
};
const basisLabels: Record<Language, Record<PassRevenue['basis'], string>> = {
  ko: { PERIOD: '기간', SESSION: '횟수', BOTH: '기간·횟수', AT_SALE: '결제 시' },
  en: { PERIOD: 'Days', SESSION: 'Sessions', BOTH: 'Days or sessions', AT_SALE: 'When paid' },
};

/** The "as of" rows as a CSV with a BOM, then the totals of those rows. */
export const asOfCsv = (rows: PassRevenue[], language: Language): string => {
  const sum = { paid: 0, earned: 0, deferred: 0, refunded: 0 };
  for (const r of rows) {
    sum.paid += r.paid;
    sum.earned += r.earned;
    sum.deferred += r.deferred;
    sum.refunded += r.refunded;
  }
  return toCsv(asOfHeaders[language], [
    ...rows.map((r) => [
      r.ticketIssueId,
      r.memberName,
      r.ticketName,
      r.soldOn,
      basisLabels[language][r.basis],
      r.startDate,
      r.endDate ?? '',
      r.sessionCount === null ? '' : `${r.sessionsUsed}/${r.sessionCount}`,
      r.paid,
      r.earned,
      r.deferred,
      r.refunded,
    ]),
    [totalLabel[language], '', '', '', '', '', '', '', sum.paid, sum.earned, sum.deferred, sum.refunded],
  ]);
};
