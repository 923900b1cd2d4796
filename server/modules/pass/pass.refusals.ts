import type { HoldRefusal } from '#domain/rules/passes.ts';
import { AppError } from '../../http/errors.ts';
import { refusalsOf } from '../../kernel/refusal.ts';

// What the pass module refuses (docs/rules.md#passes): the 409s by their message keys, the 400s by their fields'.

export type PassReason =
  | HoldRefusal
  | 'ticketNotOnSale'
  | 'passRefunded'
  | 'passExpired'
  | 'noSessionsLeft'
  | 'noHoldToEnd'
  | 'holdIntoRenewal'
  | 'noCurrentPass'
  | 'sessionsGiveBackTooMany'
  | 'customerRemoved'
  | 'nothingUnpaid';

export type PassField =
  | 'priceReasonRequired'
  | 'paymentsAbovePrice'
  | 'paymentsAboveUnpaid'
  | 'refundAboveFormula'
  | 'refundLinesSum'
  | 'refundCardAboveLine'
  | 'transferToSelf';

export const { refused, badField } = refusalsOf<PassReason, PassField>();

/**
 * 409 `passOverlap` (docs/rules.md#renewals): the message names the pass it overlaps and the next free day; the
 * details add that pass's id, which the message does not show.
 */
export const overlapRefused = (
  overlap: { id: number; ticketName: string; startDate: string; endDate: string | null },
  next: string,
) => {
  const figures = { name: overlap.ticketName, start: overlap.startDate, end: overlap.endDate ?? '', next };
  return new AppError('CONFLICT', 'passOverlap', figures, {}, { ...figures, overlapPassId: overlap.id });
};
