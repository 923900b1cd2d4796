import { and, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { addDays, seoulDayStartUtc } from '#domain/rules/seoul-time.ts';
import {
  entryKiosk,
  entryLog,
  entrySetting,
  gym,
  gymSubService,
  member,
  subService,
  ticket,
  ticketHold,
  ticketIssue,
  ticketUsage,
} from '../../db/schema/index.ts';
import type { RawPass, RecentEntry } from './entry.mappers.ts';

// Check-in's raw SQL (docs/rules.md#check-in): the sub-selects that let one statement read what the kiosk and the
// check-in need (bench/checkin.ts measures them: keep their text as it is).

/** Whether the kiosk's facility holds the ENTER add-on in APPROVE. */
export const kioskEnterAddOn = () =>
  sql<boolean>`exists (select 1 from ${gymSubService} g inner join ${subService} s on s.id = g.sub_service_id where g.gym_id = ${entryKiosk}.gym_id and s.gym_sub_service_type = 'ENTER' and g.gym_sub_service_status = 'APPROVE')`;

/** The kiosk's facility's status (QUIT: closed). */
export const kioskGymStatus = () =>
  sql<string | null>`(select f.gym_status from ${gym} f where f.id = ${entryKiosk}.gym_id)`;

/** The facility's customers still on its books: not removed, not erased. */
export const liveCustomersOf = (gymId: number): SQL =>
  and(eq(member.ownerGymId, gymId), ne(member.status, 'QUIT'), isNull(member.erasedAt))!;

/** The customers whose phone ends with the 4 digits. The literal 4, not a parameter: the expression must be the
 * index's own (member_owner_phone4_idx). */
export const phoneEndsWith = (digits: string) => sql`right(${member.phone}, 4) = ${digits}`;

/**
 * The customer's passes in the facility as the decision reads them, with today's ENTRY use per pass, as one JSON
 * array (newest first, at most 200): a column of a statement that reads other things too.
 */
export const passesJsonOf = (gymId: number, memberId: number, today: string, onlyId?: number) => {
  const dayStart = seoulDayStartUtc(today).toISOString();
  const nextDay = seoulDayStartUtc(addDays(today, 1)).toISOString();
  return sql<RawPass[]>`coalesce((select json_agg(p order by p.id desc) from (
    select t.id, t.ticket_name as "name", t.status, t.start_date as "startDate", t.end_date as "endDate",
      t.session_count as "sessionCount", t.period_amount as "periodAmount", k.entry_uses_session as "entryUsesSession",
      (select coalesce(sum(u.sessions), 0) from ${ticketUsage} u where u.ticket_issue_id = t.id) as "sessionsUsed",
      coalesce((select json_agg(json_build_object('startDate', h.start_date, 'endDate', h.end_date) order by h.start_date) from ${ticketHold} h where h.ticket_issue_id = t.id), '[]'::json) as "holds",
      exists (select 1 from ${ticketUsage} u where u.ticket_issue_id = t.id and u.kind = 'ENTRY' and u.sessions > 0 and u.create_date >= ${dayStart}::timestamptz and u.create_date < ${nextDay}::timestamptz) as "sessionUsedToday"
    from ${ticketIssue} t inner join ${ticket} k on k.id = t.ticket_id
    where t.gym_id = ${gymId} and t.member_id = ${memberId}${onlyId === undefined ? sql`` : sql` and t.id = ${onlyId}`}
    order by t.id desc limit 200) p), '[]'::json)`;
};

/** The customer's allowed entry between the two instants (a double tap), with its pass's end date. */
export const recentEntryJson = (customerId: number, tapFrom: string, tapTo: string) =>
  sql<RecentEntry | null>`(select json_build_object('id', e.id, 'result', e.result, 'reason', e.reason, 'reasonDate', e.reason_date, 'passName', e.pass_name, 'sessionUsed', e.session_used, 'sessionsLeft', e.sessions_left, 'daysLeft', e.days_left, 'hasPass', e.ticket_issue_id is not null, 'endDate', (select t.end_date from ${ticketIssue} t where t.id = e.ticket_issue_id)) from ${entryLog} e where e.member_id = ${customerId} and e.create_date >= ${tapFrom}::timestamptz and e.create_date <= ${tapTo}::timestamptz and e.result in ('ALLOWED', 'OVERRIDE') order by e.create_date desc, e.id desc limit 1)`;

/** The facility's rule on unpaid balances; null without a row of rules. */
export const blockUnpaidOf = (gymId: number) =>
  sql<boolean | null>`(select s.block_unpaid from ${entrySetting} s where s.gym_id = ${gymId})`;

/** The Seoul hour of an entry. */
export const entryHour = () =>
  sql<number>`extract(hour from ${entryLog.createDate} at time zone 'Asia/Seoul')::int`.mapWith(Number);
