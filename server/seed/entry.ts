import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { seoulInstant } from '#domain/rules/schedule.ts';
import { addDays, seoulToday } from '#domain/rules/seoul-time.ts';
import type { Executor } from '../db/client.ts';
import { locker, member } from '../db/schema/index.ts';
import type { Actor } from '../kernel/actor.ts';
import { customerChanged } from '../kernel/customer-summary.ts';
import { checkInMember, overrideEntry } from '../modules/entry/check-in.commands.ts';
import { saveEntrySettings } from '../modules/entry/entry.commands.ts';
import { createBank, createRoom, updateLocker } from '../modules/locker/locker.commands.ts';
import { endRental, rentLocker } from '../modules/locker/rental.commands.ts';

// The demo facility's check-in and lockers (README's demo table; docs/rules.md#check-in, docs/rules.md#lockers):
// a week of entries at the times people come (allowed, refused for a hold, an expiry or used-up sessions, two let
// in by staff), two locker rooms of 60 lockers each with rentals in every state (in use, ending this week, expired
// and not returned, returned, and broken lockers), and the customers' membership cards. Everything goes through the
// services staff use; entries at the time they happened, so the log, the ledger and the last visits agree.

type People = { owner: number; staff: number };

/** A small fixed pseudo-random sequence, so the demo is the same on every machine. */
const sequence = (seed: number) => {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
};

const METHODS = ['QR', 'CARD', 'PHONE', 'CARD', 'QR', 'PHONE', 'MANUAL'] as const;
/** When people come: early before work, at lunch, most in the evening. */
const HOURS = [6, 6, 7, 7, 8, 12, 12, 13, 18, 18, 19, 19, 19, 20, 20, 21, 21, 22];

/**
 * Membership cards (docs/rules.md#card-numbers; README's demo table): FD-0001, FD-0002 and on, in the order the
 * customers on the books were registered, with no gaps. Run last, after every seed that registers customers (the
 * money history's walk-ins too), so every customer has one: a card number was once the member's id, which left
 * gaps and skipped the customers registered later (issue 27 item 11).
 */
export const seedCardNumbers = async (tx: Executor, gymId: number) => {
  await tx.execute(sql`
    update ${member} set card_number = 'FD-' || lpad(numbered.n::text, 4, '0')
    from (
      select id, row_number() over (order by id) as n
      from ${member}
      where owner_gym_id = ${gymId} and erased_at is null and status <> 'QUIT'
    ) as numbered
    where ${member.id} = numbered.id and ${member.cardNumber} is null`);
};

export const seedCheckIn = async (tx: Executor, gymId: number, people: People, now: Date) => {
  const actor: Actor = { memberId: people.owner, requestId: null, now };
  const today = seoulToday(now);
  const random = sequence(20_261_125);

  await saveEntrySettings(tx, actor, gymId, {
    blockUnpaid: true,
    maxLockersPerCustomer: 1,
    lockerReminderDays: [7, 1],
  });

  const customers = await tx
    .select({ id: member.id, name: member.name, passEndDate: member.passEndDate })
    .from(member)
    .where(and(eq(member.ownerGymId, gymId), isNull(member.erasedAt), eq(member.status, 'ACTIVE')))
    .orderBy(asc(member.id));
  // A week of entries, the oldest first.
  let overrides = 0;
  const notes = ['오늘 재등록 상담 예정이라 입장 허용', '결제 단말기 오류로 내일 결제 약속'];
  for (let back = 6; back >= 0; back -= 1) {
    const day = addDays(today, -back);
    // Members in force come often; a few whose pass has ended still try the door.
    const visits = customers
      .filter((c) => random() < (c.passEndDate !== null && c.passEndDate >= day ? 0.3 : 0.04))
      .map((c) => {
        const hour = HOURS[Math.floor(random() * HOURS.length)]!;
        const minute = Math.floor(random() * 60);
        return {
          c,
          at: seoulInstant(day, `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`),
        };
      })
      // Today only up to now.
      .filter((v) => v.at.getTime() <= now.getTime() - 60_000)
      .sort((a, b) => a.at.getTime() - b.at.getTime());
    for (const { c, at } of visits) {
      const method = METHODS[Math.floor(random() * METHODS.length)]!;
      const answer = await checkInMember(
        tx,
        { ...actor, memberId: method === 'MANUAL' ? people.staff : null, now: at },
        {
          gymId,
          memberId: c.id,
          method,
        },
      );
      // In the last two days, the first two refusals are let in by the staff member a minute later, with a note.
      if (answer.outcome === 'REFUSED' && answer.entryId !== null && back <= 2 && overrides < notes.length) {
        await overrideEntry(
          tx,
          { memberId: people.staff, requestId: null, now: new Date(at.getTime() + 60_000) },
          { gymId, entryId: answer.entryId, note: notes[overrides]!, kioskId: null },
        );
        overrides += 1;
      }
    }
  }

  // Lockers: 남자 탈의실 and 여자 탈의실, 60 each; the women's bank skips 4 (a common superstition).
  const men = await createRoom(tx, actor, gymId, { name: '남자 탈의실', sortOrder: 1 });
  const women = await createRoom(tx, actor, gymId, { name: '여자 탈의실', sortOrder: 2 });
  await createBank(tx, actor, gymId, {
    roomId: men.id,
    name: 'A열',
    rows: 4,
    cols: 10,
    startNumber: 1,
    prefix: 'M-',
    sortOrder: 1,
  });
  await createBank(tx, actor, gymId, {
    roomId: men.id,
    name: 'B열 (대형)',
    rows: 2,
    cols: 10,
    startNumber: 41,
    prefix: 'M-',
    size: 'LARGE',
    sortOrder: 2,
  });
  await createBank(tx, actor, gymId, {
    roomId: women.id,
    name: 'A열',
    rows: 5,
    cols: 12,
    startNumber: 1,
    prefix: 'W-',
    skipNumbers: [4, 44],
    sortOrder: 1,
  });
  const lockers = await tx
    .select({ id: locker.id, label: locker.label })
    .from(locker)
    .where(eq(locker.gymId, gymId))
    .orderBy(asc(locker.id));

  // Rentals: who rents which locker, and until when (relative to today).
  const month = (start: string) => addDays(start, 29);
  const plans: { start: string; end: string; ended?: 'returned' | 'kept' }[] = [];
  for (let i = 0; i < 74; i += 1) {
    if (i < 8) {
      // Ending this week.
      const end = addDays(today, i % 7);
      plans.push({ start: addDays(end, -29), end });
    } else if (i < 14) {
      // Expired, not returned: ended 1 to 20 days ago.
      const end = addDays(today, -1 - (i - 8) * 4);
      plans.push({ start: addDays(end, -89), end });
    } else if (i < 18) {
      // Returned earlier (the lockers are free again).
      const start = addDays(today, -70 - i);
      plans.push({ start, end: month(start), ended: i % 2 === 0 ? 'returned' : 'kept' });
    } else {
      // In use: a month, three months or six months, started within the last weeks.
      const start = addDays(today, -Math.floor(random() * 25));
      const length = [29, 89, 179][i % 3]!;
      plans.push({ start, end: addDays(start, length) });
    }
  }
  const renters = customers.slice(0, plans.length);
  for (const [i, plan] of plans.entries()) {
    const renter = renters[i];
    const place = lockers[(i * 7) % lockers.length];
    if (!renter || !place) break;
    const months = Math.max(
      1,
      Math.round((Date.parse(plan.end) - Date.parse(plan.start)) / (30 * 86_400_000)),
    );
    const fee = 10_000 * months;
    const deposit = i % 3 === 0 ? 10_000 : 0;
    const paid =
      i % 9 === 4 ? [] : [{ method: i % 2 ? ('CARD' as const) : ('CASH' as const), amount: fee + deposit }];
    {
      // Rented on its first day and ended on its last (docs/rules.md#demo-money: nothing is dated the day the demo
      // is made unless it happened that day).
      const day = (d: string, k: number) => {
        const instant = seoulInstant(
          d,
          `${String(10 + (k % 10)).padStart(2, '0')}:${String((k * 13) % 60).padStart(2, '0')}`,
        );
        return { ...actor, now: new Date(Math.min(instant.getTime(), now.getTime() - 60_000)) };
      };
      const { id } = await rentLocker(tx, day(plan.start, i), {
        gymId,
        lockerId: place.id,
        memberId: renter.id,
        startDate: plan.start,
        endDate: plan.end,
        fee,
        deposit,
        keyNumber: i % 4 === 0 ? null : `K${place.label.replace(/\D/g, '')}`,
        combination: i % 4 === 0 ? String(1000 + ((i * 37) % 9000)) : null,
        payments: paid,
        leaveUnpaid: fee + deposit - paid.reduce((s, p) => s + p.amount, 0),
      });
      if (plan.ended === 'returned') {
        await endRental(tx, day(plan.end, i + 3), gymId, id, {
          keyReturned: true,
          depositRefunded: deposit,
          refundMethod: 'CASH',
        });
      } else if (plan.ended === 'kept') {
        await endRental(tx, day(plan.end, i + 3), gymId, id, {
          keyReturned: false,
          depositRefunded: 0,
          depositKeptReason: deposit > 0 ? '열쇠 분실로 보증금 차감' : null,
        });
      }
    }
  }
  // Broken lockers: two free ones and one rented.
  const free = await tx
    .select({ id: locker.id })
    .from(locker)
    .where(
      and(
        eq(locker.gymId, gymId),
        sql`not exists (select 1 from locker_rental r where r.locker_id = ${locker.id} and r.status = 'ACTIVE')`,
      ),
    )
    .orderBy(asc(locker.id))
    .limit(30);
  for (const [i, note] of [
    [5, '자물쇠 고장: 수리 요청함'],
    [17, '문짝 경첩 파손'],
  ] as const) {
    const target = free[i];
    if (target) await updateLocker(tx, actor, gymId, target.id, { broken: true, brokenNote: note });
  }

  // Entries and rentals wrote the summaries at their own times; today's view is rebuilt once at the end.
  for (const c of customers) await customerChanged(tx, c.id, today);
};
