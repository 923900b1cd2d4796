import { and, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import { seoulDayStartUtc as seoulDayStart, seoulToday } from '#domain/rules/seoul-time.ts';
import type { Pipeline } from '#domain/schemas/consult.ts';
import type { Executor } from '../../db/client.ts';
import { type ConsultRow, consult, member } from '../../db/schema/index.ts';
import { toConsult } from './consult.mappers.ts';

// The lead pipeline (docs/rules.md#consulting): the board's cards and the month in figures.

const monthBounds = (month: string) => {
  // Safe: a YYYY-MM month (the route's calendarMonth, or this month) has two parts.
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { start: seoulDayStart(`${month}-01`), end: seoulDayStart(`${next}-01`) };
};

/** Cards on the board at most: the open leads and this month's closed ones. */
export const PIPELINE_CARDS = 300;

type Bounds = ReturnType<typeof monthBounds>;

const inMonth = ({ start, end }: Bounds) => and(gte(consult.createDate, start), lt(consult.createDate, end));

/** The board: the open leads, and the leads closed or made this month; the follow-ups due first. */
const boardCards = (db: Executor, gymId: number, bounds: Bounds) =>
  db
    .select()
    .from(consult)
    .where(
      and(
        eq(consult.gymId, gymId),
        or(
          inArray(consult.stage, ['NEW', 'CONSULTED', 'TRIAL']),
          and(gte(consult.closedAt, bounds.start), lt(consult.closedAt, bounds.end)),
          inMonth(bounds),
        ),
      ),
    )
    .orderBy(sql`${consult.followUpDate} asc nulls last`, desc(consult.id))
    .limit(PIPELINE_CARDS);

/** The month's consults, one line each, for the figures. */
const monthLines = (db: Executor, gymId: number, bounds: Bounds) =>
  db
    .select({
      day: sql<string>`to_char(${consult.createDate} at time zone 'Asia/Seoul', 'YYYY-MM-DD')`,
      source: consult.source,
      staffMemberId: consult.staffMemberId,
      staffName: member.name,
      stage: consult.stage,
      lostReason: consult.lostReason,
    })
    .from(consult)
    .leftJoin(member, eq(member.id, consult.staffMemberId))
    .where(and(eq(consult.gymId, gymId), inMonth(bounds)))
    .limit(5000);

type MonthLine = Awaited<ReturnType<typeof monthLines>>[number];

/** The month's figures: consults and registrations, by source, by staff member and by day, and why leads were lost. */
const monthFigures = (lines: MonthLine[]): Pipeline['figures'] => {
  const consults = lines.length;
  const registrations = lines.filter((r) => r.stage === 'REGISTERED').length;
  const group = <K extends string | number | null>(key: (r: MonthLine) => K) => {
    const map = new Map<K, { consults: number; registrations: number; name: string | null }>();
    for (const r of lines) {
      const k = key(r);
      const entry = map.get(k) ?? { consults: 0, registrations: 0, name: r.staffName };
      entry.consults++;
      if (r.stage === 'REGISTERED') entry.registrations++;
      map.set(k, entry);
    }
    return [...map.entries()].sort((a, b) => b[1].consults - a[1].consults);
  };
  const lost = new Map<string, number>();
  for (const r of lines)
    if (r.stage === 'LOST') lost.set(r.lostReason ?? 'OTHER', (lost.get(r.lostReason ?? 'OTHER') ?? 0) + 1);
  return {
    consults,
    registrations,
    conversionRate: consults === 0 ? 0 : Math.round((registrations / consults) * 1000) / 10,
    bySource: group((r) => r.source ?? 'OTHER').map(([source, v]) => ({
      source: String(source),
      consults: v.consults,
      registrations: v.registrations,
    })),
    byStaff: group((r) => r.staffMemberId).map(([staffMemberId, v]) => ({
      staffMemberId,
      staffName: v.name,
      consults: v.consults,
      registrations: v.registrations,
    })),
    lostReasons: [...lost.entries()]
      .map(([reason, n]) => ({ reason, count: n }))
      .sort((a, b) => b.count - a.count),
    byDay: group((r) => r.day)
      .map(([date, v]) => ({ date: String(date), consults: v.consults, registrations: v.registrations }))
      .sort((a, b) => a.date.localeCompare(b.date)),
  };
};

export const pipeline = async (db: Executor, gymId: number, month: string, now: Date): Promise<Pipeline> => {
  const bounds = monthBounds(month);
  const rows = await boardCards(db, gymId, bounds);
  const lines = await monthLines(db, gymId, bounds);
  const today = seoulToday(now);
  const open = (r: ConsultRow) => r.stage === 'NEW' || r.stage === 'CONSULTED' || r.stage === 'TRIAL';
  return {
    month,
    cards: rows.map(toConsult),
    dueToday: rows
      .filter((r) => open(r) && r.followUpDate !== null && r.followUpDate <= today)
      .map((r) => r.id),
    figures: monthFigures(lines),
  };
};
