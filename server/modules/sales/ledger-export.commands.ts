import dayjs from 'dayjs';
import type { Language, PaymentMethod, SaleAdjustmentKind, SaleItemType } from '#domain/enums.ts';
import { type CsvCell, toCsv } from '#domain/rules/csv.ts';
import { SEOUL } from '#domain/rules/seoul-time.ts';
import { formatPhone } from '#domain/rules/text.ts';
import type { PayHistoryFilter, SalesFilter, UnpaidFilter } from '#domain/schemas/ledger.ts';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../kernel/actor.ts';
import { audited } from '../../kernel/audit.ts';
import { queryRows } from '../../ops/tables.ts';
import { toSalesRow, toUnpaid } from './ledger.mappers.ts';
import { assertFilterIds, LEDGER_EXPORT_MAX, payHistoryTotals, rangeOf } from './ledger.queries.ts';
import {
  type OwingRow,
  owingPage,
  payHistoryRows,
  payHistoryWhere,
  salesRows,
  salesWhere,
} from './ledger.sql.ts';

// The ledger's CSV exports (docs/rules.md#money): the same filters as the lists, up to LEDGER_EXPORT_MAX rows,
// UTF-8 with a BOM so that Excel reads Korean, whole phone numbers (the facility's own record), and an audit row
// `sales.export` in the caller's transaction.

const seoulDateTime = (value: Date | string) => dayjs(value).tz(SEOUL).format('YYYY-MM-DD HH:mm');

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

const filterSnapshot = (filter: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(filter).filter(([k, v]) => v !== undefined && k !== 'gymId' && !k.startsWith('_')),
  );

// ─── The payment history ───────────────────────────────────────────────────────────────────────────────────────

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

/** The payment history's CSV (the same filter, up to LEDGER_EXPORT_MAX lines), the totals by method below. */
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
  await audited(tx, actor, {
    gymId: filter.gymId,
    action: 'sales.export',
    entity: 'payment-line',
    entityId: null,
    after: { list: 'payments', ...filterSnapshot(filter), ...range, rows: rows.length },
  });
  return csv;
};

// ─── Unpaid balances ───────────────────────────────────────────────────────────────────────────────────────────

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

/** The unpaid list's CSV, the total owed below. */
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
  await audited(tx, actor, {
    gymId: filter.gymId,
    action: 'sales.export',
    entity: 'sale',
    entityId: null,
    after: { list: 'unpaid', ...filterSnapshot(filter), rows: rows.length },
  });
  return csv;
};

// ─── The sales list ────────────────────────────────────────────────────────────────────────────────────────────

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

type SalesCsvRow = ReturnType<typeof toSalesRow>;

/** A sale's row, then a reversing row (negative amount) for each adjustment and each refund, as the screen shows. */
const salesCsvRows = (r: SalesCsvRow, language: Language): CsvCell[][] => {
  const refund = language === 'ko' ? '환불' : 'Refund';
  return [
    [
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
    ],
    ...r.adjustments.map((a) => [
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
    ]),
    ...r.refunds.map((p) => [
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
    ]),
  ];
};

/** The sales list's CSV: one row per sale and its reversing rows. */
export const exportSales = async (
  tx: Executor,
  actor: Actor,
  filter: SalesFilter,
  language: Language,
): Promise<string> => {
  const range = rangeOf(filter, actor.now);
  await assertFilterIds(tx, filter.gymId, filter);
  const rows = (await salesRows(tx, salesWhere(filter, range)).limit(LEDGER_EXPORT_MAX)).map(toSalesRow);
  const csv = toCsv(
    salesHeaders[language],
    rows.flatMap((r) => salesCsvRows(r, language)),
  );
  await audited(tx, actor, {
    gymId: filter.gymId,
    action: 'sales.export',
    entity: 'sale',
    entityId: null,
    after: { list: 'sales', ...filterSnapshot(filter), ...range, rows: rows.length },
  });
  return csv;
};
