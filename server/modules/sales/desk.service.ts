import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { PaymentMethod, SaleItemType, VatMode } from '#domain/enums.ts';
import { maskPhone } from '#domain/rules/customer.ts';
import { checkoutFigures, type DeskQuoteItem, quoteDesk } from '#domain/rules/desk.ts';
import { allocatePayments, cashReceiptRequired, type PromotionTerms, saleOwed } from '#domain/rules/money.ts';
import { isSellable, saleLabel } from '#domain/rules/passes.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type {
  CheckoutDetail,
  CheckoutInput,
  CheckoutResult,
  DeskCatalog,
  PromotionUsage,
} from '#domain/schemas/desk.ts';
import type { Executor } from '../../db/client.ts';
import {
  cashReceipt,
  checkout,
  gym,
  gymMember,
  locker,
  lockerBank,
  lockerRental,
  lockerRoom,
  member,
  paymentLine,
  product,
  productGroup,
  promotion,
  sale,
  saleAdjustment,
  ticket,
  ticketIssue,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { Actor } from '../../kernel/actor.ts';
import { type AuditEvent, writeAudit } from '../../kernel/audit.ts';
import { customerChanged } from '../../kernel/customer-summary.ts';
import { openCheckout, refreshPassMoney, writePaymentLines } from '../../kernel/money-lines.ts';
import { assertUnpaidChosen } from '../../kernel/unpaid-choice.ts';
import { assertLockerAddOn, rentLocker } from '../locker/locker.service.ts';
import { liveCustomer, sellPassSale } from '../pass/pass.service.ts';
import { promotionsWithTargets, runningPromotions, usageOf } from '../product/sale-promotion.ts';
import { moveStock } from '../product/stock.ts';
import { hasApprovedAddOn } from '../sub-service/sub-service.service.ts';

// The payment desk (docs/rules.md#the-desk): what it sells today, one checkout of passes, products and locker
// rentals in one transaction, and the checkout read back for the result panel and the slip. Prices come from
// `quoteDesk` (domain/rules/desk.ts), which the page's live total calls too.

const audit = (tx: Executor, actor: Actor, event: AuditEvent) =>
  writeAudit(tx, {
    ...event,
    actorMemberId: actor.memberId,
    requestId: actor.requestId,
    now: actor.now,
  });

/** A 400 on one field whose reason is the envelope's `reason` (docs/architecture.md#api-contract). */
const badField = (
  field: string,
  key:
    | 'discountReasonRequired'
    | 'paymentsAboveTotal'
    | 'discountAbovePrice'
    | 'lineTooLarge'
    | 'checkoutTooLarge',
  params: Record<string, string | number> = {},
) => new AppError('VALIDATION_FAILED', key, params, { [field]: key }, params);

const refused = (
  reason: 'promotionNotActive' | 'promotionNotForItem' | 'promotionLimitReached' | 'productNotOnSale',
  params: Record<string, string | number> = {},
) => new AppError('CONFLICT', reason, params, {}, params);

// ---------------------------------------------------------------------------------------------------------
// Reading what the desk sells

/** The facility's staff who may be named as the seller: ACTIVE links with a permission set. */
const staffOf = (db: Executor, gymId: number) =>
  db
    .select({ memberId: member.id, name: member.name })
    .from(gymMember)
    .innerJoin(member, eq(member.id, gymMember.memberId))
    .where(and(eq(gymMember.gymId, gymId), eq(gymMember.status, 'ACTIVE'), isNotNull(gymMember.gymAuthId)))
    .orderBy(asc(member.name), asc(member.id))
    .limit(200);

/**
 * What the desk can sell today (docs/rules.md#the-desk): the pass products on sale, the ACTIVE products with their
 * stock and group, the promotions valid today with their targets, the free working lockers when the LOCKER add-on
 * is approved, and the staff for "sold by". Each list is bounded.
 */
export const deskCatalog = async (db: Executor, gymId: number, now: Date): Promise<DeskCatalog> => {
  const today = seoulToday(now);
  const passes = (
    await db.select().from(ticket).where(eq(ticket.gymId, gymId)).orderBy(asc(ticket.name)).limit(500)
  )
    .filter((t) => isSellable(t, today))
    .map((t) => ({
      id: t.id,
      name: t.name,
      originPrice: t.originPrice,
      salePrice: t.salePrice,
      periodAmount: t.periodAmount,
      periodUnit: t.periodUnit,
      sessionCount: t.sessionCount,
      color: t.color,
    }));
  const products = await db
    .select({
      id: product.id,
      name: product.name,
      price: product.price,
      vatMode: product.vatMode,
      stock: product.stock,
      lowStockAt: product.lowStockAt,
      groupId: product.groupId,
      groupName: productGroup.name,
    })
    .from(product)
    .leftJoin(productGroup, eq(productGroup.id, product.groupId))
    .where(and(eq(product.gymId, gymId), eq(product.status, 'ACTIVE')))
    .orderBy(asc(product.name), asc(product.id))
    .limit(500);
  const groups = await db
    .select({ id: productGroup.id, name: productGroup.name, sortOrder: productGroup.sortOrder })
    .from(productGroup)
    .where(eq(productGroup.gymId, gymId))
    .orderBy(asc(productGroup.sortOrder), asc(productGroup.id))
    .limit(200);
  const lockerAddOn = await hasApprovedAddOn(db, gymId, ['LOCKER']);
  const lockers = lockerAddOn
    ? await db
        .select({ id: locker.id, label: locker.label, bankName: lockerBank.name, roomName: lockerRoom.name })
        .from(locker)
        .innerJoin(lockerBank, eq(lockerBank.id, locker.bankId))
        .innerJoin(lockerRoom, eq(lockerRoom.id, lockerBank.roomId))
        .where(
          and(
            eq(locker.gymId, gymId),
            eq(locker.broken, false),
            sql`not exists (select 1 from ${lockerRental} r where r.locker_id = ${locker.id} and r.status = 'ACTIVE')`,
          ),
        )
        .orderBy(asc(lockerRoom.sortOrder), asc(lockerBank.id), asc(locker.number))
        .limit(500)
    : [];
  return {
    today,
    passes,
    products: products.map(({ lowStockAt, ...p }) => ({
      ...p,
      lowStock: lowStockAt !== null && p.stock <= lowStockAt,
    })),
    groups,
    promotions: await runningPromotions(db, gymId, today),
    lockerAddOn,
    lockers,
    staff: await staffOf(db, gymId),
  };
};

/** `GET /web/sales/desk/{gymId}/promotion-usage`: 404 for a customer of another facility. */
export const promotionUsage = async (
  db: Executor,
  gymId: number,
  memberId: number,
): Promise<PromotionUsage> => {
  const [customer] = await db
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.id, memberId), eq(member.ownerGymId, gymId)));
  if (!customer) throw notFound();
  const used = await usageOf(db, gymId, memberId);
  return Object.entries(used).map(([id, n]) => ({ promotionId: Number(id), used: n }));
};

// ---------------------------------------------------------------------------------------------------------
// One checkout

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
  const { gymId, memberId } = body;
  const items = body.items;
  const payments = (body.payments ?? []).map((p) => ({
    method: p.method as PaymentMethod,
    amount: p.amount,
  }));
  const reason = body.discountReason?.trim() || null;
  const hasManual = items.some((i) => i.type !== 'LOCKER' && (i.manualDiscount ?? 0) > 0);
  if (hasManual && !reason) throw badField('discountReason', 'discountReasonRequired');

  // The ids must be the facility's own (404 otherwise), before any lock.
  const lockerIds = [...new Set(items.flatMap((i) => (i.type === 'LOCKER' ? [i.lockerId] : [])))].sort(
    (a, b) => a - b,
  );
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
  const ticketIds = [...new Set(items.flatMap((i) => (i.type === 'PASS' ? [i.ticketId] : [])))];
  const tickets = ticketIds.length
    ? await tx
        .select()
        .from(ticket)
        .where(and(inArray(ticket.id, ticketIds), eq(ticket.gymId, gymId)))
    : [];
  if (tickets.length !== ticketIds.length) throw notFound();
  const productIds = [...new Set(items.flatMap((i) => (i.type === 'PRODUCT' ? [i.productId] : [])))].sort(
    (a, b) => a - b,
  );
  const products = productIds.length
    ? await tx
        .select()
        .from(product)
        .where(and(inArray(product.id, productIds), eq(product.gymId, gymId)))
        .orderBy(asc(product.id))
        .for('update')
    : [];
  if (products.length !== productIds.length) throw notFound();
  const promotionIds = [
    ...new Set(items.flatMap((i) => (i.type !== 'LOCKER' && i.promotionId ? [i.promotionId] : []))),
  ];
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

  // Price every line with the rule the page shares.
  const nameOf = (item: (typeof items)[number]) =>
    item.type === 'PASS'
      ? tickets.find((t) => t.id === item.ticketId)!.name
      : item.type === 'PRODUCT'
        ? products.find((p) => p.id === item.productId)!.name
        : '';
  const quoteItems: DeskQuoteItem[] = items.map((item) => {
    if (item.type === 'LOCKER')
      return {
        itemType: 'LOCKER',
        itemId: item.lockerId,
        unitPrice: item.fee + (item.deposit ?? 0),
        quantity: 1,
        promotion: null,
        manualDiscount: 0,
      };
    const promo = item.promotionId ? promos.find((p) => p.id === item.promotionId)! : null;
    const terms = promo ? ({ ...promo } satisfies PromotionTerms & { id: number }) : null;
    if (item.type === 'PASS')
      return {
        itemType: 'PASS',
        itemId: item.ticketId,
        unitPrice: tickets.find((t) => t.id === item.ticketId)!.salePrice,
        quantity: 1,
        promotion: terms,
        manualDiscount: item.manualDiscount ?? 0,
      };
    const row = products.find((p) => p.id === item.productId)!;
    if (row.status !== 'ACTIVE') throw refused('productNotOnSale', { name: row.name });
    return {
      itemType: 'PRODUCT',
      itemId: row.id,
      unitPrice: row.price,
      quantity: item.quantity,
      promotion: terms,
      manualDiscount: item.manualDiscount ?? 0,
    };
  });
  const quote = quoteDesk(quoteItems, promotionIds.length ? await usageOf(tx, gymId, memberId) : {}, today);
  quote.lines.forEach((line, i) => {
    const item = items[i]!;
    if (!line.refusal) return;
    const name = nameOf(item);
    if (line.refusal === 'discountAbovePrice')
      throw badField(`items.${i}.manualDiscount`, 'discountAbovePrice', { item: name });
    // docs/rules.md#money-limits: the line's own field, so the form marks the line that is too large.
    if (line.refusal === 'lineTooLarge' || line.refusal === 'checkoutTooLarge') {
      const field = item.type === 'PRODUCT' ? 'quantity' : item.type === 'LOCKER' ? 'fee' : 'ticketId';
      throw badField(`items.${i}.${field}`, line.refusal, { item: name, line: i + 1 });
    }
    const promo = promos.find((p) => item.type !== 'LOCKER' && p.id === item.promotionId);
    throw refused(line.refusal, { name: promo?.name ?? '', item: name, limit: promo?.perCustomerLimit ?? 0 });
  });
  for (const item of items) {
    if (item.type !== 'PASS') continue;
    const row = tickets.find((t) => t.id === item.ticketId)!;
    // sellPass refuses it too (the same 409); checking here keeps every refusal ahead of the first write.
    if (!isSellable(row, today)) {
      const label = saleLabel(row, today);
      throw new AppError('CONFLICT', 'ticketNotOnSale', { label }, {}, { label });
    }
  }
  const prices = quote.lines.map((l) => l.price);
  const figures = checkoutFigures(quote.total, payments);
  if (figures.aboveTotal) throw badField('payments', 'paymentsAboveTotal', { total: quote.total });
  const allocation = allocatePayments(prices, payments);
  if (!allocation) throw badField('payments', 'paymentsAboveTotal', { total: quote.total });
  assertUnpaidChosen(quote.total, payments, body.leaveUnpaid);

  // Write: the checkout, then each sale in order.
  const head = await openCheckout(tx, actor, {
    gymId,
    memberId: customer.id,
    kind: 'DESK',
    total: quote.total,
    payments,
    note: body.note ?? null,
  });
  const soldBy = body.soldByMemberId ?? actor.memberId;
  const saleIds: number[] = [];
  const passIssues: number[] = [];
  for (const [i, item] of items.entries()) {
    const line = quote.lines[i]!;
    const priceReason = line.manualDiscount > 0 ? reason : null;
    if (item.type === 'PASS') {
      const sold = await sellPassSale(tx, actor, {
        gymId,
        memberId: customer.id,
        ticketId: item.ticketId,
        startDate: item.startDate,
        allowOverlap: item.allowOverlap,
        price: line.price,
        priceReason,
        payments: [],
        soldByMemberId: soldBy,
        checkoutId: head.id,
        promotionId: item.promotionId ?? null,
      });
      saleIds.push(sold.saleId);
      passIssues.push(sold.issueId);
    } else if (item.type === 'PRODUCT') {
      const row = products.find((p) => p.id === item.productId)!;
      const [written] = await tx
        .insert(sale)
        .values({
          gymId,
          memberId: customer.id,
          itemType: 'PRODUCT',
          itemName: row.name,
          productId: row.id,
          quantity: item.quantity,
          checkoutId: head.id,
          promotionId: item.promotionId ?? null,
          vatMode: row.vatMode,
          listPrice: line.listPrice,
          price: line.price,
          priceReason,
          soldByMemberId: soldBy,
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
        lockerId: item.lockerId,
        memberId: customer.id,
        startDate: item.startDate,
        endDate: item.endDate,
        fee: item.fee,
        deposit: item.deposit,
        payments: [],
        checkoutId: head.id,
        soldByMemberId: soldBy,
      });
      saleIds.push(rented.saleId);
    }
  }
  await writePaymentLines(
    tx,
    actor,
    { gymId, memberId: customer.id, checkoutId: head.id },
    allocation.flatMap((parts, i) => parts.map((p) => ({ saleId: saleIds[i]!, ...p }))),
  );
  for (const issueId of passIssues) await refreshPassMoney(tx, issueId);
  await audit(tx, actor, {
    gymId,
    action: 'checkout.create',
    entity: 'checkout',
    entityId: head.id,
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
  return {
    checkoutId: head.id,
    saleIds,
    total: figures.total,
    paid: figures.paid,
    owed: figures.owed,
    cashPaid: figures.cashPaid,
    cashReceiptDue: figures.cashReceiptDue,
  };
};

// ---------------------------------------------------------------------------------------------------------
// A checkout read back

/**
 * A checkout of the facility with its sales (those it sold, and those its lines paid), its lines, what is still
 * owed, the facility, the staff and its cash receipt (docs/rules.md#the-desk). 404 for another facility's.
 */
export const checkoutDetail = async (db: Executor, gymId: number, id: number): Promise<CheckoutDetail> => {
  const [head] = await db
    .select()
    .from(checkout)
    .where(and(eq(checkout.id, id), eq(checkout.gymId, gymId)));
  if (!head) throw notFound();
  const sales = await db
    .select({
      id: sale.id,
      itemType: sale.itemType,
      itemName: sale.itemName,
      quantity: sale.quantity,
      vatMode: sale.vatMode,
      listPrice: sale.listPrice,
      price: sale.price,
      priceReason: sale.priceReason,
      promotionId: sale.promotionId,
      promotionName: promotion.name,
      ticketIssueId: sale.ticketIssueId,
      soldByMemberId: sale.soldByMemberId,
      adjusted:
        sql<number>`coalesce((select sum(a.amount) from ${saleAdjustment} a where a.sale_id = ${sale.id}), 0)`.mapWith(
          Number,
        ),
      paid: sql<number>`coalesce((select sum(p.amount) from ${paymentLine} p where p.sale_id = ${sale.id} and p.status = 'APPROVE'), 0)`.mapWith(
        Number,
      ),
      closed: sql<boolean>`exists (select 1 from ${ticketIssue} t where t.id = ${sale.ticketIssueId} and ${sale.itemType} = 'PASS' and t.status = 'REFUND')`,
    })
    .from(sale)
    .leftJoin(promotion, eq(promotion.id, sale.promotionId))
    .where(
      and(
        eq(sale.gymId, gymId),
        sql`(${sale.checkoutId} = ${id} or ${sale.id} in (select l.sale_id from ${paymentLine} l where l.checkout_id = ${id}))`,
      ),
    )
    .orderBy(asc(sale.id))
    .limit(100);
  const lines = await db
    .select({
      id: paymentLine.id,
      saleId: paymentLine.saleId,
      method: paymentLine.method,
      amount: paymentLine.amount,
      status: paymentLine.status,
    })
    .from(paymentLine)
    .where(eq(paymentLine.checkoutId, id))
    .orderBy(asc(paymentLine.id));
  const [place] = await db
    .select({
      name: gym.name,
      businessNo: gym.businessNo,
      representName: gym.representName,
      address: gym.address,
      addressDetail: gym.addressDetail,
    })
    .from(gym)
    .where(eq(gym.id, gymId));
  const people = [head.memberId, head.createdByMemberId, sales[0]?.soldByMemberId].filter(
    (n): n is number => typeof n === 'number',
  );
  const named = await db
    .select({ id: member.id, name: member.name, phone: member.phone })
    .from(member)
    .where(inArray(member.id, people));
  const person = (memberId: number | null | undefined) => {
    const row = named.find((m) => m.id === memberId);
    return row ? { memberId: row.id, name: row.name } : null;
  };
  const customer = named.find((m) => m.id === head.memberId);
  const [receipt] = await db
    .select({
      id: cashReceipt.id,
      status: cashReceipt.status,
      approvalNumber: cashReceipt.approvalNumber,
      amount: cashReceipt.amount,
      issuedAt: cashReceipt.issuedAt,
    })
    .from(cashReceipt)
    .where(eq(cashReceipt.checkoutId, id))
    .orderBy(sql`case when ${cashReceipt.status} = 'ISSUED' then 0 else 1 end`, sql`${cashReceipt.id} desc`)
    .limit(1);
  const withOwed = sales.map(({ closed, soldByMemberId: _s, ...s }) => ({
    ...s,
    itemType: s.itemType as SaleItemType,
    vatMode: s.vatMode as VatMode,
    discount: s.listPrice - s.price,
    owed: saleOwed({ price: s.price, adjusted: s.adjusted, paid: s.paid, closed: Boolean(closed) }),
  }));
  return {
    id: head.id,
    gymId: head.gymId,
    kind: head.kind,
    createDate: head.createDate.toISOString(),
    total: head.total,
    paid: head.paid,
    cashPaid: head.cashPaid,
    owed: withOwed.reduce((n, s) => n + s.owed, 0),
    note: head.note,
    cashReceiptDue: cashReceiptRequired(head.cashPaid),
    customer: {
      id: head.memberId,
      name: customer?.name ?? '',
      phone: customer?.phone ? maskPhone(customer.phone) : '',
    },
    facility: {
      name: place?.name ?? '',
      businessNo: place?.businessNo ?? null,
      representName: place?.representName ?? null,
      address: [place?.address, place?.addressDetail].filter(Boolean).join(' ') || null,
    },
    staff: person(head.createdByMemberId),
    soldBy: person(sales[0]?.soldByMemberId),
    sales: withOwed,
    lines: lines.map((l) => ({ ...l, method: l.method as PaymentMethod })),
    cashReceipt: receipt ? { ...receipt, issuedAt: receipt.issuedAt.toISOString() } : null,
  };
};
