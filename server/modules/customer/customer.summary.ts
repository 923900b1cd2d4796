import { and, eq, sql } from 'drizzle-orm';
import { sessionsLeft } from '#domain/rules/passes.ts';
import type { Executor } from '../../db/client.ts';
import { member, paymentLine, sale, ticketHold, ticketIssue, ticketUsage } from '../../db/schema/index.ts';

// Subqueries name the outer table's columns as `${table}.column`: in a statement over one table Drizzle writes a
// column without its table, and inside a subquery that name would resolve to the subquery's own table.

/**
 * Rebuilds a customer's list summary (docs/rules.md#customers) from their passes, the usage ledger and the payment
 * lines, in the caller's transaction. It is a cache of facts, never counted up or down: the states the list shows
 * (active, on hold, expiring, expired) are derived from its dates at read time.
 *
 * - The passes "in force" are those not refunded, not ended before `today` and not used up. The summary spans
 *   them: the earliest start, the latest end (none when one has no end), the sessions left on the session passes
 *   among them, and the one shown is the one in force today (or the next to start).
 * - Without one in force, it shows the pass that ended last (so the customer reads as expired).
 * - The hold is the current or next hold of the passes in force.
 * - The unpaid amount sums every sale's price minus its payments (refunded passes owe nothing).
 */
export const refreshCustomerSummary = async (db: Executor, memberId: number, today: string) => {
  const passes = await db
    .select({
      id: ticketIssue.id,
      name: ticketIssue.ticketName,
      startDate: ticketIssue.startDate,
      endDate: ticketIssue.endDate,
      sessionCount: ticketIssue.sessionCount,
      used: sql<number>`(select coalesce(sum(u.sessions), 0) from ${ticketUsage} u where u.ticket_issue_id = ${ticketIssue}.id)`.mapWith(
        Number,
      ),
    })
    .from(ticketIssue)
    .where(and(eq(ticketIssue.memberId, memberId), eq(ticketIssue.status, 'FIN')));
  const withLeft = passes.map((p) => ({ ...p, left: sessionsLeft(p.sessionCount, p.used) }));
  const inForce = withLeft.filter((p) => (p.endDate === null || p.endDate >= today) && p.left !== 0);
  let summary: {
    currentTicketIssueId: number | null;
    passName: string | null;
    passStartDate: string | null;
    passEndDate: string | null;
    sessionsLeft: number | null;
  } = {
    currentTicketIssueId: null,
    passName: null,
    passStartDate: null,
    passEndDate: null,
    sessionsLeft: null,
  };
  let holdStartDate: string | null = null;
  let holdEndDate: string | null = null;
  if (inForce.length > 0) {
    const byStart = [...inForce].sort((a, b) => a.startDate.localeCompare(b.startDate) || a.id - b.id);
    const shown = byStart.filter((p) => p.startDate <= today).at(-1) ?? byStart[0]!;
    const ends = inForce.map((p) => p.endDate);
    const sessionPasses = inForce.filter((p) => p.left !== null);
    summary = {
      currentTicketIssueId: shown.id,
      passName: shown.name,
      passStartDate: byStart[0]!.startDate,
      passEndDate: ends.includes(null) ? null : (ends as string[]).sort().at(-1)!,
      sessionsLeft: sessionPasses.length ? sessionPasses.reduce((n, p) => n + (p.left ?? 0), 0) : null,
    };
    const [hold] = await db
      .select({ startDate: ticketHold.startDate, endDate: ticketHold.endDate })
      .from(ticketHold)
      .where(
        sql`${ticketHold.ticketIssueId} in (${sql.join(
          inForce.map((p) => sql`${p.id}`),
          sql`, `,
        )}) and ${ticketHold.endDate} >= ${today} and ${ticketHold.endDate} >= ${ticketHold.startDate}`,
      )
      .orderBy(ticketHold.startDate)
      .limit(1);
    holdStartDate = hold?.startDate ?? null;
    holdEndDate = hold?.endDate ?? null;
  } else if (withLeft.length > 0) {
    const last = [...withLeft]
      .sort((a, b) => (a.endDate ?? '9999').localeCompare(b.endDate ?? '9999') || a.id - b.id)
      .at(-1)!;
    summary = {
      currentTicketIssueId: last.id,
      passName: last.name,
      passStartDate: last.startDate,
      passEndDate: last.endDate,
      sessionsLeft: last.left,
    };
  }
  const [owed] = await db
    .select({
      unpaid:
        sql<number>`coalesce(sum(greatest(${sale.price} - coalesce((select sum(p.amount) from ${paymentLine} p where p.sale_id = ${sale}.id and p.status = 'APPROVE'), 0), 0)), 0)`.mapWith(
          Number,
        ),
    })
    .from(sale)
    .where(
      and(
        eq(sale.memberId, memberId),
        sql`not exists (select 1 from ${ticketIssue} t where t.id = ${sale}.ticket_issue_id and t.status = 'REFUND' and ${sale}.item_type = 'PASS')`,
      ),
    );
  await db
    .update(member)
    .set({ ...summary, holdStartDate, holdEndDate, unpaidAmount: owed?.unpaid ?? 0 })
    .where(eq(member.id, memberId));
};
