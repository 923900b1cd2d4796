import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SaleItemType } from '#domain/enums.ts';
import { dayAfter } from '#domain/rules/ledger.ts';
import { seoulDayStartUtc } from '#domain/rules/seoul-time.ts';
import type {
  PayHistoryFilter,
  SaleAdjustmentView,
  SaleRefundView,
  SalesFilter,
  UnpaidFilter,
} from '#domain/schemas/ledger.ts';
import type { Executor } from '../../db/client.ts';
import { member, paymentLine, promotion, sale } from '../../db/schema/index.ts';
import { searchCondition } from '../../kernel/customer-search.ts';

// The ledger's statements (docs/rules.md#money): each list is one page query and one totals query over the
// table's (gym_id, create_date) index; the unpaid balances are a raw CTE over the debtors' partial index.

export const customer = alias(member, 'customer');
export const staff = alias(member, 'staff');

// ─── The payment history ───────────────────────────────────────────────────────────────────────────────────────

export const payHistoryWhere = (filter: PayHistoryFilter, range: { from: string; to: string }): SQL =>
  and(
    eq(paymentLine.gymId, filter.gymId),
    gte(paymentLine.createDate, seoulDayStartUtc(range.from)),
    lt(paymentLine.createDate, seoulDayStartUtc(dayAfter(range.to))),
    filter.method ? eq(paymentLine.method, filter.method) : undefined,
    filter.status ? eq(paymentLine.status, filter.status) : undefined,
    filter.staffId ? eq(paymentLine.createdByMemberId, filter.staffId) : undefined,
    filter.memberId ? eq(paymentLine.memberId, filter.memberId) : undefined,
    filter.itemType ? eq(sale.itemType, filter.itemType) : undefined,
  )!;

export const payHistoryRows = (db: Executor, where: SQL) =>
  db
    .select({
      id: paymentLine.id,
      createDate: paymentLine.createDate,
      memberId: paymentLine.memberId,
      memberName: customer.name,
      phone: customer.phone,
      saleId: paymentLine.saleId,
      itemType: sale.itemType,
      itemName: sale.itemName,
      method: paymentLine.method,
      amount: paymentLine.amount,
      status: paymentLine.status,
      checkoutId: paymentLine.checkoutId,
      staffId: paymentLine.createdByMemberId,
      staffName: staff.name,
      note: paymentLine.note,
    })
    .from(paymentLine)
    .innerJoin(sale, eq(sale.id, paymentLine.saleId))
    .innerJoin(customer, eq(customer.id, paymentLine.memberId))
    .leftJoin(staff, eq(staff.id, paymentLine.createdByMemberId))
    .where(where)
    .orderBy(desc(paymentLine.createDate), desc(paymentLine.id));

export type PayHistoryRow = Awaited<ReturnType<typeof payHistoryRows>>[number];

// ─── Unpaid balances ───────────────────────────────────────────────────────────────────────────────────────────

/**
 * The facility's owing sales, as a statement to select from: the customers whose cached `unpaid_amount` is above 0
 * (the partial index member_owner_unpaid_idx), then their sales (sale_member_idx), each with its adjustments and
 * APPROVE lines summed; refunded passes owe nothing. Only sales that still owe are kept.
 */
export const owingSales = (gymId: number, q: string | undefined, memberId?: number) => sql`
  with debtors as (
    select ${member.id} as id, ${member.name} as name, ${member.phone} as phone from ${member}
    where ${member.ownerGymId} = ${gymId} and ${member.unpaidAmount} > 0 ${q ? sql`and ${searchCondition(q)}` : sql``}
      ${memberId ? sql`and ${member.id} = ${memberId}` : sql``}
  ),
  sums as (
    select s.id, s.create_date, s.member_id, d.name, d.phone, s.item_type, s.item_name, s.price, s.checkout_id,
      s.sold_by_member_id,
      coalesce((select sum(a.amount) from sale_adjustment a where a.sale_id = s.id), 0)::int as adjusted,
      coalesce((select sum(p.amount) from payment_line p where p.sale_id = s.id and p.status = 'APPROVE'), 0)::int
        as paid
    from debtors d join sale s on s.member_id = d.id
    where s.gym_id = ${gymId}
      and not exists (
        select 1 from ticket_issue t where t.id = s.ticket_issue_id and s.item_type = 'PASS' and t.status = 'REFUND')
  ),
  owing as (select sums.*, greatest(sums.price - sums.adjusted - sums.paid, 0) as owed from sums
    where sums.price - sums.adjusted - sums.paid > 0)`;

export type OwingRow = {
  id: number;
  create_date: Date | string;
  member_id: number;
  name: string;
  phone: string;
  item_type: SaleItemType;
  item_name: string;
  price: number;
  checkout_id: number | null;
  adjusted: number;
  paid: number;
  owed: number;
  staff_name: string | null;
  request_id: number | null;
  request_status: 'FIN' | 'WAIT' | 'APPROVE' | null;
  request_amount: number | null;
  request_expires_at: Date | string | null;
  request_revoked_at: Date | string | null;
};

const unpaidOrder = {
  oldest: sql`o.create_date asc, o.id asc`,
  newest: sql`o.create_date desc, o.id desc`,
  owed: sql`o.owed desc, o.create_date asc, o.id asc`,
} as const;

/** One page of owing sales, each with its seller and its latest payment request. */
export const owingPage = (filter: UnpaidFilter, limit: number, offset: number) => sql`
  ${owingSales(filter.gymId, filter.q, filter.memberId)}
  select o.id, o.create_date, o.member_id, o.name, o.phone, o.item_type, o.item_name, o.price, o.checkout_id,
    o.adjusted, o.paid, o.owed, st.name as staff_name,
    r.id as request_id, r.status as request_status, r.amount as request_amount, r.expires_at as request_expires_at,
    r.revoked_at as request_revoked_at
  from owing o
  left join member st on st.id = o.sold_by_member_id
  left join lateral (
    select pr.id, pr.status, pr.amount, pr.expires_at, pr.revoked_at from pay_request pr
    where pr.sale_id = o.id order by pr.id desc limit 1
  ) r on true
  order by ${unpaidOrder[filter.sort]}
  limit ${limit} offset ${offset}`;

// ─── The sales list ────────────────────────────────────────────────────────────────────────────────────────────

export const salesWhere = (filter: SalesFilter, range: { from: string; to: string }): SQL =>
  and(
    eq(sale.gymId, filter.gymId),
    gte(sale.createDate, seoulDayStartUtc(range.from)),
    lt(sale.createDate, seoulDayStartUtc(dayAfter(range.to))),
    filter.itemType ? eq(sale.itemType, filter.itemType) : undefined,
    filter.staffId ? eq(sale.soldByMemberId, filter.staffId) : undefined,
    filter.memberId ? eq(sale.memberId, filter.memberId) : undefined,
  )!;

// The subqueries name the outer sale as "sale"."id": in a statement over the sale table alone Drizzle would write
// a bare "id", which inside a subquery resolves to the subquery's own table.
const saleId = sql.raw('"sale"."id"');
export const adjustedOf = sql<number>`coalesce((select sum(a.amount) from sale_adjustment a where a.sale_id = ${saleId}), 0)`;
export const paidOf = sql<number>`coalesce((select sum(p.amount) from payment_line p where p.sale_id = ${saleId} and p.status = 'APPROVE'), 0)`;
export const refundedOf = sql<number>`coalesce((select -sum(p.amount) from payment_line p where p.sale_id = ${saleId} and p.status = 'REFUND'), 0)`;
const closedOf = sql<boolean>`exists (select 1 from ticket_issue t where t.id = "sale"."ticket_issue_id" and "sale"."item_type" = 'PASS' and t.status = 'REFUND')`;

export type RawAdjustment = Omit<SaleAdjustmentView, 'createDate'> & { createDate: string };
export type RawRefund = Omit<SaleRefundView, 'createDate'> & { createDate: string };

export const salesRows = (db: Executor, where: SQL) =>
  db
    .select({
      id: sale.id,
      createDate: sale.createDate,
      memberId: sale.memberId,
      memberName: customer.name,
      phone: customer.phone,
      itemType: sale.itemType,
      itemName: sale.itemName,
      quantity: sale.quantity,
      listPrice: sale.listPrice,
      price: sale.price,
      priceReason: sale.priceReason,
      promotionName: promotion.name,
      staffId: sale.soldByMemberId,
      staffName: staff.name,
      checkoutId: sale.checkoutId,
      paid: paidOf.mapWith(Number),
      refunded: refundedOf.mapWith(Number),
      closed: closedOf,
      adjustments: sql<
        RawAdjustment[]
      >`coalesce((select json_agg(json_build_object('id', a.id, 'kind', a.kind,
        'amount', a.amount, 'reason', a.reason, 'createDate', a.create_date, 'staffName', m.name) order by a.id)
        from sale_adjustment a left join member m on m.id = a.created_by_member_id where a.sale_id = ${saleId}),
        '[]'::json)`,
      refunds: sql<RawRefund[]>`coalesce((select json_agg(json_build_object('id', p.id, 'method', p.method,
        'amount', p.amount, 'createDate', p.create_date, 'staffName', m.name) order by p.id)
        from payment_line p left join member m on m.id = p.created_by_member_id
        where p.sale_id = ${saleId} and p.status = 'REFUND'), '[]'::json)`,
    })
    .from(sale)
    .innerJoin(customer, eq(customer.id, sale.memberId))
    .leftJoin(staff, eq(staff.id, sale.soldByMemberId))
    .leftJoin(promotion, eq(promotion.id, sale.promotionId))
    .where(where)
    .orderBy(desc(sale.createDate), desc(sale.id));

export type SalesDbRow = Awaited<ReturnType<typeof salesRows>>[number];
