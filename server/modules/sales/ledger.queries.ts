import { count, eq, type SQL, sql } from 'drizzle-orm';
import { ledgerRange } from '#domain/rules/ledger.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type {
  MethodTotal,
  PayHistoryFilter,
  PayHistoryPage,
  PayHistoryQuery,
  SalesPage,
  SalesQuery,
  UnpaidPage,
  UnpaidQuery,
} from '#domain/schemas/ledger.ts';
import type { Executor } from '../../db/client.ts';
import { gymMember, member, paymentLine, sale } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { queryRows } from '../../ops/tables.ts';
import { num, toLine, toSalesRow, toUnpaid } from './ledger.mappers.ts';
import {
  adjustedOf,
  type OwingRow,
  owingPage,
  owingSales,
  paidOf,
  payHistoryRows,
  payHistoryWhere,
  refundedOf,
  salesRows,
  salesWhere,
} from './ledger.sql.ts';

// The ledger read (docs/rules.md#money): every payment line, the unpaid balances and the sales list. Each list is
// one page query and one totals query over the table's (gym_id, create_date) index.

/** The most rows a CSV export holds. */
export const LEDGER_EXPORT_MAX = 10_000;
/** The most rows one page of a ledger list holds, whatever `_start`/`_end` ask. */
export const LEDGER_PAGE_MAX = 200;

const pageLimit = (query: { _start: number; _end: number }) =>
  Math.min(LEDGER_PAGE_MAX, Math.max(0, query._end - query._start));

/** The list's days (this month by default): 400 `ledgerRangeTooLong` past 366 days or ending before it starts. */
export const rangeOf = (query: { from?: string | undefined; to?: string | undefined }, now: Date) => {
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

/**
 * The filters' ids must be the facility's own (docs/rules.md#money): a customer of another facility, or someone
 * who never joined this one, answers 404 rather than an empty list. One statement, and only when a filter names one.
 */
export const assertFilterIds = async (
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

const emptyTotal = (): MethodTotal => ({ paid: 0, refunded: 0, net: 0, count: 0 });

/** The filter's totals by method (and overall), from one grouped statement. */
export const payHistoryTotals = async (db: Executor, filter: PayHistoryFilter, where: SQL) => {
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

// ─── Unpaid balances ───────────────────────────────────────────────────────────────────────────────────────────

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

// ─── The sales list ────────────────────────────────────────────────────────────────────────────────────────────

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
