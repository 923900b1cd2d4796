import dayjs from 'dayjs';
import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Language, PaymentMethod, SaleAdjustmentKind, SaleItemType } from '#domain/enums.ts';
import { type CsvCell, toCsv } from '#domain/rules/csv.ts';
import { maskPhone } from '#domain/rules/customer.ts';
import {
  collectRefusal,
  correctionRefusal,
  dayAfter,
  ledgerRange,
  type SaleMoney,
  saleDiscount,
  writeOffRefusal,
} from '#domain/rules/ledger.ts';
import { saleOwed } from '#domain/rules/money.ts';
import { payRequestStatus } from '#domain/rules/pay-request.ts';
import { daysBetween, SEOUL, seoulDayStartUtc, seoulToday } from '#domain/rules/seoul-time.ts';
import { formatPhone } from '#domain/rules/text.ts';
import type {
  MethodTotal,
  PayHistoryFilter,
  PayHistoryLine,
  PayHistoryPage,
  PayHistoryQuery,
  SaleAdjustmentView,
  SaleRefundView,
  SalesFilter,
  SalesPage,
  SalesQuery,
  SalesRow,
  UnpaidFilter,
  UnpaidPage,
  UnpaidQuery,
  UnpaidRow,
} from '#domain/schemas/ledger.ts';
import type { PaymentInput } from '#domain/schemas/pass.ts';
import type { Executor } from '../../db/client.ts';
import {
  gymMember,
  member,
  paymentLine,
  promotion,
  type SaleRow,
  sale,
  saleAdjustment,
  ticketIssue,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { Actor } from '../../kernel/actor.ts';
import { type AuditEvent, writeAudit } from '../../kernel/audit.ts';
import { customerChanged } from '../../kernel/customer-summary.ts';
import { openCheckout, refreshPassMoney, writePaymentLines } from '../../kernel/money-lines.ts';
import { queryRows } from '../../ops/tables.ts';
import { searchCondition } from '../customer/customer.queries.ts';

// The ledger (docs/rules.md#money): every payment line, the unpaid balances with their collection and write-off,
// and the sales list with its corrections. Each list is one page query and one totals query over the table's
// (gym_id, create_date) index; each write takes the customer's row lock, then the sale's, decides with the
// domain rule the screen previews with, and leaves its audit row in the same transaction.

/** The most rows a CSV export holds. */
export const LEDGER_EXPORT_MAX = 10_000;
/** The most rows one page of a ledger list holds, whatever `_start`/`_end` ask. */
export const LEDGER_PAGE_MAX = 200;

const pageLimit = (query: { _start: number; _end: number }) =>
  Math.min(LEDGER_PAGE_MAX, Math.max(0, query._end - query._start));

const audit = (tx: Executor, actor: Actor, event: AuditEvent) =>
  writeAudit(tx, {
    ...event,
    actorMemberId: actor.memberId,
    requestId: actor.requestId,
    now: actor.now,
  });

const refused = (reason: 'passRefunded' | 'nothingOwed' | 'correctionBelowPaid', params = {}) =>
  new AppError('CONFLICT', reason, params, {}, params);

const rangeOf = (query: { from?: string | undefined; to?: string | undefined }, now: Date) => {
  const range = ledgerRange(query, seoulToday(now));
  if (!range)
    throw new AppError(
      'VALIDATION_FAILED',
      'ledgerRangeTooLong',
      {},
      { [query.from && !query.to ? 'from' : 'to']: 'ledgerRangeTooLong' },
    );
  return range;
};

const num = (value: unknown): number => Number(value ?? 0);
const iso = (value: unknown): string => new Date(value as string | Date).toISOString();
const seoulDateTime = (value: Date | string) => dayjs(value).tz(SEOUL).format('YYYY-MM-DD HH:mm');

/**
 * The filters' ids must be the facility's own (docs/rules.md#money): a customer of another facility, or someone
 * who never joined this one, answers 404 rather than an empty list. One statement, and only when a filter names one.
 */
const assertFilterIds = async (
  db: Executor,
  gymId: number,
  ids: { memberId?: number | undefined; staffId?: number | undefined },
) => {
  if (!ids.memberId && !ids.staffId) return;
  const [row] = await db
    .select({
      customer: ids.memberId
        ? sql<boolean>`exists (select 1 from ${member} where ${member.id} = ${ids.memberId} and ${member.ownerGymId} = ${gymId})`
        : sql<boolean>`true`,
      staff: ids.staffId
        ? // Someone who joined: a WAIT link (an invitation not accepted, a request not approved) is no one's
          // (docs/rules.md#people).
          sql<boolean>`exists (select 1 from ${gymMember} where ${gymMember.gymId} = ${gymId} and ${gymMember.memberId} = ${ids.staffId} and ${gymMember.status} <> 'WAIT')`
        : sql<boolean>`true`,
    })
    .from(sql`(select 1) one`);
  if (!row?.customer || !row.staff) throw notFound();
};

// ─── The payment history ───────────────────────────────────────────────────────────────────────────────────────

const customer = alias(member, 'customer');
const staff = alias(member, 'staff');

const payHistoryWhere = (filter: PayHistoryFilter, range: { from: string; to: string }): SQL =>
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

const payHistoryRows = (db: Executor, where: SQL) =>
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

const emptyTotal = (): MethodTotal => ({ paid: 0, refunded: 0, net: 0, count: 0 });

/** The filter's totals by method (and overall), from one grouped statement. */
const payHistoryTotals = async (db: Executor, filter: PayHistoryFilter, where: SQL) => {
  const base = db
    .select({
      method: paymentLine.method,
      status: paymentLine.status,
      n: count(),
      amount: sql<number>`coalesce(sum(${paymentLine.amount}), 0)`.mapWith(Number),
    })
    .from(paymentLine);
  const grouped = await (filter.itemType ? base.innerJoin(sale, eq(sale.id, paymentLine.saleId)) : base)
    .where(where)
    .groupBy(paymentLine.method, paymentLine.status);
  const totals = { CARD: emptyTotal(), CASH: emptyTotal(), TRANSFER: emptyTotal(), all: emptyTotal() };
  for (const g of grouped) {
    for (const bucket of [totals[g.method], totals.all]) {
      if (g.status === 'APPROVE') bucket.paid += g.amount;
      else bucket.refunded -= g.amount;
      bucket.count += Number(g.n);
    }
  }
  for (const bucket of Object.values(totals)) bucket.net = bucket.paid - bucket.refunded;
  return totals;
};

const toLine = (r: Awaited<ReturnType<typeof payHistoryRows>>[number]): PayHistoryLine => ({
  ...r,
  createDate: r.createDate.toISOString(),
  phone: maskPhone(r.phone),
});

/** One page of payment lines and the whole range's totals by method: two statements. */
export const payHistory = async (
  db: Executor,
  query: PayHistoryQuery,
  now: Date,
): Promise<PayHistoryPage> => {
  const range = rangeOf(query, now);
  await assertFilterIds(db, query.gymId, query);
  const where = payHistoryWhere(query, range);
  const limit = pageLimit(query);
  const [rows, totals] = await Promise.all([
    limit > 0 ? payHistoryRows(db, where).limit(limit).offset(query._start) : Promise.resolve([]),
    payHistoryTotals(db, query, where),
  ]);
  return { rows: rows.map(toLine), total: totals.all.count, totals, ...range };
};

const methodLabels: Record<Language, Record<PaymentMethod, string>> = {
  ko: { CARD: '카드', CASH: '현금', TRANSFER: '계좌이체' },
  en: { CARD: 'Card', CASH: 'Cash', TRANSFER: 'Transfer' },
};
const itemTypeLabels: Record<Language, Record<SaleItemType, string>> = {
  ko: { PASS: '이용권', TRANSFER_FEE: '양도 수수료', PRODUCT: '상품', LOCKER: '락커' },
  en: { PASS: 'Pass', TRANSFER_FEE: 'Transfer fee', PRODUCT: 'Product', LOCKER: 'Locker' },
};
const statusLabels: Record<Language, Record<'APPROVE' | 'REFUND', string>> = {
  ko: { APPROVE: '결제', REFUND: '환불' },
  en: { APPROVE: 'Paid', REFUND: 'Refund' },
};
const adjustmentLabels: Record<Language, Record<SaleAdjustmentKind, string>> = {
  ko: { WRITE_OFF: '미수금 탕감', CORRECTION: '금액 정정' },
  en: { WRITE_OFF: 'Write-off', CORRECTION: 'Correction' },
};

const payHistoryHeaders: Record<Language, string[]> = {
  ko: ['일시', '회원', '휴대폰', '항목', '구분', '결제수단', '금액(원)', '상태', '담당', '결제 묶음'],
  en: [
    'Time',
    'Customer',
    'Phone',
    'Item',
    'Item type',
    'Method',
    'Amount (KRW)',
    'Status',
    'Staff',
    'Checkout',
  ],
};

/**
 * The payment history's CSV (the same filter, up to LEDGER_EXPORT_MAX lines): UTF-8 with a BOM so that Excel
 * reads Korean, whole phone numbers (the facility's own record), the totals by method below the lines, and an
 * audit row `sales.export`.
 */
export const exportPayHistory = async (
  tx: Executor,
  actor: Actor,
  filter: PayHistoryFilter,
  language: Language,
): Promise<string> => {
  const range = rangeOf(filter, actor.now);
  await assertFilterIds(tx, filter.gymId, filter);
  const where = payHistoryWhere(filter, range);
  const rows = await payHistoryRows(tx, where).limit(LEDGER_EXPORT_MAX);
  const totals = await payHistoryTotals(tx, filter, where);
  const total = language === 'ko' ? '합계' : 'Total';
  const csv = toCsv(payHistoryHeaders[language], [
    ...rows.map((r) => [
      seoulDateTime(r.createDate),
      r.memberName,
      formatPhone(r.phone),
      r.itemName,
      itemTypeLabels[language][r.itemType],
      methodLabels[language][r.method],
      r.amount,
      statusLabels[language][r.status],
      r.staffName ?? '',
      r.checkoutId ?? '',
    ]),
    [],
    ...(['CARD', 'CASH', 'TRANSFER'] as const).map((m) => [
      `${total} · ${methodLabels[language][m]}`,
      '',
      '',
      '',
      '',
      methodLabels[language][m],
      totals[m].net,
      '',
      '',
      '',
    ]),
    [total, '', '', '', '', '', totals.all.net, '', '', ''],
  ]);
  await audit(tx, actor, {
    gymId: filter.gymId,
    action: 'sales.export',
    entity: 'payment-line',
    entityId: null,
    after: { list: 'payments', ...filterSnapshot(filter), ...range, rows: rows.length },
  });
  return csv;
};

const filterSnapshot = (filter: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(filter).filter(([k, v]) => v !== undefined && k !== 'gymId' && !k.startsWith('_')),
  );

// ─── Unpaid balances ───────────────────────────────────────────────────────────────────────────────────────────

/**
 * The facility's owing sales, as a statement to select from: the customers whose cached `unpaid_amount` is above 0
 * (the partial index member_owner_unpaid_idx), then their sales (sale_member_idx), each with its adjustments and
 * APPROVE lines summed; refunded passes owe nothing. Only sales that still owe are kept.
 */
const owingSales = (gymId: number, q: string | undefined, memberId?: number) => sql`
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

type OwingRow = {
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

const owingPage = (filter: UnpaidFilter, limit: number, offset: number) => sql`
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

const toUnpaid = (r: OwingRow, now: Date): UnpaidRow => {
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

/**
 * The sales a customer's balance comes from (docs/rules.md#check-in): the day, the item and what each still owes,
 * oldest first, at most `limit`. Staff read it where a balance blocks entry; the kiosk's customer side never does.
 */
export const owingSalesOf = async (
  db: Executor,
  gymId: number,
  memberId: number,
  limit = 5,
): Promise<{ saleId: number; saleDay: string; itemName: string; owed: number }[]> => {
  const rows = await queryRows<Pick<OwingRow, 'id' | 'create_date' | 'item_name' | 'owed'>>(
    db,
    sql`${owingSales(gymId, undefined, memberId)}
      select o.id, o.create_date, o.item_name, o.owed from owing o order by o.create_date asc, o.id asc
      limit ${limit}`,
  );
  return rows.map((r) => ({
    saleId: num(r.id),
    saleDay: seoulToday(new Date(r.create_date)),
    itemName: r.item_name,
    owed: num(r.owed),
  }));
};

/** One page of owing sales and the filter's total owed: two statements. */
export const unpaidList = async (db: Executor, query: UnpaidQuery, now: Date): Promise<UnpaidPage> => {
  const limit = pageLimit(query);
  const [rows, [totals]] = await Promise.all([
    limit > 0 ? queryRows<OwingRow>(db, owingPage(query, limit, query._start)) : Promise.resolve([]),
    queryRows<{ n: number; owed: number; customers: number }>(
      db,
      sql`${owingSales(query.gymId, query.q, query.memberId)}
        select count(*)::int as n, coalesce(sum(owed), 0)::bigint as owed, count(distinct member_id)::int as customers
        from owing`,
    ),
  ]);
  return {
    rows: rows.map((r) => toUnpaid(r, now)),
    total: num(totals?.n),
    totalOwed: num(totals?.owed),
    customers: num(totals?.customers),
  };
};

const unpaidHeaders: Record<Language, string[]> = {
  ko: [
    '판매일',
    '경과일',
    '회원',
    '휴대폰',
    '항목',
    '구분',
    '판매금액',
    '조정',
    '결제',
    '미수금',
    '담당',
    '결제요청',
  ],
  en: [
    'Sold on',
    'Age (days)',
    'Customer',
    'Phone',
    'Item',
    'Item type',
    'Price',
    'Adjusted',
    'Paid',
    'Owed',
    'Staff',
    'Payment request',
  ],
};
const requestLabels: Record<Language, Record<'FIN' | 'WAIT' | 'APPROVE' | 'EXPIRED', string>> = {
  ko: { FIN: '요청됨', WAIT: '입금 확인 대기', APPROVE: '결제 완료', EXPIRED: '만료' },
  en: { FIN: 'Sent', WAIT: 'Awaiting confirmation', APPROVE: 'Paid', EXPIRED: 'Expired' },
};

/** The unpaid list's CSV (UTF-8 with a BOM, whole phones, audit `sales.export`). */
export const exportUnpaid = async (
  tx: Executor,
  actor: Actor,
  filter: UnpaidFilter,
  language: Language,
): Promise<string> => {
  const raw = await queryRows<OwingRow>(tx, owingPage(filter, LEDGER_EXPORT_MAX, 0));
  const rows = raw.map((r) => ({ ...toUnpaid(r, actor.now), wholePhone: r.phone }));
  const csv = toCsv(unpaidHeaders[language], [
    ...rows.map((r) => [
      r.saleDay,
      r.ageDays,
      r.memberName,
      formatPhone(r.wholePhone),
      r.itemName,
      itemTypeLabels[language][r.itemType],
      r.price,
      r.adjusted,
      r.paid,
      r.owed,
      r.staffName ?? '',
      r.request ? requestLabels[language][r.request.status] : '',
    ]),
    [],
    [
      language === 'ko' ? '합계' : 'Total',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      rows.reduce((s, r) => s + r.owed, 0),
    ],
  ]);
  await audit(tx, actor, {
    gymId: filter.gymId,
    action: 'sales.export',
    entity: 'sale',
    entityId: null,
    after: { list: 'unpaid', ...filterSnapshot(filter), rows: rows.length },
  });
  return csv;
};

// ─── Collect, write off, correct ───────────────────────────────────────────────────────────────────────────────

/** A sale's money now: its adjustments and APPROVE lines summed, and whether its pass was refunded. */
const moneyOf = async (db: Executor, row: SaleRow): Promise<SaleMoney> => {
  const [read] = await db
    .select({
      adjusted:
        sql<number>`coalesce((select sum(${saleAdjustment.amount}) from ${saleAdjustment} where ${saleAdjustment.saleId} = ${row.id}), 0)`.mapWith(
          Number,
        ),
      paid: sql<number>`coalesce((select sum(${paymentLine.amount}) from ${paymentLine} where ${paymentLine.saleId} = ${row.id} and ${paymentLine.status} = 'APPROVE'), 0)`.mapWith(
        Number,
      ),
      closed:
        row.itemType === 'PASS' && row.ticketIssueId !== null
          ? sql<boolean>`exists (select 1 from ${ticketIssue} where ${ticketIssue.id} = ${row.ticketIssueId} and ${ticketIssue.status} = 'REFUND')`
          : sql<boolean>`false`,
    })
    .from(sql`(select 1) one`);
  return {
    price: row.price,
    adjusted: read?.adjusted ?? 0,
    paid: read?.paid ?? 0,
    closed: Boolean(read?.closed),
  };
};

/**
 * Locks the sale for a money change (docs/rules.md#money): its customer's row first, then the sale's, in the one
 * order of docs/architecture.md#operations-model (a check-in, a pass change and every money change take the
 * customer first), so that two collections of the last won are decided one after the other. Another facility's
 * sale answers 404. Returns the sale and its money as read under the locks.
 */
const lockSale = async (tx: Executor, gymId: number, saleId: number) => {
  const [head] = await tx
    .select({ memberId: sale.memberId, gymId: sale.gymId })
    .from(sale)
    .where(eq(sale.id, saleId));
  if (!head || head.gymId !== gymId) throw notFound();
  await tx.select({ id: member.id }).from(member).where(eq(member.id, head.memberId)).for('update');
  const [row] = await tx.select().from(sale).where(eq(sale.id, saleId)).for('update');
  if (!row) throw notFound();
  return { row, money: await moneyOf(tx, row) };
};

/** After any money change of a sale: the pass's caches, then the customer's summary. */
const refreshAfter = async (tx: Executor, row: SaleRow, now: Date) => {
  if (row.itemType === 'PASS' && row.ticketIssueId !== null) await refreshPassMoney(tx, row.ticketIssueId);
  await customerChanged(tx, row.memberId, seoulToday(now));
};

const won = (amount: number) => amount.toLocaleString('en-US');

/**
 * Collects part or all of a sale's balance (docs/rules.md#money): a COLLECT checkout and its payment lines, never
 * above what is owed (400 `paymentsAboveOwed`); a sale that owes nothing (409 `nothingOwed`) or whose pass was
 * refunded (409 `passRefunded`) takes nothing.
 */
export const collectSale = async (
  tx: Executor,
  actor: Actor,
  input: { gymId: number; saleId: number; payments: PaymentInput[] },
): Promise<{ checkoutId: number; owed: number }> => {
  const { row, money } = await lockSale(tx, input.gymId, input.saleId);
  const owed = saleOwed(money);
  const refusal = collectRefusal(money, input.payments);
  if (refusal === 'paymentsAboveOwed')
    throw new AppError(
      'VALIDATION_FAILED',
      'paymentsAboveOwed',
      { owed: won(owed) },
      { payments: 'paymentsAboveOwed' },
      { owed },
    );
  if (refusal) throw refused(refusal);
  const payments = input.payments.map((p) => ({ method: p.method, amount: p.amount }));
  const opened = await openCheckout(tx, actor, {
    gymId: input.gymId,
    memberId: row.memberId,
    kind: 'COLLECT',
    total: 0,
    payments,
  });
  await writePaymentLines(
    tx,
    actor,
    { gymId: input.gymId, memberId: row.memberId, checkoutId: opened.id },
    payments.map((p) => ({ saleId: row.id, ...p })),
  );
  const paying = payments.reduce((s, p) => s + p.amount, 0);
  const after = owed - paying;
  await refreshAfter(tx, row, actor.now);
  await audit(tx, actor, {
    gymId: input.gymId,
    action: 'sale.collect',
    entity: 'sale',
    entityId: row.id,
    before: { owed, paid: money.paid },
    after: { owed: after, paid: money.paid + paying, checkoutId: opened.id, payments },
  });
  return { checkoutId: opened.id, owed: after };
};

/**
 * Writes off a sale's whole balance (docs/rules.md#money): a WRITE_OFF adjustment of what is owed, with the reason;
 * the representative's alone (the route checks). 409 `nothingOwed` / `passRefunded`.
 */
export const writeOffSale = async (
  tx: Executor,
  actor: Actor,
  input: { gymId: number; saleId: number; reason: string },
): Promise<{ adjustmentId: number; owed: number }> => {
  const { row, money } = await lockSale(tx, input.gymId, input.saleId);
  const refusal = writeOffRefusal(money);
  if (refusal) throw refused(refusal);
  const owed = saleOwed(money);
  const [adjustment] = await tx
    .insert(saleAdjustment)
    .values({
      gymId: input.gymId,
      saleId: row.id,
      memberId: row.memberId,
      kind: 'WRITE_OFF',
      amount: owed,
      reason: input.reason,
      createdByMemberId: actor.memberId,
      createDate: actor.now,
    })
    .returning({ id: saleAdjustment.id });
  await refreshAfter(tx, row, actor.now);
  await audit(tx, actor, {
    gymId: input.gymId,
    action: 'sale.write-off',
    entity: 'sale',
    entityId: row.id,
    before: { owed, adjusted: money.adjusted },
    after: { owed: 0, adjusted: money.adjusted + owed, adjustmentId: adjustment!.id, reason: input.reason },
  });
  return { adjustmentId: adjustment!.id, owed: 0 };
};

/**
 * Corrects a sale's price down by `amount` (docs/rules.md#money): a CORRECTION adjustment with the reason, never
 * bringing the price (less its adjustments) below what was paid (409 `correctionBelowPaid`, with the most that
 * can be taken off); a refunded pass is closed (409 `passRefunded`).
 */
export const correctSale = async (
  tx: Executor,
  actor: Actor,
  input: { gymId: number; saleId: number; amount: number; reason: string },
): Promise<{ adjustmentId: number; owed: number }> => {
  const { row, money } = await lockSale(tx, input.gymId, input.saleId);
  const refusal = correctionRefusal(money, input.amount);
  if (refusal === 'correctionBelowPaid') {
    const max = Math.max(0, money.price - money.adjusted - money.paid);
    throw refused(refusal, { max: won(max) });
  }
  if (refusal) throw refused(refusal);
  const [adjustment] = await tx
    .insert(saleAdjustment)
    .values({
      gymId: input.gymId,
      saleId: row.id,
      memberId: row.memberId,
      kind: 'CORRECTION',
      amount: input.amount,
      reason: input.reason,
      createdByMemberId: actor.memberId,
      createDate: actor.now,
    })
    .returning({ id: saleAdjustment.id });
  const owed = saleOwed({ ...money, adjusted: money.adjusted + input.amount });
  await refreshAfter(tx, row, actor.now);
  await audit(tx, actor, {
    gymId: input.gymId,
    action: 'sale.correct',
    entity: 'sale',
    entityId: row.id,
    before: { owed: saleOwed(money), adjusted: money.adjusted },
    after: {
      owed,
      adjusted: money.adjusted + input.amount,
      amount: input.amount,
      adjustmentId: adjustment!.id,
      reason: input.reason,
    },
  });
  return { adjustmentId: adjustment!.id, owed };
};

// ─── The sales list ────────────────────────────────────────────────────────────────────────────────────────────

const salesWhere = (filter: SalesFilter, range: { from: string; to: string }): SQL =>
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
const adjustedOf = sql<number>`coalesce((select sum(a.amount) from sale_adjustment a where a.sale_id = ${saleId}), 0)`;
const paidOf = sql<number>`coalesce((select sum(p.amount) from payment_line p where p.sale_id = ${saleId} and p.status = 'APPROVE'), 0)`;
const refundedOf = sql<number>`coalesce((select -sum(p.amount) from payment_line p where p.sale_id = ${saleId} and p.status = 'REFUND'), 0)`;
const closedOf = sql<boolean>`exists (select 1 from ticket_issue t where t.id = "sale"."ticket_issue_id" and "sale"."item_type" = 'PASS' and t.status = 'REFUND')`;

const salesRows = (db: Executor, where: SQL) =>
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

type RawAdjustment = Omit<SaleAdjustmentView, 'createDate'> & { createDate: string };
type RawRefund = Omit<SaleRefundView, 'createDate'> & { createDate: string };

const toSalesRow = (r: Awaited<ReturnType<typeof salesRows>>[number]): SalesRow & { wholePhone: string } => {
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

/** The filter's totals: one statement over the same rows. */
const salesTotals = async (db: Executor, where: SQL) => {
  const [row] = await db
    .select({
      count: count(),
      listPrice: sql<number>`coalesce(sum(${sale.listPrice}), 0)`.mapWith(Number),
      price: sql<number>`coalesce(sum(${sale.price}), 0)`.mapWith(Number),
      adjusted: sql<number>`coalesce(sum(${adjustedOf}), 0)`.mapWith(Number),
      paid: sql<number>`coalesce(sum(${paidOf}), 0)`.mapWith(Number),
      refunded: sql<number>`coalesce(sum(${refundedOf}), 0)`.mapWith(Number),
    })
    .from(sale)
    .where(where);
  const totals = {
    count: Number(row?.count ?? 0),
    listPrice: row?.listPrice ?? 0,
    price: row?.price ?? 0,
    adjusted: row?.adjusted ?? 0,
    paid: row?.paid ?? 0,
    refunded: row?.refunded ?? 0,
  };
  return { ...totals, discount: Math.max(0, totals.listPrice - totals.price) };
};

/** One page of the sales list and the filter's totals: two statements. */
export const salesList = async (db: Executor, query: SalesQuery, now: Date): Promise<SalesPage> => {
  const range = rangeOf(query, now);
  await assertFilterIds(db, query.gymId, query);
  const where = salesWhere(query, range);
  const limit = pageLimit(query);
  const [rows, totals] = await Promise.all([
    limit > 0 ? salesRows(db, where).limit(limit).offset(query._start) : Promise.resolve([]),
    salesTotals(db, where),
  ]);
  return {
    rows: rows.map((r) => {
      const { wholePhone: _whole, ...row } = toSalesRow(r);
      return row;
    }),
    total: totals.count,
    totals,
    ...range,
  };
};

const salesHeaders: Record<Language, string[]> = {
  ko: [
    '판매번호',
    '일시',
    '회원',
    '휴대폰',
    '항목',
    '구분',
    '수량',
    '정가',
    '할인',
    '할인 사유',
    '금액',
    '결제',
    '미수금',
    '담당',
    '결제 묶음',
  ],
  en: [
    'Sale',
    'Time',
    'Customer',
    'Phone',
    'Item',
    'Type',
    'Quantity',
    'List price',
    'Discount',
    'Discount reason',
    'Amount',
    'Paid',
    'Owed',
    'Staff',
    'Checkout',
  ],
};

/**
 * The sales list's CSV (UTF-8 with a BOM, whole phones, audit `sales.export`): one row per sale, and below it a
 * reversing row (negative amount) for each adjustment and each refund, as the screen shows them.
 */
export const exportSales = async (
  tx: Executor,
  actor: Actor,
  filter: SalesFilter,
  language: Language,
): Promise<string> => {
  const range = rangeOf(filter, actor.now);
  await assertFilterIds(tx, filter.gymId, filter);
  const rows = (await salesRows(tx, salesWhere(filter, range)).limit(LEDGER_EXPORT_MAX)).map(toSalesRow);
  const refund = language === 'ko' ? '환불' : 'Refund';
  const data: CsvCell[][] = [];
  for (const r of rows) {
    data.push([
      r.id,
      seoulDateTime(r.createDate),
      r.memberName,
      formatPhone(r.wholePhone),
      r.itemName,
      itemTypeLabels[language][r.itemType],
      r.quantity,
      r.listPrice,
      r.discount,
      r.promotionName ?? r.priceReason ?? '',
      r.price,
      r.paid,
      r.owed,
      r.staffName ?? '',
      r.checkoutId ?? '',
    ]);
    for (const a of r.adjustments)
      data.push([
        r.id,
        seoulDateTime(a.createDate),
        r.memberName,
        '',
        `${adjustmentLabels[language][a.kind]}: ${r.itemName}`,
        adjustmentLabels[language][a.kind],
        '',
        '',
        '',
        a.reason,
        -a.amount,
        '',
        '',
        a.staffName ?? '',
        '',
      ]);
    for (const p of r.refunds)
      data.push([
        r.id,
        seoulDateTime(p.createDate),
        r.memberName,
        '',
        `${refund}: ${r.itemName}`,
        refund,
        '',
        '',
        '',
        methodLabels[language][p.method],
        p.amount,
        '',
        '',
        p.staffName ?? '',
        '',
      ]);
  }
  const csv = toCsv(salesHeaders[language], data);
  await audit(tx, actor, {
    gymId: filter.gymId,
    action: 'sales.export',
    entity: 'sale',
    entityId: null,
    after: { list: 'sales', ...filterSnapshot(filter), ...range, rows: rows.length },
  });
  return csv;
};
