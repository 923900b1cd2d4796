import { and, asc, desc, eq, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { NO_VISIT_DAYS } from '#domain/rules/entry.ts';
import { type CustomerSegment, customerSegments, EXPIRING_SESSIONS } from '#domain/rules/passes.ts';
import { addDays, seoulDayStartUtc } from '#domain/rules/seoul-time.ts';
import type { Executor } from '../../db/client.ts';
import { cappedTotal } from '../../db/count.ts';
import { member } from '../../db/schema/index.ts';
import { searchCondition } from '../../kernel/customer-search.ts';

// The customer list's SQL (docs/rules.md#customers): one statement per page, on the member table alone. The
// segments are the same definitions as `inSegment` in domain/rules/passes.ts, written over the summary columns
// with today's date (Asia/Seoul) as a parameter. The bench's bare handler runs these same statements.

/** Customers of the facility still on its books (not removed, not erased). */
export const customersOf = (gymId: number): SQL =>
  and(eq(member.ownerGymId, gymId), eq(member.status, 'ACTIVE'), isNull(member.erasedAt))!;

const heldToday = (today: string) =>
  sql`(${member.holdStartDate} <= ${today} and ${member.holdEndDate} >= ${today})`;

const activeToday = (today: string) =>
  sql`(${member.currentTicketIssueId} is not null and ${member.passStartDate} <= ${today}
    and (${member.passEndDate} is null or ${member.passEndDate} >= ${today})
    and (${member.sessionsLeft} is null or ${member.sessionsLeft} > 0)
    and not coalesce(${heldToday(today)}, false))`;

/**
 * Active, and no visit on a Seoul day after today − NO_VISIT_DAYS (`noRecentVisit`): never, or before 00:00 KST
 * of today − 13 days. An instant bound, so member_owner_visit_idx (ownerGymId, lastVisitAt) can serve it.
 */
const noVisitToday = (today: string) =>
  sql`(${activeToday(today)} and (${member.lastVisitAt} is null
    or ${lt(member.lastVisitAt, seoulDayStartUtc(addDays(today, 1 - NO_VISIT_DAYS)))}))`;

/** The SQL condition of a segment today (the same rules as `inSegment`). */
export const segmentCondition = (segment: CustomerSegment, today: string, days: number): SQL | undefined => {
  switch (segment) {
    case 'all':
      return undefined;
    case 'active':
      return activeToday(today);
    case 'hold':
      return heldToday(today);
    case 'expiring':
      return sql`((${activeToday(today)} or coalesce(${heldToday(today)}, false))
        and ((${member.passEndDate} >= ${today} and ${member.passEndDate} <= ${addDays(today, days)})
          or ${member.sessionsLeft} <= ${EXPIRING_SESSIONS}))`;
    case 'expired':
      return sql`(${member.currentTicketIssueId} is not null and (${member.passEndDate} < ${today} or ${member.sessionsLeft} = 0))`;
    case 'unpaid':
      return sql`${member.unpaidAmount} > 0`;
    case 'new':
      return sql`${member.registeredOn} >= ${`${today.slice(0, 7)}-01`}`;
    case 'birthday':
      return sql`extract(month from ${member.birthDate}) = ${Number(today.slice(5, 7))}`;
    case 'noVisit':
      return noVisitToday(today);
  }
};

export const customerSorts = {
  id: member.id,
  name: member.name,
  passEndDate: member.passEndDate,
  registeredOn: member.registeredOn,
  unpaidAmount: member.unpaidAmount,
} as const;

export type CustomerListInput = {
  gymId: number;
  segment: CustomerSegment;
  days: number;
  q?: string | undefined;
  trainerMemberId?: number | undefined;
  ids?: number[] | undefined;
  sort: keyof typeof customerSorts;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
  today: string;
  /** The capped total as a scalar subquery of the page statement (skip it for exports). */
  withTotal: boolean;
};

export const customerWhere = (
  input: Omit<CustomerListInput, 'sort' | 'order' | 'limit' | 'offset' | 'withTotal'>,
) =>
  and(
    customersOf(input.gymId),
    segmentCondition(input.segment, input.today, input.days),
    searchCondition(input.q),
    input.trainerMemberId ? eq(member.trainerMemberId, input.trainerMemberId) : undefined,
    input.ids
      ? sql`${member.id} in (${sql.join(
          input.ids.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : undefined,
  );

/** The columns a list row reads, with the trainer's name from the same statement. */
export const customerColumns = {
  id: member.id,
  ownerGymId: member.ownerGymId,
  name: member.name,
  phone: member.phone,
  gender: member.gender,
  birthDate: member.birthDate,
  image: member.image,
  trainerMemberId: member.trainerMemberId,
  trainerName: sql<string | null>`(select t.name from ${member} t where t.id = ${member}.trainer_member_id)`,
  leadSource: member.leadSource,
  cardNumber: member.cardNumber,
  status: member.status,
  registeredOn: member.registeredOn,
  currentTicketIssueId: member.currentTicketIssueId,
  passName: member.passName,
  passStartDate: member.passStartDate,
  passEndDate: member.passEndDate,
  sessionsLeft: member.sessionsLeft,
  holdStartDate: member.holdStartDate,
  holdEndDate: member.holdEndDate,
  unpaidAmount: member.unpaidAmount,
  lastVisitAt: member.lastVisitAt,
  createDate: member.createDate,
  memo: member.memo,
  erasedAt: member.erasedAt,
};

/** One page of customers (with the capped total when asked), as one statement. */
export const customerListQuery = (db: Executor, input: CustomerListInput) => {
  const where = customerWhere(input);
  const column = customerSorts[input.sort];
  const direction = input.order === 'asc' ? asc : desc;
  // A pass end sorts its customers without a pass last, both ways.
  const primary =
    input.sort === 'passEndDate' ? sql`${column} ${sql.raw(input.order)} nulls last` : direction(column);
  return db
    .select(input.withTotal ? { ...customerColumns, total: cappedTotal(member, where) } : customerColumns)
    .from(member)
    .where(where)
    .orderBy(primary, direction(member.id))
    .limit(input.limit)
    .offset(input.offset);
};

/**
 * Every segment's count for the tabs, in one statement: one pass over the facility's customers with a filtered
 * count per segment (not capped: a tab that said "10,000+" would hide what the owner came for).
 */
export const segmentCountsQuery = (
  db: Executor,
  gymId: number,
  today: string,
  days: number,
  /** A narrowed caller counts only the customers assigned to them (docs/rules.md#customer-reach). */
  trainerMemberId: number | null = null,
) =>
  db
    .select(
      // Safe (the cast below): one count for every segment; Object.fromEntries only loses the keys' names.
      Object.fromEntries(
        customerSegments.map((segment) => {
          const condition = segmentCondition(segment, today, days);
          return [
            segment,
            (condition ? sql<number>`count(*) filter (where ${condition})` : sql<number>`count(*)`).mapWith(
              Number,
            ),
          ];
        }),
      ) as Record<CustomerSegment, SQL<number>>,
    )
    .from(member)
    .where(
      and(
        customersOf(gymId),
        trainerMemberId === null ? undefined : eq(member.trainerMemberId, trainerMemberId),
      ),
    );
