import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { HoldSpan, PeriodUnit } from '#domain/rules/passes.ts';
import {
  computeRefund,
  type RefundFault,
  refundBasis,
  refundContractDays,
  usedDays,
} from '#domain/rules/refund.ts';
import { daysBetween, seoulToday } from '#domain/rules/seoul-time.ts';
import type { RefundPreview, TicketIssueDetail } from '#domain/schemas/pass.ts';
import type { Db, Executor } from '../../db/client.ts';
import { cappedTotal } from '../../db/count.ts';
import {
  gymMember,
  member,
  type TicketIssueRow,
  ticket,
  ticketHold,
  ticketIssue,
  ticketUsage,
} from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { toDetails, toIssue } from './pass.mappers.ts';
import { refused } from './pass.refusals.ts';
import { detailColumns, type IssueListQuery, issueColumns, issueSorts, issueWhere } from './pass.sql.ts';

// Sold passes read (docs/rules.md#passes): the facility of one, a live customer, the sessions used and the holds,
// the refund the formula allows, the list and the whole pass.

/** The facility a sold pass belongs to (for the route's right check), or 404. */
export const gymIdOfIssue = async (db: Executor, id: number): Promise<number> => {
  const [row] = await db.select({ gymId: ticketIssue.gymId }).from(ticketIssue).where(eq(ticketIssue.id, id));
  if (!row) throw notFound();
  return row.gymId;
};

/** A customer of the facility that may still buy and hold passes: 404 for another facility's, 409 once removed. */
export const liveCustomer = async (db: Executor, gymId: number, memberId: number) => {
  const [row] = await db
    .select()
    .from(member)
    .where(and(eq(member.id, memberId), eq(member.ownerGymId, gymId)));
  if (!row) throw notFound();
  if (row.status === 'QUIT' || row.erasedAt) throw refused('customerRemoved');
  return row;
};

/** The sessions the usage ledger has taken from a pass (docs/rules.md#usage-ledger). */
export const sessionsUsedOf = async (db: Executor, issueId: number): Promise<number> => {
  const [row] = await db
    .select({ used: sql<number>`coalesce(sum(${ticketUsage.sessions}), 0)`.mapWith(Number) })
    .from(ticketUsage)
    .where(eq(ticketUsage.ticketIssueId, issueId));
  return row?.used ?? 0;
};

/** A pass's hold rows, the earliest first. */
export const holdsOf = (db: Executor, issueId: number) =>
  db
    .select()
    .from(ticketHold)
    .where(eq(ticketHold.ticketIssueId, issueId))
    .orderBy(asc(ticketHold.startDate));

export const spans = (holds: readonly { startDate: string; endDate: string }[]): HoldSpan[] =>
  holds.map((h) => ({ startDate: h.startDate, endDate: h.endDate }));

/** Whether the member is staff of the facility: an ACTIVE link with a permission set (not the representative's). */
export const isStaffOf = async (db: Executor, gymId: number, memberId: number) => {
  const [row] = await db
    .select({ id: gymMember.id })
    .from(gymMember)
    .where(
      and(
        eq(gymMember.gymId, gymId),
        eq(gymMember.memberId, memberId),
        isNotNull(gymMember.gymAuthId),
        eq(gymMember.status, 'ACTIVE'),
      ),
    );
  return row !== undefined;
};

/** A customer's passes as the renewal and hold rules read them (docs/rules.md#renewals, #holds). */
export const ownedPassesOf = (tx: Executor, gymId: number, memberId: number) =>
  tx
    .select({
      id: ticketIssue.id,
      ticketName: ticketIssue.ticketName,
      status: ticketIssue.status,
      startDate: ticketIssue.startDate,
      endDate: ticketIssue.endDate,
      sessionCount: ticketIssue.sessionCount,
    })
    .from(ticketIssue)
    .where(and(eq(ticketIssue.gymId, gymId), eq(ticketIssue.memberId, memberId)));

/** A sold pass's row, unlocked (for reads such as the refund preview). */
export const issueRow = async (db: Executor, id: number): Promise<TicketIssueRow> => {
  const [row] = await db.select().from(ticketIssue).where(eq(ticketIssue.id, id));
  if (!row) throw notFound();
  return row;
};

/**
 * The refund the law allows today (docs/rules.md#refunds), computed by `computeRefund` from what was actually
 * paid. The preview route and the refund itself both call this.
 */
export const previewRefund = async (
  db: Executor,
  issue: TicketIssueRow,
  fault: RefundFault,
  now: Date,
): Promise<RefundPreview> => {
  const today = seoulToday(now);
  if (issue.status === 'REFUND') throw refused('passRefunded');
  const used = await sessionsUsedOf(db, issue.id);
  const holds = spans(await holdsOf(db, issue.id));
  const basis = refundBasis(issue.sessionCount);
  // Safe: an issue copies its product's unit, which ticket_unit_check keeps to a PeriodUnit.
  const contractDays =
    issue.periodAmount !== null && issue.periodUnit !== null
      ? refundContractDays(issue.startDate, issue.periodAmount, issue.periodUnit as PeriodUnit)
      : null;
  const days = usedDays(issue.startDate, today, holds);
  // Held days are the elapsed days that `usedDays` left out.
  const heldDays = Math.max(daysBetween(issue.startDate, today), 0) - days;
  const started = basis === 'SESSION' ? used > 0 : today >= issue.startDate;
  const result = computeRefund({
    paid: issue.paidAmount,
    fault,
    basis,
    started,
    ...(basis === 'PERIOD'
      ? { contractDays: contractDays ?? 1, usedDays: days }
      : { contractSessions: issue.sessionCount ?? 1, usedSessions: Math.max(used, 0) }),
  });
  return {
    fault,
    basis,
    started,
    paid: result.paid,
    penalty: result.penalty,
    used: result.used,
    refund: result.refund,
    contractDays: basis === 'PERIOD' ? contractDays : null,
    usedDays: basis === 'PERIOD' ? days : null,
    heldDays: Math.max(heldDays, 0),
    contractSessions: basis === 'SESSION' ? issue.sessionCount : null,
    usedSessions: basis === 'SESSION' ? used : null,
    lines: result.lines,
    today,
  };
};

// ─── The list and the whole pass ───────────────────────────────────────────────────────────────────────────────

/** One page of a facility's sold passes and the capped total, in one statement. */
export const listIssues = async (
  db: Executor,
  gymId: number,
  query: IssueListQuery,
  now: Date,
  /** The trainer whose assigned customers' passes a narrowed caller lists, or null for all. */
  trainer: number | null = null,
) => {
  const today = seoulToday(now);
  const start = query._start ?? 0;
  const end = Math.min(query._end ?? start + 20, start + 100);
  const where = issueWhere(gymId, query, today, trainer);
  const column = issueSorts[query._sort ?? 'id'];
  const order = query._order === 'asc' ? asc(column) : desc(column);
  const rows = await db
    .select({ ...issueColumns, total: cappedTotal(ticketIssue, where) })
    .from(ticketIssue)
    .innerJoin(member, eq(member.id, ticketIssue.memberId))
    .where(where)
    .orderBy(order, desc(ticketIssue.id))
    .limit(end - start)
    .offset(start);
  const total = rows[0]?.total ?? (start === 0 ? 0 : start);
  return {
    data: rows.map((row) => toIssue(row, today, { maskPhone: true })),
    total,
    capped: total > 10_000,
  };
};

const detailQuery = (db: Executor) =>
  db
    .select(detailColumns)
    .from(ticketIssue)
    .innerJoin(member, eq(member.id, ticketIssue.memberId))
    .innerJoin(ticket, eq(ticket.id, ticketIssue.ticketId));

/**
 * Whole passes (holds, payments, usage, transfers, the product's limits) in one statement, newest first; for one
 * pass (`id`) or a customer's (`memberId`). Inside a transaction (or for one pass) the statement is built each time.
 */
export const issueDetails = async (
  db: Executor,
  filter: { id: number } | { gymId: number; memberId: number },
  now: Date,
): Promise<TicketIssueDetail[]> => {
  const where =
    'id' in filter
      ? eq(ticketIssue.id, filter.id)
      : and(eq(ticketIssue.gymId, filter.gymId), eq(ticketIssue.memberId, filter.memberId));
  const rows = await detailQuery(db)
    .where(where)
    .orderBy(desc(ticketIssue.startDate), desc(ticketIssue.id))
    .limit(200);
  return toDetails(rows, seoulToday(now));
};

const prepareCustomerPasses = (db: Db) =>
  detailQuery(db)
    .where(
      and(
        eq(ticketIssue.gymId, sql.placeholder('gymId')),
        eq(ticketIssue.memberId, sql.placeholder('memberId')),
      ),
    )
    .orderBy(desc(ticketIssue.startDate), desc(ticketIssue.id))
    .limit(200)
    .prepare('ticket_issue_details_of_customer');
const preparedByDb = new WeakMap<Db, ReturnType<typeof prepareCustomerPasses>>();

/**
 * A customer's passes, whole, as one prepared statement (bench/README.md: building the statement and planning its
 * eleven subqueries cost more than running it). For reads on the database itself, not inside a transaction.
 */
export const customerPassDetails = async (db: Db, gymId: number, memberId: number, now: Date) => {
  let prepared = preparedByDb.get(db);
  if (!prepared) {
    prepared = prepareCustomerPasses(db);
    preparedByDb.set(db, prepared);
  }
  return toDetails(await prepared.execute({ gymId, memberId }), seoulToday(now));
};

/** One whole pass, or 404. */
export const issueDetail = async (db: Executor, id: number, now: Date): Promise<TicketIssueDetail> => {
  const [detail] = await issueDetails(db, { id }, now);
  if (!detail) throw notFound();
  return detail;
};
