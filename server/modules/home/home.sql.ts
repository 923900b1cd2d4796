import { type SQL, sql } from 'drizzle-orm';
import type { SubServiceType } from '#domain/enums.ts';
import { addDays, seoulDayStartUtc } from '#domain/rules/seoul-time.ts';
import { EXPIRING_WITHIN_DAYS, HOME_NEXT_LESSONS, type HomeFigureKey } from '#domain/schemas/home.ts';
import {
  consult,
  entryLog,
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

export type Bounds = { today: string; from: string; to: string; now: string; weekEnd: string };

export const addOnHeld = (gymId: number, type: SubServiceType) =>
  sql`exists (select 1 from ${gymSubService} gs join ${subService} ss on ss.id = gs.sub_service_id
    where gs.gym_id = ${gymId} and gs.gym_sub_service_status = 'APPROVE' and ss.gym_sub_service_type = ${type})`;

/** The sub-select of each figure; null when its add-on is missing. */
export const figureSql = (key: HomeFigureKey, gymId: number, b: Bounds): SQL => {
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

/** Today's bounds; `seoulToday` costs about 0.2 ms of CPU (Intl), so it is read once a request. */
export const boundsOf = (today: string, now: Date): Bounds => {
  return {
    today,
    from: seoulDayStartUtc(today).toISOString(),
    to: seoulDayStartUtc(addDays(today, 1)).toISOString(),
    now: now.toISOString(),
    weekEnd: addDays(today, EXPIRING_WITHIN_DAYS),
  };
};
