import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { maskPhone } from '#domain/rules/customer.ts';
import { cashReceiptRequired, saleOwed } from '#domain/rules/money.ts';
import { isSellable } from '#domain/rules/passes.ts';
import { seoulToday } from '#domain/rules/seoul-time.ts';
import type { CheckoutDetail, DeskCatalog, PromotionUsage } from '#domain/schemas/desk.ts';
import type { Executor } from '../../db/client.ts';
import {
  type CheckoutRow,
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
import { notFound } from '../../http/errors.ts';
import { runningPromotions, usageOf } from '../product/sale-promotion.queries.ts';
import { hasApprovedAddOn } from '../sub-service/sub-service.service.ts';

// The payment desk read (docs/rules.md#the-desk): what it sells today, a customer's promotion uses, and a checkout
// read back for the result panel and the slip.

/** The facility's staff who may be named as the seller: ACTIVE links with a permission set. */
const staffOf = (db: Executor, gymId: number) =>
  db
    .select({ memberId: member.id, name: member.name })
    .from(gymMember)
    .innerJoin(member, eq(member.id, gymMember.memberId))
    .where(and(eq(gymMember.gymId, gymId), eq(gymMember.status, 'ACTIVE'), isNotNull(gymMember.gymAuthId)))
    .orderBy(asc(member.name), asc(member.id))
    .limit(200);

/** The free working lockers the desk may rent (docs/rules.md#lockers), by room, bank and number. */
const freeLockersOf = (db: Executor, gymId: number) =>
  db
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
    .limit(500);

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
  const lockers = lockerAddOn ? await freeLockersOf(db, gymId) : [];
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

// ─── A checkout read back ──────────────────────────────────────────────────────────────────────────────────────

/** The checkout's sales: those it sold, and those its lines paid, each with its adjustments and payments summed. */
const salesOfCheckout = (db: Executor, gymId: number, id: number) =>
  db
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

/** The facility as the slip heads it. */
const facilityOf = async (db: Executor, gymId: number) => {
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
  return {
    name: place?.name ?? '',
    businessNo: place?.businessNo ?? null,
    representName: place?.representName ?? null,
    address: [place?.address, place?.addressDetail].filter(Boolean).join(' ') || null,
  };
};

/** The checkout's cash receipt: the issued one, else the latest. */
const receiptOf = async (db: Executor, id: number) => {
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
  return receipt ? { ...receipt, issuedAt: receipt.issuedAt.toISOString() } : null;
};

/** The people a checkout names: its customer, who rang it up, and who sold its first sale. */
const peopleOf = async (db: Executor, head: CheckoutRow, soldBy: number | null | undefined) => {
  const people = [head.memberId, head.createdByMemberId, soldBy].filter(
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
  return { customer: named.find((m) => m.id === head.memberId), person };
};

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
  const sales = await salesOfCheckout(db, gymId, id);
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
  const facility = await facilityOf(db, gymId);
  const { customer, person } = await peopleOf(db, head, sales[0]?.soldByMemberId);
  const cashReceipt = await receiptOf(db, id);
  const withOwed = sales.map(({ closed, soldByMemberId: _s, ...s }) => ({
    ...s,
    itemType: s.itemType,
    vatMode: s.vatMode,
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
    facility,
    staff: person(head.createdByMemberId),
    soldBy: person(sales[0]?.soldByMemberId),
    sales: withOwed,
    lines,
    cashReceipt,
  };
};
