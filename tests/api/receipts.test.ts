import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cashReceiptDueRoute } from '#domain/api/receipt.ts';
import { auditLog, cashReceipt, checkout, sale, taxInvoice } from '#server/db/schema/index.ts';
import { apiClient, type QueryOf } from '../fixtures/api.ts';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { makeCustomer, makeTicket, sellOk, setNow } from '../fixtures/customers.ts';
import { type Cookies, makeActiveGym, makeGym } from '../fixtures/gyms.ts';

// Cash receipts and tax invoices (docs/rules.md#cash-receipts, docs/rules.md#tax-invoices): the due list with the
// mandatory flag, the 5-day deadline and OVERDUE; issuing to an identifier of the right shape or self-issued; one
// issued receipt per checkout, also under concurrency; cancelling with a reason and issuing again; tax invoices
// for what was paid, refused for a card sale or an unpaid one; one proof per supply (a receipt or an invoice,
// never both, also when the two race); the month's CSV. The clock starts on Monday
// 2026-03-02 at 09:00 KST.

let t: TestApp;
let owner: Cookies;
let gymId: number;
let ticketId: number;

const NOW = '2026-03-02T00:00:00Z';

const api = apiClient(() => t.app, { cookies: () => owner });

const send = (method: 'GET' | 'POST', url: string, payload?: unknown, cookies: Cookies = owner) =>
  t.app.inject({ method, url, cookies, ...(payload === undefined ? {} : { payload: payload as object }) });

/** A customer buys the 600,000-won pass with these payments: the checkout and the sale it wrote. */
const buy = async (payments: { method: string; amount: number }[]) => {
  const customer = await makeCustomer(t, owner, gymId);
  await sellOk(t, owner, { gymId, memberId: customer.id, ticketId, startDate: '2026-03-02', payments });
  const [head] = await t.db
    .select()
    .from(checkout)
    .where(eq(checkout.memberId, customer.id))
    .orderBy(desc(checkout.id))
    .limit(1);
  const [row] = await t.db.select().from(sale).where(eq(sale.memberId, customer.id));
  return { customer, checkoutId: head!.id, saleId: row!.id };
};

const due = (query: Omit<QueryOf<typeof cashReceiptDueRoute>, 'gymId'> = {}) =>
  api.call(cashReceiptDueRoute, { query: { gymId, ...query } });

const issue = (body: Record<string, unknown>) => send('POST', '/web/receipt/cash', { gymId, ...body });

const receiptsOf = async (checkoutId: number) =>
  (await t.db.select({ n: count() }).from(cashReceipt).where(eq(cashReceipt.checkoutId, checkoutId)))[0]!.n;

const auditCount = async (action: string) =>
  (
    await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.gymId, gymId), eq(auditLog.action, action as never)))
  )[0]!.n;

beforeAll(async () => {
  t = await createTestApp({ config: { session: { idleMs: 30 * 86_400_000, absoluteMs: 30 * 86_400_000 } } });
  setNow(t, NOW);
  const made = await makeActiveGym(t);
  owner = made.owner.cookies;
  gymId = made.gym.id;
  ticketId = (await makeTicket(t, owner, gymId)).id;
}, 60_000);
beforeEach(() => setNow(t, NOW));
afterAll(() => t?.close());

describe('the cash receipts due', () => {
  it('lists checkouts with cash or transfer, flags ≥ 100,000 won as mandatory with the 5-day deadline', async () => {
    const big = await buy([{ method: 'CASH', amount: 150_000 }]);
    const small = await buy([
      { method: 'TRANSFER', amount: 50_000 },
      { method: 'CARD', amount: 100_000 },
    ]);
    const card = await buy([{ method: 'CARD', amount: 600_000 }]);
    const all = await due();
    const byId = new Map(all.data.map((r) => [r.checkoutId, r]));
    expect(byId.get(big.checkoutId)).toMatchObject({
      cashPaid: 150_000,
      cashReceiptRequired: true,
      paidOn: '2026-03-02',
      cashReceiptDeadline: '2026-03-07',
      state: 'DUE',
      receipt: null,
    });
    expect(byId.get(small.checkoutId)).toMatchObject({
      cashPaid: 50_000,
      cashReceiptRequired: false,
      state: 'OPTIONAL',
    });
    expect(byId.has(card.checkoutId)).toBe(false);
    const mandatory = await due({ state: 'DUE' });
    expect(mandatory.data.map((r) => r.checkoutId)).toContain(big.checkoutId);
    expect(mandatory.data.map((r) => r.checkoutId)).not.toContain(small.checkoutId);

    // The deadline day itself is still DUE; the day after, OVERDUE.
    setNow(t, '2026-03-07T14:00:00Z'); // 23:00 KST on the 7th
    expect((await due()).data.find((r) => r.checkoutId === big.checkoutId)?.state).toBe('DUE');
    expect((await due({ state: 'OVERDUE' })).data.map((r) => r.checkoutId)).not.toContain(big.checkoutId);
    setNow(t, '2026-03-07T15:00:00Z'); // 00:00 KST on the 8th
    expect((await due()).data.find((r) => r.checkoutId === big.checkoutId)?.state).toBe('OVERDUE');
    expect((await due({ state: 'OVERDUE' })).data.map((r) => r.checkoutId)).toContain(big.checkoutId);
  });

  it('pages the list with its total', async () => {
    const page = await due({ _start: 0, _end: 1 });
    expect(page.data).toHaveLength(1);
    expect(page.total).toBeGreaterThanOrEqual(2);
    const past = await due({ _start: 1000, _end: 1001 });
    expect(past.data).toHaveLength(0);
    expect(past.total).toBe(page.total);
  });
});

describe('issuing a cash receipt', () => {
  it('refuses an identifier of the wrong shape on its field, writing nothing', async () => {
    const { checkoutId } = await buy([{ method: 'CASH', amount: 150_000 }]);
    const cases: [string, string][] = [
      ['PHONE', '010-123-456'],
      ['PHONE', '02-1234-5678'],
      ['CARD', '123456789012'],
      ['BUSINESS', '123-456-7890'],
    ];
    for (const [identifierType, identifier] of cases) {
      const response = await issue({ checkoutId, purpose: 'INCOME_DEDUCTION', identifierType, identifier });
      expect(response.statusCode, `${identifierType} ${identifier}`).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual(['identifier']);
    }
    const missing = await issue({ checkoutId, purpose: 'INCOME_DEDUCTION', identifierType: 'PHONE' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors)).toEqual(['identifier']);
    const unknown = await issue({
      checkoutId,
      purpose: 'GIFT',
      identifierType: 'PHONE',
      identifier: '01012345678',
    });
    expect(unknown.statusCode).toBe(400);
    expect(await receiptsOf(checkoutId)).toBe(0);
  });

  it('issues for the cash and transfer part with supply and VAT, in test mode, once', async () => {
    const { checkoutId } = await buy([
      { method: 'CASH', amount: 100_000 },
      { method: 'TRANSFER', amount: 10_000 },
      { method: 'CARD', amount: 90_000 },
    ]);
    const before = await auditCount('cash-receipt.issue');
    const response = await issue({
      checkoutId,
      purpose: 'INCOME_DEDUCTION',
      identifierType: 'PHONE',
      identifier: '010-1234-5678',
    });
    expect(response.statusCode, response.body).toBe(201);
    const receipt = response.json().data;
    expect(receipt).toMatchObject({
      checkoutId,
      amount: 110_000,
      supply: 100_000,
      vat: 10_000,
      status: 'ISSUED',
      identifierType: 'PHONE',
      identifierMasked: '010-****-5678',
      selfIssued: false,
      testMode: true,
      provider: 'test-mode',
    });
    expect(receipt.approvalNumber).toMatch(/^TEST-/);
    expect(await auditCount('cash-receipt.issue')).toBe(before + 1);
    const again = await issue({
      checkoutId,
      purpose: 'EXPENSE_PROOF',
      identifierType: 'BUSINESS',
      identifier: '123-45-67890',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().reason).toBe('receiptAlreadyIssued');
    expect(await receiptsOf(checkoutId)).toBe(1);
    const row = (await due({ state: 'ISSUED' })).data.find((r) => r.checkoutId === checkoutId);
    expect(row).toMatchObject({ state: 'ISSUED', receipt: { id: receipt.id, status: 'ISSUED' } });
  });

  it('issues once when two staff issue the same receipt at the same moment', async () => {
    const { checkoutId } = await buy([{ method: 'CASH', amount: 200_000 }]);
    const body = {
      checkoutId,
      purpose: 'INCOME_DEDUCTION',
      identifierType: 'CARD',
      identifier: '1234567890123',
    };
    const answers = await Promise.all([issue(body), issue(body), issue(body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await receiptsOf(checkoutId)).toBe(1);
  });

  it('self-issues to 010-000-1234 for income deduction when the customer gave no number', async () => {
    const { checkoutId } = await buy([{ method: 'TRANSFER', amount: 330_000 }]);
    const response = await issue({
      checkoutId,
      purpose: 'EXPENSE_PROOF',
      identifierType: 'BUSINESS',
      selfIssue: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({
      amount: 330_000,
      supply: 300_000,
      vat: 30_000,
      purpose: 'INCOME_DEDUCTION',
      identifierType: 'PHONE',
      selfIssued: true,
    });
    const [row] = await t.db.select().from(cashReceipt).where(eq(cashReceipt.checkoutId, checkoutId));
    expect(row?.identifier).toBe('0100001234');
  });

  it('accepts a business number for expense proof, and refuses a checkout without cash', async () => {
    const { checkoutId } = await buy([{ method: 'CASH', amount: 20_000 }]);
    const response = await issue({
      checkoutId,
      purpose: 'EXPENSE_PROOF',
      identifierType: 'BUSINESS',
      identifier: '1234567890',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.identifierMasked).toBe('123-45-67890');
    const card = await buy([{ method: 'CARD', amount: 100_000 }]);
    const refused = await issue({
      checkoutId: card.checkoutId,
      purpose: 'INCOME_DEDUCTION',
      selfIssue: true,
      identifierType: 'PHONE',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().reason).toBe('receiptNothingCash');
  });

  it('cancels with a reason through the provider, and a new receipt may follow', async () => {
    const { checkoutId } = await buy([{ method: 'CASH', amount: 110_000 }]);
    const issued = (
      await issue({
        checkoutId,
        purpose: 'INCOME_DEDUCTION',
        identifierType: 'PHONE',
        identifier: '01098765432',
      })
    ).json().data;
    const noReason = await send('POST', `/web/receipt/cash/${issued.id}/cancel`, { gymId, reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    const before = await auditCount('cash-receipt.cancel');
    const cancelled = await send('POST', `/web/receipt/cash/${issued.id}/cancel`, {
      gymId,
      reason: '번호 오입력',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 'CANCELLED', cancelReason: '번호 오입력' });
    expect(await auditCount('cash-receipt.cancel')).toBe(before + 1);
    const twice = await send('POST', `/web/receipt/cash/${issued.id}/cancel`, { gymId, reason: '다시' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().reason).toBe('receiptNotIssued');
    expect((await due()).data.find((r) => r.checkoutId === checkoutId)?.state).toBe('DUE');
    const reissued = await issue({
      checkoutId,
      purpose: 'INCOME_DEDUCTION',
      identifierType: 'PHONE',
      identifier: '01098765431',
    });
    expect(reissued.statusCode, reissued.body).toBe(201);
    expect(await receiptsOf(checkoutId)).toBe(2);
  });

  it('answers 404 for a checkout that does not exist', async () => {
    const response = await issue({
      checkoutId: 999_999,
      purpose: 'INCOME_DEDUCTION',
      selfIssue: true,
      identifierType: 'PHONE',
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('tax invoices', () => {
  const invoice = (body: Record<string, unknown>) =>
    send('POST', '/web/receipt/tax-invoice', { gymId, buyerName: '(주)고객사', ...body });

  it('invoices what was paid on a sale, split by VAT, with the facility as the supplier', async () => {
    const { saleId, customer } = await buy([{ method: 'TRANSFER', amount: 220_000 }]);
    const before = await auditCount('tax-invoice.issue');
    const response = await invoice({
      saleId,
      buyerBusinessNumber: '123-45-67890',
      buyerEmail: 'tax@example.com',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({
      saleId,
      memberId: customer.id,
      total: 220_000,
      supply: 200_000,
      vat: 20_000,
      supplierBusinessNumber: '220-81-62517',
      supplierRepresentative: '김대표',
      buyerBusinessNumber: '123-45-67890',
      buyerName: '(주)고객사',
      supplyDate: '2026-03-02',
      status: 'ISSUED',
      testMode: true,
    });
    expect(response.json().data.approvalNumber).toMatch(/^TEST-/);
    expect(await auditCount('tax-invoice.issue')).toBe(before + 1);
    const again = await invoice({ saleId, buyerBusinessNumber: '1234567890' });
    expect(again.statusCode).toBe(409);
    expect(again.json().reason).toBe('taxInvoiceAlreadyIssued');

    const list = await send('GET', `/web/receipt/tax-invoice?gymId=${gymId}&from=2026-03-01&to=2026-03-31`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((r: { saleId: number }) => r.saleId)).toContain(saleId);

    const id = response.json().data.id;
    const cancelled = await send('POST', `/web/receipt/tax-invoice/${id}/cancel`, {
      gymId,
      reason: '공급가액 오류',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 'CANCELLED', cancelReason: '공급가액 오류' });
    const reissued = await invoice({ saleId, buyerBusinessNumber: '1234567890', supplyDate: '2026-03-03' });
    expect(reissued.statusCode, reissued.body).toBe(201);
    expect(reissued.json().data.supplyDate).toBe('2026-03-03');
  });

  it('refuses a card sale (the slip serves), an unpaid sale and a malformed buyer number, writing nothing', async () => {
    const card = await buy([
      { method: 'CASH', amount: 100_000 },
      { method: 'CARD', amount: 10_000 },
    ]);
    const unpaid = await buy([]);
    const count0 = (await t.db.select({ n: count() }).from(taxInvoice))[0]!.n;
    const cardAnswer = await invoice({ saleId: card.saleId, buyerBusinessNumber: '123-45-67890' });
    expect(cardAnswer.statusCode).toBe(409);
    expect(cardAnswer.json().reason).toBe('taxInvoiceCardSale');
    const unpaidAnswer = await invoice({ saleId: unpaid.saleId, buyerBusinessNumber: '123-45-67890' });
    expect(unpaidAnswer.statusCode).toBe(409);
    expect(unpaidAnswer.json().reason).toBe('taxInvoiceUnpaid');
    const shape = await invoice({ saleId: card.saleId, buyerBusinessNumber: '12-345-67890' });
    expect(shape.statusCode).toBe(400);
    expect(Object.keys(shape.json().errors)).toEqual(['buyerBusinessNumber']);
    expect((await t.db.select({ n: count() }).from(taxInvoice))[0]!.n).toBe(count0);

    const candidates = await send(
      'GET',
      `/web/receipt/tax-invoice/candidates?gymId=${gymId}&memberId=${card.customer.id}`,
    );
    expect(candidates.statusCode).toBe(200);
    expect(candidates.json().data[0]).toMatchObject({
      saleId: card.saleId,
      paid: 110_000,
      hasCard: true,
      refusal: 'taxInvoiceCardSale',
    });
  });

  it('refuses a facility that is not verified as the supplier', async () => {
    const unverified = await makeGym(t.app);
    const cookies = unverified.owner.cookies;
    const otherGym = unverified.gym.id;
    const product = await makeTicket(t, cookies, otherGym);
    const customer = await makeCustomer(t, cookies, otherGym);
    const sold = await t.app.inject({
      method: 'POST',
      url: '/web/ticket-issue/sell',
      cookies,
      payload: {
        gymId: otherGym,
        memberId: customer.id,
        ticketId: product.id,
        startDate: '2026-03-02',
        payments: [{ method: 'CASH', amount: 100_000 }],
      },
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const [row] = await t.db.select().from(sale).where(eq(sale.memberId, customer.id));
    const response = await t.app.inject({
      method: 'POST',
      url: '/web/receipt/tax-invoice',
      cookies,
      payload: { gymId: otherGym, saleId: row!.id, buyerBusinessNumber: '123-45-67890', buyerName: '구매자' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().reason).toBe('supplierNotVerified');
  });
});

describe('one proof per supply: a cash receipt or a tax invoice, never both', () => {
  const invoice = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/web/receipt/tax-invoice',
      cookies: owner,
      headers,
      payload: { gymId, buyerName: '(주)고객사', buyerBusinessNumber: '123-45-67890', ...body },
    });
  const receiptBody = (checkoutId: number) => ({
    checkoutId,
    purpose: 'EXPENSE_PROOF',
    identifierType: 'BUSINESS',
    identifier: '123-45-67890',
  });
  /** Every row a refusal must leave alone: the facility's receipts, invoices and audit rows. */
  const rows = async () => ({
    receipts: (await t.db.select({ n: count() }).from(cashReceipt).where(eq(cashReceipt.gymId, gymId)))[0]!.n,
    invoices: (await t.db.select({ n: count() }).from(taxInvoice).where(eq(taxInvoice.gymId, gymId)))[0]!.n,
    audit: (await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.gymId, gymId)))[0]!.n,
  });
  const issuedFor = async (checkoutId: number, saleId: number) => ({
    receipts: (
      await t.db
        .select({ n: count() })
        .from(cashReceipt)
        .where(and(eq(cashReceipt.checkoutId, checkoutId), eq(cashReceipt.status, 'ISSUED')))
    )[0]!.n,
    invoices: (
      await t.db
        .select({ n: count() })
        .from(taxInvoice)
        .where(and(eq(taxInvoice.saleId, saleId), eq(taxInvoice.status, 'ISSUED')))
    )[0]!.n,
  });
  const dueRow = async (checkoutId: number) => (await due()).data.find((r) => r.checkoutId === checkoutId);

  it('refuses a tax invoice on a sale a cash receipt covers, naming the receipt; allows it once cancelled', async () => {
    const { checkoutId, saleId, customer } = await buy([{ method: 'CASH', amount: 220_000 }]);
    const receipt = (await issue(receiptBody(checkoutId))).json().data;
    expect(receipt.status).toBe('ISSUED');

    const candidates = await send(
      'GET',
      `/web/receipt/tax-invoice/candidates?gymId=${gymId}&memberId=${customer.id}`,
    );
    expect(candidates.json().data[0]).toMatchObject({ saleId, refusal: 'proofCashReceiptIssued' });

    const before = await rows();
    const refused = await invoice({ saleId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CONFLICT',
      reason: 'proofCashReceiptIssued',
      details: { proof: 'CASH_RECEIPT', proofId: receipt.id, approvalNumber: receipt.approvalNumber },
    });
    expect(refused.json().message).toContain(receipt.approvalNumber);
    expect(refused.json().message).toMatch(/cash receipt/i);
    const korean = await invoice({ saleId }, { 'accept-language': 'ko' });
    expect(korean.statusCode).toBe(409);
    expect(korean.json().message).toContain('현금영수증');
    expect(korean.json().message).toContain(receipt.approvalNumber);
    expect(await rows()).toEqual(before);

    const cancelled = await send('POST', `/web/receipt/cash/${receipt.id}/cancel`, {
      gymId,
      reason: '세금계산서로 대체',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const issued = await invoice({ saleId });
    expect(issued.statusCode, issued.body).toBe(201);
    expect(await issuedFor(checkoutId, saleId)).toEqual({ receipts: 0, invoices: 1 });
  });

  it('refuses a cash receipt on a payment a tax invoice covers, which is then neither due nor overdue', async () => {
    const { checkoutId, saleId } = await buy([{ method: 'TRANSFER', amount: 150_000 }]);
    expect((await dueRow(checkoutId))?.state).toBe('DUE');
    const made = await invoice({ saleId });
    expect(made.statusCode, made.body).toBe(201);
    const number = made.json().data.approvalNumber as string;

    // The tax invoice is the proof: the payment owes no cash receipt, and the list says why.
    expect(await dueRow(checkoutId)).toMatchObject({ state: 'INVOICED', taxInvoiceApprovalNumber: number });
    expect((await due({ state: 'DUE' })).data.map((r) => r.checkoutId)).not.toContain(checkoutId);
    setNow(t, '2026-03-20T00:00:00Z');
    expect((await due({ state: 'OVERDUE' })).data.map((r) => r.checkoutId)).not.toContain(checkoutId);
    setNow(t, NOW);

    const before = await rows();
    for (const body of [
      receiptBody(checkoutId),
      { checkoutId, purpose: 'INCOME_DEDUCTION', identifierType: 'PHONE', selfIssue: true },
    ]) {
      const refused = await issue(body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        reason: 'proofTaxInvoiceIssued',
        details: { proof: 'TAX_INVOICE', proofId: made.json().data.id, approvalNumber: number },
      });
      expect(refused.json().message).toContain(number);
    }
    expect(await rows()).toEqual(before);

    const cancelled = await send('POST', `/web/receipt/tax-invoice/${made.json().data.id}/cancel`, {
      gymId,
      reason: '현금영수증으로 대체',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await dueRow(checkoutId)).toMatchObject({ state: 'DUE', taxInvoiceApprovalNumber: null });
    const receipt = await issue(receiptBody(checkoutId));
    expect(receipt.statusCode, receipt.body).toBe(201);
    expect(await issuedFor(checkoutId, saleId)).toEqual({ receipts: 1, invoices: 0 });
  });

  it('links a sale to every checkout that took cash for it: a receipt on a collection blocks the invoice', async () => {
    // 600,000 won: 300,000 in cash at the sale, the rest collected by transfer a day later.
    const { checkoutId: first, saleId } = await buy([{ method: 'CASH', amount: 300_000 }]);
    setNow(t, '2026-03-03T01:00:00Z');
    const collected = await send('POST', `/web/sales/${saleId}/collect`, {
      gymId,
      payments: [{ method: 'TRANSFER', amount: 300_000 }],
    });
    expect(collected.statusCode, collected.body).toBe(200);
    const second = collected.json().data.checkoutId as number;
    expect(second).not.toBe(first);
    const receipt = (await issue(receiptBody(second))).json().data;
    expect(receipt.status).toBe('ISSUED');

    const before = await rows();
    const refused = await invoice({ saleId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().details).toMatchObject({ proof: 'CASH_RECEIPT', proofId: receipt.id });
    expect(await rows()).toEqual(before);

    // Cancelled, the sale may be invoiced whole; then neither of its payments gets a receipt.
    await send('POST', `/web/receipt/cash/${receipt.id}/cancel`, { gymId, reason: '세금계산서 요청' });
    const made = await invoice({ saleId });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.total).toBe(600_000);
    for (const checkoutId of [first, second]) {
      const again = await issue(receiptBody(checkoutId));
      expect(again.statusCode).toBe(409);
      expect(again.json().reason).toBe('proofTaxInvoiceIssued');
      expect((await dueRow(checkoutId))?.state).toBe('INVOICED');
    }
  });

  it('issues exactly one proof when a receipt and an invoice for the same sale race', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { checkoutId, saleId } = await buy([{ method: 'CASH', amount: 200_000 }]);
      const before = await rows();
      const calls = [issue(receiptBody(checkoutId)), invoice({ saleId })];
      const answers = await Promise.all(round % 2 === 0 ? calls : calls.reverse());
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes, answers.map((a) => a.body).join('\n')).toEqual([201, 409]);
      const loser = answers.find((a) => a.statusCode === 409)!.json();
      expect(['proofCashReceiptIssued', 'proofTaxInvoiceIssued']).toContain(loser.reason);
      const issued = await issuedFor(checkoutId, saleId);
      expect(issued.receipts + issued.invoices).toBe(1);
      const after = await rows();
      // One row written, with its one audit row.
      expect(after.receipts + after.invoices).toBe(before.receipts + before.invoices + 1);
      expect(after.audit).toBe(before.audit + 1);
    }
  });
});

describe('the settings and the export', () => {
  it('says the provider is in test mode and names the supplier', async () => {
    const response = await send('GET', `/web/receipt/settings?gymId=${gymId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      provider: 'test-mode',
      testMode: true,
      supplierBusinessNumber: '220-81-62517',
    });
  });

  it("exports the month's receipts and invoices, issued and cancelled, with a BOM, and audits it", async () => {
    const before = await auditCount('receipt.export');
    const response = await t.app.inject({
      method: 'GET',
      url: `/web/receipt/export.csv?gymId=${gymId}&month=2026-03`,
      cookies: owner,
      headers: { 'accept-language': 'ko' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const body = response.body;
    expect(body.charCodeAt(0)).toBe(0xfeff);
    expect(body).toContain('현금영수증');
    expect(body).toContain('세금계산서');
    expect(body).toContain('취소');
    expect(body).toContain('테스트 모드');
    expect(body).not.toContain('01098765432');
    const receipts = await t.db.select().from(cashReceipt).where(eq(cashReceipt.gymId, gymId));
    for (const r of receipts) expect(body).toContain(r.approvalNumber);
    expect(await auditCount('receipt.export')).toBe(before + 1);
    const empty = await send('GET', `/web/receipt/export.csv?gymId=${gymId}&month=2025-01`);
    expect(empty.statusCode).toBe(200);
    expect(empty.body.trim().split('\n')).toHaveLength(1);
    const bad = await send('GET', `/web/receipt/export.csv?gymId=${gymId}&month=2026-13`);
    expect(bad.statusCode).toBe(400);
  });
});
