import dayjs from 'dayjs';
import { and, eq, gte, lt, or } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Language } from '#domain/enums.ts';
import { toCsv } from '#domain/rules/csv.ts';
import { formatBusinessNumber } from '#domain/rules/money.ts';
import type { Executor } from '../../db/client.ts';
import { cashReceipt, member, sale, taxInvoice } from '../../db/schema/index.ts';
import type { Actor } from '../../kernel/actor.ts';
import { audited } from '../../kernel/audit.ts';
import { invoiceSelect, maskIdentifier, seoulTimeOf } from './receipt.mappers.ts';
import { dayStart } from './receipt.sql.ts';
import { isTestModeReceipt } from './receipt-provider.ts';

// The accountant's export of a month's receipts and invoices (docs/rules.md#cash-receipts).

// ---------------------------------------------------------------------------------------------------------
// The accountant's export

const EXPORT_MAX = 20_000;

const exportHeaders: Record<Language, string[]> = {
  ko: [
    '구분',
    '발급일시',
    '상태',
    '취소일시',
    '취소 사유',
    '승인번호',
    '발급처',
    '고객',
    '용도',
    '식별번호',
    '자진발급',
    '공급일자',
    '공급받는자 사업자번호',
    '공급받는자 상호',
    '품목',
    '합계',
    '공급가액',
    '부가세',
  ],
  en: [
    'Type',
    'Issued at',
    'Status',
    'Cancelled at',
    'Cancel reason',
    'Approval number',
    'Provider',
    'Customer',
    'Purpose',
    'Identifier',
    'Self-issued',
    'Supply date',
    'Buyer business number',
    'Buyer name',
    'Item',
    'Total',
    'Supply',
    'VAT',
  ],
};

const exportLabels = {
  ko: {
    cash: '현금영수증',
    invoice: '세금계산서',
    ISSUED: '발급',
    CANCELLED: '취소',
    INCOME_DEDUCTION: '소득공제',
    EXPENSE_PROOF: '지출증빙',
    yes: '예',
    testMode: '테스트 모드',
  },
  en: {
    cash: 'Cash receipt',
    invoice: 'Tax invoice',
    ISSUED: 'Issued',
    CANCELLED: 'Cancelled',
    INCOME_DEDUCTION: 'Income deduction',
    EXPENSE_PROOF: 'Expense proof',
    yes: 'Yes',
    testMode: 'test mode',
  },
} as const;

/** The month's bounds as instants: the first Seoul day of the month to the first of the next. */
const monthBounds = (month: string) => {
  const first = `${month}-01`;
  const next = dayjs.utc(first).add(1, 'month').format('YYYY-MM-DD');
  return { start: dayStart(first), end: dayStart(next) };
};

/**
 * Every cash receipt and tax invoice issued or cancelled in a month, for the accountant (docs/rules.md#cash-
 * receipts): a CSV in UTF-8 with a BOM (Excel reads Korean), phone and card identifiers masked, business numbers
 * whole; written to the audit log (`receipt.export`) with its month and row counts.
 */
export const exportReceipts = async (
  tx: Executor,
  actor: Actor,
  gymId: number,
  month: string,
  language: Language,
): Promise<string> => {
  const { start, end } = monthBounds(month);
  const inMonth = (issued: PgColumn, cancelled: PgColumn) =>
    or(and(gte(issued, start), lt(issued, end)), and(gte(cancelled, start), lt(cancelled, end)));
  const cash = await tx
    .select({ receipt: cashReceipt, memberName: member.name })
    .from(cashReceipt)
    .innerJoin(member, eq(member.id, cashReceipt.memberId))
    .where(and(eq(cashReceipt.gymId, gymId), inMonth(cashReceipt.issuedAt, cashReceipt.cancelledAt)))
    .orderBy(cashReceipt.issuedAt, cashReceipt.id)
    .limit(EXPORT_MAX);
  const invoices = await tx
    .select(invoiceSelect)
    .from(taxInvoice)
    .innerJoin(member, eq(member.id, taxInvoice.memberId))
    .innerJoin(sale, eq(sale.id, taxInvoice.saleId))
    .where(and(eq(taxInvoice.gymId, gymId), inMonth(taxInvoice.issuedAt, taxInvoice.cancelledAt)))
    .orderBy(taxInvoice.issuedAt, taxInvoice.id)
    .limit(EXPORT_MAX);
  const l = exportLabels[language];
  const provider = (row: { provider: string; approvalNumber: string }) =>
    isTestModeReceipt(row) ? `${row.provider} (${l.testMode})` : row.provider;
  const data = [
    ...cash.map(({ receipt: r, memberName }) => ({
      at: r.issuedAt.getTime(),
      cells: [
        l.cash,
        seoulTimeOf(r.issuedAt),
        l[r.status],
        r.cancelledAt ? seoulTimeOf(r.cancelledAt) : '',
        r.cancelReason ?? '',
        r.approvalNumber,
        provider(r),
        memberName,
        l[r.purpose],
        maskIdentifier(r.identifierType, r.identifier),
        r.selfIssued === 'Y' ? l.yes : '',
        r.paidOn,
        '',
        '',
        '',
        r.amount,
        r.supply,
        r.vat,
      ],
    })),
    ...invoices.map(({ invoice: r, memberName, itemName }) => ({
      at: r.issuedAt.getTime(),
      cells: [
        l.invoice,
        seoulTimeOf(r.issuedAt),
        l[r.status],
        r.cancelledAt ? seoulTimeOf(r.cancelledAt) : '',
        r.cancelReason ?? '',
        r.approvalNumber,
        provider(r),
        memberName,
        '',
        '',
        '',
        r.supplyDate,
        formatBusinessNumber(r.buyerBusinessNumber),
        r.buyerName,
        itemName,
        r.total,
        r.supply,
        r.vat,
      ],
    })),
  ].sort((a, b) => a.at - b.at);
  const csv = toCsv(
    exportHeaders[language],
    data.map((d) => d.cells),
  );
  await audited(tx, actor, {
    gymId,
    action: 'receipt.export',
    entity: 'receipt',
    entityId: null,
    after: { month, cashReceipts: cash.length, taxInvoices: invoices.length },
  });
  return csv;
};
