import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { normalizeMobile } from '#domain/rules/customer.ts';
import type { CustomerSegment } from '#domain/rules/passes.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { SegmentCounts } from '#domain/schemas/customer.ts';
import type { Executor } from '../../db/client.ts';
import { customerMemo, member, ticketIssue, ticketUsage } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { type CustomerRow, toCustomer, toDetail, withIsoDate } from './customer.mappers.ts';
import {
  type CustomerListInput,
  customerColumns,
  customerListQuery,
  type customerSorts,
  customerWhere,
  segmentCountsQuery,
} from './customer.sql.ts';

// A facility's customers as the screens read them (docs/rules.md#customers): the list and its tab counts, one
// customer, and the timeline (memos, usage). Another facility's customer answers 404.

export type ListInput = {
  gymId: number;
  segment: CustomerSegment;
  days: number;
  q?: string | undefined;
  trainerMemberId?: number | undefined;
  _start?: number | undefined;
  _end?: number | undefined;
  _sort?: keyof typeof customerSorts | undefined;
  _order?: 'asc' | 'desc' | undefined;
};

type ListFilter = Pick<CustomerListInput, 'gymId' | 'segment' | 'days' | 'q' | 'trainerMemberId'>;

const filterOf = (input: ListInput): ListFilter => ({
  gymId: input.gymId,
  segment: input.segment,
  days: input.days,
  q: input.q,
  trainerMemberId: input.trainerMemberId,
});

/** One page of customers and the capped total: one statement. */
export const listCustomers = async (db: Executor, input: ListInput, now: Date) => {
  const today = seoulToday(now);
  const start = input._start ?? 0;
  const end = Math.min(input._end ?? start + 20, start + 100);
  const sort = input._sort ?? 'id';
  const rows = (await customerListQuery(db, {
    ...filterOf(input),
    sort,
    order:
      input._order ?? (sort === 'id' || sort === 'registeredOn' || sort === 'unpaidAmount' ? 'desc' : 'asc'),
    limit: Math.max(end - start, 0),
    offset: start,
    today,
    withTotal: true,
  })) as (CustomerRow & { total: number })[];
  const total = rows[0]?.total ?? (start === 0 ? 0 : await countAfterEnd(db, input, now));
  return {
    data: rows.map((row) => toCustomer(row, today, { mask: true })),
    total,
    capped: total > 10_000,
  };
};

/** A page past the end has no row to carry the total: count on its own (rare). */
const countAfterEnd = async (db: Executor, input: ListInput, now: Date) => {
  const rows = (await customerListQuery(db, {
    ...filterOf(input),
    sort: 'id',
    order: 'asc',
    limit: 1,
    offset: 0,
    today: seoulToday(now),
    withTotal: true,
  })) as { total: number }[];
  return rows[0]?.total ?? 0;
};

/**
 * The member list's condition for a segment tab, with its search and trainer filter, today in Seoul: the group
 * messages' audience reads the same customers the tab lists (docs/rules.md#messaging).
 */
export const segmentWhere = (
  input: Pick<CustomerListInput, 'gymId' | 'segment' | 'days' | 'q' | 'trainerMemberId'>,
  now: Date,
) => customerWhere({ ...input, today: seoulToday(now) });

export const segmentCounts = async (
  db: Executor,
  gymId: number,
  days: number,
  now: Date,
  trainerMemberId: number | null = null,
): Promise<SegmentCounts> => {
  const [row] = await segmentCountsQuery(db, gymId, seoulToday(now), days, trainerMemberId);
  return { counts: row as SegmentCounts['counts'], capped: false };
};

/** The facility's customer row (404 for anyone else's). */
export const customerRow = async (db: Executor, gymId: number, id: number): Promise<CustomerRow> => {
  const [row] = await db
    .select(customerColumns)
    .from(member)
    .where(and(eq(member.id, id), eq(member.ownerGymId, gymId)));
  if (!row) throw notFound();
  return row as CustomerRow;
};

/** One customer of the facility, whole (404 for anyone else's). */
export const getCustomer = async (db: Executor, gymId: number, id: number, now: Date) =>
  toDetail(await customerRow(db, gymId, id), seoulToday(now));

/** The facility's customer with this phone, if any (the add drawer's "open that customer instead"). */
export const findByPhone = async (
  db: Executor,
  gymId: number,
  phone: string,
  now: Date,
  trainerMemberId: number | null = null,
) => {
  const mobile = normalizeMobile(phone);
  if (!mobile) return null;
  const [row] = await db
    .select(customerColumns)
    .from(member)
    .where(
      and(
        eq(member.ownerGymId, gymId),
        eq(member.phone, mobile),
        sql`${member.erasedAt} is null`,
        trainerMemberId === null ? undefined : eq(member.trainerMemberId, trainerMemberId),
      ),
    );
  return row ? toCustomer(row as CustomerRow, seoulToday(now), { mask: true }) : null;
};

/** The id of the facility's (not erased) customer with this phone, if any. */
export const phoneHolder = async (db: Executor, gymId: number, phone: string) => {
  const [row] = await db
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.ownerGymId, gymId), eq(member.phone, phone), sql`${member.erasedAt} is null`));
  return row?.id;
};

/** The customer on the facility's books who holds this card, other than `except` (docs/rules.md#card-numbers). */
export const cardHolder = async (db: Executor, gymId: number, card: string, except?: number) => {
  const [row] = await db
    .select({ id: member.id, name: member.name })
    .from(member)
    .where(
      and(
        eq(member.ownerGymId, gymId),
        eq(member.cardNumber, card),
        ne(member.status, 'QUIT'),
        except === undefined ? undefined : ne(member.id, except),
      ),
    )
    .limit(1);
  return row;
};

export const listMemos = async (db: Executor, gymId: number, id: number) => {
  await customerRow(db, gymId, id);
  const rows = await db
    .select({
      id: customerMemo.id,
      content: customerMemo.content,
      createdByName: sql<
        string | null
      >`(select s.name from ${member} s where s.id = ${customerMemo}.created_by_member_id)`,
      createDate: customerMemo.createDate,
    })
    .from(customerMemo)
    .where(eq(customerMemo.memberId, id))
    .orderBy(desc(customerMemo.id))
    .limit(200);
  return rows.map(withIsoDate);
};

/** The usage ledger across the customer's passes, newest first. */
export const listUsage = async (db: Executor, gymId: number, id: number) => {
  await customerRow(db, gymId, id);
  const rows = await db
    .select({
      id: ticketUsage.id,
      ticketIssueId: ticketUsage.ticketIssueId,
      ticketName: ticketIssue.ticketName,
      kind: ticketUsage.kind,
      sessions: ticketUsage.sessions,
      note: ticketUsage.note,
      createdByName: sql<
        string | null
      >`(select s.name from ${member} s where s.id = ${ticketUsage}.created_by_member_id)`,
      createDate: ticketUsage.createDate,
    })
    .from(ticketUsage)
    .innerJoin(ticketIssue, eq(ticketIssue.id, ticketUsage.ticketIssueId))
    .where(and(eq(ticketUsage.memberId, id), eq(ticketUsage.gymId, gymId)))
    .orderBy(desc(ticketUsage.id))
    .limit(200);
  return rows.map(withIsoDate);
};

/** The facility's passes of the customer still in force today (not refunded, not ended). */
export const passesInForce = (db: Executor, gymId: number, memberId: number, today: string) =>
  db
    .select({ id: ticketIssue.id })
    .from(ticketIssue)
    .where(
      and(
        eq(ticketIssue.gymId, gymId),
        eq(ticketIssue.memberId, memberId),
        eq(ticketIssue.status, 'FIN'),
        sql`(${ticketIssue.endDate} is null or ${ticketIssue.endDate} >= ${today})`,
      ),
    );
