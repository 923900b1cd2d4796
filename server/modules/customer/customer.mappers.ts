import type { Gender } from '#domain/enums.ts';
import { maskPhone } from '#domain/rules/customer.ts';
import { formatPhone } from '#domain/rules/text.ts';
import type { Customer, CustomerDetail, CustomerPassState } from '#domain/schemas/customer.ts';
import type { customerColumns } from './customer.sql.ts';

// A customer row (the member table's columns a list reads, customer.sql.ts) as the API returns it.

export type CustomerRow = {
  [K in keyof typeof customerColumns]: unknown;
} & {
  id: number;
  ownerGymId: number | null;
  name: string;
  phone: string;
  gender: Gender;
  birthDate: string | null;
  image: string | null;
  trainerMemberId: number | null;
  trainerName: string | null;
  leadSource: Customer['leadSource'];
  cardNumber: string | null;
  status: 'ACTIVE' | 'STOP' | 'QUIT';
  registeredOn: string | null;
  currentTicketIssueId: number | null;
  passName: string | null;
  passStartDate: string | null;
  passEndDate: string | null;
  sessionsLeft: number | null;
  holdStartDate: string | null;
  holdEndDate: string | null;
  unpaidAmount: number;
  lastVisitAt: Date | null;
  createDate: Date;
  memo: string | null;
  erasedAt: Date | null;
};

/** The state of the customer's current pass today, from the summary (docs/rules.md#customers). */
export const customerPassState = (row: CustomerRow, today: string): CustomerPassState => {
  if (row.currentTicketIssueId === null) return 'NONE';
  if (row.holdStartDate && row.holdEndDate && row.holdStartDate <= today && today <= row.holdEndDate)
    return 'HOLD';
  if ((row.passEndDate !== null && row.passEndDate < today) || row.sessionsLeft === 0) return 'EXPIRED';
  if (row.passStartDate !== null && row.passStartDate > today) return 'UPCOMING';
  return 'ACTIVE';
};

export const toCustomer = (row: CustomerRow, today: string, options: { mask: boolean }): Customer => ({
  id: row.id,
  gymId: row.ownerGymId ?? 0,
  name: row.name,
  phone: options.mask ? maskPhone(row.phone) : formatPhone(row.phone),
  gender: row.gender,
  birthDate: row.birthDate,
  image: row.image,
  trainerMemberId: row.trainerMemberId,
  trainerName: row.trainerName,
  leadSource: row.leadSource,
  cardNumber: row.cardNumber,
  status: row.status === 'QUIT' ? 'QUIT' : 'ACTIVE',
  registeredOn: row.registeredOn ?? row.createDate.toISOString().slice(0, 10),
  currentTicketIssueId: row.currentTicketIssueId,
  passName: row.passName,
  passStartDate: row.passStartDate,
  passEndDate: row.passEndDate,
  sessionsLeft: row.sessionsLeft,
  holdStartDate: row.holdStartDate,
  holdEndDate: row.holdEndDate,
  passState: customerPassState(row, today),
  unpaidAmount: row.unpaidAmount,
  lastVisitAt: row.lastVisitAt?.toISOString() ?? null,
  createDate: row.createDate.toISOString(),
});

export const toDetail = (row: CustomerRow, today: string): CustomerDetail => ({
  ...toCustomer(row, today, { mask: false }),
  memo: row.memo,
  erased: row.erasedAt !== null,
});

/** A dated row (a memo, a usage line) with its moment as the API's ISO string. */
export const withIsoDate = <T extends { createDate: Date }>(row: T) => ({
  ...row,
  createDate: row.createDate.toISOString(),
});
