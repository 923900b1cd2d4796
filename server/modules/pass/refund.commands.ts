import { and, asc, eq } from 'drizzle-orm';
import type { PaymentMethod } from '#domain/enums.ts';
import { sessionsLeft } from '#domain/rules/passes.ts';
import { placeRefundLines, type RefundFault, refundSplit } from '#domain/rules/refund.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { PaymentInput } from '#domain/schemas/pass.ts';
import type { Executor } from '../../db/client.ts';
import { paymentLine, ticketIssue, ticketUsage } from '../../db/schema/index.ts';
import type { Actor } from '../../kernel/actor.ts';
import { audited } from '../../kernel/audit.ts';
import { customerChanged } from '../../kernel/customer-summary.ts';
import { lockIssue, passSaleOf } from './pass.commands.ts';
import { previewRefund, sessionsUsedOf } from './pass.queries.ts';
import { badField } from './pass.refusals.ts';

// Refunds (docs/rules.md#refunds): at most what the formula allows (`previewRefund`, which the screen's preview
// calls too), as negative payment lines; the pass ends and its sessions close, in the caller's transaction.

type RefundInput = {
  fault: RefundFault;
  amount?: number | undefined;
  lines?: PaymentInput[] | undefined;
  method?: PaymentMethod | undefined;
  note?: string | null | undefined;
};

/** The refund's lines, one a method, placed on the pass's paid lines (a card refund on the card line it cancels). */
const placedLines = async (tx: Executor, saleId: number, input: RefundInput, amount: number) => {
  const paidLines = (
    await tx
      .select({ id: paymentLine.id, method: paymentLine.method, amount: paymentLine.amount })
      .from(paymentLine)
      .where(and(eq(paymentLine.saleId, saleId), eq(paymentLine.status, 'APPROVE')))
      .orderBy(asc(paymentLine.id))
  ).map((l) => ({ id: l.id, method: l.method, amount: l.amount }));
  const requested =
    input.lines?.map((l) => ({ method: l.method, amount: l.amount })) ??
    (input.method ? [{ method: input.method, amount }] : refundSplit(paidLines, amount));
  const placed = placeRefundLines(paidLines, requested, amount);
  if (!placed.ok) throw badField(input.lines ? 'lines' : 'method', placed.reason);
  return placed.lines;
};

/**
 * Refunds a pass (docs/rules.md#refunds): negative payment lines, one a method (a card refund one a card line it
 * cancels), each holding the computation; the pass ends and its sessions close. The amount is above 0 and at most
 * the formula's; the lines default to the original payment lines (`refundSplit`).
 */
export const refundPass = async (tx: Executor, actor: Actor, id: number, input: RefundInput) => {
  const today = seoulToday(actor.now);
  const issue = await lockIssue(tx, id);
  const preview = await previewRefund(tx, issue, input.fault, actor.now);
  const amount = input.amount ?? preview.refund;
  if (amount > preview.refund) throw badField('amount', 'refundAboveFormula');
  const passSale = await passSaleOf(tx, id);
  const lines = await placedLines(tx, passSale.id, input, amount);
  for (const line of lines)
    await tx.insert(paymentLine).values({
      gymId: issue.gymId,
      saleId: passSale.id,
      memberId: issue.memberId,
      method: line.method,
      amount: -line.amount,
      status: 'REFUND',
      computation: { ...preview, amount, lineAmount: line.amount, refundOfLineId: line.paymentLineId },
      note: input.note ?? null,
      createdByMemberId: actor.memberId,
      createDate: actor.now,
    });
  const left = sessionsLeft(issue.sessionCount, await sessionsUsedOf(tx, id));
  if (left !== null && left > 0)
    await tx.insert(ticketUsage).values({
      gymId: issue.gymId,
      ticketIssueId: id,
      memberId: issue.memberId,
      kind: 'REFUND',
      sessions: left,
      note: null,
      createdByMemberId: actor.memberId,
      createDate: actor.now,
    });
  await tx
    .update(ticketIssue)
    .set({ status: 'REFUND', refundedAt: actor.now, refundedAmount: amount, modifiedDate: actor.now })
    .where(eq(ticketIssue.id, id));
  await audited(tx, actor, {
    gymId: issue.gymId,
    action: 'pass.refund',
    entity: 'ticket-issue',
    entityId: id,
    before: { status: issue.status, paid: issue.paidAmount },
    after: { status: 'REFUND', amount, fault: input.fault, formulaRefund: preview.refund, lines },
  });
  await customerChanged(tx, issue.memberId, today);
};
