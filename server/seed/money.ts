import dayjs from 'dayjs';
import { and, asc, eq, gte, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { PaymentMethod } from '#domain/enums.ts';
import { quoteDesk } from '#domain/rules/desk.ts';
import { type PromotionTerms, promotionRefusal } from '#domain/rules/money.ts';
import { isSellable, type PeriodUnit, passEndDate } from '#domain/rules/passes.ts';
import { seoulInstant, weekdayOf } from '#domain/rules/schedule.ts';
import { addDays, daysBetween, seoulToday } from '#domain/rules/seoul-time.ts';
import type { checkoutBodySchema, deskItemSchema } from '#domain/schemas/desk.ts';
import { expenseCreateSchema } from '#domain/schemas/expense.ts';
import { productCreateSchema, promotionUpdateSchema } from '#domain/schemas/product.ts';
import type { Executor } from '../db/client.ts';
import {
  cashReceipt,
  checkout,
  gymSetting,
  lockerRental,
  member,
  paymentLine,
  sale,
  ticket,
  ticketIssue,
} from '../db/schema/index.ts';
import type { Actor } from '../kernel/actor.ts';
import { writeAudit } from '../kernel/audit.ts';
import { customerChanged } from '../kernel/customer-summary.ts';
import { importCustomers } from '../modules/customer/customer-import.commands.ts';
import { createCategory, createExpense, reverseExpense } from '../modules/expense/expense.commands.ts';
import { listCategories } from '../modules/expense/expense.queries.ts';
import { consumeSessions, sellPassSale } from '../modules/pass/pass.commands.ts';
import { refundPass } from '../modules/pass/refund.commands.ts';
import {
  claimTransfer,
  confirmPayRequest,
  createPayRequest,
} from '../modules/pay-request/pay-request.commands.ts';
import { saleMoneyOf } from '../modules/pay-request/pay-request.queries.ts';
import { adjustStock, createGroup, createProduct } from '../modules/product/product.commands.ts';
import { createPromotion } from '../modules/product/promotion.commands.ts';
import { cancelCashReceipt, issueCashReceipt } from '../modules/receipt/cash-receipt.commands.ts';
import { createTestModeReceiptProvider } from '../modules/receipt/receipt-provider.ts';
import { cancelTaxInvoice, issueTaxInvoice } from '../modules/receipt/tax-invoice.commands.ts';
import { createCheckout } from '../modules/sales/desk.commands.ts';
import { deskCatalog } from '../modules/sales/desk.queries.ts';
import { collectSale, correctSale, writeOffSale } from '../modules/sales/ledger.commands.ts';

// The demo facility's money (README's demo table; docs/rules.md#money, #the-desk, #products, #promotions,
// #cash-receipts, #tax-invoices, #expenditure, #payment-requests): six calendar months (this one and the five
// before) of checkouts at the desk and pass sales from the customer's page, collections, write-offs, a
// correction, refunds, cash receipts, tax invoices, expenses and payment requests, each written through the
// service staff use, at the time it happened (the services take `actor.now`), so that the caches, the summaries
// and the audit chain are what the product writes. Everything is deterministic: a fixed pseudo-random sequence,
// dates relative to the day the demo is made. The volume (about 300 checkouts) is what keeps the demo quick to
// make: every checkout is some 20 statements through the services.

/**
 * The most a day of the demo takes in payments (docs/rules.md#demo-money): a day with a PT bundle and a drink, about
 * five times the median day. The seeds pick the days of their sales, and the passes the desk sells, to keep within it.
 */
export const DEMO_DAY_BUDGET = 1_720_000;
/** What the desk's pass sales stop at in a month (docs/rules.md#demo-money): a 120-customer gym takes 10-20M. */
const DEMO_MONTH_BUDGET = 20_000_000;

export type MoneyPeople = { owner: number; desk: number; staff: number; coach: number; yoga: number };

/** A small fixed pseudo-random sequence (mulberry32), so the demo is the same on every machine. */
const sequence = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

const PRODUCT_GROUPS = ['음료', '보충제', '운동복', '대여', '간식'] as const;
type GroupName = (typeof PRODUCT_GROUPS)[number];

/**
 * The goods sold at the desk. Every one is VAT-taxable (bottled drinks, supplements, wear and rentals are all
 * taxable supplies) except the banana, an unprocessed farm product (면세). `weight` is how often a desk sale picks
 * it; `batch` the restock when the stock reaches `lowStockAt` (rentals come back each month-end instead).
 */
const PRODUCTS: {
  key: string;
  name: string;
  group: GroupName;
  price: number;
  vatMode?: 'EXEMPT';
  stock: number;
  lowStockAt: number;
  batch: number;
  note: string;
  weight: number;
  rental?: boolean;
}[] = [
  {
    key: 'water',
    name: '생수 500ml',
    group: '음료',
    price: 1_000,
    stock: 96,
    lowStockAt: 24,
    batch: 96,
    note: '생수 4박스 입고',
    weight: 26,
  },
  {
    key: 'ion',
    name: '이온음료',
    group: '음료',
    price: 2_000,
    stock: 48,
    lowStockAt: 12,
    batch: 48,
    note: '이온음료 2박스 입고',
    weight: 18,
  },
  {
    key: 'shake',
    name: '프로틴 쉐이크',
    group: '음료',
    price: 4_500,
    stock: 40,
    lowStockAt: 10,
    batch: 40,
    note: '프로틴 파우더·우유 입고 (40잔분)',
    weight: 16,
  },
  {
    key: 'bar',
    name: '단백질바',
    group: '보충제',
    price: 3_000,
    stock: 36,
    lowStockAt: 10,
    batch: 36,
    note: '단백질바 3박스 입고',
    weight: 10,
  },
  {
    key: 'bcaa',
    name: 'BCAA 300g',
    group: '보충제',
    price: 32_000,
    stock: 10,
    lowStockAt: 3,
    batch: 10,
    note: 'BCAA 10통 입고',
    weight: 2,
  },
  {
    key: 'leggings',
    name: '레깅스',
    group: '운동복',
    price: 39_000,
    stock: 12,
    lowStockAt: 3,
    batch: 10,
    note: '레깅스 S/M/L 입고',
    weight: 2,
  },
  {
    key: 'gloves',
    name: '헬스 장갑',
    group: '운동복',
    price: 15_000,
    stock: 20,
    lowStockAt: 5,
    batch: 20,
    note: '헬스 장갑 입고',
    weight: 3,
  },
  {
    key: 'shirt',
    name: '운동복 상의 대여',
    group: '대여',
    price: 1_000,
    stock: 30,
    lowStockAt: 8,
    batch: 0,
    note: '대여용 운동복 상의 보유분',
    weight: 9,
    rental: true,
  },
  {
    key: 'towel',
    name: '수건 대여',
    group: '대여',
    price: 1_000,
    stock: 40,
    lowStockAt: 10,
    batch: 0,
    note: '대여용 수건 보유분',
    weight: 14,
    rental: true,
  },
  {
    key: 'banana',
    name: '바나나',
    group: '간식',
    price: 1_000,
    vatMode: 'EXEMPT',
    stock: 20,
    lowStockAt: 6,
    batch: 20,
    note: '바나나 1박스 입고 (면세)',
    weight: 6,
  },
];

/** How often a desk pass sale picks each product (the names are the pass seed' products). */
const PASS_WEIGHTS: Record<string, number> = {
  '헬스 1개월': 30,
  '헬스 3개월': 26,
  '헬스 6개월': 12,
  '헬스 12개월': 5,
  'PT 20회': 6,
  'PT 30회': 4,
  '3개월 + PT 30회': 3,
};

const NEW_NAMES = [
  '김하린',
  '이도현',
  '박서진',
  '최유나',
  '정민재',
  '강예은',
  '조현서',
  '윤지환',
  '장수빈',
  '임태윤',
  '한가은',
  '오승민',
  '서다인',
  '신재원',
  '권나연',
  '황준혁',
  '안소이',
  '송민서',
];

const REFUND_NOTES = [
  '이사로 인한 해지',
  '부상으로 운동 중단',
  '개인 사정 (해외 파견)',
  '직장 이전',
  '건강 문제',
];

type Customer = {
  id: number;
  name: string;
  phone: string;
  since: string;
  /** The end of the last period pass this seed sold them (renewals start after it). */
  passEnd: string | null;
  /**
   * Their period passes not refunded, from the pass seed and this seed, first to last day: a new period pass starts
   * where it overlaps none (docs/rules.md#renewals; docs/rules.md#demo-money).
   */
  busy: { start: string; end: string; saleId?: number }[];
  renews: boolean;
};

type PassSold = {
  /** The sold pass, read when an errand needs it. */
  issueId: number | null;
  saleId: number;
  memberId: number;
  soldOn: string;
  ticketName: string;
  endDate: string | null;
  sessions: number | null;
  used: number;
  method: PaymentMethod;
  fullyPaid: boolean;
  refunded: boolean;
};

type Task = { at: Date; run: () => Promise<void> };
type DeskItem = z.output<typeof deskItemSchema>;
type CheckoutBody = z.output<typeof checkoutBodySchema>;

export type MoneySeedSummary = {
  checkouts: number;
  sales: number;
  balances: number;
  collections: number;
  refunds: number;
  receipts: number;
  expenses: number;
};

export const seedMoney = async (
  tx: Executor,
  gymId: number,
  people: MoneyPeople,
  now: Date,
): Promise<MoneySeedSummary> => {
  const today = seoulToday(now);
  const random = sequence(20_260_301);
  const chance = (p: number) => random() < p;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const weighted = <T>(xs: readonly (readonly [T, number])[]): T => {
    const total = xs.reduce((s, [, w]) => s + w, 0);
    let r = random() * total;
    for (const [x, w] of xs) {
      r -= w;
      if (r < 0) return x;
    }
    return xs[xs.length - 1]![0];
  };
  const latest = new Date(now.getTime() - 60_000);
  /** An instant of a Seoul day, never after a minute ago (today's errands are done by now). */
  const at = (day: string, time: string) => {
    const instant = seoulInstant(day, time);
    return instant.getTime() > latest.getTime() ? latest : instant;
  };
  const clock = (minutes: number) =>
    `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  const later = (when: Date, minutes: number) => {
    const t = new Date(when.getTime() + minutes * 60_000);
    return t.getTime() > latest.getTime() ? latest : t;
  };
  const as = (when: Date, memberId: number | null = people.owner): Actor => ({
    memberId,
    requestId: null,
    now: when,
  });
  const monthStart = (offset: number) =>
    dayjs.utc(today).startOf('month').add(offset, 'month').format('YYYY-MM-DD');
  const first = monthStart(-5);
  const provider = createTestModeReceiptProvider();
  const summary: MoneySeedSummary = {
    checkouts: 0,
    sales: 0,
    balances: 0,
    collections: 0,
    refunds: 0,
    receipts: 0,
    expenses: 0,
  };

  // ── The day's errands, run in time order ─────────────────────────────────────────────────────────────────
  const agenda = new Map<string, Task[]>();
  const plan = (day: string, time: string, run: () => Promise<void>) => {
    if (day < first || day > today) return;
    const list = agenda.get(day) ?? [];
    list.push({ at: at(day, time), run });
    agenda.set(day, list);
  };

  // ── The facility's transfer account (payment requests show it) ───────────────────────────────────────────
  const setupAt = at(addDays(first, -3), '10:00');
  const account = {
    transferBank: '국민은행',
    transferAccount: '123456-01-234567',
    transferHolder: '핏데스크 강남점',
  };
  await tx
    .update(gymSetting)
    .set({ ...account, modifiedDate: setupAt })
    .where(eq(gymSetting.gymId, gymId));
  await writeAudit(tx, {
    gymId,
    action: 'gym-setting.update',
    entity: 'gym-setting',
    entityId: gymId,
    after: account,
    actorMemberId: people.owner,
    requestId: null,
    now: setupAt,
  });

  // ── Products: groups, goods with their opening stock ─────────────────────────────────────────────────────
  const groupIds = new Map<GroupName, number>();
  for (const name of PRODUCT_GROUPS) groupIds.set(name, await createGroup(tx, as(setupAt), gymId, name));
  const stock = new Map<string, { id: number; stock: number }>();
  const products = new Map<string, (typeof PRODUCTS)[number] & { id: number }>();
  for (const p of PRODUCTS) {
    const { gymId: _g, ...input } = productCreateSchema.parse({
      gymId,
      name: p.name,
      groupId: groupIds.get(p.group)!,
      price: p.price,
      vatMode: p.vatMode ?? 'INCLUDED',
      lowStockAt: p.lowStockAt,
      memo: p.rental ? '대여 후 회수·세탁해 다시 씁니다. 월말에 회수분을 재입고합니다.' : null,
      initialStock: p.stock,
      stockNote: `최초 입고: ${p.note}`,
    });
    const id = await createProduct(tx, as(setupAt), gymId, input);
    products.set(p.key, { ...p, id });
    stock.set(p.key, { id, stock: p.stock });
  }
  const restock = async (key: string, when: Date, change: number, note: string) => {
    const s = stock.get(key)!;
    await adjustStock(tx, as(when), gymId, s.id, { change, note });
    s.stock += change;
  };

  // ── Pass products (the pass seed made them) ─────────────────────────────────────────────────────────────────
  const tickets = await tx.select().from(ticket).where(eq(ticket.gymId, gymId)).orderBy(asc(ticket.id));
  const ticketByName = new Map(tickets.map((t) => [t.name, t]));
  const sellable = (day: string) =>
    tickets.filter((t) => isSellable(t, day) && PASS_WEIGHTS[t.name] !== undefined);

  // ── Promotions: one ended last month, one running now, one scheduled next month ──────────────────────────
  /** `renewals`: staff give it on a pass only to a customer who has had one (its name says 재등록). */
  type Promo = PromotionTerms & { id: number; renewals: boolean };
  const promos: Promo[] = [];
  const promoUse = new Map<string, number>();
  const promoDefs = [
    {
      name: '장기권·PT 5만원 할인',
      kind: 'AMOUNT' as const,
      value: 50_000,
      startDate: addDays(monthStart(-1), 4),
      endDate: addDays(monthStart(0), -6),
      perCustomerLimit: 1,
      targets: ['헬스 6개월', '헬스 12개월', 'PT 20회', 'PT 30회'].map((n) => ({
        itemType: 'PASS' as const,
        itemId: ticketByName.get(n)!.id,
      })),
    },
    {
      name: '재등록 10% 할인',
      kind: 'PERCENT' as const,
      value: 10,
      startDate: addDays(today, -18),
      endDate: addDays(today, 12),
      perCustomerLimit: 1,
      targets: [
        ...['헬스 3개월', '헬스 6개월'].map((n) => ({
          itemType: 'PASS' as const,
          itemId: ticketByName.get(n)!.id,
        })),
        { itemType: 'PRODUCT' as const, itemId: products.get('shake')!.id },
      ],
    },
    {
      name: '운동복 15% 할인 주간',
      kind: 'PERCENT' as const,
      value: 15,
      startDate: monthStart(1),
      endDate: addDays(monthStart(1), 13),
      perCustomerLimit: null,
      targets: ['leggings', 'gloves'].map((k) => ({
        itemType: 'PRODUCT' as const,
        itemId: products.get(k)!.id,
      })),
    },
  ];
  for (const def of promoDefs) {
    const madeOn = def.startDate > today ? addDays(today, -1) : addDays(def.startDate, -3);
    plan(madeOn < first ? first : madeOn, '09:20', async () => {
      const input = promotionUpdateSchema.parse(def);
      const id = await createPromotion(tx, as(at(madeOn < first ? first : madeOn, '09:20')), gymId, input);
      promos.push({ ...input, status: 'ACTIVE', id, renewals: def.name.startsWith('재등록') });
    });
  }
  const promotionFor = (customer: Customer, itemType: 'PASS' | 'PRODUCT', itemId: number, day: string) => {
    for (const p of promos) {
      if (p.renewals && itemType === 'PASS' && customer.passEnd === null) continue;
      const used = promoUse.get(`${p.id}:${customer.id}`) ?? 0;
      if (promotionRefusal(p, { itemType, itemId }, day, used) === null) return p;
    }
    return null;
  };

  // ── Customers: the existing ones, and walk-ins who join over the months ──────────────────────────────────
  const existing = await tx
    .select({ id: member.id, name: member.name, phone: member.phone, registeredOn: member.registeredOn })
    .from(member)
    .where(and(eq(member.ownerGymId, gymId), isNull(member.erasedAt), eq(member.status, 'ACTIVE')))
    .orderBy(asc(member.id));
  // The period passes the pass seed sold them, on their own days (the history must not overlap them).
  const held = await tx
    .select({ memberId: ticketIssue.memberId, start: ticketIssue.startDate, end: ticketIssue.endDate })
    .from(ticketIssue)
    .where(
      and(
        eq(ticketIssue.gymId, gymId),
        isNull(ticketIssue.sessionCount),
        isNotNull(ticketIssue.endDate),
        ne(ticketIssue.status, 'REFUND'),
      ),
    );
  const customers: Customer[] = existing.map((c) => ({
    id: c.id,
    name: c.name,
    phone: c.phone,
    since: c.registeredOn ?? first,
    passEnd: null,
    busy: held.filter((h) => h.memberId === c.id).map((h) => ({ start: h.start, end: h.end! })),
    renews: chance(0.7),
  }));
  // What each day has taken so far (the pass seed' sales on their days, and this seed's as it goes), to keep every
  // day within DEMO_DAY_BUDGET.
  const dayPaid = new Map<string, number>();
  const monthPaid = new Map<string, number>();
  const took = (day: string, amount: number) => {
    dayPaid.set(day, (dayPaid.get(day) ?? 0) + amount);
    monthPaid.set(day.slice(0, 7), (monthPaid.get(day.slice(0, 7)) ?? 0) + amount);
  };
  for (const line of await tx
    .select({ amount: paymentLine.amount, at: paymentLine.createDate })
    .from(paymentLine)
    .where(and(eq(paymentLine.gymId, gymId), eq(paymentLine.status, 'APPROVE'))))
    took(seoulToday(line.at), line.amount);
  /** Room left on a day for a pass, keeping some for the goods and a locker that go with it, and in its month. */
  const room = (day: string, monthly = true) =>
    Math.min(
      DEMO_DAY_BUDGET - 60_000 - (dayPaid.get(day) ?? 0),
      monthly ? DEMO_MONTH_BUDGET - (monthPaid.get(day.slice(0, 7)) ?? 0) : DEMO_DAY_BUDGET,
    );
  const touched = new Set<number>();
  const span = Math.max(1, dayjs.utc(today).diff(dayjs.utc(first), 'day'));
  const leads = ['WALK_IN', 'REFERRAL', 'ONLINE', 'SNS', 'FLYER', 'CONSULT'] as const;
  const joiners = new Map<string, { name: string; phone: string; lead: (typeof leads)[number] }[]>();
  NEW_NAMES.forEach((name, i) => {
    const day = addDays(first, Math.min(span - 1, Math.floor(((i + 0.5) * span) / NEW_NAMES.length)));
    const list = joiners.get(day) ?? [];
    list.push({
      name,
      phone: `010${String(4000 + i * 37)}${String(5000 + i).padStart(4, '0')}`,
      lead: leads[i % leads.length]!,
    });
    joiners.set(day, list);
  });

  // ── What the seed remembers as it goes ───────────────────────────────────────────────────────────────────
  const passes: PassSold[] = [];
  /** Sales left with a balance: the day, and whether a later errand will take care of it. */
  const balances = new Map<number, { memberId: number; day: string; handled: boolean }>();
  /** Mandatory cash receipts deliberately left to do (two due, one overdue), by checkout. */
  const leftDue = new Set<number>();
  const dueDays = new Map<string, 'leave' | 'left'>([
    [addDays(today, -8), 'leave'],
    [addDays(today, -2), 'leave'],
    [addDays(today, -1), 'leave'],
  ]);
  // Balances on these days are left open: for the write-offs, the correction and the payment requests.
  const forcedBalanceDays = new Set(
    [-95, -80, -60, -22, -19, -15, -13, -6, -4].map((n) => addDays(today, n)),
  );
  let selfIssued = false;
  let reissued = false;
  let lockers = 0;

  const customerById = (id: number) => customers.find((c) => c.id === id)!;
  const issueOf = async (p: PassSold): Promise<number> => {
    if (p.issueId === null) {
      const [row] = await tx.select({ id: sale.ticketIssueId }).from(sale).where(eq(sale.id, p.saleId));
      p.issueId = row!.id!;
    }
    return p.issueId;
  };

  /** A cash receipt for a checkout's cash part, as the desk offers it (docs/rules.md#cash-receipts). */
  const receiptFor = async (
    checkoutId: number,
    cashPaid: number,
    memberId: number,
    day: string,
    when: Date,
  ) => {
    if (cashPaid <= 0) return;
    const mandatory = cashPaid >= 100_000;
    if (!mandatory) {
      if (!chance(0.1)) return;
    } else if (dueDays.get(day) === 'leave') {
      // Left undone: two recent ones still due, and one past its five days (overdue).
      dueDays.set(day, 'left');
      leftDue.add(checkoutId);
      return;
    }
    const who = customerById(memberId);
    if (mandatory && !selfIssued && day >= addDays(first, 30)) {
      // The customer gave no number: staff self-issue within the five days (to 010-000-1234).
      selfIssued = true;
      const issueDay = addDays(day, 2);
      plan(issueDay, '11:40', async () => {
        await issueCashReceipt(tx, provider, as(at(issueDay, '11:40')), {
          gymId,
          checkoutId,
          purpose: 'INCOME_DEDUCTION',
          identifierType: 'PHONE',
          selfIssue: true,
        });
        summary.receipts += 1;
      });
      return;
    }
    const issued = await issueCashReceipt(tx, provider, as(later(when, 2)), {
      gymId,
      checkoutId,
      purpose: 'INCOME_DEDUCTION',
      identifierType: 'PHONE',
      identifier: who.phone,
    });
    summary.receipts += 1;
    if (mandatory && !reissued && day >= addDays(first, 70)) {
      // Issued to the phone, then the customer asked for expense proof: cancelled and issued again.
      reissued = true;
      const next = addDays(day, 1);
      plan(next, '10:15', async () => {
        await cancelCashReceipt(
          tx,
          provider,
          as(at(next, '10:15')),
          gymId,
          issued.id,
          '고객 요청: 개인사업자 지출증빙으로 재발급',
        );
        await issueCashReceipt(tx, provider, as(at(next, '10:17')), {
          gymId,
          checkoutId,
          purpose: 'EXPENSE_PROOF',
          identifierType: 'BUSINESS',
          identifier: '123-45-67890',
        });
        summary.receipts += 1;
      });
    }
  };

  // ── One desk checkout ────────────────────────────────────────────────────────────────────────────────────
  type Shape = {
    customer: Customer;
    day: string;
    when: Date;
    items: DeskItem[];
    payMethod?: PaymentMethod;
    balance?: boolean;
    /** Who made the sale (the staff credited); null: the one at the desk. */
    soldBy: number | null;
    /** A sale a tax invoice will cover takes no cash receipt besides. */
    noReceipt?: boolean;
  };
  const sell = async (shape: Shape) => {
    const { customer, day, when, items } = shape;
    // Price it with the rule the desk shares, to decide the payments.
    const quote = quoteDesk(
      items.map((item) => {
        if (item.type === 'LOCKER')
          return {
            itemType: 'LOCKER' as const,
            itemId: item.lockerId,
            unitPrice: item.fee + (item.deposit ?? 0),
            quantity: 1,
            promotion: null,
            manualDiscount: 0,
          };
        const promo = item.promotionId ? promos.find((p) => p.id === item.promotionId)! : null;
        return item.type === 'PASS'
          ? {
              itemType: 'PASS' as const,
              itemId: item.ticketId,
              unitPrice: tickets.find((t) => t.id === item.ticketId)!.salePrice,
              quantity: 1,
              promotion: promo,
              manualDiscount: item.manualDiscount ?? 0,
            }
          : {
              itemType: 'PRODUCT' as const,
              itemId: item.productId,
              unitPrice: [...products.values()].find((p) => p.id === item.productId)!.price,
              quantity: item.quantity,
              promotion: promo,
              manualDiscount: item.manualDiscount ?? 0,
            };
      }),
      {},
      day,
    );
    const total = quote.total;
    const hasPass = items.some((i) => i.type === 'PASS');
    let payments: { method: PaymentMethod; amount: number }[];
    const r = random();
    if (shape.payMethod) {
      payments = [{ method: shape.payMethod, amount: total }];
    } else if (shape.balance || (hasPass && r < 0.08)) {
      const part = Math.floor((total * (0.3 + 0.4 * random())) / 10_000) * 10_000;
      const method = weighted<PaymentMethod>([
        ['CARD', 55],
        ['TRANSFER', 30],
        ['CASH', 15],
      ]);
      payments = part > 0 ? [{ method, amount: part }] : [];
    } else if (total >= 150_000 && r < 0.15) {
      const cash = Math.min(total - 10_000, pick([50_000, 100_000, 150_000]));
      payments = [
        { method: 'CARD', amount: total - cash },
        { method: chance(0.6) ? 'CASH' : 'TRANSFER', amount: cash },
      ];
    } else {
      const method = hasPass
        ? weighted<PaymentMethod>([
            ['CARD', 68],
            ['TRANSFER', 18],
            ['CASH', 14],
          ])
        : weighted<PaymentMethod>([
            ['CARD', 62],
            ['CASH', 38],
          ]);
      payments = [{ method, amount: total }];
    }
    // A balance is left by choice (docs/rules.md#leave-unpaid).
    const unpaid = total - payments.reduce((n, p) => n + p.amount, 0);
    // A pass alone at its list price is as often sold from the customer's page (the members sale, its own PASS
    // checkout) as at the desk.
    const only = items[0]!;
    const onPassPage =
      items.length === 1 && only.type === 'PASS' && !only.promotionId && !only.manualDiscount && chance(0.65);
    let result: { checkoutId: number; saleIds: number[]; owed: number; cashPaid: number };
    let issueId: number | null = null;
    if (onPassPage && only.type === 'PASS') {
      const sold = await sellPassSale(tx, as(when), {
        gymId,
        memberId: customer.id,
        ticketId: only.ticketId,
        startDate: only.startDate,
        payments,
        ...(unpaid > 0 ? { leaveUnpaid: unpaid } : {}),
        soldByMemberId: shape.soldBy,
      });
      issueId = sold.issueId;
      const cashPaid = payments.filter((p) => p.method !== 'CARD').reduce((n, p) => n + p.amount, 0);
      const [row] =
        cashPaid > 0
          ? await tx.select({ checkoutId: sale.checkoutId }).from(sale).where(eq(sale.id, sold.saleId))
          : [];
      result = {
        checkoutId: row?.checkoutId ?? 0,
        saleIds: [sold.saleId],
        owed: total - payments.reduce((n, p) => n + p.amount, 0),
        cashPaid,
      };
    } else {
      const body: CheckoutBody = {
        gymId,
        memberId: customer.id,
        items,
        payments,
        ...(unpaid > 0 ? { leaveUnpaid: unpaid } : {}),
        ...(shape.soldBy ? { soldByMemberId: shape.soldBy } : {}),
        ...(items.some((i) => i.type !== 'LOCKER' && (i.manualDiscount ?? 0) > 0)
          ? { discountReason: '지인 소개 할인' }
          : {}),
      };
      result = await createCheckout(tx, as(when), body);
    }
    summary.checkouts += 1;
    summary.sales += result.saleIds.length;
    took(day, total - unpaid);
    touched.add(customer.id);
    for (const item of items) {
      if (item.type === 'PRODUCT') {
        const s = [...stock.values()].find((x) => x.id === item.productId)!;
        s.stock -= item.quantity;
        // The desk restocks what a sale leaves low, the same hour, so the demo's only low product is the one left
        // to run low on purpose, whatever day and hour the demo is made.
        const p = PRODUCTS.find((x) => stock.get(x.key) === s)!;
        if (!p.rental && s.stock <= p.lowStockAt && !(p.key === 'bar' && day >= addDays(today, -35)))
          await restock(p.key, when, p.batch, p.note);
      }
      if (item.type !== 'LOCKER' && item.promotionId) {
        const key = `${item.promotionId}:${customer.id}`;
        promoUse.set(key, (promoUse.get(key) ?? 0) + 1);
      }
    }
    // The passes it sold, for sessions, renewals and refunds.
    // The checkout's sales are in the order of its items.
    for (const [index, item] of items.entries()) {
      if (item.type !== 'PASS') continue;
      {
        const t = tickets.find((x) => x.id === item.ticketId)!;
        const endDate =
          t.periodAmount !== null && t.periodUnit !== null
            ? passEndDate(item.startDate!, t.periodAmount, t.periodUnit as PeriodUnit)
            : null;
        if (endDate && (customer.passEnd === null || endDate > customer.passEnd)) customer.passEnd = endDate;
        if (endDate && t.sessionCount === null)
          customer.busy.push({ start: item.startDate!, end: endDate, saleId: result.saleIds[index]! });
        passes.push({
          issueId,
          saleId: result.saleIds[index]!,
          memberId: customer.id,
          soldOn: day,
          ticketName: t.name,
          endDate,
          sessions: t.sessionCount,
          used: 0,
          method: payments[0]?.method ?? 'CARD',
          fullyPaid: result.owed === 0,
          refunded: false,
        });
      }
    }
    if (result.owed > 0) {
      summary.balances += 1;
      for (const saleId of result.saleIds) {
        const money = result.saleIds.length === 1 ? { owed: result.owed } : await saleMoneyOf(tx, saleId);
        if (money && money.owed > 0) balances.set(saleId, { memberId: customer.id, day, handled: false });
      }
      // Older balances are mostly collected within three weeks; recent ones are still open.
      if (day < addDays(today, -25) && !forcedBalanceDays.has(day) && chance(0.7)) {
        const collectDay = addDays(day, 3 + Math.floor(random() * 18));
        for (const [saleId, b] of balances)
          if (b.day === day && b.memberId === customer.id && !b.handled) {
            b.handled = true;
            const method = weighted<PaymentMethod>([
              ['CARD', 60],
              ['CASH', 20],
              ['TRANSFER', 20],
            ]);
            const time = clock(10 * 60 + Math.floor(random() * 600));
            const collect =
              (on: string): (() => Promise<void>) =>
              async () => {
                const money = await saleMoneyOf(tx, saleId);
                if (!money || money.owed <= 0 || money.closed) return;
                // A busy day: the customer comes back the next day.
                if (money.owed > DEMO_DAY_BUDGET - (dayPaid.get(on) ?? 0) && on < addDays(today, -1)) {
                  plan(addDays(on, 1), time, collect(addDays(on, 1)));
                  return;
                }
                const when2 = at(on, time);
                const collected = await collectSale(tx, as(when2), {
                  gymId,
                  saleId,
                  payments: [{ method, amount: money.owed }],
                });
                summary.collections += 1;
                took(on, money.owed);
                await receiptFor(
                  collected.checkoutId,
                  method === 'CARD' ? 0 : money.owed,
                  customer.id,
                  on,
                  when2,
                );
              };
            plan(collectDay, time, collect(collectDay));
          }
      }
    }
    if (!shape.noReceipt) await receiptFor(result.checkoutId, result.cashPaid, customer.id, day, when);
    return result;
  };

  // ── The months, one day at a time ────────────────────────────────────────────────────────────────────────
  const pickProduct = (): string => weighted(PRODUCTS.map((p) => [p.key, p.weight] as const));
  const productItem = (customer: Customer, day: string, key: string): DeskItem | null => {
    const p = products.get(key)!;
    const quantity = key === 'water' && chance(0.25) ? 2 : 1;
    if (stock.get(key)!.stock < quantity) return null;
    const promo = promotionFor(customer, 'PRODUCT', p.id, day);
    return {
      type: 'PRODUCT',
      productId: p.id,
      quantity,
      ...(promo && chance(0.85) ? { promotionId: promo.id } : {}),
    };
  };
  /** The first day from `from` on where a pass of `t` overlaps none of the customer's period passes. */
  const freeStart = (customer: Customer, t: (typeof tickets)[number], from: string) => {
    if (t.periodAmount === null || t.periodUnit === null || t.sessionCount !== null) return from;
    let start = from;
    for (let moved = true; moved; ) {
      moved = false;
      const end = passEndDate(start, t.periodAmount, t.periodUnit as PeriodUnit);
      for (const b of customer.busy)
        if (b.start <= end && start <= b.end) {
          start = addDays(b.end, 1);
          moved = true;
        }
    }
    return start;
  };
  const passItem = (customer: Customer, day: string, name?: string): DeskItem | null => {
    // What fits in the day's budget; a pass that must be sold is the cheapest one when nothing fits.
    // A pass that must be sold (named) minds the day's budget only.
    const options = sellable(day).filter((o) => o.salePrice <= room(day, name === undefined));
    const named = name ? ticketByName.get(name)! : undefined;
    if (options.length === 0 && !named) return null;
    const t =
      named && options.includes(named)
        ? named
        : options.length === 0
          ? ticketByName.get('헬스 1개월')!
          : weighted(options.map((o) => [o, PASS_WEIGHTS[o.name]!] as const));
    const startDate = freeStart(
      customer,
      t,
      t.periodAmount !== null && customer.passEnd !== null && customer.passEnd >= day
        ? addDays(customer.passEnd, 1)
        : day,
    );
    // A pass sold more than two weeks ahead of its start is not a sale a desk makes.
    if (startDate > addDays(day, 14)) return null;
    const promo = promotionFor(customer, 'PASS', t.id, day);
    const usePromo = promo !== null && chance(0.85);
    return {
      type: 'PASS',
      ticketId: t.id,
      startDate,
      ...(usePromo ? { promotionId: promo.id } : {}),
      ...(!usePromo && t.salePrice >= 270_000 && chance(0.04) ? { manualDiscount: 10_000 } : {}),
    };
  };
  const inForce = (c: Customer, day: string) =>
    (c.passEnd !== null && c.passEnd >= day) || c.busy.some((b) => b.start <= day && day <= b.end);

  const deskSale = async (
    day: string,
    when: Date,
    kind: 'products' | 'pass' | 'both',
    forced?: 'cash' | 'balance',
  ) => {
    const pool = customers.filter((c) => c.since <= day);
    if (pool.length === 0) return;
    // A day that has taken its budget sells no more (DEMO_DAY_BUDGET).
    if (kind === 'products' && (dayPaid.get(day) ?? 0) > DEMO_DAY_BUDGET - 100_000) return;
    let customer: Customer;
    if (kind === 'products') {
      const members = pool.filter((c) => inForce(c, day));
      customer = pick(members.length > 0 && chance(0.8) ? members : pool);
    } else {
      const renewing = pool.filter(
        (c) =>
          c.renews && c.passEnd !== null && c.passEnd >= addDays(day, -6) && c.passEnd <= addDays(day, 5),
      );
      const free = pool.filter((c) => !inForce(c, day) && !c.busy.some((b) => b.end >= day));
      customer = renewing.length > 0 && chance(0.65) ? pick(renewing) : pick(free.length > 0 ? free : pool);
    }
    const items: DeskItem[] = [];
    let soldBy: number | null = null;
    if (kind !== 'products') {
      const item = passItem(
        customer,
        day,
        forced === 'cash'
          ? pick(['헬스 3개월', '헬스 6개월'])
          : forced === 'balance' && room(day) < 270_000
            ? '헬스 1개월'
            : undefined,
      );
      if (!item) return;
      items.push(item);
      const name = tickets.find((t) => t.id === (item as { ticketId: number }).ticketId)!.name;
      soldBy = name.includes('PT')
        ? pick([people.staff, people.coach])
        : chance(0.3)
          ? pick([people.staff, people.coach, people.yoga])
          : people.desk;
    }
    if (kind !== 'pass') {
      const lines =
        kind === 'both'
          ? 1
          : weighted([
              [1, 35],
              [2, 40],
              [3, 25],
            ] as const);
      const keys = new Set<string>();
      for (let i = 0; i < lines; i += 1)
        keys.add(kind === 'both' ? pick(['shake', 'gloves', 'leggings', 'towel']) : pickProduct());
      for (const key of keys) {
        const item = productItem(customer, day, key);
        if (item) items.push(item);
      }
    }
    // A locker with the pass, in the last two weeks (the lockers free today).
    if (kind !== 'products' && lockers < 6 && day >= addDays(today, -14) && chance(0.35)) {
      const [held] = await tx
        .select({ id: lockerRental.id })
        .from(lockerRental)
        .where(and(eq(lockerRental.memberId, customer.id), eq(lockerRental.status, 'ACTIVE')))
        .limit(1);
      const free = held ? [] : (await deskCatalog(tx, gymId, when)).lockers;
      if (free.length > 0) {
        const months = pick([1, 1, 3]);
        const locker = free[Math.floor(random() * Math.min(free.length, 20))]!;
        items.push({
          type: 'LOCKER',
          lockerId: locker.id,
          startDate: day,
          endDate: addDays(dayjs.utc(day).add(months, 'month').format('YYYY-MM-DD'), -1),
          fee: 10_000 * months,
          ...(chance(0.4) ? { deposit: 10_000 } : {}),
        });
        lockers += 1;
      }
    }
    if (items.length === 0) return;
    // Within a checkout a per-customer limit of 1 lets the promotion apply once.
    const seen = new Set<number>();
    for (const item of items)
      if (item.type !== 'LOCKER' && item.promotionId) {
        if (seen.has(item.promotionId)) delete item.promotionId;
        else seen.add(item.promotionId);
      }
    await sell({
      customer,
      day,
      when,
      items,
      soldBy,
      ...(forced === 'cash' ? { payMethod: day === addDays(today, -1) ? 'TRANSFER' : 'CASH' } : {}),
      ...(forced === 'balance' ? { balance: true } : {}),
    });
  };

  // Expenditure: the monthly bills, now-and-then purchases, a custom category and one reversed entry.
  const categories = await listCategories(tx, gymId);
  const category = (code: string) => categories.find((c) => c.code === code)!.id;
  const cleaningAt = at(first, '09:10');
  const cleaning = (await createCategory(tx, as(cleaningAt), gymId, '청소 용역')).id;
  const expenseOn = (
    day: string,
    time: string,
    categoryId: number,
    amount: number,
    method: PaymentMethod,
    memo: string,
  ) =>
    plan(day, time, async () => {
      await createExpense(
        tx,
        as(at(day, time)),
        expenseCreateSchema.parse({ gymId, spentOn: day, categoryId, amount, method, memo }),
      );
      summary.expenses += 1;
    });
  const ELECTRIC = [690_000, 720_000, 810_000, 930_000, 880_000, 740_000];
  for (let m = -5; m <= 0; m += 1) {
    const start = monthStart(m);
    const k = m + 5;
    expenseOn(start, '10:00', category('RENT'), 4_500_000, 'TRANSFER', '3층 임대료 (월세)');
    expenseOn(
      addDays(start, 4),
      '11:00',
      category('MARKETING'),
      300_000,
      'CARD',
      '인스타그램 광고 (월 정액)',
    );
    expenseOn(
      addDays(start, 9),
      '10:30',
      category('PAYROLL'),
      8_200_000,
      'TRANSFER',
      '직원 급여 (트레이너 3명, 프런트 1명)',
    );
    expenseOn(
      addDays(start, 14),
      '14:00',
      category('UTILITIES'),
      ELECTRIC[k]!,
      'TRANSFER',
      '전기요금 (자동이체)',
    );
    expenseOn(
      addDays(start, 24),
      '14:10',
      category('UTILITIES'),
      160_000 + k * 12_000,
      'TRANSFER',
      '수도·가스요금',
    );
    expenseOn(addDays(start, 27), '17:00', cleaning, 600_000, 'TRANSFER', '월 정기 청소 (주 3회)');
  }
  expenseOn(
    addDays(monthStart(-5), 11),
    '15:00',
    category('EQUIPMENT'),
    2_400_000,
    'CARD',
    '덤벨 세트 추가 (2~20kg)',
  );
  expenseOn(addDays(monthStart(-4), 17), '16:30', category('OTHER'), 65_000, 'CASH', '정수기 필터 교체');
  expenseOn(
    addDays(monthStart(-3), 7),
    '13:00',
    category('MARKETING'),
    180_000,
    'CASH',
    '전단지 인쇄 (3,000장)',
  );
  // The same flyer invoice entered twice, and the second reversed the next day.
  const duplicateDay = addDays(monthStart(-3), 7);
  plan(duplicateDay, '13:05', async () => {
    const id = await createExpense(
      tx,
      as(at(duplicateDay, '13:05')),
      expenseCreateSchema.parse({
        gymId,
        spentOn: duplicateDay,
        categoryId: category('MARKETING'),
        amount: 180_000,
        method: 'CASH',
        memo: '전단지 인쇄 (3,000장)',
      }),
    );
    summary.expenses += 1;
    const next = addDays(duplicateDay, 1);
    plan(next, '09:30', async () => {
      await reverseExpense(tx, as(at(next, '09:30')), gymId, id, '중복 입력 취소');
    });
  });
  expenseOn(
    addDays(monthStart(-2), 19),
    '15:30',
    category('EQUIPMENT'),
    850_000,
    'CARD',
    '러닝머신 벨트 교체 (2대)',
  );
  expenseOn(
    addDays(monthStart(-1), 2),
    '11:30',
    category('MARKETING'),
    450_000,
    'CARD',
    '네이버 플레이스 광고',
  );

  // Refunds through the pass refund, spread over the months.
  const refundDays = [28, 63, 98, 128].map((n) => addDays(first, n)).concat([addDays(today, -16)]);
  for (const [i, day] of refundDays.entries())
    plan(day, '16:20', async () => {
      const candidates = passes.filter(
        (p) =>
          !p.refunded &&
          p.fullyPaid &&
          p.soldOn <= addDays(day, -7) &&
          p.soldOn >= addDays(day, -45) &&
          (i === 2 ? p.sessions !== null && p.endDate === null : p.endDate !== null && p.endDate > day),
      );
      const target = candidates[0];
      if (!target) return;
      if (target.sessions !== null && target.used === 0) {
        await consumeSessions(tx, as(at(day, '16:00')), await issueOf(target), {
          sessions: 2,
          note: 'PT 수업',
          kind: 'ATTEND',
        });
        target.used += 2;
      }
      await refundPass(tx, as(at(day, '16:20')), await issueOf(target), {
        fault: 'MEMBER',
        method: target.method,
        note: i === 2 ? '부상으로 PT 중단' : REFUND_NOTES[i % REFUND_NOTES.length]!,
      });
      target.refunded = true;
      summary.refunds += 1;
      const c = customerById(target.memberId);
      if (target.endDate !== null && c.passEnd === target.endDate) c.passEnd = day;
      c.busy = c.busy.filter((b) => b.saleId !== target.saleId);
      c.renews = false;
    });

  /** An open balance the seed has not promised to another errand, oldest or newest first. */
  const openBalance = async (before: string, order: 'old' | 'new') => {
    const list = [...balances.entries()]
      .filter(([, b]) => !b.handled && b.day < before)
      .sort((a, b) =>
        order === 'old' ? a[1].day.localeCompare(b[1].day) : b[1].day.localeCompare(a[1].day),
      );
    for (const [saleId, b] of list) {
      const money = await saleMoneyOf(tx, saleId);
      if (money && money.owed > 0 && !money.closed) {
        b.handled = true;
        return { saleId, owed: money.owed, memberId: b.memberId };
      }
    }
    return undefined;
  };

  // Two write-offs and one correction on old balances.
  for (const [offset, reason] of [
    [-55, '장기 미납, 연락 두절로 회수 불가'],
    [-27, '분쟁 합의: 잔액 면제 (대표 승인)'],
  ] as const) {
    const day = addDays(today, offset);
    plan(day, '18:10', async () => {
      const target = await openBalance(addDays(day, -30), 'old');
      if (target) await writeOffSale(tx, as(at(day, '18:10')), { gymId, saleId: target.saleId, reason });
    });
  }
  const correctDay = addDays(today, -40);
  plan(correctDay, '17:40', async () => {
    const target = await openBalance(addDays(correctDay, -3), 'new');
    if (target)
      await correctSale(tx, as(at(correctDay, '17:40')), {
        gymId,
        saleId: target.saleId,
        amount: Math.min(20_000, target.owed),
        reason: '가격 입력 오류 정정 (상담 시 안내한 금액)',
      });
  });

  // Payment requests: one paid (transfer confirmed), one expired, one waiting for staff, one open.
  const request = async (day: string, time: string) => {
    const target = await openBalance(day, 'new');
    if (!target) return undefined;
    const made = await createPayRequest(tx, as(at(day, time), people.owner), {
      gymId,
      saleId: target.saleId,
    });
    return { ...made, token: new URL(made.url, 'http://x').searchParams.get('token')!, ...target };
  };
  const claim = (day: string, time: string, token: string, memberId: number) =>
    claimTransfer(tx, as(at(day, time), null), { token, depositorName: customerById(memberId).name });
  plan(addDays(today, -9), '18:30', async () => {
    const made = await request(addDays(today, -9), '18:30');
    if (!made) return;
    plan(addDays(today, -8), '21:05', async () => {
      await claim(addDays(today, -8), '21:05', made.token, made.memberId);
      plan(addDays(today, -7), '10:20', async () => {
        const when = at(addDays(today, -7), '10:20');
        await confirmPayRequest(tx, as(when), gymId, made.id);
        const [paid] = await tx
          .select({ id: checkout.id, cashPaid: checkout.cashPaid })
          .from(checkout)
          .where(and(eq(checkout.gymId, gymId), eq(checkout.kind, 'REQUEST')))
          .orderBy(sql`${checkout.id} desc`)
          .limit(1);
        if (paid) await receiptFor(paid.id, paid.cashPaid, made.memberId, addDays(today, -7), when);
      });
    });
  });
  plan(addDays(today, -12), '19:00', async () => {
    await request(addDays(today, -12), '19:00');
  });
  plan(addDays(today, -3), '17:50', async () => {
    const made = await request(addDays(today, -3), '17:50');
    if (made)
      plan(addDays(today, -2), '12:35', () =>
        claim(addDays(today, -2), '12:35', made.token, made.memberId).then(() => {}),
      );
  });
  plan(addDays(today, -1), '16:45', async () => {
    await request(addDays(today, -1), '16:45');
  });

  // Two tax invoices to business buyers on transfer-paid sales (one cancelled for a wrong buyer name).
  for (const [offset, what, buyer, cancel] of [
    [-45, 'bcaa', { number: '123-81-45678', name: '주식회사 런앤핏' }, null],
    [-20, '헬스 1개월', { number: '234-86-12345', name: '(주)강남소프트' }, '공급받는자 상호 오기'],
  ] as const) {
    const day = addDays(today, offset);
    plan(day, '15:10', async () => {
      const customer = customers.filter((c) => c.since <= day)[offset === -45 ? 5 : 17]!;
      const item: DeskItem =
        what === 'bcaa'
          ? { type: 'PRODUCT', productId: products.get('bcaa')!.id, quantity: 2 }
          : {
              type: 'PASS',
              ticketId: ticketByName.get(what)!.id,
              startDate: freeStart(
                customer,
                ticketByName.get(what)!,
                inForce(customer, day) && customer.passEnd !== null ? addDays(customer.passEnd, 1) : day,
              ),
            };
      if (what === 'bcaa' && stock.get('bcaa')!.stock < 2)
        await restock('bcaa', at(day, '15:00'), 10, 'BCAA 10통 입고');
      const when = at(day, '15:10');
      const result = await sell({
        customer,
        day,
        when,
        items: [item],
        payMethod: 'TRANSFER',
        soldBy: people.desk,
        noReceipt: true,
      });
      const id = await issueTaxInvoice(tx, provider, as(later(when, 20)), {
        gymId,
        saleId: result.saleIds[0]!,
        buyerBusinessNumber: buyer.number,
        buyerName: buyer.name,
        buyerEmail: 'tax@example.com',
      });
      if (cancel) {
        const next = addDays(day, 1);
        plan(next, '10:40', () => cancelTaxInvoice(tx, provider, as(at(next, '10:40')), gymId, id, cancel));
      }
    });
  }

  // The day loop: the morning restock, new customers, the desk's checkouts, sessions used, and the errands.
  for (let day = first; day <= today; day = addDays(day, 1)) {
    const weekday = weekdayOf(day);
    const isLastOfMonth = addDays(day, 1).slice(8) === '01';
    // Morning restock of what ran low (the protein bar is left to run low for the last five weeks).
    plan(day, '09:00', async () => {
      for (const p of PRODUCTS) {
        const s = stock.get(p.key)!;
        if (p.rental || s.stock > p.lowStockAt) continue;
        if (p.key === 'bar' && day >= addDays(today, -35)) continue;
        await restock(p.key, at(day, '09:00'), p.batch, p.note);
      }
    });
    if (isLastOfMonth)
      plan(day, '22:30', async () => {
        for (const p of PRODUCTS.filter((x) => x.rental)) {
          const s = stock.get(p.key)!;
          const back = p.stock - s.stock;
          if (back > 0) await restock(p.key, at(day, '22:30'), back, `월말 회수·세탁분 재입고 (${back}개)`);
        }
      });
    for (const [i, j] of (joiners.get(day) ?? []).entries()) {
      const time = clock(10 * 60 + i * 50);
      plan(day, time, async () => {
        const when = at(day, time);
        const made = await importCustomers(
          tx,
          as(when),
          gymId,
          [{ name: j.name, phone: j.phone, memo: '' }],
          false,
        );
        const id = made.rows[0]?.id;
        if (!id) return;
        await tx
          .update(member)
          .set({ registeredOn: day, createDate: when, leadSource: j.lead })
          .where(eq(member.id, id));
        const c: Customer = {
          id,
          name: j.name,
          phone: j.phone,
          since: day,
          passEnd: null,
          busy: [],
          renews: chance(0.75),
        };
        customers.push(c);
        const item = passItem(c, day, pick(['헬스 1개월', '헬스 3개월', '헬스 3개월', 'PT 20회']));
        if (item) await sell({ customer: c, day, when: later(when, 15), items: [item], soldBy: people.desk });
      });
    }
    // The desk: 1–3 checkouts a day (most often one or two), one on Sunday, between 7:00 and 22:00. A checkout
    // often holds several goods, so the sales run to about three a day: with the passes the pass seed sells today
    // and the locker rentals, about 650 in six months, which keeps the demo quick to make (README's demo table).
    const count =
      weekday === 0
        ? 1
        : weighted(
            weekday === 6
              ? ([
                  [1, 30],
                  [2, 40],
                  [3, 30],
                ] as const)
              : ([
                  [1, 50],
                  [2, 38],
                  [3, 12],
                ] as const),
          );
    const minutes = Array.from({ length: count }, () => 7 * 60 + Math.floor(random() * 15 * 60)).sort(
      (a, b) => a - b,
    );
    for (const [i, m] of minutes.entries()) {
      const instant = seoulInstant(day, clock(m));
      if (instant.getTime() > latest.getTime()) continue;
      const r = random();
      const kind = r < 0.45 ? 'products' : r < 0.85 ? 'pass' : 'both';
      const forced =
        i === 0 && dueDays.has(day) ? 'cash' : i === 0 && forcedBalanceDays.has(day) ? 'balance' : undefined;
      plan(day, clock(m), () => deskSale(day, instant, forced ? 'pass' : kind, forced));
    }
    // Sessions used: about two a week on each PT pass, recorded every four weeks.
    plan(day, '21:30', async () => {
      for (const p of passes) {
        if (p.refunded || p.sessions === null || p.used >= p.sessions) continue;
        if (p.soldOn === day || daysBetween(p.soldOn, day) % 28 !== 0) continue;
        if (p.endDate !== null && p.endDate < day) continue;
        const sessions = Math.min(8, p.sessions - p.used);
        await consumeSessions(tx, as(at(day, '21:30'), people.staff), await issueOf(p), {
          sessions,
          note: 'PT 수업 (4주간)',
          kind: 'ATTEND',
        });
        p.used += sessions;
      }
    });
    // Run the day in time order; errands may add errands for the same day.
    const done = new Set<Task>();
    for (;;) {
      const next = (agenda.get(day) ?? [])
        .filter((t) => !done.has(t))
        .sort((a, b) => a.at.getTime() - b.at.getTime())[0];
      if (!next) break;
      done.add(next);
      await next.run();
    }
  }

  // The protein bar ends below its threshold: the last box's near-expiry bars are thrown away.
  const bar = stock.get('bar')!;
  if (bar.stock > 4) await restock('bar', latest, 4 - bar.stock, '유통기한 임박 상품 폐기');

  // The checkouts made before this seed (passes sold today by the pass seed): their mandatory receipts are issued,
  // so that only the ones left above stay due.
  const pending = await tx
    .select({ id: checkout.id, memberId: checkout.memberId })
    .from(checkout)
    .where(
      and(
        eq(checkout.gymId, gymId),
        gte(checkout.cashPaid, 100_000),
        sql`not exists (select 1 from ${cashReceipt} where ${cashReceipt.checkoutId} = ${checkout.id} and ${cashReceipt.status} = 'ISSUED')`,
      ),
    )
    .orderBy(asc(checkout.id));
  for (const row of pending) {
    if (leftDue.has(row.id)) continue;
    const [who] = await tx.select({ phone: member.phone }).from(member).where(eq(member.id, row.memberId));
    await issueCashReceipt(tx, provider, as(now), {
      gymId,
      checkoutId: row.id,
      purpose: 'INCOME_DEDUCTION',
      identifierType: 'PHONE',
      identifier: who!.phone,
    });
    summary.receipts += 1;
  }

  // The summaries were written as of each errand's day: rewrite them as of today.
  for (const id of touched) await customerChanged(tx, id, today);
  return summary;
};
