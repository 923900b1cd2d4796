import { payRequestStatus } from '#domain/rules/pay-request.ts';
import type { PayRequest } from '#domain/schemas/pay-request.ts';
import { member, type PayRequestRow, payRequest, sale } from '../../db/schema/index.ts';

// Payment requests as staff see them (docs/rules.md#payment-requests): the status derived for now.

/** What the staff views select: the request, its customer's name and its sale's item. */
export const staffColumns = {
  row: payRequest,
  memberName: member.name,
  itemName: sale.itemName,
};

export const toStaff = (
  r: { row: PayRequestRow; memberName: string; itemName: string },
  now: Date,
): PayRequest => ({
  id: r.row.id,
  gymId: r.row.gymId,
  saleId: r.row.saleId,
  memberId: r.row.memberId,
  memberName: r.memberName,
  itemName: r.itemName,
  amount: r.row.amount,
  status: payRequestStatus(r.row, now),
  revokedAt: r.row.revokedAt?.toISOString() ?? null,
  expiresAt: r.row.expiresAt.toISOString(),
  method: r.row.method ?? null,
  reference: r.row.reference,
  depositorName: r.row.depositorName ?? null,
  claimedAt: r.row.claimedAt?.toISOString() ?? null,
  paidAt: r.row.paidAt?.toISOString() ?? null,
  checkoutId: r.row.checkoutId ?? null,
  createDate: r.row.createDate.toISOString(),
});
