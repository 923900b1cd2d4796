import { createHash } from 'node:crypto';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { saleOwed } from '#domain/rules/money.ts';
import {
  isPayRequestTokenShape,
  payRequestGreetingName,
  payRequestLinkOpens,
  payRequestStatus,
} from '#domain/rules/pay-request.ts';
import type { PayRequest, PayRequestPublic } from '#domain/schemas/pay-request.ts';
import type { Executor } from '../../db/client.ts';
import { cappedTotal, countCapped } from '../../db/count.ts';
import { gym, gymSetting, member, type PayRequestRow, payRequest, sale } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { staffColumns, toStaff } from './pay-request.mappers.ts';
import type { PaymentProvider } from './payment-provider.ts';

// Payment requests read (docs/rules.md#payment-requests): a sale's money, a request as staff see it, the
// facility's list, and the customer's page behind a token. The token is 32 random bytes; only its SHA-256 is stored.

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The one answer for a missing, forged, expired or revoked token: nothing tells them apart. */
export const payRequestInvalid = () => new AppError('NOT_FOUND', 'payRequestInvalid');

/** A sale's money (docs/rules.md#money), read in one statement: what `saleOwed` needs. */
export const saleMoneyOf = async (db: Executor, saleId: number) => {
  const [row] = await db
    .select({
      id: sale.id,
      gymId: sale.gymId,
      memberId: sale.memberId,
      itemType: sale.itemType,
      itemName: sale.itemName,
      ticketIssueId: sale.ticketIssueId,
      price: sale.price,
      // Written with the table named: drizzle leaves a lone table's columns unqualified inside a select.
      adjusted: sql<number>`coalesce((select sum(a.amount) from sale_adjustment a
        where a.sale_id = "sale"."id"), 0)`.mapWith(Number),
      paid: sql<number>`coalesce((select sum(pl.amount) from payment_line pl
        where pl.sale_id = "sale"."id" and pl.status = 'APPROVE'), 0)`.mapWith(Number),
      closed: sql<number>`(select count(*) from ticket_issue ti where ti.id = "sale"."ticket_issue_id"
        and "sale"."item_type" = 'PASS' and ti.status = 'REFUND')`.mapWith(Number),
    })
    .from(sale)
    .where(eq(sale.id, saleId));
  if (!row) return undefined;
  const closed = row.closed > 0;
  return { ...row, closed, owed: saleOwed({ ...row, closed }) };
};

export const transferAccountOf = async (db: Executor, gymId: number) => {
  const [row] = await db
    .select({
      bank: gymSetting.transferBank,
      account: gymSetting.transferAccount,
      holder: gymSetting.transferHolder,
    })
    .from(gymSetting)
    .where(eq(gymSetting.gymId, gymId));
  if (!row?.bank?.trim() || !row.account?.trim() || !row.holder?.trim()) return null;
  return { bank: row.bank.trim(), account: row.account.trim(), holder: row.holder.trim() };
};

export const gymNameOf = async (db: Executor, gymId: number) => {
  const [row] = await db.select({ name: gym.name }).from(gym).where(eq(gym.id, gymId));
  return row?.name ?? '';
};

/** One request as staff see it. */
export const payRequestDetail = async (db: Executor, id: number, now: Date): Promise<PayRequest> => {
  const [row] = await db
    .select(staffColumns)
    .from(payRequest)
    .innerJoin(member, eq(member.id, payRequest.memberId))
    .innerJoin(sale, eq(sale.id, payRequest.saleId))
    .where(eq(payRequest.id, id));
  if (!row) throw notFound();
  return toStaff(row, now);
};

/** The facility's requests, or one sale's (another facility's sale is 404): newest first, paged, one query. */
export const listPayRequests = async (
  db: Executor,
  gymId: number,
  query: { saleId?: number | undefined; _start?: number | undefined; _end?: number | undefined },
  now: Date,
): Promise<{ data: PayRequest[]; total: number }> => {
  if (query.saleId !== undefined) {
    const [owner] = await db.select({ gymId: sale.gymId }).from(sale).where(eq(sale.id, query.saleId));
    if (!owner || owner.gymId !== gymId) throw notFound();
  }
  const start = query._start ?? 0;
  const end = Math.max(start, Math.min(query._end ?? start + 50, start + 200));
  const where: SQL | undefined =
    query.saleId !== undefined
      ? and(eq(payRequest.gymId, gymId), eq(payRequest.saleId, query.saleId))
      : eq(payRequest.gymId, gymId);
  const rows = await db
    .select({ ...staffColumns, total: cappedTotal(payRequest, where) })
    .from(payRequest)
    .innerJoin(member, eq(member.id, payRequest.memberId))
    .innerJoin(sale, eq(sale.id, payRequest.saleId))
    .where(where)
    .orderBy(desc(payRequest.id))
    .limit(end - start)
    .offset(start);
  const total = rows[0]?.total ?? (start === 0 ? 0 : await countCapped(db, payRequest, where));
  return { data: rows.map((r) => toStaff(r, now)), total };
};

// ─── The customer's page (no session; the token is the only key) ───────────────────────────────────────────

/** The request a token names, unlocked: 404 `payRequestInvalid` for a bad shape, an unknown, expired or revoked one. */
export const requestOfToken = async (
  db: Executor,
  token: string | undefined,
  now: Date,
): Promise<PayRequestRow> => {
  if (token === undefined || !isPayRequestTokenShape(token)) throw payRequestInvalid();
  const [row] = await db
    .select()
    .from(payRequest)
    .where(eq(payRequest.tokenHash, sha256(token)));
  if (!row || !payRequestLinkOpens(row, now)) throw payRequestInvalid();
  return row;
};

/** What the customer's page shows: the facility, the first name masked, the item, the amount, the account. */
export const publicView = async (
  db: Executor,
  row: PayRequestRow,
  now: Date,
  provider: Pick<PaymentProvider, 'testMode'>,
): Promise<PayRequestPublic> => {
  const [who] = await db
    .select({ gymName: gym.name, memberName: member.name })
    .from(member)
    .innerJoin(gym, eq(gym.id, row.gymId))
    .where(eq(member.id, row.memberId));
  const money = await saleMoneyOf(db, row.saleId);
  const status = payRequestStatus(row, now);
  return {
    gymName: who?.gymName ?? '',
    customerName: payRequestGreetingName(who?.memberName ?? ''),
    itemName: money?.itemName ?? '',
    amount: row.amount,
    status,
    payable: status === 'FIN' && (money?.owed ?? 0) >= row.amount,
    expiresAt: row.expiresAt.toISOString(),
    reference: row.reference,
    transfer: await transferAccountOf(db, row.gymId),
    depositorName: row.depositorName ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    testMode: provider.testMode,
  };
};
