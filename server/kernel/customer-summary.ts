import { eq, sql } from 'drizzle-orm';
import { admittingPass, type HoldSpan, sessionsLeft } from '#domain/rules/passes.ts';
import { beforeCommit } from '../db/before-commit.ts';
import type { Executor } from '../db/client.ts';
import {
  member,
  paymentLine,
  sale,
  saleAdjustment,
  ticketHold,
  ticketIssue,
  ticketUsage,
} from '../db/schema/index.ts';

// Subqueries name the outer table's columns as `${table}.column`: in a statement over one table Drizzle writes a
// column without its table, and inside a subquery that name would resolve to the subquery's own table.

type Also = { lastVisitAt?: Date };
const changedIn = new WeakMap<object, Map<number, { today: string; also: Also }>>();

/**
 * The one way a write tells the kernel that a customer's passes, sessions, holds or money changed
 * (docs/architecture.md#kernel): the summary is rebuilt once per customer, just before the transaction commits,
 * however many writes of however many modules touched them. Outside a transaction the app opened (the database
 * itself, a savepoint) it is rebuilt at once.
 */
export const customerChanged = async (
  tx: Executor,
  memberId: number,
  today: string,
  /** Other fields of the customer's row set in the same statement (a check-in's last visit). */
  also: Also = {},
): Promise<void> => {
  let changed = changedIn.get(tx);
  if (!changed) {
    const queue = new Map<number, { today: string; also: Also }>();
    if (!beforeCommit(tx, () => customerChangesNow(tx)))
      return refreshCustomerSummary(tx, memberId, today, also);
    changedIn.set(tx, queue);
    changed = queue;
  }
  const before = changed.get(memberId);
  changed.set(memberId, { today, also: { ...before?.also, ...also } });
};

/**
 * Rebuilds now the summaries this transaction has changed so far, for a long transaction that reads them before it
 * commits (the demo seed reads who holds a pass before it checks them in). The commit then has nothing left to do.
 */
export const customerChangesNow = async (tx: Executor): Promise<void> => {
  const queue = changedIn.get(tx);
  if (!queue) return;
  const pending = [...queue];
  queue.clear();
  for (const [id, change] of pending) await refreshCustomerSummary(tx, id, change.today, change.also);
};

/**
 * Rebuilds a customer's list summary (docs/rules.md#customers) from their passes, the usage ledger and the payment
 * lines, in the caller's transaction. It is a cache of facts, never counted up or down: the states the list shows
 * (active, on hold, expiring, expired) are derived from its dates at read time.
 *
 * - The passes "in force" are those not refunded, not ended before `today` and not used up. The summary spans
 *   them: the earliest start, the latest end (none when one has no end), the sessions left on the session passes
 *   among them, and the one shown is the one in force today (or the next to start).
 * - Without one in force, it shows the pass that ended last (so the customer reads as expired).
 * - The hold is the current or next hold of the pass shown: the one that admits the customer today, a running
 *   pass before a held one (`admittingPass`, docs/rules.md#holds).
 * - The unpaid amount sums what every sale is owed (`saleOwed`, docs/rules.md#money): its price minus its
 *   adjustments and its payments, never below zero; refunded passes owe nothing.
 */
export const refreshCustomerSummary = async (
  db: Executor,
  memberId: number,
  today: string,
  /** Other fields of the customer's row set in the same statement (a check-in's last visit). */
  also: Also = {},
) => {
  // One read: the passes with their sessions used and their holds that are not over (the hold of a pass in force
  // is chosen below), and the unpaid amount.
  const [read] = await db
    .select({
      passes: sql<SummaryPass[]>`coalesce((select json_agg(json_build_object(
        'id', t.id, 'name', t.ticket_name, 'startDate', t.start_date, 'endDate', t.end_date,
        'sessionCount', t.session_count,
        'used', (select coalesce(sum(u.sessions), 0) from ${ticketUsage} u where u.ticket_issue_id = t.id),
        'holds', coalesce((select json_agg(json_build_object('startDate', h.start_date, 'endDate', h.end_date) order by h.start_date) from ${ticketHold} h where h.ticket_issue_id = t.id and h.end_date >= ${today} and h.end_date >= h.start_date), '[]'::json)
      )) from ${ticketIssue} t where t.member_id = ${memberId} and t.status = 'FIN'), '[]'::json)`,
      unpaid:
        sql<number>`(select coalesce(sum(greatest(s.price - coalesce((select sum(a.amount) from ${saleAdjustment} a where a.sale_id = s.id), 0) - coalesce((select sum(p.amount) from ${paymentLine} p where p.sale_id = s.id and p.status = 'APPROVE'), 0), 0)), 0) from ${sale} s where s.member_id = ${memberId} and not exists (select 1 from ${ticketIssue} t where t.id = s.ticket_issue_id and t.status = 'REFUND' and s.item_type = 'PASS'))`.mapWith(
          Number,
        ),
    })
    .from(member)
    .where(eq(member.id, memberId));
  const passes = (read?.passes ?? []).map((p) => ({
    id: Number(p.id),
    name: p.name,
    startDate: p.startDate,
    endDate: p.endDate ?? null,
    sessionCount: p.sessionCount === null ? null : Number(p.sessionCount),
    used: Number(p.used),
    holds: p.holds ?? [],
  }));
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
    // docs/rules.md#holds: the pass that admits the customer; a running pass wins over a held one.
    const shown = admittingPass(inForce, today)!;
    const ends = inForce.map((p) => p.endDate);
    const sessionPasses = inForce.filter((p) => p.left !== null);
    summary = {
      currentTicketIssueId: shown.id,
      passName: shown.name,
      passStartDate: byStart[0]!.startDate,
      // Safe: `ends` holds no null in this branch (checked just before).
      passEndDate: ends.includes(null) ? null : (ends as string[]).sort().at(-1)!,
      sessionsLeft: sessionPasses.length ? sessionPasses.reduce((n, p) => n + (p.left ?? 0), 0) : null,
    };
    // The current or next hold of the pass shown: the earliest start of its holds not over.
    let hold: HoldSpan | undefined;
    for (const h of shown.holds) if (!hold || h.startDate < hold.startDate) hold = h;
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
  await db
    .update(member)
    .set({ ...also, ...summary, holdStartDate, holdEndDate, unpaidAmount: read?.unpaid ?? 0 })
    .where(eq(member.id, memberId));
};

type SummaryPass = {
  id: number;
  name: string;
  startDate: string;
  endDate: string | null;
  sessionCount: number | null;
  used: number;
  holds: HoldSpan[];
};
