import { and, eq, gt, min } from 'drizzle-orm';
import { seoulInstant } from '#domain/rules/schedule.ts';
import { addDays, seoulToday } from '#domain/rules/seoul-time.ts';
import type { Executor } from '../db/client.ts';
import { member, sale, type TicketRow, ticket } from '../db/schema/index.ts';
import type { Actor } from '../kernel/actor.ts';
import { addMemo } from '../modules/customer/customer.commands.ts';
import { importCustomers } from '../modules/customer/customer-import.commands.ts';
import { holdPass } from '../modules/pass/hold.commands.ts';
import { collectPayment, consumeSessions, sellPass, transferPass } from '../modules/pass/pass.commands.ts';
import { refundPass } from '../modules/pass/refund.commands.ts';
import { DEMO_DAY_BUDGET } from './money.ts';

// The demo's customers and passes (README's demo table): 핏데스크 강남점 gets about 120 customers with Korean names,
// 8 pass products and passes in every state, all made through the services so that the summaries, the usage
// ledger, the money rows and the audit chain are what the product itself would have written. Dates are relative
// to the day the demo database is made (Asia/Seoul). Each sale, payment, collection, hold, transfer and refund is
// written on the day it happened (the services take `actor.now`), spread over the months, so that the money
// history has no spike on the day the demo is made (docs/rules.md#demo-money).

const FAMILY = [
  '김',
  '이',
  '박',
  '최',
  '정',
  '강',
  '조',
  '윤',
  '장',
  '임',
  '한',
  '오',
  '서',
  '신',
  '권',
  '황',
  '안',
  '송',
  '류',
  '홍',
];
const GIVEN = [
  '민준',
  '서연',
  '도윤',
  '하은',
  '시우',
  '지유',
  '예준',
  '수아',
  '주원',
  '지민',
  '하준',
  '서윤',
  '지호',
  '채원',
  '준서',
  '다은',
  '건우',
  '예린',
  '현우',
  '소율',
  '우진',
  '지아',
  '선우',
  '윤서',
];

/** A deterministic, distinct mobile number per index. */
const phoneOf = (i: number) =>
  `010${String(1000 + ((i * 7919) % 9000)).padStart(4, '0')}${String(1000 + i).padStart(4, '0')}`;

const PRODUCTS = [
  {
    name: '헬스 1개월',
    periodAmount: 1,
    periodUnit: 'MONTH',
    originPrice: 110_000,
    salePrice: 99_000,
    color: '#1677ff',
  },
  {
    name: '헬스 3개월',
    periodAmount: 3,
    periodUnit: 'MONTH',
    originPrice: 300_000,
    salePrice: 270_000,
    holdMaxCount: 2,
    holdMaxDays: 30,
    holdMinDays: 7,
    transferFee: 20_000,
    color: '#0958d9',
  },
  {
    name: '헬스 6개월',
    periodAmount: 6,
    periodUnit: 'MONTH',
    originPrice: 540_000,
    salePrice: 480_000,
    holdMaxCount: 2,
    holdMaxDays: 60,
    holdMinDays: 7,
    transferFee: 20_000,
    color: '#531dab',
  },
  {
    name: '헬스 12개월',
    periodAmount: 1,
    periodUnit: 'YEAR',
    originPrice: 990_000,
    salePrice: 840_000,
    holdMaxCount: 3,
    holdMaxDays: 90,
    holdMinDays: 7,
    transferFee: 30_000,
    color: '#c41d7f',
  },
  {
    name: 'PT 10회',
    sessionCount: 10,
    originPrice: 660_000,
    salePrice: 600_000,
    entryUsesSession: false,
    color: '#d4380d',
  },
  { name: 'PT 20회', sessionCount: 20, originPrice: 1_210_000, salePrice: 1_100_000, color: '#cf1322' },
  {
    name: 'PT 30회',
    sessionCount: 30,
    originPrice: 1_650_000,
    salePrice: 1_500_000,
    transferFee: 50_000,
    color: '#08979c',
  },
  {
    name: '3개월 + PT 30회',
    periodAmount: 3,
    periodUnit: 'MONTH',
    sessionCount: 30,
    originPrice: 1_950_000,
    salePrice: 1_700_000,
    // The PT part's value (docs/rules.md#trainer-pay): 48,000 a session; the rest (260,000) buys the 3 months.
    sessionValue: 1_440_000,
    holdMaxCount: 1,
    holdMaxDays: 14,
    holdMinDays: 7,
    color: '#389e0d',
  },
] as const;

export const seedMembersAndPasses = async (
  tx: Executor,
  gymId: number,
  /** `trainer` is assigned every third customer; `coaches` (박코치, 최요가) a sixth each. */
  people: { owner: number; trainer?: number | undefined; coaches?: readonly (number | undefined)[] },
  now: Date,
) => {
  const today = seoulToday(now);
  const actor: Actor = { memberId: people.owner, requestId: null, now };
  const latest = now.getTime() - 60_000;
  /** The staff's act on a Seoul day at a time of the desk's hours that `k` picks, never after a minute ago. */
  const on = (day: string, k: number): Actor => {
    const minutes = 10 * 60 + ((k * 97) % 600);
    const instant = seoulInstant(
      day,
      `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
    );
    return { ...actor, now: new Date(Math.min(instant.getTime(), latest)) };
  };
  // The products were on sale long before the history starts.
  const listed = on(addDays(today, -400), 0).now;
  const products: TicketRow[] = [];
  for (const p of PRODUCTS) {
    const [row] = await tx
      .insert(ticket)
      .values({ gymId, ...p, createDate: listed, modifiedDate: listed })
      .returning();
    products.push(row!);
  }
  const [month1, month3, month6, year1, pt10, pt20, pt30, mixed] = products.map((p) => p) as [
    TicketRow,
    TicketRow,
    TicketRow,
    TicketRow,
    TicketRow,
    TicketRow,
    TicketRow,
    TicketRow,
  ];

  const rows = Array.from({ length: 120 }, (_, i) => ({
    name: `${FAMILY[(i * 7) % FAMILY.length]}${GIVEN[(i * 5 + Math.floor(i / 24)) % GIVEN.length]}`,
    phone: phoneOf(i),
    gender: i % 2 === 0 ? '여' : '남',
    birthDate: `${1965 + (i % 40)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`,
    memo: i % 17 === 0 ? '오전 운동 선호' : '',
  }));
  const imported = await importCustomers(tx, actor, gymId, rows, false);
  const ids = imported.rows.map((r) => r.id).filter((id): id is number => id !== null);

  // Registered over the last year (a dozen this month), some with a trainer and a lead source. Each trainer has
  // customers of their own, so a trainer's narrowed set (docs/rules.md#customer-reach) has a list to show.
  const assignedTrainer = (k: number): number | null => {
    if (k % 3 === 0) return people.trainer ?? null;
    if (k % 6 === 1) return people.coaches?.[0] ?? null;
    if (k % 6 === 4) return people.coaches?.[1] ?? null;
    return null;
  };
  const leads = ['WALK_IN', 'REFERRAL', 'ONLINE', 'SNS', 'FLYER', 'CONSULT'] as const;
  for (const [k, id] of ids.entries()) {
    const registered = k < 12 ? addDays(today, -(k % 20)) : addDays(today, -(30 + ((k * 37) % 330)));
    await tx
      .update(member)
      .set({
        registeredOn:
          registered.slice(0, 8) === today.slice(0, 8) && k >= 12 ? addDays(registered, -31) : registered,
        createDate: new Date(`${registered}T01:00:00Z`),
        leadSource: leads[k % leads.length],
        trainerMemberId: assignedTrainer(k),
      })
      .where(eq(member.id, id));
  }

  /** Sells on `soldOn` (by default the first day), at a time of the day `memberId` picks. */
  const sell = (
    memberId: number,
    product: TicketRow,
    startDate: string,
    paid: 'full' | 'half' | 'none' | 'split',
    soldOn: string = startDate,
  ) => {
    const price = product.salePrice;
    const payments =
      paid === 'full'
        ? [{ method: 'CARD' as const, amount: price }]
        : paid === 'split'
          ? [
              { method: 'CARD' as const, amount: Math.floor(price / 2) },
              { method: 'CASH' as const, amount: price - Math.floor(price / 2) },
            ]
          : paid === 'half'
            ? [{ method: 'TRANSFER' as const, amount: Math.floor(price / 2) }]
            : [];
    return sellPass(tx, on(soldOn, memberId), {
      gymId,
      memberId,
      ticketId: product.id,
      startDate,
      payments,
      // The demo's balances are chosen, as the desk chooses them (docs/rules.md#leave-unpaid).
      leaveUnpaid: price - payments.reduce((s, p) => s + p.amount, 0),
      soldByMemberId: null,
    });
  };

  // Each customer's sale on its own day, spread over the months (docs/rules.md#demo-money); `d(n)` is n days ago.
  const d = (n: number) => addDays(today, -n);
  /** What this seed took on each day, so that no day takes more than a busy day does (DEMO_DAY_BUDGET). */
  const took = new Map<string, number>();
  /**
   * The day `n` days ago, or the nearest one from `lo` to `hi` days ago on which `amount` more keeps within the
   * day's budget; it is booked.
   */
  const slot = (n: number, lo: number, hi: number, amount: number) => {
    const month = (x: number) =>
      [...took].filter(([day]) => day.slice(0, 7) === d(x).slice(0, 7)).reduce((sum, [, v]) => sum + v, 0);
    const fits = (x: number, monthly: boolean) =>
      (took.get(d(x)) ?? 0) + amount <= DEMO_DAY_BUDGET && (!monthly || month(x) + amount <= 10_000_000);
    let chosen = n;
    search: for (const monthly of [true, false])
      for (let step = 0; step <= hi - lo; step += 1) {
        const fit = [n + step, n - step].find((x) => x >= lo && x <= hi && fits(x, monthly));
        if (fit !== undefined) {
          chosen = fit;
          break search;
        }
      }
    took.set(d(chosen), (took.get(d(chosen)) ?? 0) + amount);
    return d(chosen);
  };
  /** A later act on a pass sold on `soldOn`: `after` days on, but not after today. */
  const later = (soldOn: string, after: number, k: number) =>
    on(soldOn < d(after) ? addDays(soldOn, after) : today, k);
  for (const [k, id] of ids.entries()) {
    switch (k % 12) {
      case 0: // a new lead without a pass yet
        break;
      case 1: // expired a month or two ago
        await sell(id, month3, slot(100 + ((k * 7) % 50), 100, 149, month3.salePrice), 'full');
        break;
      case 2: // ends this week
        await sell(id, month1, slot(23 + (k % 4), 23, 26, month1.salePrice), 'full');
        break;
      case 3:
        await sell(id, month6, slot(3 + ((k * 13) % 170), 3, 172, month6.salePrice), 'full');
        break;
      case 4:
        await sell(id, year1, slot(k % 200, 2, 170, year1.salePrice), 'split');
        break;
      case 5: {
        // PT with sessions used; every fifth has 2 left
        const soldOn = slot(30 + ((k * 11) % 140), 30, 169, pt20.salePrice);
        const pass = await sell(id, pt20, soldOn, 'full');
        await consumeSessions(tx, later(soldOn, 28, k), pass, {
          sessions: k % 5 === 0 ? 18 : 6 + (k % 9),
          note: 'PT 수업',
          kind: 'ATTEND',
        });
        break;
      }
      case 6: // half paid: unpaid
        await sell(id, month3, slot(4 + ((k * 7) % 40), 4, 43, month3.salePrice / 2), 'half');
        break;
      case 7: {
        // on hold from today
        const pass = await sell(id, month3, slot(10 + ((k * 7) % 60), 10, 69, month3.salePrice), 'full');
        await holdPass(tx, on(today, k), pass, {
          startDate: today,
          endDate: addDays(today, 13),
          reason: '출장',
        });
        break;
      }
      case 8: {
        const soldOn = slot(5 + ((k * 7) % 80), 5, 84, mixed.salePrice);
        const pass = await sell(id, mixed, soldOn, 'split');
        await consumeSessions(tx, later(soldOn, 4, k), pass, {
          sessions: 4,
          note: 'PT 수업',
          kind: 'ATTEND',
        });
        break;
      }
      case 9: {
        // paid later: unpaid at first, collected in part
        const soldOn = slot(4 + ((k * 3 + Math.floor(k / 12)) % 30), 4, 33, 0);
        const pass = await sell(id, pt10, soldOn, 'none');
        const collected = later(soldOn, 3, k);
        await collectPayment(tx, collected, pass, [{ method: 'CARD', amount: 300_000 }]);
        const on3 = seoulToday(collected.now);
        took.set(on3, (took.get(on3) ?? 0) + 300_000);
        break;
      }
      case 10: // expiring this month, renewal sold to start after it
        {
          await sell(id, month1, slot(20 + (k % 5), 20, 24, month1.salePrice), 'full');
          await sell(id, month1, addDays(today, 11), 'none', d(k % 4));
        }
        break;
      case 11:
        await sell(id, pt30, slot(2 + ((k * 17) % 160), 2, 161, pt30.salePrice), 'full');
        break;
    }
  }

  // Refunds (one by the member's choice, one by the facility's fault) and a transfer.
  const refundA = await sell(ids[13]!, month6, slot(30, 28, 34, month6.salePrice), 'full');
  await refundPass(tx, on(d(12), 13), refundA, { fault: 'MEMBER', method: 'CARD', note: '이사' });
  const refundB = await sell(ids[25]!, pt10, slot(14, 13, 16, pt10.salePrice), 'full');
  await consumeSessions(tx, on(d(10), 25), refundB, { sessions: 3, note: 'PT 수업', kind: 'ATTEND' });
  await refundPass(tx, on(d(7), 25), refundB, {
    fault: 'BUSINESS',
    method: 'TRANSFER',
    note: '담당 트레이너 퇴사',
  });
  // Bought after the 3 months it had ran out (case 1), and given away a week later.
  const given = await sell(ids[37]!, month6, slot(14, 13, 15, month6.salePrice), 'full');
  await transferPass(tx, on(d(7), 37), given, {
    toMemberId: ids[24]!,
    payments: [{ method: 'CASH', amount: 20_000 }],
  });

  // No one bought a pass before they registered: an earlier first sale moves the registration back to its day.
  const firstSales = await tx
    .select({ memberId: sale.memberId, at: min(sale.createDate) })
    .from(sale)
    .where(eq(sale.gymId, gymId))
    .groupBy(sale.memberId);
  for (const row of firstSales) {
    if (!row.at) continue;
    const day = seoulToday(new Date(row.at));
    await tx
      .update(member)
      .set({ registeredOn: day, createDate: new Date(`${day}T01:00:00Z`) })
      .where(and(eq(member.id, row.memberId), gt(member.registeredOn, day)));
  }

  await addMemo(tx, actor, gymId, ids[1]!, '재등록 상담 예정: 다음 주 화요일 저녁');
  await addMemo(tx, actor, gymId, ids[5]!, '무릎 부상 이력, 하체 운동 주의');

  // One product that stopped selling and one that sells from next month (after the sales above).
  await tx.update(ticket).set({ saleState: 'INACTIVE' }).where(eq(ticket.id, pt10.id));
  await tx.insert(ticket).values({
    gymId,
    name: '여름 특가 2개월',
    periodAmount: 2,
    periodUnit: 'MONTH',
    originPrice: 220_000,
    salePrice: 180_000,
    saleStartDate: addDays(today, 30),
    saleEndDate: addDays(today, 90),
    color: '#d4380d',
    createDate: now,
    modifiedDate: now,
  });
};
