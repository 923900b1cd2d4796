import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { PaymentMethod } from '#domain/enums.ts';
import type { HoldSpan } from '#domain/rules/passes.ts';
import type { ticketIssueListQuerySchema } from '#domain/schemas/pass.ts';
import {
  member,
  paymentLine,
  sale,
  ticket,
  ticketHold,
  ticketIssue,
  ticketTransfer,
  ticketUsage,
} from '../../db/schema/index.ts';

// The sold-pass reads' SQL (docs/rules.md#passes): the list's columns and filter, and the whole pass's JSON
// subqueries. Subqueries name the outer pass as `${ticketIssue}.column`: in a statement over one table Drizzle
// writes a column without its table, and inside a subquery that name would resolve to the subquery's own table.

export const issueColumns = {
  id: ticketIssue.id,
  gymId: ticketIssue.gymId,
  memberId: ticketIssue.memberId,
  memberName: member.name,
  memberPhone: member.phone,
  ticketId: ticketIssue.ticketId,
  ticketName: ticketIssue.ticketName,
  periodAmount: ticketIssue.periodAmount,
  periodUnit: ticketIssue.periodUnit,
  startDate: ticketIssue.startDate,
  endDate: ticketIssue.endDate,
  sessionCount: ticketIssue.sessionCount,
  status: ticketIssue.status,
  price: ticketIssue.price,
  paidAmount: ticketIssue.paidAmount,
  refundedAmount: ticketIssue.refundedAmount,
  unpaidAmount: ticketIssue.unpaidAmount,
  soldByMemberId: ticketIssue.soldByMemberId,
  soldByName: sql<
    string | null
  >`(select s.name from ${member} s where s.id = ${ticketIssue}.sold_by_member_id)`,
  createDate: ticketIssue.createDate,
  sessionsUsed:
    sql<number>`(select coalesce(sum(u.sessions), 0) from ${ticketUsage} u where u.ticket_issue_id = ${ticketIssue}.id)`.mapWith(
      Number,
    ),
  holds: sql<
    HoldSpan[]
  >`coalesce((select json_agg(json_build_object('startDate', h.start_date, 'endDate', h.end_date) order by h.start_date) from ${ticketHold} h where h.ticket_issue_id = ${ticketIssue}.id and h.end_date >= h.start_date), '[]'::json)`,
};

/** A hold row as the whole pass's JSON carries it (dates as text). */
export type RawHold = {
  id: number;
  startDate: string;
  endDate: string;
  plannedEndDate: string;
  reason: string | null;
  createDate: string;
};
export type RawPayment = {
  id: number;
  saleId: number;
  method: PaymentMethod;
  amount: number;
  status: 'APPROVE' | 'REFUND';
  note: string | null;
  computation: Record<string, unknown> | null;
  createdByName: string | null;
  createDate: string;
};
export type RawUsage = {
  id: number;
  kind: 'ENTRY';
  sessions: number;
  note: string | null;
  createdByName: string | null;
  createDate: string;
};
export type RawTransfer = {
  id: number;
  fromMemberId: number;
  fromName: string;
  toMemberId: number;
  toName: string;
  fee: number;
  createDate: string;
};

/** What a whole pass reads: the list's columns, its holds, payments, usage and transfers, the product's limits. */
export const detailColumns = {
  ...issueColumns,
  holdRows: sql<
    RawHold[]
  >`coalesce((select json_agg(json_build_object('id', h.id, 'startDate', h.start_date, 'endDate', h.end_date, 'plannedEndDate', h.planned_end_date, 'reason', h.reason, 'createDate', h.create_date) order by h.start_date) from ${ticketHold} h where h.ticket_issue_id = ${ticketIssue}.id and h.end_date >= h.start_date), '[]'::json)`,
  payments: sql<
    RawPayment[]
  >`coalesce((select json_agg(json_build_object('id', p.id, 'saleId', p.sale_id, 'method', p.method, 'amount', p.amount, 'status', p.status, 'note', p.note, 'computation', p.computation, 'createdByName', (select c.name from ${member} c where c.id = p.created_by_member_id), 'createDate', p.create_date) order by p.id) from ${paymentLine} p join ${sale} s on s.id = p.sale_id where s.ticket_issue_id = ${ticketIssue}.id and s.item_type = 'PASS'), '[]'::json)`,
  usages: sql<
    RawUsage[]
  >`coalesce((select json_agg(json_build_object('id', u.id, 'kind', u.kind, 'sessions', u.sessions, 'note', u.note, 'createdByName', (select c.name from ${member} c where c.id = u.created_by_member_id), 'createDate', u.create_date) order by u.id desc) from ${ticketUsage} u where u.ticket_issue_id = ${ticketIssue}.id), '[]'::json)`,
  transfers: sql<
    RawTransfer[]
  >`coalesce((select json_agg(json_build_object('id', t.id, 'fromMemberId', t.from_member_id, 'fromName', (select f.name from ${member} f where f.id = t.from_member_id), 'toMemberId', t.to_member_id, 'toName', (select r.name from ${member} r where r.id = t.to_member_id), 'fee', t.fee, 'createDate', t.create_date) order by t.id) from ${ticketTransfer} t where t.ticket_issue_id = ${ticketIssue}.id), '[]'::json)`,
  holdMaxCount: ticket.holdMaxCount,
  holdMaxDays: ticket.holdMaxDays,
  holdMinDays: ticket.holdMinDays,
  transferFee: ticket.transferFee,
};

export type IssueListQuery = z.output<typeof ticketIssueListQuerySchema>;

/** The where clause of the sold-pass list (docs/rules.md#passes); WAIT is "held today", derived. */
export const issueWhere = (gymId: number, query: IssueListQuery, today: string, trainer: number | null) => {
  const heldToday = sql`exists (select 1 from ${ticketHold} h where h.ticket_issue_id = ${ticketIssue.id} and h.start_date <= ${today} and h.end_date >= ${today})`;
  const conditions: SQL[] = [eq(ticketIssue.gymId, gymId)];
  if (query.status === 'REFUND') conditions.push(eq(ticketIssue.status, 'REFUND'));
  if (query.status === 'FIN') conditions.push(eq(ticketIssue.status, 'FIN'), sql`not ${heldToday}`);
  if (query.status === 'WAIT') conditions.push(eq(ticketIssue.status, 'FIN'), heldToday);
  if (query.ticketId) conditions.push(eq(ticketIssue.ticketId, query.ticketId));
  if (query.memberId) conditions.push(eq(ticketIssue.memberId, query.memberId));
  if (query.startFrom) conditions.push(sql`${ticketIssue.startDate} >= ${query.startFrom}`);
  if (query.startTo) conditions.push(sql`${ticketIssue.startDate} <= ${query.startTo}`);
  if (query.endFrom) conditions.push(sql`${ticketIssue.endDate} >= ${query.endFrom}`);
  if (query.endTo) conditions.push(sql`${ticketIssue.endDate} <= ${query.endTo}`);
  if (query.expiringDays)
    conditions.push(
      eq(ticketIssue.status, 'FIN'),
      sql`${ticketIssue.endDate} between ${today} and (${today}::date + ${query.expiringDays}::int)`,
    );
  if (query.unpaid === true) conditions.push(sql`${ticketIssue.unpaidAmount} > 0`);
  if (query.unpaid === false) conditions.push(sql`coalesce(${ticketIssue.unpaidAmount}, 0) = 0`);
  // A narrowed caller lists the passes of the customers assigned to them (docs/rules.md#customer-reach).
  if (trainer !== null)
    conditions.push(
      sql`exists (select 1 from ${member} m where m.id = ${ticketIssue.memberId} and m.trainer_member_id = ${trainer})`,
    );
  if (query.q) {
    const q = query.q.replace(/[\s-]/g, '');
    conditions.push(
      sql`exists (select 1 from ${member} m where m.id = ${ticketIssue.memberId} and (m.name ilike ${`%${q}%`} or m.phone like ${`%${q}%`}))`,
    );
  }
  return and(...conditions);
};

export const issueSorts = {
  id: ticketIssue.id,
  startDate: ticketIssue.startDate,
  endDate: ticketIssue.endDate,
  price: ticketIssue.price,
  unpaidAmount: ticketIssue.unpaidAmount,
} as const;
