import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import {
  PAY_REQUEST_TOKEN_BYTES,
  PAY_REQUEST_TTL_DAYS,
  PAY_REQUEST_TTL_MS,
  payRequestAmount,
  payRequestLinkOpens,
  payRequestReference,
  payRequestStatus,
} from '#domain/rules/pay-request.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { PayRequestCreated } from '#domain/schemas/pay-request.ts';
import type { Executor } from '../../db/client.ts';
import { member, type PayRequestRow, payRequest, sale } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { payRequestMessages } from '../../http/messages/pay-request.ts';
import type { Actor } from '../../kernel/actor.ts';
import { audited } from '../../kernel/audit.ts';
import { customerChanged } from '../../kernel/customer-summary.ts';
import { openCheckout, refreshPassMoney, writePaymentLines } from '../../kernel/money-lines.ts';
import { enqueue } from '../../kernel/outbox.ts';
import { refusalsOf } from '../../kernel/refusal.ts';
import {
  gymNameOf,
  payRequestInvalid,
  requestOfToken,
  saleMoneyOf,
  sha256,
  transferAccountOf,
} from './pay-request.queries.ts';
import type { PaymentProvider } from './payment-provider.ts';

// Payment requests changed (docs/rules.md#payment-requests): a link to `/pay/req` for one sale's balance, texted to
// the customer through the outbox. A request is good for its sale, its amount and its facility until it expires
// (7 days), is revoked (by staff, or by a newer request for the same sale) or is paid. Every write locks the
// customer's row, then the request's row (the order of docs/architecture.md#operations-model), so two payments of
// one request cannot both pass.

/** The outbox topic of the texts (delivered by the MessageProvider). */
export const PAY_REQUEST_TOPIC = 'pay-request';
/** The customer's page, as the link names it. */
export const PAY_REQUEST_PAGE = '/pay/req';

type PayRequestReason = keyof (typeof payRequestMessages)['en'] | 'customerRemoved';

const { refused } = refusalsOf<PayRequestReason>();

const won = (amount: number) => amount.toLocaleString('en-US');

/** Locks the customer's row, then answers it (the first lock of every write here). */
const lockCustomer = async (tx: Executor, memberId: number) => {
  const [row] = await tx
    .select({
      id: member.id,
      name: member.name,
      phone: member.phone,
      status: member.status,
      erasedAt: member.erasedAt,
    })
    .from(member)
    .where(eq(member.id, memberId))
    .for('update');
  return row;
};

const lockRequest = async (tx: Executor, id: number) => {
  const [row] = await tx.select().from(payRequest).where(eq(payRequest.id, id)).for('update');
  return row;
};

/** The request a facility may act on, locked (customer first): another facility's id is 404. */
const lockOwnRequest = async (tx: Executor, gymId: number, id: number): Promise<PayRequestRow> => {
  const [head] = await tx
    .select({ memberId: payRequest.memberId, gymId: payRequest.gymId })
    .from(payRequest)
    .where(eq(payRequest.id, id));
  if (!head || head.gymId !== gymId) throw notFound();
  await lockCustomer(tx, head.memberId);
  const row = await lockRequest(tx, id);
  if (!row) throw notFound();
  return row;
};

/** The request's text, through the outbox in the caller's transaction; the token stays sealed until delivery. */
const textRequest = async (
  tx: Executor,
  actor: Actor,
  message: {
    gymId: number;
    customer: { id: number; phone: string };
    payRequestId: number;
    itemName: string;
    amount: number;
    token: string;
  },
) => {
  const gymName = await gymNameOf(tx, message.gymId);
  await enqueue(tx, {
    topic: PAY_REQUEST_TOPIC,
    payload: {
      gymId: message.gymId,
      to: message.customer.phone,
      memberId: message.customer.id,
      kind: 'payRequest',
      payRequestId: message.payRequestId,
      // The token is sealed until delivery, which builds the absolute link from PUBLIC_URL
      // (docs/architecture.md#outbox): the row keeps the page and the text with `{{link}}` only.
      link: PAY_REQUEST_PAGE,
      text: {
        ko: `[${gymName}] ${message.itemName} 결제 요청 ${won(message.amount)}원입니다. 아래 링크에서 결제해 주세요(${PAY_REQUEST_TTL_DAYS}일간 유효): {{link}}`,
        en: `[${gymName}] Payment request for ${message.itemName}: ${won(message.amount)} won. Pay through this link (valid for ${PAY_REQUEST_TTL_DAYS} days): {{link}}`,
      },
    },
    secrets: { token: message.token },
    now: actor.now,
  });
};

/**
 * Sends a request for a sale's balance: `amount` defaults to what is owed and never exceeds it (a sale that owes
 * nothing is 409). Revokes the sale's open older request; refused while a reported transfer waits for staff. The
 * text goes through the outbox in the same transaction.
 */
export const createPayRequest = async (
  tx: Executor,
  actor: Actor,
  input: { gymId: number; saleId: number; amount?: number | undefined },
): Promise<PayRequestCreated & { sent: boolean }> => {
  const [head] = await tx
    .select({ gymId: sale.gymId, memberId: sale.memberId })
    .from(sale)
    .where(eq(sale.id, input.saleId));
  if (!head || head.gymId !== input.gymId) throw notFound();
  const customer = await lockCustomer(tx, head.memberId);
  if (!customer) throw notFound();
  if (customer.status === 'QUIT' || customer.erasedAt) throw refused('customerRemoved');
  const money = await saleMoneyOf(tx, input.saleId);
  if (!money) throw notFound();
  const decided = payRequestAmount(money.owed, input.amount);
  if (!decided.ok)
    throw decided.reason === 'payRequestAmountAboveOwed'
      ? new AppError(
          'VALIDATION_FAILED',
          'payRequestAmountAboveOwed',
          {},
          { amount: 'payRequestAmountAboveOwed' },
          { owed: money.owed },
        )
      : refused(decided.reason, { owed: money.owed });
  const earlier = await tx
    .select()
    .from(payRequest)
    .where(and(eq(payRequest.saleId, input.saleId), isNull(payRequest.revokedAt)))
    .for('update');
  if (earlier.some((r) => r.status === 'WAIT')) throw refused('payRequestWaiting');
  const open = earlier.filter((r) => payRequestStatus(r, actor.now) === 'FIN');
  for (const r of open)
    await tx.update(payRequest).set({ revokedAt: actor.now }).where(eq(payRequest.id, r.id));

  const token = randomBytes(PAY_REQUEST_TOKEN_BYTES).toString('base64url');
  const expiresAt = new Date(actor.now.getTime() + PAY_REQUEST_TTL_MS);
  const [made] = await tx
    .insert(payRequest)
    .values({
      gymId: input.gymId,
      memberId: customer.id,
      saleId: input.saleId,
      amount: decided.amount,
      tokenHash: sha256(token),
      status: 'FIN',
      expiresAt,
      reference: '',
      createdByMemberId: actor.memberId,
      createDate: actor.now,
    })
    .returning({ id: payRequest.id });
  const id = made!.id;
  const reference = payRequestReference(id);
  await tx.update(payRequest).set({ reference }).where(eq(payRequest.id, id));

  const url = `${PAY_REQUEST_PAGE}?token=${token}`;
  const sent = Boolean(customer.phone);
  if (sent)
    await textRequest(tx, actor, {
      gymId: input.gymId,
      customer,
      payRequestId: id,
      itemName: money.itemName,
      amount: decided.amount,
      token,
    });
  await audited(tx, actor, {
    gymId: input.gymId,
    action: 'pay-request.create',
    entity: 'pay-request',
    entityId: id,
    before: open.length ? { revoked: open.map((r) => r.id) } : null,
    after: {
      saleId: input.saleId,
      memberId: customer.id,
      amount: decided.amount,
      owed: money.owed,
      reference,
      expiresAt: expiresAt.toISOString(),
      sent,
    },
  });
  return { id, url, expiresAt: expiresAt.toISOString(), status: 'FIN', sent };
};

/** Staff stop an open (or waiting) request: its link stops working. A paid or already stopped one is 409. */
export const revokePayRequest = async (tx: Executor, actor: Actor, gymId: number, id: number) => {
  const row = await lockOwnRequest(tx, gymId, id);
  const before = payRequestStatus(row, actor.now);
  if (before === 'APPROVE' || before === 'EXPIRED') throw refused('payRequestClosed');
  await tx.update(payRequest).set({ revokedAt: actor.now }).where(eq(payRequest.id, id));
  await audited(tx, actor, {
    gymId,
    action: 'pay-request.revoke',
    entity: 'pay-request',
    entityId: id,
    before: { status: before },
    after: { status: 'EXPIRED', revokedAt: actor.now.toISOString() },
  });
};

/**
 * Pays a request (the card on the page, or staff confirming a transfer): a REQUEST checkout and one payment line
 * on its sale, the pass's caches, the request APPROVE, the customer's summary. Refused with nothing written when
 * the sale now owes less than the request asks.
 */
const settle = async (
  tx: Executor,
  actor: Actor,
  row: PayRequestRow,
  method: 'CARD' | 'TRANSFER',
  note: string,
) => {
  const money = await saleMoneyOf(tx, row.saleId);
  if (!money) throw notFound();
  if (money.owed < row.amount) throw refused('payRequestOwedChanged', { owed: money.owed });
  const paying = await openCheckout(tx, actor, {
    gymId: row.gymId,
    memberId: row.memberId,
    kind: 'REQUEST',
    total: 0,
    payments: [{ method, amount: row.amount }],
    note,
  });
  await writePaymentLines(tx, actor, { gymId: row.gymId, memberId: row.memberId, checkoutId: paying.id }, [
    { saleId: row.saleId, method, amount: row.amount },
  ]);
  if (money.itemType === 'PASS' && money.ticketIssueId !== null)
    await refreshPassMoney(tx, money.ticketIssueId);
  return { checkoutId: paying.id, owedBefore: money.owed };
};

/** Staff saw the reported transfer arrive: the TRANSFER payment is written and the request is APPROVE. */
export const confirmPayRequest = async (tx: Executor, actor: Actor, gymId: number, id: number) => {
  const row = await lockOwnRequest(tx, gymId, id);
  if (payRequestStatus(row, actor.now) !== 'WAIT') throw refused('payRequestNotWaiting');
  const paid = await settle(
    tx,
    actor,
    row,
    'TRANSFER',
    `${row.reference} · ${row.depositorName ?? ''}`.trim(),
  );
  await tx
    .update(payRequest)
    .set({
      status: 'APPROVE',
      method: 'TRANSFER',
      checkoutId: paid.checkoutId,
      paidAt: actor.now,
      confirmedByMemberId: actor.memberId,
    })
    .where(eq(payRequest.id, id));
  await audited(tx, actor, {
    gymId,
    action: 'pay-request.confirm',
    entity: 'pay-request',
    entityId: id,
    before: { status: 'WAIT', owed: paid.owedBefore },
    after: {
      status: 'APPROVE',
      method: 'TRANSFER',
      amount: row.amount,
      saleId: row.saleId,
      checkoutId: paid.checkoutId,
    },
  });
  await customerChanged(tx, row.memberId, seoulToday(actor.now));
};

// ─── The customer's page (no session; the token is the only key) ───────────────────────────────────────────

/** The token's request, locked for a write (the customer first, then the request), still valid. */
const lockByToken = async (tx: Executor, token: string | undefined, now: Date): Promise<PayRequestRow> => {
  const found = await requestOfToken(tx, token, now);
  await lockCustomer(tx, found.memberId);
  const row = await lockRequest(tx, found.id);
  if (!row || !payRequestLinkOpens(row, now)) throw payRequestInvalid();
  return row;
};

/** The customer says they transferred: the request waits (WAIT) for staff to see the money and confirm. */
export const claimTransfer = async (
  tx: Executor,
  actor: Actor,
  input: { token?: string | undefined; depositorName: string },
): Promise<PayRequestRow> => {
  const row = await lockByToken(tx, input.token, actor.now);
  if (payRequestStatus(row, actor.now) !== 'FIN') throw refused('payRequestClosed');
  if (!(await transferAccountOf(tx, row.gymId))) throw refused('payRequestNoAccount');
  const money = await saleMoneyOf(tx, row.saleId);
  if (!money || money.owed < row.amount) throw refused('payRequestOwedChanged', { owed: money?.owed ?? 0 });
  const depositorName = input.depositorName.trim();
  await tx
    .update(payRequest)
    .set({ status: 'WAIT', method: 'TRANSFER', depositorName, claimedAt: actor.now })
    .where(eq(payRequest.id, row.id));
  await audited(tx, actor, {
    gymId: row.gymId,
    action: 'pay-request.claim',
    entity: 'pay-request',
    entityId: row.id,
    before: { status: 'FIN' },
    after: { status: 'WAIT', method: 'TRANSFER', depositorName, amount: row.amount },
  });
  return { ...row, status: 'WAIT', method: 'TRANSFER', depositorName, claimedAt: actor.now };
};

/** The customer pays by card through the provider: paid at once (APPROVE). A refusal writes nothing. */
export const payByCard = async (
  tx: Executor,
  actor: Actor,
  provider: PaymentProvider,
  input: { token?: string | undefined },
): Promise<PayRequestRow> => {
  const row = await lockByToken(tx, input.token, actor.now);
  if (payRequestStatus(row, actor.now) !== 'FIN') throw refused('payRequestClosed');
  const money = await saleMoneyOf(tx, row.saleId);
  if (!money || money.owed < row.amount) throw refused('payRequestOwedChanged', { owed: money?.owed ?? 0 });
  const charged = await provider.charge({
    gymId: row.gymId,
    payRequestId: row.id,
    saleId: row.saleId,
    amount: row.amount,
    reference: row.reference,
    at: actor.now,
  });
  if (!charged.approved) throw refused('payRequestCardDeclined');
  const note = `${row.reference} · ${charged.provider} ${charged.approvalNumber}`;
  const paid = await settle(tx, actor, row, 'CARD', note);
  await tx
    .update(payRequest)
    .set({ status: 'APPROVE', method: 'CARD', checkoutId: paid.checkoutId, paidAt: actor.now })
    .where(eq(payRequest.id, row.id));
  await audited(tx, actor, {
    gymId: row.gymId,
    action: 'pay-request.pay',
    entity: 'pay-request',
    entityId: row.id,
    before: { status: 'FIN', owed: paid.owedBefore },
    after: {
      status: 'APPROVE',
      method: 'CARD',
      amount: row.amount,
      saleId: row.saleId,
      checkoutId: paid.checkoutId,
      provider: charged.provider,
      approvalNumber: charged.approvalNumber,
      testMode: provider.testMode,
    },
  });
  await customerChanged(tx, row.memberId, seoulToday(actor.now));
  return { ...row, status: 'APPROVE', method: 'CARD', checkoutId: paid.checkoutId, paidAt: actor.now };
};
