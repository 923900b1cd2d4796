import { maskPhone } from '#domain/rules/customer.ts';
import {
  daysLeft,
  type HoldSpan,
  holdDays,
  type PeriodUnit,
  passState,
  sessionsLeft,
} from '#domain/rules/passes.ts';
import type { TicketIssue, TicketIssueDetail } from '#domain/schemas/pass.ts';
import type { RawHold, RawPayment, RawTransfer, RawUsage } from './pass.sql.ts';

// Sold-pass rows as the API answers them (docs/rules.md#passes): the states derived for today.

/** A row of `issueColumns` (pass.sql.ts). */
export type IssueListRow = {
  id: number;
  gymId: number;
  memberId: number;
  memberName: string;
  memberPhone: string;
  ticketId: number;
  ticketName: string;
  periodAmount: number | null;
  periodUnit: string | null;
  startDate: string;
  endDate: string | null;
  sessionCount: number | null;
  status: 'FIN' | 'REFUND';
  price: number;
  paidAmount: number;
  refundedAmount: number;
  unpaidAmount: number | null;
  soldByMemberId: number | null;
  soldByName: string | null;
  createDate: Date;
  sessionsUsed: number;
  holds: HoldSpan[];
};

/** A row of `detailColumns` (pass.sql.ts). */
export type DetailRow = IssueListRow & {
  holdRows: RawHold[];
  payments: RawPayment[];
  usages: RawUsage[];
  transfers: RawTransfer[];
  holdMaxCount: number | null;
  holdMaxDays: number | null;
  holdMinDays: number | null;
  transferFee: number;
};

/** A pass as lists show it, its states derived for today. */
export const toIssue = (row: IssueListRow, today: string, options: { maskPhone: boolean }): TicketIssue => {
  const state = passState(
    {
      status: row.status,
      startDate: row.startDate,
      endDate: row.endDate,
      sessionCount: row.sessionCount,
      sessionsUsed: row.sessionsUsed,
      holds: row.holds,
    },
    today,
  );
  return {
    id: row.id,
    gymId: row.gymId,
    memberId: row.memberId,
    memberName: row.memberName,
    memberPhone: options.maskPhone ? maskPhone(row.memberPhone) : row.memberPhone,
    ticketId: row.ticketId,
    ticketName: row.ticketName,
    periodAmount: row.periodAmount,
    // Safe: an issue copies its product's unit, which ticket_unit_check keeps to a PeriodUnit.
    periodUnit: row.periodUnit as PeriodUnit | null,
    startDate: row.startDate,
    endDate: row.endDate,
    sessionCount: row.sessionCount,
    sessionsUsed: row.sessionsUsed,
    sessionsLeft: sessionsLeft(row.sessionCount, row.sessionsUsed),
    daysLeft: row.status === 'REFUND' ? null : daysLeft(row.endDate, today),
    status: row.status === 'REFUND' ? 'REFUND' : state === 'HELD' ? 'WAIT' : 'FIN',
    state,
    price: row.price,
    paidAmount: row.paidAmount,
    refundedAmount: row.refundedAmount,
    unpaidAmount: row.unpaidAmount ?? 0,
    soldByMemberId: row.soldByMemberId,
    soldByName: row.soldByName,
    createDate: row.createDate.toISOString(),
  };
};

const iso = (value: string) => new Date(value).toISOString();

/** Whole passes: the list's fields with the phone whole, and each history with its dates as ISO instants. */
export const toDetails = (rows: readonly DetailRow[], today: string): TicketIssueDetail[] =>
  rows.map((row) => ({
    ...toIssue(row, today, { maskPhone: false }),
    holds: row.holdRows.map((h) => ({ ...h, days: holdDays(h), createDate: iso(h.createDate) })),
    payments: row.payments.map((p) => ({ ...p, createDate: iso(p.createDate) })),
    usages: row.usages.map((u) => ({ ...u, createDate: iso(u.createDate) })),
    transfers: row.transfers.map((t) => ({ ...t, createDate: iso(t.createDate) })),
    holdMaxCount: row.holdMaxCount,
    holdMaxDays: row.holdMaxDays,
    holdMinDays: row.holdMinDays,
    transferFee: row.transferFee,
  }));
