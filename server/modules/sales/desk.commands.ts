import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { PaymentMethod } from '#domain/enums.ts';
import { checkoutFigures, type DeskQuoteItem, quoteDesk } from '#domain/rules/desk.ts';
import { allocatePayments, type PromotionTerms } from '#domain/rules/money.ts';
import { isSellable, saleLabel } from '#domain/rules/passes.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { CheckoutInput, CheckoutResult, DeskPromotion } from '#domain/schemas/desk.ts';
import type { Executor } from '../../db/client.ts';
import {
  gymMember,
  locker,
  member,
  type ProductRow,
  product,
  promotion,
  sale,
  type TicketRow,
  ticket,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { Actor } from '../../kernel/actor.ts';
import { audited } from '../../kernel/audit.ts';
import { customerChanged } from '../../kernel/customer-summary.ts';
import { openCheckout, refreshPassMoney, writePaymentLines } from '../../kernel/money-lines.ts';
import { refusalsOf } from '../../kernel/refusal.ts';
import { assertUnpaidChosen } from '../../kernel/unpaid-choice.ts';
import { assertLockerAddOn } from '../locker/locker.queries.ts';
import { rentLocker } from '../locker/rental.commands.ts';
import { sellPassSale } from '../pass/pass.commands.ts';
import { liveCustomer } from '../pass/pass.queries.ts';
import { promotionsWithTargets, usageOf } from '../product/sale-promotion.queries.ts';
import { moveStock } from '../product/stock.commands.ts';

// One desk checkout (docs/rules.md#the-desk): passes, products and locker rentals in one transaction. Prices come
// from `quoteDesk` (domain/rules/desk.ts), which the page's live total calls too.

type DeskReason =
  | 'promotionNotActive'
  | 'promotionNotForItem'
  | 'promotionLimitReached'
  | 'productNotOnSale'
  | 'ticketNotOnSale';

const { refused } = refusalsOf<DeskReason>();

type DeskLineKey =
  | 'discountReasonRequired'
  | 'paymentsAboveTotal'
  | 'discountAbovePrice'
  | 'lineTooLarge'
  | 'checkoutTooLarge';

/**
 * A 400 on one field whose reason is also the envelope's message, its figures in the message and in `details`
 * (docs/architecture.md#api-contract): unlike `refusalsOf`'s `badField`, the desk's message names the line.
 */
const lineRefused = (field: string, key: DeskLineKey, figures: Record<string, string | number> = {}) =>
  new AppError('VALIDATION_FAILED', key, figures, { [field]: key }, figures);

type Item = CheckoutInput['items'][number];
type DeskQuote = ReturnType<typeof quoteDesk>;

/** The rows a checkout sells from, each the facility's own (404 otherwise), locked where a sale changes them. */
type DeskRows = {
  tickets: TicketRow[];
  products: ProductRow[];
  promos: DeskPromotion[];
  promotionIds: number[];
};

const idsOf = (items: readonly Item[], pick: (item: Item) => number[]) => [...new Set(items.flatMap(pick))];

/**
 * Reads and locks what the checkout names, in one order: the lockers asked for (by id), the customer (their
 * promotion counts and summary), the products (by id). The ids must be the facility's own (404 otherwise).
 */
const lockDeskRows = async (tx: Executor, body: CheckoutInput) => {
  const { gymId, memberId, items } = body;
  const lockerIds = idsOf(items, (i) => (i.type === 'LOCKER' ? [i.lockerId] : [])).sort((a, b) => a - b);
  if (lockerIds.length) {
    await assertLockerAddOn(tx, gymId);
    const found = await tx
      .select({ id: locker.id })
      .from(locker)
      .where(and(inArray(locker.id, lockerIds), eq(locker.gymId, gymId)))
      .orderBy(asc(locker.id))
      .for('update');
    if (found.length !== lockerIds.length) throw notFound();
  }
  await tx
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.id, memberId), eq(member.ownerGymId, gymId)))
    .for('update');
  const customer = await liveCustomer(tx, gymId, memberId);
  if (body.soldByMemberId) {
    const [staff] = await tx
      .select({ id: gymMember.id })
      .from(gymMember)
      .where(
        and(
          eq(gymMember.gymId, gymId),
          eq(gymMember.memberId, body.soldByMemberId),
          eq(gymMember.status, 'ACTIVE'),
          isNotNull(gymMember.gymAuthId),
        ),
      );
    if (!staff) throw notFound();
  }
  return { customer, rows: await sellableRows(tx, gymId, items) };
};

/** The pass products, the products (locked, by id) and the promotions with their targets that the items name. */
const sellableRows = async (tx: Executor, gymId: number, items: readonly Item[]): Promise<DeskRows> => {
  const ticketIds = idsOf(items, (i) => (i.type === 'PASS' ? [i.ticketId] : []));
  const tickets = ticketIds.length
    ? await tx
        .select()
        .from(ticket)
        .where(and(inArray(ticket.id, ticketIds), eq(ticket.gymId, gymId)))
    : [];
  if (tickets.length !== ticketIds.length) throw notFound();
  const productIds = idsOf(items, (i) => (i.type === 'PRODUCT' ? [i.productId] : [])).sort((a, b) => a - b);
  const products = productIds.length
    ? await tx
        .select()
        .from(product)
        .where(and(inArray(product.id, productIds), eq(product.gymId, gymId)))
        .orderBy(asc(product.id))
        .for('update')
    : [];
  if (products.length !== productIds.length) throw notFound();
  const promotionIds = idsOf(items, (i) => (i.type !== 'LOCKER' && i.promotionId ? [i.promotionId] : []));
  const promos = promotionIds.length
    ? await promotionsWithTargets(
        tx,
        await tx
          .select()
          .from(promotion)
          .where(and(inArray(promotion.id, promotionIds), eq(promotion.gymId, gymId))),
      )
    : [];
  if (promos.length !== promotionIds.length) throw notFound();
  return { tickets, products, promos, promotionIds };
};

/** Each item as the shared price rule reads it (a stopped product is 409 `productNotOnSale`). */
const quoteItemOf = (item: Item, rows: DeskRows): DeskQuoteItem => {
  if (item.type === 'LOCKER')
    return {
      itemType: 'LOCKER',
      itemId: item.lockerId,
      unitPrice: item.fee + (item.deposit ?? 0),
      quantity: 1,
      promotion: null,
      manualDiscount: 0,
    };
  const promo = item.promotionId ? rows.promos.find((p) => p.id === item.promotionId)! : null;
  const terms = promo ? ({ ...promo } satisfies PromotionTerms & { id: number }) : null;
  if (item.type === 'PASS')
    return {
      itemType: 'PASS',
      itemId: item.ticketId,
      unitPrice: rows.tickets.find((t) => t.id === item.ticketId)!.salePrice,
      quantity: 1,
      promotion: terms,
      manualDiscount: item.manualDiscount ?? 0,
    };
  const row = rows.products.find((p) => p.id === item.productId)!;
  if (row.status !== 'ACTIVE') throw refused('productNotOnSale', { name: row.name });
  return {
    itemType: 'PRODUCT',
    itemId: row.id,
    unitPrice: row.price,
    quantity: item.quantity,
    promotion: terms,
    manualDiscount: item.manualDiscount ?? 0,
  };
};

/** The first line the quote refused, as the field or the 409 it is. */
const assertQuoted = (quote: DeskQuote, items: readonly Item[], rows: DeskRows) => {
  const nameOf = (item: Item) =>
    item.type === 'PASS'
      ? rows.tickets.find((t) => t.id === item.ticketId)!.name
      : item.type === 'PRODUCT'
        ? rows.products.find((p) => p.id === item.productId)!.name
        : '';
  quote.lines.forEach((line, i) => {
    const item = items[i]!;
    if (!line.refusal) return;
    const name = nameOf(item);
    if (line.refusal === 'discountAbovePrice')
      throw lineRefused(`items.${i}.manualDiscount`, 'discountAbovePrice', { item: name });
    // docs/rules.md#money-limits: the line's own field, so the form marks the line that is too large.
    if (line.refusal === 'lineTooLarge' || line.refusal === 'checkoutTooLarge') {
      const field = item.type === 'PRODUCT' ? 'quantity' : item.type === 'LOCKER' ? 'fee' : 'ticketId';
      throw lineRefused(`items.${i}.${field}`, line.refusal, { item: name, line: i + 1 });
    }
    const promo = rows.promos.find((p) => item.type !== 'LOCKER' && p.id === item.promotionId);
    throw refused(line.refusal, { name: promo?.name ?? '', item: name, limit: promo?.perCustomerLimit ?? 0 });
  });
};

/**
 * Prices every line with the rule the page shares and checks the whole checkout before anything is written: the
 * lines' refusals, the passes on sale, the payments within the total and the balance chosen.
 */
const priceCheckout = async (
  tx: Executor,
  body: CheckoutInput,
  payments: { method: PaymentMethod; amount: number }[],
  rows: DeskRows,
  today: string,
) => {
  const { items } = body;
  const quoteItems = items.map((item) => quoteItemOf(item, rows));
  const used = rows.promotionIds.length ? await usageOf(tx, body.gymId, body.memberId) : {};
  const quote = quoteDesk(quoteItems, used, today);
  assertQuoted(quote, items, rows);
  for (const item of items) {
    if (item.type !== 'PASS') continue;
    const row = rows.tickets.find((t) => t.id === item.ticketId)!;
    // sellPass refuses it too (the same 409); checking here keeps every refusal ahead of the first write.
    if (!isSellable(row, today)) throw refused('ticketNotOnSale', { label: saleLabel(row, today) });
  }
  const figures = checkoutFigures(quote.total, payments);
  if (figures.aboveTotal) throw lineRefused('payments', 'paymentsAboveTotal', { total: quote.total });
  const allocation = allocatePayments(
    quote.lines.map((l) => l.price),
    payments,
  );
  if (!allocation) throw lineRefused('payments', 'paymentsAboveTotal', { total: quote.total });
  assertUnpaidChosen(quote.total, payments, body.leaveUnpaid);
  return { quote, figures, allocation };
};

/** Writes each sale of the checkout in order: a pass through `sellPassSale`, a product with its stock, a locker. */
const writeSales = async (
  tx: Executor,
  actor: Actor,
  head: { checkoutId: number; memberId: number; soldBy: number | null; reason: string | null },
  body: CheckoutInput,
  quote: DeskQuote,
  rows: DeskRows,
) => {
  const { gymId } = body;
  const saleIds: number[] = [];
  const passIssues: number[] = [];
  for (const [i, item] of body.items.entries()) {
    const line = quote.lines[i]!;
    const priceReason = line.manualDiscount > 0 ? head.reason : null;
    const sold = { memberId: head.memberId, checkoutId: head.checkoutId, soldByMemberId: head.soldBy };
    if (item.type === 'PASS') {
      const pass = await sellPassSale(tx, actor, {
        gymId,
        ...sold,
        ticketId: item.ticketId,
        startDate: item.startDate,
        allowOverlap: item.allowOverlap,
        price: line.price,
        priceReason,
        payments: [],
        promotionId: item.promotionId ?? null,
      });
      saleIds.push(pass.saleId);
      passIssues.push(pass.issueId);
    } else if (item.type === 'PRODUCT') {
      const row = rows.products.find((p) => p.id === item.productId)!;
      const [written] = await tx
        .insert(sale)
        .values({
          gymId,
          memberId: head.memberId,
          itemType: 'PRODUCT',
          itemName: row.name,
          productId: row.id,
          quantity: item.quantity,
          checkoutId: head.checkoutId,
          promotionId: item.promotionId ?? null,
          vatMode: row.vatMode,
          listPrice: line.listPrice,
          price: line.price,
          priceReason,
          soldByMemberId: head.soldBy,
          createDate: actor.now,
        })
        .returning({ id: sale.id });
      await moveStock(tx, actor, {
        gymId,
        productId: row.id,
        change: -item.quantity,
        kind: 'SALE',
        saleId: written!.id,
      });
      saleIds.push(written!.id);
    } else {
      const rented = await rentLocker(tx, actor, {
        gymId,
        ...sold,
        lockerId: item.lockerId,
        startDate: item.startDate,
        endDate: item.endDate,
        fee: item.fee,
        deposit: item.deposit,
        payments: [],
      });
      saleIds.push(rented.saleId);
    }
  }
  return { saleIds, passIssues };
};

/**
 * Sells a desk checkout in the caller's transaction (docs/rules.md#the-desk). Every item is checked and priced
 * before anything is written; a refusal throws and the transaction writes nothing. Locks, in one order: the
 * lockers asked for (by id), the customer (their promotion counts and summary), the products (by id); the
 * facility's audit lock comes after every row lock.
 */
export const createCheckout = async (
  tx: Executor,
  actor: Actor,
  body: CheckoutInput,
): Promise<CheckoutResult> => {
  const today = seoulToday(actor.now);
  const { gymId, items } = body;
  const payments = (body.payments ?? []).map((p) => ({
    method: p.method,
    amount: p.amount,
  }));
  const reason = body.discountReason?.trim() || null;
  const hasManual = items.some((i) => i.type !== 'LOCKER' && (i.manualDiscount ?? 0) > 0);
  if (hasManual && !reason) throw lineRefused('discountReason', 'discountReasonRequired');
  const { customer, rows } = await lockDeskRows(tx, body);
  const { quote, figures, allocation } = await priceCheckout(tx, body, payments, rows, today);

  // Write: the checkout, then each sale in order, then the lines across them.
  const opened = await openCheckout(tx, actor, {
    gymId,
    memberId: customer.id,
    kind: 'DESK',
    total: quote.total,
    payments,
    note: body.note ?? null,
  });
  const soldBy = body.soldByMemberId ?? actor.memberId;
  const head = { checkoutId: opened.id, memberId: customer.id, soldBy, reason };
  const { saleIds, passIssues } = await writeSales(tx, actor, head, body, quote, rows);
  await writePaymentLines(
    tx,
    actor,
    { gymId, memberId: customer.id, checkoutId: opened.id },
    allocation.flatMap((parts, i) => parts.map((p) => ({ saleId: saleIds[i]!, ...p }))),
  );
  for (const issueId of passIssues) await refreshPassMoney(tx, issueId);
  await audited(tx, actor, {
    gymId,
    action: 'checkout.create',
    entity: 'checkout',
    entityId: opened.id,
    after: {
      memberId: customer.id,
      total: figures.total,
      paid: figures.paid,
      cashPaid: figures.cashPaid,
      saleIds,
      items: items.map((item, i) => ({
        type: item.type,
        listPrice: quote.lines[i]!.listPrice,
        promotionId: item.type === 'LOCKER' ? null : (item.promotionId ?? null),
        promotionDiscount: quote.lines[i]!.promotionDiscount,
        manualDiscount: quote.lines[i]!.manualDiscount,
        price: quote.lines[i]!.price,
      })),
      discountReason: hasManual ? reason : null,
      payments,
    },
  });
  await customerChanged(tx, customer.id, today);
  const { total, paid, owed, cashPaid, cashReceiptDue } = figures;
  return { checkoutId: opened.id, saleIds, total, paid, owed, cashPaid, cashReceiptDue };
};
