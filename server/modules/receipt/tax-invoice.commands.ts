import { and, eq, sql } from 'drizzle-orm';
import { checkReceiptIdentifier, formatBusinessNumber, splitVat } from '#domain/rules/money.ts';
import { taxInvoiceRefusal } from '#domain/rules/receipts.ts';
import type { TaxInvoiceIssueBody } from '#domain/schemas/receipt.ts';
import type { Executor } from '../../db/client.ts';
import { gym, sale, taxInvoice } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import type { Actor } from '../../kernel/actor.ts';
import { audited } from '../../kernel/audit.ts';
import { seoulDayOf } from './receipt.mappers.ts';
import { badField, proofIssued, refused } from './receipt.refusals.ts';
import { receiptOfSale, saleMoney } from './receipt.sql.ts';
import type { ReceiptProvider } from './receipt-provider.ts';

// Tax invoices: issue and cancel, each in the transaction it is given, with its audit row (docs/rules.md#tax-invoices).

/**
 * Issues a tax invoice for a sale (docs/rules.md#tax-invoices): the supplier is the facility's verified details,
 * the total what was paid on the sale (less refunds), split by `splitVat(total, sale.vatMode)`. A sale any card
 * took is refused (the card slip serves), so is one with nothing paid, and a second issued invoice.
 */
export const issueTaxInvoice = async (
  tx: Executor,
  provider: ReceiptProvider,
  actor: Actor,
  body: TaxInvoiceIssueBody,
): Promise<number> => {
  const buyer = checkReceiptIdentifier('BUSINESS', body.buyerBusinessNumber);
  if (!buyer.ok) throw badField('buyerBusinessNumber', 'receiptBusinessShape');
  const [row] = await tx
    .select()
    .from(sale)
    .where(and(eq(sale.id, body.saleId), eq(sale.gymId, body.gymId)))
    .for('update');
  if (!row) throw notFound();
  const [money] = await tx
    .select(saleMoney(sql`${sale.id}`))
    .from(sale)
    .where(eq(sale.id, row.id));
  // The sale's row is locked, and a cash receipt locks the sales of its checkout before it looks for an invoice:
  // so a receipt issued at the same moment is either committed and seen here, or waits and then sees this one.
  const refusal = taxInvoiceRefusal({
    paid: money?.paid ?? 0,
    hasCard: Boolean(money?.hasCard),
    invoiced: Boolean(money?.invoiced),
  });
  if (refusal) throw refused(refusal);
  const receipt = await receiptOfSale(tx, row.id);
  if (receipt) throw proofIssued('proofCashReceiptIssued', receipt);
  const [supplier] = await tx
    .select({
      name: gym.name,
      businessNo: gym.businessNo,
      representName: gym.representName,
      gymStatus: gym.gymStatus,
    })
    .from(gym)
    .where(eq(gym.id, body.gymId));
  const supplierDigits = supplier?.businessNo?.replace(/\D/g, '') ?? '';
  if (supplier?.gymStatus !== 'ACTIVE' || supplierDigits.length !== 10) throw refused('supplierNotVerified');
  const total = money!.paid;
  const { supply, vat } = splitVat(total, row.vatMode);
  const supplyDate = body.supplyDate ?? seoulDayOf(row.createDate);
  const request = {
    gymId: body.gymId,
    saleId: row.id,
    supplierBusinessNumber: supplierDigits,
    supplierName: supplier.name,
    supplierRepresentative: supplier.representName,
    buyerBusinessNumber: buyer.digits,
    buyerName: body.buyerName,
    buyerEmail: body.buyerEmail ?? null,
    total,
    supply,
    vat,
    supplyDate,
    issuedAt: actor.now,
  };
  const approval = await provider.issueTaxInvoice(request);
  const { issuedAt, ...values } = request;
  const [inserted] = await tx
    .insert(taxInvoice)
    .values({
      ...values,
      memberId: row.memberId,
      status: 'ISSUED',
      provider: provider.name,
      approvalNumber: approval.approvalNumber,
      issuedAt,
      createdByMemberId: actor.memberId,
      createDate: actor.now,
    })
    .returning({ id: taxInvoice.id });
  await audited(tx, actor, {
    gymId: body.gymId,
    action: 'tax-invoice.issue',
    entity: 'tax-invoice',
    entityId: inserted!.id,
    after: {
      saleId: row.id,
      buyerBusinessNumber: formatBusinessNumber(buyer.digits),
      buyerName: body.buyerName,
      total,
      supply,
      vat,
      supplyDate,
      provider: provider.name,
      approvalNumber: approval.approvalNumber,
    },
  });
  return inserted!.id;
};

export const cancelTaxInvoice = async (
  tx: Executor,
  provider: ReceiptProvider,
  actor: Actor,
  gymId: number,
  id: number,
  reason: string,
): Promise<void> => {
  const [row] = await tx
    .select()
    .from(taxInvoice)
    .where(and(eq(taxInvoice.id, id), eq(taxInvoice.gymId, gymId)))
    .for('update');
  if (!row) throw notFound();
  if (row.status !== 'ISSUED') throw refused('receiptNotIssued');
  await provider.cancelTaxInvoice({ approvalNumber: row.approvalNumber, reason, cancelledAt: actor.now });
  await tx
    .update(taxInvoice)
    .set({ status: 'CANCELLED', cancelledAt: actor.now, cancelReason: reason })
    .where(eq(taxInvoice.id, id));
  await audited(tx, actor, {
    gymId,
    action: 'tax-invoice.cancel',
    entity: 'tax-invoice',
    entityId: id,
    before: { status: 'ISSUED', approvalNumber: row.approvalNumber, total: row.total },
    after: { status: 'CANCELLED', reason },
  });
};
