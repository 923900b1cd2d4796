import { maskPhone } from '#domain/rules/customer.ts';
import { saleDiscount } from '#domain/rules/ledger.ts';
import { saleOwed } from '#domain/rules/money.ts';
import { payRequestStatus } from '#domain/rules/pay-request.ts';
import { daysBetween, seoulToday } from '#domain/rules/seoul-time.ts';
import type { PayHistoryLine, SalesRow, UnpaidRow } from '#domain/schemas/ledger.ts';
import type { OwingRow, PayHistoryRow, SalesDbRow } from './ledger.sql.ts';

// The ledger's rows as the API answers them (docs/rules.md#money): phones masked, instants as ISO strings, what a
// sale owes from `saleOwed`.

export const num = (value: unknown): number => Number(value ?? 0);
const iso = (value: string | Date | null): string => new Date(value ?? 0).toISOString();

export const toLine = (r: PayHistoryRow): PayHistoryLine => ({
  ...r,
  createDate: r.createDate.toISOString(),
  phone: maskPhone(r.phone),
});

export const toUnpaid = (r: OwingRow, now: Date): UnpaidRow => {
  const createDate = new Date(r.create_date);
  const saleDay = seoulToday(createDate);
  return {
    saleId: num(r.id),
    createDate: createDate.toISOString(),
    saleDay,
    ageDays: Math.max(0, daysBetween(saleDay, seoulToday(now))),
    memberId: num(r.member_id),
    memberName: r.name,
    phone: maskPhone(r.phone),
    itemType: r.item_type,
    itemName: r.item_name,
    price: num(r.price),
    adjusted: num(r.adjusted),
    paid: num(r.paid),
    owed: num(r.owed),
    checkoutId: r.checkout_id === null ? null : num(r.checkout_id),
    staffName: r.staff_name,
    request:
      r.request_id === null || r.request_status === null
        ? null
        : {
            id: num(r.request_id),
            status: payRequestStatus(
              {
                status: r.request_status,
                expiresAt: new Date(r.request_expires_at!),
                revokedAt: r.request_revoked_at ? new Date(r.request_revoked_at) : null,
              },
              now,
            ),
            amount: num(r.request_amount),
            expiresAt: iso(r.request_expires_at),
          },
  };
};

/** A sale as the list shows it, with the whole phone kept aside for the CSV. */
export const toSalesRow = (r: SalesDbRow): SalesRow & { wholePhone: string } => {
  const adjustments = (r.adjustments ?? []).map((a) => ({
    ...a,
    id: num(a.id),
    amount: num(a.amount),
    createDate: iso(a.createDate),
  }));
  const adjusted = adjustments.reduce((s, a) => s + a.amount, 0);
  const closed = Boolean(r.closed);
  return {
    id: r.id,
    createDate: r.createDate.toISOString(),
    memberId: r.memberId,
    memberName: r.memberName,
    phone: maskPhone(r.phone),
    wholePhone: r.phone,
    itemType: r.itemType,
    itemName: r.itemName,
    quantity: r.quantity,
    listPrice: r.listPrice,
    discount: saleDiscount(r),
    promotionName: r.promotionName,
    priceReason: r.priceReason,
    price: r.price,
    adjustments,
    refunds: (r.refunds ?? []).map((p) => ({
      ...p,
      id: num(p.id),
      amount: num(p.amount),
      createDate: iso(p.createDate),
    })),
    paid: r.paid,
    refunded: r.refunded,
    owed: saleOwed({ price: r.price, adjusted, paid: r.paid, closed }),
    closed,
    staffId: r.staffId,
    staffName: r.staffName,
    checkoutId: r.checkoutId,
  };
};
