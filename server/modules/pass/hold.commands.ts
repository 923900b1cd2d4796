import { eq } from 'drizzle-orm';
import {
  checkHold,
  endHoldEarly,
  heldOn,
  holdDays,
  holdPushesInto,
  sessionsLeft,
} from '#domain/rules/passes.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { Executor } from '../../db/client.ts';
import { ticket, ticketHold, ticketIssue } from '../../db/schema/index.ts';
import type { Actor } from '../../kernel/actor.ts';
import { audited } from '../../kernel/audit.ts';
import { customerChanged } from '../../kernel/customer-summary.ts';
import { lockIssue } from './pass.commands.ts';
import { holdsOf, ownedPassesOf, sessionsUsedOf, spans } from './pass.queries.ts';
import { refused } from './pass.refusals.ts';

// Holds (docs/rules.md#holds): a pass held between two days moves its end later by the days held; ending a hold
// early gives the unused days back. Each write locks the pass (its customer first) and leaves its audit row.

/** Holds a pass between two days; the end date moves later by the days held. */
export const holdPass = async (
  tx: Executor,
  actor: Actor,
  id: number,
  input: { startDate: string; endDate: string; reason?: string | null | undefined },
) => {
  const today = seoulToday(actor.now);
  const issue = await lockIssue(tx, id);
  const [product] = await tx.select().from(ticket).where(eq(ticket.id, issue.ticketId));
  const existing = await holdsOf(tx, id);
  const used = await sessionsUsedOf(tx, id);
  const check = checkHold({
    limits: {
      holdMaxCount: product?.holdMaxCount ?? null,
      holdMaxDays: product?.holdMaxDays ?? null,
      holdMinDays: product?.holdMinDays ?? null,
    },
    existing: spans(existing),
    hold: { startDate: input.startDate, endDate: input.endDate },
    pass: {
      status: issue.status,
      startDate: issue.startDate,
      endDate: issue.endDate,
      sessionsLeft: sessionsLeft(issue.sessionCount, used),
    },
    today,
  });
  if (!check.ok)
    throw refused(check.reason, {
      min: product?.holdMinDays ?? 0,
      max: check.reason === 'holdTooMany' ? (product?.holdMaxCount ?? 0) : (product?.holdMaxDays ?? 0),
    });
  // docs/rules.md#holds: a hold never pushes the pass into the renewal queued after it.
  const owned = await ownedPassesOf(tx, issue.gymId, issue.memberId);
  const next = holdPushesInto(owned, issue, check.newEndDate ?? null, today);
  if (next) throw refused('holdIntoRenewal', { name: next.ticketName, start: next.startDate });
  const [hold] = await tx
    .insert(ticketHold)
    .values({
      gymId: issue.gymId,
      ticketIssueId: id,
      startDate: input.startDate,
      endDate: input.endDate,
      plannedEndDate: input.endDate,
      reason: input.reason ?? null,
      createdByMemberId: actor.memberId,
      createDate: actor.now,
      modifiedDate: actor.now,
    })
    .returning();
  await tx
    .update(ticketIssue)
    .set({ endDate: check.newEndDate, modifiedDate: actor.now })
    .where(eq(ticketIssue.id, id));
  await audited(tx, actor, {
    gymId: issue.gymId,
    action: 'pass.hold',
    entity: 'ticket-issue',
    entityId: id,
    before: { endDate: issue.endDate },
    after: {
      holdId: hold!.id,
      startDate: input.startDate,
      endDate: input.endDate,
      passEndDate: check.newEndDate,
    },
  });
  await customerChanged(tx, issue.memberId, today);
};

/** Ends the current or the next hold early (from `on`, default today): the unused days come back. */
export const endHold = async (tx: Executor, actor: Actor, id: number, on?: string) => {
  const today = seoulToday(actor.now);
  const day = on ?? today;
  const issue = await lockIssue(tx, id);
  const holds = await holdsOf(tx, id);
  const target = heldOn(spans(holds), day)
    ? holds.find((h) => h.startDate <= day && day <= h.endDate)
    : holds.find((h) => h.startDate >= day && holdDays(h) > 0);
  if (!target) throw refused('noHoldToEnd');
  const ended = endHoldEarly(target, day, issue.endDate);
  // docs/rules.md#holds: a hold ended on its first day (or before it) is cancelled: its row goes, the audit row stays.
  if (ended.cancelled) await tx.delete(ticketHold).where(eq(ticketHold.id, target.id));
  else
    await tx
      .update(ticketHold)
      .set({ endDate: ended.hold.endDate, modifiedDate: actor.now })
      .where(eq(ticketHold.id, target.id));
  await tx
    .update(ticketIssue)
    .set({ endDate: ended.passEndDate, modifiedDate: actor.now })
    .where(eq(ticketIssue.id, id));
  await audited(tx, actor, {
    gymId: issue.gymId,
    action: 'pass.end-hold',
    entity: 'ticket-issue',
    entityId: id,
    before: { holdId: target.id, holdEndDate: target.endDate, passEndDate: issue.endDate },
    after: {
      holdEndDate: ended.hold.endDate,
      passEndDate: ended.passEndDate,
      returnedDays: ended.returnedDays,
      cancelled: ended.cancelled,
    },
  });
  await customerChanged(tx, issue.memberId, today);
};
