import { eq, type SQL, sql } from 'drizzle-orm';
import type { SubServiceType } from '#domain/enums.ts';
import { type GymRights, hasRight } from '#domain/permissions.ts';
import { addDays, seoulDayStartUtc, seoulToday } from '#domain/rules/seoul-time.ts';
import {
  EXPIRING_WITHIN_DAYS,
  HOME_FIGURES,
  HOME_NEXT_LESSONS,
  type HomeFigureKey,
  type HomeLesson,
  type HomeToday,
  homeFigureKeys,
} from '#domain/schemas/home.ts';
import type { Executor } from '../../db/client.ts';
import {
  consult,
  entryLog,
  gym,
  gymSubService,
  lesson,
  member,
  paymentLine,
  reservation,
  subService,
  ticketIssue,
} from '../../db/schema/index.ts';

// HOME's day (docs/rules.md#home): one statement, one scalar sub-select per figure the viewer may see, each on an
// index of its table (the check-ins on entry_log_gym_time_idx, the new customers on member_owner_registered_idx,
// the money on payment_line_gym_idx, the unpaid total on the partial member_owner_unpaid_idx, the expiring passes
// on ticket_issue_gym_end_idx, the classes on lesson_gym_start_idx with their bookings on reservation_lesson_idx,
// the follow-ups on consult_gym_follow_up_idx). A figure the viewer may not see is not in the statement at all; a
// figure whose list needs an add-on is computed only when the facility holds it APPROVE (the CASE evaluates its
// sub-select only then).

/** The figures this viewer may see, by their rights in the facility (the add-ons are checked in the SQL). */
export const visibleFigures = (rights: GymRights): HomeFigureKey[] =>
  homeFigureKeys.filter((key) => hasRight(rights, HOME_FIGURES[key].right));

type Bounds = { today: string; from: string; to: string; now: string; weekEnd: string };

const asInt = (value: unknown): number => Number(value ?? 0);

const addOnHeld = (gymId: number, type: SubServiceType) =>
  sql`exists (select 1 from ${gymSubService} gs join ${subService} ss on ss.id = gs.sub_service_id
    where gs.gym_id = ${gymId} and gs.gym_sub_service_status = 'APPROVE' and ss.gym_sub_service_type = ${type})`;

/** The sub-select of each figure; null when its add-on is missing. */
const figureSql = (key: HomeFigureKey, gymId: number, b: Bounds): SQL => {
  switch (key) {
    case 'checkIns':
      return sql`(select count(*)::int from ${entryLog} e where e.gym_id = ${gymId}
        and e.create_date >= ${b.from}::timestamptz and e.create_date < ${b.to}::timestamptz
        and e.result in ('ALLOWED', 'OVERRIDE'))`;
    case 'newCustomers':
      return sql`(select count(*)::int from ${member} m where m.owner_gym_id = ${gymId}
        and m.registered_on = ${b.today}::date and m.status = 'ACTIVE' and m.erased_at is null)`;
    case 'sales':
      return sql`(select json_build_object(
          'received', coalesce(sum(p.amount) filter (where p.status = 'APPROVE'), 0),
          'refunded', coalesce(-sum(p.amount) filter (where p.status = 'REFUND'), 0),
          'payments', count(*) filter (where p.status = 'APPROVE'),
          'refunds', count(*) filter (where p.status = 'REFUND'))
        from ${paymentLine} p where p.gym_id = ${gymId}
          and p.create_date >= ${b.from}::timestamptz and p.create_date < ${b.to}::timestamptz)`;
    case 'unpaid':
      return sql`(select json_build_object('total', coalesce(sum(m.unpaid_amount), 0), 'customers', count(*))
        from ${member} m where m.owner_gym_id = ${gymId} and m.unpaid_amount > 0)`;
    case 'expiringPasses':
      return sql`(select count(*)::int from ${ticketIssue} i where i.gym_id = ${gymId}
        and i.end_date >= ${b.today}::date and i.end_date <= ${b.weekEnd}::date and i.status = 'FIN')`;
    case 'classes':
      return sql`(select json_build_object(
          'lessons', count(*),
          'capacity', coalesce(sum(t.capacity), 0),
          'booked', coalesce(sum(t.booked), 0),
          'waiting', coalesce(sum(t.waiting), 0),
          'next', coalesce(json_agg(json_build_object('id', t.id, 'title', t.title, 'startAt', t.start_at,
            'endAt', t.end_at, 'capacity', t.capacity, 'booked', t.booked, 'waiting', t.waiting)
            order by t.start_at, t.id) filter (where t.upcoming <= ${HOME_NEXT_LESSONS}), '[]'::json))
        from (
          select l.id, l.title, l.start_at, l.end_at, l.capacity, c.booked, c.waiting,
            case when l.end_at > ${b.now}::timestamptz then
              row_number() over (partition by l.end_at > ${b.now}::timestamptz order by l.start_at, l.id) end
              as upcoming
          from ${lesson} l
          cross join lateral (
            select count(*) filter (where r.status in ('COMPLETE', 'DELAY'))::int as booked,
              count(*) filter (where r.status = 'WAITING')::int as waiting
            from ${reservation} r where r.lesson_id = l.id and r.status in ('COMPLETE', 'DELAY', 'WAITING')
          ) c
          where l.gym_id = ${gymId} and l.start_at >= ${b.from}::timestamptz and l.start_at < ${b.to}::timestamptz
            and l.status = 'OPEN'
        ) t)`;
    case 'followUps':
      return sql`(select json_build_object('count', count(*),
          'overdue', count(*) filter (where c.follow_up_date < ${b.today}::date))
        from ${consult} c where c.gym_id = ${gymId} and c.follow_up_date <= ${b.today}::date
          and c.stage in ('NEW', 'CONSULTED', 'TRIAL'))`;
  }
};

type Json = Record<string, unknown>;
const json = (value: unknown): Json | null =>
  value == null ? null : typeof value === 'string' ? (JSON.parse(value) as Json) : (value as Json);

const toLesson = (l: Json): HomeLesson => ({
  id: asInt(l.id),
  title: String(l.title),
  startAt: new Date(String(l.startAt)).toISOString(),
  endAt: new Date(String(l.endAt)).toISOString(),
  capacity: asInt(l.capacity),
  booked: asInt(l.booked),
  waiting: asInt(l.waiting),
});

/** Today's bounds; `seoulToday` costs about 0.2 ms of CPU (Intl), so it is read once a request. */
const boundsOf = (today: string, now: Date): Bounds => {
  return {
    today,
    from: seoulDayStartUtc(today).toISOString(),
    to: seoulDayStartUtc(addDays(today, 1)).toISOString(),
    now: now.toISOString(),
    weekEnd: addDays(today, EXPIRING_WITHIN_DAYS),
  };
};

/**
 * The one statement of HOME's day for a viewer who may see `keys` (at least one): the facility's row, with a
 * column per figure. The bench's bare handler sends the same text (`.toSQL()`).
 */
export const homeTodayQuery = (
  db: Executor,
  gymId: number,
  keys: readonly HomeFigureKey[],
  now: Date,
  today = seoulToday(now),
) => {
  const bounds = boundsOf(today, now);
  const fields: Record<string, SQL<unknown>> = {};
  for (const key of keys) {
    const addOn = HOME_FIGURES[key].addOn;
    const select = figureSql(key, gymId, bounds);
    fields[key] = addOn ? sql`case when ${addOnHeld(gymId, addOn)} then ${select} end` : select;
  }
  return db.select(fields).from(gym).where(eq(gym.id, gymId));
};

/** The answer from the statement's row (none: the facility is gone); a null column is a figure not offered. */
export const homeTodayOf = (
  row: Record<string, unknown> | undefined,
  keys: readonly HomeFigureKey[],
  today: string,
): HomeToday => {
  const answer: HomeToday = { date: today };
  if (!row) return answer;
  const path = (key: HomeFigureKey) => HOME_FIGURES[key].path;
  for (const key of keys) {
    const value = row[key];
    if (value == null) continue; // its add-on is missing: the figure is not offered
    switch (key) {
      case 'checkIns':
      case 'newCustomers':
      case 'expiringPasses':
        answer[key] = { count: asInt(value), path: path(key) };
        break;
      case 'sales': {
        const v = json(value)!;
        answer.sales = {
          received: asInt(v.received),
          refunded: asInt(v.refunded),
          payments: asInt(v.payments),
          refunds: asInt(v.refunds),
          path: path(key),
        };
        break;
      }
      case 'unpaid': {
        const v = json(value)!;
        answer.unpaid = { total: asInt(v.total), customers: asInt(v.customers), path: path(key) };
        break;
      }
      case 'classes': {
        const v = json(value)!;
        answer.classes = {
          lessons: asInt(v.lessons),
          capacity: asInt(v.capacity),
          booked: asInt(v.booked),
          waiting: asInt(v.waiting),
          next: ((v.next as Json[] | null) ?? []).map(toLesson),
          path: path(key),
        };
        break;
      }
      case 'followUps': {
        const v = json(value)!;
        answer.followUps = { count: asInt(v.count), overdue: asInt(v.overdue), path: path(key) };
        break;
      }
    }
  }
  return answer;
};

/**
 * Today's figures of the facility for a viewer who may see `keys` (docs/rules.md#home), in one statement; an
 * empty `keys` reads nothing.
 */
export const homeToday = async (
  db: Executor,
  gymId: number,
  keys: readonly HomeFigureKey[],
  now: Date,
): Promise<HomeToday> => {
  const today = seoulToday(now);
  if (keys.length === 0) return { date: today };
  const [row] = await homeTodayQuery(db, gymId, keys, now, today);
  return homeTodayOf(row, keys, today);
};
